// Independent references for the tests: the seeds' and paper.js's bridge constructions, the
// metaball kernels' closed forms and the spring's closed form, each written here from its formula
// (DESIGN.md's summary of the seeds, paper.js's MetaBalls example, the kernels' definitions).
// Nothing here imports or calls Sources/: a test that compares the code with these values can
// fail when the code breaks, because the expected value does not come from the code under test.

import Foundation

/// A point or vector, scene units.
public struct RPoint: Equatable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static func + (a: RPoint, b: RPoint) -> RPoint { RPoint(a.x + b.x, a.y + b.y) }
    public static func - (a: RPoint, b: RPoint) -> RPoint { RPoint(a.x - b.x, a.y - b.y) }
    public static func * (a: RPoint, k: Double) -> RPoint { RPoint(a.x * k, a.y * k) }
    public func dot(_ b: RPoint) -> Double { x * b.x + y * b.y }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to b: RPoint) -> Double { (self - b).length }
    /// Point on the quadratic a → b with control c at t.
    static func quadratic(_ a: RPoint, _ c: RPoint, _ b: RPoint, _ t: Double) -> RPoint {
        a * ((1 - t) * (1 - t)) + c * (2 * t * (1 - t)) + b * (t * t)
    }
    static func cubic(_ a: RPoint, _ b: RPoint, _ c: RPoint, _ d: RPoint, _ t: Double) -> RPoint {
        let s = 1 - t
        return a * (s * s * s) + b * (3 * s * s * t) + c * (3 * s * t * t) + d * (t * t * t)
    }
}

/// The bridge constructions, as the seeds and paper.js state them.
public enum ReferenceStyle: Sendable {
    /// Seeds 000/001: A…D and the controls O, P.
    case quad
    /// Seed 002: a temporary point T half way along the straight side, pulled toward the axis by
    /// `neck`·min(1, d/maxDistance); each half a quadratic with its control at T's height, half
    /// way along the axis between its ends.
    case cubic(neck: Double, maxDistance: Double)
    /// paper.js's MetaBalls connector (spread v, handle rate), with sticky's one promise on top:
    /// both handles shortened by one factor where they would cross or dip below the axis.
    case tangent(spread: Double, handleRate: Double)
}

/// One held badge as the seeds draw it: home circle (c1, r1), badge (c2, r2), the bridge.
public struct ReferenceShape: Sendable {
    public var c1: RPoint, r1: Double, c2: RPoint, r2: Double
    public var attached: Bool
    public var style: ReferenceStyle

    /// The seeds' home radius: r = max(0, R − d/shrink); the break: attached while d ≤ maxDistance.
    public init(home: RPoint, badge: RPoint, radius: Double, shrink: Double = 10, maxDistance: Double = 60,
                style: ReferenceStyle) {
        c1 = home
        c2 = badge
        r2 = radius
        let d = home.distance(to: badge)
        attached = d <= maxDistance
        r1 = attached ? max(0, radius - d / shrink) : 0
        self.style = style
    }

    /// Whether p lies in home circle ∪ badge ∪ bridge.
    public func contains(_ p: RPoint) -> Bool {
        if p.distance(to: c2) <= r2 { return true }
        guard attached else { return false }
        if r1 > 0, p.distance(to: c1) <= r1 { return true }
        return inBridge(p)
    }

    var d: Double { c1.distance(to: c2) }

    /// The seeds' angle terms: cosθ = (y2 − y1)/d, sinθ = (x2 − x1)/d.
    var seedAngle: (cos: Double, sin: Double) { ((c2.y - c1.y) / d, (c2.x - c1.x) / d) }

