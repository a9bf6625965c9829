// What the window and replays drive: the badges or the caterpillar, behind one interface.

import Foundation
import Geometry
import Motion
import StickyChain

/// A scene takes pointer commands, runs in fixed steps, dumps its state and paints itself.
protocol Scene: AnyObject {
    /// Applies a pointer command or a reset at the current time.
    func apply(_ command: Command)
    /// Runs the clock to `time` in fixed steps.
    func advance(to time: Double)
    /// Whether it moves without input (the window keeps drawing).
    var isAnimating: Bool { get }
    /// New parameters from now on; true where they made the scene anew (the caterpillar's
    /// count or radii: `ChainWorld.retune`), not tuned where it is.
    @discardableResult func update(_ parameters: Parameters) -> Bool
    /// The canvas (a pane) changed size.
    func resize(width: Double, height: Double)
    /// The canvas changed under a pointer that is down at `p`: what it holds stays where it is.
    func regrip(at p: Vec2)
    /// A point of what the pointer holds (the held badge's centre, the caterpillar's head), in
    /// the scene; nil where it holds nothing.
    var heldPoint: Vec2? { get }
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
    /// Where it comes to rest, as circles in the scene (what the window's HUD keeps clear of),
    /// given how it looks now: the badges at home; the caterpillar where it would land if let
    /// fall now; nil where nothing moves (the grid).
    func resting(_ snapshot: SceneSnapshot) -> [Ball]?
}

