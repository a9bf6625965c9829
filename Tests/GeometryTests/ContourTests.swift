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
