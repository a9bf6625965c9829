// The caterpillar's head in the field modes: the field takes the head's colour where the head's
// field rules (each ball weighs (r²/ρ²)^8, a tinted ball's weight fading out from 1.8 to 2 of its
// radii), so no rim of the body's colour shows round the head, and no square is filled flat in
// the body's colour where the head's would show.

import Foundation
import Imaging
import Testing
@testable import App
@testable import Geometry
import Motion

@Suite struct ChainTintTests {
    @Test func theHeadsColourFollowsItsField() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("chain.png").path
        let scale = 2.0
        let result = try Sticky.run(["render", "--scene", "chain", "--mode", "metaball", "--size", "400x300", "--scale", "2", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let picture = try PNG.read(from: out)
        let parameters = Parameters()
        let layout = Layout(width: 400, height: 300, mode: .metaball, scene: .chain)
        let balls = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: parameters).world.circles
        let head = try #require(balls.last)
        /// The inverse square's distance estimate over every ball, and the head's share of the colour.
        func field(_ p: Vec2) -> (distance: Double, share: Double) {
            var f = 0.0, gx = 0.0, gy = 0.0, all = 0.0, tinted = 0.0
            for (i, b) in balls.enumerated() {
                let dx = p.x - b.center.x, dy = p.y - b.center.y, q = max(dx * dx + dy * dy, 1e-12), k = b.radius * b.radius
                f += k / q
                gx -= 2 * k * dx / (q * q)
                gy -= 2 * k * dy / (q * q)
                let w = pow(min(k / q, 1e4), 8)
                all += w
                if i == balls.count - 1 { tinted += w * min(max((4 * k - q) / (0.76 * k), 0), 1) }
            }
            let slope = (gx * gx + gy * gy).squareRoot()
            return (slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : 1e4, tinted / all)
        }
        var blue = 0, red = 0, wrong: [String] = []
        let width = picture.width
        for y in 0..<picture.height {
            for x in 0..<width {
                let p = Vec2((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
                // Outside the head's own circle (drawn over the field), well inside the field.
                guard p.distance(to: head.center) > head.radius + 1, p.distance(to: head.center) < 2.5 * head.radius else { continue }
                let (d, share) = field(p)
                guard d < -1 else { continue }
                let i = 4 * (y * width + x)
                let (r, b) = (picture.pixels[i], picture.pixels[i + 2])
                if share > 0.95 {
                    blue += 1
                    if !(b > 200 && r < 60) && wrong.count < 5 { wrong.append("(\(x), \(y)) head's share \(share) drawn r \(r) b \(b)") }
                } else if share < 0.05 {
                    red += 1
                    if !(r > 200 && b < 60) && wrong.count < 5 { wrong.append("(\(x), \(y)) head's share \(share) drawn r \(r) b \(b)") }
                }
            }
        }
        #expect(blue > 100 && red > 100 && wrong.isEmpty, "\(blue) head pixels, \(red) body pixels; wrong: \(wrong)")
    }
}