    func inBridge(_ p: RPoint) -> Bool {
        let d = self.d
        guard d > 0, d > abs(r1 - r2) else { return false }
        let (cosT, sinT) = seedAngle
        let along = RPoint(sinT, cosT)  // (x2 − x1, y2 − y1)/d
        let s = (p - c1).dot(along)
        guard s >= 0, s <= d else { return false }
        switch style {
        case .quad:
            let a = RPoint(c1.x - r1 * cosT, c1.y + r1 * sinT), b = RPoint(c1.x + r1 * cosT, c1.y - r1 * sinT)
            let c = RPoint(c2.x + r2 * cosT, c2.y - r2 * sinT), dd = RPoint(c2.x - r2 * cosT, c2.y + r2 * sinT)
            let o = a + RPoint(sinT, cosT) * (d / 2), pp = b + RPoint(sinT, cosT) * (d / 2)
            // Each control sits half way along the axis, so s is linear in t along both sides.
            let t = s / d
            let upper = RPoint.quadratic(a, o, dd, t), lower = RPoint.quadratic(b, pp, c, t)
            return (upper - p).dot(lower - p) <= 0
        case .cubic(let neck, let maxDistance):
            let a = RPoint(c1.x - r1 * cosT, c1.y + r1 * sinT), b = RPoint(c1.x + r1 * cosT, c1.y - r1 * sinT)
            let c = RPoint(c2.x + r2 * cosT, c2.y - r2 * sinT), dd = RPoint(c2.x - r2 * cosT, c2.y + r2 * sinT)
            let middle = (c1 + c2) * 0.5
            let pull = 1 - min(max(neck, 0), 1) * min(1, d / maxDistance)
            // T: the straight side's midpoint, moved toward the axis's midpoint.
            let tUpper = middle + ((a + dd) * 0.5 - middle) * pull
            let tLower = middle + ((b + c) * 0.5 - middle) * pull
            let quarter = along * (d / 4)
            let (upper, lower): (RPoint, RPoint)
            if s <= d / 2 {
                let t = s / (d / 2)
                upper = RPoint.quadratic(a, tUpper - quarter, tUpper, t)
                lower = RPoint.quadratic(b, tLower - quarter, tLower, t)
            } else {
                let t = (s - d / 2) / (d / 2)
                upper = RPoint.quadratic(tUpper, tUpper + quarter, dd, t)
                lower = RPoint.quadratic(tLower, tLower + quarter, c, t)
            }
            return (upper - p).dot(lower - p) <= 0
        case .tangent:
            guard let side = tangentSide() else { return false }
            // Symmetric about the axis: compare |w| with the side's height at s (bisection on t;
            // the side keeps s monotone, which `tangentSide` checks).
            let normal = RPoint(-along.y, along.x)
            let w = abs((p - c1).dot(normal))
            func local(_ q: RPoint) -> RPoint { RPoint((q - c1).dot(along), (q - c1).dot(normal)) }
            let (p0, p1, p2, p3) = (local(side.0), local(side.1), local(side.2), local(side.3))
            guard s >= p0.x, s <= p3.x else { return false }
            var lo = 0.0, hi = 1.0
            for _ in 0..<50 {
                let mid = 0.5 * (lo + hi)
                if RPoint.cubic(p0, p1, p2, p3, mid).x < s { lo = mid } else { hi = mid }
            }
            return w <= abs(RPoint.cubic(p0, p1, p2, p3, lo).y)
        }
    }

    /// The bridge's two sides as functions of t in 0…1 (upper: the side through A, lower: through
    /// B), from the home circle to the badge; nil where there is no bridge.
    public func sides() -> (upper: (Double) -> RPoint, lower: (Double) -> RPoint)? {
        let d = self.d
        guard attached, d > 0, d > abs(r1 - r2) else { return nil }
        let (cosT, sinT) = seedAngle
        let along = RPoint(sinT, cosT)
        let a = RPoint(c1.x - r1 * cosT, c1.y + r1 * sinT), b = RPoint(c1.x + r1 * cosT, c1.y - r1 * sinT)
        let c = RPoint(c2.x + r2 * cosT, c2.y - r2 * sinT), dd = RPoint(c2.x - r2 * cosT, c2.y + r2 * sinT)
        switch style {
        case .quad:
            let o = a + along * (d / 2), pp = b + along * (d / 2)
            return ({ RPoint.quadratic(a, o, dd, $0) }, { RPoint.quadratic(b, pp, c, $0) })
        case .cubic(let neck, let maxDistance):
            let middle = (c1 + c2) * 0.5
            let pull = 1 - min(max(neck, 0), 1) * min(1, d / maxDistance)
            let tUpper = middle + ((a + dd) * 0.5 - middle) * pull
            let tLower = middle + ((b + c) * 0.5 - middle) * pull
            let quarter = along * (d / 4)
            func half(_ start: RPoint, _ waist: RPoint, _ end: RPoint) -> (Double) -> RPoint {
                { t in
                    t <= 0.5 ? RPoint.quadratic(start, waist - quarter, waist, 2 * t) : RPoint.quadratic(waist, waist + quarter, end, 2 * t - 1)
                }
            }
            return (half(a, tUpper, dd), half(b, tLower, c))
        case .tangent:
            guard let side = tangentSide() else { return nil }
            let normal = RPoint(-along.y, along.x)
            func mirror(_ q: RPoint) -> RPoint {
                let local = q - c1
                return c1 + along * local.dot(along) - normal * local.dot(normal)
            }
            let lower = (mirror(side.0), mirror(side.1), mirror(side.2), mirror(side.3))
            return ({ RPoint.cubic(side.0, side.1, side.2, side.3, $0) }, { RPoint.cubic(lower.0, lower.1, lower.2, lower.3, $0) })
        }
    }

