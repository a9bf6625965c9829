// The bridge's exact area and the tessellated mesh's area against the independent reference's
// area of the same region (Tests/Reference: the seeds' and paper.js's sides sampled densely, the
// shoelace formula). The tessellation's own area check compares with `Bridge.area`, which the
// mesh is balanced to, so only this one can see a wrong shape.

import Foundation
import Reference
import Testing
@testable import Geometry

@Suite struct ReferenceAreaTests {
    @Test(arguments: BridgeStyle.allCases)
    func bridgeAndMeshAreasMatchTheReference(_ style: BridgeStyle) throws {
        var random = SeededRandom(seed: 0x5EED_0000 + UInt64(style.hashValue & 0xff))
        let parameters = BridgeParameters(style: style)
        let referenceStyle: ReferenceStyle = switch style {
        case .quad: .quad
        case .cubic: .cubic(neck: parameters.neck, maxDistance: 60)
        case .tangent: .tangent(spread: parameters.spread, handleRate: parameters.handleRate)
        }
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
