// The one thin layer every GL call goes through: libepoxy's entry points with Swift types.

@preconcurrency import CEpoxy
import Foundation

/// Errors from the GL layer, each naming what failed.
public enum RenderError: Error, CustomStringConvertible, Sendable {
    /// A shader stage did not compile: the file and the driver's log.
    case compile(file: String, log: String)
    /// A program did not link: its files and the driver's log.
    case link(files: [String], log: String)
    /// A shader file is not known (neither embedded nor in the reload folder).
    case missingShader(String)
    /// An offscreen framebuffer could not be completed.
    case framebuffer(status: UInt32, width: Int, height: Int)
    /// glGetError reported an error after `stage`.
    case gl(code: UInt32, stage: String)
    /// The context is older than OpenGL 3.3.
    case version(String)

    public var description: String {
        switch self {
        case .compile(let file, let log): "shader \(file) did not compile: \(GL.oneLine(log))"
        case .link(let files, let log): "shaders \(files.joined(separator: " + ")) did not link: \(GL.oneLine(log))"
        case .missingShader(let name): "no shader named \(name)"
        case .framebuffer(let status, let width, let height):
            "cannot make a \(width)x\(height) framebuffer (status 0x\(String(status, radix: 16)))"
        case .gl(let code, let stage): "OpenGL error 0x\(String(code, radix: 16)) after \(stage)"
        case .version(let found): "OpenGL 3.3 or newer is needed, the driver offers \(found)"
        }
    }
}

/// Swift-typed wrappers over the GL functions sticky uses; constants converted once.
public enum GL {
    /// Debug builds: the driver's KHR_debug messages of high and medium severity (errors,
    /// undefined behaviour, performance traps) go to stderr as they happen, with what caused
    /// them. Release builds leave the driver alone.
    static func installDebugOutput() {
        #if DEBUG
        guard epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_KHR_debug") else { return }
        epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT))
        epoxy_glDebugMessageCallback({ _, type, _, severity, length, message, _ in
            guard severity == GLenum(GL_DEBUG_SEVERITY_HIGH) || severity == GLenum(GL_DEBUG_SEVERITY_MEDIUM),
                  let message else { return }
            let text = length >= 0
                ? String(decoding: UnsafeRawBufferPointer(start: message, count: Int(length)), as: UTF8.self)
                : String(cString: message)
            let kind = type == GLenum(GL_DEBUG_TYPE_ERROR) ? "error" : "warning"
            FileHandle.standardError.write(Data("sticky: OpenGL debug \(kind): \(GL.oneLine(text))\n".utf8))
        }, nil)
        #endif
    }

    public static let triangles = GLenum(GL_TRIANGLES)
    public static let arrayBuffer = GLenum(GL_ARRAY_BUFFER)
    public static let elementArrayBuffer = GLenum(GL_ELEMENT_ARRAY_BUFFER)
    public static let dynamicDraw = GLenum(GL_DYNAMIC_DRAW)
    public static let float = GLenum(GL_FLOAT)
    public static let unsignedByte = GLenum(GL_UNSIGNED_BYTE)
    public static let unsignedInt = GLenum(GL_UNSIGNED_INT)
    public static let framebuffer = GLenum(GL_FRAMEBUFFER)
    public static let renderbuffer = GLenum(GL_RENDERBUFFER)
    public static let rgba8 = GLenum(GL_RGBA8)
    public static let rgba = GLenum(GL_RGBA)
    public static let colorAttachment0 = GLenum(GL_COLOR_ATTACHMENT0)
    public static let framebufferComplete = GLenum(GL_FRAMEBUFFER_COMPLETE)
    public static let colorBufferBit = GLbitfield(GL_COLOR_BUFFER_BIT)
    public static let blend = GLenum(GL_BLEND)
    public static let one = GLenum(GL_ONE)
    public static let oneMinusSrcAlpha = GLenum(GL_ONE_MINUS_SRC_ALPHA)
    public static let vertexShader = GLenum(GL_VERTEX_SHADER)
    public static let fragmentShader = GLenum(GL_FRAGMENT_SHADER)
    public static let compileStatus = GLenum(GL_COMPILE_STATUS)
    public static let linkStatus = GLenum(GL_LINK_STATUS)
    public static let infoLogLength = GLenum(GL_INFO_LOG_LENGTH)
    public static let noError = GLenum(GL_NO_ERROR)
    public static let depthTest = GLenum(GL_DEPTH_TEST)
    public static let cullFace = GLenum(GL_CULL_FACE)
    public static let packAlignment = GLenum(GL_PACK_ALIGNMENT)

    /// A driver log folded onto one line, for one-line error messages.
    static func oneLine(_ log: String) -> String {
        log.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
    }

    /// The first pending GL error, or nil; drains the queue.
    public static func error() -> GLenum? {
        var first: GLenum?
        while true {
            let code = epoxy_glGetError()
            if code == noError { return first }
            if first == nil { first = code }
        }
    }

    /// Throws if GL reported an error since the last check.
    public static func check(_ stage: String) throws(RenderError) {
        if let code = error() { throw .gl(code: code, stage: stage) }
    }

    /// GL_VERSION and GL_RENDERER of the current context.
    public static var version: String { string(GLenum(GL_VERSION)) }
    public static var renderer: String { string(GLenum(GL_RENDERER)) }

    static func string(_ name: GLenum) -> String {
        guard let pointer = epoxy_glGetString(name) else { return "unknown" }
        return String(cString: pointer)
    }

    /// The context's version as (major, minor), from GL_MAJOR_VERSION/GL_MINOR_VERSION.
    public static var versionNumber: (Int, Int) {
        var major: GLint = 0, minor: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        epoxy_glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        _ = error()  // pre-3.0 contexts do not know these names
        return (Int(major), Int(minor))
    }

    /// Waits until the GPU has finished all submitted work.
    public static func finish() { epoxy_glFinish() }
}

