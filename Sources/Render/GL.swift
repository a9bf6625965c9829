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
