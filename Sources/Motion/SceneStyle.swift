// A snapshot's Bézier fill as triangles, in the order `sticky` draws it: the one painter of the
// shapes, for the app's Bézier mode and for apps that draw with their own API (StickyKit).

import Geometry

/// How a snapshot's shapes are built and coloured: the parameters of the Bézier fill.
public struct SceneStyle: Hashable, Sendable {
    /// The badges', bridges' and bodies' colour.
    public var color: Color
    /// The caterpillar's head (its last body).
    public var headColor: Color
    /// The bridge's construction.
    public var bridge: BridgeParameters
    /// The break distance the cubic style's neck narrows toward: the board's own
    /// (`BadgeBoard.parameters.badge`), so that the neck is at its thinnest where the bridge breaks.
    public var badge: BadgeParameters
    /// Whether the caterpillar's consecutive bodies are joined by bridges of `bridge`'s style.
    public var goo: Bool
    /// The largest distance between a curve and its flattening, device pixels.
    public var flatness: Double
    /// Device pixels per scene unit: the fringe is one device pixel wide, `flatness` is in them.
    public var scale: Double

    public init(color: Color = .badgeRed, headColor: Color = Color(red: 0, green: 0, blue: 1),
                bridge: BridgeParameters = BridgeParameters(), badge: BadgeParameters = BadgeParameters(),
                goo: Bool = false, flatness: Double = 0.1, scale: Double = 1) {
        self.color = color
        self.headColor = headColor
        self.bridge = bridge
        self.badge = badge
        self.goo = goo
        self.flatness = flatness
        self.scale = scale
    }

    /// The fringe's width in scene units: one device pixel.
    public var feather: Double { 1 / scale }
    /// The flattening tolerance in scene units.
    public var tolerance: Double { flatness / scale }
}

extension Bridge {
    /// The bridge a badge's pose shows: nil past the break (`pose.attached` false) or where the
    /// two circles make none (see `init(home:homeRadius:badge:badgeRadius:parameters:maxDistance:)`).
    public init?(pose: BadgePose, parameters: BridgeParameters, badge: BadgeParameters) {
        guard pose.attached else { return nil }
        self.init(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
                  parameters: parameters, maxDistance: badge.maxDistance)
    }
}

extension MeshBuilder {
    /// Appends a snapshot's Bézier fill, in drawing order: every attached badge's home circle
    /// and bridge first, then each badge's circle followed by whatever `decorate` adds for it
    /// (its count: glyphs are yours to lay out) or, while it bursts, its burst; the held badge
    /// comes last in the snapshot, so it lies above everything. The caterpillar's bodies are
    /// circles (the last in `headColor`), joined by bridges first when `style.goo` is on.
    ///
    /// - Parameters:
    ///   - bursts: whether bursts are drawn (an outline of the shapes alone leaves them out).
    ///   - decorate: called after each badge's circle with the badge, its pose and this mesh.
    public mutating func addScene(
        _ snapshot: SceneSnapshot, style: SceneStyle, bursts: Bool = true,
        decorate: (BadgeLook, BadgePose, inout MeshBuilder) -> Void = { _, _, _ in }
    ) {
        var droplets: [Droplet] = []
        addScene(snapshot, style: style, bursts: bursts, droplets: &droplets, decorate: decorate)
    }

    /// The same, with the bursts' droplets in `droplets`, storage reused from frame to frame
    /// (no allocation once it holds `Explosion.dropletCount`).
    public mutating func addScene(
        _ snapshot: SceneSnapshot, style: SceneStyle, bursts: Bool = true, droplets: inout [Droplet],
        decorate: (BadgeLook, BadgePose, inout MeshBuilder) -> Void = { _, _, _ in }
    ) {
        if !snapshot.bodies.isEmpty {
            addChain(snapshot.bodies, style: style)
            return
        }
        for badge in snapshot.badges where badge.hasBridge {
            // (A home circle within the badge's disc adds nothing but a second edge on its own.)
            guard let pose = badge.pose, !pose.homeIsCovered else { continue }
            addCircle(center: pose.home, radius: pose.homeRadius, color: style.color, feather: style.feather)
            if let bridge = Bridge(pose: pose, parameters: style.bridge, badge: style.badge) {
                addBridge(bridge, color: style.color, tolerance: style.tolerance, feather: style.feather)
            }
        }
        for badge in snapshot.badges {
            if let pose = badge.pose {
                addCircle(center: pose.center, radius: pose.radius, color: style.color, feather: style.feather)
                decorate(badge, pose, &self)
            } else if bursts, let explosion = badge.burst {
                addBurst(explosion, age: badge.burstAge, color: style.color, feather: style.feather, droplets: &droplets)
            }
        }
    }

    /// The caterpillar: bridges between consecutive bodies (with `style.goo`; each pair's break
    /// distance twice its radii's sum, so none narrows), then the bodies, the last in `headColor`.
    public mutating func addChain(_ bodies: [Ball], style: SceneStyle) {
        if style.goo {
            for i in bodies.indices.dropLast() {
                if let bridge = Bridge(goo: bodies[i], bodies[i + 1], parameters: style.bridge) {
                    addBridge(bridge, color: style.color, tolerance: style.tolerance, feather: style.feather)
                }
            }
        }
        for (i, body) in bodies.enumerated() {
            addCircle(center: body.center, radius: body.radius, color: i == bodies.count - 1 ? style.headColor : style.color,
                      feather: style.feather)
        }
    }

    /// A burst `age` seconds old: its core and droplets, fading with their opacity.
    /// `droplets` is scratch storage, reused.
    public mutating func addBurst(_ explosion: Explosion, age: Double, color: Color, feather: Double,
                                  droplets: inout [Droplet]) {
        var faded = color
        if let core = explosion.core(at: age) {
            faded.alpha = color.alpha * core.opacity
            addCircle(center: core.center, radius: core.radius, color: faded, feather: feather)
        }
        explosion.droplets(at: age, into: &droplets)
        for droplet in droplets {
            faded.alpha = color.alpha * droplet.opacity
            addCircle(center: droplet.center, radius: droplet.radius, color: faded, feather: feather)
        }
    }
}

extension Bridge {
    /// The caterpillar's goo between consecutive bodies `a` and `b`: a bridge of `parameters`'
    /// style whose break distance is twice their radii's sum, so that it never narrows.
    public init?(goo a: Ball, _ b: Ball, parameters: BridgeParameters) {
        self.init(home: a.center, homeRadius: a.radius, badge: b.center, badgeRadius: b.radius, parameters: parameters,
                  maxDistance: 2 * (a.radius + b.radius))
    }
}
