// Turns a scene snapshot into what the renderer draws: the Bézier mesh (home circles and
// bridges, then the badges with their counts and bursts, in the snapshot's order), the metaball
// field, and the panes of the layout. It only draws what it is given: the badge's rules (bridge
// or not, home ball, who is on top) come with the snapshot from Motion.

import Geometry
import Imaging
import Motion
import Render
import Typography

/// Builds a frame's meshes and field, reusing all storage from frame to frame.
public struct BadgePainter {
    /// Everything the Bézier mode draws, in order.
    public private(set) var builder = MeshBuilder()
    /// The Bézier shapes alone: the overlay's mask.
    private var shapes = MeshBuilder()
    /// Counts and bursts, drawn over the field.
    private var decals = MeshBuilder()
    private var field = MetaballField()
    private var regions: [Region] = []
    private var orderedBalls: [Ball] = []
    private var scratch = MetaballScratch()
    private var droplets: [Droplet] = []
    private var panes: [Pane] = []
    /// Where the counts' glyphs come from; without one, counts are not drawn.
    public var atlas: GlyphAtlas?

    public init(atlas: GlyphAtlas? = nil) {
        self.atlas = atlas
        droplets.reserveCapacity(Explosion.dropletCount)
        field.balls.reserveCapacity(32)
        regions.reserveCapacity(32)
        orderedBalls.reserveCapacity(64)
    }

    public var mesh: Mesh { builder.mesh }

    /// The atlas picture the meshes' glyphs sample.
    public var atlasImage: AlphaImage? { atlas?.image }

    /// Paints held poses (the `render` command's state), the last one topmost.
    public mutating func paint(_ poses: [BadgePose], texts: [String] = [], parameters: Parameters, scale: Double, mode: Mode = .bezier) {
        paint(SceneSnapshot(held: poses, texts: texts, rule: parameters.metaballBreak, shrink: parameters.motion.badge.shrink),
              parameters: parameters, scale: scale, mode: mode)
    }

    /// Paints a snapshot at `scale` device pixels per scene unit, for the panes of `mode`: its
    /// badges in order, or the caterpillar's bodies (head last, in `headColor`, joined by
    /// bridges when `goo` is on in the Bézier fill).
    public mutating func paint(_ snapshot: SceneSnapshot, parameters: Parameters, scale: Double, mode: Mode = .bezier) {
        begin(parameters)
        if snapshot.bodies.isEmpty {
            build(snapshot.badges, parameters: parameters, scale: scale, mode: mode)
        } else {
            paint(chain: snapshot.bodies, parameters: parameters, scale: scale, mode: mode)
        }
    }

    private mutating func paint(chain bodies: [Ball], parameters: Parameters, scale: Double, mode: Mode) {
        let feather = 1 / scale
        let needsMesh = mode == .bezier || mode == .split
        if needsMesh { BadgePainter.paintChain(bodies, into: &builder, parameters: parameters, scale: scale) }
        if mode == .overlay { BadgePainter.paintChain(bodies, into: &shapes, parameters: parameters, scale: scale) }
        if mode != .bezier {
            field.balls.append(contentsOf: bodies)
            // The field has one colour: the head keeps its own, drawn over it as large as the
            // contour holds round it (no rim of the body's colour where the contour is nearest).
            if let head = bodies.last {
                decals.addCircle(center: head.center, radius: BadgePainter.headRadius(head, in: field) + feather / 2,
                                 color: parameters.headColor, feather: feather)
            }
        }
    }

    /// The caterpillar's head as drawn over the field: the largest circle about its centre
    /// that the field's contour holds (the field's soft edge then lies under the head's own,
    /// drawn half a device pixel wider, as over a lone ball).
    static func headRadius(_ head: Ball, in field: MetaballField) -> Double {
        field.inscribedRadius(about: head.center, least: head.radius)
    }

    private static func paintChain(_ bodies: [Ball], into mesh: inout MeshBuilder, parameters: Parameters, scale: Double) {
        let feather = 1 / scale
        if parameters.goo {
            for i in bodies.indices.dropLast() {
                let a = bodies[i], b = bodies[i + 1]
                if let bridge = Bridge(
                    home: a.center, homeRadius: a.radius, badge: b.center, badgeRadius: b.radius,
                    parameters: parameters.bridge, maxDistance: 2 * (a.radius + b.radius))
                {
                    mesh.addBridge(bridge, color: parameters.color, tolerance: parameters.flatness / scale, feather: feather)
                }
            }
        }
        for (i, body) in bodies.enumerated() {
            let color = i == bodies.count - 1 ? parameters.headColor : parameters.color
            mesh.addCircle(center: body.center, radius: body.radius, color: color, feather: feather)
        }
    }

    /// Empties the meshes and the field for a new frame, keeping their storage.
    private mutating func begin(_ parameters: Parameters) {
        builder.reset()
        shapes.reset()
        decals.reset()
        field.balls.removeAll(keepingCapacity: true)
        field.fieldEnds.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        orderedBalls.removeAll(keepingCapacity: true)
        field.parameters = parameters.metaball
    }

