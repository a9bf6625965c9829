// The bridge between the home circle and the badge, built in the frame of the two circles.

import Foundation

/// The filled region joining the home circle (centre c1, radius r1) to the badge (c2, r2).
///
/// Every style is symmetric about the line of centres, so the bridge is kept in the local frame
/// s (along the axis u = (c2 − c1)/d, from c1) and w (across it, along n = (−u.y, u.x)):
/// the region is { (s, w) : |w| ≤ f(s) }, where f is the upper side, a chain of at most two cubic
/// segments from a point of the home circle to a point of the badge. Each construction keeps
/// the side a function of s (s never decreases along it) with w ≥ 0, so the region is simple and
/// can be cut into strips; the ends of the region are chords inside the circles.
public struct Bridge: Hashable, Sendable {
    /// Home centre c1: the origin of the local frame.
    public private(set) var origin: Vec2
    /// Unit vector from c1 toward c2.
    public private(set) var axis: Vec2
    /// Distance between the centres, d.
    public private(set) var length: Double
    /// The upper side (w ≥ 0), from the home circle to the badge, in local (s, w) coordinates.
    public private(set) var side: (CubicBezier, CubicBezier?)

    public static func == (a: Bridge, b: Bridge) -> Bool {
        a.origin == b.origin && a.axis == b.axis && a.length == b.length && a.side.0 == b.side.0
            && a.side.1 == b.side.1
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(axis)
        hasher.combine(side.0)
        hasher.combine(side.1)
    }

    /// The scene point of local coordinates (s, w).
    @inlinable public func world(_ local: Vec2) -> Vec2 {
        Vec2(origin.x + axis.x * local.x - axis.y * local.y, origin.y + axis.y * local.x + axis.x * local.y)
    }

    /// The two sides in scene coordinates, each from the home circle to the badge: the side
    /// through the home circle's point at +w and its mirror image. Exact: the local segments'
    /// control points mapped through the bridge's frame (a rotation and a shift). Filled between
    /// them (closed by the chords inside the circles), they are the bridge region.
    public var sides: (upper: [CubicBezier], lower: [CubicBezier]) {
        let local = [side.0] + (side.1.map { [$0] } ?? [])
        func mapped(_ c: CubicBezier, mirrored: Bool) -> CubicBezier {
            func map(_ p: Vec2) -> Vec2 { world(mirrored ? Vec2(p.x, -p.y) : p) }
            return CubicBezier(map(c.p0), map(c.p1), map(c.p2), map(c.p3))
        }
        return (local.map { mapped($0, mirrored: false) }, local.map { mapped($0, mirrored: true) })
    }

    /// The bridge region's outline, once round: the upper side from the home circle to the
    /// badge, then the lower side back from the badge (its segments in reverse order, each
    /// `reversed`). Each segment starts where the last ended but at the two chords inside the
    /// circles (the upper side's end to the lower's, inside the badge; the lower's start back
    /// to the upper's, inside the home circle), which a path draws as a line to the next
    /// segment's start and a close: move to `outline[0].p0`, then for each segment a line to
    /// its `p0` (nothing where it is already there) and a cubic to `p3` through `p1`, `p2`.
    public var outline: [CubicBezier] {
        let (upper, lower) = sides
        return upper + lower.reversed().map(\.reversed)
    }

    /// Exact area of the region, 2 ∫ w ds along the upper side (square logical pixels).
    public var area: Double {
        2 * (side.0.integralYdX() + (side.1?.integralYdX() ?? 0))
    }

    /// Coordinates and radii of at most this size (logical pixels) make a bridge: the squares
    /// and areas of larger ones would not stay finite.
    public static let largestCoordinate = 1e15

    /// The bridge of `style` between the two circles, or `nil` where there is none:
    /// coincident centres, one circle inside the other (d ≤ |r1 − r2|), or input that is
    /// non-finite or larger than `largestCoordinate`.
    ///
    /// - Parameters:
    ///   - maxDistance: the break distance; the `cubic` style narrows its neck toward it.
    public init?(
        home c1: Vec2, homeRadius r1: Double, badge c2: Vec2, badgeRadius r2: Double,
        parameters: BridgeParameters, maxDistance: Double
    ) {
        let limit = Bridge.largestCoordinate
        guard c1.isFinite, c2.isFinite, r1 >= 0, r2 >= 0, r1 <= limit, r2 <= limit,
            max(abs(c1.x), abs(c1.y), abs(c2.x), abs(c2.y)) <= limit
        else { return nil }
        let delta = c2 - c1
        let d = delta.length
        guard d > 0, d.isFinite, d > abs(r1 - r2), r1 + r2 > 0 else { return nil }
        origin = c1
        axis = delta / d
        length = d
        switch parameters.style {
        case .quad:
            // Local form of the seeds' D→A curve reversed: A = (0, r1), O = (d/2, r1), D = (d, r2).
            side = (.quadratic(Vec2(0, r1), control: Vec2(d / 2, r1), Vec2(d, r2)), nil)
        case .cubic:
            side = Bridge.cubicSide(d: d, r1: r1, r2: r2, parameters: parameters, maxDistance: maxDistance)
        case .tangent:
            side = (Bridge.tangentSide(d: d, r1: r1, r2: r2, parameters: parameters), nil)
        }
    }

