// The metaball field cut into tiles for the shader, so that its cost follows the contour's
// length and the covered area, not the number of balls times the area: tiles proved wholly
// inside are filled flat, tiles proved wholly outside are left out, and each tile near the
// contour evaluates only the balls near it, with the field of all the others as a quadratic.

import Foundation

/// A tile of the field to shade: wholly inside the contour (a flat fill), or near it, with the
/// run of balls (in the ordered list) whose field is evaluated there and, for the inverse square,
/// the field of all the others about the tile's centre.
public struct Region: Hashable, Sendable {
    public var box: Box
    public var first: Int
    public var count: Int
    /// Every pixel of the box is at least half a device pixel inside the contour (proved from
    /// bounds on the field and its gradient): filled flat, no ball evaluated.
    public var inside: Bool
    /// The balls left out of the run (inverse square), about the box's centre.
    public var tail: LocalField
    /// The most the tail's quadratic misses by over the tile it was made for (Σ 4r²h³/d⁵).
    public var tailMiss = 0.0

    public init(box: Box, first: Int, count: Int, inside: Bool = false, tail: LocalField = LocalField()) {
        self.box = box
        self.first = first
        self.count = count
        self.inside = inside
        self.tail = tail
    }

    public var center: Vec2 { Vec2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2) }
}

/// A field about a point to second order: value, gradient and Hessian (xx, xy, yy).
public struct LocalField: Hashable, Sendable {
    public var value = 0.0
    public var gradient = Vec2.zero
    public var xx = 0.0, xy = 0.0, yy = 0.0

    public init() {}

    /// The same quadratic about the point moved by v.
    public func shifted(by v: Vec2) -> LocalField {
        var moved = self
        (moved.value, moved.gradient) = at(v)
        return moved
    }

    /// The value and gradient at offset v from the point.
    public func at(_ v: Vec2) -> (value: Double, gradient: Vec2) {
        let hv = Vec2(xx * v.x + xy * v.y, xy * v.x + yy * v.y)
        return (value + gradient.dot(v) + 0.5 * v.dot(hv), gradient + hv)
    }

    /// Adds m/|x|², x the point's offset from the source: value, gradient −2m x/|x|⁴ and
    /// Hessian m(8 x xᵀ/|x|⁶ − 2 I/|x|⁴).
    @inline(__always) mutating func add(offset x: Vec2, mass m: Double) {
        let s = x.lengthSquared
        let inverse = 1 / s
        let a = m * inverse
        value += a
        let b = 2 * a * inverse
        gradient -= x * b
        let c = 4 * b * inverse
        xx += c * x.x * x.x - b
        xy += c * x.x * x.y
        yy += c * x.y * x.y - b
    }

    /// Adds the quadrupole term of a group of sources about their centre of mass (value and
    /// gradient): Σ m/|x − u|² − M/|x|² ≈ 4 xᵀQx/s³ − tr Q/s², s = |x|², Q = Σ m u uᵀ.
    @inline(__always) mutating func addQuadrupole(offset x: Vec2, qxx: Double, qxy: Double, qyy: Double) {
        let s = x.lengthSquared
        let qx = Vec2(qxx * x.x + qxy * x.y, qxy * x.x + qyy * x.y)
        let xqx = x.dot(qx), trace = qxx + qyy
        let s2 = s * s, s3 = s2 * s
        value += 4 * xqx / s3 - trace / s2
        gradient += qx * (8 / s3) - x * (24 * xqx / (s3 * s)) + x * (4 * trace / s3)
    }
}

/// Working storage of `MetaballField.regions`, kept between frames.
public struct MetaballScratch: Sendable {
    var ballCell: [Int] = []
    var cellStart: [Int] = []
    var cellBalls: [Int] = []
    /// The cells' pyramid: level 0 the cells, each level above a 2×2 of the one below.
    var nodes: [FieldNode] = []
    var levels: [(offset: Int, columns: Int, rows: Int)] = []
    var stack: [Int] = []
    /// The cells that hold balls.
    var occupied: [Int] = []
    /// Candidate balls of the boxes being classified, a segment per level of the subdivision;
    /// the first `zoneCount` are the current cell's 3×3.
    var candidates: [Int] = []
    var zoneCount = 0
    /// The ball index of each entry of the ordered runs.
    var orderedIndex: [Int] = []
    /// A cell's tiles (region indices) and the regions rewritten by `mergeTiles`.
    var grid: [Int] = []
    var merged: [Region] = []
    /// Each ball's run distance (`runDistance`).
    var reach: [Double] = []
    /// The serial of the last run a ball went into.
    var stamp: [Int] = []
    var serial = 0
    /// The balls of the separate field being tiled.
    var fieldBalls: [Ball] = []
    /// What the last `regions` made: where each separate field's tiles end in its regions, one
    /// entry a field in the fields' order (`MetaballField.fields`; one for a single field), so
    /// that a painter can draw other things between the fields.
    public internal(set) var fieldRegionEnds: [Int] = []
    public init() {}
}

/// A cell or group of cells: Σ r², Σ r² c, Σ r² c cᵀ of its balls, and the box round their centres.
struct FieldNode: Sendable {
    var mass = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0
    var bounds = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    mutating func add(_ o: FieldNode) {
        guard o.mass > 0 else { return }
        mass += o.mass
        sx += o.sx
        sy += o.sy
        sxx += o.sxx
        sxy += o.sxy
        syy += o.syy
        bounds = Box(minX: min(bounds.minX, o.bounds.minX), minY: min(bounds.minY, o.bounds.minY),
                     maxX: max(bounds.maxX, o.bounds.maxX), maxY: max(bounds.maxY, o.bounds.maxY))
    }

