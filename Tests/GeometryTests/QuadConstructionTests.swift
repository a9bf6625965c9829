// The seeds' points A, B, C, D, O, P, checked against values computed by hand.

import Testing
@testable import Geometry

@Suite struct QuadConstructionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let home: Vec2, r1: Double, badge: Vec2, r2: Double
        let a, b, c, d, o, p: Vec2
        var testDescription: String { "home \(home) r1 \(r1), badge \(badge) r2 \(r2)" }
    }

    // d = 50, cosθ = 0.8, sinθ = 0.6: A = (−8, 6), B = (8, −6), C = (30 + 16, 40 − 12), D = (30 − 16, 40 + 12),
    // O = A + 25·(0.6, 0.8), P = B + 25·(0.6, 0.8).
    // Straight down (cosθ = 1, sinθ = 0) and straight left (cosθ = 0, sinθ = −1).
    static let cases: [Case] = [
        Case(home: Vec2(0, 0), r1: 10, badge: Vec2(30, 40), r2: 20,
             a: Vec2(-8, 6), b: Vec2(8, -6), c: Vec2(46, 28), d: Vec2(14, 52), o: Vec2(7, 26), p: Vec2(23, 14)),
        Case(home: Vec2(100, 100), r1: 5, badge: Vec2(100, 160), r2: 20,
             a: Vec2(95, 100), b: Vec2(105, 100), c: Vec2(120, 160), d: Vec2(80, 160), o: Vec2(95, 130), p: Vec2(105, 130)),
        Case(home: Vec2(200, 150), r1: 14, badge: Vec2(140, 150), r2: 20,
             a: Vec2(200, 136), b: Vec2(200, 164), c: Vec2(140, 170), d: Vec2(140, 130), o: Vec2(170, 136), p: Vec2(170, 164)),
    ]

    @Test(arguments: cases)
    func seedPoints(_ c: Case) throws {
        let q = try #require(QuadConstruction(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2))
        for (got, want, name) in [(q.a, c.a, "A"), (q.b, c.b, "B"), (q.c, c.c, "C"), (q.d, c.d, "D"), (q.o, c.o, "O"), (q.p, c.p, "P")] {
            #expect(got.isApproximatelyEqual(to: want, absoluteTolerance: 1e-9), "\(name): \(got) ≠ \(want)")
        }
    }

    /// The quad bridge's upper side is the seeds' D→A curve reversed: A, control O, end D.
    @Test(arguments: cases)
    func bridgeFollowsTheSeedPoints(_ c: Case) throws {
        let q = try #require(QuadConstruction(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2))
        let bridge = try #require(
            Bridge(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2,
                   parameters: BridgeParameters(style: .quad), maxDistance: 60))
        let side = bridge.side.0
        #expect(bridge.side.1 == nil)
        #expect(bridge.world(side.p0).isApproximatelyEqual(to: q.a, absoluteTolerance: 1e-9))
        #expect(bridge.world(side.p3).isApproximatelyEqual(to: q.d, absoluteTolerance: 1e-9))
        // The degree-elevated handles lie two thirds of the way to O.
        #expect(bridge.world(side.p1).isApproximatelyEqual(to: q.a.mix(q.o, 2.0 / 3.0), absoluteTolerance: 1e-9))
        #expect(bridge.world(side.p2).isApproximatelyEqual(to: q.d.mix(q.o, 2.0 / 3.0), absoluteTolerance: 1e-9))
        // The mirrored side is B → P → C.
        let mirror = { (p: Vec2) in bridge.world(Vec2(p.x, -p.y)) }
        #expect(mirror(side.p0).isApproximatelyEqual(to: q.b, absoluteTolerance: 1e-9))
        #expect(mirror(side.p3).isApproximatelyEqual(to: q.c, absoluteTolerance: 1e-9))
        #expect(mirror(side.p1).isApproximatelyEqual(to: q.b.mix(q.p, 2.0 / 3.0), absoluteTolerance: 1e-9))
    }

    @Test func noBridgeWhenTheCentresCoincide() {
        #expect(QuadConstruction(home: Vec2(5, 5), homeRadius: 10, badge: Vec2(5, 5), badgeRadius: 10) == nil)
        for style in BridgeStyle.allCases {
            #expect(Bridge(home: Vec2(5, 5), homeRadius: 10, badge: Vec2(5, 5), badgeRadius: 10,
                           parameters: BridgeParameters(style: style), maxDistance: 60) == nil)
        }
    }

    @Test(arguments: BridgeStyle.allCases)
    func noBridgeWhenOneCircleContainsTheOther(_ style: BridgeStyle) {
        let p = BridgeParameters(style: style)
        #expect(Bridge(home: Vec2(0, 0), homeRadius: 30, badge: Vec2(5, 0), badgeRadius: 20, parameters: p, maxDistance: 60) == nil)
        #expect(Bridge(home: Vec2(0, 0), homeRadius: 2, badge: Vec2(0, 10), badgeRadius: 20, parameters: p, maxDistance: 60) == nil)
        #expect(Bridge(home: Vec2(0, 0), homeRadius: 10, badge: Vec2(0, 10.5), badgeRadius: 20, parameters: p, maxDistance: 60) != nil)
    }

    /// The quad region is |w| ≤ r1 + (s/d)²(r2 − r1): its area is 2d(r1 + (r2 − r1)/3).
    @Test func quadAreaHasAClosedForm() throws {
        let bridge = try #require(
            Bridge(home: Vec2(0, 0), homeRadius: 10, badge: Vec2(30, 40), badgeRadius: 20,
                   parameters: BridgeParameters(style: .quad), maxDistance: 60))
        #expect(bridge.area.isApproximatelyEqual(to: 2 * 50 * (10 + 10.0 / 3), absoluteTolerance: 1e-9))
    }
}
