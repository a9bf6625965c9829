// The metaball field's iso-contour as curves: marching squares, each crossing found exactly on
// its grid edge, then closed chains of cubic Bézier segments fitted within a tolerance.

import Foundation

extension MetaballField {
    /// The closed loops of the iso-contour, as points on it (to 1e-9 of the grid edge they lie
    /// on), traced on a grid of `step` scene units over the balls' reach (a whole multiple of it
    /// where that grid would pass 16 million points). Loops keep the inside on one side; holes
    /// come out as loops of their own (fill them even-odd).
    public func contourLoops(step: Double) -> [[Vec2]] {
        guard step > 0, step.isFinite else { return [] }
        return edgeLoops(step: step).map { loop, crossing in loop.map(crossing) }
    }

    /// Every part's loops as the grid edges they cross, each with the part's `crossing`. A
    /// part whose grid at `step` would pass `gridLimit` points (a badge of radius 1000 at a
    /// step of half a unit, the caterpillar's SVG at `--scale 16`) is traced at the least whole
    /// multiple of `step` that keeps it within: coarser, where it would otherwise be nothing.
    private func edgeLoops(step: Double) -> [(edges: [Int], crossing: (Int) -> Vec2)] {
        contourParts(step: step).flatMap { part in
            let (loops, crossing) = part.field.traceLoops(step: MetaballField.gridStep(step, over: part.box), over: part.box)
            return loops.map { ($0, crossing) }
        }
    }

    /// The most grid points a part of the contour is traced on.
    static let gridLimit = 16_000_000.0

    /// The points of the grid of `step` that `traceLoops` lays over `box`.
    static func gridPoints(_ step: Double, over box: Box) -> Double {
        let columns = ((box.maxX - (box.minX / step).rounded(.down) * step) / step).rounded(.up) + 1
        let rows = ((box.maxY - (box.minY / step).rounded(.down) * step) / step).rounded(.up) + 1
        return columns * rows
    }

    /// `step`, or the least whole multiple of it whose grid over `box` has at most `gridLimit`
    /// points.
    static func gridStep(_ step: Double, over box: Box) -> Double {
        let points = gridPoints(step, over: box)
        guard points > gridLimit, points.isFinite else { return step }
        var factor = (points / gridLimit).squareRoot().rounded(.up)
        while gridPoints(step * factor, over: box) > gridLimit { factor += 1 }
        return step * factor
    }

    /// The parts the contour is traced in: fields whose reaches overlap are traced together
    /// (where they meet, the contour is their union's); the others each on a grid over its own
    /// reach, not one over the whole scene: the grid of 256 badges is 256 small grids, or a few
    /// larger ones where badges crowd. The parts' insides do not meet, so their loops are the
    /// scene's. Each part: its fields' balls as a field (separate fields where more than one),
    /// and the box its grid covers.
    func contourParts(step: Double) -> [(field: MetaballField, box: Box)] {
        // Each field's reach (`reachBox`: outside it, the field is outside its contour), two
        // steps more.
        var reaches: [(range: Range<Int>, box: Box)] = []
        forEachField { range in
            if let box = field(range).reachBox(pad: 2 * step) { reaches.append((range, box)) }
        }
        guard !reaches.isEmpty else { return [] }
        var group = Array(reaches.indices)
        func root(_ k: Int) -> Int {
            var k = k
            while group[k] != k { group[k] = group[group[k]]; k = group[k] }
            return k
        }
        let byLeft = reaches.indices.sorted { reaches[$0].box.minX < reaches[$1].box.minX }
        for (n, a) in byLeft.enumerated() {
            for b in byLeft[(n + 1)...] {
                guard reaches[b].box.minX <= reaches[a].box.maxX else { break }
                if reaches[a].box.minY <= reaches[b].box.maxY && reaches[b].box.minY <= reaches[a].box.maxY {
                    group[root(b)] = root(a)
                }
            }
        }
        var members: [Int: [Int]] = [:], order: [Int] = []
        for k in reaches.indices {
            let r = root(k)
            if members[r] == nil { order.append(r) }
            members[r, default: []].append(k)
        }
        return order.map { r in
            let fields = members[r]!
            var part = MetaballField(parameters: parameters)
            var box = reaches[fields[0]].box
            for k in fields {
                part.balls.append(contentsOf: balls[reaches[k].range])
                if fields.count > 1 { part.fieldEnds.append(part.balls.count) }
                let b = reaches[k].box
                box = Box(minX: min(box.minX, b.minX), minY: min(box.minY, b.minY), maxX: max(box.maxX, b.maxX), maxY: max(box.maxY, b.maxY))
            }
            return (part, box)
        }
    }

