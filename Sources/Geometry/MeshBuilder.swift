// Turns circles and bridges into one anti-aliased triangle mesh, reusing its storage every frame.

import Foundation

/// Builds the frame's `Mesh`. Reuse one builder: after the first frames it allocates nothing.
///
/// Anti-aliasing: a bridge is filled shrunk by half a device pixel along its curved sides and
/// edged with a one-pixel fringe whose coverage falls linearly from 1 to 0 (the scheme of
/// NanoVG), so an edge pixel's coverage is about its area inside the exact outline. Circles are
/// quads whose coverage the fragment shader computes from the exact distance to the centre.
public struct MeshBuilder: Sendable {
    public private(set) var mesh = Mesh()
    /// Most segments one Bézier segment is cut into, whatever its size.
    public static let maximumSteps = 1024

    /// The flattened side (w ≥ 0 over s), each point with its curve parameter: segment index + t.
    private var side = ScratchRun(blank: SidePoint(point: .zero, parameter: 0))
    /// The side's segments in power form, for the flattening and the area integrals.
    private var first = CubicPolynomial(.line(.zero, .zero))
    private var second = CubicPolynomial(.line(.zero, .zero))
    /// ∫ w ds over the whole first segment.
    private var firstArea = 0.0
    /// The side's cross-sections moved half a feather in and out (`offsetSide`).
    private var sections = ScratchRun(blank: Section(inner: .zero, outer: .zero, alpha: 0))
    /// `appendBatch`'s scratch: a batch's vertices and kept indices before they join the mesh.
    private var batchVertices: [Vertex] = []
    private var batchIndices: [UInt32] = []

    /// Coordinates beyond this are refused: they would not survive the conversion to Float.
    static let coordinateLimit = 1e30

    public init() {}

    /// Empties the mesh, keeping all storage.
    public mutating func reset() {
        mesh.removeAll()
    }

    /// How much the mesh holds now, to go back to with `truncate(to:)`.
    public var mark: (vertices: Int, indices: Int) { (mesh.vertices.count, mesh.indices.count) }

    /// Drops what was added since `mark` was read (a part drawn before it was known to be
    /// covered), keeping all storage.
    public mutating func truncate(to mark: (vertices: Int, indices: Int)) {
        guard mark.vertices <= mesh.vertices.count, mark.indices <= mesh.indices.count else { return }
        mesh.vertices.removeSubrange(mark.vertices...)
        mesh.indices.removeSubrange(mark.indices...)
    }

    /// Adds a disc drawn analytically: a quad one feather wider than the circle.
    ///
    /// - Parameter feather: the anti-aliasing width, one device pixel in scene units.
    public mutating func addCircle(center: Vec2, radius: Double, color: Color, feather: Double) {
        guard radius > 0, center.isFinite, radius.isFinite,
            max(abs(center.x), abs(center.y)) + radius < MeshBuilder.coordinateLimit
        else { return }
        let e = radius + max(feather, 0)
        let packed = color.packed
        let base = UInt32(mesh.vertices.count)
        func corner(_ dx: Double, _ dy: Double) -> Vertex {
            Vertex(
                x: Float(center.x + dx), y: Float(center.y + dy), localX: Float(dx), localY: Float(dy),
                radius: Float(radius), alpha: 1, color: packed)
        }
        mesh.vertices.append(corner(-e, -e))
        mesh.vertices.append(corner(e, -e))
        mesh.vertices.append(corner(e, e))
        mesh.vertices.append(corner(-e, e))
        triangle(base, base + 1, base + 2)
        triangle(base, base + 2, base + 3)
    }

    /// Adds a textured quad: a glyph's atlas rectangle (u, v in texels) drawn over a scene
    /// rectangle; its coverage is the atlas texel's (the vertex radius −2 marks it).
    public mutating func addGlyph(
        x0: Double, y0: Double, x1: Double, y1: Double, u0: Double, v0: Double, u1: Double, v1: Double, color: Color
    ) {
        guard x1 > x0, y1 > y0, abs(x0) + abs(y0) + abs(x1) + abs(y1) < MeshBuilder.coordinateLimit else { return }
        let packed = color.packed
        let base = UInt32(mesh.vertices.count)
        func corner(_ x: Double, _ y: Double, _ u: Double, _ v: Double) -> Vertex {
            Vertex(x: Float(x), y: Float(y), localX: Float(u), localY: Float(v), radius: Vertex.glyphMarker, alpha: 1, color: packed)
        }
        mesh.vertices.append(corner(x0, y0, u0, v0))
        mesh.vertices.append(corner(x1, y0, u1, v0))
        mesh.vertices.append(corner(x1, y1, u1, v1))
        mesh.vertices.append(corner(x0, y1, u0, v1))
        triangle(base, base + 1, base + 2)
        triangle(base, base + 2, base + 3)
    }

