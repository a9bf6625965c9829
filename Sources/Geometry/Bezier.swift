// Quadratic and cubic Bézier segments, their exact areas and adaptive flattening bounds.

/// A cubic Bézier segment p0 → p3 with handles p1, p2. Quadratics are stored degree-elevated,
/// which is exact: Q(a, c, b) = C(a, a + ⅔(c − a), b + ⅔(c − b), b).
public struct CubicBezier: Hashable, Sendable {
    public var p0, p1, p2, p3: Vec2

    @inlinable public init(_ p0: Vec2, _ p1: Vec2, _ p2: Vec2, _ p3: Vec2) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The quadratic from `start` to `end` with control point `control`, as a cubic.
    @inlinable public static func quadratic(_ start: Vec2, control: Vec2, _ end: Vec2) -> CubicBezier {
        CubicBezier(start, start.mix(control, 2.0 / 3.0), end.mix(control, 2.0 / 3.0), end)
    }

    /// The straight segment from `start` to `end`, as a cubic.
    @inlinable public static func line(_ start: Vec2, _ end: Vec2) -> CubicBezier {
        CubicBezier(start, start.mix(end, 1.0 / 3.0), start.mix(end, 2.0 / 3.0), end)
    }

    /// B(t) = (1−t)³p0 + 3(1−t)²t p1 + 3(1−t)t² p2 + t³p3.
    @inlinable public func point(at t: Double) -> Vec2 {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Vec2(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// B′(t).
    @inlinable public func derivative(at t: Double) -> Vec2 {
        let u = 1 - t
        return 3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
    }

    /// Number of equal parameter steps after which the polyline through B(i/n) stays within
    /// `tolerance` of the curve (Wang's formula): a chord over a parameter step h deviates at most
    /// h²/8 · max|B″|, and |B″| ≤ 6 · max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|).
    @inlinable public func flatteningSteps(tolerance: Double, limit: Int) -> Int {
        let m = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
        let n = (0.75 * m / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n >= 1 else { return 1 }
        return n >= Double(limit) ? limit : Int(n)
    }

    /// ∫ y dx along the segment (exact: the integrand is a polynomial of degree 5, which
    /// three-point Gauss–Legendre quadrature integrates exactly).
    @inlinable public func integralYdX() -> Double {
        let nodes = (0.5 - 0.5 * Double._sqrtPoint6, 0.5, 0.5 + 0.5 * Double._sqrtPoint6)
        let weights = (5.0 / 18.0, 8.0 / 18.0, 5.0 / 18.0)
        var sum = 0.0
        sum += weights.0 * point(at: nodes.0).y * derivative(at: nodes.0).x
        sum += weights.1 * point(at: nodes.1).y * derivative(at: nodes.1).x
        sum += weights.2 * point(at: nodes.2).y * derivative(at: nodes.2).x
        return sum
    }
}

extension Double {
    /// √0.6, the Gauss–Legendre node offset.
    @usableFromInline static let _sqrtPoint6 = 0.6.squareRoot()
}