    /// The field of `balls[range]` alone (this field itself where it is one).
    private func field(_ range: Range<Int>) -> MetaballField {
        fieldEnds.isEmpty && range == balls.indices ? self : MetaballField(balls: Array(balls[range]), parameters: parameters)
    }

    /// The loops of the contour within `box` (which holds all of it), on the grid of points at
    /// whole multiples of `step`: a field's loops do not depend on where the others are. Each
    /// loop is the grid edges it crosses, in order; `crossing` finds where on an edge (a few
    /// evaluations of the field each: a caller that needs only some of them, as
    /// `contourCurves` does, asks for those alone).
    private func traceLoops(step: Double, over box: Box) -> (loops: [[Int]], crossing: (Int) -> Vec2) {
        let lo = Vec2((box.minX / step).rounded(.down) * step, (box.minY / step).rounded(.down) * step)
        let hi = Vec2(box.maxX, box.maxY)
        let columns = ((hi.x - lo.x) / step).rounded(.up) + 1, rows = ((hi.y - lo.y) / step).rounded(.up) + 1
        guard columns * rows <= MetaballField.gridLimit else { return ([], { _ in Vec2.zero }) }
        let nx = Int(columns), ny = Int(rows)
        func point(_ i: Int, _ j: Int) -> Vec2 { Vec2(lo.x + Double(i) * step, lo.y + Double(j) * step) }
        let near = NearFields(self), tiled = near == nil ? TiledField(self, over: box) : nil
        func signedDistance(at p: Vec2) -> Double {
            near?.signedDistance(at: p) ?? tiled?.signedDistance(at: p) ?? self.signedDistance(at: p)
        }
        // A point is inside where one of the fields holds it (their least distance ≤ 0): each
        // field marks the points of its own reach, the inverse square's in blocks settled from
        // bounds on the field over them (`classifyGrid`), the rest point by point; a large
        // field tile by tile (`TiledField`).
        var inside = [Bool](repeating: false, count: nx * ny)
        tiled?.markInside(nx: nx, ny: ny, origin: lo, step: step, into: &inside)
        if tiled == nil { forEachField { range in
            let one = field(range)
            guard let reach = one.reachBox(pad: step) else { return }
            let columns = max(0, Int(((reach.minX - lo.x) / step).rounded(.down)))..<min(nx, Int(((reach.maxX - lo.x) / step).rounded(.up)) + 1)
            let rows = max(0, Int(((reach.minY - lo.y) / step).rounded(.down)))..<min(ny, Int(((reach.maxY - lo.y) / step).rounded(.up)) + 1)
            if parameters.kernel == .inverseSquare {
                one.classifyGrid(nx: nx, ny: ny, origin: lo, step: step, columns: columns, rows: rows, into: &inside)
            } else {
                for j in rows {
                    for i in columns where !inside[j * nx + i] { inside[j * nx + i] = one.signedDistance(at: point(i, j)) <= 0 }
                }
            }
        } }

        // Edge ids: horizontal (i, j)→(i+1, j) is 2·(j·nx + i); vertical (i, j)→(i, j+1) is that + 1.
        // The crossing: the bracket [inside end, outside end] narrowed to 2⁻⁴⁰ of the edge, by
        // false position on the signed distance (Illinois: the end that stays has its value
        // halved), with a halving step wherever a step took less than half the bracket; the
        // estimate grows like a distance near the contour, so a handful of evaluations do what
        // forty halvings did.
        func crossing(_ edge: Int) -> Vec2 {
            let cell = edge / 2, i = cell % nx, j = cell / nx
            let a = point(i, j), b = edge % 2 == 0 ? point(i + 1, j) : point(i, j + 1)
            let (pIn, pOut) = inside[cell] ? (a, b) : (b, a)
            func at(_ t: Double) -> Vec2 { pIn + (pOut - pIn) * t }
            var lo = 0.0, hi = 1.0
            var dLo = signedDistance(at: pIn), dHi = signedDistance(at: pOut)
            var kept = 0  // the end that stayed in the last step: −1 lo, 1 hi
            var halve = false
            while hi - lo > 0x1p-40 {
                var t = 0.5 * (lo + hi)
                if !halve, dLo <= 0, dHi > 0, dLo.isFinite, dHi.isFinite {
                    let guess = lo + (hi - lo) * (dLo / (dLo - dHi))
                    if guess > lo && guess < hi { t = guess }
                }
                let width = hi - lo
                let d = signedDistance(at: at(t))
                if d <= 0 {
                    lo = t
                    dLo = d
                    if kept == 1 { dHi *= 0.5 }
                    kept = 1
                } else {
                    hi = t
                    dHi = d
                    if kept == -1 { dLo *= 0.5 }
                    kept = -1
                }
                halve = !halve && hi - lo > 0.5 * width
            }
            return at(0.5 * (lo + hi))
        }
        // Each cell's segments, oriented with the inside on the left (walking around the cell's
        // corners 0 = (i, j), 1 = (i+1, j), 2 = (i+1, j+1), 3 = (i, j+1)).
        var next: [Int: Int] = [:]
        for j in 0..<(ny - 1) {
            for i in 0..<(nx - 1) {
                // The corners inside, as bits 0–3.
                let mask = (inside[j * nx + i] ? 1 : 0) | (inside[j * nx + i + 1] ? 2 : 0)
                    | (inside[(j + 1) * nx + i + 1] ? 4 : 0) | (inside[(j + 1) * nx + i] ? 8 : 0)
                // All four corners alike (most cells): no crossing.
                guard mask != 0 && mask != 15 else { continue }
                // The cell's edges in corner order: 0–1 top, 1–2 right, 2–3 bottom, 3–0 left.
                func edge(_ k: Int) -> Int {
                    switch k & 3 {
                    case 0: 2 * (j * nx + i)
                    case 1: 2 * (j * nx + i + 1) + 1
                    case 2: 2 * ((j + 1) * nx + i)
                    default: 2 * (j * nx + i) + 1
                    }
                }
                func within(_ k: Int) -> Bool { mask >> (k & 3) & 1 == 1 }
                // Going round the corners, a crossing from inside to outside (an exit) starts a
                // segment that ends at the next crossing from outside to inside (an entry).
                if mask == 5 || mask == 10 {
                    // A saddle (opposite corners inside): the centre decides whether the two
                    // inside corners join. Joined, an exit's entry is the crossing after it
                    // (across the inside corner); apart, the one just before it.
                    let centre = signedDistance(at: point(i, j) + Vec2(step / 2, step / 2)) <= 0
                    for exit in stride(from: mask == 5 ? 0 : 1, to: 4, by: 2) {
                        next[edge(centre ? exit + 1 : exit + 3)] = edge(exit)
                    }
                } else {
                    var exit = 0, entry = 0
                    for k in 0..<4 where within(k) != within(k + 1) {
                        if within(k) { exit = k } else { entry = k }
                    }
                    next[edge(entry)] = edge(exit)
                }
            }
        }
        var loops: [[Int]] = []
        while let start = next.keys.min() {
            var loop: [Int] = []
            var edge = start
            while let following = next.removeValue(forKey: edge) {
                loop.append(edge)
                edge = following
            }
            if loop.count >= 3 { loops.append(loop) }
        }
        return (loops, crossing)
    }

