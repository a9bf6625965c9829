// The spring back: overshoot iff under-damped, ends exactly home, independent of the frame rate.

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
}