    /// The bridge region's area (the region between the two sides, closed by the chords inside
    /// the circles), from n points a side (the shoelace formula; error O(1/n²)).
    public func bridgeArea(samples n: Int = 4000) -> Double {
        guard let (upper, lower) = sides() else { return 0 }
        var polygon: [RPoint] = []
        for i in 0...n { polygon.append(upper(Double(i) / Double(n))) }
        for i in (0...n).reversed() { polygon.append(lower(Double(i) / Double(n))) }
        var twice = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            twice += p.x * q.y - q.x * p.y
        }
        return abs(twice) / 2
    }

    /// paper.js's connector (`metaball(ball1, ball2, v, handle_len_rate, …)`): the side from p1a
    /// on the home circle to p2a on the badge, with its two handles, scene coordinates.
    public func tangentSide() -> (RPoint, RPoint, RPoint, RPoint)? {
        guard case .tangent(let v0, let rate) = style else { return nil }
        let v = min(max(v0, 0), 1)
        let d = self.d
        guard d > abs(r1 - r2), d > 0 else { return nil }
        var u1 = 0.0, u2 = 0.0
        if d < r1 + r2, r1 > 0 {
            u1 = acos(max(-1, min(1, (r1 * r1 + d * d - r2 * r2) / (2 * r1 * d))))
            u2 = acos(max(-1, min(1, (r2 * r2 + d * d - r1 * r1) / (2 * r2 * d))))
        }
        let angle1 = atan2(c2.y - c1.y, c2.x - c1.x)
        let angle2 = acos(max(-1, min(1, (r1 - r2) / d)))
        let angle1a = angle1 + u1 + (angle2 - u1) * v
        let angle2a = angle1 + Double.pi - u2 - (Double.pi - u2 - angle2) * v
        func vector(_ angle: Double, _ length: Double) -> RPoint { RPoint(cos(angle) * length, sin(angle) * length) }
        let p1a = c1 + vector(angle1a, r1), p2a = c2 + vector(angle2a, r2)
        var d2 = min(v * max(rate, 0), p1a.distance(to: p2a) / (r1 + r2))
        d2 *= min(1, d * 2 / (r1 + r2))
        var h1 = vector(angle1a - Double.pi / 2, r1 * d2), h2 = vector(angle2a + Double.pi / 2, r2 * d2)
        // sticky's promise: one factor k ≤ 1 on both handles so that the side's progress along the
        // axis never reverses (handles' along-axis reach within p2a − p1a) and no handle end
        // crosses the axis.
        let along = (c2 - c1) * (1 / d), normal = RPoint(-along.y, along.x)
        let sign = (p1a - c1).dot(normal) >= 0 ? 1.0 : -1.0
        var k = 1.0
        let forward = h1.dot(along) - h2.dot(along)
        if forward > 0 { k = min(k, max(0, (p2a - p1a).dot(along)) / forward) }
        let drop1 = -sign * h1.dot(normal), drop2 = -sign * h2.dot(normal)
        if drop1 > 0 { k = min(k, sign * (p1a - c1).dot(normal) / drop1) }
        if drop2 > 0 { k = min(k, sign * (p2a - c1).dot(normal) / drop2) }
        h1 = h1 * k
        h2 = h2 * k
        return (p1a, p1a + h1, p2a + h2, p2a)
    }

    /// Coverage of each pixel of a width × height picture at `scale` device pixels per unit, by
    /// n × n samples, over the pixels near the shapes.
    public func coverage(width: Int, height: Int, scale: Double, samples n: Int = 8) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let reach = r2 + 2
        let lo = RPoint(min(c1.x, c2.x) - reach, min(c1.y, c2.y) - reach) * scale
        let hi = RPoint(max(c1.x, c2.x) + reach, max(c1.y, c2.y) + reach) * scale
        for y in max(0, Int(lo.y))..<max(0, min(height, Int(hi.y) + 1)) {
            for x in max(0, Int(lo.x))..<max(0, min(width, Int(hi.x) + 1)) {
                var hits = 0
                for j in 0..<n {
                    for i in 0..<n {
                        let p = RPoint((Double(x) + (Double(i) + 0.5) / Double(n)) / scale,
                                       (Double(y) + (Double(j) + 0.5) / Double(n)) / scale)
                        if contains(p) { hits += 1 }
                    }
                }
                out[y * width + x] = Double(hits) / Double(n * n)
            }
        }
        return out
    }
}

/// The metaball kernels by their definitions (DESIGN.md): whether a point is inside, and the
/// centre distance at which two equal balls join (their midpoint reaches the iso value).
public enum ReferenceKernel: Sendable {
    /// Σ r²/ρ² ≥ 1.
    case inverseSquare
    /// Σ (1 − ρ²/s²)³ ≥ T with support s = r/√(1 − T^⅓) (a lone ball's contour is its radius).
    case wyvill(threshold: Double)
    /// Inigo Quilez's polynomial smooth minimum of the circles' distances, blend k: ≤ 0.
    case smoothMin(blend: Double)

