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

    /// The same curve run the other way, from p3 to p0: `reversed.point(at: t)` is
    /// `point(at: 1 − t)`.
    @inlinable public var reversed: CubicBezier { CubicBezier(p3, p2, p1, p0) }

    /// B′(t).
    @inlinable public func derivative(at t: Double) -> Vec2 {
        let u = 1 - t
        return 3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
    }

    /// Number of equal parameter steps after which the polyline through B(i/n) stays within
    /// `tolerance` of the curve (Wang's formula): a chord over a parameter step h deviates at most
    /// h²/8 · max|B″|, and |B″| ≤ 6 · max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|). At most `limit`
    /// (at least 1): a tolerance no step count meets (zero, negative or NaN) gets `limit`, a
    /// straight segment (or one with a non-finite point) 1.
    @inlinable public func flatteningSteps(tolerance: Double, limit: Int) -> Int {
        let m = max((p0 - 2 * p1 + p2).length, (p1 - 2 * p2 + p3).length)
        let most = max(limit, 1)
        guard m > 0, m.isFinite else { return 1 }
        guard tolerance > 0 else { return most }
        let n = (0.75 * m / tolerance).squareRoot().rounded(.up)
        guard n >= 1 else { return 1 }
        return n >= Double(most) ? most : Int(n)
    }

    /// Calls `body` with the flattened polyline's points after p0: B(i/n) for i = 1…n, with
    /// n = `flatteningSteps(tolerance:limit:)`, the last one exactly p3.
    @inlinable public func forEachFlattenedPoint(tolerance: Double, limit: Int, _ body: (Vec2) -> Void) {
        let n = flatteningSteps(tolerance: tolerance, limit: limit)
        let step = 1.0 / Double(n)
        for i in 1..<n { body(point(at: Double(i) * step)) }
        body(p3)
    }

    /// The flattened polyline, p0 first (for tests and tools; the mesh builder streams points).
    public func flattened(tolerance: Double, limit: Int = 1024) -> [Vec2] {
        var points = [p0]
        forEachFlattenedPoint(tolerance: tolerance, limit: limit) { points.append($0) }
        return points
    }

    /// ∫ y dx along the segment (exact: the integrand is a polynomial of degree 5, which
    /// three-point Gauss–Legendre quadrature integrates exactly).
    @inlinable public func integralYdX() -> Double {
        integralYdX(from: 0, to: 1)
    }

    /// ∫ y dx over the parameter interval [t0, t1] (exact, as above).
    @inlinable public func integralYdX(from t0: Double, to t1: Double) -> Double {
        let h = t1 - t0, mid = 0.5 * (t0 + t1), offset = 0.5 * h * Double._sqrtPoint6
        func f(_ t: Double) -> Double { point(at: t).y * derivative(at: t).x }
        return h * (5.0 / 18.0 * f(mid - offset) + 8.0 / 18.0 * f(mid) + 5.0 / 18.0 * f(mid + offset))
    }
}

/// A cubic in power form, for cheap repeated evaluation: B(t) = ((a t + b) t + c) t + d, and the
/// antiderivative F(t) = ∫₀ᵗ y dx, a polynomial of degree 6, so that ∫ y dx over any parameter
/// interval costs two Horner evaluations.
public struct CubicPolynomial: Sendable {
    public let a, b, c, d: Vec2
    /// Coefficients of F, lowest degree first (F(0) = 0).
    public let area: (Double, Double, Double, Double, Double, Double, Double)

    public init(_ curve: CubicBezier) {
        let p0 = curve.p0, p1 = curve.p1, p2 = curve.p2, p3 = curve.p3
        a = p3 - p0 + 3 * (p1 - p2)
        b = 3 * (p0 - 2 * p1 + p2)
        c = 3 * (p1 - p0)
        d = p0
        // y(t) = ay t³ + by t² + cy t + dy;  x′(t) = 3ax t² + 2bx t + cx.
        let y = (d.y, c.y, b.y, a.y)
        let dx = (c.x, 2 * b.x, 3 * a.x)
        let k0 = y.0 * dx.0
        let k1 = y.0 * dx.1 + y.1 * dx.0
        let k2 = y.0 * dx.2 + y.1 * dx.1 + y.2 * dx.0
        let k3 = y.1 * dx.2 + y.2 * dx.1 + y.3 * dx.0
        let k4 = y.2 * dx.2 + y.3 * dx.1
        let k5 = y.3 * dx.2
        area = (0, k0, k1 / 2, k2 / 3, k3 / 4, k4 / 5, k5 / 6)
    }

    @inlinable public func point(at t: Double) -> Vec2 {
        Vec2(((a.x * t + b.x) * t + c.x) * t + d.x, ((a.y * t + b.y) * t + c.y) * t + d.y)
    }

    /// ∫₀ᵗ y dx.
    @inlinable public func integralYdX(to t: Double) -> Double {
        let k = area
        return ((((((k.6 * t + k.5) * t + k.4) * t + k.3) * t + k.2) * t + k.1) * t + k.0)
    }
}

extension Double {
    /// √0.6, the Gauss–Legendre node offset.
    @usableFromInline static let _sqrtPoint6 = 0.6.squareRoot()
}
