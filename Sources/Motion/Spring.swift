// A damped harmonic oscillator in closed form, parameterised as UIKit's spring animations are.

import Foundation

/// The spring-back of a released badge: x(t) is the fraction of the release offset still left at
/// time t (x(0) = 1, x′(0) = 0), for damping ratio ζ and natural frequency ω:
///
///     ζ < 1:  x = e^(−ζωt) · (cos(ω_d t) + ζω/ω_d · sin(ω_d t)),   ω_d = ω√(1 − ζ²)
///     ζ = 1:  x = e^(−ωt) · (1 + ωt)
///     ζ > 1:  x = (r₂e^(r₁t) − r₁e^(r₂t)) / (r₂ − r₁),   r₁,₂ = −ω(ζ ∓ √(ζ² − 1))
///
/// UIKit's `animateWithDuration:T … usingSpringWithDamping:ζ` runs for exactly T and has settled
/// by then; we do the same: ω is chosen so that the motion's envelope has decayed to
/// `settleFraction` (0.1%: under a pixel for any drag within the break distance) at t = T, and
/// at T the badge is put exactly home. Evaluated from the time since release, never stepped, so
/// the position at a given time does not depend on the frame rate.
public struct Spring: Hashable, Sendable {
    /// Damping ratio ζ (UIKit's `usingSpringWithDamping`): < 1 overshoots, ≥ 1 does not.
    public let damping: Double
    /// T, seconds: when the motion ends (UIKit's `duration`).
    public let duration: Double
    /// Natural angular frequency ω, rad/s, derived from ζ and T.
    public let omega: Double

    /// The envelope left at t = T.
    public static let settleFraction = 0.001

    /// ζ is kept within 0.001…1000 and T within 0.001…10⁶ s, NaN taken as the least (a NaN
    /// gave NaN positions, an infinite ζ an ω of NaN).
    public init(damping: Double, duration: Double) {
        self.damping = damping >= 1e-3 ? min(damping, 1e3) : 1e-3
        self.duration = duration >= 1e-3 ? min(duration, 1e6) : 1e-3
        // The envelope at T falls as ω grows: bisect (on a log scale) for envelope(T) = settleFraction.
        var lo = 1e-3, hi = 1e7
        for _ in 0..<100 {
            let mid = (lo * hi).squareRoot()
            if Spring.envelope(damping: self.damping, omega: mid, at: self.duration) > Spring.settleFraction { lo = mid } else { hi = mid }
        }
        omega = hi
    }

    /// How often the overshoot rings, Hz: the damped frequency ω√(1 − ζ²)/2π; nil from ζ = 1 on
    /// (no overshoot). Frames taken less than twice as often as it rings cannot show it: they
    /// sample it into a slower wobble or a jitter that is not the motion (aliasing). The seeds'
    /// ζ = 0.1 over T = 0.25 s rings at 44 Hz, more than half of 60 frames a second.
    public var ringFrequency: Double? {
        guard damping < 1 else { return nil }
        return omega * (1 - damping * damping).squareRoot() / (2 * Double.pi)
    }

    /// An upper bound of |x(t)|.
    static func envelope(damping z: Double, omega w: Double, at t: Double) -> Double {
        if z < 1 {
            return exp(-z * w * t) / (1 - z * z).squareRoot()
        } else if z == 1 {
            return exp(-w * t) * (1 + w * t)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            return (abs(r2) * exp(r1 * t) + abs(r1) * exp(r2 * t)) / (r1 - r2)
        }
    }

    /// The fraction of the release offset left at time t ≥ 0 since release; exactly 0 from T on.
    public func offset(at t: Double) -> Double {
        if t <= 0 { return 1 }
        if t >= duration { return 0 }
        let z = damping, w = omega
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (1 + w * t)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            return (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
        }
    }
}
