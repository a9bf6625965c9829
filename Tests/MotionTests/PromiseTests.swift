// The README's motion promises at their boundaries, against values worked out here (and in
// Tests/Reference) from the seeds' rules and the formulas, never from the code under test.

import Foundation
import Reference
import Testing
@testable import Geometry
@testable import Motion

@Suite struct MotionPromiseTests {
    /// One badge of radius 20 at (400, 300), the seeds' 60 px break, grabbed at its centre.
    static func board(reattach: Bool = false, maxDistance: Double = 60) -> BadgeBoard {
        var parameters = MotionParameters()
        parameters.reattach = reattach
        parameters.badge.maxDistance = maxDistance
        return BadgeBoard(badges: [Badge(id: 0, home: Vec2(400, 300), radius: 20, text: "8")], parameters: parameters)
    }

    /// The seeds break only when d > maxDistance: exactly at it the bridge holds, one ulp past it
    /// it breaks; a release exactly at it springs back, one past it bursts.
    @Test(arguments: [60.0, 17.5, 1000])
    func breakIsStrictlyPastTheDistance(maxDistance: Double) {
        let home = Vec2(400, 300)
        let at = home.x + maxDistance, past = (home.x + maxDistance).nextUp
        #expect(at - home.x == maxDistance && past - home.x > maxDistance)

        var board = MotionPromiseTests.board(maxDistance: maxDistance)
        board.apply(.pointerDown(home))
        board.apply(.pointerMove(Vec2(at, 300)))
        #expect(board.badges[0].phase == .dragging)
        #expect(board.badges[0].pose(shrink: 10)?.attached == true)
        board.apply(.pointerUp)
        #expect(board.badges[0].phase == .returning)

        var other = MotionPromiseTests.board(maxDistance: maxDistance)
        other.apply(.pointerDown(home))
        other.apply(.pointerMove(Vec2(past, 300)))
        #expect(other.badges[0].phase == .detached)
        other.apply(.pointerUp)
        #expect(other.badges[0].phase == .exploding)
        #expect(other.takeEvents().map(\.kind) == [.began, .detached, .released, .exploded])

        // The pose's own rule agrees at both sides of the boundary.
        let parameters = BadgeParameters(maxDistance: maxDistance, shrink: 10)
        #expect(BadgePose(home: home, center: Vec2(at, 300), radius: 20, parameters: parameters).attached)
        #expect(!BadgePose(home: home, center: Vec2(past, 300), radius: 20, parameters: parameters).attached)
    }

