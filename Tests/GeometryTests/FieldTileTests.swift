// The metaball field's tiles (MetaballField.regions): what they claim holds against the field
// evaluated from every ball at every point, with the kernels' formulas written here. A tile
// called inside is covered fully at every point; a point in no tile is not covered at all; an
// edge tile's run plus its affine tail gives the coverage of the whole field.

import Foundation
import Testing
@testable import Geometry

@Suite struct FieldTileTests {
    /// The distance estimate the shader fills from, over all balls (the kernels' definitions:
    /// inverse square g = f^(−½), Wyvill g = f^⅓, smooth minimum of the circles' distances).
    static func distance(_ p: Vec2, _ balls: [Ball], _ parameters: MetaballParameters,
                         tail: (value: Double, gradient: Vec2) = (0, .zero)) -> Double {
        switch parameters.kernel {
        case .inverseSquare:
            var f = tail.value, gx = tail.gradient.x, gy = tail.gradient.y
            for b in balls {
                let dx = p.x - b.center.x, dy = p.y - b.center.y
                let q = max(dx * dx + dy * dy, 1e-12)
                f += b.radius * b.radius / q
                gx -= 2 * b.radius * b.radius * dx / (q * q)
                gy -= 2 * b.radius * b.radius * dy / (q * q)
            }
            let slope = (gx * gx + gy * gy).squareRoot()
            if f <= 0 { return 1e4 }
            return slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : (f >= 1 ? -1e4 : 1e4)
        case .wyvill:
            let s2 = 1 / (1 - pow(parameters.threshold, 1.0 / 3))
            var f = 0.0, gx = 0.0, gy = 0.0
            for b in balls {
                let dx = p.x - b.center.x, dy = p.y - b.center.y
                let support = b.radius * b.radius * s2
                let q = (dx * dx + dy * dy) / support
                if q < 1 {
                    f += (1 - q) * (1 - q) * (1 - q)
                    gx -= 6 * (1 - q) * (1 - q) * dx / support
                    gy -= 6 * (1 - q) * (1 - q) * dy / support
                }
            }
            if f <= 0 { return 1e4 }
            let slope = (gx * gx + gy * gy).squareRoot()
            let g = pow(f, 1.0 / 3), iso = pow(parameters.threshold, 1.0 / 3)
            return slope > 0 ? 3 * g * g * (iso - g) / slope : (f >= parameters.threshold ? -1e4 : 1e4)
        case .smoothMin:
            let k = parameters.blend
            var d = 1e6
            for b in balls {
                let e = ((p.x - b.center.x) * (p.x - b.center.x) + (p.y - b.center.y) * (p.y - b.center.y)).squareRoot() - b.radius
                let h = max(k - abs(d - e), 0) / k
                d = min(d, e) - h * h * k / 4
            }
            return d
        }
    }

    static func coverage(_ d: Double, _ ppu: Double) -> Double { min(1, max(0, 0.5 - d * ppu)) }

    /// What the renderer draws for `region` at p: a tile inside, 1; an edge tile, its run and
    /// tail's.
    static func drawn(_ region: Region, at p: Vec2, run: [Ball], parameters: MetaballParameters, ppu: Double) -> Double {
        if region.inside { return 1 }
        return coverage(distance(p, run, parameters, tail: region.tail.at(p - region.center)), ppu)
    }

    /// Scenes: a hanging chain, a dense lattice of badges and homes (the inverse square's far
    /// balls add up), random balls of many sizes, some past the clip's edges.
    static func scenes() -> [(String, [Ball], Box)] {
        var chain: [Ball] = []
        for i in 0..<9 { chain.append(Ball(center: Vec2(200 + 6 * sin(Double(i)), 40 + 28 * Double(i)), radius: i == 8 ? 22 : 14)) }
        var lattice: [Ball] = []
        for row in 0..<8 {
            for column in 0..<12 {
                let home = Vec2(20 + 40 * Double(column), 20 + 40 * Double(row))
                let turn = Double((row * 12 + column) * 37 % 100) / 100 * 2 * Double.pi
                lattice.append(Ball(center: home + Vec2(cos(turn), sin(turn)) * 20, radius: 8))
                lattice.append(Ball(center: home, radius: 3 + Double(column % 4)))
            }
        }
        var random = SeededRandom(seed: 13)
        var scattered: [Ball] = []
        for _ in 0..<40 {
            scattered.append(Ball(center: Vec2(Double.random(in: -40...440, using: &random), Double.random(in: -40...340, using: &random)),
                                  radius: Double.random(in: 0.3...26, using: &random)))
        }
        return [("chain", chain, Box(minX: 0, minY: 0, maxX: 400, maxY: 300)),
                ("lattice", lattice, Box(minX: 0, minY: 0, maxX: 480, maxY: 320)),
                ("scattered", scattered, Box(minX: 0, minY: 0, maxX: 400, maxY: 300))]
    }