    /// Marks the points of an `nx` × `ny` grid (from `origin`, `step` apart) where the inverse
    /// square field, all the balls one field (no `fieldEnds`), is inside (f = Σ r²/|p − c|² ≥ 1,
    /// which is where `signedDistance` ≤ 0), as the point-by-point test would: blocks of 32 × 32
    /// points and their quarters are settled from bounds over the block's box,
    /// Σ r²/(farthest)² ≤ f ≤ Σ r²/(nearest)² (with a margin of 1e-9 for rounding), and blocks
    /// of 2 × 2 or fewer left are tested point by point. A field of hundreds of balls (the grid
    /// scene as one field) thus evaluates only the points near its contour, not every point of
    /// its reach.
    /// Only the points in `columns` × `rows` (the whole grid if nil) are looked at, and only
    /// those inside are marked (true); the rest are left as they were.
    func classifyGrid(nx: Int, ny: Int, origin: Vec2, step: Double, columns: Range<Int>? = nil, rows: Range<Int>? = nil,
                      into inside: inout [Bool]) {
        let live = balls.filter { $0.radius > 0 }
        let columns = columns ?? 0..<nx, rows = rows ?? 0..<ny
        func block(_ i0: Int, _ j0: Int, _ span: Int) {
            let i1 = min(i0 + span, columns.upperBound), j1 = min(j0 + span, rows.upperBound)
            guard i0 < i1 && j0 < j1 else { return }
            if span <= 2 {
                for j in j0..<j1 {
                    for i in i0..<i1 where !inside[j * nx + i] {
                        inside[j * nx + i] = signedDistance(at: Vec2(origin.x + Double(i) * step, origin.y + Double(j) * step)) <= 0
                    }
                }
                return
            }
            let box = Box(minX: origin.x + Double(i0) * step, minY: origin.y + Double(j0) * step,
                          maxX: origin.x + Double(i1 - 1) * step, maxY: origin.y + Double(j1 - 1) * step)
            var least = 0.0, most = 0.0, nearest2 = Double.infinity
            countRun(box, run: live, least: &least, most: &most, nearest2: &nearest2)
            if least >= 1 + 1e-9 {
                for j in j0..<j1 { for i in i0..<i1 { inside[j * nx + i] = true } }
                return
            }
            // (Outside: left as it was.)
            if most <= 1 - 1e-9 { return }
            let half = span / 2
            for q in 0..<4 { block(i0 + (q & 1) * half, j0 + (q >> 1) * half, half) }
        }
        for j in stride(from: rows.lowerBound, to: rows.upperBound, by: 32) {
            for i in stride(from: columns.lowerBound, to: columns.upperBound, by: 32) { block(i, j, 32) }
        }
    }

