// Tessellation invariants over many random and degenerate configurations.

import Foundation
import Testing
@testable import Geometry

@Suite struct TessellationTests {
    struct Configuration: CustomStringConvertible {
        var home: Vec2, r1: Double, badge: Vec2, r2: Double, style: BridgeStyle, scale: Double
        var description: String { "\(style) home \(home) r1 \(r1) badge \(badge) r2 \(r2) scale \(scale)" }
    }

    /// Random configurations, with the degenerate ones mixed in: r = 0, d = 0, d tiny, d huge,
    /// equal radii, touching and overlapping circles.
    static func configurations(count: Int) -> [Configuration] {
        var random = SeededRandom(seed: 2026)
        var out: [Configuration] = []
        for i in 0..<count {
            let style = BridgeStyle.allCases[i % 3]
            let home = Vec2(Double.random(in: -500...1500, using: &random), Double.random(in: -500...1500, using: &random))
            let angle = Double.random(in: 0..<(2 * .pi), using: &random)
            var r2 = Double.random(in: 0.5...60, using: &random)
            var r1 = Double.random(in: 0...r2 * 1.5, using: &random)
            var d = Double.random(in: 0...200, using: &random)
            switch i % 10 {
            case 0: r1 = 0
            case 1: d = 0
            case 2: d = Double.random(in: 1e-9...1e-3, using: &random)
            case 3: d = Double.random(in: 1e4...1e9, using: &random)
            case 4: r1 = r2
            case 5: d = r1 + r2  // touching
            case 6: d = abs(r1 - r2) + Double.random(in: 0...1e-6, using: &random)  // just out of containment
            case 7: r2 = Double.random(in: 1e-6...0.01, using: &random); r1 = r2 * 0.5
            default: break
            }
            let badge = home + Vec2(cos(angle), sin(angle)) * d
            let scale = [1.0, 2.0, 0.5, 3.0][i % 4]
            out.append(Configuration(home: home, r1: r1, badge: badge, r2: r2, style: style, scale: scale))
        }
        return out
    }