    /// With reattach on, a detached badge joins again exactly at the distance, not one ulp before.
    @Test func reattachExactlyAtTheDistance() {
        var board = MotionPromiseTests.board(reattach: true)
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(470, 300)))
        #expect(board.badges[0].phase == .detached)
        board.apply(.pointerMove(Vec2(460.nextUp, 300)))
        #expect(board.badges[0].phase == .detached)
        board.apply(.pointerMove(Vec2(460, 300)))
        #expect(board.badges[0].phase == .dragging && board.badges[0].attached)
        #expect(board.takeEvents().map(\.kind) == [.began, .detached, .reattached])
        // Without reattach it stays detached all the way home.
        var plain = MotionPromiseTests.board()
        plain.apply(.pointerDown(Vec2(400, 300)))
        plain.apply(.pointerMove(Vec2(470, 300)))
        plain.apply(.pointerMove(Vec2(400, 300)))
        #expect(plain.badges[0].phase == .detached)
    }

    /// A press grabs within 10 px of the dot's edge (the default slop): exactly 10 px out grabs,
    /// a hair further does not; a wider slop reaches further.
    @Test func grabSlopIsTenPixelsInclusive() {
        let cases: [(x: Double, slop: Double, grabs: Bool)] = [
            (400 + 20 + 10, 10, true), ((400 + 20 + 10 as Double).nextUp, 10, false), (400 + 20 + 10.01, 10, false),
            (400 + 20, 0, true), (400 + 20 + 25, 25, true), (400 + 20 + 25.5, 25, false),
        ]
        for c in cases {
            var board = MotionPromiseTests.board()
            board.parameters.grabSlop = c.slop
            board.apply(.pointerDown(Vec2(c.x, 300)))
            #expect((board.held != nil) == c.grabs, "press at \(c.x) with slop \(c.slop)")
        }
    }

    /// A badge pressed and released without moving springs "back" in place: no motion, no NaN,
    /// the home circle at full size every step, home after exactly T.
    @Test func springReleasedAtZeroDistance() {
        var board = MotionPromiseTests.board()
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerUp)
        #expect(board.badges[0].phase == .returning)
        let duration = board.parameters.springDuration
        var t = 0.0
        while t < duration - 1e-9 {
            t += 1 / 240
            board.advance(to: t)
            let badge = board.badges[0]
            #expect(badge.center == Vec2(400, 300))
            if badge.phase == .returning { #expect(badge.pose(shrink: 10)?.homeRadius == 20) }
        }
        #expect(board.badges[0].phase == .idle)
        #expect(board.takeEvents().map(\.kind) == [.began, .released, .returned])
    }

    /// ω from the 0.1% envelope at T, solved in closed form in the reference: the code's ω and
    /// offsets match it (a different settle fraction gives a different ω).
    @Test(arguments: [(0.1, 0.25), (0.2, 0.5), (0.5, 0.6), (0.9, 1.0), (0.03, 2.0)])
    func springMatchesTheClosedForm(damping: Double, duration: Double) {
        let spring = Spring(damping: damping, duration: duration), reference = ReferenceSpring(damping: damping, duration: duration)
        #expect(abs(spring.omega - reference.omega) <= 1e-9 * reference.omega, "ω \(spring.omega) vs \(reference.omega)")
        for k in 0...100 {
            let t = duration * Double(k) / 100
            #expect(abs(spring.offset(at: t) - reference.offset(at: t)) <= 1e-9, "at \(t)")
        }
    }

    /// Values a library caller may pass that no slider gives: kept within ζ 0.001…1000 and T
    /// 0.001…10⁶ s, NaN as the least, so the offsets stay finite, start at 1 and end at 0
    /// (NaN gave NaN positions, an infinite ζ an ω of NaN); and a negative shrink or a NaN
    /// one keeps the home circle within 0…R.
    @Test func oddSpringsAndShrinksStayFinite() {
        for (damping, duration) in [(Double.nan, 0.4), (0.2, .nan), (.infinity, 0.4), (0.2, .infinity), (-1, -1), (1e9, 1e9)] {
            let spring = Spring(damping: damping, duration: duration)
            #expect(spring.damping >= 1e-3 && spring.damping <= 1e3 && spring.duration >= 1e-3 && spring.duration <= 1e6,
                    "\(damping), \(duration): \(spring.damping), \(spring.duration)")
            #expect(spring.omega.isFinite && spring.omega > 0, "\(damping), \(duration): ω \(spring.omega)")
            #expect(spring.offset(at: 0) == 1 && abs(spring.offset(at: spring.duration)) < 0.0011, "\(damping), \(duration)")
            for k in 0...20 { #expect(spring.offset(at: spring.duration * Double(k) / 20).isFinite, "\(damping), \(duration) at \(k)") }
        }
        #expect(Spring(damping: .nan, duration: .nan) == Spring(damping: 1e-3, duration: 1e-3))
        for shrink in [-5.0, .nan, -.infinity, 0] {
            let r = BadgePose.homeRadius(badgeRadius: 20, distance: 10, shrink: shrink)
            #expect(r >= 0 && r <= 20, "shrink \(shrink): \(r)")
        }
        #expect(BadgePose.homeRadius(badgeRadius: 20, distance: 10, shrink: -5) == 20)
        #expect(BadgePose.homeRadius(badgeRadius: 20, distance: 10, shrink: 5) == 20 - 10.0 / 5)
    }

    /// Critically and over-damped springs settle to 0.1% by T too (the envelope is x itself).
    @Test(arguments: [1.0, 1.5, 3.0])
    func dampedSpringsSettleToATenthOfAPercent(damping: Double) {
        let spring = Spring(damping: damping, duration: 0.4), reference = ReferenceSpring(damping: damping, duration: 0.4)
        let before = spring.offset(at: 0.4 * (1 - 1e-9))
        #expect(before <= 0.001 * (1 + 1e-6) && before > 0.0009, "x(T⁻) = \(before)")
        #expect(abs(spring.omega - reference.omega) <= 1e-3 * reference.omega)
    }

    /// The position at every frame time, at 30, 60, 120 and 240 frames a second, is the closed
    /// form at that time since release (from the reference): no frame rate changes the motion.
    @Test(arguments: [30.0, 60, 120, 240])
    func everyFrameIsTheClosedFormAtItsTime(rate: Double) {
        var board = MotionPromiseTests.board()
        board.parameters.springDamping = 0.2
        board.parameters.springDuration = 0.5
        let release = Vec2(440, 330)
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(release))
        board.apply(.pointerUp)
        let reference = ReferenceSpring(damping: 0.2, duration: 0.5)
        var frame = 0
        var checked = 0
        while board.badges[0].phase == .returning {
            frame += 1
            let t = Double(frame) / rate
            board.advance(to: t)
            let left = reference.offset(at: t)
            let expected = Vec2(400 + 40 * left, 300 + 30 * left)
            #expect(board.badges[0].center.distance(to: expected) <= 1e-6, "frame \(frame) at \(rate) Hz: \(board.badges[0].center) vs \(expected)")
            // Every frame of the spring shows the bridge and the home circle for where it is now.
            let look = board.snapshot(rule: .vanish).badges[0]
            if board.badges[0].phase == .returning {
                let d = ((expected.x - 400) * (expected.x - 400) + (expected.y - 300) * (expected.y - 300)).squareRoot()
                #expect(look.hasBridge && abs(look.pose!.homeRadius - max(0, 20 - d / 10)) <= 1e-6, "frame \(frame)")
            }
            checked += 1
        }
        #expect(Double(checked) >= 0.5 * rate - 1, "only \(checked) frames")
        #expect(board.badges[0].center == Vec2(400, 300))
    }

    /// The burst: the badge swells by 30% while fading over the first quarter (opacity 1 − u²),
    /// 14 droplets fly out to between 1.6R and 3R beyond half a radius, shrinking with 1 − t/T,
    /// and nothing is left at T.
    @Test func burstSwellsAndScattersFourteenDroplets() {
        let radius = 20.0, duration = 1.0
        let burst = Explosion(center: Vec2(100, 100), radius: radius, duration: duration, seed: 3)
        for u in [0.0, 0.1, 0.2, 0.24] {
            let core = burst.core(at: u * duration)
            let fraction = u / 0.25
            #expect(core != nil)
            #expect(abs(core!.radius - radius * (1 + 0.3 * fraction)) <= 1e-9, "swell at \(u)")
            #expect(abs(core!.opacity - (1 - fraction * fraction)) <= 1e-9)
            #expect(core!.center == Vec2(100, 100))
        }
        #expect(burst.core(at: 0.25 * duration) == nil)
        var droplets: [Droplet] = []
        for t in [0.05, 0.3, 0.6, 0.95] {
            burst.droplets(at: t, into: &droplets)
            #expect(droplets.count == 14, "at \(t)")
            let travel = 1 - pow(1 - t / duration, 3)
            var angles: [Double] = []
            for drop in droplets {
                let reach = drop.center.distance(to: Vec2(100, 100))
                #expect(reach >= radius * (0.5 + 1.6 * travel) - 1e-9 && reach <= radius * (0.5 + 3.0 * travel) + 1e-9, "reach \(reach) at \(t)")
                #expect(drop.radius >= radius * 0.18 * (1 - t) - 1e-9 && drop.radius <= radius * 0.40 * (1 - t) + 1e-9)
                #expect(abs(drop.opacity - (1 - (t / duration) * (t / duration))) <= 1e-9)
                angles.append(atan2(drop.center.y - 100, drop.center.x - 100))
            }
            // Spread all round: every 90° quadrant has some.
            for quadrant in 0..<4 {
                let lo = -Double.pi + Double(quadrant) * Double.pi / 2
                #expect(angles.contains { $0 >= lo && $0 < lo + Double.pi / 2 }, "quadrant \(quadrant) at \(t)")
            }
        }
        burst.droplets(at: duration, into: &droplets)
        #expect(droplets.isEmpty)
        // Deterministic: the same burst gives the same droplets.
        var again: [Droplet] = []
        burst.droplets(at: 0.3, into: &droplets)
        burst.droplets(at: 0.3, into: &again)
        #expect(droplets == again)
    }

    /// A released badge past the break bursts for exactly the explosion duration, then is gone.
    @Test func burstLastsTheExplosionDuration() {
        var board = MotionPromiseTests.board()
        board.parameters.explosionDuration = 0.25
        board.apply(.pointerDown(Vec2(400, 300)))
        board.apply(.pointerMove(Vec2(480, 300)))
        board.apply(.pointerUp)
        board.advance(to: 0.25 - 2 / 240)
        #expect(board.badges[0].phase == .exploding)
        board.advance(to: 0.25)
        #expect(board.badges[0].phase == .gone)
    }
}
