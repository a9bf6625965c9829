// Turns badge states into what the renderer draws: the Bézier mesh (home circles and bridges,
// then the badges with their counts and bursts, the held badge on top), the metaball field,
// and the panes of the mode.

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
    private var items: [Item] = []
    private var panes: [Pane] = []
    /// Where the counts' glyphs come from; without one, counts are not drawn.
    public var atlas: GlyphAtlas?

    /// One badge as drawn: its pose (nil while bursting), count, burst, whether held.
    struct Item {
        var pose: BadgePose?
        var text: String
        var explosion: Explosion?
        var age: Double
        /// The home ball's radius in the field (see `homeBall`).
        var homeBall: Double
    }

    public init(atlas: GlyphAtlas? = nil) {
        self.atlas = atlas
        droplets.reserveCapacity(Explosion.dropletCount)
        items.reserveCapacity(16)
        field.balls.reserveCapacity(32)
        regions.reserveCapacity(32)
        orderedBalls.reserveCapacity(64)
    }

    public var mesh: Mesh { builder.mesh }

    /// The atlas picture the meshes' glyphs sample.
    public var atlasImage: AlphaImage? { atlas?.image }

    /// Paints held poses (the `render` command's state), the last one topmost.
    public mutating func paint(_ poses: [BadgePose], texts: [String] = [], parameters: Parameters, scale: Double, mode: Mode = .bezier) {
        items.removeAll(keepingCapacity: true)
        for (i, pose) in poses.enumerated() {
            let text = i < texts.count ? texts[i] : ""
            items.append(Item(pose: pose, text: text, explosion: nil, age: 0,
                              homeBall: BadgePainter.homeBall(pose, held: true, parameters: parameters)))
        }
        build(parameters: parameters, scale: scale, mode: mode)
    }

    /// Lines of small text drawn at the top left of every pane (the window's figures).
    public var caption: [String] = []

    /// Paints the board's badges, the held one on top.
    public mutating func paint(_ board: BadgeBoard, parameters: Parameters, scale: Double, mode: Mode = .bezier) {
        items.removeAll(keepingCapacity: true)
        let shrink = parameters.motion.badge.shrink
        for (i, badge) in board.badges.enumerated() where i != board.held {
            items.append(item(badge, time: board.time, shrink: shrink, parameters: parameters))
        }
        if let held = board.held { items.append(item(board.badges[held], time: board.time, shrink: shrink, parameters: parameters)) }
        build(parameters: parameters, scale: scale, mode: mode)
    }

    /// Paints the caterpillar: its bodies as circles (the head last, in `headColor`), joined by
    /// bridges when `goo` is on (Bézier mode), or as one field (the field modes).
    public mutating func paint(chain bodies: [Ball], parameters: Parameters, scale: Double, mode: Mode = .bezier) {
        items.removeAll(keepingCapacity: true)
        let feather = 1 / scale
        begin(parameters)
        let needsMesh = mode == .bezier || mode == .split
        if needsMesh { BadgePainter.paintChain(bodies, into: &builder, parameters: parameters, scale: scale) }
        if mode == .overlay { BadgePainter.paintChain(bodies, into: &shapes, parameters: parameters, scale: scale) }
        if mode != .bezier {
            field.balls.append(contentsOf: bodies)
            field.regions(pad: 2 * feather, into: &regions, balls: &orderedBalls, scratch: &scratch)
        }
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

    private func item(_ badge: Badge, time: Double, shrink: Double, parameters: Parameters) -> Item {
        let pose = badge.pose(shrink: shrink)
        var homeBall = 0.0
        if let pose {
            let moving = badge.phase == .dragging || badge.phase == .detached || badge.phase == .returning
            homeBall = BadgePainter.homeBall(pose, held: moving, parameters: parameters)
        }
        return Item(pose: pose, text: badge.text, explosion: badge.explosion(duration: parameters.motion.explosionDuration),
                    age: badge.explosionAge(at: time), homeBall: homeBall)
    }

    /// The home ball's radius in the field. Attached: the home circle's, grown in over the first
    /// R of the drag (two coincident balls would sum to a blob larger than the badge, so a badge
    /// at rest is one ball). Past the break: 0 (`vanish`), or R − d/shrink (`separate`).
    static func homeBall(_ pose: BadgePose, held: Bool, parameters: Parameters) -> Double {
        guard held else { return 0 }
        let d = pose.distance
        let ramp = pose.radius > 0 ? min(1, d / pose.radius) : 1
        let grow = ramp * ramp * (3 - 2 * ramp)
        if pose.attached { return pose.homeRadius * grow }
        guard parameters.metaballBreak == .separate else { return 0 }
        return BadgePose.homeRadius(badgeRadius: pose.radius, distance: d, shrink: parameters.motion.badge.shrink) * grow
    }

    /// Empties the meshes and the field for a new frame, keeping their storage.
    private mutating func begin(_ parameters: Parameters) {
        builder.reset()
        shapes.reset()
        decals.reset()
        field.balls.removeAll(keepingCapacity: true)
        field.parameters = parameters.metaball
    }

    private mutating func build(parameters: Parameters, scale: Double, mode: Mode) {
        let feather = 1 / scale
        begin(parameters)
        let needsMesh = mode == .bezier || mode == .split
        let needsField = mode != .bezier
        if needsMesh || mode == .overlay {
            for item in items {
                guard let pose = item.pose, pose.attached else { continue }
                if needsMesh { BadgePainter.paintHome(pose, into: &builder, parameters: parameters, scale: scale) }
                if mode == .overlay { BadgePainter.paintHome(pose, into: &shapes, parameters: parameters, scale: scale) }
            }
        }
        for item in items {
            if let pose = item.pose {
                if needsMesh {
                    builder.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: feather)
                    BadgePainter.addCount(item.text, pose, atlas: atlas, into: &builder, parameters: parameters, scale: scale)
                }
                if mode == .overlay {
                    shapes.addCircle(center: pose.center, radius: pose.radius, color: parameters.color, feather: feather)
                }
                if needsField {
                    if item.homeBall > 0 { field.balls.append(Ball(center: pose.home, radius: item.homeBall)) }
                    field.balls.append(Ball(center: pose.center, radius: pose.radius))
                    BadgePainter.addCount(item.text, pose, atlas: atlas, into: &decals, parameters: parameters, scale: scale)
                }
            } else if let explosion = item.explosion {
                if needsMesh {
                    BadgePainter.paintBurst(explosion, age: item.age, into: &builder, droplets: &droplets, parameters: parameters, feather: feather)
                }
                if needsField {
                    BadgePainter.paintBurst(explosion, age: item.age, into: &decals, droplets: &droplets, parameters: parameters, feather: feather)
                }
            }
        }
        if needsField { field.regions(pad: 2 * feather, into: &regions, balls: &orderedBalls, scratch: &scratch) }
        if let atlas {
            let ink = Color(red: 0.2, green: 0.2, blue: 0.2)
            for (i, line) in caption.enumerated() {
                let y = 18 + 16 * Double(i)
                if needsMesh { builder.addText(line, x: 8, y: y, size: 12, scale: scale, color: ink, atlas: atlas) }
                if needsField { decals.addText(line, x: 8, y: y, size: 12, scale: scale, color: ink, atlas: atlas) }
            }
        }
    }

    /// Draws over the current picture how it is built: the construction of `pose`'s bridge,
    /// and (Bézier mode) the triangle edges of the mesh.
    public mutating func addOverlays(construction pose: BadgePose?, wireframe: Bool, parameters: Parameters, scale: Double) {
        if wireframe { ConstructionPainter.addWireframe(scale: scale, into: &builder) }
        if let pose {
            let atlas = self.atlas ?? Fonts.atlas()
            self.atlas = atlas
            ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, atlas: atlas, into: &builder)
            ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, atlas: atlas, into: &decals)
        }
    }

    /// One row of a panel: its text, and optionally a bar filled to `fraction`.
    public struct PanelRow {
        public var text: String
        /// A second column (the help's explanations).
        public var detail: String = ""
        public var fraction: Double?
        public var highlighted: Bool
    }

    /// Draws a panel of rows (the sliders, the help) over everything, at (x, y) scene units.
    public mutating func addPanel(_ rows: [PanelRow], x: Double, y: Double, width: Double, scale: Double) {
        guard let atlas = atlas ?? Fonts.atlas() else { return }
        self.atlas = atlas
        BadgePainter.drawPanel(rows, x: x, y: y, width: width, scale: scale, atlas: atlas, into: &builder)
        BadgePainter.drawPanel(rows, x: x, y: y, width: width, scale: scale, atlas: atlas, into: &decals)
    }

    private static func drawPanel(
        _ rows: [PanelRow], x: Double, y: Double, width: Double, scale: Double, atlas: GlyphAtlas, into mesh: inout MeshBuilder
    ) {
        let rowHeight = 16.0
        let backdrop = Color(red: 1, green: 1, blue: 1, alpha: 0.82)
        let ink = Color(red: 0.15, green: 0.15, blue: 0.15), accent = Color(red: 0.1, green: 0.35, blue: 0.85)
        let track = Color(red: 0.85, green: 0.85, blue: 0.85)
        mesh.addRect(x0: x - 6, y0: y - 4, x1: x + width + 6, y1: y + rowHeight * Double(rows.count) + 4, color: backdrop)
        for (i, row) in rows.enumerated() {
            let top = y + rowHeight * Double(i)
            if let fraction = row.fraction {
                let barX = x + width * 0.62, barWidth = width * 0.38
                mesh.addRect(x0: barX, y0: top + 5, x1: barX + barWidth, y1: top + 11, color: track)
                mesh.addRect(x0: barX, y0: top + 5, x1: barX + barWidth * min(max(fraction, 0), 1), y1: top + 11,
                             color: row.highlighted ? accent : ink)
            }
            mesh.addText(row.text, x: x, y: top + 12, size: 11, scale: scale, color: row.highlighted ? accent : ink, atlas: atlas)
            if !row.detail.isEmpty {
                mesh.addText(row.detail, x: x + 110, y: top + 12, size: 11, scale: scale, color: ink, atlas: atlas)
            }
        }
    }

    /// The frame of the current meshes: one pane, or two side by side for `split`, filling a
    /// target of `pixelWidth`×`pixelHeight`; `width`×`height` is a pane in scene units.
    /// (The panes' storage is the painter's, reused once the previous frame is gone.)
    public mutating func frame(width: Double, height: Double, scale: Double, parameters: Parameters, mode: Mode,
                               pixelWidth: Int, pixelHeight: Int) -> Frame {
        panes.removeAll(keepingCapacity: true)
        switch mode {
        case .bezier: panes.append(Pane(x: 0, y: 0, width: pixelWidth, height: pixelHeight, content: .bezier))
        case .metaball: panes.append(Pane(x: 0, y: 0, width: pixelWidth, height: pixelHeight, content: .metaball))
        case .overlay: panes.append(Pane(x: 0, y: 0, width: pixelWidth, height: pixelHeight, content: .overlay))
        case .split:
            let left = pixelWidth / 2
            panes.append(Pane(x: 0, y: 0, width: left, height: pixelHeight, content: .bezier))
            panes.append(Pane(x: left, y: 0, width: pixelWidth - left, height: pixelHeight, content: .metaball))
        }
        let layer = mode == .bezier
            ? nil : MetaballLayer(parameters: field.parameters, color: parameters.color, regions: regions, balls: orderedBalls)
        return Frame(width: width, height: height, scale: scale, background: parameters.background, mesh: builder.mesh,
                     atlas: atlasImage, decals: decals.mesh, shapes: shapes.mesh, metaballs: layer, panes: panes)
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