    @Test func invariantsHoldForTenThousandConfigurations() {
        var builder = MeshBuilder()
        var bridges = 0
        for c in TessellationTests.configurations(count: 12_000) {
            let params = BridgeParameters(style: c.style)
            let bridge = Bridge(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2, parameters: params, maxDistance: 60)
            for feather in [0, 1 / c.scale] {
                builder.reset()
                builder.addCircle(center: c.home, radius: c.r1, color: .badgeRed, feather: feather)
                if let bridge { builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1 / c.scale, feather: feather) }
                builder.addCircle(center: c.badge, radius: c.r2, color: .badgeRed, feather: feather)
                let mesh = builder.mesh
                #expect(mesh.indices.count % 3 == 0)
                #expect(mesh.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.alpha.isFinite && $0.radius.isFinite }, "\(c)")
                #expect(mesh.indices.allSatisfy { Int($0) < mesh.vertices.count })
                for t in 0..<mesh.triangleCount where !(mesh.signedArea(ofTriangle: t) > 0) {
                    Issue.record("triangle \(t) has area \(mesh.signedArea(ofTriangle: t)): \(c)")
                    break
                }
            }
            guard let bridge else { continue }
            bridges += 1
            #expect(bridge.area.isFinite && bridge.area >= 0, "\(c)")
            // The bare polygon (no fringe) against the exact region's area.
            builder.reset()
            builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1 / c.scale, feather: 0)
            let mesh = builder.mesh
            let area = (0..<mesh.triangleCount).reduce(0.0) { $0 + mesh.signedArea(ofTriangle: $1) }
            let exact = bridge.area
            guard bridge.length < 1e4 else { continue }  // Float positions cannot hold such areas to 0.5%.
            // Below a mean width of a few hundred Float steps, rounding the positions alone
            // moves the area by more than 0.5%: such hairlines get the absolute bound.
            let floatStep = Double(Float(max(abs(c.home.x), abs(c.home.y)) + bridge.length).ulp)
            if exact > 1, exact / bridge.length > 400 * floatStep {
                #expect(abs(area - exact) <= 0.005 * exact, "area \(area) vs exact \(exact): \(c)")
            } else {
                // Sub-pixel slivers: the flattening bound (chord error × the side's length, twice).
                #expect(abs(area - exact) <= 2 * 0.1 / c.scale * (bridge.length + 1), "area \(area) vs exact \(exact): \(c)")
            }
        }
        #expect(bridges > 5_000)
    }

    /// Every style's side is a function of s with w ≥ 0 (so the strip cut is valid).
    @Test(arguments: BridgeStyle.allCases)
    func sidesAreMonotoneAndAboveTheAxis(_ style: BridgeStyle) {
        for c in TessellationTests.configurations(count: 3_000) {
            guard let bridge = Bridge(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2,
                                      parameters: BridgeParameters(style: style), maxDistance: 60) else { continue }
            for segment in [bridge.side.0, bridge.side.1].compactMap({ $0 }) {
                let xs = [segment.p0.x, segment.p1.x, segment.p2.x, segment.p3.x]
                let scale = max(1, bridge.length)
                #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 * scale }, "\(c): \(segment)")
                #expect([segment.p0.y, segment.p1.y, segment.p2.y, segment.p3.y].allSatisfy { $0 >= -1e-9 * scale }, "\(c)")
            }
        }
    }

    /// The tangent style's handles are tangent to the circles: the side leaves each circle
    /// along its tangent, so the outline has no kink there.
    @Test func tangentStyleJoinsTheCirclesSmoothly() throws {
        let bridge = try #require(Bridge(home: Vec2(0, 0), homeRadius: 14, badge: Vec2(50, 20), badgeRadius: 20,
                                         parameters: BridgeParameters(style: .tangent), maxDistance: 60))
        let side = bridge.side.0
        let startTangent = side.derivative(at: 0), endTangent = side.derivative(at: 1)
        #expect(abs(startTangent.dot(side.p0)) <= 1e-9 * startTangent.length * side.p0.length)
        let badgeLocal = Vec2(bridge.length, 0)
        #expect(abs(endTangent.dot(side.p3 - badgeLocal)) <= 1e-9 * endTangent.length * 20)
        #expect(side.p0.length.isApproximatelyEqual(to: 14, absoluteTolerance: 1e-9))
        #expect((side.p3 - badgeLocal).length.isApproximatelyEqual(to: 20, absoluteTolerance: 1e-9))
    }

    /// The drawn side (area-balanced points) stays within the flattening tolerance of the curve.
    @Test(arguments: BridgeStyle.allCases)
    func meshOutlineStaysWithinTolerance(_ style: BridgeStyle) {
        var builder = MeshBuilder()
        var checked = 0
        for c in TessellationTests.configurations(count: 600) where c.r2 > 1 && c.home.distance(to: c.badge) < 1e4 {
            guard let bridge = Bridge(home: c.home, homeRadius: c.r1, badge: c.badge, badgeRadius: c.r2,
                                      parameters: BridgeParameters(style: style), maxDistance: 60) else { continue }
            let tolerance = 0.1 / c.scale
            builder.reset()
            builder.addBridge(bridge, color: .badgeRed, tolerance: tolerance, feather: 0)
            // Dense samples of the exact upper side, in scene coordinates.
            var curve: [Vec2] = []
            for segment in [bridge.side.0, bridge.side.1].compactMap({ $0 }) {
                for k in 0...2000 { curve.append(bridge.world(segment.point(at: Double(k) / 2000))) }
            }
            // Upper vertices are the even ones of the strip; check them and the chords' midpoints.
            let upper = stride(from: 0, to: builder.mesh.vertices.count, by: 2).map {
                Vec2(Double(builder.mesh.vertices[$0].x), Double(builder.mesh.vertices[$0].y))
            }
            let slack = 1e-4 * max(1, abs(c.home.x) + abs(c.home.y))  // Float positions
            for (a, b) in zip(upper, upper.dropFirst()) {
                for q in [a, a.mix(b, 0.25), a.mix(b, 0.5), a.mix(b, 0.75)] {
                    var nearest = Double.infinity
                    for j in 0..<(curve.count - 1) { nearest = min(nearest, distance(q, toSegment: curve[j], curve[j + 1])) }
                    #expect(nearest <= tolerance + slack, "\(c): \(q) is \(nearest) from the curve")
                }
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    /// The feathered mesh's coverage (area × mean vertex alpha) matches the exact area up to
    /// half a pixel along the two curved sides.
    @Test func featheredCoverageMatchesTheExactArea() throws {
        let bridge = try #require(Bridge(home: Vec2(100, 100), homeRadius: 15, badge: Vec2(150, 120), badgeRadius: 20,
                                         parameters: BridgeParameters(style: .quad), maxDistance: 60))
        var builder = MeshBuilder()
        builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
        let mesh = builder.mesh
        var coverage = 0.0
        for t in 0..<mesh.triangleCount {
            let alpha = (0..<3).reduce(0.0) { $0 + Double(mesh.vertices[Int(mesh.indices[3 * t + $1])].alpha) } / 3
            coverage += mesh.signedArea(ofTriangle: t) * alpha
        }
        #expect(abs(coverage - bridge.area) <= 0.01 * bridge.area, "coverage \(coverage) vs \(bridge.area)")
    }

    /// Reusing a builder keeps its storage: a second identical frame does not grow it.
    @Test func builderReusesItsStorage() throws {
        let bridge = try #require(Bridge(home: Vec2(0, 0), homeRadius: 15, badge: Vec2(40, 0), badgeRadius: 20,
                                         parameters: BridgeParameters(style: .tangent), maxDistance: 60))
        var builder = MeshBuilder()
        builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
        let first = builder.mesh.vertices.capacity
        builder.reset()
        builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
        #expect(builder.mesh.vertices.capacity == first)
        #expect(builder.mesh.triangleCount > 0)
    }
}

