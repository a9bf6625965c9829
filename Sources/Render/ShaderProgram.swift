// A linked GLSL program built from files of the top-level Shaders/ folder.

@preconcurrency import CEpoxy
import Foundation

/// The GLSL sources: embedded at build time, or read from `STICKY_SHADER_DIR` when that is set
/// (a debug aid: edit Shaders/ and rerun without rebuilding).
public enum ShaderLibrary {
    public static func source(named name: String) throws(RenderError) -> String {
        if let folder = ProcessInfo.processInfo.environment["STICKY_SHADER_DIR"], !folder.isEmpty {
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else {
                throw .missingShader("\(name) in STICKY_SHADER_DIR=\(folder)")
            }
            return text
        }
        guard let text = EmbeddedShaders.sources[name] else { throw .missingShader(name) }
        return text
    }

    /// Names of all embedded shader files.
    public static var names: [String] { EmbeddedShaders.sources.keys.sorted() }
}

/// A program object. Release it with `destroy()` while its context is current.
public final class ShaderProgram {
    public private(set) var id: GLuint
    public let files: [String]

    /// Compiles `vertex` and `fragment` (file names in Shaders/) and links them; `defines`
    /// (e.g. ["KERNEL 1"]) are added as `#define` lines after each stage's `#version`.
    public init(vertex: String, fragment: String, defines: [String] = []) throws(RenderError) {
        files = [vertex, fragment]
        func source(_ file: String) throws(RenderError) -> String? {
            guard !defines.isEmpty else { return nil }
            var lines = try ShaderLibrary.source(named: file).components(separatedBy: "\n")
            let version = lines.firstIndex { $0.hasPrefix("#version") } ?? -1
            lines.insert(contentsOf: defines.map { "#define " + $0 }, at: version + 1)
            return lines.joined(separator: "\n")
        }
        let vs = try ShaderProgram.compile(file: vertex, stage: GL.vertexShader, source: source(vertex))
        let fs: GLuint
        do {
            fs = try ShaderProgram.compile(file: fragment, stage: GL.fragmentShader, source: source(fragment))
        } catch {
            GL.deleteShader(vs)
            throw error
        }
        let program = GL.createProgram()
        GL.attachShader(program, vs)
        GL.attachShader(program, fs)
        GL.linkProgram(program)
        GL.deleteShader(vs)
        GL.deleteShader(fs)
        var status: GLint = 0
        GL.getProgramiv(program, GL.linkStatus, &status)
        guard status != 0 else {
            let log = ShaderProgram.log(program, length: GL.getProgramiv, text: GL.getProgramInfoLog)
            GL.deleteProgram(program)
            throw .link(files: files, log: log)
        }
        id = program
    }

    /// The location of uniform `name` (−1 if the program does not use it).
    public func uniform(_ name: String) -> GLint {
        GL.getUniformLocation(id, name)
    }

    public func use() { GL.useProgram(id) }

    public func destroy() {
        if id != 0 { GL.deleteProgram(id) }
        id = 0
    }

    /// Compiles one stage from source text; `file` names it in errors.
    static func compile(file: String, stage: GLenum, source: String? = nil) throws(RenderError) -> GLuint {
        let text: String
        if let source { text = source } else { text = try ShaderLibrary.source(named: file) }
        let shader = GL.createShader(stage)
        text.withCString { pointer in
            var p: UnsafePointer<GLchar>? = pointer
            GL.shaderSource(shader, 1, &p, nil)
        }
        GL.compileShader(shader)
        var status: GLint = 0
        GL.getShaderiv(shader, GL.compileStatus, &status)
        guard status != 0 else {
            let log = ShaderProgram.log(shader, length: GL.getShaderiv, text: GL.getShaderInfoLog)
            GL.deleteShader(shader)
            throw .compile(file: file, log: log)
        }
        return shader
    }

    private static func log(
        _ object: GLuint,
        length: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        text: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var size: GLint = 0
        length(object, GL.infoLogLength, &size)
        guard size > 1 else { return "(the driver gave no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(size))
        text(object, size, nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
