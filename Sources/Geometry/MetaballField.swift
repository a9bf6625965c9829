// The metaball field over circles: its kernels, evaluated on the CPU exactly as the shader does,
// and the boxes outside which it cannot reach its iso-contour.

import Foundation

/// How the balls' contributions combine.
public enum MetaballKernel: String, CaseIterable, Hashable, Sendable {
    /// Σ r²/|p − c|², iso 1: a lone ball's contour is its radius; infinite support.
    case inverseSquare
    /// Σ (1 − |p − c|²/s²)³ (Wyvill), iso T = `threshold`, support s = r/√(1 − T^⅓) so that a
    /// lone ball's contour is its radius.
    case wyvill
    /// Inigo Quilez's polynomial smooth minimum of the circles' signed distances, width `blend`.
    case smoothMin

    /// The index the shader's `u_kernel` uses.
    public var shaderIndex: Int32 {
        switch self {
        case .inverseSquare: 0
        case .wyvill: 1
        case .smoothMin: 2
        }
    }
}

/// A ball of the field: a circle.
public struct Ball: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    public init(center: Vec2, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Whether the ball takes part in the field's regions: a radius whose square is a positive
    /// normal number (a smaller one weighs nothing: its field would be 0/0 at the centre), and a
    /// finite centre and radius small enough that their squares stay finite (as for a `Bridge`).
    public var isDrawable: Bool {
        let limit = Bridge.largestCoordinate
        return radius > 0 && radius * radius >= .leastNormalMagnitude && radius <= limit && center.isFinite
            && max(abs(center.x), abs(center.y)) <= limit
    }
}

/// An axis-aligned box, scene units.
public struct Box: Hashable, Sendable {
    public var minX, minY, maxX, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
    public func overlaps(_ b: Box) -> Bool { minX < b.maxX && b.minX < maxX && minY < b.maxY && b.minY < maxY }
    public func union(_ b: Box) -> Box {
        Box(minX: min(minX, b.minX), minY: min(minY, b.minY), maxX: max(maxX, b.maxX), maxY: max(maxY, b.maxY))
    }
}

/// The field's kernel and constants, with defaults.
public struct MetaballParameters: Hashable, Sendable {
    public var kernel: MetaballKernel
    /// Wyvill iso value T, 0…1 exclusive (0.5).
    public var threshold: Double
    /// Smooth-minimum width k, scene units (12).
    public var blend: Double

    public init(kernel: MetaballKernel = .inverseSquare, threshold: Double = 0.5, blend: Double = 12) {
        self.kernel = kernel
        self.threshold = threshold
        self.blend = blend
    }

    /// Wyvill support over radius: 1/√(1 − T^⅓).
    public var wyvillSupport: Double { 1 / (1 - pow(threshold, 1.0 / 3)).squareRoot() }
}

/// The field of a set of balls, or of several sets that do not act on each other.
public struct MetaballField: Sendable {
    public var balls: [Ball]
    public var parameters: MetaballParameters
    /// Where each separate field's balls end, in order (`balls[previous end..<end]`; the last is
    /// `balls.count`): fields that do not add up, shown as the union of their contours (a badge
    /// with its home is one, and does not stick to the other badges). Empty: one field of all
    /// the balls.
    public var fieldEnds: [Int] = []

    public init(balls: [Ball] = [], parameters: MetaballParameters = MetaballParameters(), fieldEnds: [Int] = []) {
        self.balls = balls
        self.parameters = parameters
        self.fieldEnds = fieldEnds
    }

    /// The separate fields' ball ranges: one of all the balls when `fieldEnds` is empty; ends
    /// out of order or past the balls are clamped.
    public var fields: [Range<Int>] {
        var ranges: [Range<Int>] = []
        forEachField { ranges.append($0) }
        return ranges
    }

    /// Calls `body` with each separate field's ball range, in order (`fields`, without an array).
    @inline(__always) func forEachField(_ body: (Range<Int>) -> Void) {
        guard !fieldEnds.isEmpty else { return body(0..<balls.count) }
        var start = 0
        for end in fieldEnds {
            let end = min(max(end, start), balls.count)
            body(start..<end)
            start = end
        }
        if start < balls.count { body(start..<balls.count) }
    }

    /// Signed distance estimate to the iso-contour at p (negative inside), scene units: the same
    /// formulas as Shaders/metaball.frag. The fields are first made to grow like a distance
    /// (inverse square: g = f^(−½), which for a lone ball is ρ/r; Wyvill: g = f^⅓, which is
    /// 1 − ρ²/s²), so that (g − g_iso)/|∇g| is exact on the contour, exact everywhere for a lone
    /// inverse-square ball (ρ − r, but at its centre), and first order near the contour
    /// otherwise (a lone Wyvill ball: (ρ_c² − ρ²)/2ρ), where f itself is far too steep or too
    /// flat; the smooth minimum over its gradient's length (its circles' distances have slope
    /// 1, but across a neck their blend is nearly flat). Deep inside it grows large (at a centre, where the gradient vanishes, ±10⁴): an
    /// estimate for coverage and inside tests, not a distance field for glows or offsets.
    /// With several fields, the least of their distances (the union of their insides).
    public func signedDistance(at p: Vec2) -> Double {
        guard !fieldEnds.isEmpty else { return signedDistance(at: p, of: balls.indices) }
        var least = Double.infinity
        forEachField { range in if !range.isEmpty { least = min(least, signedDistance(at: p, of: range)) } }
        return least.isFinite ? least : 1e4
    }

