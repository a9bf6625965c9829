// Adaptive flattening: within tolerance of the exact curve, and not wastefully fine.

import Testing
@testable import Geometry

@Suite struct FlatteningTests {
    /// Largest distance between the polyline and the curve, both ways, measured on dense
    /// samples of each parameter interval: curve samples to their chord, chord samples to the curve.
    static func deviation(of curve: CubicBezier, polyline: [Vec2]) -> Double {
        let n = polyline.count - 1
        var worst = 0.0
        for i in 0..<n {
            let a = polyline[i], b = polyline[i + 1]
            let samples = 64
            var curvePoints: [Vec2] = []
            for k in 0...samples {
                let t = (Double(i) + Double(k) / Double(samples)) / Double(n)
                let p = curve.point(at: t)
                curvePoints.append(p)
                worst = max(worst, distance(p, toSegment: a, b))
            }
            for k in 0...samples {
                let q = a.mix(b, Double(k) / Double(samples))
                var nearest = Double.infinity
                for j in 0..<samples { nearest = min(nearest, distance(q, toSegment: curvePoints[j], curvePoints[j + 1])) }
                worst = max(worst, nearest)
            }
        }
        return worst
    }

    @Test(arguments: [0.1, 0.025, 0.5])
    func randomCubicsStayWithinTolerance(tolerance: Double) {
        var random = SeededRandom(seed: 7)
        for _ in 0..<300 {
            func point() -> Vec2 { Vec2(Double.random(in: -200...200, using: &random), Double.random(in: -200...200, using: &random)) }
            let curve = CubicBezier(point(), point(), point(), point())
            let polyline = curve.flattened(tolerance: tolerance)
            #expect(polyline.first == curve.p0 && polyline.last == curve.p3)
            let error = FlatteningTests.deviation(of: curve, polyline: polyline)
            #expect(error <= tolerance * 1.0001, "\(curve): \(error) > \(tolerance)")
        }
    }

    /// A tolerance no polyline can meet (zero, negative, NaN) asks for the finest one the limit
    /// allows, not the coarsest: it was one chord, the curve's worst approximation. A straight
    /// segment needs one step whatever is asked, an infinite tolerance one, and a limit under
    /// one still gives a polyline.
    @Test func toleranceNoPolylineMeetsGetsTheLimit() {
        let curve = CubicBezier(Vec2(0, 0), Vec2(30, 80), Vec2(70, -80), Vec2(100, 0))
        for tolerance in [0, -1, -Double.infinity, Double.nan] {
            #expect(curve.flatteningSteps(tolerance: tolerance, limit: 64) == 64, "tolerance \(tolerance)")
            #expect(curve.flattened(tolerance: tolerance).count == 1024 + 1, "tolerance \(tolerance)")
        }
        #expect(curve.flatteningSteps(tolerance: .infinity, limit: 64) == 1)
        #expect(curve.flatteningSteps(tolerance: 1e-9, limit: 0) == 1)
        #expect(curve.flattened(tolerance: 0.1, limit: -5) == [curve.p0, curve.p3])
        let line = CubicBezier(Vec2(0, 0), Vec2(10, 10), Vec2(20, 20), Vec2(30, 30))
        #expect(line.flatteningSteps(tolerance: 0, limit: 64) == 1)
        // Wang's count where the tolerance is met: ⌈√(0.75 m / tolerance)⌉, m the larger second
        // difference (here |p0 − 2p1 + p2| = |(10, −240)|).
        let m = max(Vec2(10, -240).length, Vec2(-10, 240).length)
        #expect(curve.flatteningSteps(tolerance: 0.5, limit: 1024) == Int((0.75 * m / 0.5).squareRoot().rounded(.up)))
    }

    /// The fewest equal parameter steps whose polyline keeps within `tolerance` (by search).
    static func fewestSteps(_ curve: CubicBezier, tolerance: Double) -> Int {
        var n = 1
        while deviation(of: curve, polyline: (0...n).map { curve.point(at: Double($0) / Double(n)) }) > tolerance { n += 1 }
        return n
    }

    /// Wang's bound measures the parametric deviation: it is the geometric one when the curve
    /// bends straight across its chord, as the bridge sides do (the quad side's second
    /// difference is (0, r2 − r1)). On the bridges' own sides it asks for at most one step
    /// more than the fewest equal steps that keep within the tolerance.
    @Test(arguments: BridgeStyle.allCases)
    func bridgeSidesUseNearlyTheFewestSteps(_ style: BridgeStyle) {
        var random = SeededRandom(seed: 11)
        var total = 0, fewest = 0
        for _ in 0..<150 {
            let r2 = Double.random(in: 5...40, using: &random)
            let r1 = Double.random(in: 0...r2, using: &random)
            let d = Double.random(in: (r2 - r1 + 1)...120, using: &random)
            guard let bridge = Bridge(home: .zero, homeRadius: r1, badge: Vec2(d, 0), badgeRadius: r2,
                                      parameters: BridgeParameters(style: style), maxDistance: 60) else { continue }
            for curve in [bridge.side.0, bridge.side.1].compactMap({ $0 }) {
                let n = curve.flattened(tolerance: 0.1).count - 1
                let minimal = FlatteningTests.fewestSteps(curve, tolerance: 0.1)
                total += n
                fewest += minimal
                if style == .quad {
                    #expect(n <= minimal + 1, "\(curve): \(n) steps where \(minimal) suffice")
                }
            }
        }
        // The cubic and tangent sides are not bent purely across their chords: a margin.
        #expect(Double(total) <= (style == .quad ? 1.1 : 1.5) * Double(fewest), "\(style): \(total) steps where \(fewest) suffice")
    }

    /// Bent straight across (a symmetric arch), one step fewer would break the tolerance.
    @Test func archUsesTheFewestSteps() {
        let arch = CubicBezier.quadratic(Vec2(0, 0), control: Vec2(50, 80), Vec2(100, 0))
        let n = arch.flattened(tolerance: 0.1).count - 1
        #expect(n == FlatteningTests.fewestSteps(arch, tolerance: 0.1))
    }

    @Test func aStraightCurveIsOneSegment() {
        let line = CubicBezier.line(Vec2(0, 0), Vec2(500, 300))
        #expect(line.flattened(tolerance: 0.1).count == 2)
    }

    @Test func stepsAreCappedForHugeCurves() {
        let huge = CubicBezier(Vec2(0, 0), Vec2(1e12, 0), Vec2(0, 1e12), Vec2(1e12, 1e12))
        #expect(huge.flattened(tolerance: 0.1, limit: 1024).count == 1025)
    }
}
