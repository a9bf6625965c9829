// Bridges that taper below a pixel: the coverage across the axis follows the true width instead
// of a one-pixel minimum, against an independent 16×16-supersampled reference of the exact shapes.

import Foundation
import Testing
@testable import App
@testable import Geometry
import Imaging
import Reference
@testable import Motion

@Suite(.serialized) struct ThinShapeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var style: BridgeStyle
        var degrees: Double
        var testDescription: String { "\(style) at \(degrees)°" }
    }

    static let cases: [Case] = [BridgeStyle.quad, .cubic, .tangent].flatMap { style in
        [0.0, 30, 67].map { Case(style: style, degrees: $0) }
    }

    /// The case: R = 9 pulled 100 px with maxDistance 120, so the home circle is a point
    /// (r = max(0, 9 − 100/10)) and the bridge tapers to nothing. At scale 1, each 1-unit slice
    /// across the axis: the coverage integrated over it (the drawn width there) against the same
    /// integral of the reference; where the true width is under 2 px, the mean difference is at
    /// most 0.1 px.
    @Test(arguments: cases)
    func coverageFollowsTheTrueWidth(_ c: Case) throws {
        var options = CommonOptions()
        options.width = 240
        options.height = 240
        options.scale = 1
        options.parameters.bridge.style = c.style
        options.parameters.motion.badge.maxDistance = 120
        let angle = c.degrees * Double.pi / 180, axis = Vec2(cos(angle), sin(angle))
        let home = Vec2(120, 120) - axis * 50
        let pose = BadgePose(home: home, center: home + axis * 100, radius: 9, parameters: options.parameters.motion.badge)
        #expect(pose.attached && pose.homeRadius == 0)
        let image = try RenderCommand.draw([pose], options: options)
        let got = RenderTests.coverage(of: image)

        let shape = RenderTests.shape(pose, parameters: options.parameters)
        // Slices between the centres, stopping short of the badge.
        let slices = Int(pose.distance - pose.radius - 2)
        var drawn = [Double](repeating: 0, count: slices), exact = [Double](repeating: 0, count: slices)
        let n = 16
        // Each pixel's area is shared out among the slices by its 16×16 sub-squares: a drawn
        // pixel's coverage evenly (a pixel is a box), the reference's by which sub-squares' centres
        // lie inside the exact shape.
        let reach = Double(slices) + 2
        for y in 0..<image.height {
            for x in 0..<image.width {
                let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5) - pose.home
                guard centre.dot(axis) > -2, centre.dot(axis) < reach, abs(centre.dot(axis.perpendicular)) < 6 else { continue }
                let coverage = got[y * image.width + x]
                for j in 0..<n {
                    for i in 0..<n {
                        let p = Vec2(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n))
                        let s = (p - pose.home).dot(axis)
                        guard s >= 0, Int(s) < slices else { continue }
                        let share = 1 / Double(n * n)
                        drawn[Int(s)] += coverage * share
                        if shape.contains(RPoint(p.x, p.y)) { exact[Int(s)] += share }
                    }
                }
            }
        }
        let thin = exact.indices.filter { exact[$0] < 2 }
        #expect(thin.count >= 10, "only \(thin.count) slices under 2 px: \(exact)")
        let error = thin.map { abs(drawn[$0] - exact[$0]) }.reduce(0, +) / Double(max(1, thin.count))
        let detail = "drawn \(thin.map { drawn[$0] }), exact \(thin.map { exact[$0] })"
        // The taper fades out: where the true width is under half a pixel, well under a pixel
        // is drawn (a one-pixel minimum used to draw 1.0–1.1 there).
        let tip = exact.indices.filter { exact[$0] > 0.02 && exact[$0] < 0.5 }
        #expect(!tip.isEmpty && tip.allSatisfy { drawn[$0] < exact[$0] + 0.35 }, "\(detail)")
        // Issue 13's bound. Measured: 0.02–0.07 (0.10–0.11 at 30° and 67° before a cross-section
        // was added where the width crosses a pixel; up to 0.36 with the one-pixel minimum).
        // The same metric on the reference's own pixel-area coverage gives 0.00–0.03.
        #expect(error <= 0.1, "mean error \(error) px over \(thin.count) slices; \(detail)")
    }
}
