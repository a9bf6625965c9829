// The snapshot the painter draws: the badge's rules applied in Motion (drawing order, bridge,
// home circle, home ball), checked against the seeds' formulas written here.

import Foundation
import Testing
@testable import Geometry
@testable import Motion

@Suite struct SceneSnapshotTests {
    static func board() -> BadgeBoard {
        BadgeBoard(badges: (0..<3).map { Badge(id: $0, home: Vec2(100 + 100 * Double($0), 100), radius: 20, text: "\($0)") })
    }

    @Test func theHeldBadgeIsDrawnLastWithItsBridge() {
        var board = SceneSnapshotTests.board()
        var snapshot = board.snapshot(rule: .vanish)
        #expect(snapshot.badges.map(\.id) == [0, 1, 2] && snapshot.badges.allSatisfy { !$0.held && !$0.hasBridge && $0.homeBall == 0 })
        board.apply(.pointerDown(Vec2(100, 100)))
        board.apply(.pointerMove(Vec2(130, 140)))  // d = 50
        board.snapshot(rule: .vanish, into: &snapshot)
        #expect(snapshot.badges.map(\.id) == [1, 2, 0])
        let held = snapshot.badges[2]
        #expect(held.held && held.hasBridge)
        // r = R − d/shrink = 20 − 50/10 = 15; the home ball grown in over the first R: d ≥ R, so whole.
        #expect(abs(held.pose!.homeRadius - 15) < 1e-12 && abs(held.homeBall - 15) < 1e-12)
        #expect(snapshot.heldPose == held.pose)
    }

    @Test func theHomeBallGrowsInAndFollowsTheBreakRule() {
        var board = SceneSnapshotTests.board()
        board.apply(.pointerDown(Vec2(100, 100)))
        board.apply(.pointerMove(Vec2(105, 100)))  // d = 5: a quarter of R
        // smoothstep(5/20) = 0.25² (3 − 0.5) = 0.15625, of r = 20 − 0.5 = 19.5.
        #expect(abs(board.snapshot(rule: .vanish).badges.last!.homeBall - 19.5 * 0.15625) < 1e-12)
        board.apply(.pointerMove(Vec2(170, 100)))  // d = 70 > 60: detached
        let vanish = board.snapshot(rule: .vanish).badges.last!, separate = board.snapshot(rule: .separate).badges.last!
        #expect(!vanish.hasBridge && vanish.homeBall == 0)
        #expect(!separate.hasBridge && abs(separate.homeBall - (20 - 70.0 / 10)) < 1e-12)
        // Released past the break: a burst, no pose; then gone.
        board.apply(.pointerUp)
        board.advance(to: 0.5)
        let burst = board.snapshot(rule: .vanish).badges.first { $0.id == 0 }!
        #expect(burst.pose == nil && burst.burst != nil && abs(burst.burstAge - 0.5) < 1 / BadgeBoard.stepRate)
    }

    @Test func aReturningBadgeKeepsItsBridgeEveryStep() {
        var board = SceneSnapshotTests.board()
        board.apply(.pointerDown(Vec2(300, 100)))
        board.apply(.pointerMove(Vec2(340, 100)))
        board.apply(.pointerUp)
        var t = 0.0
        while board.badges[2].phase == .returning {
            let look = board.snapshot(rule: .vanish).badges.first { $0.id == 2 }!
            let d = look.pose!.center.distance(to: Vec2(300, 100))
            #expect(look.hasBridge && abs(look.pose!.homeRadius - max(0, 20 - d / 10)) < 1e-12, "t \(t)")
            t += 1 / 240
            board.advance(to: t)
        }
        #expect(board.badges[2].center == Vec2(300, 100))
    }
}