    /// Adds a flat axis-aligned rectangle (panels and bars of the HUD).
    public mutating func addRect(x0: Double, y0: Double, x1: Double, y1: Double, color: Color) {
        guard x1 > x0, y1 > y0, abs(x0) + abs(y0) + abs(x1) + abs(y1) < MeshBuilder.coordinateLimit else { return }
        let packed = color.packed
        let base = UInt32(mesh.vertices.count)
        mesh.vertices.append(Vertex(x: Float(x0), y: Float(y0), alpha: 1, color: packed))
        mesh.vertices.append(Vertex(x: Float(x1), y: Float(y0), alpha: 1, color: packed))
        mesh.vertices.append(Vertex(x: Float(x1), y: Float(y1), alpha: 1, color: packed))
        mesh.vertices.append(Vertex(x: Float(x0), y: Float(y1), alpha: 1, color: packed))
        triangle(base, base + 1, base + 2)
        triangle(base, base + 2, base + 3)
    }

    /// Adds a straight line of `width` scene units, with a coverage fringe of `feather` on each
    /// side (an overlay: construction lines, wireframes).
    public mutating func addLine(from a: Vec2, to b: Vec2, width: Double, color: Color, feather: Double) {
        let d = b - a
        let length = d.length
        guard length > 0, a.isFinite, b.isFinite,
            max(abs(a.x), abs(a.y), abs(b.x), abs(b.y)) < MeshBuilder.coordinateLimit
        else { return }
        let n = d.perpendicular / length
        let core = max(0, (width - feather) / 2), outer = core + feather
        let packed = color.packed
        let base = UInt32(mesh.vertices.count)
        // Offsets from the top edge of the fringe to the bottom one, at a and then at b.
        for end in [a, b] {
            for (offset, alpha) in [(outer, Float(0)), (core, 1), (-core, 1), (-outer, 0)] as [(Double, Float)] {
                let p = end + n * offset
                mesh.vertices.append(Vertex(x: Float(p.x), y: Float(p.y), alpha: alpha, color: packed))
            }
        }
        for k in UInt32(0)..<3 {
            triangle(base + k, base + k + 1, base + 4 + k + 1)
            triangle(base + k, base + 4 + k + 1, base + 4 + k)
        }
    }

    /// How many corners a polygon round a circle of `radius` needs for each chord to lie within
    /// `tolerance` of it (12 to 1024): the chord of an arc of angle a misses it by r(1 − cos(a/2)).
    public static func ringCorners(radius: Double, tolerance: Double) -> Int {
        let step = 2 * acos(max(-1, 1 - tolerance / radius))
        return min(max(Int((2 * Double.pi / step).rounded(.up)), 12), 1024)
    }

