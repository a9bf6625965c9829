// Draws a Frame into a RenderTarget: clear, then the whole mesh in one blended draw call.

@preconcurrency import CEpoxy
import Geometry
import Imaging

/// Owns the GL objects of the fill pass. Make it, use it and `destroy()` it on one context.
public final class Renderer {
    private let fill: ShaderProgram
    private let viewportLocation: GLint
    private let pixelsPerUnitLocation: GLint
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private let atlasLocation: GLint
    private var atlasTexture: GLuint = 0
    /// The atlas version in the texture (−1: none yet).
    private var atlasVersion = -1
    private var atlasSize = (0, 0)
    private var vertexCapacity = 0
    private var indexCapacity = 0

    /// Compiles the shaders; needs a current OpenGL 3.3 core context.
    public init() throws(RenderError) {
        let (major, minor) = GL.versionNumber
        guard major > 3 || (major == 3 && minor >= 3) else { throw .version(GL.version) }
        fill = try ShaderProgram(vertex: "fill.vert", fragment: "fill.frag")
        viewportLocation = fill.uniform("u_viewport")
        pixelsPerUnitLocation = fill.uniform("u_pixelsPerUnit")
        atlasLocation = fill.uniform("u_atlas")
        epoxy_glGenTextures(1, &atlasTexture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        // A blank texel until there is an atlas, so the sampler is always complete.
        var blank: UInt8 = 0
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, 1, 1, 0, GLenum(GL_RED), GL.unsignedByte, &blank)

        epoxy_glGenVertexArrays(1, &vertexArray)
        epoxy_glGenBuffers(1, &vertexBuffer)
        epoxy_glGenBuffers(1, &indexBuffer)
        epoxy_glBindVertexArray(vertexArray)
        epoxy_glBindBuffer(GL.arrayBuffer, vertexBuffer)
        epoxy_glBindBuffer(GL.elementArrayBuffer, indexBuffer)
        let stride = GLsizei(MemoryLayout<Vertex>.stride)
        func attribute(_ index: GLuint, _ count: GLint, _ type: GLenum, normalized: Bool, _ field: PartialKeyPath<Vertex>) {
            let offset = MemoryLayout<Vertex>.offset(of: field)!
            epoxy_glEnableVertexAttribArray(index)
            epoxy_glVertexAttribPointer(
                index, count, type, GLboolean(normalized ? GL_TRUE : GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        attribute(0, 2, GL.float, normalized: false, \Vertex.x)
        attribute(1, 2, GL.float, normalized: false, \Vertex.localX)
        attribute(2, 1, GL.float, normalized: false, \Vertex.radius)
        attribute(3, 1, GL.float, normalized: false, \Vertex.alpha)
        attribute(4, 4, GL.unsignedByte, normalized: true, \Vertex.color)
        epoxy_glBindVertexArray(0)
        try GL.check("creating the fill pass")
    }

    /// Clears `target` to the frame's background and draws its mesh, scaled by `frame.scale`.
    public func draw(_ frame: Frame, into target: RenderTarget) {
        epoxy_glBindFramebuffer(GL.framebuffer, target.framebuffer)
        epoxy_glViewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        epoxy_glDisable(GL.depthTest)
        epoxy_glDisable(GL.cullFace)
        let bg = frame.background
        epoxy_glClearColor(GLfloat(bg.red), GLfloat(bg.green), GLfloat(bg.blue), GLfloat(bg.alpha))
        epoxy_glClear(GL.colorBufferBit)
        let mesh = frame.mesh
        guard !mesh.indices.isEmpty else { return }

        epoxy_glEnable(GL.blend)
        epoxy_glBlendFunc(GL.one, GL.oneMinusSrcAlpha)
        fill.use()
        epoxy_glUniform2f(viewportLocation, GLfloat(frame.width), GLfloat(frame.height))
        epoxy_glUniform1f(pixelsPerUnitLocation, GLfloat(frame.scale))
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        epoxy_glUniform1i(atlasLocation, 0)
        if let atlas = frame.atlas { upload(atlas) }
        epoxy_glBindVertexArray(vertexArray)
        upload(mesh)
        epoxy_glDrawElements(GL.triangles, GLsizei(mesh.indices.count), GL.unsignedInt, nil)
        epoxy_glBindVertexArray(0)
    }

    /// Copies the atlas into its texture when it changed since the last upload.
    private func upload(_ atlas: AlphaImage) {
        guard atlas.version != atlasVersion || atlasSize != (atlas.width, atlas.height) else { return }
        epoxy_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        atlas.pixels.withUnsafeBytes { bytes in
            if atlasSize == (atlas.width, atlas.height) {
                epoxy_glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(atlas.width), GLsizei(atlas.height),
                                      GLenum(GL_RED), GL.unsignedByte, bytes.baseAddress)
            } else {
                epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                                   GLenum(GL_RED), GL.unsignedByte, bytes.baseAddress)
            }
        }
        atlasVersion = atlas.version
        atlasSize = (atlas.width, atlas.height)
    }

    /// Copies the mesh into the buffers, growing them (by doubling) only when it no longer fits.
    private func upload(_ mesh: Mesh) {
        let vertexBytes = mesh.vertices.count * MemoryLayout<Vertex>.stride
        let indexBytes = mesh.indices.count * MemoryLayout<UInt32>.stride
        epoxy_glBindBuffer(GL.arrayBuffer, vertexBuffer)
        if vertexBytes > vertexCapacity {
            vertexCapacity = max(vertexBytes, 2 * vertexCapacity, 64 * 1024)
            epoxy_glBufferData(GL.arrayBuffer, GLsizeiptr(vertexCapacity), nil, GL.dynamicDraw)
        }
        mesh.vertices.withUnsafeBytes { epoxy_glBufferSubData(GL.arrayBuffer, 0, GLsizeiptr(vertexBytes), $0.baseAddress) }
        if indexBytes > indexCapacity {
            indexCapacity = max(indexBytes, 2 * indexCapacity, 64 * 1024)
            epoxy_glBufferData(GL.elementArrayBuffer, GLsizeiptr(indexCapacity), nil, GL.dynamicDraw)
        }
        mesh.indices.withUnsafeBytes { epoxy_glBufferSubData(GL.elementArrayBuffer, 0, GLsizeiptr(indexBytes), $0.baseAddress) }
    }

    /// Releases the GL objects; the context they were made on must be current.
    public func destroy() {
        fill.destroy()
        if vertexArray != 0 { epoxy_glDeleteVertexArrays(1, &vertexArray) }
        if vertexBuffer != 0 { epoxy_glDeleteBuffers(1, &vertexBuffer) }
        if indexBuffer != 0 { epoxy_glDeleteBuffers(1, &indexBuffer) }
        if atlasTexture != 0 { epoxy_glDeleteTextures(1, &atlasTexture) }
        atlasTexture = 0
        vertexArray = 0
        vertexBuffer = 0
        indexBuffer = 0
    }
}