/// Makes the scene that `name` says, for a pane of `width`×`height` (`count`: the grid's badges).
/// `mode` sets where the caterpillar's walls stand (`ChainScene.fieldShown`).
func makeScene(_ name: SceneName, width: Double, height: Double, badges: [Badge], parameters: Parameters, mode: Mode, count: Int = 64,
               band: (top: Double, bottom: Double) = (0, 0)) -> Scene {
    switch name {
    case .chain:
        return ChainScene(width: width, height: height, parameters: parameters, fieldShown: mode != .bezier)
    case .grid:
        return GridScene(width: width, height: height, count: count, parameters: parameters, band: band)
    case .badge:
        return BadgeScene(board: BadgeBoard(
            badges: badges.isEmpty ? BadgeBoard.defaultBadges(width: width, height: height) : badges, parameters: parameters.motion),
                          canvas: Vec2(width, height))
    }
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
    @discardableResult func update(_ parameters: Parameters) -> Bool {
        board.parameters = parameters.motion
        return false
    }
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
    var heldPoint: Vec2? { board.held.map { board.badges[$0].center } }

    func snapshot(_ parameters: Parameters) -> SceneSnapshot {
        board.snapshot(rule: parameters.metaballBreak, into: &shown)
        return shown
    }

    var grabPoints: [Vec2] { board.badges.map(\.center) }
    func resting(_ snapshot: SceneSnapshot) -> [Ball]? {
        snapshot.badges.compactMap { $0.pose.map { Ball(center: $0.home, radius: $0.radius) } }
    }

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
    /// Where the chain last lay still (what the window's HUD keeps clear of); nil until it
    /// first does, and again after a resize it may fall from or a chain of other parameters.
    private var lastRest: [Ball]?

    /// Whether a pane shows the metaball field (every mode but the Bézier one): the walls
    /// stand as far in as it reaches (`wallInset`). Changed (the window's mode key), the walls
    /// move, and a caterpillar outside them is moved in whole; one on a floor that dropped
    /// falls to it.
    var fieldShown: Bool {
        didSet {
            guard fieldShown != oldValue else { return }
            // (A held caterpillar keeps where it last lay, within the new walls, as through a
            // resize.)
            let rest = world.isHeld ? lastRest : nil
            moveWalls(ChainScene.wallInset(parameters, fieldShown: fieldShown))
            lastRest = rest.map(withinWalls)
        }
    }
    /// The parameters last given (the walls' reach is theirs).
    private var parameters: Parameters

    init(width: Double, height: Double, parameters: Parameters, fieldShown: Bool) {
        self.parameters = parameters
        self.fieldShown = fieldShown
        world = ChainWorld(width: width, height: height, parameters: parameters.chain,
                           inset: ChainScene.wallInset(parameters, fieldShown: fieldShown))
        fallFrom = world.circles
    }

    /// What is said where the bodies cannot all lie in the canvas (`ChainWorld.fitsRoom`).
    static let crowded = "the caterpillar's bodies cover more than the canvas holds (chainCount × chainRadius² too large): "
        + "they overlap, press on its edges and never come to rest"

    /// Pixels the walls stand inside the canvas: `softEdge`, and where the field is shown, as
    /// far as the metaball field of the chain reaches past its bodies' circles, lying straight
    /// (the seed's row) or heaped in the densest pile its bodies make (`pile`), so that the
    /// field modes show the caterpillar resting on the floor whole, not cut flat by the canvas.
    /// A pile's field reaches furthest (at the seed's sizes the inverse square's 7 px under the
    /// row, 11 under 9 bodies heaped, 24 under 30). One world in split, which draws it twice, so
    /// its Bézier circles rest as far in. (In the Bézier mode alone the circles rest on the
    /// canvas's foot: walls set for a field not drawn held 30 bodies 25 px above it, and the
    /// kernel's slider, which says it does nothing there, moved them.)
    static func wallInset(_ parameters: Parameters, fieldShown: Bool) -> Double {
        guard fieldShown else { return ChainScene.softEdge }
        let row = ChainWorld.seedRow(parameters.chain), field = MetaballField(balls: row, parameters: parameters.metaball)
        var reach = 0.0
        for ball in row { reach = max(reach, reachBelow(ball, of: field)) }
        for under in [false, true] {
            let balls = pile(parameters.chain, underHead: under)
            reach = max(reach, reachBelow(balls[0], of: MetaballField(balls: balls, parameters: parameters.metaball)))
        }
        return reach + ChainScene.softEdge
    }

    /// How far the field's contour reaches straight below `ball` past its circle (0 where it
    /// does not, or where the contour cannot be found there), by bisection from the circle out.
    static func reachBelow(_ ball: Ball, of field: MetaballField) -> Double {
        func inside(_ t: Double) -> Bool { field.signedDistance(at: ball.center + Vec2(0, t)) <= 0 }
        var low = ball.radius, high = 2 * ball.radius
        while inside(high) && high < 64 * ball.radius { high *= 2 }
        guard inside(low), !inside(high) else { return 0 }
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if inside(mid) { low = mid } else { high = mid }
        }
        return low - ball.radius
    }

    /// The caterpillar heaped as densely as its bodies pack, resting on a floor at y = 0 (the
    /// canvas's y grows down), with the ball whose reach is measured first, on the floor at
    /// x = 0: a body, the others on the hexagonal lattice of their size in the sites nearest
    /// the floor's point under it, the head on the floor beside the heap's bottom row (a pixel
    /// at a time past where it would touch that row's last body, until it overlaps none); or,
    /// with `underHead`, the head, the bodies in the nearest sites it leaves free. About the
    /// most a heap's field can reach below a ball: each ball adds to it, the more the nearer,
    /// and no packing of equal discs is denser.
    static func pile(_ chain: ChainParameters, underHead: Bool) -> [Ball] {
        let n = max(3, min(50, chain.count)), r = chain.radius, big = chain.headRadius
        let head = Ball(center: Vec2(0, -big), radius: big)
        var sites: [Vec2] = []
        let rows = Int((Double(n).squareRoot() * 2).rounded(.up)) + 2
        for j in 0..<rows {
            for i in -n...n {
                let site = Vec2((Double(i) + Double(j % 2) / 2) * 2 * r, -r - Double(j) * 3.0.squareRoot() * r)
                if underHead && (site - head.center).length < big + r - 1e-9 { continue }
                sites.append(site)
            }
        }
        sites.sort { $0.length < $1.length }
        var balls = sites.prefix(n - 1).map { Ball(center: $0, radius: r) }
        if underHead {
            balls.insert(head, at: 0)
        } else {
            let right = balls.filter { $0.center.y == -r }.map(\.center.x).max() ?? 0
            var x = right + 2 * (r * big).squareRoot()
            while balls.contains(where: { ($0.center - Vec2(x, -big)).length < r + big - 1e-9 }) { x += 1 }
            balls.append(Ball(center: Vec2(x, -big), radius: big))
        }
        return balls
    }

    /// The fill's anti-aliased edge reaches half a device pixel past its contour, and a body may
    /// sink a tenth of a pixel into a wall (Chipmunk's collision slop): 1.5 px at 1x leaves the
    /// canvas's last row blank.
    static let softEdge = 1.5

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
            forgetRest()
            events.append("reset")
        }
    }

    func advance(to time: Double) {
        world.advance(to: time)
        // Still, or let go and creeping for a while (a head that rolls on for seconds after it
        // lands, every body under `settledSpeed` for `settledTime`): where it lies now. (The
        // last place it lay still stayed the rest while the caterpillar crept on elsewhere, and
        // a toast kept clear of that lay over it.) A chain in the air is that slow for a few
        // milliseconds at most (at the top of a throw, or as it starts to fall).
        if !world.isHeld && world.fastestSpeed < ChainScene.settledSpeed {
            slowSince = slowSince ?? time
        } else {
            slowSince = nil
        }
        if !world.isMoving || slowSince.map({ time - $0 >= ChainScene.settledTime }) == true { lastRest = world.circles }
    }

    /// The speed, px/s, under which a caterpillar let go counts as lying where it is once it
    /// has been that slow for `settledTime` s, for the HUD: half a pixel a frame at 60 Hz (a
    /// landed head rolls on at 10-20 px/s for seconds; in the air, under the seed's gravity, a
    /// body is that slow for 60 ms at most, at the top of a throw).
    static let settledSpeed = 30.0, settledTime = 0.1
    /// Since when every body has been under `settledSpeed`, the chain let go.
    private var slowSince: Double?

    /// The chain made anew or moved: where it lay is no longer where it rests, and how long it
    /// has been slow starts again (a chain made anew in mid-air, at rest for its first
    /// milliseconds, was taken for lying there when it had lain still before: the slider
    /// panel shrank to one row over it while it fell).
    private func forgetRest() {
        lastRest = nil
        slowSince = nil
        fallFrom = world.circles
    }
    /// Where the bodies were when the rest was last forgotten: the top of the fall that follows.
    private var fallFrom: [Ball] = []
    var isAnimating: Bool { world.isMoving }

    @discardableResult func update(_ parameters: Parameters) -> Bool {
        self.parameters = parameters
        moveWalls(ChainScene.wallInset(parameters, fieldShown: fieldShown))
        // (Gravity, air drag and the joints are tuned where the chain is; a new count or
        // radius makes it anew in the seed's row.)
        let remade = world.retune(parameters.chain)
        if remade { forgetRest() }
        return remade
    }

    /// The walls `inset` inside the canvas, where they are not already.
    private func moveWalls(_ inset: Double) {
        guard inset != world.inset else { return }
        world.resize(width: world.width, height: world.height, inset: inset)
        forgetRest()
    }

    /// A held chain keeps where it last lay, within the new walls (a mode switch while it is
    /// held, which lays the window out afresh, does not take its pose in the air for its rest:
    /// the slider panel kept shrinking to clear it); a free one falls anew.
    func resize(width: Double, height: Double) {
        world.resize(width: width, height: height)
        guard world.isHeld, let rest = lastRest else {
            forgetRest()
            return
        }
        lastRest = withinWalls(rest)
    }

    /// `rest`, each ball pressed in from any wall it lies past.
    private func withinWalls(_ rest: [Ball]) -> [Ball] {
        let inset = world.inset, width = world.width, height = world.height
        return rest.map { ball in
            let r = ball.radius
            return Ball(center: Vec2(min(max(ball.center.x, inset + r), max(inset + r, width - inset - r)),
                                     min(max(ball.center.y, inset + r), max(inset + r, height - inset - r))), radius: r)
        }
    }

    /// The head follows the pointer wherever the canvas put it.
    func regrip(at p: Vec2) { apply(.pointerMove(p)) }
    var heldPoint: Vec2? { world.isHeld ? world.circles.last?.center : nil }

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
    /// As it last lay still; until it first does, where it will land.
    func resting(_ snapshot: SceneSnapshot) -> [Ball]? { lastRest ?? world.restingGuess }
    /// Each body where it was made (or last moved) and where it will land, while the
    /// caterpillar, let go, falls to a place it has not lain in yet (`resting` a guess): its
    /// way down, which a toast keeps clear of (from the fall's top, so that the toast stays put).
    var falling: [(from: Ball, landing: Ball)] {
        guard lastRest == nil, !world.isHeld, fallFrom.count == world.circles.count else { return [] }
        return Array(zip(fallFrom, world.restingGuess))
    }
}