    /// Adds a circle's outline: a closed band `width` scene units wide about `radius`, with the
    /// fringes of `addLine`, its polygon's corners within `tolerance` of the circle. One strip,
    /// so that no pixel of it is covered twice (a ring of separate lines darkens at each joint).
    public mutating func addRing(center: Vec2, radius: Double, width: Double, color: Color, feather: Double, tolerance: Double) {
        guard radius > 0, width > 0, tolerance > 0, center.isFinite, radius.isFinite,
            max(abs(center.x), abs(center.y)) + radius + width + feather < MeshBuilder.coordinateLimit
        else { return }
        let core = max(0, (width - feather) / 2), outer = core + max(feather, 0)
        let count = MeshBuilder.ringCorners(radius: radius + outer, tolerance: tolerance)
        let packed = color.packed
        let base = UInt32(mesh.vertices.count)
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            let u = Vec2(cos(angle), sin(angle))
            // addLine's order across the band (its normal points inwards here: the ring runs
            // with the angle), so its triangles turn the same way.
            for (offset, alpha) in [(-outer, Float(0)), (-core, 1), (core, 1), (outer, 0)] as [(Double, Float)] {
                let p = center + u * (radius + offset)
                mesh.vertices.append(Vertex(x: Float(p.x), y: Float(p.y), alpha: alpha, color: packed))
            }
        }
        for i in 0..<UInt32(count) {
            let a = base + 4 * i, b = base + 4 * ((i + 1) % UInt32(count))
            for k in UInt32(0)..<3 {
                triangle(a + k, a + k + 1, b + k + 1)
                triangle(a + k, b + k + 1, b + k)
            }
        }
    }

    /// Flattens the bridge's sides to within `tolerance` (scene units) and adds it.
    ///
    /// - Parameter feather: the anti-aliasing width, one device pixel in scene units;
    ///   0 adds the exact outline's polygon with no fringe.
    public mutating func addBridge(_ bridge: Bridge, color: Color, tolerance: Double, feather: Double) {
        guard tolerance > 0, tolerance.isFinite, bridge.origin.isFinite,
            max(abs(bridge.origin.x), abs(bridge.origin.y)) + bridge.length < MeshBuilder.coordinateLimit
        else { return }
        side.removeAll()
        first = CubicPolynomial(bridge.side.0)
        firstArea = first.integralYdX(to: 1)
        if let curve = bridge.side.1 { second = CubicPolynomial(curve) }
        flatten(bridge.side.0, segment: 0, tolerance: tolerance, feather: feather)
        if let second = bridge.side.1 { flatten(second, segment: 1, tolerance: tolerance, feather: feather) }
        guard side.count >= 2, side.read({ $0.allSatisfy(\.point.isFinite) }) else { return }
        balanceArea()
        let packed = color.packed
        if feather <= 0 {
            appendOutline(bridge: bridge, color: packed)
            return
        }
        offsetSide(by: 0.5 * feather)
        appendFillAndFringe(bridge: bridge, color: packed, feather: feather)
    }

    /// Appends the flattened curve (p0 too for the first segment), keeping s strictly increasing.
    ///
    /// Steps of equal parameter keep every chord within `tolerance` of the curve, which is
    /// plenty where the bridge is pixels wide but not where it is thinner than `feather`: a
    /// taper to a point leaves its tip along the axis (w grows like s²), and one chord from the
    /// tip over the first step drew a wedge 2 to 5 times the true width over its last pixels. So
    /// a step whose ends are both under `thinWidth` feathers from the axis is halved while its
    /// middle lies more than `thinError` feathers off the chord (at most `thinDepth` times).
    private mutating func flatten(_ curve: CubicBezier, segment: Int, tolerance: Double, feather: Double) {
        let polynomial = segment == 0 ? first : second
        let n = curve.flatteningSteps(tolerance: tolerance, limit: MeshBuilder.maximumSteps)
        let thin = feather > 0 ? MeshBuilder.thinWidth * feather : 0, error = MeshBuilder.thinError * feather
        side.append(upTo: n + 1 + MeshBuilder.thinPoints) { side, start in
            var count = start, extra = 0
            func add(_ p: Vec2, _ u: Double, last: Bool) {
                if count > 0, p.x <= side[count - 1].point.x {
                    // A vertical run: keep the later point, so the side still ends where the curve does.
                    if last, count > 1 { side[count - 1] = SidePoint(point: p, parameter: u) }
                    return
                }
                side[count] = SidePoint(point: p, parameter: u)
                count += 1
            }
            /// The points strictly between (t0, p0) and (t1, p1) that a thin step needs.
            func refine(_ t0: Double, _ p0: Vec2, _ t1: Double, _ p1: Vec2, depth: Int) {
                guard depth < MeshBuilder.thinDepth, extra < MeshBuilder.thinPoints, max(p0.y, p1.y) < thin, p1.x > p0.x else { return }
                let t = 0.5 * (t0 + t1), p = polynomial.point(at: t)
                let chord = p0.y + (p1.y - p0.y) * (p.x - p0.x) / (p1.x - p0.x)
                guard abs(p.y - chord) > error else { return }
                refine(t0, p0, t, p, depth: depth + 1)
                if extra < MeshBuilder.thinPoints {
                    extra += 1
                    add(p, Double(segment) + t, last: false)
                }
                refine(t, p, t1, p1, depth: depth + 1)
            }
            if segment == 0 { add(curve.p0, 0, last: false) }
            var previous = (t: 0.0, p: curve.p0)
            for i in 1...n {
                let t = Double(i) / Double(n)
                let p = i == n ? curve.p3 : polynomial.point(at: t)
                refine(previous.t, previous.p, t, p, depth: 0)
                add(p, Double(segment) + t, last: i == n)
                previous = (t, p)
            }
            return count
        }
    }

    /// Where a step of the side is halved (`flatten`): both its ends nearer the axis than this
    /// many feathers, its middle farther than `thinError` feathers off its chord; at most
    /// `thinDepth` halvings, `thinPoints` points more a segment.
    static let thinWidth = 2.0
    static let thinError = 0.01
    static let thinDepth = 6
    static let thinPoints = 128

    /// Moves the side's points across the axis so that the polygon encloses the exact area.
    /// Chords of a curving side all lie on one side of it, so points left on the curve would
    /// lose (or gain) area systematically. Each point first moves by the mean of the adjacent
    /// chords' area deficits per unit length (about ⅔ of their sagitta, which leaves the polyline
    /// nearer the curve than before); what that leaves over, where neighbouring chords differ,
    /// is then spread evenly over the points that can move (w stays ≥ 0).
    private mutating func balanceArea() {
        let first = self.first, second = self.second, firstArea = self.firstArea
        /// ∫ w ds from the side's start to the curve parameter u (segment index + t).
        func primitive(_ u: Double) -> Double {
            u <= 1 ? first.integralYdX(to: u) : firstArea + second.integralYdX(to: u - 1)
        }
        side.modify { side in
            let n = side.count - 1
            guard n >= 1 else { return }
            var previous = 0.0, pending = 0.0
            var exact = 0.0
            // ∫ w ds from the start to each point, once a point (each chord's area is the difference).
            var before = primitive(side[0].parameter)
            for i in 0...n {
                var deficit = previous
                if i < n {
                    let a = side[i].point, b = side[i + 1].point
                    let after = primitive(side[i + 1].parameter)
                    let area = after - before
                    before = after
                    exact += area
                    let perLength = (area - 0.5 * (a.y + b.y) * (b.x - a.x)) / (b.x - a.x)
                    deficit = i == 0 ? perLength : 0.5 * (previous + perLength)
                    previous = perLength
                }
                // The original neighbours are used for the next chord: move this point after it.
                if i > 0 { side[i - 1].point.y = max(0, side[i - 1].point.y + pending) }
                pending = deficit
            }
            side[n].point.y = max(0, side[n].point.y + pending)
            for _ in 0..<2 {
                var polygon = 0.0, movable = 0.0
                for i in 0..<n {
                    let a = side[i].point, b = side[i + 1].point, ds = b.x - a.x
                    polygon += 0.5 * (a.y + b.y) * ds
                }
                let residual = exact - polygon
                for i in 0...n where residual > 0 || side[i].point.y > 0 {
                    movable += 0.5 * ((i > 0 ? side[i].point.x - side[i - 1].point.x : 0)
                                      + (i < n ? side[i + 1].point.x - side[i].point.x : 0))
                }
                guard movable > 0, residual != 0 else { return }
                let shift = residual / movable
                for i in 0...n where residual > 0 || side[i].point.y > 0 {
                    side[i].point.y = max(0, side[i].point.y + shift)
                }
            }
        }
    }

    /// Fills `sections` with the side moved by ∓`half` along its normals, and the coverage at
    /// the inner points.
    ///
    /// Each cross-section is then a pixel-wide box filter of the true width 2w: coverage a =
    /// min(1, 2w/feather) within |w'| ≤ |w − half| and falling linearly to 0 at w + half. Sampled at
    /// pixel centres, one pixel apart, it sums to exactly 2w wherever the axis lies. Where the neck
    /// is thinner than a pixel (w < half) the inner point crosses the axis: it is reflected back,
    /// and the plateau between the two inner sides takes alpha 2w/feather instead of 1, so a taper
    /// fades out instead of ending in a one-pixel line. Where w crosses `half` between two
    /// points, a cross-section is added at the crossing: the inner offset |w − half| has a kink
    /// there, which a chord between the neighbours (they may be many pixels apart on a gently
    /// curving side) would cut, thinning the neck where it is one to two pixels wide.
    private mutating func offsetSide(by half: Double) {
        let side = self.side
        sections.removeAll()
        // At most two cross-sections a point: its own, and one where w crosses `half` after it.
        sections.append(upTo: 2 * side.count) { sections, _ in
            side.read { side in
                var count = 0
                func add(_ p: Vec2, normal: Vec2) {
                    var a = p - normal * half
                    a.y = abs(a.y)
                    sections[count] = Section(inner: a, outer: p + normal * half, alpha: Float(min(1, max(0, p.y / half))))
                    count += 1
                }
                let last = side.count - 1
                for i in 0...last {
                    let tangent = side[min(i + 1, last)].point - side[max(i - 1, 0)].point
                    let length = tangent.length
                    let p = side[i].point
                    add(p, normal: length > 0 ? tangent.perpendicular / length : Vec2(0, 1))
                    if i < last, (p.y - half) * (side[i + 1].point.y - half) < 0 {
                        let chord = side[i + 1].point - p
                        let t = (half - p.y) / (side[i + 1].point.y - p.y)
                        let chordLength = chord.length
                        add(p + chord * t, normal: chordLength > 0 ? chord.perpendicular / chordLength : Vec2(0, 1))
                    }
                }
                return count
            }
        }
    }

    /// The exact outline's polygon: the region between the side and its mirror image, as
    /// trapezoids cut in two (no fringe).
    private mutating func appendOutline(bridge: Bridge, color: UInt32) {
        let side = self.side
        let n = side.count
        guard n >= 2 else { return }
        side.read { side in
            appendBatch(vertexCount: 2 * n, maxIndexCount: 6 * (n - 1)) { v, emit in
                for (i, p) in side.enumerated() {
                    v[2 * i] = MeshBuilder.vertex(bridge.world(p.point), alpha: 1, color: color)
                    v[2 * i + 1] = MeshBuilder.vertex(bridge.world(Vec2(p.point.x, -p.point.y)), alpha: 1, color: color)
                }
                for i in 0..<(n - 1) {
                    let upper = 2 * i, lower = upper + 1
                    emit(upper, lower, lower + 2)
                    emit(upper, lower + 2, upper + 2)
                }
            }
        }
    }

    /// The fill and the fringe, over four vertices a cross-section (the inner point, the outer
    /// one, and their mirror images). First the fill: the region between the inner side and its
    /// mirror image, as trapezoids cut in two, over the inner points left when those that would
    /// make s go backward are dropped (a fold of the offset curve where it bends tighter than
    /// the offset). Then the one-pixel coverage ramp along both curved sides, from each inner
    /// point's coverage to 0 at the outer one; it pairs every inner point with its outer one,
    /// so it keeps them all.
    private mutating func appendFillAndFringe(bridge: Bridge, color: UInt32, feather: Double) {
        guard self.sections.count >= 2 else { return }
        // Near each circle the fringe lies over the circle's own soft edge, and "over" would
        // stack the two (1 − (1 − c)², up to a quarter too much where they coincide): the
        // fringe's vertices within 3 device pixels of a circle carry it (`Vertex.circleMarker`
        // less its radius, `local` the offset from its centre), and the fill shader draws there
        // only what the circle does not already cover. The circles: the side's ends lie on them.
        let end = (bridge.side.1 ?? bridge.side.0).p3
        let circles = [(center: Vec2.zero, radius: bridge.side.0.p0.length),
                       (center: Vec2(bridge.length, 0), radius: (end - Vec2(bridge.length, 0)).length)]
        let near = 3 * feather
        // The first section nearer the badge. Sections before it are placed about the home
        // circle, it and those after about the badge; the quads between it and the one before
        // use a copy of it placed about the home circle (after the others), so that no triangle
        // mixes the two circles' offsets. Where those quads reach the badge's edge (a straight
        // side flattened to a few points: a quad bridge between circles of one size, the goo
        // caterpillar's), a section is put in halfway along, on them, so that the part near the
        // badge is placed about it (placed about the home circle, it stacked on the badge's edge,
        // up to 0.25 too much coverage).
        let half = 0.5 * bridge.length
        let middle = self.sections.read { $0.firstIndex { $0.inner.x >= half } } ?? self.sections.count
        if middle > 0, middle < self.sections.count {
            let (before, at) = self.sections.read { ($0[middle - 1], $0[middle]) }
            if at.inner.x > half, abs(at.outer.distance(to: circles[1].center) - circles[1].radius) <= near {
                let t = (half - before.inner.x) / (at.inner.x - before.inner.x)
                let halfway = Section(inner: before.inner.mix(at.inner, t), outer: before.outer.mix(at.outer, t),
                                      alpha: before.alpha + Float(t) * (at.alpha - before.alpha))
                self.sections.append(upTo: 1) { sections, count in
                    for k in stride(from: count, to: middle, by: -1) { sections[k] = sections[k - 1] }
                    sections[middle] = halfway
                    return count + 1
                }
            }
        }
        let sections = self.sections
        let n = sections.count
        let copied = middle > 0 && middle < n
        sections.read { sections in
            /// Whether section i's fringe lies within reach of its circle's edge.
            func isNear(_ i: Int) -> Bool {
                guard i >= 0, i < n else { return false }
                let circle = circles[i < middle ? 0 : 1]
                return abs(sections[i].outer.distance(to: circle.center) - circle.radius) <= near
            }
            appendBatch(vertexCount: 4 * n + (copied ? 4 : 0), maxIndexCount: 18 * (n - 1)) { v, emit in
                /// Writes section i's four vertices at `at`, placed about `side`'s circle; `marked`:
                /// whether it or a section next to it is near (`isNear`: a triangle takes its marker
                /// from its last vertex, which may be the next section's or the one before's).
                func place(_ i: Int, at: Int, side: Int, marked: Bool) {
                    let section = sections[i], a = section.inner, b = section.outer
                    let circle = circles[side]
                    let marker = marked ? Vertex.circleMarker - Float(circle.radius) : -1
                    let centre = bridge.world(circle.center)
                    func vertex(_ p: Vec2, alpha: Float) -> Vertex {
                        let q = bridge.world(p)
                        return Vertex(x: Float(q.x), y: Float(q.y), localX: Float(q.x - centre.x), localY: Float(q.y - centre.y),
                                      radius: marker, alpha: alpha, color: color)
                    }
                    v[at] = vertex(a, alpha: section.alpha)
                    v[at + 1] = vertex(b, alpha: 0)
                    v[at + 2] = vertex(Vec2(a.x, -a.y), alpha: section.alpha)
                    v[at + 3] = vertex(Vec2(b.x, -b.y), alpha: 0)
                }
                // (Each section's nearness found once, in a window of three down the sections.)
                var before = false, here = isNear(0)
                for i in 0..<n {
                    let next = isNear(i + 1)
                    place(i, at: 4 * i, side: i < middle ? 0 : 1, marked: before || here || next)
                    (before, here) = (here, next)
                }
                if copied { place(middle, at: 4 * n, side: 0, marked: isNear(middle - 1) || isNear(middle) || isNear(middle + 1)) }
                /// Where section i's vertices are for a quad from a section before it.
                func after(_ from: Int, _ i: Int) -> Int { copied && from < middle && i == middle ? 4 * n : 4 * i }
                var kept = 0
                // (Written as "not at or behind", so that a point that compares as neither, a NaN,
                // is kept as it was before the fill shared these vertices.)
                for i in 1..<n where !(sections[i].inner.x <= sections[kept].inner.x) {
                    let upper = 4 * kept, lower = upper + 2, nextUpper = after(kept, i), nextLower = nextUpper + 2
                    emit(upper, lower, nextLower)
                    emit(upper, nextLower, nextUpper)
                    kept = i
                }
                for i in 0..<(n - 1) {
                    let up = 4 * i, next = after(i, i + 1)
                    emit(up, next, next + 1)
                    emit(up, next + 1, up + 1)
                    emit(up + 2, next + 3, next + 2)
                    emit(up + 2, up + 3, next + 3)
                }
            }
        }
    }

    @inline(__always)
    static func vertex(_ p: Vec2, alpha: Float, color: UInt32) -> Vertex {
        Vertex(x: Float(p.x), y: Float(p.y), alpha: alpha, color: color)
    }

    /// Appends `vertexCount` vertices and up to `maxIndexCount` indices in one go: `fill` writes
    /// the vertices (indices relative to the batch) and calls `emit` for each triangle, which
    /// keeps it only if, in the Float positions, it has positive area (a fold, or a sliver that
    /// rounding flattened, is dropped rather than drawn inverted). The batch is written into
    /// scratch storage and copied onto the mesh whole: one growth check per batch instead of one
    /// per element, and no element written twice.
    @inline(__always)
    private mutating func appendBatch(
        vertexCount: Int, maxIndexCount: Int,
        _ fill: (UnsafeMutableBufferPointer<Vertex>, (Int, Int, Int) -> Void) -> Void
    ) {
        var vertices: [Vertex] = [], indices: [UInt32] = []
        swap(&vertices, &batchVertices)
        swap(&indices, &batchIndices)
        defer {
            swap(&vertices, &batchVertices)
            swap(&indices, &batchIndices)
        }
        if vertices.count < vertexCount {
            let blank = Vertex(x: 0, y: 0, color: 0)
            vertices.append(contentsOf: repeatElement(blank, count: max(vertexCount, 2 * vertices.count) - vertices.count))
        }
        if indices.count < maxIndexCount {
            indices.append(contentsOf: repeatElement(0, count: max(maxIndexCount, 2 * indices.count) - indices.count))
        }
        let base = UInt32(mesh.vertices.count)
        var written = 0
        vertices.withUnsafeMutableBufferPointer { all in
            let batch = UnsafeMutableBufferPointer(rebasing: all[0..<vertexCount])
            indices.withUnsafeMutableBufferPointer { out in
                fill(batch) { a, b, c in
                    guard Mesh.cross(batch[a], batch[b], batch[c]) > 0 else { return }
                    out[written] = base + UInt32(a)
                    out[written + 1] = base + UInt32(b)
                    out[written + 2] = base + UInt32(c)
                    written += 3
                }
            }
        }
        // (append(contentsOf:) grows the mesh's storage geometrically.)
        mesh.vertices.append(contentsOf: vertices[0..<vertexCount])
        mesh.indices.append(contentsOf: indices[0..<written])
    }

    /// Keeps the triangle only if, in the stored Float positions, it has positive area: a fold
    /// or a sliver that rounding flattened is dropped rather than drawn inverted.
    @inline(__always)
    private mutating func triangle(_ a: UInt32, _ b: UInt32, _ c: UInt32) {
        let cross = Mesh.cross(mesh.vertices[Int(a)], mesh.vertices[Int(b)], mesh.vertices[Int(c)])
        guard cross > 0 else { return }
        mesh.indices.append(a)
        mesh.indices.append(b)
        mesh.indices.append(c)
    }
}