    private mutating func build(_ badges: [BadgeLook], parameters: Parameters, scale: Double, mode: Mode) {
        let feather = 1 / scale
        let needsMesh = mode == .bezier || mode == .split
        let needsField = mode != .bezier
        if needsMesh || mode == .overlay {
            for badge in badges where badge.hasBridge {
                guard let pose = badge.pose else { continue }
                if needsMesh { BadgePainter.paintHome(pose, into: &builder, parameters: parameters, scale: scale) }
                if mode == .overlay { BadgePainter.paintHome(pose, into: &shapes, parameters: parameters, scale: scale) }
            }
        }
        for badge in badges {
            if let pose = badge.pose {
                if needsMesh {
                    builder.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: feather)
                    BadgePainter.addCount(badge.text, pose, atlas: atlas, into: &builder, parameters: parameters, scale: scale)
                }
                if mode == .overlay {
                    shapes.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: feather)
                }
                if needsField {
                    if badge.homeBall > 0 { field.balls.append(Ball(center: pose.home, radius: badge.homeBall)) }
                    field.balls.append(Ball(center: pose.center, radius: pose.radius))
                    if parameters.metaballFields == .badge { field.fieldEnds.append(field.balls.count) }
                    BadgePainter.addCount(badge.text, pose, atlas: atlas, into: &decals, parameters: parameters, scale: scale)
                }
            } else if let explosion = badge.burst {
                if needsMesh {
                    BadgePainter.paintBurst(explosion, age: badge.burstAge, into: &builder, droplets: &droplets, parameters: parameters,
                                            feather: feather)
                }
                if needsField {
                    BadgePainter.paintBurst(explosion, age: badge.burstAge, into: &decals, droplets: &droplets, parameters: parameters,
                                            feather: feather)
                }
            }
        }
    }

    /// Draws over the badges how they are built: the construction of `pose`'s bridge, and (in
    /// the Bézier fill) the edges of the shapes' triangles, counts left out.
    public mutating func addOverlays(construction pose: BadgePose?, wireframe: Bool, parameters: Parameters, scale: Double) {
        if wireframe { ConstructionPainter.addWireframe(scale: scale, into: &builder) }
        if let pose {
            let atlas = self.atlas ?? Fonts.atlas()
            self.atlas = atlas
            ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, atlas: atlas, into: &builder)
            ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, atlas: atlas, into: &decals)
        }
    }

    /// The frame of the current meshes, laid out by `layout` on a target of
    /// `pixelWidth`×`pixelHeight`, at `scale` device pixels per scene unit (the layout's zoom
    /// included), with `hud` drawn over it in window units (`hudScale` device pixels each).
    /// (The panes' storage is the painter's, reused once the previous frame is gone.)
    mutating func frame(layout: Layout, scale: Double, parameters: Parameters, pixelWidth: Int, pixelHeight: Int,
                               hud: Mesh = Mesh(), hudScale: Double = 1) -> Frame {
        panes.removeAll(keepingCapacity: true)
        layout.pixelPanes(pixelWidth: pixelWidth, pixelHeight: pixelHeight, into: &panes)
        var layer: MetaballLayer?
        if layout.mode != .bezier {
            // The field's tiles over the pane (scene units), at this scale.
            field.regions(clip: Box(minX: 0, minY: 0, maxX: layout.canvas.x, maxY: layout.canvas.y), pixelsPerUnit: scale,
                          into: &regions, balls: &orderedBalls, scratch: &scratch)
            layer = MetaballLayer(parameters: field.parameters, color: parameters.color, regions: regions, balls: orderedBalls)
        }
        var frame = Frame(width: layout.canvas.x, height: layout.canvas.y, scale: scale, background: parameters.background,
                          mesh: builder.mesh, atlas: atlasImage, decals: decals.mesh, shapes: shapes.mesh, metaballs: layer,
                          panes: panes)
        frame.hud = HUDLayer(mesh: hud, width: layout.width, height: layout.height, scale: hudScale)
        return frame
    }

    /// When the last frame's field tiles need more ball entries than the renderer takes
    /// (`Renderer.maximumBalls`, all tiles' runs together; `Renderer.runLimit`, one tile's),
    /// what to say: the field would be drawn in part. nil when it fits.
    public var fieldOverflow: String? {
        if orderedBalls.count > Renderer.maximumBalls {
            return "the metaball fill's tiles take at most \(Renderer.maximumBalls) ball entries and this frame "
                + "needs \(orderedBalls.count); use --mode bezier, a smaller canvas or fewer badges"
        }
        var longest = 0
        for region in regions { longest = max(longest, region.count) }
        if longest > Renderer.runLimit {
            return "a tile of the metaball fill sums at most \(Renderer.runLimit) balls and this frame has one of \(longest) "
                + "(balls packed that densely); use --mode bezier, or --metaball-fields badge"
        }
        return nil
    }

    /// The field of the last paint (empty in the Bézier mode).
    public var metaballField: MetaballField { field }

    /// Static, so that no copy of the painter (and of the meshes it holds) is alive while
    /// `builder` grows: that would make every append copy the arrays.
    private static func addCount(
        _ text: String, _ pose: BadgePose, atlas: GlyphAtlas?, into builder: inout MeshBuilder, parameters: Parameters, scale: Double
    ) {
        guard let atlas, !text.isEmpty else { return }
        builder.addCount(text, center: pose.center, radius: pose.radius, scale: scale, color: parameters.textColor, atlas: atlas)
    }

    private static func paintBurst(
        _ explosion: Explosion, age: Double, into builder: inout MeshBuilder, droplets: inout [Droplet], parameters: Parameters,
        feather: Double
    ) {
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

    /// The home circle and the bridge.
    private static func paintHome(_ pose: BadgePose, into builder: inout MeshBuilder, parameters: Parameters, scale: Double) {
        let feather = 1 / scale
        builder.addCircle(center: pose.home, radius: pose.homeRadius, color: parameters.color, feather: feather)
        if let bridge = BadgePainter.bridge(of: pose, parameters: parameters) {
            builder.addBridge(bridge, color: parameters.color, tolerance: parameters.flatness / scale, feather: feather)
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
