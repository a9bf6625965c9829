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
    /// The decals of each badge in order (its count, or its burst), with the number of separate
    /// fields before them, its own included (`orderSteps`); empty when the field is one.
    private var decalGroups: [(fields: Int, badge: Int, indices: Range<Int>, vertices: Range<Int>)] = []
    private var steps: [FieldStep] = []
    /// Each separate field's badge disc (a box), and `orderSteps`' levels and decal boxes.
    private var fieldDiscs: [Box] = []
    private var fieldLevels: [Int] = []
    private var decalLevels: [Int] = []
    private var decalBoxes: [Box] = []
    /// `orderSteps`' counting sort: where each level starts, and the fields and decals by level.
    private var levelStart: [Int] = []
    private var fieldOrder: [Int] = []
    private var decalOrder: [Int] = []
    /// The tiles and the decals' indices in the order of `steps`, when there are several.
    private var leveledRegions: [Region] = []
    private var leveledDecals: [UInt32] = []
    /// `orderSteps`' grid of cells, and the later discs listed in them going back.
    private var marks: [Mark] = []
    private var discNodes: [DiscNode] = []
    private var markSerial = 0
    /// Where the counts' glyphs come from; without one, counts are not drawn.
    public var atlas: GlyphAtlas?
    /// The mode of the last paint (which panes the frame will have), and whether it was of a
    /// caterpillar's bodies (not badges).
    private var mode = Mode.bezier
    private var paintedBodies = false
    /// Whether `frame` draws the field's construction over the field (`addOverlays`), and the
    /// device pixels a logical pixel it takes then.
    private var fieldConstruction: Double?
    /// The boxes of the counts the field's construction keeps off (`addOverlays`), scene units.
    private var fieldCounts: [Rect] = []
    /// How the last frame's field was tiled, where it drew the field's construction.
    public private(set) var tiling: FieldTiling?
    /// The bridge construction's labels since the last paint (`addOverlays`), scene units: the
    /// pane labels and the caption keep clear of them.
    private(set) var constructionLabels: [Rect] = []

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
        self.mode = mode
        paintedBodies = !snapshot.bodies.isEmpty
        if snapshot.bodies.isEmpty {
            build(snapshot, parameters: parameters, scale: scale, mode: mode)
        } else {
            paint(chain: snapshot.bodies, parameters: parameters, scale: scale, mode: mode)
        }
    }

    private mutating func paint(chain bodies: [Ball], parameters: Parameters, scale: Double, mode: Mode) {
        let feather = 1 / scale
        let style = parameters.sceneStyle(scale: scale)
        if mode.showsBezierFill { builder.addChain(bodies, style: style) }
        if mode == .overlay { shapes.addChain(bodies, style: style) }
        if mode != .bezier {
            field.balls.append(contentsOf: bodies)
            // The field has one colour: the head keeps its own, drawn over it as large as the
            // contour holds round it (no rim of the body's colour where the contour is nearest).
            // Not in the overlay, whose colours say which fill covers a pixel (its blue is the
            // Bézier fill's alone; both fills cover the head).
            if let head = bodies.last, mode != .overlay {
                decals.addCircle(center: head.center, radius: BadgePainter.headRadius(head, in: field) + feather / 2,
                                 color: parameters.headColor, feather: feather)
            }
        }
    }

    /// The caterpillar's head as drawn over the field: the largest circle about its centre
    /// that the field's contour holds (the field's soft edge then lies under the head's own,
    /// drawn half a device pixel wider, as over a lone ball), but at most `headGrowth` times
    /// the head's own radius: where the bodies pile round it and the field swells into one
    /// blob, the head keeps about its size (it was drawn 83 px across for a head of 60).
    static func headRadius(_ head: Ball, in field: MetaballField) -> Double {
        min(field.inscribedRadius(about: head.center, least: head.radius), max(head.radius, head.radius * headGrowth))
    }

    /// How much larger than itself the head may be drawn over the field (the seed's chain held
    /// or at rest: 1.07).
    static let headGrowth = 1.1

    /// Empties the meshes and the field for a new frame, keeping their storage, and starts the
    /// atlas's frame (the last frame's glyph quads are no longer drawn).
    private mutating func begin(_ parameters: Parameters) {
        atlas?.beginFrame()
        builder.reset()
        shapes.reset()
        decals.reset()
        field.balls.removeAll(keepingCapacity: true)
        field.fieldEnds.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        orderedBalls.removeAll(keepingCapacity: true)
        decalGroups.removeAll(keepingCapacity: true)
        fieldDiscs.removeAll(keepingCapacity: true)
        fieldConstruction = nil
        constructionLabels.removeAll(keepingCapacity: true)
        field.parameters = parameters.metaball
    }

    /// Notes the decals added since `indices` and `vertices` were the decal mesh's counts as
    /// `badge`'s own (its index in the snapshot), after the separate fields so far (none when
    /// the field is one).
    private mutating func closeDecals(of badge: Int, from indices: Int, _ vertices: Int, parameters: Parameters) {
        guard parameters.metaballFields == .badge else { return }
        decalGroups.append((field.fieldEnds.count, badge, indices..<decals.mesh.indices.count, vertices..<decals.mesh.vertices.count))
    }

    private mutating func build(_ snapshot: SceneSnapshot, parameters: Parameters, scale: Double, mode: Mode) {
        let feather = 1 / scale
        let style = parameters.sceneStyle(scale: scale)
        if mode.showsBezierFill {
            let atlas = self.atlas
            builder.addScene(snapshot, style: style, droplets: &droplets) { badge, pose, mesh in
                BadgePainter.addCount(badge.text, pose, atlas: atlas, into: &mesh, parameters: parameters, scale: scale)
            }
        }
        if mode == .overlay { shapes.addScene(snapshot, style: style, bursts: false, droplets: &droplets) }
        guard mode != .bezier else { return }
        for (index, badge) in snapshot.badges.enumerated() {
            if let pose = badge.pose {
                if badge.homeBall > 0 { field.balls.append(Ball(center: pose.home, radius: badge.homeBall)) }
                field.balls.append(Ball(center: pose.center, radius: pose.radius))
                if parameters.metaballFields == .badge {
                    field.fieldEnds.append(field.balls.count)
                    let r = pose.radius + feather
                    fieldDiscs.append(Box(minX: pose.center.x - r, minY: pose.center.y - r, maxX: pose.center.x + r, maxY: pose.center.y + r))
                }
                let start = (decals.mesh.indices.count, decals.mesh.vertices.count)
                BadgePainter.addCount(badge.text, pose, atlas: atlas, into: &decals, parameters: parameters, scale: scale)
                closeDecals(of: index, from: start.0, start.1, parameters: parameters)
            } else if let explosion = badge.burst {
                let start = (decals.mesh.indices.count, decals.mesh.vertices.count)
                decals.addBurst(explosion, age: badge.burstAge, color: parameters.color, feather: feather, droplets: &droplets)
                closeDecals(of: index, from: start.0, start.1, parameters: parameters)
            }
        }
    }

    /// Draws over the last paint how it is built: over the Bézier fill (and the overlay) the
    /// construction of `pose`'s bridge; over the metaball fill, with `field`, the field's own
    /// (`ConstructionPainter.addField`: its tiles and balls, whether a badge is held or not);
    /// with `wireframe`, over the Bézier fill the edges of the shapes' triangles, counts left
    /// out. `scale`: device pixels per scene unit; `deviceScale`: per logical pixel (the
    /// constructions' lines follow it); `canvas`: the scene's size, which the bridge's letters
    /// keep within where they can; `bridges`: the painted scene, whose other bridges (the
    /// grid's, the caterpillar's goo, badges springing home) then show their construction too,
    /// unlettered. Call it after `paint`, before `frame`.
    public mutating func addOverlays(construction pose: BadgePose?, bridges snapshot: SceneSnapshot? = nil, field: Bool = false,
                                     wireframe: Bool, parameters: Parameters, scale: Double, deviceScale: Double, canvas: Vec2? = nil) {
        if wireframe { ConstructionPainter.addWireframe(scale: scale, into: &builder) }
        /// Draws a bridge's construction where it lies: over the Bézier fill, or over the
        /// overlay with the decals, on a casing (its ink would not read on the overlay's blue).
        func construct<T>(_ draw: (_ cased: Bool, _ mesh: inout MeshBuilder) -> T) -> T {
            mode == .overlay ? draw(true, &decals) : draw(false, &builder)
        }
        let counts = snapshot.map { countBoxes(of: $0, scale: scale) } ?? []
        if let snapshot, mode != .metaball {
            var bridges: [(bridge: Bridge, home: Ball, badge: Ball)] = []
            if parameters.goo {
                for (a, b) in zip(snapshot.bodies, snapshot.bodies.dropFirst()) {
                    if let bridge = Bridge(goo: a, b, parameters: parameters.bridge) { bridges.append((bridge, a, b)) }
                }
            }
            for badge in snapshot.badges where badge.hasBridge && badge.pose != pose {
                if let pose = badge.pose, let bridge = parameters.bridge(of: pose) {
                    bridges.append((bridge, Ball(center: pose.home, radius: pose.homeRadius), Ball(center: pose.center, radius: pose.radius)))
                }
            }
            construct { cased, mesh in
                ConstructionPainter.addConstructions(of: bridges, style: parameters.bridge.style, scale: scale, deviceScale: deviceScale,
                                                     cased: cased, keepingOff: counts, into: &mesh)
            }
        }
        if let pose, mode != .metaball {
            let atlas = self.atlas ?? Fonts.atlas()
            self.atlas = atlas
            constructionLabels = construct { cased, mesh in
                ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, deviceScale: deviceScale,
                                                    atlas: atlas, cased: cased, keepingOff: counts,
                                                    bounds: canvas.map { Rect(x: 0, y: 0, width: $0.x, height: $0.y) }, into: &mesh)
            }
        }
        if field && mode.showsField {
            fieldConstruction = deviceScale
            fieldCounts = counts
        }
    }

    /// The boxes of the ink of `snapshot`'s counts as painted at `scale`, scene units.
    private func countBoxes(of snapshot: SceneSnapshot, scale: Double) -> [Rect] {
        guard let atlas else { return [] }
        return snapshot.badges.compactMap { badge in
            guard let pose = badge.pose,
                  let place = CountPlacement(badge.text, center: pose.center, radius: pose.radius, scale: scale, atlas: atlas)
            else { return nil }
            let ink = place.ink
            return Rect(x: ink.minX / scale, y: ink.minY / scale, width: (ink.maxX - ink.minX) / scale, height: (ink.maxY - ink.minY) / scale)
        }
    }

    /// The frame of the current meshes, laid out by `layout` on a target of
    /// `pixelWidth`×`pixelHeight`, at `scale` device pixels per scene unit (the layout's zoom
    /// included), with `hud` drawn over it in window units (`hudScale` device pixels each).
    /// (The panes' storage is the painter's, reused once the previous frame is gone.)
    mutating func frame(layout: Layout, scale: Double, parameters: Parameters, pixelWidth: Int, pixelHeight: Int,
                               hud: Mesh = Mesh(), hudScale: Double = 1) -> Frame {
        panes.removeAll(keepingCapacity: true)
        tiling = nil
        layout.pixelPanes(pixelWidth: pixelWidth, pixelHeight: pixelHeight, into: &panes)
        var layer: MetaballLayer?
        var constructionStart: Int?
        if layout.mode != .bezier {
            // The field's tiles over the pane (scene units), at this scale.
            field.regions(clip: Box(minX: 0, minY: 0, maxX: layout.canvas.x, maxY: layout.canvas.y), pixelsPerUnit: scale,
                          into: &regions, balls: &orderedBalls, scratch: &scratch)
            // (After the badges' decals: `orderSteps` puts it over all. Once, however often
            // the paint is framed.)
            if let deviceScale = fieldConstruction {
                constructionStart = decals.mesh.indices.count
                ConstructionPainter.addField(tiles: regions, balls: field.balls, scale: scale, deviceScale: deviceScale,
                                             keepingOff: fieldCounts, into: &decals)
                fieldConstruction = nil
                tiling = FieldTiling(regions, scale: scale)
            }
            orderSteps(scale: scale, width: layout.canvas.x, height: layout.canvas.y)
            layer = MetaballLayer(parameters: field.parameters, color: parameters.color,
                                  regions: steps.count > 1 ? leveledRegions : regions, balls: orderedBalls, steps: steps)
        }
        var decalMesh = decals.mesh
        if layer != nil && steps.count > 1 {
            decalMesh.indices = leveledDecals
        } else if let start = constructionStart, !paintedBodies {
            // One field of badges: its construction under their counts, which its lines and
            // wash would make hard to read. (Separate fields keep it over all, their levels
            // mixing fields and counts; the caterpillar's head, no count, lies under it.)
            decalMesh.indices = Array(decalMesh.indices[start...] + decalMesh.indices[..<start])
        }
        var frame = Frame(width: layout.canvas.x, height: layout.canvas.y, scale: scale, background: parameters.background,
                          mesh: builder.mesh, atlas: atlasImage, decals: decalMesh, shapes: shapes.mesh, metaballs: layer,
                          panes: panes)
        frame.hud = HUDLayer(mesh: hud, width: layout.width, height: layout.height, scale: hudScale)
        return frame
    }

    /// Puts the separate fields' tiles and the decals in the order the metaball pane draws
    /// them (`MetaballLayer.steps`), so that a badge's count or burst lies under the later
    /// badges whose disc covers it and over the rest, as in the Bézier fill (whose home circles
    /// and bridges lie under every badge). Fields are all one colour (their union does not
    /// depend on their order), so only a field and a decal that meet, and two decals that meet,
    /// need an order. Each gets a level, and each level is a step: its fields' tiles, then its
    /// decals, in the badges' order.
    /// - In the badges' order, a field's level is one more than that of the earlier decals its
    ///   badge's disc meets (0 if none), and a decal's least level is the highest of the fields
    ///   before it (its own included) whose tiles meet it and of the earlier decals it meets.
    /// - Then, in reverse, each decal goes as high as it may: under the later fields whose disc
    ///   meets it and later decals it meets, over all else (so a later badge's home ball or neck
    ///   over a count leaves it shown, as in the Bézier fill).
    /// Badges apart from each other are one step. Whether two things meet is judged on cells of
    /// 16 device pixels (near counts as meeting: at worst a level more, or a count under a later
    /// count it does not touch), except a later disc against a count going back, which is
    /// exact: a disc only near a count leaves it over that badge's home ball and neck. With
    /// more than one step, `leveledRegions` and `leveledDecals` hold the tiles and decal
    /// indices in step order (the construction overlay last); no steps (all tiles, then all
    /// decals) when the field is one.
    private mutating func orderSteps(scale: Double, width: Double, height: Double) {
        steps.removeAll(keepingCapacity: true)
        guard !decalGroups.isEmpty else { return }
        let ends = scratch.fieldRegionEnds
        // The cells: 16 device pixels, and at most 2¹⁶ of them over the canvas.
        var cell = 16 / scale
        let canvas = max(width, 1) * max(height, 1)
        if canvas / (cell * cell) > 65_536 { cell = (canvas / 65_536).squareRoot() }
        let columns = Int((max(width, 1) / cell).rounded(.up)) + 1, rows = Int((max(height, 1) / cell).rounded(.up)) + 1
        if marks.count != columns * rows {
            marks = Array(repeating: Mark(), count: columns * rows)
            markSerial = 0
        }
        let forward = markSerial + 1, backward = markSerial + 2
        markSerial += 2
        /// The cells a box covers (clamped to the grid: past the canvas, its edge).
        func cells(_ box: Box) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>) {
            func index(_ v: Double, _ limit: Int) -> Int { v.isFinite ? min(max(Int((v / cell).rounded(.down)), 0), limit - 1) : 0 }
            let x0 = index(box.minX, columns), y0 = index(box.minY, rows)
            return (x0...max(index(box.maxX, columns), x0), y0...max(index(box.maxY, rows), y0))
        }
        /// Calls `body` with each cell a box covers.
        func forEachCell(_ box: Box, _ body: (inout Mark) -> Void) {
            let (xs, ys) = cells(box)
            for y in ys {
                for x in xs { body(&marks[y * columns + x]) }
            }
        }
        func tiles(ofField k: Int) -> ArraySlice<Region> {
            let start = k == 0 ? 0 : ends[k - 1]
            return regions[(start..<max(ends[k], start)).clamped(to: regions.indices)]
        }
        fieldLevels.removeAll(keepingCapacity: true)
        decalLevels.removeAll(keepingCapacity: true)
        decalBoxes.removeAll(keepingCapacity: true)
        var top = 0
        func level(ofField k: Int) {
            var level = 0
            if k < fieldDiscs.count {
                forEachCell(fieldDiscs[k]) { mark in
                    if mark.serial == forward { level = max(level, mark.decal + 1) }
                }
            }
            for region in tiles(ofField: k) {
                forEachCell(region.box) { mark in mark.markField(level, serial: forward) }
            }
            fieldLevels.append(level)
            top = max(top, level)
        }
        let vertices = decals.mesh.vertices
        for group in decalGroups {
            while fieldLevels.count < min(group.fields, ends.count) { level(ofField: fieldLevels.count) }
            var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for v in vertices[group.vertices] {
                box = Box(minX: min(box.minX, Double(v.x)), minY: min(box.minY, Double(v.y)),
                          maxX: max(box.maxX, Double(v.x)), maxY: max(box.maxY, Double(v.y)))
            }
            var least = 0
            if !group.vertices.isEmpty {
                forEachCell(box) { mark in
                    if mark.serial == forward { least = max(least, mark.field, mark.decal) }
                }
                forEachCell(box) { mark in mark.markDecal(least, serial: forward) }
            }
            decalBoxes.append(box)
            decalLevels.append(least)
            top = max(top, least)
        }
        while fieldLevels.count < ends.count { level(ofField: fieldLevels.count) }
        // Back from the last badge: each decal as high as the later discs and decals let it.
        // The later discs are listed in the cells they cover, and each is tested against the
        // decal's box exactly: a disc only near a count (in a cell of it) leaves it over that
        // badge's field, whose home ball or neck may lie on the count.
        var nodes: [DiscNode] = []
        swap(&nodes, &discNodes)
        defer { swap(&nodes, &discNodes) }
        nodes.removeAll(keepingCapacity: true)
        var field = fieldLevels.count
        for g in decalGroups.indices.reversed() {
            while field > decalGroups[g].fields {
                field -= 1
                guard field < fieldDiscs.count else { continue }
                let (xs, ys) = cells(fieldDiscs[field])
                for y in ys {
                    for x in xs {
                        let c = y * columns + x
                        if marks[c].serial != backward { marks[c] = Mark(serial: backward) }
                        nodes.append(DiscNode(field: field, next: marks[c].discs))
                        marks[c].discs = nodes.count - 1
                    }
                }
            }
            guard !decalGroups[g].vertices.isEmpty else { continue }
            var most = top
            let box = decalBoxes[g], (xs, ys) = cells(box)
            for y in ys {
                for x in xs {
                    let mark = marks[y * columns + x]
                    guard mark.serial == backward else { continue }
                    most = min(most, mark.above)
                    var node = mark.discs
                    while node >= 0 {
                        let j = nodes[node].field
                        if BadgePainter.disc(fieldDiscs[j], meets: box) { most = min(most, fieldLevels[j] - 1) }
                        node = nodes[node].next
                    }
                }
            }
            decalLevels[g] = max(decalLevels[g], most)
            let level = decalLevels[g]
            forEachCell(decalBoxes[g]) { mark in mark.markAbove(level, serial: backward) }
        }
        guard top > 0 else {
            steps.append(FieldStep(regions: regions.indices, decals: decals.mesh.indices.indices))
            return
        }
        // Each level's fields' tiles, then its decals, in the badges' order within it: the
        // fields and the decals sorted by level (counting, so that a pile of many levels costs
        // no more than a few).
        func sortByLevel(_ levels: [Int], into order: inout [Int]) {
            levelStart.removeAll(keepingCapacity: true)
            levelStart.append(contentsOf: repeatElement(0, count: top + 2))
            for level in levels { levelStart[level + 1] += 1 }
            for level in 0...top { levelStart[level + 1] += levelStart[level] }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: repeatElement(0, count: levels.count))
            for (i, level) in levels.enumerated() {
                order[levelStart[level]] = i
                levelStart[level] += 1
            }
        }
        sortByLevel(fieldLevels, into: &fieldOrder)
        sortByLevel(decalLevels, into: &decalOrder)
        leveledRegions.removeAll(keepingCapacity: true)
        leveledDecals.removeAll(keepingCapacity: true)
        var nextField = 0, nextDecal = 0
        for level in 0...top {
            let regionStart = leveledRegions.count, decalStart = leveledDecals.count
            while nextField < fieldOrder.count, fieldLevels[fieldOrder[nextField]] == level {
                leveledRegions.append(contentsOf: tiles(ofField: fieldOrder[nextField]))
                nextField += 1
            }
            while nextDecal < decalOrder.count, decalLevels[decalOrder[nextDecal]] == level {
                leveledDecals.append(contentsOf: decals.mesh.indices[decalGroups[decalOrder[nextDecal]].indices])
                nextDecal += 1
            }
            steps.append(FieldStep(regions: regionStart..<leveledRegions.count, decals: decalStart..<leveledDecals.count))
        }
        // What was drawn after the badges' decals (the construction overlay) goes over all.
        let overlays = decals.mesh.indices[(decalGroups.last?.indices.upperBound ?? 0)...]
        if !overlays.isEmpty, let last = steps.indices.last {
            leveledDecals.append(contentsOf: overlays)
            steps[last].decals = steps[last].decals.lowerBound..<leveledDecals.count
        }
    }

    /// Whether the disc whose square is `square` overlaps `box` (touching is not).
    static func disc(_ square: Box, meets box: Box) -> Bool {
        let cx = (square.minX + square.maxX) / 2, cy = (square.minY + square.maxY) / 2, r = (square.maxX - square.minX) / 2
        let dx = max(box.minX - cx, 0, cx - box.maxX), dy = max(box.minY - cy, 0, cy - box.maxY)
        return dx * dx + dy * dy < r * r
    }

    /// The last frame's levels (`orderSteps`): each separate field's, and each decal group's
    /// (a badge's count or burst) with its badge's index in the snapshot; nil when the frame is
    /// one step.
    var drawLevels: (fields: [Int], decals: [(badge: Int, level: Int)])? {
        steps.count > 1 ? (fieldLevels, zip(decalGroups, decalLevels).map { ($0.badge, $1) }) : nil
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

    /// The metaball field of `poses` as the metaball fill draws it (its balls do not depend on
    /// the scale): for measuring, not drawing.
    static func field(of poses: [BadgePose], parameters: Parameters) -> MetaballField {
        var painter = BadgePainter()
        painter.paint(poses, parameters: parameters, scale: 1, mode: .metaball)
        return painter.metaballField
    }

    /// Static, so that no copy of the painter (and of the meshes it holds) is alive while
    /// `builder` grows: that would make every append copy the arrays.
    private static func addCount(
        _ text: String, _ pose: BadgePose, atlas: GlyphAtlas?, into builder: inout MeshBuilder, parameters: Parameters, scale: Double
    ) {
        guard let atlas, !text.isEmpty else { return }
        builder.addCount(text, center: pose.center, radius: pose.radius, scale: scale, color: parameters.textColor, atlas: atlas)
    }
}