    /// The signed distance of the field of `balls[range]` alone.
    func signedDistance(at p: Vec2, of range: Range<Int>) -> Double {
        let balls = self.balls[range]
        switch parameters.kernel {
        case .inverseSquare:
            var f = 0.0
            var gradient = Vec2.zero
            for ball in balls where ball.radius > 0 {
                let d = p - ball.center
                let q = max(d.lengthSquared, 1e-12)
                let k = ball.radius * ball.radius
                f += k / q
                gradient -= d * (2 * k / (q * q))
            }
            // g = f^(−½): ∇g = −½ f^(−3/2) ∇f, distance (g − 1)/|∇g| = 2f(1 − √f)/|∇f|.
            let slope = gradient.length
            guard f > 0 else { return 1e4 }
            return slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : (f >= 1 ? -1e4 : 1e4)
        case .wyvill:
            let scale = parameters.wyvillSupport * parameters.wyvillSupport
            var f = 0.0
            var gradient = Vec2.zero
            for ball in balls where ball.radius > 0 {
                let d = p - ball.center
                let s2 = ball.radius * ball.radius * scale
                let q = d.lengthSquared / s2
                if q < 1 {
                    let a = 1 - q
                    f += a * a * a
                    gradient -= d * (6 * a * a / s2)
                }
            }
            // g = f^⅓: ∇g = ⅓ f^(−⅔) ∇f, distance (T^⅓ − g)/|∇g| = 3 f^⅔ (T^⅓ − f^⅓)/|∇f|.
            guard f > 0 else { return 1e4 }
            let slope = gradient.length
            let g = pow(f, 1.0 / 3)
            let iso = pow(parameters.threshold, 1.0 / 3)
            return slope > 0 ? 3 * g * g * (iso - g) / slope : (f >= parameters.threshold ? -1e4 : 1e4)
        case .smoothMin:
            // Over the gradient's length, as the shader: each smin weighs its sides' gradients
            // as their values, 1 − h/2 the lesser's and h/2 the other's.
            var d = 1e6
            var gradient = Vec2.zero
            let k = parameters.blend
            for ball in balls where ball.radius > 0 {
                let v = p - ball.center, length = v.length
                let b = length - ball.radius
                let h = max(k - abs(d - b), 0) / k
                let w = d < b ? 0.5 * h : 1 - 0.5 * h
                gradient = gradient * (1 - w) + (length > 0 ? v / length : .zero) * w
                d = min(d, b) - h * h * k * 0.25
            }
            return d / max(gradient.length, 1e-6)
        }
    }

    /// Whether p is inside the iso-contour.
    public func contains(_ p: Vec2) -> Bool { signedDistance(at: p) <= 0 }

    /// The radius of the largest circle about `center` that the contour holds, at least `least`
    /// (a ball's own radius: the other balls only add to the field, so its circle is inside).
    /// Where one ball is drawn in a colour of its own over the field (the caterpillar's head),
    /// a circle this size fills the field round it, so no rim of the field's colour shows
    /// where the contour comes nearest. The contour is found along `directions` rays from the
    /// centre (Newton steps on the signed distance); between two rays it may come nearer by
    /// about ½ρ″Δθ² (hundredths of a unit for the caterpillar), which the circle's soft edge covers.
    public func inscribedRadius(about center: Vec2, least: Double, directions: Int = 32) -> Double {
        guard least > 0, least.isFinite, directions >= 3 else { return max(least, 0) }
        // The contour's distance along the ray at `angle`, from `least` out; a ray still inside
        // past `bound` (the nearest so far) is left there.
        func reach(_ angle: Double, bound: Double) -> Double {
            let u = Vec2(cos(angle), sin(angle))
            var t = least
            for _ in 0..<16 {
                let d = signedDistance(at: center + u * t)
                guard d.isFinite, abs(d) < 1e3 else { return .infinity }
                if d < 0 && t >= bound { return .infinity }
                t = max(least, t - d)
                if abs(d) < 1e-4 * least { break }
            }
            return t
        }
        var nearest = Double.infinity
        for k in 0..<directions { nearest = min(nearest, reach(2 * Double.pi * Double(k) / Double(directions), bound: nearest)) }
        return nearest.isFinite ? nearest : least
    }
}