// The OpenGL calls the renderer makes, one line each: the rest of Render calls these, never
// libepoxy, so that every GL call passes through this file (and can be traced or checked here).
extension GL {
    @inline(__always) static func getProgramInfoLog(_ program: GLuint, _ bufSize: GLsizei, _ length: UnsafeMutablePointer<GLsizei>?, _ infoLog: UnsafeMutablePointer<GLchar>?) { epoxy_glGetProgramInfoLog(program, bufSize, length, infoLog) }
    @inline(__always) static func getShaderInfoLog(_ shader: GLuint, _ bufSize: GLsizei, _ length: UnsafeMutablePointer<GLsizei>?, _ infoLog: UnsafeMutablePointer<GLchar>?) { epoxy_glGetShaderInfoLog(shader, bufSize, length, infoLog) }
    @inline(__always) static func activeTexture(_ texture: GLenum) { epoxy_glActiveTexture(texture) }
    @inline(__always) static func attachShader(_ program: GLuint, _ shader: GLuint) { epoxy_glAttachShader(program, shader) }
    @inline(__always) static func bindBuffer(_ target: GLenum, _ buffer: GLuint) { epoxy_glBindBuffer(target, buffer) }
    @inline(__always) static func bindFramebuffer(_ target: GLenum, _ framebuffer: GLuint) { epoxy_glBindFramebuffer(target, framebuffer) }
    @inline(__always) static func bindTexture(_ target: GLenum, _ texture: GLuint) { epoxy_glBindTexture(target, texture) }
    @inline(__always) static func bindVertexArray(_ array: GLuint) { epoxy_glBindVertexArray(array) }
    @inline(__always) static func blendFunc(_ sfactor: GLenum, _ dfactor: GLenum) { epoxy_glBlendFunc(sfactor, dfactor) }
    @inline(__always) static func bufferData(_ target: GLenum, _ size: GLsizeiptr, _ data: UnsafeRawPointer!, _ usage: GLenum) { epoxy_glBufferData(target, size, data, usage) }
    @inline(__always) static func bufferSubData(_ target: GLenum, _ offset: GLintptr, _ size: GLsizeiptr, _ data: UnsafeRawPointer!) { epoxy_glBufferSubData(target, offset, size, data) }
    @inline(__always) static func checkFramebufferStatus(_ target: GLenum) -> GLenum { epoxy_glCheckFramebufferStatus(target) }
    @inline(__always) static func clear(_ mask: GLbitfield) { epoxy_glClear(mask) }
    @inline(__always) static func clearColor(_ red: GLfloat, _ green: GLfloat, _ blue: GLfloat, _ alpha: GLfloat) { epoxy_glClearColor(red, green, blue, alpha) }
    @inline(__always) static func compileShader(_ shader: GLuint) { epoxy_glCompileShader(shader) }
    @inline(__always) static func createProgram() -> GLuint { epoxy_glCreateProgram() }
    @inline(__always) static func createShader(_ type: GLenum) -> GLuint { epoxy_glCreateShader(type) }
    @inline(__always) static func deleteBuffers(_ n: GLsizei, _ buffers: UnsafePointer<GLuint>!) { epoxy_glDeleteBuffers(n, buffers) }
    @inline(__always) static func deleteFramebuffers(_ n: GLsizei, _ framebuffers: UnsafePointer<GLuint>!) { epoxy_glDeleteFramebuffers(n, framebuffers) }
    @inline(__always) static func deleteProgram(_ program: GLuint) { epoxy_glDeleteProgram(program) }
    @inline(__always) static func deleteShader(_ shader: GLuint) { epoxy_glDeleteShader(shader) }
    @inline(__always) static func deleteTextures(_ n: GLsizei, _ textures: UnsafePointer<GLuint>!) { epoxy_glDeleteTextures(n, textures) }
    @inline(__always) static func deleteVertexArrays(_ n: GLsizei, _ arrays: UnsafePointer<GLuint>!) { epoxy_glDeleteVertexArrays(n, arrays) }
    @inline(__always) static func disable(_ cap: GLenum) { epoxy_glDisable(cap) }
    @inline(__always) static func drawArrays(_ mode: GLenum, _ first: GLint, _ count: GLsizei) { epoxy_glDrawArrays(mode, first, count) }
    @inline(__always) static func drawElements(_ mode: GLenum, _ count: GLsizei, _ type: GLenum, _ indices: UnsafeRawPointer!) { epoxy_glDrawElements(mode, count, type, indices) }
    @inline(__always) static func enable(_ cap: GLenum) { epoxy_glEnable(cap) }
    @inline(__always) static func enableVertexAttribArray(_ index: GLuint) { epoxy_glEnableVertexAttribArray(index) }
    @inline(__always) static func framebufferTexture2D(_ target: GLenum, _ attachment: GLenum, _ textarget: GLenum, _ texture: GLuint, _ level: GLint) { epoxy_glFramebufferTexture2D(target, attachment, textarget, texture, level) }
    @inline(__always) static func genBuffers(_ n: GLsizei, _ buffers: UnsafeMutablePointer<GLuint>!) { epoxy_glGenBuffers(n, buffers) }
    @inline(__always) static func genFramebuffers(_ n: GLsizei, _ framebuffers: UnsafeMutablePointer<GLuint>!) { epoxy_glGenFramebuffers(n, framebuffers) }
    @inline(__always) static func genTextures(_ n: GLsizei, _ textures: UnsafeMutablePointer<GLuint>!) { epoxy_glGenTextures(n, textures) }
    @inline(__always) static func genVertexArrays(_ n: GLsizei, _ arrays: UnsafeMutablePointer<GLuint>!) { epoxy_glGenVertexArrays(n, arrays) }
    @inline(__always) static func getIntegerv(_ pname: GLenum, _ data: UnsafeMutablePointer<GLint>!) { epoxy_glGetIntegerv(pname, data) }
    @inline(__always) static func getProgramiv(_ program: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>!) { epoxy_glGetProgramiv(program, pname, params) }
    @inline(__always) static func getShaderiv(_ shader: GLuint, _ pname: GLenum, _ params: UnsafeMutablePointer<GLint>!) { epoxy_glGetShaderiv(shader, pname, params) }
    @inline(__always) static func getUniformLocation(_ program: GLuint, _ name: UnsafePointer<GLchar>!) -> GLint { epoxy_glGetUniformLocation(program, name) }
    @inline(__always) static func linkProgram(_ program: GLuint) { epoxy_glLinkProgram(program) }
    @inline(__always) static func pixelStorei(_ pname: GLenum, _ param: GLint) { epoxy_glPixelStorei(pname, param) }
    @inline(__always) static func readBuffer(_ src: GLenum) { epoxy_glReadBuffer(src) }
    @inline(__always) static func readPixels(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeMutableRawPointer!) { epoxy_glReadPixels(x, y, width, height, format, type, pixels) }
    @inline(__always) static func shaderSource(_ shader: GLuint, _ count: GLsizei, _ string: UnsafePointer<UnsafePointer<GLchar>?>!, _ length: UnsafePointer<GLint>!) { epoxy_glShaderSource(shader, count, string, length) }
    @inline(__always) static func texImage2D(_ target: GLenum, _ level: GLint, _ internalformat: GLint, _ width: GLsizei, _ height: GLsizei, _ border: GLint, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) { epoxy_glTexImage2D(target, level, internalformat, width, height, border, format, type, pixels) }
    @inline(__always) static func texParameteri(_ target: GLenum, _ pname: GLenum, _ param: GLint) { epoxy_glTexParameteri(target, pname, param) }
    @inline(__always) static func texSubImage2D(_ target: GLenum, _ level: GLint, _ xoffset: GLint, _ yoffset: GLint, _ width: GLsizei, _ height: GLsizei, _ format: GLenum, _ type: GLenum, _ pixels: UnsafeRawPointer!) { epoxy_glTexSubImage2D(target, level, xoffset, yoffset, width, height, format, type, pixels) }
    @inline(__always) static func bindBufferRange(_ target: GLenum, _ index: GLuint, _ buffer: GLuint, _ offset: GLintptr, _ size: GLsizeiptr) { epoxy_glBindBufferRange(target, index, buffer, offset, size) }
    @inline(__always) static func getUniformBlockIndex(_ program: GLuint, _ name: UnsafePointer<GLchar>!) -> GLuint { epoxy_glGetUniformBlockIndex(program, name) }
    @inline(__always) static func uniformBlockBinding(_ program: GLuint, _ index: GLuint, _ binding: GLuint) { epoxy_glUniformBlockBinding(program, index, binding) }
    @inline(__always) static func uniform1f(_ location: GLint, _ v0: GLfloat) { epoxy_glUniform1f(location, v0) }
    @inline(__always) static func uniform1i(_ location: GLint, _ v0: GLint) { epoxy_glUniform1i(location, v0) }
    @inline(__always) static func uniform2f(_ location: GLint, _ v0: GLfloat, _ v1: GLfloat) { epoxy_glUniform2f(location, v0, v1) }
    @inline(__always) static func uniform4f(_ location: GLint, _ v0: GLfloat, _ v1: GLfloat, _ v2: GLfloat, _ v3: GLfloat) { epoxy_glUniform4f(location, v0, v1, v2, v3) }
    @inline(__always) static func uniform4fv(_ location: GLint, _ count: GLsizei, _ value: UnsafePointer<GLfloat>!) { epoxy_glUniform4fv(location, count, value) }
    @inline(__always) static func useProgram(_ program: GLuint) { epoxy_glUseProgram(program) }
    @inline(__always) static func vertexAttribPointer(_ index: GLuint, _ size: GLint, _ type: GLenum, _ normalized: GLboolean, _ stride: GLsizei, _ pointer: UnsafeRawPointer!) { epoxy_glVertexAttribPointer(index, size, type, normalized, stride, pointer) }
    @inline(__always) static func viewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) { epoxy_glViewport(x, y, width, height) }
}
