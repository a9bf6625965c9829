// The badges' state machine: pointer commands in, fixed time steps, events out.

import Geometry

/// Where a badge is in its life.
public enum Phase: String, Sendable, CaseIterable {
    /// At home, at rest.
    case idle
    /// Held, joined to its home circle by the bridge.
    case dragging
    /// Held past the break: no home circle, no bridge.
    case detached
    /// Released within the break distance, springing home.
    case returning
    /// Released past the break: bursting.
    case exploding
    /// Removed (until a reset).
    case gone
}

/// What happened to a badge: what a host app would hook.
public enum BadgeEvent: String, Sendable, CaseIterable {
    case began, detached, reattached, released, returned, exploded, removed, reset
}

/// An event with the badge it concerns (`reset` concerns them all: id −1).
public struct BoardEvent: Hashable, Sendable {
    public var badge: Int
    public var kind: BadgeEvent
}

/// Input to the simulation, in scene units.
public enum Command: Hashable, Sendable {
    case pointerDown(Vec2)
    case pointerMove(Vec2)
    case pointerUp
    /// Restores every badge to rest at home.
    case reset
}

/// The tunable motion, with seed 000's values as defaults.
public struct MotionParameters: Hashable, Sendable {
    public var badge = BadgeParameters()
    /// Damping ratio of the spring back (seed 000: 0.1; seed 002: 0.2).
    public var springDamping = 0.1
    /// Seconds the spring back takes (seed 000: 0.25; seed 002: 0.5).
    public var springDuration = 0.25
    /// Seconds the explosion takes (seed 000: 1; seed 002: 0.25).
    public var explosionDuration = 1.0
    /// Whether a detached badge joins its home again when brought back within the distance.
    public var reattach = false
    /// How far outside a badge a press still grabs it, px (users of badge libraries ask for more
    /// than the dot).
    public var grabSlop = 10.0

    public init() {}

    public var spring: Spring { Spring(damping: springDamping, duration: springDuration) }
}

/// One badge and its state.
public struct Badge: Hashable, Sendable {
    public let id: Int
    public var home: Vec2
    public var center: Vec2
    public var radius: Double
    public var text: String
    public var phase: Phase = .idle
    /// Whether the home circle and bridge are shown.
    public var attached = true
    var grabOffset = Vec2.zero
    var releaseTime = 0.0
    var releaseCenter = Vec2.zero
    var explosionStart = 0.0

    public init(id: Int, home: Vec2, radius: Double, text: String = "") {
        self.id = id
        self.home = home
        self.center = home
        self.radius = radius
        self.text = text
    }

    /// The picture's state: nil while exploding or gone.
    public func pose(shrink: Double) -> BadgePose? {
        switch phase {
        case .exploding, .gone: nil
        default: BadgePose(home: home, center: center, radius: radius, attached: attached && phase != .idle, shrink: shrink)
        }
    }

    /// The burst, while exploding.
    public func explosion(duration: Double) -> Explosion? {
        phase == .exploding ? Explosion(center: center, radius: radius, duration: duration, seed: UInt64(id) &+ 1) : nil
    }

    /// Seconds since the explosion began.
    public func explosionAge(at time: Double) -> Double { time - explosionStart }
}

/// All badges of the scene, the pointer, and the simulation clock.
///
/// Commands apply at the current time; `advance(to:)` moves the clock in fixed steps of
/// 1/`stepRate` s. Springs and bursts are closed-form functions of the time since they began,
/// so a state at a given time does not depend on how often it is looked at.
public struct BadgeBoard: Sendable {
    public static let stepRate = 240.0

    public private(set) var badges: [Badge]
    /// The clock, seconds: `steps`/`stepRate`, so that it lands exactly on whole and half seconds
    /// (a sum of 1/240s drifts below them, and a spring of T = 0.5 s would end a step late).
    public private(set) var time = 0.0
    private var steps = 0
    public private(set) var pointer = Vec2.zero
    public private(set) var pointerIsDown = false
    public var parameters: MotionParameters {
        didSet { spring = parameters.spring }
    }
    /// Index of the held badge.
    public private(set) var held: Int?
    private var spring: Spring
    private var pending: [BoardEvent] = []
    private var initial: [Badge]

    public init(badges: [Badge], parameters: MotionParameters = MotionParameters()) {
        self.badges = badges
        initial = badges
        self.parameters = parameters
        spring = parameters.spring
        pending.reserveCapacity(16)
    }

    /// The default scene: four badges of different sizes and counts, in a row across the canvas.
    public static func defaultBadges(width: Double, height: Double) -> [Badge] {
        let specs: [(Double, String)] = [(12, "1"), (16, "8"), (20, "23"), (24, "99+")]
        return specs.enumerated().map { i, spec in
            Badge(id: i, home: Vec2(width * (Double(i) + 1) / 5, height / 2), radius: spec.0, text: spec.1)
        }
    }

    /// Whether anything moves without input (a spring or a burst): the window must keep drawing.
    public var isAnimating: Bool {
        badges.contains { $0.phase == .returning || $0.phase == .exploding }
    }

