// The immutable description of one picture: everything Render needs, nothing it must compute.

import Geometry
import Imaging

/// One picture to draw: the canvas, its background and the shapes' mesh.
public struct Frame: Sendable {
    /// Canvas size in scene units (logical pixels).
    public var width: Double
    public var height: Double
    /// Device pixels per scene unit.
    public var scale: Double
    public var background: Color
    /// The shapes, in drawing order.
    public var mesh: Mesh
    /// The glyph atlas the mesh's glyph quads sample, if any.
    public var atlas: AlphaImage?

    public init(width: Double, height: Double, scale: Double, background: Color, mesh: Mesh, atlas: AlphaImage? = nil) {
        self.atlas = atlas
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.mesh = mesh
    }
}