/// The scaling scene: `count` badges on a grid filling the canvas, each posed as if pulled a
/// seeded random distance in [0, maxDistance] in a seeded direction, mirrored back from the
/// canvas's edges (bridge and home circle drawn), with a count; no pointer. Badge i's pull depends on i alone, so a larger grid keeps
/// the smaller one's pulls.
final class GridScene: Scene {
    let count: Int
    private var size: Vec2
    private var parameters: Parameters
    /// The bands at the top and the bottom that the grid leaves free (the window's caption and
    /// slider panel, `HUD.topBand`, and its pane labels, `HUD.bottomBand`, the same in every
    /// mode; in a picture, the labels' band where it has them, `HUD.pictureBand`).
    let band: (top: Double, bottom: Double)

    static let largestCount = 4096

    init(width: Double, height: Double, count: Int, parameters: Parameters, band: (top: Double, bottom: Double) = (0, 0)) {
        self.count = max(1, min(count, GridScene.largestCount))
        size = Vec2(width, height)
        self.parameters = parameters
        self.band = (max(0, band.top), max(0, band.bottom))
    }

    /// Where the grid starts and ends: within the bands, which give way to a short canvas (the
    /// top's to 0.45 of it: at a third, a 300x200 window's caption of two lines left no room
    /// for the selected slider's row, and no slider showed).
    var top: Double { min(band.top, 0.45 * size.y) }
    var bottom: Double { size.y - min(band.bottom, size.y / 6) }