    /// Events since the last call, oldest first.
    public mutating func takeEvents() -> [BoardEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    private mutating func emit(_ kind: BadgeEvent, _ badge: Int) {
        pending.append(BoardEvent(badge: badge, kind: kind))
    }

    public mutating func apply(_ command: Command) {
        switch command {
        case .pointerDown(let p):
            pointer = p
            pointerIsDown = true
            guard held == nil, let index = hit(p) else { return }
            held = index
            badges[index].grabOffset = badges[index].center - p
            badges[index].phase = .dragging
            badges[index].attached = true
            emit(.began, badges[index].id)
            follow(p)
        case .pointerMove(let p):
            pointer = p
            follow(p)
        case .pointerUp:
            pointerIsDown = false
            guard let index = held else { return }
            held = nil
            var badge = badges[index]
            emit(.released, badge.id)
            if badge.home.distance(to: badge.center) > parameters.badge.maxDistance {
                badge.phase = .exploding
                badge.attached = false
                badge.explosionStart = time
                emit(.exploded, badge.id)
            } else {
                badge.phase = .returning
                badge.releaseTime = time
                badge.releaseCenter = badge.center
            }
            badges[index] = badge
        case .reset:
            held = nil
            badges = initial
            emit(.reset, -1)
        }
    }

    /// Moves the held badge with the pointer, grabbed where it was pressed, and applies the break.
    private mutating func follow(_ p: Vec2) {
        guard let index = held else { return }
        var badge = badges[index]
        badge.center = p + badge.grabOffset
        let beyond = badge.home.distance(to: badge.center) > parameters.badge.maxDistance
        if badge.phase == .dragging, beyond {
            badge.phase = .detached
            badge.attached = false
            emit(.detached, badge.id)
        } else if badge.phase == .detached, !beyond, parameters.reattach {
            badge.phase = .dragging
            badge.attached = true
            emit(.reattached, badge.id)
        }
        badges[index] = badge
    }

    /// The topmost badge under p, counting a slop ring around each; idle or returning ones only.
    private func hit(_ p: Vec2) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        for (i, badge) in badges.enumerated().reversed() where badge.phase == .idle || badge.phase == .returning {
            let d = p.distance(to: badge.center)
            // Inside a badge wins outright; within slops, the nearest edge.
            if d <= badge.radius { return i }
            let gap = d - badge.radius
            if gap <= parameters.grabSlop, gap < bestDistance {
                best = i
                bestDistance = gap
            }
        }
        return best
    }

    /// The latest the clock goes (about 31,700 years): a later target is taken as it.
    public static let latestTime = 1e12

    /// Runs fixed steps until the clock reaches `target` (to within a step). While no badge
    /// springs home or bursts, a step changes nothing but the clock, which then jumps to the
    /// last steps (a host that passes its uptime, or a board left idle for hours, costs
    /// nothing; they took 0.09 s of stepping an hour a badge). A target past `latestTime`
    /// (infinity: every animation runs out) is taken as it; NaN, or one not ahead, does nothing.
    public mutating func advance(to target: Double) {
        let dt = 1 / BadgeBoard.stepRate
        let target = min(target, BadgeBoard.latestTime)
        while time + 0.5 * dt < target {
            if !badges.contains(where: { $0.phase == .returning || $0.phase == .exploding }) {
                // Two steps short of where stepping would stop, the rest stepped as ever, so
                // the clock stops on the same step.
                let last = Int((target * BadgeBoard.stepRate).rounded(.up)) - 2
                if last > steps {
                    steps = last
                    time = Double(steps) / BadgeBoard.stepRate
                    continue
                }
            }
            steps += 1
            time = Double(steps) / BadgeBoard.stepRate
            step()
        }
    }

    /// One step at the current time.
    private mutating func step() {
        for i in badges.indices {
            switch badges[i].phase {
            case .returning:
                let age = time - badges[i].releaseTime
                let left = spring.offset(at: age)
                badges[i].center = badges[i].home + (badges[i].releaseCenter - badges[i].home) * left
                if age >= spring.duration {
                    badges[i].center = badges[i].home
                    badges[i].phase = .idle
                    badges[i].attached = true
                    emit(.returned, badges[i].id)
                }
            case .exploding:
                if time - badges[i].explosionStart >= parameters.explosionDuration {
                    badges[i].phase = .gone
                    emit(.removed, badges[i].id)
                }
            default:
                break
            }
        }
    }

    /// The pointer is now at `p` (the canvas changed under it): a held badge stays where it
    /// is, gripped from here on, rather than jumping under the pointer.
    public mutating func regrip(at p: Vec2) {
        pointer = p
        guard let held else { return }
        badges[held].grabOffset = badges[held].center - p
    }

    /// Moves every badge's home to `homes` (one per badge, in order), for a canvas that changed
    /// size: a badge away from home keeps its offset from it, and a reset restores the new homes.
    public mutating func moveHomes(to homes: [Vec2]) {
        precondition(homes.count == badges.count, "one home per badge")
        for i in badges.indices {
            let shift = homes[i] - badges[i].home
            badges[i].home = homes[i]
            badges[i].center = badges[i].center + shift
            badges[i].releaseCenter = badges[i].releaseCenter + shift
            initial[i].home = homes[i]
            initial[i].center = homes[i]
        }
    }
}
