// Helpers for the geometry tests: tolerances and a seeded random generator.

@testable import Geometry

extension Double {
    func isApproximatelyEqual(to other: Double, absoluteTolerance: Double) -> Bool {
        abs(self - other) <= absoluteTolerance
    }
}

extension Vec2 {
    func isApproximatelyEqual(to other: Vec2, absoluteTolerance: Double) -> Bool {
        x.isApproximatelyEqual(to: other.x, absoluteTolerance: absoluteTolerance)
            && y.isApproximatelyEqual(to: other.y, absoluteTolerance: absoluteTolerance)
    }
}

/// SplitMix64: the same numbers on every machine, so a failure can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Distance from p to the segment ab.
func distance(_ p: Vec2, toSegment a: Vec2, _ b: Vec2) -> Double {
    let ab = b - a
    let t = ab.lengthSquared > 0 ? min(1, max(0, (p - a).dot(ab) / ab.lengthSquared)) : 0
    return p.distance(to: a + ab * t)
}
