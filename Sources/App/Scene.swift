// What the window and replays drive: the badges or the caterpillar, behind one interface.

import Foundation
import Geometry
import Motion

/// A scene takes pointer commands, runs in fixed steps, dumps its state and paints itself.
protocol Scene: AnyObject {
    /// Applies a pointer command or a reset at the current time.
    func apply(_ command: Command)
    /// Runs the clock to `time` in fixed steps.
    func advance(to time: Double)
    /// Whether it moves without input (the window keeps drawing).
    var isAnimating: Bool { get }
    /// New parameters from now on.
    func update(_ parameters: Parameters)
    /// The canvas (a pane) changed size.
    func resize(width: Double, height: Double)
    /// The canvas changed under a pointer that is down at `p`: what it holds stays where it is.
    func regrip(at p: Vec2)
    /// One dump line, with the events since the last one.
    func dumpLine(time: Double, parameters: Parameters) -> String
    /// What it looks like now: the value the painter draws.
    func snapshot(_ parameters: Parameters) -> SceneSnapshot
    /// The held badge's pose, if one is held (the window's figures).
    var heldPose: BadgePose? { get }
    /// What the layout must make room for.
    var kind: SceneKind { get }
    /// Points a press would grab something at (the soak's targets).
    var grabPoints: [Vec2] { get }
}

/// Makes the scene that `name` says, for a pane of `width`×`height`.
func makeScene(_ name: String, width: Double, height: Double, badges: [Badge], parameters: Parameters) -> Scene {
    if name == "chain" { return ChainScene(width: width, height: height, parameters: parameters) }
    return BadgeScene(board: BadgeBoard(
        badges: badges.isEmpty ? BadgeBoard.defaultBadges(width: width, height: height) : badges, parameters: parameters.motion),
                      canvas: Vec2(width, height))
}

/// The badges (`BadgeBoard`).
final class BadgeScene: Scene {
    var board: BadgeBoard
    /// The canvas the badges were placed on, and their homes there: a new canvas places them
    /// afresh from these, so a window shrunk and grown back shows them where they were.
    private let origin: (canvas: Vec2, homes: [Vec2])

    init(board: BadgeBoard, canvas: Vec2) {
        self.board = board
        origin = (canvas, board.badges.map(\.home))
    }

    var kind: SceneKind { .badges }

    func apply(_ command: Command) { board.apply(command) }
    func advance(to time: Double) { board.advance(to: time) }
    var isAnimating: Bool { board.isAnimating }
    func update(_ parameters: Parameters) { board.parameters = parameters.motion }
    func resize(width: Double, height: Double) {
        let homes = Layout.homes(origin.homes, radii: board.badges.map(\.radius), from: origin.canvas, to: Vec2(width, height))
        if homes != board.badges.map(\.home) { board.moveHomes(to: homes) }
    }

    func dumpLine(time: Double, parameters: Parameters) -> String {
        StateDump.line(time: time, board: board, events: board.takeEvents(), parameters: parameters)
    }

    /// The last snapshot's storage, refilled each frame.
    private var shown = SceneSnapshot()

    func regrip(at p: Vec2) { board.regrip(at: p) }

    func snapshot(_ parameters: Parameters) -> SceneSnapshot {
        board.snapshot(rule: parameters.metaballBreak, into: &shown)
        return shown
    }

    var grabPoints: [Vec2] { board.badges.map(\.center) }

    var heldPose: BadgePose? {
        guard let held = board.held else { return nil }
        return board.badges[held].pose(shrink: board.parameters.badge.shrink)
    }
}

/// Seed 004's caterpillar (`ChainWorld`): the pointer grips the head.
final class ChainScene: Scene {
    let world: ChainWorld
    private var pointer = Vec2.zero
    private var down = false
    private var events: [String] = []

    init(width: Double, height: Double, parameters: Parameters) {
        world = ChainWorld(width: width, height: height, parameters: parameters.chain)
    }

    func apply(_ command: Command) {
        switch command {
        case .pointerDown(let p):
            pointer = p
            down = true
            if world.grab(at: p) { events.append("began") }
        case .pointerMove(let p):
            pointer = p
            if world.isHeld { world.drag(to: p) }
        case .pointerUp:
            down = false
            if world.isHeld {
                world.release()
                events.append("released")
            }
        case .reset:
            world.reset()
            events.append("reset")
        }
    }

    func advance(to time: Double) { world.advance(to: time) }
    var isAnimating: Bool { world.isMoving }

    func update(_ parameters: Parameters) {
        if parameters.chain != world.parameters { world.reset(parameters: parameters.chain) }
    }

    func resize(width: Double, height: Double) { world.resize(width: width, height: height) }

    /// The head follows the pointer wherever the canvas put it.
    func regrip(at p: Vec2) { apply(.pointerMove(p)) }

    func dumpLine(time: Double, parameters: Parameters) -> String {
        defer { events.removeAll(keepingCapacity: true) }
        return StateDump.line(time: time, pointer: pointer, down: down, badges: [], bodies: world.circles, events: events,
                              parameters: parameters)
    }

    func snapshot(_ parameters: Parameters) -> SceneSnapshot { SceneSnapshot(bodies: world.circles) }

    var heldPose: BadgePose? { nil }
    var kind: SceneKind { .chain }
    /// The head: the one body a press grips.
    var grabPoints: [Vec2] { world.circles.last.map { [$0.center] } ?? [] }
}