    public func inside(_ p: RPoint, balls: [(center: RPoint, radius: Double)]) -> Bool {
        switch self {
        case .inverseSquare:
            return balls.reduce(0) { $0 + $1.radius * $1.radius / max(1e-300, (p - $1.center).dot(p - $1.center)) } >= 1
        case .wyvill(let t):
            var sum = 0.0
            for ball in balls where ball.radius > 0 {
                let support2 = ball.radius * ball.radius / (1 - pow(t, 1.0 / 3))
                let q = (p - ball.center).dot(p - ball.center) / support2
                if q < 1 { sum += (1 - q) * (1 - q) * (1 - q) }
            }
            return sum >= t
        case .smoothMin(let k):
            var m = Double.infinity
            for ball in balls where ball.radius > 0 {
                let b = p.distance(to: ball.center) - ball.radius
                if m == .infinity { m = b; continue }
                let h = max(k - abs(m - b), 0) / k
                m = min(m, b) - h * h * k / 4
            }
            return m <= 0
        }
    }

    /// The contour's least distance from `center` (inside, at least `least` from any point
    /// outside), and the direction of it: over 720 rays, each stepped out by 0.5 until
    /// outside, then bisected to 1e-6.
    public func nearestContour(from center: RPoint, least: Double, balls: [(center: RPoint, radius: Double)])
        -> (distance: Double, direction: RPoint) {
        var nearest = (distance: Double.infinity, direction: RPoint(1, 0))
        for k in 0..<720 {
            let angle = Double(k) * Double.pi / 360
            let u = RPoint(cos(angle), sin(angle))
            var low = least, high = least
            while inside(center + u * high, balls: balls) && high < 10 * least { (low, high) = (high, high + 0.5) }
            while high - low > 1e-6 {
                let mid = (low + high) / 2
                if inside(center + u * mid, balls: balls) { low = mid } else { high = mid }
            }
            if low < nearest.distance { nearest = (low, u) }
        }
        return nearest
    }

    /// Two balls of radius r join when their centres are closer than this: the midpoint (ρ = D/2
    /// from both) is on the contour. Inverse square: 2r²/(D/2)² = 1. Wyvill: 2(1 − (D/2)²/s²)³ = T.
    /// Smooth minimum: equal distances b = D/2 − r, smin = b − k/4 = 0.
    public func joiningDistance(radius r: Double) -> Double {
        switch self {
        case .inverseSquare: return 2 * (2 * r * r).squareRoot()
        case .wyvill(let t):
            let s = r / (1 - pow(t, 1.0 / 3)).squareRoot()
            return 2 * s * (1 - pow(t / 2, 1.0 / 3)).squareRoot()
        case .smoothMin(let k): return 2 * (r + k / 4)
        }
    }
}

/// A damped spring as UIKit defines its spring animation: x(0) = 1, x′(0) = 0, damping ratio ζ,
/// and (sticky's promise) ω chosen so that the envelope is 0.1% of the release offset at T.
public struct ReferenceSpring: Sendable {
    public let zeta: Double, duration: Double, omega: Double

    public init(damping zeta: Double, duration: Double) {
        self.zeta = zeta
        self.duration = duration
        // Envelope at T = 0.001, solved in closed form where it has one (ζ < 1: e^(−ζωT)/√(1 − ζ²));
        // otherwise by bisection on the envelope's own formula.
        let target = 0.001
        if zeta < 1 {
            omega = -log(target * (1 - zeta * zeta).squareRoot()) / (zeta * duration)
        } else {
            func envelope(_ w: Double) -> Double {
                if zeta == 1 { return exp(-w * duration) * (1 + w * duration) }
                let root = (zeta * zeta - 1).squareRoot()
                let slow = w * (zeta - root), fast = w * (zeta + root)
                return (fast * exp(-slow * duration) - slow * exp(-fast * duration)) / (fast - slow)
            }
            var lo = 1e-6, hi = 1e6
            for _ in 0..<200 {
                let mid = (lo * hi).squareRoot()
                if envelope(mid) > target { lo = mid } else { hi = mid }
            }
            omega = hi
        }
    }

    /// The fraction of the offset left at t; 0 from T on.
    public func offset(at t: Double) -> Double {
        if t <= 0 { return 1 }
        if t >= duration { return 0 }
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
        }
        if zeta == 1 { return exp(-omega * t) * (1 + omega * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
    }
}

/// FNV-1a, 64 bits: a stable hash of bytes for pinned outputs (Swift's `Hasher` is seeded per run).
public func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}