/// How a field is tiled for the metaball pass (`MetaballField.regions`): its tiles, those wholly
/// inside, and the device pixels they cover, shaded from the field or filled flat (a pixel that
/// two separate fields' tiles cover counts twice: it is drawn twice).
public struct FieldTiling: Equatable, Sendable {
    public var tiles = 0, inside = 0
    public var shaded = 0.0, flat = 0.0

    public init(_ regions: [Region], scale: Double) {
        tiles = regions.count
        for region in regions {
            let area = (region.box.maxX - region.box.minX) * (region.box.maxY - region.box.minY) * scale * scale
            if region.inside {
                inside += 1
                flat += area
            } else {
                shaded += area
            }
        }
    }
}

/// A cell of `BadgePainter.orderSteps`, for the pass whose serial it holds (an older serial:
/// nothing in it yet): going forward, the highest level of a field's tiles and of a decal in it;
/// going back, the highest level a decal in it may take under the later decals, and the later
/// discs that cover it.
private struct Mark {
    var serial = 0, field = 0, decal = -1, above = Int.max
    /// Going back: the first of the later discs listed in the cell (`DiscNode`), −1 for none.
    var discs = -1

    mutating func markField(_ level: Int, serial: Int) {
        if self.serial != serial { self = Mark(serial: serial, field: level) } else { field = max(field, level) }
    }

    mutating func markDecal(_ level: Int, serial: Int) {
        if self.serial != serial { self = Mark(serial: serial, decal: level) } else { decal = max(decal, level) }
    }

    mutating func markAbove(_ level: Int, serial: Int) {
        if self.serial != serial { self = Mark(serial: serial, above: level) } else { above = min(above, level) }
    }
}

/// A later disc listed in a cell of `BadgePainter.orderSteps`: its field, and the next node of
/// the cell's list (−1: the last).
private struct DiscNode {
    var field: Int
    var next: Int
}
