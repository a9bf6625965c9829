// Overlays that show how a picture is built: the bridge's construction and the triangles.

import Foundation
import Geometry
import Motion
import Typography

/// Adds the construction of a held badge's bridge, or the mesh's triangle edges, to a mesh.
enum ConstructionPainter {
    static let ink = Color(red: 0.12, green: 0.23, blue: 0.54)
    static let wire = Color(red: 0, green: 0, blue: 0, alpha: 0.55)

    /// The seeds' points A, B, C, D, O, P (quad), or each side segment's end points and handles
    /// (cubic, tangent), with the control polygons, the centre line and labels. Returns the
    /// labels' boxes, scene units. `scale`: device pixels per scene unit; `deviceScale`: device
    /// pixels per logical pixel (the window's content scale, render's --scale), which the
    /// lines' and dots' width follow as the labels' size does: one logical pixel and 2.5, each
    /// edge anti-aliased over one device pixel.
    @discardableResult
    static func addConstruction(of pose: BadgePose, parameters: Parameters, scale: Double, deviceScale: Double, atlas: GlyphAtlas?,
                                into builder: inout MeshBuilder) -> [Rect] {
        let pixel = 1 / scale, line = deviceScale * pixel, dot = 2.5 * deviceScale * pixel
        builder.addLine(from: pose.home, to: pose.center, width: line, color: ink, feather: pixel)
        guard let bridge = parameters.bridge(of: pose) else {
            // Past the break (the home circle gone): the line's end at home marked, so that it
            // does not point at nothing.
            if !pose.attached { builder.addCircle(center: pose.home, radius: dot, color: ink, feather: pixel) }
            return []
        }
        // Labels go where they collide with no other label, no marked point and not the
        // badge's count (its ink lies within 1.4 R by 0.8 R about the centre; 2 units round it
        // kept free): the first free place round their point, starting away from the bridge's
        // middle; each on a white halo, so that it reads on the red fill.
        let c = pose.center, r = pose.radius
        var placed: [Rect] = [Rect(x: c.x - 0.7 * r - 2, y: c.y - 0.4 * r - 2, width: 1.4 * r + 4, height: 0.8 * r + 4)]
        var marks: [Vec2] = []
        let pen = HUDPen(scale: scale, atlas: atlas)
        func label(_ text: String, at p: Vec2, away from: Vec2) {
            guard let atlas else { return }
            let size = 11.0, width = pen.width(of: text, size: size), height = 9.0
            let direction = p - from
            let start = direction.length > 0 ? atan2(direction.y, direction.x) : -Double.pi / 2
            var best: Rect?
            search: for distance in [9.0, 14, 20, 28] {
                for k in 0..<12 {
                    let angle = start + Double((k + 1) / 2) * (k % 2 == 0 ? 1 : -1) * Double.pi / 6
                    let centre = p + Vec2(cos(angle), sin(angle)) * distance
                    let box = Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
                    let clearance = Rect(x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6)
                    let free = !placed.contains { $0.intersects(box) } && !box.contains(p)
                        && !marks.contains { $0 != p && clearance.contains($0) }
                    if free {
                        best = box
                        break search
                    }
                    if best == nil { best = box }
                }
            }
            guard let box = best else { return }
            placed.append(box)
            let halo = Color(red: 1, green: 1, blue: 1, alpha: 0.9), e = line
            for (dx, dy) in [(-1.0, 0.0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)] {
                builder.addText(text, x: box.x + dx * e, y: box.maxY + dy * e, size: size, scale: scale, color: halo, atlas: atlas)
            }
            builder.addText(text, x: box.x, y: box.maxY, size: size, scale: scale, color: ink, atlas: atlas)
        }
        func mark(_ p: Vec2, _ name: String?, away from: Vec2) {
            builder.addCircle(center: p, radius: dot, color: ink, feather: pixel)
            if let name { label(name, at: p, away: from) }
        }
        let middle = pose.home.mix(pose.center, 0.5)
        if parameters.bridge.style == .quad,
            let q = QuadConstruction(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius)
        {
            for (a, b) in [(q.a, q.o), (q.o, q.d), (q.b, q.p), (q.p, q.c), (q.a, q.b), (q.c, q.d)] {
                builder.addLine(from: a, to: b, width: line, color: ink, feather: pixel)
            }
            let points = [(q.a, "A"), (q.b, "B"), (q.c, "C"), (q.d, "D"), (q.o, "O"), (q.p, "P")]
            marks = points.map(\.0)
            for (p, name) in points { mark(p, name, away: middle) }
            return Array(placed.dropFirst())
        }
        // Both sides: the upper one and its mirror image.
        let names: [String] = parameters.bridge.style == .tangent ? ["p1", "h1", "h2", "p2"] : ["P1", "C1", "T", "C2", "P2"]
        let sides = [1.0, -1.0].map { sign -> [Vec2] in
            var points: [Vec2] = []
            let segments = [bridge.side.0, bridge.side.1].compactMap { $0 }
            for segment in segments {
                // Quadratic pieces show their own control point (the cubic form's handles are
                // two thirds of the way to it).
                points += parameters.bridge.style == .cubic ? [segment.p0, segment.p0 + (segment.p1 - segment.p0) * 1.5]
                    : [segment.p0, segment.p1, segment.p2]
            }
            points.append(segments.last!.p3)
            return points.map { bridge.world(Vec2($0.x, sign * $0.y)) }
        }
        marks = sides.flatMap { $0 }
        for (k, world) in sides.enumerated() {
            for (a, b) in zip(world, world.dropFirst()) { builder.addLine(from: a, to: b, width: line, color: ink, feather: pixel) }
            for (i, p) in world.enumerated() { mark(p, k == 0 && i < names.count ? names[i] : nil, away: middle) }
        }
        return Array(placed.dropFirst())
    }

    /// How the metaball pass draws its field (its construction): the tiles wholly inside,
    /// filled flat with nothing evaluated, washed pale; every tile's edges in ink, each edge once
    /// (neighbours share their line); each ball as a ring at its radius (a lone ball's contour;
    /// no dot at its centre, where a badge's count is). `scale`: device pixels per scene unit;
    /// `deviceScale`: per logical pixel, which the lines follow as `addConstruction`'s do.
    static func addField(tiles: [Region], balls: [Ball], scale: Double, deviceScale: Double, into builder: inout MeshBuilder) {
        let pixel = 1 / scale, line = deviceScale * pixel
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
        for edge in Edge.joined(vertical, pixel: pixel) {
            builder.addLine(from: Vec2(edge.at, edge.from), to: Vec2(edge.at, edge.to), width: line, color: tileInk, feather: pixel)
        }
        for edge in Edge.joined(horizontal, pixel: pixel) {
            builder.addLine(from: Vec2(edge.from, edge.at), to: Vec2(edge.to, edge.at), width: line, color: tileInk, feather: pixel)
        }
        for ball in balls where ball.radius > 0 {
            builder.addRing(center: ball.center, radius: ball.radius, width: line, color: ink, feather: pixel, tolerance: pixel / 4)
        }
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
