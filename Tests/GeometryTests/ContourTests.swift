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
