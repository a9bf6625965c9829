// The bridge's exact area and the tessellated mesh's area against the independent reference's
// area of the same region (Tests/Reference: the seeds' and paper.js's sides sampled densely, the
// shoelace formula). The tessellation's own area check compares with `Bridge.area`, which the
// mesh is balanced to, so only this one can see a wrong shape.

import Foundation
import Reference
import Testing
@testable import Geometry

@Suite struct ReferenceAreaTests {
    /// The reference's construction for `style` with its default parameters (break at 60).
    static func reference(_ style: BridgeStyle) -> (BridgeParameters, ReferenceStyle) {
        let parameters = BridgeParameters(style: style)
        let referenceStyle: ReferenceStyle = switch style {
        case .quad: .quad
        case .cubic: .cubic(neck: parameters.neck, maxDistance: 60)
        case .tangent: .tangent(spread: parameters.spread, handleRate: parameters.handleRate)
        }
        return (parameters, referenceStyle)
    }

    @Test(arguments: BridgeStyle.allCases)
    func bridgeAndMeshAreasMatchTheReference(_ style: BridgeStyle) throws {
        var random = SeededRandom(seed: 0x5EED_0000 + UInt64(BridgeStyle.allCases.firstIndex(of: style)!))
        let (parameters, referenceStyle) = ReferenceAreaTests.reference(style)
        var builder = MeshBuilder()
        var checked = 0
        for _ in 0..<400 {
            let radius = Double.random(in: 4...40, using: &random)
            let d = Double.random(in: 0.5...60, using: &random)
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
            let home = Vec2(Double.random(in: -500...500, using: &random), Double.random(in: -500...500, using: &random))
            let badge = home + Vec2(cos(angle), sin(angle)) * d
            let shape = ReferenceShape(home: RPoint(home.x, home.y), badge: RPoint(badge.x, badge.y), radius: radius,
                                       shrink: 10, maxDistance: 60, style: referenceStyle)
            let bridge = Bridge(home: home, homeRadius: shape.r1, badge: badge, badgeRadius: radius, parameters: parameters, maxDistance: 60)
            guard shape.sides() != nil else {
                #expect(bridge == nil, "a bridge where the reference has none: R \(radius) d \(d)")
                continue
            }
            let bridgeValue = try #require(bridge, "no bridge for R \(radius) d \(d)")
            let expected = shape.bridgeArea()
            #expect(abs(bridgeValue.area - expected) <= 1e-6 * max(1, expected), "\(style) R \(radius) d \(d): \(bridgeValue.area) vs \(expected)")
            builder.reset()
            builder.addBridge(bridgeValue, color: .badgeRed, tolerance: 0.1, feather: 0)
            let mesh = builder.mesh
            let area = (0..<mesh.triangleCount).reduce(0.0) { $0 + mesh.signedArea(ofTriangle: $1) }
            // Flattened to 0.1: at most 0.1 × the two sides' lengths (about 2d + the chords) away.
            #expect(abs(area - expected) <= max(0.005 * expected, 0.1 * 2 * (d + 2)), "\(style) R \(radius) d \(d): mesh \(area) vs \(expected)")
            checked += 1
        }
        #expect(checked > 300)
    }
}

/// `Bridge.outline` walks once round the region: each segment starts where the one before
/// ended but at the two chords (inside the badge, then back inside the home circle), and the
/// polygon through its flattened points encloses the reference's area (the shoelace formula on
/// the seeds' sides, written independently); `reversed` runs a curve backwards point for point.
@Suite struct OutlineTests {
    @Test(arguments: BridgeStyle.allCases)
    func theOutlineEnclosesTheReferenceArea(_ style: BridgeStyle) throws {
        var random = SeededRandom(seed: 0x0071_1E00 + UInt64(BridgeStyle.allCases.firstIndex(of: style)!))
        let (parameters, referenceStyle) = ReferenceAreaTests.reference(style)
        var checked = 0
        for _ in 0..<200 {
            let radius = Double.random(in: 4...40, using: &random), d = Double.random(in: 0.5...60, using: &random)
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &random)
            let home = Vec2(Double.random(in: -500...500, using: &random), Double.random(in: -500...500, using: &random))
            let badge = home + Vec2(cos(angle), sin(angle)) * d
            let shape = ReferenceShape(home: RPoint(home.x, home.y), badge: RPoint(badge.x, badge.y), radius: radius,
                                       shrink: 10, maxDistance: 60, style: referenceStyle)
            guard shape.sides() != nil,
                  let bridge = Bridge(home: home, homeRadius: shape.r1, badge: badge, badgeRadius: radius, parameters: parameters, maxDistance: 60)
            else { continue }
            let outline = bridge.outline, (upper, lower) = bridge.sides
            #expect(outline.count == upper.count + lower.count)
            for (k, (a, b)) in zip(outline, outline.dropFirst() + [outline[0]]).enumerated() {
                let chord = k == upper.count - 1 || k == outline.count - 1
                #expect(chord || a.p3.distance(to: b.p0) < 1e-9, "\(style): a gap after segment \(k)")
            }
            #expect(outline[upper.count].p0 == lower.last!.p3 && outline.last!.p3 == lower[0].p0)
            for segment in lower {
                for t in [0.0, 0.3, 0.5, 1.0] { #expect(segment.reversed.point(at: t).distance(to: segment.point(at: 1 - t)) < 1e-9) }
            }
            // The polygon through the outline's points (the chords are its closing edges).
            var points: [Vec2] = []
            for segment in outline { points += (0..<256).map { segment.point(at: Double($0) / 256) } + [segment.p3] }
            var twice = 0.0
            for (p, q) in zip(points, points.dropFirst() + [points[0]]) { twice += p.x * q.y - q.x * p.y }
            let expected = shape.bridgeArea()
            #expect(abs(abs(twice / 2) - expected) <= 1e-3 * max(1, expected), "\(style) R \(radius) d \(d): \(abs(twice / 2)) vs \(expected)")
            checked += 1
        }
        #expect(checked > 100)
    }
}