    var centroid: Vec2 { Vec2(sx / mass, sy / mass) }
    var spread: Double {
        let dx = bounds.maxX - bounds.minX, dy = bounds.maxY - bounds.minY
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Bounds of the field over a box from balls already settled (inverse square): f ≥ least,
/// f ≤ most, Σ r²/(nearest distance)³ (for the gradient), the nearest centre's distance squared.
/// (Squared distances: a square root a ball only where the gradient's bound needs one.)
private struct Bounds {
    var least = 0.0, most = 0.0, cubic = 0.0, nearest2 = Double.infinity

    /// Counts a ball at nearest distance √near2 and farthest √far2 from the box.
    @inline(__always) static func count(_ ball: Ball, near2: Double, far2: Double, least: inout Double, most: inout Double,
                                        nearest2: inout Double) {
        let m = ball.radius * ball.radius
        least += m / far2
        most += near2 > 0 ? m / near2 : .infinity
        nearest2 = min(nearest2, near2)
    }

    @inline(__always) static func count(_ ball: Ball, near2: Double, far2: Double, into b: inout Bounds, cubic: Bool) {
        count(ball, near2: near2, far2: far2, least: &b.least, most: &b.most, nearest2: &b.nearest2)
        if cubic { b.cubic += near2 > 0 ? ball.radius * ball.radius / (near2 * near2.squareRoot()) : .infinity }
    }
}

extension MetaballField {
    /// Tiles are this many device pixels square.
    public static let tilePixels = 16.0

    /// The most a ball left out of a tile's run may miss by (inverse square), in units of the
    /// iso value: its field there is taken to second order, whose error is at most
    /// 4r²h³/d⁵ (h the tile's half diagonal, d the distance to the tile).
    public static let tailError = 1e-4

    /// Distance from a point to a box (0 inside).
    @inline(__always) static func distance(from p: Vec2, to box: Box) -> Double {
        distanceSquared(from: p, to: box).squareRoot()
    }

    /// Distance from a point to the farthest point of a box.
    @inline(__always) static func farthest(from p: Vec2, to box: Box) -> Double {
        farthestSquared(from: p, to: box).squareRoot()
    }

    /// The squares of `distance` and `farthest`.
    @inline(__always) static func distanceSquared(from p: Vec2, to box: Box) -> Double {
        let dx = max(p.x - box.maxX, 0, box.minX - p.x), dy = max(p.y - box.maxY, 0, box.minY - p.y)
        return dx * dx + dy * dy
    }

    @inline(__always) static func farthestSquared(from p: Vec2, to box: Box) -> Double {
        let dx = max(abs(p.x - box.minX), abs(box.maxX - p.x)), dy = max(abs(p.y - box.minY), abs(box.maxY - p.y))
        return dx * dx + dy * dy
    }

    /// Distance between two boxes (0 when they touch or overlap).
    static func distance(from a: Box, to b: Box) -> Double {
        let dx = max(a.minX - b.maxX, 0, b.minX - a.maxX)
        let dy = max(a.minY - b.maxY, 0, b.minY - a.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The largest distance between a point of one box and a point of the other.
    static func farthest(from a: Box, to b: Box) -> Double {
        let dx = max(abs(a.maxX - b.minX), abs(b.maxX - a.minX))
        let dy = max(abs(a.maxY - b.minY), abs(b.maxY - a.minY))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// How far from a tile a ball must be evaluated exactly (`halfDiagonal`: the tile's):
    /// inverse square, until the error of its second-order tail falls under `tailError` (and
    /// at least two half diagonals); Wyvill, its support; smooth minimum, its radius and 2.5
    /// blend widths (past that it changes the minimum only where it is over a blend width from
    /// the contour: the smooth minimum of several is not associative, so a ball far from the
    /// contour may still change how two near ones blend).
    func runDistance(_ ball: Ball, halfDiagonal h: Double, pad: Double) -> Double {
        switch parameters.kernel {
        case .inverseSquare:
            return max(2 * h, pow(4 * ball.radius * ball.radius * h * h * h / MetaballField.tailError, 0.2))
        case .wyvill: return ball.radius * parameters.wyvillSupport
        case .smoothMin: return ball.radius + 2.5 * parameters.blend + pad
        }
    }

    /// The tiles (`tilePixels` device pixels square at `pixelsPerUnit` device pixels a scene
    /// unit, and bigger squares wholly inside) of `clip` where the field draws anything.
    ///
    /// Squares are split from coarse cells down to tiles; each is classified from bounds on the
    /// field over it. Inverse square (f = Σ r²/ρ², g = f^(−½), drawn from the estimate
    /// (g − 1)/|∇g|): |∇g| = ½f^(−3/2)|∇f| ≤ f^(−3/2) Σ r²/ρ³, where each term is at most 1/r (as
    /// f ≥ r²/ρ²) and at most least^(−3/2) r²/d³ (d the ball's nearest distance to the square,
    /// least = Σ r²/(farthest distance)² ≤ f); and, as Σ f_i/ρ_i ≤ f/ρ, also |∇g| ≤ g/ρ, ρ the nearest
    /// centre. So a square is inside (every pixel fully covered) when 1 − g ≥ ½px·|∇g|max at
    /// g = least^(−½); outside when (1 − √most)·ρ ≥ ½px, most = Σ r²/d². Wyvill and smooth minimum: outside
    /// when no ball reaches the square; smooth minimum: inside when one circle holds it half a
    /// pixel deep (the smooth minimum is at most each distance).
    ///
    /// A tile near the contour gets the balls within `runDistance` as its run, evaluated per
    /// pixel, and (inverse square) all others to second order about its centre: the balls of the
    /// 5×5 cells round its own exactly, the rest as groups (monopole and quadrupole) from a
    /// pyramid of the cells, taken when a group's spread is under half its distance. Cells are
    /// at least a run distance wide, so a tile's run lies in the 3×3 cells round its own. Such a
    /// tile is then tested against that run and quadratic (what the shader will draw), whose
    /// gradient sees the far balls' pulls cancel; with a run of `quarterRun` or more, its
    /// quarters are too. Finally `mergeTiles` joins each cell's pieces into rectangles. A field
    /// of one drawable ball (inverse square or smooth minimum, whose contour and distance are
    /// then its circle's) is instead one box round its circle, the ball its run: one quad, drawn
    /// with the other fields' edge tiles.
    /// `balls` receives the runs one after another. Reuses `scratch`'s storage: no allocation
    /// once warm.
    ///
    /// Separate fields (`fieldEnds`) are tiled one by one, each over the box outside which it
    /// draws nothing (`reachBox`), so a field costs what its own contour costs whatever the
    /// number of the others; their tiles overlap where their shapes do.
    public func regions(clip: Box, pixelsPerUnit: Double, into regions: inout [Region], balls ordered: inout [Ball],
                        scratch: inout MetaballScratch) {
        regions.removeAll(keepingCapacity: true)
        ordered.removeAll(keepingCapacity: true)
        scratch.orderedIndex.removeAll(keepingCapacity: true)
        scratch.fieldRegionEnds.removeAll(keepingCapacity: true)
        guard !fieldEnds.isEmpty else {
            appendRegions(clip: clip, pixelsPerUnit: pixelsPerUnit, into: &regions, balls: &ordered, scratch: &scratch)
            scratch.fieldRegionEnds.append(regions.count)
            return
        }
        guard pixelsPerUnit.isFinite, pixelsPerUnit > 0 else {
            forEachField { _ in scratch.fieldRegionEnds.append(0) }
            return
        }
        let tile = MetaballField.tilePixels / pixelsPerUnit
        var part = MetaballField(parameters: parameters)
        swap(&part.balls, &scratch.fieldBalls)
        defer { swap(&part.balls, &scratch.fieldBalls) }
        forEachField { range in
            defer { scratch.fieldRegionEnds.append(regions.count) }
            guard !range.isEmpty else { return }
            part.balls.removeAll(keepingCapacity: true)
            part.balls.append(contentsOf: balls[range])
            // Its reach, out to whole tiles (so that its tiles are not cut), within the clip.
            guard let reach = part.reachBox(pad: 2 / pixelsPerUnit) else { return }
            let box = Box(minX: max((reach.minX / tile).rounded(.down) * tile, clip.minX),
                          minY: max((reach.minY / tile).rounded(.down) * tile, clip.minY),
                          maxX: min((reach.maxX / tile).rounded(.up) * tile, clip.maxX),
                          maxY: min((reach.maxY / tile).rounded(.up) * tile, clip.maxY))
            guard box.maxX > box.minX && box.maxY > box.minY else { return }
            part.appendRegions(clip: box, pixelsPerUnit: pixelsPerUnit, into: &regions, balls: &ordered, scratch: &scratch)
        }
    }

    /// A box outside which the field is more than `pad` (at least half a device pixel) outside
    /// its contour: inverse square, within √(Σr²) + pad of a centre (f ≤ Σr²/ρ² and
    /// |∇g| ≤ g/ρ); Wyvill, its support; smooth minimum, r + (n − 1)k/4 (each blend takes at
    /// most k/4 off the least distance). nil when no ball is drawable.
    public func reachBox(pad: Double) -> Box? {
        var mass = 0.0, count = 0
        for ball in balls where ball.isDrawable {
            mass += ball.radius * ball.radius
            count += 1
        }
        guard count > 0 else { return nil }
        var box = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for ball in balls where ball.isDrawable {
            let reach: Double
            switch parameters.kernel {
            case .inverseSquare: reach = mass.squareRoot() + pad
            case .wyvill: reach = ball.radius * parameters.wyvillSupport + pad
            case .smoothMin: reach = ball.radius + Double(count - 1) * parameters.blend / 4 + pad
            }
            box = Box(minX: min(box.minX, ball.center.x - reach), minY: min(box.minY, ball.center.y - reach),
                      maxX: max(box.maxX, ball.center.x + reach), maxY: max(box.maxY, ball.center.y + reach))
        }
        return box.minX.isFinite && box.minY.isFinite && box.maxX.isFinite && box.maxY.isFinite ? box : nil
    }

    /// The index of the field's one drawable ball, when it has exactly one.
    var loneBall: Int? {
        var lone: Int?
        for (i, ball) in balls.enumerated() where ball.isDrawable {
            guard lone == nil else { return nil }
            lone = i
        }
        return lone
    }

    /// `regions` for one field, appended (`scratch.orderedIndex` kept in step with `ordered`).
    private func appendRegions(clip: Box, pixelsPerUnit: Double, into regions: inout [Region], balls ordered: inout [Ball],
                               scratch: inout MetaballScratch) {
        let tile = MetaballField.tilePixels / pixelsPerUnit
        let width = clip.maxX - clip.minX, height = clip.maxY - clip.minY
        guard pixelsPerUnit.isFinite, pixelsPerUnit > 0, width.isFinite, height.isFinite, width > 0, height > 0,
              (width / tile) * (height / tile) < 1e7
        else { return }
        let pad = 2 / pixelsPerUnit, h = tile * 0.5.squareRoot()
        if parameters.kernel != .wyvill, let i = loneBall {
            // Its coverage reaches half a device pixel past the circle; the box, out to whole
            // device pixels, holds that. (One quad in the edge tiles' draw costs a driver like
            // llvmpipe less than the same box drawn by a program of its own, which was tried.)
            let lone = balls[i], r = lone.radius + 1 / pixelsPerUnit
            let box = Box(minX: max(lone.center.x - r, clip.minX), minY: max(lone.center.y - r, clip.minY),
                          maxX: min(lone.center.x + r, clip.maxX), maxY: min(lone.center.y + r, clip.maxY))
            if box.maxX > box.minX && box.maxY > box.minY {
                regions.append(Region(box: box, first: ordered.count, count: 1))
                ordered.append(lone)
                scratch.orderedIndex.append(i)
            }
            return
        }
        if parameters.kernel == .inverseSquare && balls.lazy.filter(\.isDrawable).prefix(MetaballField.sharedRunLimit + 1).count <= MetaballField.sharedRunLimit,
           appendShared(clip: clip, tile: tile, half: 0.5 / pixelsPerUnit, pad: pad, into: &regions, balls: &ordered, scratch: &scratch) {
            return
        }
        var largest = 0.0
        scratch.reach.removeAll(keepingCapacity: true)
        for ball in balls {
            let reach = ball.isDrawable ? runDistance(ball, halfDiagonal: h, pad: pad) : 0
            scratch.reach.append(reach)
            largest = max(largest, reach)
        }
        guard largest > 0 else { return }
        // Coarse cells: a power-of-two number of tiles (they split evenly down to tiles), at
        // least four and at least the largest run distance.
        var cell = 4 * tile
        while cell < largest { cell *= 2 }
        // From the clip's corner, down to whole tiles (a separate field's box is already), so a
        // lone badge's tiles fall in one cell and join up.
        let originX = (clip.minX / tile).rounded(.down) * tile, originY = (clip.minY / tile).rounded(.down) * tile
        let columns = max(1, Int(((clip.maxX - originX) / cell).rounded(.up)))
        let rows = max(1, Int(((clip.maxY - originY) / cell).rounded(.up)))
        binBalls(originX: originX, originY: originY, cell: cell, columns: columns, rows: rows, scratch: &scratch)

        let inverseSquare = parameters.kernel == .inverseSquare
        var totalMass = 0.0, drawable = 0
        for ball in balls where ball.isDrawable {
            totalMass += ball.radius * ball.radius
            drawable += 1
        }
        let geometry = TileGeometry(tile: tile, half: 0.5 / pixelsPerUnit, clip: clip, cell: cell, originX: originX,
                                    originY: originY, columns: columns, rows: rows, drawable: drawable)
        for cy in 0..<rows {
            for cx in 0..<columns {
                // The balls of the 3×3 cells round this one: all that can be in its tiles' runs.
                scratch.candidates.removeAll(keepingCapacity: true)
                for y in max(cy - 1, 0)...min(cy + 1, rows - 1) {
                    let row = y * columns
                    for k in scratch.cellStart[row + max(cx - 1, 0)]..<scratch.cellStart[row + min(cx + 1, columns - 1) + 1] {
                        scratch.candidates.append(scratch.cellBalls[k])
                    }
                }
                let box = geometry.cellBox(cx, cy)
                var settled = Bounds()
                // Nothing near: every ball at least a cell away, so f ≤ Σr²/cell² everywhere here.
                if scratch.candidates.isEmpty && (!inverseSquare || (1 - (totalMass / (cell * cell)).squareRoot()) * cell >= 1.001 * geometry.half) {
                    continue
                }
                if inverseSquare {
                    settled = farBounds(of: box, zone: (cx - 1, cx + 1, cy - 1, cy + 1), scratch: &scratch)
                    // Nothing near and too little from afar: all outside.
                    if scratch.candidates.isEmpty && (1 - settled.most.squareRoot()) * settled.nearest2.squareRoot() >= 1.001 * geometry.half {
                        continue
                    }
                } else if scratch.candidates.isEmpty {
                    continue
                }
                scratch.zoneCount = scratch.candidates.count
                let start = regions.count
                classify(box, cell: (cx, cy), candidates: 0..<scratch.candidates.count, settled: settled, far: settled,
                         geometry: geometry, into: &regions, balls: &ordered, scratch: &scratch)
                mergeTiles(from: start, cell: box, cell: (cx, cy), geometry: geometry, into: &regions, ordered: &ordered, scratch: &scratch)
            }
        }
    }

    /// Sorts the drawable balls into coarse cells (those past the grid into its border cells)
    /// and builds the cells' pyramid.
    private func binBalls(originX: Double, originY: Double, cell: Double, columns: Int, rows: Int, scratch: inout MetaballScratch) {
        let cells = columns * rows
        scratch.ballCell.removeAll(keepingCapacity: true)
        scratch.cellStart.removeAll(keepingCapacity: true)
        scratch.cellStart.append(contentsOf: repeatElement(0, count: cells + 1))
        scratch.nodes.removeAll(keepingCapacity: true)
        scratch.nodes.append(contentsOf: repeatElement(FieldNode(), count: cells))
        scratch.stamp.removeAll(keepingCapacity: true)
        scratch.stamp.append(contentsOf: repeatElement(0, count: balls.count))
        scratch.serial = 0
        for ball in balls {
            guard ball.isDrawable else {
                scratch.ballCell.append(-1)
                continue
            }
            let cx = Int(min(max((ball.center.x - originX) / cell, 0), Double(columns - 1)))
            let cy = Int(min(max((ball.center.y - originY) / cell, 0), Double(rows - 1)))
            let c = cy * columns + cx
            scratch.ballCell.append(c)
            scratch.cellStart[c + 1] += 1
            let m = ball.radius * ball.radius, p = ball.center
            var node = FieldNode(mass: m, sx: m * p.x, sy: m * p.y, sxx: m * p.x * p.x, sxy: m * p.x * p.y, syy: m * p.y * p.y,
                                 bounds: Box(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y))
            if parameters.kernel != .inverseSquare { node.mass = 0 }
            scratch.nodes[c].add(node)
        }
        for c in 0..<cells { scratch.cellStart[c + 1] += scratch.cellStart[c] }
        scratch.occupied.removeAll(keepingCapacity: true)
        for c in 0..<cells where scratch.cellStart[c + 1] > scratch.cellStart[c] { scratch.occupied.append(c) }
        scratch.cellBalls.removeAll(keepingCapacity: true)
        scratch.cellBalls.append(contentsOf: repeatElement(0, count: scratch.cellStart[cells]))
        // Fill each cell's run from its end (the start of the next), in the balls' order.
        for i in balls.indices.reversed() where scratch.ballCell[i] >= 0 {
            let c = scratch.ballCell[i]
            scratch.cellStart[c + 1] -= 1
            scratch.cellBalls[scratch.cellStart[c + 1]] = i
        }
        // cellStart[c + 1] now holds cell c's start: shift down by one, the total last.
        for c in 0..<cells { scratch.cellStart[c] = scratch.cellStart[c + 1] }
        scratch.cellStart[cells] = scratch.cellBalls.count
        scratch.levels.removeAll(keepingCapacity: true)
        scratch.levels.append((0, columns, rows))
        var (w, hgt) = (columns, rows)
        while w > 1 || hgt > 1 {
            let below = scratch.levels[scratch.levels.count - 1]
            w = (w + 1) / 2
            hgt = (hgt + 1) / 2
            let offset = scratch.nodes.count
            for y in 0..<hgt {
                for x in 0..<w {
                    var node = FieldNode()
                    for q in 0..<4 where 2 * x + (q & 1) < below.columns && 2 * y + (q >> 1) < below.rows {
                        node.add(scratch.nodes[below.offset + (2 * y + (q >> 1)) * below.columns + 2 * x + (q & 1)])
                    }
                    scratch.nodes.append(node)
                }
            }
            scratch.levels.append((offset, w, hgt))
        }
    }
}

/// The fixed sizes of one call of `regions`.
private struct TileGeometry {
    let tile, half: Double
    let clip: Box
    let cell, originX, originY: Double
    let columns, rows: Int
    /// The field's drawable balls.
    let drawable: Int

    func cellBox(_ cx: Int, _ cy: Int) -> Box {
        Box(minX: originX + Double(cx) * cell, minY: originY + Double(cy) * cell,
            maxX: originX + Double(cx + 1) * cell, maxY: originY + Double(cy + 1) * cell)
    }
}

extension MetaballField {
    /// Bounds over `box` from the cells outside `zone` (cell columns x0…x1, rows y0…y1): groups
    /// from the pyramid, taken whole when their spread is at most their distance.
    fileprivate func farBounds(of box: Box, zone: (Int, Int, Int, Int), scratch: inout MetaballScratch) -> Bounds {
        var bounds = Bounds()
        traverse(zone: zone, scratch: &scratch) { node, isCell in
            let d = MetaballField.distance(from: box, to: node.bounds)
            guard isCell || node.spread <= d else { return false }
            bounds.most += d > 0 ? node.mass / (d * d) : .infinity
            // Jensen (1/x is convex): Σ m/ρ² ≥ M²/Σ mρ², and Σ mρ² = M|p − c|² + tr Q.
            let c = node.centroid
            let far = MetaballField.farthest(from: c, to: box)
            let trace = node.sxx + node.syy - node.mass * c.lengthSquared
            bounds.least += node.mass / (far * far + max(trace, 0) / node.mass)
            bounds.cubic += d > 0 ? node.mass / (d * d * d) : .infinity
            bounds.nearest2 = min(bounds.nearest2, d * d)
            return true
        }
        return bounds
    }

    /// Walks the pyramid from the top over the groups that hold mass and lie wholly outside
    /// `zone`, offering each to `take` (with whether it is a single cell); a group not taken
    /// is opened. Groups wholly inside the zone are skipped; those across it are opened.
    fileprivate func traverse(zone: (Int, Int, Int, Int), scratch: inout MetaballScratch,
                              take: (FieldNode, Bool) -> Bool) {
        // Few occupied cells: offer them one by one.
        if scratch.occupied.count <= 48 {
            let columns = scratch.levels[0].columns
            for c in scratch.occupied where scratch.nodes[c].mass > 0 {
                let x = c % columns, y = c / columns
                if x >= zone.0 && x <= zone.1 && y >= zone.2 && y <= zone.3 { continue }
                _ = take(scratch.nodes[c], true)
            }
            return
        }
        scratch.stack.removeAll(keepingCapacity: true)
        let top = scratch.levels.count - 1
        for y in 0..<scratch.levels[top].rows {
            for x in 0..<scratch.levels[top].columns {
                scratch.stack.append(top)
                scratch.stack.append(x)
                scratch.stack.append(y)
            }
        }
        while !scratch.stack.isEmpty {
            let y = scratch.stack.removeLast(), x = scratch.stack.removeLast(), level = scratch.stack.removeLast()
            let info = scratch.levels[level]
            let node = scratch.nodes[info.offset + y * info.columns + x]
            guard node.mass > 0 else { continue }
            // The cells this group covers.
            let span = 1 << level
            let x0 = x * span, x1 = min((x + 1) * span, scratch.levels[0].columns) - 1
            let y0 = y * span, y1 = min((y + 1) * span, scratch.levels[0].rows) - 1
            if x0 >= zone.0 && x1 <= zone.1 && y0 >= zone.2 && y1 <= zone.3 { continue }
            let crosses = x0 <= zone.1 && x1 >= zone.0 && y0 <= zone.3 && y1 >= zone.2
            if !crosses && take(node, level == 0) { continue }
            let below = scratch.levels[level - 1]
            for q in 0..<4 where 2 * x + (q & 1) < below.columns && 2 * y + (q >> 1) < below.rows {
                scratch.stack.append(level - 1)
                scratch.stack.append(2 * x + (q & 1))
                scratch.stack.append(2 * y + (q >> 1))
            }
        }
    }

    /// One ball's Wyvill term (1 − d²/s²)³ at its least and its most over distances d from
    /// √near2 to √far2, the largest length of its gradient there, 6d(1 − d²/s²)²/s², whose
    /// peak is at d = s/√5, and s².
    private func wyvillBounds(_ ball: Ball, near2: Double, far2: Double) -> (least: Double, most: Double, steepest: Double, support2: Double) {
        let support2 = ball.radius * ball.radius * parameters.wyvillSupport * parameters.wyvillSupport
        func term(_ d2: Double) -> Double { d2 < support2 ? (1 - d2 / support2) * (1 - d2 / support2) * (1 - d2 / support2) : 0 }
        func slope(_ d2: Double) -> Double { d2 < support2 ? 6 * d2.squareRoot() * (1 - d2 / support2) * (1 - d2 / support2) / support2 : 0 }
        let peak2 = support2 / 5
        let steepest = near2 <= peak2 && peak2 <= far2 ? slope(peak2) : max(slope(near2), slope(far2))
        return (term(far2), term(near2), steepest, support2)
    }

    /// Classifies the square `square` (within cell `cell`; its candidates a segment of
    /// `scratch.candidates`, the other balls' share in `settled`, the cells beyond the 3×3 in
    /// `far`): leaves it out, fills it, or splits it, down to tiles (`tile`).
    fileprivate func classify(_ square: Box, cell: (Int, Int), candidates: Range<Int>, settled: Bounds, far: Bounds,
                              geometry: TileGeometry, into regions: inout [Region], balls ordered: inout [Ball],
                              scratch: inout MetaballScratch) {
        let clip = geometry.clip
        let box = Box(minX: max(square.minX, clip.minX), minY: max(square.minY, clip.minY),
                      maxX: min(square.maxX, clip.maxX), maxY: min(square.maxY, clip.maxY))
        guard box.maxX > box.minX && box.maxY > box.minY else { return }
        let inverseSquare = parameters.kernel == .inverseSquare
        let start = scratch.candidates.count
        defer { scratch.candidates.removeSubrange(start...) }
        // Each candidate either stays one (it may be in a tile's run here) or is settled into
        // the bounds handed down (it is not, anywhere in the square).
        var handed = settled
        var here = Bounds()
        var deepest = Double.infinity
        // Wyvill, over the box: the field's least and most values, its gradient's largest
        // length, the largest d/s² of a kept ball, and how many terms may be non-zero.
        let wyvill = parameters.kernel == .wyvill
        var leastField = 0.0, steepest = 0.0, mostField = 0.0, reachRatio = 0.0, terms = 0
        for k in candidates {
            let i = scratch.candidates[k]
            let ball = balls[i]
            let near2 = MetaballField.distanceSquared(from: ball.center, to: box), reach = scratch.reach[i]
            let keep = near2 < reach * reach
            if keep {
                scratch.candidates.append(i)
                if parameters.kernel == .smoothMin { deepest = min(deepest, MetaballField.farthest(from: ball.center, to: box) - ball.radius) }
                if wyvill {
                    let far2 = MetaballField.farthestSquared(from: ball.center, to: box)
                    let bounds = wyvillBounds(ball, near2: near2, far2: far2)
                    leastField += bounds.least
                    mostField += bounds.most
                    steepest += bounds.steepest
                    reachRatio = max(reachRatio, far2.squareRoot() / bounds.support2)
                    terms += 1
                }
            }
            guard inverseSquare else { continue }
            let far2 = MetaballField.farthestSquared(from: ball.center, to: box)
            if keep {
                Bounds.count(ball, near2: near2, far2: far2, into: &here, cubic: false)
            } else {
                Bounds.count(ball, near2: near2, far2: far2, into: &handed, cubic: true)
            }
        }
        let kept = start..<scratch.candidates.count
        if inverseSquare {
            if let decided = decide(box, least: handed.least + here.least, most: handed.most + here.most,
                                    nearest: min(handed.nearest2, here.nearest2).squareRoot(), cubic: handed.cubic,
                                    run: members(kept, of: scratch.candidates),
                                    half: geometry.half) {
                if decided { MetaballField.appendInside(box, to: &regions) }
                return
            }
        } else {
            if kept.isEmpty { return }
            if parameters.kernel == .smoothMin && deepest <= -1.001 * geometry.half {
                MetaballField.appendInside(box, to: &regions)
                return
            }
            // Wyvill: g = f^⅓ is at least g₀ = (least f)^⅓ and the slope at most the sum of
            // the balls' steepest, so where g₀ > iso the shader's 3g²(iso − g)/|∇f| (falling as
            // g grows past iso) is at most 3g₀²(iso − g₀)/steepest: inside when that is half a
            // pixel in.
            if wyvill {
                let g = pow(leastField, 1.0 / 3), iso = pow(parameters.threshold, 1.0 / 3)
                if g > iso && (steepest <= 0 || 3 * g * g * (iso - g) / steepest <= -1.001 * geometry.half) {
                    MetaballField.appendInside(box, to: &regions)
                    return
                }
                // Outside: each term's slope is 6d(1 − q)²/s² = term^⅔·6d/s², and over n terms
                // Σ termᵢ^⅔ ≤ n^⅓ f^⅔ = n^⅓ g² (the power mean), so the g² cancels and the
                // shader's distance is at least (iso − g)/(2 n^⅓ max d/s²), g at its most.
                let most = pow(mostField, 1.0 / 3)
                if most < iso && (iso - most) / (2 * pow(Double(terms), 1.0 / 3) * reachRatio) >= 1.001 * geometry.half {
                    return
                }
            }
        }
        let size = square.maxX - square.minX
        if size > geometry.tile * 1.5 {
            let midX = (square.minX + square.maxX) / 2, midY = (square.minY + square.maxY) / 2
            for q in 0..<4 {
                let part = Box(minX: q & 1 == 0 ? square.minX : midX, minY: q >> 1 == 0 ? square.minY : midY,
                               maxX: q & 1 == 0 ? midX : square.maxX, maxY: q >> 1 == 0 ? midY : square.maxY)
                classify(part, cell: cell, candidates: kept, settled: handed, far: far, geometry: geometry, into: &regions,
                         balls: &ordered, scratch: &scratch)
            }
            return
        }
        MetaballField.sortRun(kept, in: &scratch.candidates)
        guard inverseSquare else {
            appendRun(box, kept, model: LocalField(), into: &regions, ordered: &ordered, scratch: &scratch)
            return
        }
        // The balls of the 3×3 cells not in the run, measured again against the tile itself
        // (they were settled against larger squares), for its parts.
        scratch.serial += 1
        for k in kept { scratch.stamp[scratch.candidates[k]] = scratch.serial }
        var rest = far
        for k in 0..<scratch.zoneCount where scratch.stamp[scratch.candidates[k]] != scratch.serial {
            let ball = balls[scratch.candidates[k]]
            Bounds.count(ball, near2: MetaballField.distanceSquared(from: ball.center, to: box),
                         far2: MetaballField.farthestSquared(from: ball.center, to: box), into: &rest, cubic: true)
        }
        var least = rest.least, most = rest.most, nearest2 = rest.nearest2
        countRun(box, run: members(kept, of: scratch.candidates), least: &least, most: &most, nearest2: &nearest2)
        if let decided = decide(box, least: least, most: most, nearest: nearest2.squareRoot(), cubic: rest.cubic,
                                run: members(kept, of: scratch.candidates),
                                half: geometry.half) {
            if decided { MetaballField.appendInside(box, to: &regions) }
            return
        }
        // What the shader would draw here: the run and the tail, whose gradient (unlike the
        // bound from its balls one by one) sees their pulls cancel.
        let (model, miss) = tail(at: Vec2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2), box: box, cell: cell,
                                 geometry: geometry, scratch: &scratch)
        if let decided = decide(box, model: model, run: members(kept, of: scratch.candidates), half: geometry.half) {
            if decided { MetaballField.appendInside(box, to: &regions) }
            return
        }
        // Its quarters, tested the same way: those inside are filled flat, those outside left
        // out, the rest drawn with the tile's run (`mergeTiles` joins them up again), so that
        // less area is shaded where a pixel costs several balls.
        guard kept.count >= MetaballField.quarterRun, box.maxX - box.minX > geometry.tile / 2,
              box.maxY - box.minY > geometry.tile / 2
        else {
            appendRun(box, kept, model: model, into: &regions, ordered: &ordered, scratch: &scratch)
            regions[regions.count - 1].tailMiss = miss
            return
        }
        let center = Vec2((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
        var first = -1
        for q in 0..<4 {
            let part = Box(minX: q & 1 == 0 ? box.minX : center.x, minY: q >> 1 == 0 ? box.minY : center.y,
                           maxX: q & 1 == 0 ? center.x : box.maxX, maxY: q >> 1 == 0 ? center.y : box.maxY)
            let local = model.shifted(by: Vec2((part.minX + part.maxX) / 2, (part.minY + part.maxY) / 2) - center)
            if let decided = decide(part, model: local, run: members(kept, of: scratch.candidates), half: geometry.half) {
                if decided { MetaballField.appendInside(part, to: &regions) }
                continue
            }
            if first < 0 {
                first = ordered.count
                appendRun(part, kept, model: local, into: &regions, ordered: &ordered, scratch: &scratch)
            } else {
                regions.append(Region(box: part, first: first, count: kept.count, tail: local))
            }
            regions[regions.count - 1].tailMiss = miss
        }
    }

    /// Fields of at most this many balls (inverse square) are tiled by `appendShared`: every
    /// edge tile evaluates the whole field, so all share one run, drawn by the renderer's
    /// longest run program (`Renderer.runClasses`) at most.
    public static let sharedRunLimit = 12

    /// `appendRegions` for a field of at most `sharedRunLimit` balls (inverse square): the
    /// whole field is every edge tile's run, entered once, with no tail, so what the shader
    /// draws is the field itself, and the tiles are classified from bounds over all the balls
    /// (no cells, no pyramid). Squares of 4×4 tiles over the field's reach (`reachBox`) are
    /// split down to tiles on a grid of tiles, which is then cut greedily into rectangles, in
    /// rows then down: those inside, and those near the contour (with the ones inside too when
    /// the run is `shortRun` or less, as in `mergeTiles`, or they are `joinedInside` or fewer).
    /// A tile's quarters are not tested, as the cells' way tests them for runs of `quarterRun`
    /// or more: for a field this small the bounds over them cost the CPU, before the draw, more
    /// than the shading they save (the caterpillar's tiling took 46 µs with them and 21.5
    /// without, its frame 1.25–1.27 and 1.23–1.24 times its Bézier frame: README, "Bézier and
    /// metaball, side by side").
    /// False, having added nothing, where the grid would be too large (a ball thousands of
    /// tiles across): the cells' way takes it.
    fileprivate func appendShared(clip: Box, tile: Double, half: Double, pad: Double, into regions: inout [Region],
                                  balls ordered: inout [Ball], scratch: inout MetaballScratch) -> Bool {
        guard let reach = reachBox(pad: pad) else { return true }
        let originX = (max(reach.minX, clip.minX) / tile).rounded(.down) * tile
        let originY = (max(reach.minY, clip.minY) / tile).rounded(.down) * tile
        let box = Box(minX: max(originX, clip.minX), minY: max(originY, clip.minY),
                      maxX: min(reach.maxX, clip.maxX), maxY: min(reach.maxY, clip.maxY))
        guard box.maxX > box.minX && box.maxY > box.minY else { return true }
        let wide = ((box.maxX - originX) / tile).rounded(.up), high = ((box.maxY - originY) / tile).rounded(.up)
        guard wide * high <= Double(1 << 20) else { return false }
        let columns = Int(wide), rows = Int(high)
        // The run: the drawable balls in order, once into `ordered`.
        let first = ordered.count
        for (i, ball) in balls.enumerated() where ball.isDrawable {
            ordered.append(ball)
            scratch.orderedIndex.append(i)
        }
        let count = ordered.count - first
        // Each tile: 0 outside, 1 inside, 2 near the contour.
        scratch.grid.removeAll(keepingCapacity: true)
        scratch.grid.append(contentsOf: repeatElement(0, count: columns * rows))
        ordered.withUnsafeBufferPointer { all in
            let run = UnsafeBufferPointer(rebasing: all[first...])
            classifyShared(run, columns: columns, rows: rows, originX: originX, originY: originY, unit: tile, box: box, half: half,
                           grid: &scratch.grid)
        }
        // Tiles inside are drawn with the edge tiles, by the same program in the same draw, when
        // the run is short or they are few (see `joinedInside`).
        if count <= MetaballField.shortRun || scratch.grid.lazy.filter({ $0 == 1 }).count <= MetaballField.joinedInside {
            for k in scratch.grid.indices where scratch.grid[k] == 1 { scratch.grid[k] = 2 }
        }
        for y in 0..<rows {
            var x = 0
            while x < columns {
                let kind = scratch.grid[y * columns + x]
                guard kind != 0 else {
                    x += 1
                    continue
                }
                var w = 1
                while x + w < columns && scratch.grid[y * columns + x + w] == kind { w += 1 }
                var h = 1
                while y + h < rows && (x..<(x + w)).allSatisfy({ scratch.grid[(y + h) * columns + $0] == kind }) { h += 1 }
                for v in y..<(y + h) { for u in x..<(x + w) { scratch.grid[v * columns + u] = 0 } }
                let part = Box(minX: max(originX + Double(x) * tile, box.minX), minY: max(originY + Double(y) * tile, box.minY),
                               maxX: min(originX + Double(x + w) * tile, box.maxX), maxY: min(originY + Double(y + h) * tile, box.maxY))
                regions.append(kind == 1 ? Region(box: part, first: 0, count: 0, inside: true)
                                         : Region(box: part, first: first, count: count))
                x += w
            }
        }
        return true
    }

    /// `appendShared`'s grid of tiles (`columns` × `rows` of `unit` from the origin, cut to
    /// `box`) marked 1 where proved inside and 2 near the contour, from bounds over the whole
    /// `run`: squares of 4×4 tiles split down to tiles.
    private func classifyShared(_ run: UnsafeBufferPointer<Ball>, columns: Int, rows: Int, originX: Double, originY: Double,
                                unit: Double, box: Box, half: Double, grid: inout [Int]) {
        func mark(_ x: Int, _ y: Int, span: Int, _ kind: Int) {
            for v in y..<min(y + span, rows) { for u in x..<min(x + span, columns) { grid[v * columns + u] = kind } }
        }
        /// The square of `span` tiles at tile (x, y), cut to the box.
        func decide(_ x: Int, _ y: Int, span: Int) -> Bool? {
            let part = Box(minX: max(originX + Double(x) * unit, box.minX), minY: max(originY + Double(y) * unit, box.minY),
                           maxX: min(originX + Double(x + span) * unit, box.maxX), maxY: min(originY + Double(y + span) * unit, box.maxY))
            guard part.maxX > part.minX && part.maxY > part.minY else { return false }
            var least = 0.0, most = 0.0, nearest2 = Double.infinity
            countRun(part, run: run, least: &least, most: &most, nearest2: &nearest2)
            return self.decide(part, least: least, most: most, nearest: nearest2.squareRoot(), cubic: 0, run: run, half: half)
        }
        func classify(_ x: Int, _ y: Int, span: Int) {
            guard x < columns && y < rows else { return }
            if let inside = decide(x, y, span: span) {
                if inside { mark(x, y, span: span, 1) }
                return
            }
            if span > 1 {
                for q in 0..<4 { classify(x + (q & 1) * span / 2, y + (q >> 1) * span / 2, span: span / 2) }
            } else {
                mark(x, y, span: 1, 2)
            }
        }
        for y in stride(from: 0, to: rows, by: 4) { for x in stride(from: 0, to: columns, by: 4) { classify(x, y, span: 4) } }
    }

    /// Runs at most this long draw a pixel for less than a quad costs, so where one is the
    /// whole field the tiles inside next to it are drawn with it (`mergeTiles`): a lone badge is
    /// a few quads (its tiles' cross), not a dozen or more.
    static let shortRun = 2

    /// At most this many tiles inside a field tiled by `appendShared` are drawn with its edge
    /// tiles, the run evaluated there too, rather than flat by a draw of their own: on llvmpipe
    /// the one draw of fewer, larger rectangles costs less than shading the few inside pays
    /// (the caterpillar held up, 13 tiles inside: its frame 1.21 → 1.18 times its Bézier frame at
    /// 1920x1080, medians of eight runs; 1.071 → 1.061 at 3840x2160; at `--scale 2`, 52 tiles,
    /// the same either way; at `--scale 4`, 208 tiles, 1.19 → 1.33 joined: README, "Bézier and
    /// metaball, side by side").
    static let joinedInside = 32

    /// Runs at least this long are worth testing a tile's quarters for (a pixel costs about as
    /// much as a ball and a half, a quad about 400 pixels).
    static let quarterRun = 4

    /// Puts a run in the balls' order (the smooth minimum depends a little on it): insertion
    /// sort, as the runs are short and mostly in order already.
    static func sortRun(_ run: Range<Int>, in list: inout [Int]) {
        var sorted = run.lowerBound
        while sorted < run.upperBound {
            var b = sorted
            while b > run.lowerBound && list[b - 1] > list[b] {
                list.swapAt(b - 1, b)
                b -= 1
            }
            sorted += 1
        }
    }

    /// Appends an edge region drawing the balls of `run` (a segment of the candidates) and
    /// `model`; their indices go to `scratch.orderedIndex`.
    fileprivate func appendRun(_ box: Box, _ run: Range<Int>, model: LocalField, into regions: inout [Region], ordered: inout [Ball],
                               scratch: inout MetaballScratch) {
        let first = ordered.count
        for k in run {
            ordered.append(balls[scratch.candidates[k]])
            scratch.orderedIndex.append(scratch.candidates[k])
        }
        regions.append(Region(box: box, first: first, count: run.count, tail: model))
    }

    /// Joins the tiles of one cell (the regions from `start` on) into rectangles, greedily in
    /// rows then down: tiles inside, and edge tiles with the same run whose tail, made again
    /// about the rectangle's centre, still holds over it (`tailError`); tiles inside with the
    /// edge tiles of a `shortRun` that is the whole field. A driver like llvmpipe pays about a
    /// microsecond a quad, so a lone badge is a few quads, not twenty.
    fileprivate func mergeTiles(from start: Int, cell box: Box, cell: (Int, Int), geometry: TileGeometry, into regions: inout [Region],
                                ordered: inout [Ball], scratch: inout MetaballScratch) {
        guard regions.count - start > 1 else { return }
        // A grid of half tiles; each edge region that is one or four of them, aligned, is
        // entered, and each square or rectangle inside that lies on it.
        let unit = geometry.tile / 2
        let n = Int((geometry.cell / unit).rounded())
        // A cell that wide (a ball hundreds of tiles across) is left as it is.
        guard n <= 256 else { return }
        scratch.grid.removeAll(keepingCapacity: true)
        scratch.grid.append(contentsOf: repeatElement(-1, count: n * n))
        scratch.merged.removeAll(keepingCapacity: true)
        for r in start..<regions.count {
            let b = regions[r].box
            let w = (b.maxX - b.minX) / unit, h = (b.maxY - b.minY) / unit
            let spanX = Int(w.rounded()), spanY = Int(h.rounded())
            let tx = Int(((b.minX - box.minX) / unit).rounded()), ty = Int(((b.minY - box.minY) / unit).rounded())
            guard spanX >= 1, spanY >= 1, regions[r].inside || (spanX == spanY && spanX <= 2),
                  abs(w - Double(spanX)) < 1e-9, abs(h - Double(spanY)) < 1e-9,
                  abs(box.minX + Double(tx) * unit - b.minX) < 1e-9 * unit, abs(box.minY + Double(ty) * unit - b.minY) < 1e-9 * unit,
                  tx >= 0, ty >= 0, tx + spanX <= n, ty + spanY <= n
            else {
                // Not on the grid (a tile cut by the clip): as it is.
                scratch.merged.append(regions[r])
                continue
            }
            for y in ty..<(ty + spanY) { for x in tx..<(tx + spanX) { scratch.grid[y * n + x] = r } }
        }
        func same(_ a: Int, _ b: Int) -> Bool {
            if a == b { return true }
            let ra = regions[a], rb = regions[b]
            if ra.inside && rb.inside { return true }
            // A tile inside joins an edge tile whose run is the whole field and short: the field
            // drawn there comes out wholly covered, as the flat fill does, for less than a quad.
            if ra.inside || rb.inside {
                let edge = ra.inside ? rb : ra
                return edge.count <= MetaballField.shortRun && edge.count == geometry.drawable
            }
            guard ra.count == rb.count else { return false }
            // Parts of one tile share its run; other tiles' tails that already use much of
            // their allowance are not worth a try (a join makes the tail again over a box at
            // least twice as wide: 8 times the miss).
            if ra.first == rb.first { return true }
            guard 8 * max(ra.tailMiss, rb.tailMiss) <= MetaballField.tailError else { return false }
            for k in 0..<ra.count where scratch.orderedIndex[ra.first + k] != scratch.orderedIndex[rb.first + k] { return false }
            return true
        }
        for ty in 0..<n {
            for tx in 0..<n {
                let r = scratch.grid[ty * n + tx]
                guard r >= 0 else { continue }
                // The rectangle takes the run of its first edge tile (`rep`), if it has one.
                var rep = r
                var w = 1
                while tx + w < n {
                    let o = scratch.grid[ty * n + tx + w]
                    guard o >= 0, same(rep, o) else { break }
                    if regions[rep].inside && !regions[o].inside { rep = o }
                    w += 1
                }
                var h = 1
                grow: while ty + h < n {
                    var rowRep = rep
                    for x in tx..<(tx + w) {
                        let o = scratch.grid[(ty + h) * n + x]
                        if o < 0 || !same(rowRep, o) { break grow }
                        if regions[rowRep].inside && !regions[o].inside { rowRep = o }
                    }
                    rep = rowRep
                    h += 1
                }
                var joined = regions[rep]
                // (Within the clip: a tile on its edge was cut to it, and the grid's sums may
                // round a hair past it.)
                let clip = geometry.clip
                joined.box = Box(minX: max(box.minX + Double(tx) * unit, clip.minX), minY: max(box.minY + Double(ty) * unit, clip.minY),
                                 maxX: min(box.minX + Double(tx + w) * unit, clip.maxX),
                                 maxY: min(box.minY + Double(ty + h) * unit, clip.maxY))
                var ok = true
                var oneTile = w <= 2 && h <= 2
                for y in ty..<(ty + h) {
                    for x in tx..<(tx + w) {
                        let o = regions[scratch.grid[y * n + x]]
                        if o.first != joined.first || o.inside != joined.inside { oneTile = false }
                    }
                }
                if oneTile && !joined.inside {
                    // Within the tile its tail was made for: the same quadratic about the new centre.
                    joined.tail = regions[rep].tail.shifted(by: joined.center - regions[rep].center)
                } else if joined.box != regions[rep].box && !joined.inside && parameters.kernel == .inverseSquare {
                    scratch.serial += 1
                    for k in joined.first..<(joined.first + joined.count) { scratch.stamp[scratch.orderedIndex[k]] = scratch.serial }
                    let (model, error) = tail(at: joined.center, box: joined.box, cell: cell, geometry: geometry, scratch: &scratch)
                    joined.tail = model
                    ok = error <= MetaballField.tailError
                }
                if ok {
                    scratch.merged.append(joined)
                    for y in ty..<(ty + h) { for x in tx..<(tx + w) { scratch.grid[y * n + x] = -1 } }
                } else {
                    // As it was: the region alone, all its cells taken.
                    scratch.merged.append(regions[r])
                    for k in scratch.grid.indices where scratch.grid[k] == r { scratch.grid[k] = -1 }
                }
            }
        }
        regions.removeSubrange(start...)
        regions.append(contentsOf: scratch.merged)
    }


    /// Appends a square shown inside, joined to the last region when that is an inside box of
    /// the same rows that it continues (the squares come in Z order: pairs join).
    static func appendInside(_ box: Box, to regions: inout [Region]) {
        if let last = regions.last, last.inside, last.box.minY == box.minY, last.box.maxY == box.maxY, last.box.maxX == box.minX {
            regions[regions.count - 1].box.maxX = box.maxX
        } else {
            regions.append(Region(box: box, first: 0, count: 0, inside: true))
        }
    }

    /// Whether the field is inside everywhere in `box` (true), outside everywhere (false), or
    /// neither shown (nil), from bounds over it: least ≤ f ≤ most, the nearest centre, Σ r²/d³
    /// of the balls counted in `cubic`, and the balls of `run` one by one.
    private func decide(_ box: Box, least: Double, most: Double, nearest: Double, cubic: Double, run: some Sequence<Ball>,
                        half: Double) -> Bool? {
        if least > 1 {
            // |∇g| ≤ f^(−3/2) Σ r²/ρ³, each term at most 1/r (as f ≥ r²/ρ²) and at most
            // least^(−3/2) r²/d³.
            let g = 1 / least.squareRoot(), scale = g * g * g
            let slope = scale * cubic + runSlope(box, run: run, scale: scale)
            if 1 - g >= 1.001 * half * slope { return true }
        }
        // |∇g| ≤ g/ρ.
        if most < 1 && (1 - most.squareRoot()) * nearest >= 1.001 * half { return false }
        return nil
    }

    /// The balls of `run` (indices in `list`), for the bounds.
    private func members(_ run: Range<Int>, of list: [Int]) -> LazyMapSequence<Range<Int>, Ball> {
        run.lazy.map { self.balls[list[$0]] }
    }

    /// The run's balls added to bounds over `box` one by one.
    func countRun(_ box: Box, run: some Sequence<Ball>, least: inout Double, most: inout Double, nearest2: inout Double) {
        for ball in run {
            Bounds.count(ball, near2: MetaballField.distanceSquared(from: ball.center, to: box),
                         far2: MetaballField.farthestSquared(from: ball.center, to: box), least: &least, most: &most, nearest2: &nearest2)
        }
    }

    /// Σ over the run's balls of the most each adds to |∇g| in `box`: 1/r (as f ≥ r²/ρ²), or
    /// `scale`·r²/d³ (scale = least^(−3/2)) if less.
    private func runSlope(_ box: Box, run: some Sequence<Ball>, scale: Double) -> Double {
        var slope = 0.0
        for ball in run {
            let near = MetaballField.distance(from: ball.center, to: box)
            slope += near > 0 ? min(1 / ball.radius, scale * ball.radius * ball.radius / (near * near * near)) : 1 / ball.radius
        }
        return slope
    }

    /// `decide` for the field the shader draws: the run's balls and the quadratic tail T about
    /// the box's centre, bounded over the box by its value, gradient and Hessian norm.
    private func decide(_ box: Box, model: LocalField, run: some Sequence<Ball>, half: Double) -> Bool? {
        let reach = 0.5 * ((box.maxX - box.minX) * (box.maxX - box.minX) + (box.maxY - box.minY) * (box.maxY - box.minY)).squareRoot()
        let norm = (model.xx * model.xx + 2 * model.xy * model.xy + model.yy * model.yy).squareRoot()
        let slopeT = model.gradient.length + norm * reach
        let spread = model.gradient.length * reach + 0.5 * norm * reach * reach
        var least = max(model.value - spread, 0), most = model.value + spread, nearest2 = Double.infinity
        countRun(box, run: run, least: &least, most: &most, nearest2: &nearest2)
        if least > 1 {
            let g = 1 / least.squareRoot(), scale = g * g * g
            let slope = 0.5 * scale * slopeT + runSlope(box, run: run, scale: scale)
            if 1 - g >= 1.001 * half * slope { return true }
        }
        if most < 1 && least > 0 {
            // (g − 1)/|∇g| with g between most^(−½) and least^(−½), |∇g| ≤ g/ρ + ½g³|∇T|.
            let low = 1 / most.squareRoot(), high = 1 / least.squareRoot()
            if low - 1 >= 1.001 * half * (high / nearest2.squareRoot() + 0.5 * high * high * high * slopeT) { return false }
        }
        return nil
    }

    /// The field at `center` of every ball not in the current run (stamped `scratch.serial`):
    /// exactly for the balls of the 5×5 cells round `cell`, by groups beyond.
    /// Also the most its quadratic can miss by in `box`: Σ 4r²H³/d⁵ (H the box's half
    /// diagonal, d the distance from the ball, or group, to the box).
    fileprivate func tail(at center: Vec2, box: Box, cell: (Int, Int), geometry: TileGeometry,
                          scratch: inout MetaballScratch) -> (field: LocalField, error: Double) {
        var field = LocalField()
        var error = 0.0
        let w = box.maxX - box.minX, hgt = box.maxY - box.minY
        let h3 = 4 * pow(0.25 * (w * w + hgt * hgt), 1.5)
        func miss(_ m: Double, _ d: Double) -> Double {
            let d2 = d * d
            return d > 0 ? m * h3 / (d2 * d2 * d) : .infinity
        }
        let (cx, cy) = cell
        let zone = (cx - 2, cx + 2, cy - 2, cy + 2)
        for y in max(cy - 2, 0)...min(cy + 2, geometry.rows - 1) {
            let row = y * geometry.columns
            for k in scratch.cellStart[row + max(cx - 2, 0)]..<scratch.cellStart[row + min(cx + 2, geometry.columns - 1) + 1] {
                let i = scratch.cellBalls[k]
                guard scratch.stamp[i] != scratch.serial else { continue }
                let m = balls[i].radius * balls[i].radius
                field.add(offset: center - balls[i].center, mass: m)
                error += miss(m, MetaballField.distance(from: balls[i].center, to: box))
            }
        }
        traverse(zone: zone, scratch: &scratch) { node, isCell in
            let c = node.centroid
            let x = center - c
            guard isCell || node.spread < 0.5 * x.length else { return false }
            field.add(offset: x, mass: node.mass)
            // Second moments about the centre of mass.
            let m = node.mass
            field.addQuadrupole(offset: x, qxx: node.sxx - m * c.x * c.x, qxy: node.sxy - m * c.x * c.y, qyy: node.syy - m * c.y * c.y)
            error += miss(m, MetaballField.distance(from: box, to: node.bounds))
            return true
        }
        return (field, error)
    }
}
