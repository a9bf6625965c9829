// Turns badge states into the frame's mesh: home circles and bridges, then the badges and their
// bursts, the held badge on top of everything.

import Geometry
import Imaging
import Motion
import Typography

/// Builds the Bézier-mode mesh of the badges, reusing its storage.
public struct BadgePainter {
    public private(set) var builder = MeshBuilder()
    private var droplets: [Droplet] = []
    /// Where the counts' glyphs come from; without one, counts are not drawn.
    public var atlas: GlyphAtlas?

    public init(atlas: GlyphAtlas? = nil) {
        self.atlas = atlas
        droplets.reserveCapacity(Explosion.dropletCount)
    }

    public var mesh: Mesh { builder.mesh }

    /// The atlas picture the mesh's glyphs sample.
    public var atlasImage: AlphaImage? { atlas?.image }

    /// Replaces the mesh with `poses` drawn at `scale` device pixels per logical pixel.
    /// The last pose is drawn topmost.
    public mutating func paint(_ poses: [BadgePose], texts: [String] = [], parameters: Parameters, scale: Double) {
        builder.reset()
        for pose in poses { paintHome(pose, parameters: parameters, scale: scale) }
        for (i, pose) in poses.enumerated() {
            paintBadge(pose, text: i < texts.count ? texts[i] : "", parameters: parameters, scale: scale)
        }
    }

    /// Replaces the mesh with the board's badges, the held one on top.
    public mutating func paint(_ board: BadgeBoard, parameters: Parameters, scale: Double) {
        builder.reset()
        let shrink = parameters.motion.badge.shrink
        for badge in board.badges {
            if let pose = badge.pose(shrink: shrink) { paintHome(pose, parameters: parameters, scale: scale) }
        }
        for (i, badge) in board.badges.enumerated() where i != board.held {
            paint(badge, at: board.time, parameters: parameters, scale: scale)
        }
        if let held = board.held { paint(board.badges[held], at: board.time, parameters: parameters, scale: scale) }
    }

    private mutating func paint(_ badge: Badge, at time: Double, parameters: Parameters, scale: Double) {
        if let pose = badge.pose(shrink: parameters.motion.badge.shrink) {
            paintBadge(pose, text: badge.text, parameters: parameters, scale: scale)
        } else if let explosion = badge.explosion(duration: parameters.motion.explosionDuration) {
            let age = badge.explosionAge(at: time)
            let feather = 1 / scale
            var color = parameters.color
            if let core = explosion.core(at: age) {
                color.alpha = parameters.color.alpha * core.opacity
                builder.addCircle(center: core.center, radius: core.radius, color: color, feather: feather)
            }
            explosion.droplets(at: age, into: &droplets)
            for droplet in droplets {
                color.alpha = parameters.color.alpha * droplet.opacity
                builder.addCircle(center: droplet.center, radius: droplet.radius, color: color, feather: feather)
            }
        }
    }

    /// The home circle and the bridge, if attached.
    private mutating func paintHome(_ pose: BadgePose, parameters: Parameters, scale: Double) {
        guard pose.attached else { return }
        let feather = 1 / scale
        builder.addCircle(center: pose.home, radius: pose.homeRadius, color: parameters.color, feather: feather)
        if let bridge = BadgePainter.bridge(of: pose, parameters: parameters) {
            builder.addBridge(bridge, color: parameters.color, tolerance: parameters.flatness / scale, feather: feather)
        }
    }

    /// The badge and its count, which moves with it.
    private mutating func paintBadge(_ pose: BadgePose, text: String, parameters: Parameters, scale: Double) {
        builder.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: 1 / scale)
        if let atlas, !text.isEmpty {
            builder.addCount(text, center: pose.center, radius: pose.radius, scale: scale, color: parameters.textColor, atlas: atlas)
        }
    }

    /// The bridge drawn for a pose, if any.
    static func bridge(of pose: BadgePose, parameters: Parameters) -> Bridge? {
        guard pose.attached else { return nil }
        return Bridge(
            home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
            parameters: parameters.bridge, maxDistance: parameters.motion.badge.maxDistance)
    }
}
