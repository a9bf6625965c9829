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
