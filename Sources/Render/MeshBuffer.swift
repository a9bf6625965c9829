// GPU buffers holding one Mesh, grown by doubling and refilled each frame.

@preconcurrency import CEpoxy
import Geometry

/// A vertex array with its vertex and index buffers, laid out as `Vertex`.
final class MeshBuffer {
    private var vertexArray: GLuint = 0
    private var vertexBuffer: GLuint = 0
    private var indexBuffer: GLuint = 0
    private var vertexCapacity = 0
    private var indexCapacity = 0
    private(set) var indexCount = 0

    init() {
        GL.genVertexArrays(1, &vertexArray)
        GL.genBuffers(1, &vertexBuffer)
        GL.genBuffers(1, &indexBuffer)
        GL.bindVertexArray(vertexArray)
        GL.bindBuffer(GL.arrayBuffer, vertexBuffer)
        GL.bindBuffer(GL.elementArrayBuffer, indexBuffer)
        let stride = GLsizei(MemoryLayout<Vertex>.stride)
        func attribute(_ index: GLuint, _ count: GLint, _ type: GLenum, normalized: Bool, _ field: PartialKeyPath<Vertex>) {
            let offset = MemoryLayout<Vertex>.offset(of: field)!
            GL.enableVertexAttribArray(index)
            GL.vertexAttribPointer(
                index, count, type, GLboolean(normalized ? GL_TRUE : GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        attribute(0, 2, GL.float, normalized: false, \Vertex.x)
        attribute(1, 2, GL.float, normalized: false, \Vertex.localX)
        attribute(2, 1, GL.float, normalized: false, \Vertex.radius)
        attribute(3, 1, GL.float, normalized: false, \Vertex.alpha)
        attribute(4, 4, GL.unsignedByte, normalized: true, \Vertex.color)
        GL.bindVertexArray(0)
    }

    /// Copies the mesh in, growing the buffers (by doubling) only when it no longer fits.
    func upload(_ mesh: Mesh) {
        indexCount = mesh.indices.count
        guard indexCount > 0 else { return }
        let vertexBytes = mesh.vertices.count * MemoryLayout<Vertex>.stride
        let indexBytes = mesh.indices.count * MemoryLayout<UInt32>.stride
        GL.bindVertexArray(vertexArray)
        GL.bindBuffer(GL.arrayBuffer, vertexBuffer)
        if vertexBytes > vertexCapacity {
            vertexCapacity = max(vertexBytes, 2 * vertexCapacity, 64 * 1024)
            GL.bufferData(GL.arrayBuffer, GLsizeiptr(vertexCapacity), nil, GL.dynamicDraw)
        }
        mesh.vertices.withUnsafeBytes { GL.bufferSubData(GL.arrayBuffer, 0, GLsizeiptr(vertexBytes), $0.baseAddress) }
        if indexBytes > indexCapacity {
            indexCapacity = max(indexBytes, 2 * indexCapacity, 64 * 1024)
            GL.bufferData(GL.elementArrayBuffer, GLsizeiptr(indexCapacity), nil, GL.dynamicDraw)
        }
        mesh.indices.withUnsafeBytes { GL.bufferSubData(GL.elementArrayBuffer, 0, GLsizeiptr(indexBytes), $0.baseAddress) }
        GL.bindVertexArray(0)
    }

    /// Draws what was uploaded last, with whatever program is in use.
    func draw() {
        guard indexCount > 0 else { return }
        GL.bindVertexArray(vertexArray)
        GL.drawElements(GL.triangles, GLsizei(indexCount), GL.unsignedInt, nil)
        GL.bindVertexArray(0)
    }

    func destroy() {
        if vertexArray != 0 { GL.deleteVertexArrays(1, &vertexArray) }
        if vertexBuffer != 0 { GL.deleteBuffers(1, &vertexBuffer) }
        if indexBuffer != 0 { GL.deleteBuffers(1, &indexBuffer) }
        vertexArray = 0
        vertexBuffer = 0
        indexBuffer = 0
    }
}