    /// The most an edge tile's coverage may differ from the whole field's, per scene: the
    /// tail's quadratic misses by at most `tailError` a ball, which moves the edge a hundredth of
    /// a pixel where the field is steep, more where it is flat (the dense lattice's saddles).
    static let tolerance = ["chain": 0.01, "scattered": 0.02, "lattice": 0.1]

    @Test(arguments: MetaballKernel.allCases)
    func tilesAgreeWithTheWholeField(kernel: MetaballKernel) {
        for (name, balls, clip) in FieldTileTests.scenes() {
            var provedInside = 0
            var worstEdge = 0.0, sumEdge = 0.0, edgeSamples = 0
            for ppu in [1.0, 2.0, 0.75] {
                let field = MetaballField(balls: balls, parameters: MetaballParameters(kernel: kernel))
                var regions: [Region] = [], ordered: [Ball] = [], scratch = MetaballScratch()
                field.regions(clip: clip, pixelsPerUnit: ppu, into: &regions, balls: &ordered, scratch: &scratch)
                var insideTiles = 0, edgeTiles = 0
                for region in regions {
                    let b = region.box
                    #expect(b.minX >= clip.minX && b.maxX <= clip.maxX && b.minY >= clip.minY && b.maxY <= clip.maxY)
                    let run = Array(ordered[region.first..<(region.first + region.count)])
                    #expect(region.first >= 0 && region.first + region.count <= ordered.count)
                    for i in 0...8 {
                        for j in 0...8 {
                            let p = Vec2(b.minX + (b.maxX - b.minX) * (0.001 + 0.998 * Double(i) / 8),
                                         b.minY + (b.maxY - b.minY) * (0.001 + 0.998 * Double(j) / 8))
                            let whole = FieldTileTests.coverage(FieldTileTests.distance(p, balls, field.parameters), ppu)
                            if region.inside {
                                #expect(whole == 1, "\(kernel) \(name) ×\(ppu): tile \(b) called inside, coverage \(whole) at \(p)")
                            } else {
                                let tiled = FieldTileTests.drawn(region, at: p, run: run, parameters: field.parameters, ppu: ppu)
                                worstEdge = max(worstEdge, abs(tiled - whole))
                                sumEdge += abs(tiled - whole)
                                edgeSamples += 1
                                #expect(abs(tiled - whole) <= FieldTileTests.tolerance[name]!,
                                        "\(kernel) \(name) ×\(ppu): tile \(b) gives \(tiled), the field \(whole) at \(p)")
                            }
                        }
                    }
                    if region.inside { insideTiles += 1 } else { edgeTiles += 1 }
                }
                // Every point in no tile is uncovered.
                let step = 2.5 / ppu
                var y = clip.minY + step / 3
                while y < clip.maxY {
                    var x = clip.minX + step / 3
                    while x < clip.maxX {
                        let p = Vec2(x, y)
                        if !regions.contains(where: { p.x >= $0.box.minX && p.x <= $0.box.maxX && p.y >= $0.box.minY && p.y <= $0.box.maxY }) {
                            let whole = FieldTileTests.coverage(FieldTileTests.distance(p, balls, field.parameters), ppu)
                            #expect(whole == 0, "\(kernel) \(name) ×\(ppu): \(p) is in no tile but covered \(whole)")
                        }
                        x += step
                    }
                    y += step
                }
                #expect(edgeTiles > 0)
                provedInside += insideTiles
            }
            // The proofs are not empty: somewhere a square is shown inside.
            #expect(provedInside > 0, "\(kernel) \(name): no square proved inside")
            let mean = sumEdge / Double(max(edgeSamples, 1))
            #expect(mean <= 0.001, "\(kernel) \(name): mean edge coverage error \(mean)")
            print("\(kernel) \(name): edge coverage error worst \(worstEdge), mean \(mean) over \(edgeSamples) points")
        }
    }

    /// A small field (the caterpillar's nine balls, one run for all its tiles) with a few tiles
    /// inside draws them with its edge tiles, the run evaluated there too (one draw, where a
    /// flat draw of their own cost llvmpipe more); with many (four times the scale), they stay
    /// inside, filled flat, more than `joinedInside` tiles of them. Either way every tile's
    /// coverage is the field's (`tilesAgreeWithTheWholeField`).
    @Test func aSmallFieldsFewTilesInsideAreDrawnWithItsEdge() {
        let (_, chain, clip) = FieldTileTests.scenes()[0]
        let field = MetaballField(balls: chain, parameters: MetaballParameters(kernel: .inverseSquare))
        var regions: [Region] = [], ordered: [Ball] = [], scratch = MetaballScratch()
        field.regions(clip: clip, pixelsPerUnit: 1, into: &regions, balls: &ordered, scratch: &scratch)
        #expect(!regions.contains { $0.inside }, "at 1 px a unit: \(regions.filter(\.inside).count) regions inside")
        // An edge region holds a whole tile that the field covers at every sampled point.
        let tile = MetaballField.tilePixels
        let covered = regions.contains { region in
            var y = region.box.minY
            while y + tile <= region.box.maxY {
                var x = region.box.minX
                while x + tile <= region.box.maxX {
                    let full = (0...8).allSatisfy { i in
                        (0...8).allSatisfy { j in
                            let p = Vec2(x + tile * Double(i) / 8, y + tile * Double(j) / 8)
                            return FieldTileTests.coverage(FieldTileTests.distance(p, chain, field.parameters), 1) == 1
                        }
                    }
                    if full { return true }
                    x += tile
                }
                y += tile
            }
            return false
        }
        #expect(covered, "no edge region holds a tile wholly inside")
        field.regions(clip: clip, pixelsPerUnit: 4, into: &regions, balls: &ordered, scratch: &scratch)
        let insideTiles = regions.filter(\.inside).reduce(0.0) { $0 + ($1.box.maxX - $1.box.minX) * ($1.box.maxY - $1.box.minY) * 16 }
            / (tile * tile)
        #expect(insideTiles > Double(MetaballField.joinedInside), "at 4 px a unit: \(insideTiles) tiles inside")
    }

    /// A lone ball (a badge at rest, its own field) is drawn in one quad, the ball its run (the
    /// inverse square and the smooth minimum, whose contour is then its circle), or in a few
    /// (Wyvill: its tiles inside join the edge tiles round them, and fall in one cell wherever
    /// it lies; before, up to 20). Every point is still covered exactly as the ball alone
    /// covers it.
    @Test(arguments: MetaballKernel.allCases)
    func aLoneBallIsAFewQuads(kernel: MetaballKernel) {
        let parameters = MetaballParameters(kernel: kernel)
        var random = SeededRandom(seed: 7)
        var most = 0
        for _ in 0..<40 {
            let ball = Ball(center: Vec2(Double.random(in: 40...600, using: &random), Double.random(in: 40...440, using: &random)),
                            radius: Double.random(in: 8...30, using: &random))
            let ppu = [1.0, 2.0].randomElement(using: &random)!
            let field = MetaballField(balls: [Ball(center: Vec2(-500, -500), radius: 5), ball], parameters: parameters, fieldEnds: [1])
            var regions: [Region] = [], ordered: [Ball] = [], scratch = MetaballScratch()
            field.regions(clip: Box(minX: 0, minY: 0, maxX: 640, maxY: 480), pixelsPerUnit: ppu, into: &regions, balls: &ordered,
                          scratch: &scratch)
            most = max(most, regions.count)
            // (Wyvill's bounds over a tile are looser, its support 2.2 radii wide: up to 12; it
            // was up to 22 while its tiles were never proved inside or outside.)
            #expect(kernel == .wyvill ? regions.count <= 12 : regions.count == 1 && regions[0].count == 1,
                    "\(kernel): a ball of \(ball.radius) at \(ball.center) ×\(ppu) in \(regions.count) quads")
            for _ in 0..<400 {
                let p = ball.center + Vec2(Double.random(in: -1.3...1.3, using: &random), Double.random(in: -1.3...1.3, using: &random))
                    * ball.radius
                let expected = FieldTileTests.coverage(FieldTileTests.distance(p, [ball], parameters), ppu)
                var drawn = 0.0
                for region in regions where p.x > region.box.minX && p.x < region.box.maxX && p.y > region.box.minY && p.y < region.box.maxY {
                    let run = Array(ordered[region.first..<(region.first + region.count)])
                    drawn = FieldTileTests.drawn(region, at: p, run: run, parameters: parameters, ppu: ppu)
                }
                #expect(abs(drawn - expected) <= 1e-9, "\(kernel): \(p) drawn \(drawn), the ball \(expected)")
            }
        }
        #expect(most >= 1)
    }

    /// Separate fields (a badge and its home each, some overlapping their neighbours, some past
    /// the clip): the tiles of all of them, each drawn over what is below as the renderer blends
    /// them, give at every point the union of the fields' own coverages, 1 − Π(1 − cᵢ), each
    /// field from its own balls only; where two fields' balls are near, the one-field picture
    /// would differ.
    @Test(arguments: MetaballKernel.allCases)
    func separateFieldsAreTheUnionOfEachFieldAlone(kernel: MetaballKernel) {
        var balls: [Ball] = [], ends: [Int] = []
        var random = SeededRandom(seed: 29)
        for row in 0..<6 {
            for column in 0..<8 {
                let home = Vec2(-10 + 50 * Double(column), -5 + 50 * Double(row))
                let turn = Double.random(in: 0..<(2 * Double.pi), using: &random), pull = Double.random(in: 0...34, using: &random)
                balls.append(Ball(center: home, radius: 10 - pull / 10))
                balls.append(Ball(center: home + Vec2(cos(turn), sin(turn)) * pull, radius: 10))
                ends.append(balls.count)
            }
        }
        let parameters = MetaballParameters(kernel: kernel)
        let fields = stride(from: 0, to: balls.count, by: 2).map { Array(balls[$0..<($0 + 2)]) }
        let clip = Box(minX: 0, minY: 0, maxX: 340, maxY: 250)
        var worst = 0.0, differsFromOneField = 0
        for ppu in [1.0, 2.0] {
            let field = MetaballField(balls: balls, parameters: parameters, fieldEnds: ends)
            var regions: [Region] = [], ordered: [Ball] = [], scratch = MetaballScratch()
            field.regions(clip: clip, pixelsPerUnit: ppu, into: &regions, balls: &ordered, scratch: &scratch)
            var y = clip.minY + 0.37
            while y < clip.maxY {
                var x = clip.minX + 0.61
                while x < clip.maxX {
                    let p = Vec2(x, y)
                    var expected = 1.0
                    for own in fields { expected *= 1 - FieldTileTests.coverage(FieldTileTests.distance(p, own, parameters), ppu) }
                    var drawn = 1.0
                    for region in regions
                    where p.x > region.box.minX && p.x < region.box.maxX && p.y > region.box.minY && p.y < region.box.maxY {
                        let run = Array(ordered[region.first..<(region.first + region.count)])
                        let c = FieldTileTests.drawn(region, at: p, run: run, parameters: parameters, ppu: ppu)
                        drawn *= 1 - c
                    }
                    worst = max(worst, abs((1 - drawn) - (1 - expected)))
                    #expect(abs(drawn - expected) <= 0.01, "\(kernel) ×\(ppu): \(p) drawn \(1 - drawn), the fields' union \(1 - expected)")
                    let one = FieldTileTests.coverage(FieldTileTests.distance(p, balls, parameters), ppu)
                    if abs(one - (1 - expected)) > 0.5 { differsFromOneField += 1 }
                    x += 2.3 / ppu
                }
                y += 2.3 / ppu
            }
        }
        // The scene is one where adding all the balls up would draw another picture.
        #expect(differsFromOneField > 20, "\(kernel): only \(differsFromOneField) points tell the fields from one field")
        print("\(kernel) separate fields: worst coverage error \(worst); \(differsFromOneField) points differ from one field")
    }
}
