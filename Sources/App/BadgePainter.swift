// Turns badge poses into the frame's mesh: home circles and bridges first, badges on top.

import Geometry
import Motion

/// Builds the Bézier-mode mesh of a set of held or resting badges, reusing its storage.
public struct BadgePainter: Sendable {
    public private(set) var builder = MeshBuilder()

    public init() {}

    public var mesh: Mesh { builder.mesh }

    /// Replaces the mesh with `poses` drawn at `scale` device pixels per logical pixel.
    /// The last pose is drawn topmost (the dragged badge goes last).
    public mutating func paint(_ poses: [BadgePose], parameters: Parameters, scale: Double) {
        builder.reset()
        let feather = 1 / scale
        let tolerance = parameters.flatness / scale
        for pose in poses where pose.attached {
            builder.addCircle(center: pose.home, radius: pose.homeRadius, color: parameters.color, feather: feather)
            if let bridge = Bridge(
                home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
                parameters: parameters.bridge, maxDistance: parameters.badge.maxDistance)
            {
                builder.addBridge(bridge, color: parameters.color, tolerance: tolerance, feather: feather)
            }
        }
        for pose in poses {
            builder.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: feather)
        }
    }
}