    /// The iso-contour as closed chains of cubic segments, each within `tolerance` scene units
    /// of the iso line (checked on every segment at t = ⅛, ¼ … ⅞): Catmull-Rom through every
    /// k-th traced point, the largest k of 16, 8, 4, 2, 1 that holds. A loop smaller than the
    /// tolerance both ways (about a ball of radius 3e-5 a moment before the break) is left out:
    /// it draws nothing, and was clutter in the SVG and the JSON.
    /// A ball whose contour falls between the grid's points (under about a grid step across:
    /// a home ball near the break) is added as the circle of its own contour, where that is
    /// at least the tolerance across (the PNG draws it as its area: it was left out); one
    /// traced in a loop of a few points, that loop the ball's alone, is that circle instead (the
    /// fit through a few points sagged inside, a tenth of the radius).
    public func contourCurves(tolerance: Double, step: Double? = nil) -> [[CubicBezier]] {
        let traced = tracedCurves(tolerance: tolerance, step: step).map { loop -> (loop: [CubicBezier], box: Box) in
            let points = loop.flatMap { [$0.p0, $0.p1, $0.p2, $0.p3] }
            return (loop, Box(minX: points.map(\.x).min() ?? 0, minY: points.map(\.y).min() ?? 0,
                              maxX: points.map(\.x).max() ?? 0, maxY: points.map(\.y).max() ?? 0))
        }.filter { $0.box.maxX - $0.box.minX >= tolerance || $0.box.maxY - $0.box.minY >= tolerance }
        return smallBalls(in: traced, tolerance: tolerance, step: step ?? MetaballField.gridStep(tolerance: tolerance))
    }

    /// The grid `contourCurves` traces on, for `tolerance`, unless told.
    static func gridStep(tolerance: Double) -> Double { min(1, max(0.05, 2 * tolerance)) }