/// A point of a bridge's flattened side, in the bridge's frame, and its curve parameter.
private struct SidePoint: Sendable {
    var point: Vec2
    var parameter: Double
}

/// A cross-section of the side moved half a feather in (`inner`, reflected onto w ≥ 0) and out,
/// and the coverage at the inner point.
private struct Section: Sendable {
    var inner, outer: Vec2
    var alpha: Float
}

/// Elements written through a pointer and kept from frame to frame: the first `count` of the
/// storage are in use, and the storage only grows, so once warm there is no allocation and no
/// uniqueness or capacity check an element (`append` on an array makes both every time).
private struct ScratchRun<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private(set) var count = 0
    private let blank: Element

    init(blank: Element) {
        self.blank = blank
        storage = Array(repeating: blank, count: 256)
    }

    mutating func removeAll() {
        count = 0
    }

    /// Lets `body` write up to `extra` more elements: it is given the storage up to the count
    /// plus `extra` (it may rewrite elements below the count too; debug builds check its
    /// subscripts) and the count, and returns the new count.
    @inline(__always)
    mutating func append(upTo extra: Int, _ body: (UnsafeMutableBufferPointer<Element>, Int) -> Int) {
        let start = count, end = start + extra
        if storage.count < end { storage.append(contentsOf: repeatElement(blank, count: max(end, 2 * storage.count) - storage.count)) }
        count = storage.withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[0..<end]), start) }
        precondition(count >= 0 && count <= end)
    }

    /// The elements in use, changed in place.
    @inline(__always)
    mutating func modify(_ body: (UnsafeMutableBufferPointer<Element>) -> Void) {
        let count = self.count
        storage.withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
    }

    @inline(__always)
    func read<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}
