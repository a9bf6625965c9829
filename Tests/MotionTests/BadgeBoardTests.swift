// The badge state machine, command by command.

import Testing
@testable import Geometry
@testable import Motion

@Suite struct BadgeBoardTests {
    static func board(reattach: Bool = false) -> BadgeBoard {
        var parameters = MotionParameters()
        parameters.reattach = reattach
        return BadgeBoard(badges: [Badge(id: 0, home: Vec2(400, 300), radius: 20, text: "8")], parameters: parameters)
    }

    @Test func grabbingKeepsTheOffsetAndUsesTheSlop() {
        var board = BadgeBoardTests.board()
        // 25 px from the centre: outside the 20 px badge but inside the 10 px slop ring.
        board.apply(.pointerDown(Vec2(425, 300)))
        #expect(board.held == 0)
        board.apply(.pointerMove(Vec2(445, 310)))
        #expect(board.badges[0].center == Vec2(420, 310))
        #expect(board.takeEvents().map(\.kind) == [.began])
        board.apply(.pointerUp)
        // Beyond the slop: nothing is grabbed.
        var other = BadgeBoardTests.board()
        other.apply(.pointerDown(Vec2(431, 300)))
        #expect(other.held == nil)
        #expect(other.takeEvents().isEmpty)
    }

    @Test func breakAndExplode() {
        var board = BadgeBoardTests.board()
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(461, 300)))
        #expect(board.badges[0].phase == .detached)
        #expect(board.badges[0].pose(shrink: 10)?.attached == false)
        board.apply(.pointerMove(Vec2(450, 300)))  // back within: stays detached (reattach off)
        #expect(board.badges[0].phase == .detached)
        board.apply(.pointerMove(Vec2(470, 300)))
        board.apply(.pointerUp)
        #expect(board.badges[0].phase == .exploding)
        #expect(board.takeEvents().map(\.kind) == [.began, .detached, .released, .exploded])
        board.advance(to: board.parameters.explosionDuration + 1.0 / BadgeBoard.stepRate)
        #expect(board.badges[0].phase == .gone)
        #expect(board.takeEvents().map(\.kind) == [.removed])
        // Gone badges cannot be grabbed; a reset brings them back.
        board.apply(.pointerDown(Vec2(400, 300)))
        #expect(board.held == nil)
        board.apply(.pointerUp)
        board.apply(.reset)
        #expect(board.badges[0].phase == .idle && board.badges[0].center == Vec2(400, 300))
    }

    @Test func reattachJoinsAgain() {
        var board = BadgeBoardTests.board(reattach: true)
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(461, 300)))
        board.apply(.pointerMove(Vec2(440, 300)))
        #expect(board.badges[0].phase == .dragging)
        #expect(board.takeEvents().map(\.kind) == [.began, .detached, .reattached])
    }

    @Test func returningBadgeCanBeCaught() {
        var board = BadgeBoardTests.board()
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(450, 300)))
        board.apply(.pointerUp)
        board.advance(to: 0.05)
        #expect(board.badges[0].phase == .returning)
        let at = board.badges[0].center
        board.apply(.pointerDown(at))
        #expect(board.badges[0].phase == .dragging)
        #expect(board.isAnimating == false)
    }
}

/// The clock over long gaps: while nothing animates a step changes nothing but the clock, so
/// `advance` jumps (a host passing its uptime stalled for 0.09 s an hour a badge, and
/// `advance(to: .infinity)` never returned), and it stops on the step stepping would: the
/// least n with n/240 + ½/240 ≥ the target, found here by that loop's own arithmetic.
@Suite struct LongGapTests {
    static func stepped(to target: Double, from n: Int = 0) -> Double {
        var n = n
        while Double(n) / BadgeBoard.stepRate + 0.5 / BadgeBoard.stepRate < target { n += 1 }
        return Double(n) / BadgeBoard.stepRate
    }

    @Test func anIdleBoardJumpsToTheStepSteppingWouldReach() {
        for target in [0.3, 100.0037, 7.5, 3.0 / 240 + 1e-9, 1234.56789] {
            var board = BadgeBoardTests.board()
            board.advance(to: target)
            #expect(board.time == LongGapTests.stepped(to: target), "\(target): \(board.time)")
        }
        // A release's events come at the times stepping gives them, however far the target.
        var board = BadgeBoardTests.board()
        board.advance(to: 86_400 * 365)
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(430, 300)))
        board.apply(.pointerUp)
        let released = board.time
        // The spring steps as it does released at 0: the same place at the same age (to a
        // thousandth of a pixel: a year in, the clock's last bit is 4 ns, the spring's speed
        // thousands of px/s).
        var reference = BadgeBoardTests.board()
        reference.apply(.pointerDown(Vec2(400, 300)))
        reference.apply(.pointerMove(Vec2(430, 300)))
        reference.apply(.pointerUp)
        for age in [0.05, 0.1, 0.2] {
            board.advance(to: released + age)
            reference.advance(to: age)
            #expect(board.badges[0].phase == .returning && board.badges[0].center.distance(to: reference.badges[0].center) < 1e-3,
                    "at \(age): \(board.badges[0].center) against \(reference.badges[0].center)")
        }
        board.advance(to: 86_400 * 366)
        #expect(board.badges[0].phase == .idle && board.badges[0].center == Vec2(400, 300))
        #expect(board.takeEvents().map(\.kind) == [.began, .released, .returned])
        #expect(board.time == LongGapTests.stepped(to: 86_400 * 366, from: Int((86_400 * 366 - 1) * BadgeBoard.stepRate)))
    }

    @Test func infinityRunsEveryAnimationOutAndNaNDoesNothing() {
        var board = BadgeBoardTests.board()
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(480, 300)))
        board.apply(.pointerUp)
        board.advance(to: .infinity)
        #expect(board.badges[0].phase == .gone)
        #expect(board.takeEvents().map(\.kind) == [.began, .detached, .released, .exploded, .removed])
        #expect(board.time == BadgeBoard.latestTime)
        var other = BadgeBoardTests.board()
        other.advance(to: 2)
        other.advance(to: .nan)
        other.advance(to: 1)
        #expect(other.time == LongGapTests.stepped(to: 2))
    }
}