    /// The grid: columns × rows nearest the canvas's aspect, the badge a fifth of a cell (at most
    /// 20 px), home at the cell's centre.
    static func layout(width: Double, height: Double, count: Int) -> (columns: Int, rows: Int, cell: Vec2, radius: Double) {
        let n = max(1, count)
        let columns = max(1, min(n, Int((Double(n) * width / max(height, 1)).squareRoot().rounded())))
        let rows = (n + columns - 1) / columns
        let cell = Vec2(width / Double(columns), height / Double(rows))
        return (columns, rows, cell, min(20, max(1, 0.2 * min(cell.x, cell.y))))
    }

    /// Badge i's pull as fractions of maxDistance and of a turn: SplitMix64 of i.
    static func pull(_ i: Int) -> (distance: Double, turn: Double) {
        func mix(_ x: UInt64) -> Double {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        return (mix(UInt64(2 * i)), mix(UInt64(2 * i + 1)))
    }

    var poses: [BadgePose] {
        let top = self.top
        let bottom = self.bottom
        let grid = GridScene.layout(width: size.x, height: bottom - top, count: count)
        let badge = parameters.motion.badge
        return (0..<count).map { i in
            let home = Vec2((Double(i % grid.columns) + 0.5) * grid.cell.x, top + (Double(i / grid.columns) + 0.5) * grid.cell.y)
            let (d, turn) = GridScene.pull(i)
            let angle = 2 * Double.pi * turn
            var pull = Vec2(cos(angle), sin(angle)) * (d * badge.maxDistance)
            // A pull that would take the badge past an edge is mirrored across its home (the
            // same length), so that every badge is whole on the canvas; where the canvas is too
            // small even for that, it is held inside.
            let r = grid.radius
            if home.x + pull.x - r < 0 || home.x + pull.x + r > size.x { pull = Vec2(-pull.x, pull.y) }
            if home.y + pull.y - r < top || home.y + pull.y + r > bottom { pull = Vec2(pull.x, -pull.y) }
            let center = Vec2(min(max(home.x + pull.x, r), max(r, size.x - r)),
                              min(max(home.y + pull.y, top + r), max(top + r, bottom - r)))
            return BadgePose(home: home, center: center, radius: r, parameters: badge)
        }
    }

    var texts: [String] { (0..<count).map { String($0 % 99 + 1) } }

    func apply(_ command: Command) {}
    func advance(to time: Double) {}
    var isAnimating: Bool { false }
    @discardableResult func update(_ parameters: Parameters) -> Bool {
        self.parameters = parameters
        return false
    }
    func resize(width: Double, height: Double) { size = Vec2(width, height) }
    func regrip(at p: Vec2) {}
    var heldPoint: Vec2? { nil }

    func dumpLine(time: Double, parameters: Parameters) -> String {
        let texts = self.texts
        let badges = poses.enumerated().map { i, pose in
            var badge = Badge(id: i, home: pose.home, radius: pose.radius, text: texts[i])
            badge.center = pose.center
            badge.phase = pose.attached ? .dragging : .detached
            badge.attached = pose.attached
            return badge
        }
        return StateDump.line(time: time, pointer: .zero, down: false, badges: badges, bodies: [], events: [], parameters: parameters)
    }

    func snapshot(_ parameters: Parameters) -> SceneSnapshot {
        SceneSnapshot(held: poses, texts: texts, rule: parameters.metaballBreak, shrink: parameters.motion.badge.shrink)
    }

    var heldPose: BadgePose? { nil }
    var kind: SceneKind { .grid }
    var grabPoints: [Vec2] { [] }
    func resting(_ snapshot: SceneSnapshot) -> [Ball]? { nil }
}
