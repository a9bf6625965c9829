// The metaball contour as curves (the SVG's field): every fitted segment lies within the
// tolerance of the iso line, judged by the kernels' definitions in the independent reference.

import Foundation
import Reference
import Testing
@testable import Geometry

@Suite struct ContourTests {
    static func reference(_ p: MetaballParameters) -> ReferenceKernel {
        switch p.kernel {
        case .inverseSquare: .inverseSquare
        case .wyvill: .wyvill(threshold: p.threshold)
        case .smoothMin: .smoothMin(blend: p.blend)
        }
    }

    /// For joined, parted and three-ball fields: along each segment's normal, one point 0.25
    /// units out is outside and one 0.25 in is inside, so the iso line crosses within 0.25.
    @Test(arguments: MetaballKernel.allCases)
    func fittedSegmentsHugTheIsoLine(kernel: MetaballKernel) throws {
        let scenes: [[Ball]] = [
            [Ball(center: Vec2(100, 100), radius: 20)],
            [Ball(center: Vec2(100, 100), radius: 15), Ball(center: Vec2(128, 106), radius: 20)],
            [Ball(center: Vec2(100, 100), radius: 15), Ball(center: Vec2(190, 110), radius: 20)],
            [Ball(center: Vec2(100, 100), radius: 12), Ball(center: Vec2(125, 100), radius: 12), Ball(center: Vec2(112, 122), radius: 12)],
        ]
        for (index, balls) in scenes.enumerated() {
            var field = MetaballField()
            field.parameters = MetaballParameters(kernel: kernel)
            field.balls = balls
            let kernelReference = ContourTests.reference(field.parameters)
            let references = balls.map { (center: RPoint($0.center.x, $0.center.y), radius: $0.radius) }
            let loops = field.contourCurves(tolerance: 0.25)
            #expect(!loops.isEmpty)
            var checked = 0
            for loop in loops {
                #expect(loop.count >= 4)
                // Closed: each segment starts where the previous ended.
                for (a, b) in zip(loop, loop.dropFirst() + [loop[0]]) { #expect(a.p3.distance(to: b.p0) < 1e-9) }
                for segment in loop {
                    for k in 1..<10 {
                        let t = Double(k) / 10
                        let p = segment.point(at: t), d = segment.derivative(at: t)
                        guard d.length > 0 else { continue }
                        let n = d.perpendicular / d.length
                        let a = p + n * 0.25, b = p - n * 0.25
                        let insideA = kernelReference.inside(RPoint(a.x, a.y), balls: references)
                        let insideB = kernelReference.inside(RPoint(b.x, b.y), balls: references)
                        #expect(insideA != insideB, "scene \(index) \(kernel): the contour strays over 0.25 from the iso line at \(p)")
                        checked += 1
                    }
                }
            }
            #expect(checked > 100)
            // Joined scenes are one loop, the parted one two.
            #expect(loops.count == (index == 2 ? 2 : 1), "scene \(index) \(kernel): \(loops.count) loops")
        }
    }
}

/// A ball a moment before the break (radius 2.6e-5, R − d/shrink at d 99.99987 of 100) has a
/// loop of its own too small to draw; the fitted curves leave out a loop under the tolerance
/// both ways (it was a four-segment loop in the SVG and the JSON), and keep a small one above it.
@Suite struct TinyLoopTests {
    @Test func aLoopUnderTheToleranceIsLeftOut() {
        let badge = Ball(center: Vec2(183.966, 154.311), radius: 20)
        for (radius, loops) in [(2.6123e-5, 1), (0.4, 2)] {
            let field = MetaballField(balls: [Ball(center: Vec2(100, 100), radius: radius), badge])
            let curves = field.contourCurves(tolerance: 0.25)
            #expect(curves.count == loops, "radius \(radius): \(curves.count) loops")
            // (The case: the traced loops hold the tiny one.)
            #expect(field.contourLoops(step: 0.5).count == 2, "radius \(radius)")
        }
    }
}

/// A ball whose contour falls between the trace's grid points (0.5 units apart at the
/// tolerance 0.25) is still in the curves, as the circle of its own contour, wherever it lies
/// on the grid: alone, r; with a large ball off to its side, in the inverse square, lifted to
/// r/√(1 − R²/D²) by the large one's field (the others' do not reach it). It was left out of the
/// SVG and the JSON, which the PNG draws as its area.
@Suite struct MissedBallTests {
    @Test(arguments: MetaballKernel.allCases)
    func aBallBetweenTheGridsPointsIsACircle(kernel: MetaballKernel) throws {
        let parameters = MetaballParameters(kernel: kernel)
        for r in [0.15, 0.2, 0.3, 0.45] {
            for offset in [Vec2(0, 0), Vec2(0.25, 0.25), Vec2(0.1, 0.4), Vec2(0.49, 0.02)] {
                for withLarge in [false, true] {
                    let center = Vec2(100, 100) + offset, large = 8.0, apart = kernel == .inverseSquare ? 24.0 : 64.0
                    var balls = [Ball(center: center, radius: r)]
                    if withLarge { balls.append(Ball(center: center + Vec2(apart, 0), radius: large)) }
                    let field = MetaballField(balls: balls, parameters: parameters)
                    let own = kernel == .inverseSquare && withLarge ? r / (1 - large * large / (apart * apart)).squareRoot() : r
                    let loops = field.contourCurves(tolerance: 0.25)
                    let near = loops.filter { loop in loop.allSatisfy { $0.p0.distance(to: center) < 2 } }
                    let label = "\(kernel) r \(r) at \(offset)\(withLarge ? " with a large ball" : "")"
                    try #require(near.count == 1, "\(label): \(near.count) loops about the ball")
                    // Every point of the loop's curves (eight a segment) at its own radius, within 2%.
                    for segment in near[0] {
                        for k in 0...8 {
                            let rho = segment.point(at: Double(k) / 8).distance(to: center)
                            #expect(abs(rho - own) <= 0.02 * own, "\(label): a point \(rho) from the centre, for \(own)")
                        }
                    }
                }
            }
        }
    }
}

/// A small lone ball's loop holds its area (the shoelace area of its curves, 32 points a
/// segment) within 3%: fitted at the tolerance alone, through a few of the traced points, it
/// sagged inside (radius 1 at the tolerance 0.25: 14% under; always under).
@Suite struct SmallLoopAreaTests {
    @Test(arguments: MetaballKernel.allCases)
    func aSmallLoopHoldsItsArea(kernel: MetaballKernel) throws {
        for r in [1.0, 1.5, 3.0] {
            for center in [Vec2(20.3, 20.4), Vec2(20, 20), Vec2(20.25, 20.7)] {
                let field = MetaballField(balls: [Ball(center: center, radius: r)], parameters: MetaballParameters(kernel: kernel))
                let loops = field.contourCurves(tolerance: 0.25)
                try #require(loops.count == 1, "\(kernel) r \(r)")
                var points: [Vec2] = []
                for segment in loops[0] { for k in 0..<32 { points.append(segment.point(at: Double(k) / 32)) } }
                var twice = 0.0
                for (a, b) in zip(points, points.dropFirst() + [points[0]]) { twice += a.x * b.y - b.x * a.y }
                let area = abs(twice) / 2, truth = Double.pi * r * r
                #expect(abs(area - truth) <= 0.03 * truth, "\(kernel) r \(r) at \(center): \(area) for \(truth)")
            }
        }
    }
}

/// The traced points lie on the iso line to 1e-9 (what `contourLoops` promises): a lone
/// ball's contour is its circle in every kernel, so each point is its radius from the centre.
@Suite struct TracedPointTests {
    @Test(arguments: MetaballKernel.allCases)
    func aLoneBallsPointsAreOnItsCircle(kernel: MetaballKernel) {
        let center = Vec2(100.3, 100.7), radius = 20.0
        var field = MetaballField(balls: [Ball(center: center, radius: radius)])
        field.parameters = MetaballParameters(kernel: kernel)
        for step in [0.5, 1.7] {
            let loops = field.contourLoops(step: step)
            #expect(loops.count == 1)
            // About 2πr/step crossings or more (a crossing on every grid edge the circle cuts).
            #expect(loops.joined().count >= Int(2 * Double.pi * radius / step))
            let worst = loops.joined().map { abs($0.distance(to: center) - radius) }.max() ?? .infinity
            #expect(worst < 1e-9, "\(kernel), step \(step): a traced point is \(worst) off the circle")
        }
    }
}

/// Separate fields (`fieldEnds`: each badge its own) are traced each on a grid over its own
/// reach, where their reaches do not meet: a field's loops are the points it has traced alone,
/// wherever the others are; fields that meet are traced together, their union one loop.
@Suite struct SeparateFieldTests {
    @Test(arguments: MetaballKernel.allCases)
    func aFieldsLoopsDoNotDependOnTheOthers(kernel: MetaballKernel) {
        let parameters = MetaballParameters(kernel: kernel)
        let alone = [Ball(center: Vec2(100.3, 90.1), radius: 14), Ball(center: Vec2(121.7, 97.2), radius: 9)]
        // Two fields whose discs overlap: their union.
        let pair = [Ball(center: Vec2(400.2, 300.6), radius: 16), Ball(center: Vec2(420.9, 305.3), radius: 12)]
        let step = 0.5
        let aloneLoops = MetaballField(balls: alone, parameters: parameters).contourLoops(step: step)
        for far in [Vec2(0, 0), Vec2(37.25, -11.5), Vec2(-150, 260)] {
            let moved = pair.map { Ball(center: $0.center + far, radius: $0.radius) }
            let scene = MetaballField(balls: alone + moved, parameters: parameters, fieldEnds: [2, 3, 4])
            let loops = scene.contourLoops(step: step)
            // The lone field's loops, point for point, among the scene's.
            #expect(aloneLoops.count == 1)
            #expect(loops.contains { $0 == aloneLoops[0] }, "\(kernel), the pair moved by \(far): the lone field's loop changed")
            // The pair: one loop round both, every point on the union's contour (the nearer of
            // the two fields' contours).
            let pairLoops = loops.filter { $0 != aloneLoops[0] }
            #expect(pairLoops.count == 1, "\(kernel): \(pairLoops.count) loops round the pair")
            let first = MetaballField(balls: [moved[0]], parameters: parameters), second = MetaballField(balls: [moved[1]], parameters: parameters)
            for p in pairLoops.joined() {
                let least = min(first.signedDistance(at: p), second.signedDistance(at: p))
                #expect(abs(least) < 1e-6, "\(kernel): \(p) is \(least) off the union's contour")
            }
        }
    }
}

extension SeparateFieldTests {
    /// A row of badges far apart is traced on a grid each, not one grid over the row; two that
    /// meet share one. Each grid is no larger than its balls' extent and their reach.
    @Test func farFieldsAreTracedOnGridsOfTheirOwn() {
        var balls: [Ball] = [], ends: [Int] = []
        for k in 0..<10 {
            balls += [Ball(center: Vec2(Double(k) * 100, 50), radius: 10), Ball(center: Vec2(Double(k) * 100 + 15, 55), radius: 6)]
            ends.append(balls.count)
        }
        // The eleventh overlaps the tenth.
        balls.append(Ball(center: Vec2(918, 52), radius: 10))
        ends.append(balls.count)
        let step = 0.5
        let parts = MetaballField(balls: balls, fieldEnds: ends).contourParts(step: step)
        #expect(parts.count == 10)
        #expect(parts.map(\.field.balls.count) == Array(repeating: 2, count: 9) + [3])
        #expect(parts.last?.field.fieldEnds == [2, 3])
        for part in parts {
            // The inverse square's reach, √(Σr²) (at most, for the part's balls all one field),
            // and 2 steps.
            let reach = part.field.balls.map { $0.radius * $0.radius }.reduce(0, +).squareRoot() + 2 * step
            let xs = part.field.balls.map(\.center.x), ys = part.field.balls.map(\.center.y)
            #expect(part.box.minX >= xs.min()! - reach - 1e-9 && part.box.maxX <= xs.max()! + reach + 1e-9)
            #expect(part.box.minY >= ys.min()! - reach - 1e-9 && part.box.maxY <= ys.max()! + reach + 1e-9)
        }
    }
}

/// The grid of a field of many balls settled block by block from bounds (`classifyGrid`)
/// marks exactly the points that the point-by-point test marks inside, blocks cut by the
/// grid's edge included.
@Suite struct GridClassificationTests {
    @Test func blocksSettledFromBoundsAgreeWithEveryPoint() {
        var random = SeededRandom(seed: 7)
        var field = MetaballField()
        field.balls = (0..<60).map { _ in
            Ball(center: Vec2(.random(in: 0...300, using: &random), .random(in: 0...200, using: &random)),
                 radius: .random(in: 3...15, using: &random))
        }
        let origin = Vec2(-40.25, -30.5), step = 0.75
        let nx = 501, ny = 357
        var inside = [Bool](repeating: false, count: nx * ny)
        field.classifyGrid(nx: nx, ny: ny, origin: origin, step: step, into: &inside)
        var mismatches = 0, insideCount = 0
        for j in 0..<ny {
            for i in 0..<nx {
                let expected = field.signedDistance(at: Vec2(origin.x + Double(i) * step, origin.y + Double(j) * step)) <= 0
                if expected { insideCount += 1 }
                if inside[j * nx + i] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        // Both kinds are there in numbers (the check is not of an empty or a full grid).
        #expect(insideCount > nx * ny / 20 && insideCount < nx * ny * 19 / 20, "\(insideCount) of \(nx * ny) inside")

        // Over a part of the grid, on marks already there (another field's): inside it the
        // points inside are marked and the marks kept; outside it nothing changes.
        let columns = 37..<300, rows = 101..<356
        let before = (0..<(nx * ny)).map { $0 % 7 == 0 }
        var marked = before
        field.classifyGrid(nx: nx, ny: ny, origin: origin, step: step, columns: columns, rows: rows, into: &marked)
        var wrong = 0
        for j in 0..<ny {
            for i in 0..<nx {
                let k = j * nx + i
                let expected = columns.contains(i) && rows.contains(j) ? before[k] || inside[k] : before[k]
                if marked[k] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}

/// A large inverse-square field (the grid scene as one field) is traced as its tiles give it
/// (`TiledField`: each point its tile's run and quadratic, not every ball): the contour still
/// lies on the exact field's iso line, judged by the independent reference's inside test.
@Suite struct TiledContourTests {
    static func field() -> MetaballField {
        var random = SeededRandom(seed: 11)
        var field = MetaballField()
        field.balls = (0..<400).map { _ in
            Ball(center: Vec2(.random(in: 0...600, using: &random), .random(in: 0...400, using: &random)),
                 radius: .random(in: 2...9, using: &random))
        }
        return field
    }

    /// The exact field Σ r²/|p − c|², written here.
    static func exactField(_ balls: [Ball], at p: Vec2) -> Double {
        balls.reduce(0) { sum, ball in
            let dx = p.x - ball.center.x, dy = p.y - ball.center.y
            return sum + ball.radius * ball.radius / (dx * dx + dy * dy)
        }
    }

    /// On every traced point of the tiles' contour the exact field is the iso value 1 within its
    /// tile's bound on the tail's miss; the loops hold exactly the points the exact field puts
    /// inside, among points whose exact field is clear of 1 by twice the largest miss (so that
    /// the tiles' field agrees on their side) and a tenth of a unit from the iso line.
    @Test func aLargeFieldsContourLiesOnTheExactIsoLine() throws {
        let field = TiledContourTests.field()
        let reach = try #require(field.reachBox(pad: 1))
        let tiled = try #require(TiledField(field, over: reach), "400 balls are traced by their tiles")
        let balls = field.balls.map { (center: RPoint($0.center.x, $0.center.y), radius: $0.radius) }
        let reference = ReferenceKernel.inverseSquare
        let loops = field.contourLoops(step: 0.5)
        #expect(loops.count > 40, "\(loops.count) loops")
        var checked = 0, strays = 0, unplaced = 0, largest = 0.0
        for loop in loops {
            for p in loop {
                // (Each in an edge tile: the contour does not cross a tile proved inside or out.)
                guard let miss = tiled.miss(at: p) else {
                    unplaced += 1
                    continue
                }
                largest = max(largest, miss)
                if abs(TiledContourTests.exactField(field.balls, at: p) - 1) > miss + 1e-9 { strays += 1 }
                checked += 1
            }
        }
        #expect(checked > 5000)
        #expect(unplaced == 0, "\(unplaced) traced points in no edge tile")
        #expect(strays == 0, "\(strays) of \(checked) traced points off the exact iso value by more than their tiles' miss")
        #expect(largest > 0 && largest < 0.01, "the tiles miss by up to \(largest)")
        let boxes = loops.map { loop in
            loop.reduce(Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)) {
                Box(minX: min($0.minX, $1.x), minY: min($0.minY, $1.y), maxX: max($0.maxX, $1.x), maxY: max($0.maxY, $1.y))
            }
        }
        func inLoops(_ p: Vec2) -> Bool {
            var crossings = 0
            for (loop, box) in zip(loops, boxes) where p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY {
                for (a, b) in zip(loop, loop.dropFirst() + [loop[0]]) where (a.y > p.y) != (b.y > p.y) {
                    if p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) { crossings += 1 }
                }
            }
            return crossings % 2 == 1
        }
        var random = SeededRandom(seed: 12)
        var sampled = 0, insideCount = 0, wrong = 0
        while sampled < 3000 {
            // Near a ball, where the contour is.
            let ball = field.balls[Int.random(in: 0..<field.balls.count, using: &random)]
            let p = ball.center + Vec2(.random(in: -25...25, using: &random), .random(in: -25...25, using: &random))
            let expected = reference.inside(RPoint(p.x, p.y), balls: balls)
            let clear = abs(TiledContourTests.exactField(field.balls, at: p) - 1) > 2 * largest
                && ![Vec2(0.1, 0), Vec2(-0.1, 0), Vec2(0, 0.1), Vec2(0, -0.1)].contains {
                    reference.inside(RPoint(p.x + $0.x, p.y + $0.y), balls: balls) != expected
                }
            guard clear else { continue }
            sampled += 1
            if expected { insideCount += 1 }
            if inLoops(p) != expected { wrong += 1 }
        }
        #expect(insideCount > 300 && insideCount < 2700, "\(insideCount) of 3000 inside")
        #expect(wrong == 0, "\(wrong) of 3000 points on the wrong side of the traced loops")
    }

    /// Near the contour the tiles' distance is the shader's formula on a field within the tile's
    /// miss of the exact one: 2f(1 − √f)/|∇f| moved by at most about miss/|∇f| (checked with
    /// the exact gradient, and f within the miss); and it is sure of its sign (a tile inside
    /// says −½, none ½: bounds on the exact distance).
    @Test func theTiledFieldIsTheExactOneNearTheContour() throws {
        let field = TiledContourTests.field()
        let reach = try #require(field.reachBox(pad: 1))
        let tiled = try #require(TiledField(field, over: reach))
        var random = SeededRandom(seed: 13)
        var near = 0, wrong = 0, wrongSign = 0
        for _ in 0..<20_000 {
            let p = Vec2(.random(in: -20...620, using: &random), .random(in: -20...420, using: &random))
            let exact = field.signedDistance(at: p), tiles = tiled.signedDistance(at: p)
            if let miss = tiled.miss(at: p), abs(exact) < 3 {
                near += 1
                // The exact gradient's length, and the distance the formula gives for f moved by
                // the miss either way (the gradient's own miss is a second-order change here).
                var gradient = Vec2.zero
                for ball in field.balls {
                    let d = p - ball.center, q = d.lengthSquared
                    gradient -= d * (2 * ball.radius * ball.radius / (q * q))
                }
                let f = TiledContourTests.exactField(field.balls, at: p), slope = gradient.length
                func distance(_ f: Double) -> Double { 2 * f * (1 - f.squareRoot()) / slope }
                let low = distance(f + miss), high = distance(max(f - miss, 1e-12))
                let margin = 0.01 * abs(exact) + 1e-6
                if tiles < low - margin || tiles > high + margin { wrong += 1 }
            } else if abs(exact) > TiledField.half, (exact > 0) != (tiles > 0) {
                wrongSign += 1
            }
        }
        #expect(near > 1000)
        #expect(wrong == 0, "\(wrong) points where the tiles' distance is not the formula's within the miss")
        #expect(wrongSign == 0)
    }

    /// A field under `TiledField.least` balls, or of another kernel, is traced exactly.
    @Test func smallFieldsAndOtherKernelsAreNotTiled() throws {
        var field = TiledContourTests.field()
        field.balls = Array(field.balls.prefix(TiledField.least - 1))
        let small = try #require(field.reachBox(pad: 1))
        #expect(TiledField(field, over: small) == nil)
        field = TiledContourTests.field()
        field.parameters = MetaballParameters(kernel: .wyvill)
        let reach = try #require(field.reachBox(pad: 1))
        #expect(TiledField(field, over: reach) == nil)
    }
}

/// The caterpillar's head drawn over its field: the largest circle about a centre that the
/// contour holds, against rays bisected on the reference kernels' own inside test
/// (`ReferenceKernel.nearestContour`).
@Suite struct InscribedRadiusTests {
    @Test(arguments: MetaballKernel.allCases)
    func aLoneBallHoldsExactlyItsRadius(kernel: MetaballKernel) {
        var field = MetaballField(balls: [Ball(center: Vec2(50, 40), radius: 17)])
        field.parameters = MetaballParameters(kernel: kernel)
        #expect(abs(field.inscribedRadius(about: Vec2(50, 40), least: 17) - 17) < 1e-9)
    }

    /// A head of 30 with a body of 15s trailing off at an angle (the seed's sizes), a head
    /// pressed between two bodies, and one ringed by three: the circle found is within 0.01 of the reference's, and
    /// larger than the head where the body's field widens the contour round it.
    @Test(arguments: MetaballKernel.allCases)
    func theCircleIsTheLargestTheContourHolds(kernel: MetaballKernel) {
        let parameters = MetaballParameters(kernel: kernel)
        let reference = ContourTests.reference(parameters)
        let head = Ball(center: Vec2(200, 100), radius: 30)
        let trailing = (1...8).map { i in
            Ball(center: head.center + Vec2(cos(1.1), sin(1.1)) * (30 + 15 * Double(2 * i - 1) - 2), radius: 15)
        }
        let pressed = [Ball(center: Vec2(158, 100), radius: 15), Ball(center: Vec2(242, 104), radius: 15)]
        // Three round it, the contour nearest between them (at 60°, 180° and 300°: off the rays).
        let ringed = [0.0, 2.1, 4.2].map { Ball(center: head.center + Vec2(cos($0), sin($0)) * 40, radius: 15) }
        for bodies in [trailing, pressed, ringed] {
            var field = MetaballField(balls: bodies + [head])
            field.parameters = parameters
            let found = field.inscribedRadius(about: head.center, least: head.radius)
            let expected = reference.nearestContour(from: RPoint(head.center.x, head.center.y), least: head.radius,
                                                    balls: (bodies + [head]).map { (RPoint($0.center.x, $0.center.y), $0.radius) }).distance
            #expect(abs(found - expected) < 0.01, "\(kernel): \(found) against the reference's \(expected)")
            if kernel == .inverseSquare { #expect(expected > head.radius + 0.3, "the body's field widens the contour: \(expected)") }
        }
    }
}

/// Wyvill's threshold: a higher T reaches further. Two equal balls of radius r, d apart, join
/// (their midpoint is inside) below d = 2s√(1 − (T/2)^⅓), s = r/√(1 − T^⅓), as the README says:
/// 2.06 r at T = 0.01, 2.68 r at 0.5, 15.8 r at 0.99.
@Suite struct WyvillThresholdTests {
    @Test(arguments: [(0.01, 2.06), (0.5, 2.68), (0.99, 15.8)])
    func twoBallsJoinWhereTheReadmeSays(threshold: Double, joinsAt ratio: Double) {
        let r = 20.0
        let s = r / (1 - pow(threshold, 1.0 / 3)).squareRoot()
        let join = 2 * s * (1 - pow(threshold / 2, 1.0 / 3)).squareRoot()
        #expect(abs(join / r - ratio) < 0.01, "joins at \(join / r) r")
        for (d, joined) in [(0.99 * join, true), (1.01 * join, false)] {
            var field = MetaballField(balls: [Ball(center: Vec2(0, 0), radius: r), Ball(center: Vec2(d, 0), radius: r)])
            field.parameters = MetaballParameters(kernel: .wyvill, threshold: threshold)
            #expect((field.signedDistance(at: Vec2(d / 2, 0)) <= 0) == joined, "T \(threshold), \(d / r) r apart")
        }
    }
}

/// A contour too large for its grid at the step asked is traced on a coarser one, not dropped:
/// a badge of radius 1000 at the SVG's tolerance of a quarter unit (a grid of half a unit over
/// its reach: over 16 million points) once came out as no loop at all, and its SVG empty. Its
/// curves must still lie on its circle (a lone ball's contour in every kernel), within the
/// tolerance, all the way round.
@Suite struct LargeContourTests {
    @Test(arguments: MetaballKernel.allCases)
    func aContourPastTheGridsLimitIsTracedCoarser(kernel: MetaballKernel) {
        let center = Vec2(400, 300), radius = 1000.0
        let field = MetaballField(balls: [Ball(center: center, radius: radius)], parameters: MetaballParameters(kernel: kernel))
        let loops = field.contourCurves(tolerance: 0.25)
        #expect(loops.count == 1, "\(kernel): \(loops.count) loops")
        var turned = 0.0
        for segment in loops.first ?? [] {
            for k in 0...8 {
                let p = segment.point(at: Double(k) / 8)
                #expect(abs(p.distance(to: center) - radius) <= 0.25, "\(kernel): \(p) is \(p.distance(to: center)) from the centre")
            }
            // The angle each segment turns about the centre: once round in all.
            let a = segment.p0 - center, b = segment.p3 - center
            turned += atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y)
        }
        #expect(abs(abs(turned) - 2 * Double.pi) < 1e-6, "\(kernel): the loop turns \(turned) about the centre")
    }
}