    /// The loops of `traced` (each with its box), with each ball under two grid steps in radius
    /// drawn as the circle of its own contour: added where no loop's box holds its centre, put
    /// in place of the one loop that does where that loop's box holds no other ball. Its radius
    /// is found along a ray from its centre in its own field (the other fields draw nothing
    /// there); the circle is four cubic arcs.
    private func smallBalls(in traced: [(loop: [CubicBezier], box: Box)], tolerance: Double, step: Double) -> [[CubicBezier]] {
        var loops = traced.map(\.loop)
        guard step > 0, step.isFinite, tolerance > 0 else { return loops }
        let boxes = traced.map(\.box)
        func holds(_ box: Box, _ p: Vec2) -> Bool { p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY }
        var replaced = Set<Int>()
        forEachField { range in
            for i in range {
                let ball = balls[i]
                guard ball.isDrawable, ball.radius < 2 * step else { continue }
                let holding = boxes.indices.filter { holds(boxes[$0], ball.center) }
                guard holding.isEmpty || (holding.count == 1 && loops[holding[0]].count <= 8 && !replaced.contains(holding[0])
                    && !balls.indices.contains { $0 != i && balls[$0].isDrawable && holds(boxes[holding[0]], balls[$0].center) })
                else { continue }
                func inside(_ rho: Double) -> Bool { signedDistance(at: ball.center + Vec2(rho, 0), of: range) < 0 }
                guard inside(0) else { continue }
                var low = 0.0, high = ball.radius
                var doublings = 0
                while inside(high) && doublings < 60 {
                    low = high
                    high *= 2
                    doublings += 1
                }
                for _ in 0..<60 {
                    let middle = (low + high) / 2
                    if inside(middle) { low = middle } else { high = middle }
                }
                let r = (low + high) / 2
                if let loop = holding.first {
                    loops[loop] = MetaballField.circle(center: ball.center, radius: r)
                    replaced.insert(loop)
                } else if 2 * r >= tolerance {
                    loops.append(MetaballField.circle(center: ball.center, radius: r))
                }
            }
        }
        return loops
    }

    /// A circle as four cubic arcs (the quarter's handle 0.5523r: within 0.03% of the radius).
    static func circle(center c: Vec2, radius r: Double) -> [CubicBezier] {
        let k = 0.552_284_749_831 * r
        let east = c + Vec2(r, 0), south = c + Vec2(0, r), west = c - Vec2(r, 0), north = c - Vec2(0, r)
        return [CubicBezier(east, east + Vec2(0, k), south + Vec2(k, 0), south),
                CubicBezier(south, south - Vec2(k, 0), west + Vec2(0, k), west),
                CubicBezier(west, west - Vec2(0, k), north - Vec2(k, 0), north),
                CubicBezier(north, north + Vec2(k, 0), east - Vec2(0, k), east)]
    }

    private func tracedCurves(tolerance: Double, step: Double?) -> [[CubicBezier]] {
        let grid = step ?? MetaballField.gridStep(tolerance: tolerance)
        guard grid > 0, grid.isFinite else { return [] }
        let near = NearFields(self)
        // (A large field is traced as its tiles give it, over its reach: the curves are checked
        // against the same.)
        let tiled = near == nil ? reachBox(pad: 2 * grid).flatMap { TiledField(self, over: $0) } : nil
        func distanceToContour(from p: Vec2) -> Double {
            self.distanceToContour(from: p) { near?.signedDistance(at: $0) ?? tiled?.signedDistance(at: $0) ?? signedDistance(at: $0) }
        }
        // The loops as grid edges; a crossing is found only for the edges a fit uses (every
        // 16th, then 8th, ... where that does not hold), once: the curves are those through
        // `contourLoops`' points, for a fraction of their cost.
        return edgeLoops(step: grid).map { loop, crossing in
            var found = [Vec2?](repeating: nil, count: loop.count)
            func point(_ n: Int) -> Vec2 {
                if let p = found[n] { return p }
                let p = crossing(loop[n])
                found[n] = p
                return p
            }
            // A small loop is held to a share of its size (its traced edges, about 1.3 a grid
            // step of its length: for a circle, a twentieth of its radius): at the tolerance
            // alone, a few points a loop sagged inside (a lone ball of radius 1 at the
            // tolerance 0.25: 14% of its area; now 1.4%).
            let limit = min(tolerance, 0.006 * Double(loop.count) * grid)
            var best: [CubicBezier] = []
            for k in [16, 8, 4, 2, 1] {
                let points = stride(from: 0, to: loop.count, by: k).map(point)
                guard points.count >= 4 || k == 1 else { continue }
                let curves = MetaballField.catmullRom(points)
                best = curves
                let within = curves.allSatisfy { curve in
                    (1...7).allSatisfy { distanceToContour(from: curve.point(at: Double($0) / 8)) <= limit }
                }
                if within { break }
            }
            return best
        }
    }

