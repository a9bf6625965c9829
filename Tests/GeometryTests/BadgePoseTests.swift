// The seeds' rules for the held badge: the shrinking home circle and the break.

import Testing
@testable import Geometry
@testable import Motion

@Suite struct BadgePoseTests {
    @Test func homeRadiusShrinksWithDistance() {
        let p = BadgeParameters()
        let pose = BadgePose(home: Vec2(0, 0), center: Vec2(30, 40), radius: 20, parameters: p)
        #expect(pose.attached)
        #expect(pose.homeRadius.isApproximatelyEqual(to: 20 - 50.0 / 10, absoluteTolerance: 1e-12))
    }

    @Test func homeRadiusClampsAtZero() {
        let p = BadgeParameters(maxDistance: 500, shrink: 2)
        let pose = BadgePose(home: Vec2(0, 0), center: Vec2(100, 0), radius: 20, parameters: p)
        #expect(pose.attached)
        #expect(pose.homeRadius == 0)
    }

    @Test(arguments: [(59.0, true), (60.0, true), (60.001, false), (61.0, false)])
    func breaksPastMaxDistance(distance: Double, attached: Bool) {
        let pose = BadgePose(home: Vec2(10, 10), center: Vec2(10 + distance, 10), radius: 20, parameters: BadgeParameters())
        #expect(pose.attached == attached)
        #expect((pose.homeRadius > 0) == attached)
    }
}
