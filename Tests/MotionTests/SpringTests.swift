// The spring back: overshoot iff under-damped, ends exactly home, independent of the frame rate.

import Foundation
import Testing
@testable import Geometry
@testable import Motion

@Suite struct SpringTests {
    static func samples(_ spring: Spring) -> [Double] {
        (0...4000).map { spring.offset(at: spring.duration * Double($0) / 4000) }
    }

    @Test(arguments: [0.05, 0.1, 0.2, 0.5, 0.9])
    func underDampedOvershoots(damping: Double) {
        let spring = Spring(damping: damping, duration: 0.25)
        #expect(SpringTests.samples(spring).min()! < -1e-3)
    }

    @Test(arguments: [1.0, 1.5, 3.0])
    func criticallyOrOverDampedDoesNot(damping: Double) {
        let spring = Spring(damping: damping, duration: 0.5)
        let values = SpringTests.samples(spring)
        #expect(values.min()! >= 0)
        // Monotone approach to home.
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 - 1e-12 })
    }

    @Test(arguments: [(0.1, 0.25), (0.2, 0.5), (1.0, 0.3), (2.0, 1.0)])
    func settlesExactlyAtTheEnd(damping: Double, duration: Double) {
        let spring = Spring(damping: damping, duration: duration)
        #expect(spring.offset(at: 0) == 1)
        #expect(spring.offset(at: duration) == 0)
        #expect(spring.offset(at: duration + 1) == 0)
        // Just before the end it is already within the settle fraction: no visible jump.
        #expect(abs(spring.offset(at: duration * 0.999)) <= 1.1 * Spring.settleFraction)
        // It starts at rest (UIKit's initialSpringVelocity 0).
        #expect(abs(spring.offset(at: 1e-6) - 1) < 1e-6)
    }

    /// The ring's frequency is the damped one, ω√(1 − ζ²)/2π with ω from the envelope's
    /// e^(−ζωT)/√(1 − ζ²) = 0.001 (the seeds' ζ 0.1 over 0.25 s: 43.8 Hz), and the motion
    /// crosses home every half period of it; none from ζ = 1 on.
    @Test(arguments: [(0.1, 0.25), (0.2, 0.5), (0.5, 0.25), (0.05, 1.0)])
    func ringsAtTheDampedFrequency(damping z: Double, duration T: Double) throws {
        let spring = Spring(damping: z, duration: T)
        let omega = -log(Spring.settleFraction * (1 - z * z).squareRoot()) / (z * T)
        let expected = omega * (1 - z * z).squareRoot() / (2 * Double.pi)
        let ring = try #require(spring.ringFrequency)
        #expect(abs(ring - expected) < 1e-9 * expected)
        // The crossings of home, found by sampling the motion itself, half a period apart.
        let n = 200_000
        var crossings: [Double] = []
        var last = spring.offset(at: 0)
        for k in 1..<n {
            let t = T * Double(k) / Double(n), x = spring.offset(at: t)
            if (last > 0) != (x > 0), x != 0 { crossings.append(t) }
            last = x
        }
        #expect(crossings.count >= 2)
        for (a, b) in zip(crossings, crossings.dropFirst()) {
            #expect(abs((b - a) - 1 / (2 * expected)) < 2 * T / Double(n), "\(z), \(T): \(b - a) s against \(1 / (2 * expected))")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func aSpringThatDoesNotOvershootDoesNotRing(damping: Double) {
        #expect(Spring(damping: damping, duration: 0.3).ringFrequency == nil)
    }
}
