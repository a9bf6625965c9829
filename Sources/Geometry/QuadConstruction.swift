// The seeds' construction of the bridge (000/001), point for point.

/// Points A, B, C, D, O, P of seeds 000/001 for a home circle (x1, y1, r1) and badge (x2, y2, r2):
///
///     cosθ = (y2 − y1)/d,  sinθ = (x2 − x1)/d
///     A = (x1 − r1·cosθ, y1 + r1·sinθ)    B = (x1 + r1·cosθ, y1 − r1·sinθ)
///     C = (x2 + r2·cosθ, y2 − r2·sinθ)    D = (x2 − r2·cosθ, y2 + r2·sinθ)
///     O = A + (d/2)·(sinθ, cosθ)          P = B + (d/2)·(sinθ, cosθ)
///
/// The path is A→B line, B→C quadratic (control P), C→D line, D→A quadratic (control O).
public struct QuadConstruction: Hashable, Sendable {
    public var a, b, c, d, o, p: Vec2

    /// `nil` when the centres coincide (d = 0): the seeds draw no bridge then.
    public init?(home: Vec2, homeRadius r1: Double, badge: Vec2, badgeRadius r2: Double) {
        let x1 = home.x, y1 = home.y, x2 = badge.x, y2 = badge.y
        let distance = home.distance(to: badge)
        guard distance > 0, distance.isFinite else { return nil }
        let cosθ = (y2 - y1) / distance
        let sinθ = (x2 - x1) / distance
        a = Vec2(x1 - r1 * cosθ, y1 + r1 * sinθ)
        b = Vec2(x1 + r1 * cosθ, y1 - r1 * sinθ)
        c = Vec2(x2 + r2 * cosθ, y2 - r2 * sinθ)
        d = Vec2(x2 - r2 * cosθ, y2 + r2 * sinθ)
        o = Vec2(a.x + distance * 0.5 * sinθ, a.y + distance * 0.5 * cosθ)
        p = Vec2(b.x + distance * 0.5 * sinθ, b.y + distance * 0.5 * cosθ)
    }
}
