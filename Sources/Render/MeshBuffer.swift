// GPU buffers holding one mesh of some vertex layout, grown by doubling and refilled each frame.

@preconcurrency import CEpoxy
import Geometry

/// A vertex type the buffers can hold: it names its attributes.
protocol VertexLayout {
    /// Calls `attribute(index, components, type, normalized, byte offset)` for each attribute.
    static func attributes(_ attribute: (GLuint, GLint, GLenum, Bool, Int) -> Void)
}

extension Vertex: VertexLayout {
    static func attributes(_ attribute: (GLuint, GLint, GLenum, Bool, Int) -> Void) {
        attribute(0, 2, GL.float, false, MemoryLayout<Vertex>.offset(of: \Vertex.x)!)
        attribute(1, 2, GL.float, false, MemoryLayout<Vertex>.offset(of: \Vertex.localX)!)
        attribute(2, 1, GL.float, false, MemoryLayout<Vertex>.offset(of: \Vertex.radius)!)
        attribute(3, 1, GL.float, false, MemoryLayout<Vertex>.offset(of: \Vertex.alpha)!)
        attribute(4, 4, GL.unsignedByte, true, MemoryLayout<Vertex>.offset(of: \Vertex.color)!)
    }
}

/// A corner of a metaball tile: its place, its run of balls (first −1: wholly inside, drawn flat), its
/// centre and the left-out balls' field about it: value, gradient, Hessian (see
/// Shaders/metaball.vert).
struct FieldVertex: VertexLayout {
    var x, y: Float
    var first, count: Float
    var centerX, centerY: Float
    var value, gradientX, gradientY: Float
    var xx, xy, yy: Float

    static func attributes(_ attribute: (GLuint, GLint, GLenum, Bool, Int) -> Void) {
        attribute(0, 2, GL.float, false, MemoryLayout<FieldVertex>.offset(of: \FieldVertex.x)!)
        attribute(1, 2, GL.float, false, MemoryLayout<FieldVertex>.offset(of: \FieldVertex.first)!)
        attribute(2, 2, GL.float, false, MemoryLayout<FieldVertex>.offset(of: \FieldVertex.centerX)!)
        attribute(3, 3, GL.float, false, MemoryLayout<FieldVertex>.offset(of: \FieldVertex.value)!)
        attribute(4, 3, GL.float, false, MemoryLayout<FieldVertex>.offset(of: \FieldVertex.xx)!)
    }
}

typealias MeshBuffer = VertexBuffer<Vertex>

/// A vertex array with its vertex and index buffers, laid out as `V`.
final class VertexBuffer<V: VertexLayout> {
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
        let stride = GLsizei(MemoryLayout<V>.stride)
        V.attributes { index, count, type, normalized, offset in
            GL.enableVertexAttribArray(index)
            GL.vertexAttribPointer(
                index, count, type, GLboolean(normalized ? GL_TRUE : GL_FALSE), stride, UnsafeRawPointer(bitPattern: offset))
        }
        GL.bindVertexArray(0)
    }

    /// Copies the mesh in, growing the buffers (by doubling) only when it no longer fits.
    func upload(vertices: [V], indices: [UInt32]) {
        indexCount = indices.count
        guard indexCount > 0 else { return }
        let vertexBytes = vertices.count * MemoryLayout<V>.stride
        let indexBytes = indices.count * MemoryLayout<UInt32>.stride
        GL.bindVertexArray(vertexArray)
        GL.bindBuffer(GL.arrayBuffer, vertexBuffer)
        if vertexBytes > vertexCapacity {
            vertexCapacity = max(vertexBytes, 2 * vertexCapacity, 64 * 1024)
            GL.bufferData(GL.arrayBuffer, GLsizeiptr(vertexCapacity), nil, GL.dynamicDraw)
        }
        vertices.withUnsafeBytes { GL.bufferSubData(GL.arrayBuffer, 0, GLsizeiptr(vertexBytes), $0.baseAddress) }
        if indexBytes > indexCapacity {
            indexCapacity = max(indexBytes, 2 * indexCapacity, 64 * 1024)
            GL.bufferData(GL.elementArrayBuffer, GLsizeiptr(indexCapacity), nil, GL.dynamicDraw)
        }
        indices.withUnsafeBytes { GL.bufferSubData(GL.elementArrayBuffer, 0, GLsizeiptr(indexBytes), $0.baseAddress) }
        GL.bindVertexArray(0)
    }

    /// Copies the mesh in (see `upload(vertices:indices:)`).
    func upload(_ mesh: Mesh) where V == Vertex { upload(vertices: mesh.vertices, indices: mesh.indices) }

    /// Draws what was uploaded last, with whatever program is in use.
    func draw() { draw(indices: 0..<indexCount) }

    /// Draws the triangles of these indices of the last upload.
    func draw(indices range: Range<Int>) {
        let range = range.clamped(to: 0..<indexCount)
        guard !range.isEmpty else { return }
        GL.bindVertexArray(vertexArray)
        GL.drawElements(GL.triangles, GLsizei(range.count), GL.unsignedInt,
                        UnsafeRawPointer(bitPattern: range.lowerBound * MemoryLayout<UInt32>.stride))
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
