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