@Suite struct TinyBridgeTests {
    /// A bridge far thinner than the anti-aliasing pixel: the offset inner side folds and its
    /// monotone copy loses points, while the fringe still pairs every inner point with its
    /// outer one (found by the geometry fuzzer: the fringe once read past the shortened side).
    @Test(arguments: BridgeStyle.allCases)
    func bridgesThinnerThanAPixelTessellate(style: BridgeStyle) throws {
        var builder = MeshBuilder()
        for (r1, r2, d) in [(1e-3, 1e-3, 0.01), (0.05, 0.2, 0.3), (0.01, 0.001, 0.5), (1e-155, 1e-300, 2e-128), (1e-6, 1e-9, 1e-5)] {
            let bridge = try #require(Bridge(
                home: Vec2(0, 0), homeRadius: r1, badge: Vec2(d, 0), badgeRadius: r2,
                parameters: BridgeParameters(style: style), maxDistance: 100))
            builder.reset()
            builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
            #expect(builder.mesh.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
            #expect(builder.mesh.indices.allSatisfy { Int($0) < builder.mesh.vertices.count })
        }
    }
}

/// A colour's bytes: each channel clamped to 0…1, then rounded to 255ths; a NaN channel is 0
/// (it trapped, taking down any `add…` of the mesh builders that packed it).
@Suite struct ColorPackingTests {
    @Test func channelsAreClampedAndNaNIsZero() {
        func bytes(_ c: Color) -> [UInt32] { let p = c.packed; return [p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24] }
        #expect(bytes(Color(red: 1, green: 0.5, blue: 0, alpha: 0.2)) == [255, UInt32((0.5 * 255).rounded()), 0, UInt32((0.2 * 255).rounded())])
        #expect(bytes(Color(red: .nan, green: -3, blue: 7, alpha: .infinity)) == [0, 0, 255, 255])
        #expect(bytes(Color(red: -.infinity, green: .nan, blue: .nan, alpha: .nan)) == [0, 0, 0, 0])
        var mesh = MeshBuilder()
        mesh.addCircle(center: Vec2(10, 10), radius: 5, color: Color(red: .nan, green: 0, blue: 0), feather: 1)
        #expect(!mesh.mesh.vertices.isEmpty && mesh.mesh.vertices.allSatisfy { $0.color & 0xFF == 0 })
    }
}
