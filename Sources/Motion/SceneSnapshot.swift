// What a scene looks like at one instant: the immutable value the painter draws, with the
// badge's rules (bridge or not, home circle and home ball, who is on top) already applied.

import Geometry

/// How the metaball fill shows a badge pulled past the break distance.
public enum MetaballBreak: String, CaseIterable, Sendable {
    /// The home ball vanishes at the break, as the home circle does in the Bézier mode.
    case vanish
    /// The home ball stays (radius R − d/shrink); the field parts by itself as the badge goes.
    case separate
}

/// One badge as drawn.
public struct BadgeLook: Hashable, Sendable {
    public var id: Int
    /// The count.
    public var text: String
    /// Where it is: nil while it bursts.
    public var pose: BadgePose?
    /// The burst and its age in seconds, while it bursts.
    public var burst: Explosion?
    public var burstAge: Double
    /// Whether the pointer holds it (drawn above everything).
    public var held: Bool
    /// The home ball's radius in the metaball fill (0: no home ball); see `BadgeLook.homeBall`.
    public var homeBall: Double

    /// Whether the home circle and the bridge are drawn (the Bézier fill).
    public var hasBridge: Bool { pose?.attached ?? false }

    public init(id: Int, text: String, pose: BadgePose?, burst: Explosion? = nil, burstAge: Double = 0, held: Bool,
                homeBall: Double) {
        self.id = id
        self.text = text
        self.pose = pose
        self.burst = burst
        self.burstAge = burstAge
        self.held = held
        self.homeBall = homeBall
    }

    /// The home ball's radius in the field for a badge that is moving (held or springing
    /// back): attached, the home circle's radius grown in over the first R of the drag (two
    /// coincident balls would sum to a blob larger than the badge, so a badge at rest is one
    /// ball); past the break 0 (`vanish`) or R − d/shrink (`separate`). At rest: 0.
    public static func homeBall(_ pose: BadgePose, moving: Bool, rule: MetaballBreak, shrink: Double) -> Double {
        guard moving else { return 0 }
        let d = pose.distance
        let ramp = pose.radius > 0 ? min(1, d / pose.radius) : 1
        let grow = ramp * ramp * (3 - 2 * ramp)
        if pose.attached { return pose.homeRadius * grow }
        guard rule == .separate else { return 0 }
        return BadgePose.homeRadius(badgeRadius: pose.radius, distance: d, shrink: shrink) * grow
    }
}

/// A scene at one instant: badges in drawing order (the held one last), or the caterpillar's
/// bodies (head last).
public struct SceneSnapshot: Hashable, Sendable {
    public var badges: [BadgeLook]
    public var bodies: [Ball]

    public init(badges: [BadgeLook] = [], bodies: [Ball] = []) {
        self.badges = badges
        self.bodies = bodies
    }

    /// Poses held by the pointer (`sticky render`'s picture), the last one on top.
    public init(held poses: [BadgePose], texts: [String] = [], rule: MetaballBreak, shrink: Double) {
        badges = poses.enumerated().map { i, pose in
            BadgeLook(id: i, text: i < texts.count ? texts[i] : "", pose: pose, held: true,
                      homeBall: BadgeLook.homeBall(pose, moving: true, rule: rule, shrink: shrink))
        }
        bodies = []
    }

    /// The held badge's pose, if one is held and not burst.
    public var heldPose: BadgePose? { badges.last { $0.held }?.pose }
}

extension BadgeBoard {
    /// The board as drawn now: badges in drawing order, the held one last. `rule` shapes only
    /// the metaball fill's home balls (`BadgeLook.homeBall`); the Bézier fill does not read it.
    public func snapshot(rule: MetaballBreak = .vanish) -> SceneSnapshot {
        var snapshot = SceneSnapshot()
        self.snapshot(rule: rule, into: &snapshot)
        return snapshot
    }

    /// The same, refilling `snapshot`'s storage (no allocation once it is large enough and not
    /// shared: a window's frames).
    public func snapshot(rule: MetaballBreak = .vanish, into snapshot: inout SceneSnapshot) {
        let shrink = parameters.badge.shrink
        snapshot.bodies.removeAll(keepingCapacity: true)
        snapshot.badges.removeAll(keepingCapacity: true)
        snapshot.badges.reserveCapacity(badges.count)
        for i in badges.indices where i != held { snapshot.badges.append(look(i, shrink: shrink, rule: rule)) }
        if let held { snapshot.badges.append(look(held, shrink: shrink, rule: rule)) }
    }

    private func look(_ i: Int, shrink: Double, rule: MetaballBreak) -> BadgeLook {
        let badge = badges[i]
        let pose = badge.pose(shrink: shrink)
        let moving = badge.phase == .dragging || badge.phase == .detached || badge.phase == .returning
        return BadgeLook(
            id: badge.id, text: badge.text, pose: pose,
            burst: badge.explosion(duration: parameters.explosionDuration), burstAge: badge.explosionAge(at: time),
            held: i == held, homeBall: pose.map { BadgeLook.homeBall($0, moving: moving, rule: rule, shrink: shrink) } ?? 0)
    }
}
