// Overlays that show how a picture is built: the bridge's construction and the triangles.

import Foundation
import Geometry
import Motion
import Typography

/// Adds the construction of a held badge's bridge, or the mesh's triangle edges, to a mesh.
enum ConstructionPainter {
    static let ink = Color(red: 0.12, green: 0.23, blue: 0.54)
    static let wire = Color(red: 0, green: 0, blue: 0, alpha: 0.55)
    /// A letter's leader to its point: the ink, lighter than the construction's lines.
    static let leaderInk = Color(red: 0.12, green: 0.23, blue: 0.54, alpha: 0.5)

    /// The seeds' points A, B, C, D, O, P (quad), or each side segment's end points and handles
    /// (cubic, tangent), with the control polygons, the centre line and labels. Returns the
    /// labels' boxes, scene units. `scale`: device pixels per scene unit; `deviceScale`: device
    /// pixels per logical pixel (the window's content scale, render's --scale), which the
    /// lines' and dots' width follow as the labels' size does: one logical pixel and 2.5, each
    /// edge anti-aliased over one device pixel. `cased`: each line and dot on a white casing a
    /// logical pixel wider each side, so that the ink reads on any colour (the overlay's blue).
    /// `bounds`: the canvas, scene units, which the letters keep within where they can.
    /// `counts`: the boxes of the badges' counts, which the lines stop short of (`addParts`).
    @discardableResult
    static func addConstruction(of pose: BadgePose, parameters: Parameters, scale: Double, deviceScale: Double, atlas: GlyphAtlas?,
                                cased: Bool = false, keepingOff counts: [Rect] = [], bounds: Rect? = nil,
                                into builder: inout MeshBuilder) -> [Rect] {
        let pixel = 1 / scale, line = deviceScale * pixel, dot = 2.5 * deviceScale * pixel
        let (lines, marks) = parts(of: pose, parameters: parameters)
        addParts([(lines, marks)], line: line, dot: dot, pixel: pixel, cased: cased, keepingOff: counts, into: &builder)
        guard let atlas else { return [] }
        // The badge's count keeps free: its ink lies within 1.4 R by 0.8 R about the centre, 2
        // units round it.
        let c = pose.center, r = pose.radius
        let count = Rect(x: c.x - 0.7 * r - 2, y: c.y - 0.4 * r - 2, width: 1.4 * r + 4, height: 0.8 * r + 4)
        let pen = HUDPen(scale: scale, atlas: atlas)
        let letters = parameters.bridge.style == .quad || pose.center == pose.home
            ? lettersAround(marks, lines: lines, count: count, pose: pose, pen: pen, bounds: bounds)
            : lettersInRow(marks, count: count, pose: pose, pen: pen, gap: dot + line, bounds: bounds)
        let size = ConstructionPainter.letterSize
        for (text, box, leader) in letters {
            if let (a, b) = leader { builder.addLine(from: a, to: b, width: line, color: leaderInk, feather: pixel) }
            // On a white halo, so that it reads on the red fill.
            let halo = Color(red: 1, green: 1, blue: 1, alpha: 0.9), e = line
            for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)] {
                builder.addText(text, x: box.x + dx * e, y: box.maxY + dy * e, size: size, scale: scale, color: halo, atlas: atlas)
            }
            builder.addText(text, x: box.x, y: box.maxY, size: size, scale: scale, color: ink, atlas: atlas)
        }
        return letters.map(\.box)
    }

    /// A point of the construction: where, its letter (the lettered side's), and whether it is
    /// a handle (a control point off the curve: the quad's O and P, the others' handles; drawn
    /// as a ring) rather than a point on the curve (a dot).
    typealias Mark = (point: Vec2, name: String?, handle: Bool)

    /// A letter of the construction: its text, its box (scene units) and a leader to its point.
    typealias Letter = (text: String, box: Rect, leader: (Vec2, Vec2)?)
    /// The letters' size, and their boxes' height, scene units.
    static let letterSize = 11.0, letterHeight = 9.0

    /// The quad's six points lie apart, on both sides: each letter takes the first place round
    /// its point that covers no other letter, point or line and not the count, lies within
    /// `bounds` (the canvas) and nearer its own point than any other (or it names the wrong
    /// one), starting away from the bridge's middle; where there is none, the place that breaks
    /// the least (a letter, the count or the canvas's edge worst, then a point, then a line).
    static func lettersAround(_ marks: [Mark], lines: [(Vec2, Vec2)], count: Rect, pose: BadgePose,
                              pen: HUDPen, bounds: Rect?) -> [Letter] {
        var placed = [count], letters: [Letter] = []
        let middle = pose.home.mix(pose.center, 0.5), height = letterHeight
        for mark in marks {
            guard let text = mark.name else { continue }
            let p = mark.point, width = pen.width(of: text, size: letterSize)
            let away = p - middle
            let start = away.length > 0 ? atan2(away.y, away.x) : -Double.pi / 2
            var best: (box: Rect, cost: Int)?
            search: for distance in [9.0, 14, 20, 28] {
                for k in 0..<24 {
                    let angle = start + Double((k + 1) / 2) * (k % 2 == 0 ? 1 : -1) * Double.pi / 12
                    let centre = p + Vec2(cos(angle), sin(angle)) * distance
                    let box = Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
                    let clearance = box.grown(by: 3)
                    let cut = bounds.map { !$0.contains(box) } ?? false
                    let cost = 100 * (placed.filter { $0.intersects(box) }.count + (cut ? 1 : 0))
                        + 10 * ((box.contains(p) ? 1 : 0) + marks.filter { $0.point != p && clearance.contains($0.point) }.count)
                        + 10 * marks.filter { $0.point != p && ($0.point - centre).length < distance - 2 }.count
                        + lines.filter { box.intersects(from: $0.0, to: $0.1) }.count
                    if best.map({ cost < $0.cost }) ?? true { best = (box, cost) }
                    if cost == 0 { break search }
                }
            }
            if let box = best?.box {
                placed.append(box)
                letters.append((text, box, nil))
            }
        }
        return letters
    }

    /// The cubic's and the tangent's points crowd along one side (the tangent's handles at a
    /// thin neck lie a few units apart): their letters go in one row along the axis outside
    /// that side, in the points' order along it, each as near its point's place as the order
    /// and two units between letters leave it (the row then moved back by the letters' mean
    /// shift, so that it centres on its points); the row moved out or along the axis, the least
    /// it can, where the count would be under it or the canvas's edge would cut it; each letter
    /// with a leader to its point where it lies off it, clear of the other letters (`gap`: the
    /// dot's radius, which the leader leaves clear). So no letter lies over the axis, the other
    /// side or a line of the construction. The side named is the upper one, or its mirror image
    /// where fewer letters leave `bounds` there. (`marks` come a side at a time, the named side
    /// first.)
    static func lettersInRow(_ marks: [Mark], count: Rect, pose: BadgePose, pen: HUDPen, gap: Double,
                             bounds: Rect?) -> [Letter] {
        let axis = pose.center - pose.home, u = axis * (1 / axis.length), height = letterHeight
        let clear = count.grown(by: 2)
        func row(_ named: [(point: Vec2, name: String)]) -> (letters: [Letter], outside: Int) {
            guard !named.isEmpty else { return ([], 0) }
            let across = named.reduce(0.0) { $0 + ($1.point - pose.home).dot(Vec2(-u.y, u.x)) }
            let n = Vec2(-u.y, u.x) * (across < 0 ? -1 : 1)
            let base = (named.map { ($0.point - pose.home).dot(n) }.max() ?? 0) + gap + 3
            let sorted = named.sorted { ($0.point - pose.home).dot(u) < ($1.point - pose.home).dot(u) }
            let widths = sorted.map { pen.width(of: $0.name, size: letterSize) }
            // Each box's half extent along the axis and across it.
            let alongHalf = widths.map { (abs(u.x) * $0 + abs(u.y) * height) / 2 }
            let acrossHalf = widths.map { (abs(n.x) * $0 + abs(n.y) * height) / 2 }
            let wanted = sorted.map { ($0.point - pose.home).dot(u) }
            var at = wanted
            for i in at.indices.dropFirst() { at[i] = max(at[i], at[i - 1] + alongHalf[i - 1] + alongHalf[i] + 2) }
            let shift = zip(at, wanted).map { $0 - $1 }.reduce(0, +) / Double(at.count)
            at = at.map { $0 - shift }
            func boxes(out: Double, slide: Double) -> [Rect] {
                at.indices.map { i in
                    let centre = pose.home + u * (at[i] + slide) + n * (base + out + acrossHalf[i])
                    return Rect(x: centre.x - widths[i] / 2, y: centre.y - height / 2, width: widths[i], height: height)
                }
            }
            func outside(_ boxes: [Rect]) -> Int {
                bounds.map { b in boxes.filter { !b.contains($0) }.count } ?? 0
            }
            // The row as near its points as the count and `bounds` leave it: out from the side,
            // or slid along the axis (where the canvas's edge cuts it), the least first.
            var best: (boxes: [Rect], outside: Int)?
            search: for (out, slide) in rowMoves {
                let placed = boxes(out: out, slide: slide)
                guard !placed.contains(where: { $0.intersects(clear) }) else { continue }
                let cut = outside(placed)
                if best.map({ cut < $0.outside }) ?? true { best = (placed, cut) }
                if cut == 0 { break search }
            }
            let placed = best?.boxes ?? boxes(out: 0, slide: 0)
            let letters = zip(sorted, placed).enumerated().map { i, pair in
                let others = placed.enumerated().filter { $0.offset != i }.map(\.element)
                return (pair.0.name, pair.1, leaderLine(from: pair.0.point, to: pair.1, gap: gap, avoiding: others))
            }
            return (letters, best?.outside ?? outside(placed))
        }
        let named = marks.compactMap { mark in mark.name.map { (point: mark.point, name: $0) } }
        let mirrored = zip(marks[(marks.count / 2)...], marks[..<(marks.count / 2)]).compactMap { mark, named in
            named.name.map { (point: mark.point, name: $0) }
        }
        let upper = row(named)
        guard upper.outside > 0 else { return upper.letters }
        let other = row(mirrored)
        return other.outside < upper.outside ? other.letters : upper.letters
    }

    /// The moves a row of letters tries, the least first: out from its side and along the
    /// axis either way, units. (Ties: nearer the side, then forward.)
    static let rowMoves: [(out: Double, slide: Double)] = {
        var moves: [(out: Double, slide: Double)] = []
        for out in stride(from: 0.0, through: 80, by: 2) {
            for slide in stride(from: -40.0, through: 40, by: 2) { moves.append((out, slide)) }
        }
        return moves.sorted { a, b in (abs(a.slide) + a.out, a.out, -a.slide) < (abs(b.slide) + b.out, b.out, -b.slide) }
    }()

    /// A leader from a dot at `p` (`gap` round it left clear) to `box` (a unit short of it),
    /// or nil where the two are too near for one: to the box's nearest point, or where that
    /// line would pass through one of `avoiding` (the other letters), to the nearest of its
    /// sides' middles and corners that it reaches clear of them.
    static func leaderLine(from p: Vec2, to box: Rect, gap: Double, avoiding: [Rect] = []) -> (Vec2, Vec2)? {
        let nearest = Vec2(min(max(p.x, box.x), box.maxX), min(max(p.y, box.y), box.maxY))
        guard (nearest - p).length > gap + 2 else { return nil }
        func leader(to q: Vec2) -> (Vec2, Vec2) {
            let d = q - p, u = d * (1 / d.length)
            return (p + u * gap, q - u)
        }
        let (x0, x1, xm) = (box.x, box.maxX, box.x + box.width / 2), (y0, y1, ym) = (box.y, box.maxY, box.y + box.height / 2)
        let targets = [nearest] + [Vec2(xm, y0), Vec2(xm, y1), Vec2(x0, ym), Vec2(x1, ym), Vec2(x0, y0), Vec2(x1, y0), Vec2(x0, y1),
                                   Vec2(x1, y1)].sorted { ($0 - p).length < ($1 - p).length }
        for q in targets where (q - p).length > gap + 2 {
            let (a, b) = leader(to: q)
            if !avoiding.contains(where: { $0.intersects(from: a, to: b) }) { return (a, b) }
        }
        return leader(to: nearest)
    }

    /// The construction's lines and marked points (named where labelled), scene units: the
    /// centre line home → badge; then the quad's A–O–D, B–P–C, A–B, C–D and its six points, or
    /// both sides' control polygons and points (the upper side's named). Past the break the
    /// centre line alone, its end at home marked (the home circle gone, it would point at
    /// nothing).
    static func parts(of pose: BadgePose, parameters: Parameters) -> (lines: [(Vec2, Vec2)], marks: [Mark]) {
        guard let bridge = parameters.bridge(of: pose) else {
            return ([(pose.home, pose.center)], pose.attached ? [] : [(pose.home, nil, false)])
        }
        return parts(of: bridge, home: Ball(center: pose.home, radius: pose.homeRadius), badge: Ball(center: pose.center, radius: pose.radius),
                     style: parameters.bridge.style)
    }

    /// The same for `bridge` between `home` and `badge` (a badge's and its home's, or two of the
    /// caterpillar's bodies) built in `style`.
    static func parts(of bridge: Bridge, home: Ball, badge: Ball, style: BridgeStyle) -> (lines: [(Vec2, Vec2)], marks: [Mark]) {
        var lines = [(home.center, badge.center)]
        if style == .quad,
            let q = QuadConstruction(home: home.center, homeRadius: home.radius, badge: badge.center, badgeRadius: badge.radius)
        {
            lines += [(q.a, q.o), (q.o, q.d), (q.b, q.p), (q.p, q.c), (q.a, q.b), (q.c, q.d)]
            // O and P are the quadratic sides' control points (off the curve): handles.
            return (lines, [(q.a, "A", false), (q.b, "B", false), (q.c, "C", false), (q.d, "D", false), (q.o, "O", true), (q.p, "P", true)])
        }
        // Both sides: the upper one and its mirror image.
        let names: [String] = style == .tangent ? ["p1", "h1", "h2", "p2"] : ["P1", "C1", "T", "C2", "P2"]
        var marks: [Mark] = []
        for (k, sign) in [1.0, -1.0].enumerated() {
            // Each point, and whether it is a handle (off the curve): a segment's start is on
            // it, its control points are not.
            var points: [(point: Vec2, handle: Bool)] = []
            let segments = [bridge.side.0, bridge.side.1].compactMap { $0 }
            for segment in segments {
                points.append((segment.p0, false))
                // Quadratic pieces show their own control point (the cubic form's handles are
                // two thirds of the way to it).
                points += style == .cubic ? [(segment.p0 + (segment.p1 - segment.p0) * 1.5, true)]
                    : [(segment.p1, true), (segment.p2, true)]
            }
            points.append((segments.last!.p3, false))
            let world = points.map { bridge.world(Vec2($0.point.x, sign * $0.point.y)) }
            lines += zip(world, world.dropFirst()).map { ($0, $1) }
            marks += zip(world, points).enumerated().map { i, mark in
                (mark.0, k == 0 && i < names.count ? names[i] : nil, mark.1.handle)
            }
        }
        return (lines, marks)
    }

    /// Every bridge's construction in `bridges` but its letters (the grid's badges, the
    /// caterpillar's goo, badges springing home: many at once, where letters would crowd), in
    /// `style`: its lines and points as `addConstruction` draws them (`cased` as there).
    static func addConstructions(of bridges: [(bridge: Bridge, home: Ball, badge: Ball)], style: BridgeStyle, scale: Double,
                                 deviceScale: Double, cased: Bool = false, keepingOff counts: [Rect] = [],
                                 into builder: inout MeshBuilder) {
        let pixel = 1 / scale, line = deviceScale * pixel, dot = 2.5 * deviceScale * pixel
        let all = bridges.map { parts(of: $0.bridge, home: $0.home, badge: $0.badge, style: style) }
        addParts(all, line: line, dot: dot, pixel: pixel, cased: cased, keepingOff: counts, into: &builder)
    }

    /// Draws constructions' lines and dots: `line` wide and `dot` in radius, each edge
    /// anti-aliased over `pixel`; with `cased`, all on their white casing first. A line stops a
    /// logical pixel short of each of `counts` (its ink, casing and edge clear of it) and goes
    /// on past it, so that a count it crosses (the centre line runs through the badge's) reads.
    static func addParts(_ all: [(lines: [(Vec2, Vec2)], marks: [Mark])], line: Double, dot: Double,
                         pixel: Double, cased: Bool, keepingOff counts: [Rect] = [], into builder: inout MeshBuilder) {
        let clear = clearance(of: counts, line: line, pixel: pixel, cased: cased)
        let all = all.map { parts in (lines: parts.lines.flatMap { outside(clear, from: $0.0, to: $0.1) }, marks: parts.marks) }
        if cased {
            let casing = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
            for (lines, marks) in all {
                for (a, b) in lines { builder.addLine(from: a, to: b, width: 3 * line, color: casing, feather: pixel) }
                for mark in marks { builder.addCircle(center: mark.point, radius: dot + line, color: casing, feather: pixel) }
            }
        }
        for (lines, marks) in all {
            for (a, b) in lines { builder.addLine(from: a, to: b, width: line, color: ink, feather: pixel) }
            for mark in marks {
                if mark.handle {
                    // A ring as wide as the lines, its outer edge the dot's: where a thin neck
                    // brings the two sides' handles together, each still reads as its own.
                    builder.addRing(center: mark.point, radius: dot - line / 2, width: line, color: ink, feather: pixel, tolerance: pixel / 4)
                } else {
                    builder.addCircle(center: mark.point, radius: dot, color: ink, feather: pixel)
                }
            }
        }
    }

    /// How the metaball pass draws its field (its construction): the tiles wholly inside,
    /// filled flat with nothing evaluated, washed pale; every tile's edges in ink, each edge once
    /// (neighbours share their line); each ball as a ring at its radius (a lone ball's contour;
    /// no dot at its centre, where a badge's count is). `scale`: device pixels per scene unit;
    /// `deviceScale`: per logical pixel, which the rings follow as `addConstruction`'s lines do.
    /// The tiles are `MetaballField.tilePixels` device pixels whatever the scale (a picture at
    /// 16x has sixteen times as many a side), so their edges are at most an eighth of a tile
    /// (2 device pixels): at a logical pixel they covered the field at --scale 16.
    /// The edges and rings stop short of `counts` as the bridge's lines do (`addParts`).
    static func addField(tiles: [Region], balls: [Ball], scale: Double, deviceScale: Double, keepingOff counts: [Rect] = [],
                         into builder: inout MeshBuilder) {
        let pixel = 1 / scale, line = deviceScale * pixel
        let edge = min(deviceScale, MetaballField.tilePixels / 8) * pixel
        for tile in tiles where tile.inside {
            builder.addRect(x0: tile.box.minX, y0: tile.box.minY, x1: tile.box.maxX, y1: tile.box.maxY, color: wash)
        }
        var vertical: [Edge] = [], horizontal: [Edge] = []
        vertical.reserveCapacity(2 * tiles.count)
        horizontal.reserveCapacity(2 * tiles.count)
        for tile in tiles {
            let b = tile.box
            vertical += [Edge(at: b.minX, from: b.minY, to: b.maxY), Edge(at: b.maxX, from: b.minY, to: b.maxY)]
            horizontal += [Edge(at: b.minY, from: b.minX, to: b.maxX), Edge(at: b.maxY, from: b.minX, to: b.maxX)]
        }
        let clear = clearance(of: counts, line: line, pixel: pixel, cased: false)
        let edges = Edge.joined(vertical, pixel: pixel).map { (Vec2($0.at, $0.from), Vec2($0.at, $0.to)) }
            + Edge.joined(horizontal, pixel: pixel).map { (Vec2($0.from, $0.at), Vec2($0.to, $0.at)) }
        for (a, b) in edges {
            for (a, b) in outside(clear, from: a, to: b) { builder.addLine(from: a, to: b, width: edge, color: tileInk, feather: pixel) }
        }
        for ball in balls where ball.radius > 0 {
            let c = ball.center, r = ball.radius + line
            guard clear.contains(where: { $0.intersects(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) }) else {
                builder.addRing(center: c, radius: ball.radius, width: line, color: ink, feather: pixel, tolerance: pixel / 4)
                continue
            }
            // A ring by a count: its chords (each within a quarter pixel of the circle), cut there.
            let n = MeshBuilder.ringCorners(radius: ball.radius, tolerance: pixel / 4)
            let points = (0...n).map { c + Vec2(cos(2 * Double.pi * Double($0) / Double(n)), sin(2 * Double.pi * Double($0) / Double(n))) * ball.radius }
            for (a, b) in zip(points, points.dropFirst()) {
                for (a, b) in outside(clear, from: a, to: b) { builder.addLine(from: a, to: b, width: line, color: ink, feather: pixel) }
            }
        }
    }

    /// The boxes `counts` grown so that a line `line` wide (on its casing, `cased`) and its
    /// edge stop a logical pixel short of each.
    static func clearance(of counts: [Rect], line: Double, pixel: Double, cased: Bool) -> [Rect] {
        let grow = (cased ? 1.5 : 0.5) * line + pixel + line
        return counts.map { $0.grown(by: grow) }
    }

    /// The segment from `a` to `b` less its parts within each of `boxes`.
    static func outside(_ boxes: [Rect], from a: Vec2, to b: Vec2) -> [(Vec2, Vec2)] {
        boxes.reduce([(a, b)]) { pieces, box in pieces.flatMap { box.outside(from: $0.0, to: $0.1) } }
    }

    /// The inside tiles' wash, and the tiles' edges (a little lighter than the balls' ink, which
    /// lies over them).
    static let wash = Color(red: 1, green: 1, blue: 1, alpha: 0.45)
    static let tileInk = Color(red: 0.12, green: 0.23, blue: 0.54, alpha: 0.75)

    /// An axis-aligned segment of tile edges: at x (or y), from one end to the other.
    struct Edge: Equatable {
        var at, from, to: Double

        /// The edges on one line joined where they meet or overlap, so that each stretch is
        /// drawn once: lines are one when they round to the same 1/64 of a device pixel (a
        /// tile's edges are its neighbours' to rounding).
        static func joined(_ edges: [Edge], pixel: Double) -> [Edge] {
            let close = pixel / 64
            func line(_ edge: Edge) -> Double { (edge.at / close).rounded() }
            let sorted = edges.sorted { (line($0), $0.from) < (line($1), $1.from) }
            var out: [Edge] = []
            for edge in sorted {
                if var last = out.last, line(edge) == line(last), edge.from <= last.to + close {
                    last.to = max(last.to, edge.to)
                    out[out.count - 1] = last
                } else {
                    out.append(edge)
                }
            }
            return out
        }
    }

    /// Every triangle edge of the shapes as they are now (taken before adding the lines); the
    /// counts' glyph quads are text, not shape, and are left out.
    static func addWireframe(scale: Double, into builder: inout MeshBuilder) {
        let mesh = builder.mesh
        let line = 1 / scale
        for t in 0..<mesh.triangleCount {
            let v = (0..<3).map { mesh.vertices[Int(mesh.indices[3 * t + $0])] }
            if v[0].radius == Vertex.glyphMarker { continue }
            for k in 0..<3 {
                let a = v[k], b = v[(k + 1) % 3]
                builder.addLine(from: Vec2(Double(a.x), Double(a.y)), to: Vec2(Double(b.x), Double(b.y)), width: line * 0.75,
                                color: wire, feather: line * 0.5)
            }
        }
    }
}