    /// How far p is from the iso line, to first order: |g|/|∇g| for the signed distance
    /// estimate g (whose slope is not 1 everywhere: the smooth minimum's blend flattens it), the
    /// gradient by central differences.
    func distanceToContour(from p: Vec2, _ signedDistance: (Vec2) -> Double) -> Double {
        let g = signedDistance(p), h = 1e-4
        let gx = (signedDistance(p + Vec2(h, 0)) - signedDistance(p - Vec2(h, 0))) / (2 * h)
        let gy = (signedDistance(p + Vec2(0, h)) - signedDistance(p - Vec2(0, h))) / (2 * h)
        return abs(g) / max((gx * gx + gy * gy).squareRoot(), 0.05)
    }

    /// The closed Catmull-Rom spline through `points`, as cubic Bézier segments.
    static func catmullRom(_ points: [Vec2]) -> [CubicBezier] {
        let n = points.count
        guard n >= 2 else { return [] }
        return (0..<n).map { i in
            let p0 = points[(i + n - 1) % n], p1 = points[i], p2 = points[(i + 1) % n], p3 = points[(i + 2) % n]
            return CubicBezier(p1, p1 + (p2 - p0) * (1.0 / 6), p2 - (p3 - p1) * (1.0 / 6), p2)
        }
    }
}

/// Many separate fields binned by their reach, so that the signed distance at a point looks
/// only at the fields that can be inside there (outside its `reachBox`, a field is more than
/// `pad` outside its contour): tracing 256 badges' contours once took each grid point through
/// all 256 fields. nil for one field or a few.
struct NearFields {
    let field: MetaballField
    var ranges: [Range<Int>] = [], boxes: [Box] = []
    var origin = Vec2.zero, cell = 1.0, columns = 1, rows = 1
    var cellStart: [Int] = [], members: [Int] = []
    /// Returned where no field is near: outside all of them, by at least this.
    static let pad = 2.0

    init?(_ field: MetaballField) {
        guard !field.fieldEnds.isEmpty else { return nil }
        self.field = field
        var part = MetaballField(parameters: field.parameters)
        for range in field.fields where !range.isEmpty {
            part.balls = Array(field.balls[range])
            guard let box = part.reachBox(pad: NearFields.pad) else { continue }
            ranges.append(range)
            boxes.append(box)
        }
        guard boxes.count >= 8 else { return nil }
        var lo = Vec2(Double.infinity, Double.infinity), hi = Vec2(-Double.infinity, -Double.infinity), side = 0.0
        for box in boxes {
            lo = Vec2(min(lo.x, box.minX), min(lo.y, box.minY))
            hi = Vec2(max(hi.x, box.maxX), max(hi.y, box.maxY))
            side += max(box.maxX - box.minX, box.maxY - box.minY)
        }
        origin = lo
        cell = max(side / Double(boxes.count), (hi.x - lo.x + hi.y - lo.y) / 2048, 1e-6)
        columns = Int(((hi.x - lo.x) / cell).rounded(.down)) + 1
        rows = Int(((hi.y - lo.y) / cell).rounded(.down)) + 1
        var count = [Int](repeating: 0, count: columns * rows + 1)
        func cells(_ box: Box) -> (ClosedRange<Int>, ClosedRange<Int>) {
            let x0 = Int(((box.minX - lo.x) / cell).rounded(.down)), x1 = Int(((box.maxX - lo.x) / cell).rounded(.down))
            let y0 = Int(((box.minY - lo.y) / cell).rounded(.down)), y1 = Int(((box.maxY - lo.y) / cell).rounded(.down))
            return (max(x0, 0)...min(max(x1, x0), columns - 1), max(y0, 0)...min(max(y1, y0), rows - 1))
        }
        for box in boxes {
            let (xs, ys) = cells(box)
            for y in ys { for x in xs { count[y * columns + x + 1] += 1 } }
        }
        for i in 0..<(columns * rows) { count[i + 1] += count[i] }
        cellStart = count
        members = [Int](repeating: 0, count: count[columns * rows])
        var fill = count
        for (k, box) in boxes.enumerated() {
            let (xs, ys) = cells(box)
            for y in ys {
                for x in xs {
                    members[fill[y * columns + x]] = k
                    fill[y * columns + x] += 1
                }
            }
        }
    }