    /// Seed 002, as we read it: a temporary point T starts half way along the straight side
    /// (between (0, r1) and (d, r2)) and moves toward the axis as the distance grows,
    /// w_T = ½(r1 + r2)·(1 − neck·min(1, d/maxDistance)); each half of the side is a quadratic
    /// whose control point lies half way along the axis between its ends, at T's height, so the
    /// two halves meet at T with a common (axis-parallel) tangent.
    static func cubicSide(
        d: Double, r1: Double, r2: Double, parameters: BridgeParameters, maxDistance: Double
    ) -> (CubicBezier, CubicBezier?) {
        let pull = maxDistance > 0 ? min(1, d / maxDistance) : 1
        let neck = min(max(parameters.neck, 0), 1)
        let waist = 0.5 * (r1 + r2) * (1 - neck * pull)
        let t = Vec2(d / 2, waist)
        return (
            .quadratic(Vec2(0, r1), control: Vec2(d / 4, waist), t),
            .quadratic(t, control: Vec2(3 * d / 4, waist), Vec2(d, r2))
        )
    }

    /// paper.js's connector. With overlap angles u1, u2 (0 when the circles are apart) and the
    /// largest spread φmax = acos((r1 − r2)/d), the tangent points sit at angle
    /// φ1 = u1 + (φmax − u1)·v from the axis on the home circle and φ2 = u2 + (π − u2 − φmax)·v
    /// from the reversed axis on the badge; handles are tangent to the circles, of length
    /// r·min(v·rate, |p1p2|/(r1 + r2))·min(1, 2d/(r1 + r2)). We then shorten both handles by one
    /// factor where needed so that they never cross (s stays monotone) nor dip below the axis.
    static func tangentSide(d: Double, r1: Double, r2: Double, parameters: BridgeParameters) -> CubicBezier {
        let v = min(max(parameters.spread, 0), 1)
        var u1 = 0.0, u2 = 0.0
        if d < r1 + r2, r1 > 0, r2 > 0 {
            u1 = acos(clampUnit((r1 * r1 + d * d - r2 * r2) / (2 * r1 * d)))
            u2 = acos(clampUnit((r2 * r2 + d * d - r1 * r1) / (2 * r2 * d)))
        }
        let maxSpread = acos(clampUnit((r1 - r2) / d))
        let phi1 = u1 + (maxSpread - u1) * v
        let phi2 = u2 + (Double.pi - u2 - maxSpread) * v
        let (sin1, cos1) = (sin(phi1), cos(phi1))
        let (sin2, cos2) = (sin(phi2), cos(phi2))
        let p1 = Vec2(r1 * cos1, r1 * sin1)
        let p2 = Vec2(d - r2 * cos2, r2 * sin2)
        let rate = min(v * max(parameters.handleRate, 0), p1.distance(to: p2) / (r1 + r2)) * min(1, 2 * d / (r1 + r2))
        let length1 = r1 * rate, length2 = r2 * rate
        // Tangent directions: (sin φ1, −cos φ1) at p1, (−sin φ2, −cos φ2) at p2.
        var k = 1.0
        let forward = length1 * sin1 + length2 * sin2
        if forward > 0 { k = min(k, max(0, p2.x - p1.x) / forward) }
        if length1 * cos1 > 0 { k = min(k, p1.y / (length1 * cos1)) }
        if length2 * cos2 > 0 { k = min(k, p2.y / (length2 * cos2)) }
        let h1 = p1 + Vec2(sin1, -cos1) * (k * length1)
        let h2 = p2 + Vec2(-sin2, -cos2) * (k * length2)
        return CubicBezier(p1, h1, h2, p2)
    }
}

@inlinable func clampUnit(_ x: Double) -> Double { min(1, max(-1, x)) }
