// The procedural burst that replaces the seeds' explosion images.

import Foundation
import Geometry

/// A droplet of the burst at one moment.
public struct Droplet: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    /// Opacity, 0…1.
    public var opacity: Double
}

/// The badge pops: it swells and fades over the first quarter while droplets of its colour fly
/// out, slow down and shrink away, all within `duration`. Deterministic: the same badge and
/// time give the same droplets.
public struct Explosion: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    public var duration: Double
    /// Seeds the droplets' directions and sizes.
    public var seed: UInt64

    public static let dropletCount = 14

    public init(center: Vec2, radius: Double, duration: Double, seed: UInt64) {
        self.center = center
        self.radius = radius
        self.duration = max(duration, 1e-3)
        self.seed = seed
    }

    /// The badge itself at time t: it swells by 30% and fades out over the first quarter.
    public func core(at t: Double) -> Droplet? {
        let u = t / (0.25 * duration)
        guard u < 1 else { return nil }
        return Droplet(center: center, radius: radius * (1 + 0.3 * u), opacity: 1 - u * u)
    }

    /// The droplets at time t since the explosion began (none from `duration` on).
    public func droplets(at t: Double, into out: inout [Droplet]) {
        out.removeAll(keepingCapacity: true)
        let u = t / duration
        guard u >= 0, u < 1 else { return }
        // Ease-out travel: fast at first, then drifting.
        let travel = 1 - (1 - u) * (1 - u) * (1 - u)
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func random() -> Double {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Double(state >> 11) / Double(1 << 53)
        }
        for i in 0..<Explosion.dropletCount {
            let angle = (Double(i) + 0.6 * random()) / Double(Explosion.dropletCount) * 2 * Double.pi
            let reach = radius * (1.6 + 1.4 * random())
            let size = radius * (0.18 + 0.22 * random())
            let direction = Vec2(cos(angle), sin(angle))
            out.append(Droplet(
                center: center + direction * (radius * 0.5 + reach * travel),
                radius: size * (1 - u),
                opacity: 1 - u * u))
        }
    }
}