    /// The least signed distance of the fields whose reach holds p (`pad` where none does).
    func signedDistance(at p: Vec2) -> Double {
        let x = Int(((p.x - origin.x) / cell).rounded(.down)), y = Int(((p.y - origin.y) / cell).rounded(.down))
        guard x >= 0, y >= 0, x < columns, y < rows else { return NearFields.pad }
        var least = Double.infinity
        for k in members[cellStart[y * columns + x]..<cellStart[y * columns + x + 1]] {
            let box = boxes[k]
            guard p.x >= box.minX, p.x <= box.maxX, p.y >= box.minY, p.y <= box.maxY else { continue }
            least = min(least, field.signedDistance(at: p, of: ranges[k]))
        }
        return least.isFinite ? least : NearFields.pad
    }
}

/// A large inverse-square field (one field of `TiledField.least` balls or more: the grid scene
/// as one field) evaluated as the shader draws it, tile by tile (`MetaballField.regions`): in
/// an edge tile its run of balls exactly and every other ball's field as the tile's quadratic
/// (its `tailMiss`: at most `MetaballField.tailError` a ball left out, a few 10⁻³ of the iso
/// value in all); in a tile proved inside, −½ (at least that far in); in no tile, ½ (at least
/// that far out). Tracing the contour of 4096 badges as one field summed all 8192 balls at
/// every point near it (31 s for an SVG, release build); a point now sums its tile's run (1 s).
/// The contour is the drawn one's: on it the exact field is within the tile's `tailMiss` of the
/// iso value (a few hundredths of a unit off the exact contour where the field is flattest).
struct TiledField {
    /// Fields with fewer drawable balls are evaluated exactly, ball by ball.
    static let least = 64
    /// Tiles this many scene units square (`MetaballField.tilePixels` at one pixel a unit);
    /// tiles inside and outside are so by half a unit at least.
    static let pixelsPerUnit = 1.0
    static let half = 0.5 / pixelsPerUnit

    private var regions: [Region] = []
    private var balls: [Ball] = []
    private let origin: Vec2, unit: Double, columns: Int, rows: Int
    /// Each cell's region (index in `regions`), −1 where none: cells half a tile square.
    private var cells: [Int32]

    /// nil where the field is not one inverse-square field of `least` drawable balls or more,
    /// or its tiles over `box` would be too many to hold.
    init?(_ field: MetaballField, over box: Box) {
        guard field.parameters.kernel == .inverseSquare, field.fieldEnds.isEmpty,
              field.balls.lazy.filter(\.isDrawable).prefix(TiledField.least).count >= TiledField.least
        else { return nil }
        let tile = MetaballField.tilePixels / TiledField.pixelsPerUnit
        // Out to whole tiles, so that every region's edges lie on the half tiles' grid.
        let clip = Box(minX: (box.minX / tile).rounded(.down) * tile, minY: (box.minY / tile).rounded(.down) * tile,
                       maxX: (box.maxX / tile).rounded(.up) * tile, maxY: (box.maxY / tile).rounded(.up) * tile)
        unit = tile / 2
        origin = Vec2(clip.minX, clip.minY)
        let columns = Int(((clip.maxX - clip.minX) / unit).rounded()), rows = Int(((clip.maxY - clip.minY) / unit).rounded())
        guard columns > 0, rows > 0, Double(columns) * Double(rows) <= 16_000_000 else { return nil }
        (self.columns, self.rows) = (columns, rows)
        var scratch = MetaballScratch()
        field.regions(clip: clip, pixelsPerUnit: TiledField.pixelsPerUnit, into: &regions, balls: &balls, scratch: &scratch)
        cells = [Int32](repeating: -1, count: columns * rows)
        for (k, region) in regions.enumerated() {
            // The cells whose centres the region's box holds.
            let x0 = max(0, Int(((region.box.minX - origin.x) / unit).rounded()))
            let x1 = min(columns, Int(((region.box.maxX - origin.x) / unit).rounded()))
            let y0 = max(0, Int(((region.box.minY - origin.y) / unit).rounded()))
            let y1 = min(rows, Int(((region.box.maxY - origin.y) / unit).rounded()))
            for y in y0..<max(y0, y1) { for x in x0..<max(x0, x1) { cells[y * columns + x] = Int32(k) } }
        }
    }

    /// The region whose tile holds p, nil where none does.
    @inline(__always) private func region(at p: Vec2) -> Int? {
        let x = Int(((p.x - origin.x) / unit).rounded(.down)), y = Int(((p.y - origin.y) / unit).rounded(.down))
        guard x >= 0, y >= 0, x < columns, y < rows else { return nil }
        let k = Int(cells[y * columns + x])
        return k >= 0 ? k : nil
    }

    /// At p in an edge tile, the most its field (f) may miss the exact one by (the tile's
    /// `tailMiss`); nil in a tile inside or in none.
    func miss(at p: Vec2) -> Double? {
        guard let k = region(at: p), !regions[k].inside else { return nil }
        return regions[k].tailMiss
    }

    /// The signed distance at p as the shader finds it (Shaders/metaball.frag, inverseSquare).
    func signedDistance(at p: Vec2) -> Double {
        guard let k = region(at: p) else { return TiledField.half }
        return signedDistance(at: p, in: regions[k])
    }

    private func signedDistance(at p: Vec2, in region: Region) -> Double {
        if region.inside { return -TiledField.half }
        var (f, gradient) = region.tail.at(p - region.center)
        for ball in balls[region.first..<(region.first + region.count)] {
            let d = p - ball.center
            let inverse = 1 / max(d.lengthSquared, 1e-12)
            let term = ball.radius * ball.radius * inverse
            f += term
            gradient -= d * (2 * term * inverse)
        }
        let slope = gradient.length
        guard f > 0 else { return 1e4 }
        return slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : (f >= 1 ? -1e4 : 1e4)
    }

    /// Marks the points of an `nx` × `ny` grid (from `lo`, `step` apart) where `signedDistance`
    /// ≤ 0, region by region: the points of a tile inside without an evaluation, those of an
    /// edge tile with its run, those in no tile not at all (each point by the region `region(at:)`
    /// gives it, so the marks agree with `signedDistance`).
    func markInside(nx: Int, ny: Int, origin lo: Vec2, step: Double, into inside: inout [Bool]) {
        for (k, region) in regions.enumerated() {
            // The grid points in or next to its box; each kept where its tile is this region's.
            let i0 = max(0, Int(((region.box.minX - lo.x) / step).rounded(.down)) - 1)
            let i1 = min(nx - 1, Int(((region.box.maxX - lo.x) / step).rounded(.up)) + 1)
            let j0 = max(0, Int(((region.box.minY - lo.y) / step).rounded(.down)) - 1)
            let j1 = min(ny - 1, Int(((region.box.maxY - lo.y) / step).rounded(.up)) + 1)
            guard i0 <= i1, j0 <= j1 else { continue }
            for j in j0...j1 {
                for i in i0...i1 {
                    let p = Vec2(lo.x + Double(i) * step, lo.y + Double(j) * step)
                    guard self.region(at: p) == k else { continue }
                    inside[j * nx + i] = signedDistance(at: p, in: region) <= 0
                }
            }
        }
    }
}
