// The metaball fill, measured on rendered pictures: exact radii, joining distances, one-pixel
// edges, the split and overlay modes, and the --stats figures.

import Foundation
import Testing
@testable import App
@testable import Geometry
import Imaging
import Reference
@testable import Motion
@testable import Render

@Suite(.serialized) struct MetaballTests {
    /// The kernel's definition in the independent reference, with the same constants.
    static func referenceKernel(_ parameters: MetaballParameters) -> ReferenceKernel {
        switch parameters.kernel {
        case .inverseSquare: .inverseSquare
        case .wyvill: .wyvill(threshold: parameters.threshold)
        case .smoothMin: .smoothMin(blend: parameters.blend)
        }
    }

    static func options(mode: Mode, kernel: MetaballKernel = .inverseSquare, width: Int = 240, height: Int = 160, scale: Double = 1) -> CommonOptions {
        var options = CommonOptions()
        options.width = width
        options.height = height
        options.scale = scale
        options.mode = mode
        options.parameters.metaball.kernel = kernel
        return options
    }

    static func coverage(_ image: Image) -> [Double] { RenderTests.coverage(of: image) }

    @Test(arguments: MetaballKernel.allCases, [(20.0, 1.0), (13.5, 2.0), (31.0, 1.0)])
    func loneBallIsExactlyItsRadius(kernel: MetaballKernel, ball: (radius: Double, scale: Double)) throws {
        let options = MetaballTests.options(mode: .metaball, kernel: kernel, scale: ball.scale)
        let center = Vec2(120.3, 80.6)
        let pose = BadgePose(home: center, center: center, radius: ball.radius, parameters: options.parameters.motion.badge)
        let image = try RenderCommand.draw([pose], options: options)
        let area = MetaballTests.coverage(image).reduce(0, +) / (ball.scale * ball.scale)
        let measured = (area / Double.pi).squareRoot()
        #expect(abs(measured - ball.radius) <= 0.25, "\(kernel): radius \(measured) for \(ball.radius)")
    }

    /// Two (nearly) equal balls: joined a little inside the analytic joining distance, apart a
    /// little outside it, judged at the midpoint pixel.
    @Test(arguments: MetaballKernel.allCases)
    func twoBallsJoinAtTheAnalyticDistance(kernel: MetaballKernel) throws {
        var options = MetaballTests.options(mode: .metaball, kernel: kernel, width: 320, height: 160)
        options.parameters.motion.badge.shrink = 1000  // home radius R − d/1000 ≈ R
        options.parameters.motion.badge.maxDistance = 1000
        let r = 20.0
        let joining = MetaballTests.referenceKernel(options.parameters.metaball).joiningDistance(radius: r)
        for (factor, joined) in [(0.97, true), (1.03, false)] {
            let d = joining * factor
            let home = Vec2(160 - d / 2, 80)
            let pose = BadgePose(home: home, center: home + Vec2(d, 0), radius: r, parameters: options.parameters.motion.badge)
            let image = try RenderCommand.draw([pose], options: options)
            let middle = MetaballTests.coverage(image)[80 * image.width + 160]
            if joined {
                #expect(middle > 0.9, "\(kernel) at \(d) (join \(joining)): midpoint coverage \(middle)")
            } else {
                #expect(middle < 0.05, "\(kernel) at \(d) (join \(joining)): midpoint coverage \(middle)")
            }
        }
    }

    /// The edge is about one device pixel wide: partially covered pixels ≈ the perimeter.
    @Test(arguments: MetaballKernel.allCases)
    func edgeBandIsOnePixelWide(kernel: MetaballKernel) throws {
        for scale in [1.0, 2.0] {
            let options = MetaballTests.options(mode: .metaball, kernel: kernel, scale: scale)
            let center = Vec2(120, 80)
            let pose = BadgePose(home: center, center: center, radius: 40, parameters: options.parameters.motion.badge)
            let image = try RenderCommand.draw([pose], options: options)
            let partial = MetaballTests.coverage(image).filter { $0 > 0.02 && $0 < 0.98 }.count
            let perimeter = 2 * Double.pi * 40 * scale
            let ratio = Double(partial) / perimeter
            #expect(ratio > 0.7 && ratio < 1.5, "\(kernel) ×\(scale): \(partial) edge pixels for a perimeter of \(perimeter)")
        }
    }

    /// Each of the field's programs draws what the field's own formula gives at every pixel:
    /// tiles whose runs are short (drawn with their balls as flat inputs, padded with balls
    /// that add nothing), longer, and longer than any padded program (read from the uniform
    /// block), against the coverage clamp(½ − d, 0, 1) of `MetaballField.signedDistance`.
    @Test(arguments: MetaballKernel.allCases)
    func everyRunLengthIsDrawnAsTheFieldSays(kernel: MetaballKernel) throws {
        let (width, height) = (200, 160)
        // Four fields: a pair, a ring of nine, a tight knot of twenty and a row of sixteen.
        func ring(_ n: Int, at c: Vec2, radius ring: Double, ball r: Double) -> [Ball] {
            (0..<n).map { k in
                let a = 2 * Double.pi * Double(k) / Double(n) + 0.3
                return Ball(center: c + Vec2(cos(a), sin(a)) * ring, radius: r)
            }
        }
        let pair = [Ball(center: Vec2(24, 30), radius: 9), Ball(center: Vec2(44, 34), radius: 7)]
        let nine = ring(9, at: Vec2(130, 40), radius: 24, ball: 8)
        let twenty = ring(20, at: Vec2(80, 110), radius: 9, ball: 6)
        // (Past `MetaballField.sharedRunLimit`, spread out: the inverse square's runs of its own,
        // longer among the larger balls and short among the specks, with tails. The specks are
        // 2 px: smaller, SmallBallTests's, are drawn as their area, not the ramp.)
        let row = (0..<8).map { Ball(center: Vec2(12 + 11.5 * Double($0), 146), radius: 4) }
            + (0..<8).map { Ball(center: Vec2(110 + 12 * Double($0), 146), radius: 2) }
        var field = MetaballField(balls: pair + nine + twenty + row, parameters: MetaballParameters(kernel: kernel),
                                  fieldEnds: [pair.count, pair.count + nine.count, pair.count + nine.count + twenty.count,
                                              pair.count + nine.count + twenty.count + row.count])
        field.parameters.kernel = kernel
        var regions: [Region] = [], balls: [Ball] = [], scratch = MetaballScratch()
        field.regions(clip: Box(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height)), pixelsPerUnit: 1,
                      into: &regions, balls: &balls, scratch: &scratch)
        // The runs reach every program: the short ones', the longer ones' and past them. For the
        // inverse square, the pair and the ring of nine are small fields, each one run shared by
        // all its tiles, with no tail (`MetaballField.sharedRunLimit`, at most the longest
        // program's), and the row's tiles have short runs of their own, with tails.
        let runs = regions.filter { !$0.inside }.map(\.count)
        if kernel == .inverseSquare {
            let shared = regions.filter { !$0.inside && $0.tail == LocalField() && $0.count <= MetaballField.sharedRunLimit }
            #expect(Set(shared.map { [$0.first, $0.count] }) == [[0, pair.count], [pair.count, nine.count]], "\(kernel): shared runs")
            #expect(regions.contains { !$0.inside && $0.count <= Renderer.runClasses.last! && $0.tail != LocalField() })
            #expect(MetaballField.sharedRunLimit == Renderer.runClasses.last!)
        }
        #expect(runs.contains { $0 <= Renderer.runClasses[0] }, "\(kernel): runs \(runs)")
        #expect(runs.contains { $0 > Renderer.runClasses[0] && $0 <= Renderer.runClasses.last! }, "\(kernel): runs \(runs)")
        #expect(runs.contains { $0 > Renderer.runClasses.last! }, "\(kernel): runs \(runs)")
        let black = Color(red: 0, green: 0, blue: 0)
        let frame = Frame(width: Double(width), height: Double(height), scale: 1, background: .white, mesh: Mesh(),
                          metaballs: MetaballLayer(parameters: field.parameters, color: black, regions: regions, balls: balls),
                          panes: [Pane(x: 0, y: 0, width: width, height: height, content: .metaball)])
        let headless = try HeadlessRenderer(pixelWidth: width, pixelHeight: height)
        defer { headless.destroy() }
        // The inverse square's short-run programs all linked (a failed one would fall back to
        // the looping program and draw the same picture, slower).
        #expect(headless.renderer.linkedRunPrograms == Renderer.runClasses.count)
        let drawn = MetaballTests.coverage(try headless.image(of: frame))
        var worst = (error: 0.0, x: 0, y: 0)
        for y in 0..<height {
            for x in 0..<width {
                let d = field.signedDistance(at: Vec2(Double(x) + 0.5, Double(y) + 0.5))
                let expected = min(max(0.5 - d, 0), 1)
                let error = abs(drawn[y * width + x] - expected)
                if error > worst.error { worst = (error, x, y) }
            }
        }
        // (8-bit channels: half a step, and the tails' second order, 1e-4 of the iso value.)
        #expect(worst.error <= 0.02, "\(kernel): coverage off by \(worst.error) at \(worst.x),\(worst.y)")
    }

    /// Two balls joined by a neck, drawn against the coverage of the kernel's definition (the
    /// independent reference, 8×8 samples a pixel): every kernel's edge within the one-pixel
    /// ramp's own error (a lone circle's is about 0.05), and no pixel a pixel or more inside
    /// drawn less than full. The smooth minimum was shaded by its value alone, which is nearly
    /// flat across a neck: a pale band along the axis (0.60–0.85) and edges off by 0.4.
    @Test(arguments: MetaballKernel.allCases, [1.0, 3.0])
    func aNeckIsShadedAsTheKernelSays(kernel: MetaballKernel, scale: Double) throws {
        var options = MetaballTests.options(mode: .metaball, kernel: kernel, width: 240, height: 200, scale: scale)
        options.parameters.metaball.blend = scale == 1 ? 12 : 30
        let pose = BadgePose(home: Vec2(100, 100), center: Vec2(140, 110), radius: 20, parameters: options.parameters.motion.badge)
        let image = try RenderCommand.draw([pose], options: options)
        var painter = BadgePainter()
        painter.paint([pose], parameters: options.parameters, scale: scale, mode: .metaball)
        let balls = painter.metaballField.balls.map { (center: RPoint($0.center.x, $0.center.y), radius: $0.radius) }
        #expect(balls.count == 2)
        let reference = MetaballTests.referenceKernel(options.parameters.metaball)
        let drawn = MetaballTests.coverage(image)
        var worst = (error: 0.0, x: 0, y: 0), paleInside = 0, checked = 0
        let (x0, x1) = (Int(70 * scale), Int(170 * scale)), (y0, y1) = (Int(70 * scale), Int(140 * scale))
        var inside = [Int](repeating: 0, count: image.width * image.height)
        for y in (y0 - 1)...y1 {
            for x in (x0 - 1)...x1 {
                for j in 0..<8 {
                    for i in 0..<8 {
                        let p = RPoint((Double(x) + (Double(i) + 0.5) / 8) / scale, (Double(y) + (Double(j) + 0.5) / 8) / scale)
                        if reference.inside(p, balls: balls) { inside[y * image.width + x] += 1 }
                    }
                }
            }
        }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let expected = Double(inside[y * image.width + x]) / 64, got = drawn[y * image.width + x]
                // A pixel whose neighbours are all wholly inside too: a pixel or more in.
                let deep = (-1...1).allSatisfy { j in (-1...1).allSatisfy { i in inside[(y + j) * image.width + x + i] == 64 } }
                if deep && got < 0.98 { paleInside += 1 }
                if abs(got - expected) > worst.error { worst = (abs(got - expected), x, y) }
                checked += 1
            }
        }
        #expect(paleInside == 0, "\(kernel) ×\(scale): \(paleInside) pixels a pixel or more inside drawn pale")
        #expect(worst.error <= 0.1, "\(kernel) ×\(scale): coverage off by \(worst.error) at \(worst.x),\(worst.y)")
        #expect(checked > 6000)
    }

    /// Split draws each pane as the single mode does, with the window's divider and labels.
    @Test func splitDrawsBothPanesFromOneScene() throws {
        let home = Vec2(60, 80), drag = Vec2(100, 95)
        var split = MetaballTests.options(mode: .split, width: 240)
        split.parameters.bridge.style = .tangent
        let pose = BadgePose(home: home, center: drag, radius: 20, parameters: split.parameters.motion.badge)
        let both = try RenderCommand.draw([pose], texts: ["8"], options: split)
        #expect(both.width == 240)
        // The divider and the two labels (as the window's), placed clear of the badges; every
        // other pixel is the single pane's.
        let layout = split.layout(.free)
        let snapshot = SceneSnapshot(held: [pose], texts: ["8"], rule: split.parameters.metaballBreak,
                                     shrink: split.parameters.motion.badge.shrink)
        let labels = HUD(HUDContent.labels(snapshot, layout: layout, scene: .badge, parameters: split.parameters), layout: layout,
                         scale: 1, atlas: Fonts.atlas()).labelBoxes
        #expect(labels.count == 2)
        func labelled(_ x: Int, _ y: Int) -> Bool {
            labels.contains { $0.intersects(Rect(x: Double(x), y: Double(y), width: 1, height: 1)) } || x == 119 || x == 120
        }
        for box in labels {
            var ink = 0
            for y in Int(box.y)..<Int(box.maxY) { for x in Int(box.x)..<Int(box.maxX) where both.pixel(x: x, y: y).r < 100 { ink += 1 } }
            #expect(ink > 20, "the label at \(box) shows \(ink) dark pixels")
        }
        #expect((0..<160).allSatisfy { both.pixel(x: 119, y: $0).r < 240 }, "no divider")
        for (mode, offset) in [(Mode.bezier, 0), (.metaball, 120)] {
            var single = split
            single.mode = mode
            single.width = 120
            let pane = try RenderCommand.draw([pose], texts: ["8"], options: single)
            var worst = 0
            for y in 0..<160 {
                for x in 0..<120 where !labelled(x + offset, y) {
                    let a = both.pixel(x: x + offset, y: y), b = pane.pixel(x: x, y: y)
                    worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                }
            }
            #expect(worst <= 1, "\(mode) pane differs by \(worst)")
        }
    }

    /// The overlay: both → badge colour, only one → its colour (`Renderer.overlayColors`: for
    /// the blue badge, not blue), exactly from the two coverages.
    @Test(arguments: [Color.badgeRed, Color(red: 0.2, green: 0.4, blue: 1)])
    func overlayColoursTheSymmetricDifference(badge: Color) throws {
        let home = Vec2(100, 80), drag = Vec2(150, 100)
        var bezier = MetaballTests.options(mode: .bezier)
        bezier.parameters.bridge.style = .cubic
        let pose = BadgePose(home: home, center: drag, radius: 20, parameters: bezier.parameters.motion.badge)
        var metaball = bezier
        metaball.mode = .metaball
        // (The two fills' coverages read from their pictures in red, the overlay in `badge`.)
        var overlay = bezier
        overlay.mode = .overlay
        overlay.parameters.color = badge
        let a = MetaballTests.coverage(try RenderCommand.draw([pose], options: bezier))
        let b = MetaballTests.coverage(try RenderCommand.draw([pose], options: metaball))
        let picture = try RenderCommand.draw([pose], options: overlay)
        // The legend, the picture's label (where the HUD puts it: a box clear of the badge):
        // its own ink, checked below, not the fills'.
        let snapshot = SceneSnapshot(held: [pose], rule: overlay.parameters.metaballBreak, shrink: overlay.parameters.motion.badge.shrink)
        let legend = HUD(HUDContent.labels(snapshot, layout: overlay.layout(.free), scene: .badge, parameters: overlay.parameters),
                         layout: overlay.layout(.free), scale: 1, atlas: Fonts.atlas())
        let box = try #require(legend.labelBoxes.first, "the overlay's legend has a place")
        // Each colour keyed (in two lines at this width, the fills' names left out).
        let text = legend.labelTexts.first ?? ""
        #expect(text.contains("Bézier only") && text.contains("field only") && text.contains("both"), "\(legend.labelTexts)")
        func inLegend(_ i: Int) -> Bool {
            box.contains(Vec2(Double(i % picture.width) + 0.5, Double(i / picture.width) + 0.5))
        }
        var differing = 0, worst = 0.0, legendInk = 0
        for i in a.indices {
            if inLegend(i) {
                // The label's panel and text: not the white page.
                if picture.pixels[4 * i] < 200 || picture.pixels[4 * i + 1] < 200 { legendInk += 1 }
                continue
            }
            let both = min(a[i], b[i]), onlyA = a[i] - both, onlyB = b[i] - both
            let only = Renderer.overlayColors(both: badge, background: overlay.parameters.background)
            let red = badge, blue = only.bezier, green = only.metaball
            let alpha = max(a[i], b[i])
            // Premultiplied over the white background.
            let expected = [
                both * red.red + onlyA * blue.red + onlyB * green.red + (1 - alpha),
                both * red.green + onlyA * blue.green + onlyB * green.green + (1 - alpha),
                both * red.blue + onlyA * blue.blue + onlyB * green.blue + (1 - alpha),
            ]
            let got = [picture.pixels[4 * i], picture.pixels[4 * i + 1], picture.pixels[4 * i + 2]].map { Double($0) / 255 }
            worst = max(worst, zip(expected, got).map { abs($0 - $1) }.max()!)
            if onlyA > 0.5 || onlyB > 0.5 { differing += 1 }
        }
        #expect(differing > 100, "the two fills should differ somewhere")
        #expect(worst <= 3.0 / 255, "overlay off by \(worst * 255) levels")
        #expect(legendInk > 50, "the legend's text is drawn (\(legendInk) dark pixels in its box)")
        #expect(box.x >= 0 && box.y >= 0 && box.maxX <= Double(picture.width) && box.maxY <= Double(picture.height))
    }

    /// The overlay's legend keys each colour with a swatch of it, in the legend's order (the
    /// Bézier fill's alone, the field's alone, both's), whole on one line in a wide picture and
    /// over two in a narrow one; both's is the badges' colour, whatever it is set to.
    @Test(arguments: [(640, Color.badgeRed), (240, Color.badgeRed), (640, Color(red: 0.5, green: 0, blue: 1))])
    func overlaysLegendHasASwatchOfEachColour(width: Int, color: Color) throws {
        var overlay = MetaballTests.options(mode: .overlay, width: width)
        overlay.parameters.color = color
        let pose = BadgePose(home: Vec2(60, 50), center: Vec2(95, 65), radius: 16, parameters: overlay.parameters.motion.badge)
        let picture = try RenderCommand.draw([pose], options: overlay)
        let snapshot = SceneSnapshot(held: [pose], rule: overlay.parameters.metaballBreak, shrink: overlay.parameters.motion.badge.shrink)
        let legend = HUD(HUDContent.labels(snapshot, layout: overlay.layout(.free), scene: .badge, parameters: overlay.parameters),
                         layout: overlay.layout(.free), scale: 1, atlas: Fonts.atlas())
        let box = try #require(legend.labelBoxes.first, "the overlay's legend has a place")
        let lines = legend.labelTexts[0].split(separator: "\n").count
        #expect(lines == (width > 400 ? 1 : 2), "\(legend.labelTexts)")
        // Each key's pixels in the legend's box: those of its colour exactly (to a level).
        func pixels(of c: Color) -> [(x: Int, y: Int)] {
            var found: [(x: Int, y: Int)] = []
            for y in max(0, Int(box.y))..<min(picture.height, Int(box.maxY.rounded(.up))) {
                for x in max(0, Int(box.x))..<min(picture.width, Int(box.maxX.rounded(.up))) {
                    let i = 4 * (y * picture.width + x)
                    let got = [picture.pixels[i], picture.pixels[i + 1], picture.pixels[i + 2]].map { Double($0) / 255 }
                    if zip([c.red, c.green, c.blue], got).allSatisfy({ abs($0 - $1) <= 1.5 / 255 }) { found.append((x, y)) }
                }
            }
            return found
        }
        let only = Renderer.overlayColors(both: color, background: overlay.parameters.background)
        let keys = [only.bezier, only.metaball, color].map(pixels(of:))
        // A square 0.75 em (9 px) on a side, its edge a pixel: 7×7 of the colour.
        for (k, key) in keys.enumerated() { #expect(key.count == 49, "key \(k): \(key.count) pixels") }
        guard keys.allSatisfy({ !$0.isEmpty }) else { return }
        let x = keys.map { Double($0.map(\.x).reduce(0, +)) / Double($0.count) }
        let y = keys.map { Double($0.map(\.y).reduce(0, +)) / Double($0.count) }
        if lines == 1 {
            #expect(x[0] < x[1] && x[1] < x[2] && Set(y).count == 1, "one line, in order: \(x), \(y)")
        } else {
            // Two lines: the Bézier key on the first, the field's and both's on the second.
            #expect(y[0] < y[1] && y[1] == y[2] && x[1] < x[2], "two lines, in order: \(x), \(y)")
        }
    }

    /// The overlay's colours for one fill alone are blue and green unless the badges' colour
    /// or the background is near one of them; whatever those are, the four colours lie at
    /// least `overlayDistance` apart (a blue badge's Bézier-only slivers once came out in a
    /// blue a few levels from its own).
    @Test func overlaysColoursStayApart() {
        func distance(_ a: Color, _ b: Color) -> Double {
            ((a.red - b.red) * (a.red - b.red) + (a.green - b.green) * (a.green - b.green) + (a.blue - b.blue) * (a.blue - b.blue)).squareRoot()
        }
        let white = Color.white, black = Color(red: 0, green: 0, blue: 0)
        #expect(Renderer.overlayColors(both: .badgeRed, background: white) == (Renderer.onlyBezier, Renderer.onlyMetaball))
        // A pure blue badge: its Bézier-only slivers in orange (at 0.3 apart they stayed a
        // blue 0.38 from it, hard to tell from it on screen).
        #expect(Renderer.overlayColors(both: Color(red: 0, green: 0, blue: 1), background: white).bezier == Renderer.overlayAlternatives[0])
        var moved = 0
        let levels = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
        for r in levels {
            for g in levels {
                for b in levels {
                    let badge = Color(red: r, green: g, blue: b)
                    for background in [white, black, Color(red: 0.1, green: 0.7, blue: 0.25)] {
                        let only = Renderer.overlayColors(both: badge, background: background)
                        let all = [badge, background, only.bezier, only.metaball]
                        let least = (0..<4).flatMap { i in ((i + 1)..<4).map { distance(all[i], all[$0]) } }
                        // (The badge and the background may be as near as they like: the user's.)
                        #expect(least.dropFirst().allSatisfy { $0 >= Renderer.overlayDistance }, "\(badge) on \(background): \(only)")
                        if only.bezier != Renderer.onlyBezier || only.metaball != Renderer.onlyMetaball { moved += 1 }
                    }
                }
            }
        }
        #expect(moved > 0)
    }

    /// --stats' IoU against the one measured on the two rendered pictures.
    @Test(arguments: [BridgeStyle.quad, .cubic, .tangent], MetaballKernel.allCases)
    func statsIoUMatchesThePictures(style: BridgeStyle, kernel: MetaballKernel) throws {
        var bezier = MetaballTests.options(mode: .bezier, kernel: kernel, scale: 2)
        bezier.parameters.bridge.style = style
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(138, 104), radius: 20, parameters: bezier.parameters.motion.badge)
        var metaball = bezier
        metaball.mode = .metaball
        let a = MetaballTests.coverage(try RenderCommand.draw([pose], options: bezier))
        let b = MetaballTests.coverage(try RenderCommand.draw([pose], options: metaball))
        var intersection = 0.0, union = 0.0
        for i in a.indices {
            intersection += min(a[i], b[i])
            union += max(a[i], b[i])
        }
        let stats = RenderCommand.comparison(of: pose, parameters: bezier.parameters)
        #expect(abs(stats.intersectionOverUnion - intersection / union) <= 0.01,
                "\(style)/\(kernel): stats \(stats.intersectionOverUnion), pictures \(intersection / union)")
        // Areas agree too (scale 2: four pixels a unit).
        #expect(abs(stats.bezierArea - a.reduce(0, +) / 4) <= 0.01 * stats.bezierArea)
        #expect(abs(stats.metaballArea - b.reduce(0, +) / 4) <= 0.01 * stats.metaballArea)
    }

    /// The quad side meets the badge at an angle (seeds' kink) and the home circle smoothly;
    /// the tangent style is smooth at both ends.
    @Test func joinAnglesMatchTheConstructions() {
        var parameters = Parameters()
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(140, 100), radius: 20, parameters: parameters.motion.badge)
        parameters.bridge.style = .quad
        let quad = RenderCommand.comparison(of: pose, parameters: parameters)
        #expect(quad.homeKink! < 1e-6)
        // Side direction at D is 2(D − O) = (d, 2(r2 − r1)) in the local frame; the circle's is the axis.
        let d = pose.distance, expected = atan2(2 * (pose.radius - pose.homeRadius), d) * 180 / Double.pi
        #expect(abs(quad.badgeKink! - expected) < 1e-6)
        parameters.bridge.style = .tangent
        let tangent = RenderCommand.comparison(of: pose, parameters: parameters)
        #expect(tangent.homeKink! < 1e-6 && tangent.badgeKink! < 1e-6)
    }

    /// Badges piled on each other show, at each pixel, the last badge that covers it, its
    /// count included, in the field modes as in the Bézier fill: a count lies over the fields
    /// before it and under those after it (not all counts over the whole field). The expected
    /// picture is made from each badge drawn alone: away from every edge (1.5 px), a pixel is
    /// the topmost covering badge's own pixel there. A seeded pile of 14 at rest (lone balls,
    /// whose contours are exactly their circles), in every kernel.
    @Test(arguments: [Mode.bezier, .metaball], MetaballKernel.allCases)
    func eachPixelShowsTheTopmostBadgeWithItsCount(mode: Mode, kernel: MetaballKernel) throws {
        guard mode == .metaball || kernel == .inverseSquare else { return }
        let options = MetaballTests.options(mode: mode, kernel: kernel, width: 240, height: 160)
        let badge = options.parameters.motion.badge
        var seed: UInt64 = 0x5EED_BAD6
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var poses: [BadgePose] = [], texts: [String] = []
        for i in 0..<14 {
            let center = Vec2(60 + 120 * random(), 40 + 80 * random())
            poses.append(BadgePose(home: center, center: center, radius: 12 + 12 * random(), parameters: badge))
            texts.append(["1", "8", "23", "99+", "7", "42"][i % 6])
        }
        let alone = try poses.indices.map { try RenderCommand.draw([poses[$0]], texts: [texts[$0]], options: options) }
        let all = try RenderCommand.draw(poses, texts: texts, options: options)
        var checked = 0, glyphs = 0, covered = 0, wrong: [String] = []
        for y in 0..<160 {
            for x in 0..<240 {
                let p = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                // The topmost badge over p, if p is clear of its edge and of every later one's.
                guard let top = poses.indices.last(where: { p.distance(to: poses[$0].center) < poses[$0].radius + 1.5 }),
                      p.distance(to: poses[top].center) < poses[top].radius - 1.5
                else { continue }
                let i = 4 * (y * 240 + x)
                let expected = alone[top].pixels[i..<(i + 3)], got = all.pixels[i..<(i + 3)]
                checked += 1
                if expected.first! > 200 && expected.last! > 100 {
                    glyphs += 1  // the top badge's count
                    if poses[..<top].contains(where: { p.distance(to: $0.center) < $0.radius }) { covered += 1 }
                }
                if zip(expected, got).contains(where: { abs(Int($0) - Int($1)) > 3 }) && wrong.count < 5 {
                    wrong.append("(\(x), \(y)) badge \(top): \(Array(got)) for \(Array(expected))")
                }
            }
        }
        // Earlier counts lie under later badges here, and later counts over earlier badges.
        let hidden = (0..<160).reduce(0) { sum, y in
            sum + (0..<240).filter { x in
                let p = Vec2(Double(x) + 0.5, Double(y) + 0.5), i = 4 * (y * 240 + x)
                return poses.indices.contains { k in
                    alone[k].pixels[i + 2] > 100 && p.distance(to: poses[k].center) < poses[k].radius
                        && poses[(k + 1)...].contains { p.distance(to: $0.center) < $0.radius - 1.5 }
                }
            }.count
        }
        #expect(checked > 5000 && glyphs > 200 && covered > 50 && hidden > 100,
                "checked \(checked), glyphs \(glyphs), over others \(covered), hidden \(hidden): not the pile the test means")
        #expect(wrong.isEmpty, "\(mode) \(kernel): \(wrong)")
    }

    /// A later badge pulled from a home over an earlier badge's count: the Bézier fill draws
    /// every home circle and bridge under the badges, so the count stays in sight, and so it
    /// does in the field modes (only a later badge's disc covers a count), in every kernel;
    /// also when that badge's disc covers a third badge's count (so its field must be drawn
    /// after some count); and when that badge's disc is near the count (in a cell of it, 9 px
    /// below its glyphs' box) and overlaps the earlier badge's disc, but not the count.
    @Test(arguments: [Mode.bezier, .metaball], MetaballKernel.allCases)
    func aLaterBadgesHomeLeavesAnEarliersCountShown(mode: Mode, kernel: MetaballKernel) throws {
        guard mode == .metaball || kernel == .inverseSquare else { return }
        for near in [false, true] { try laterBadgesHome(mode: mode, kernel: kernel, near: near) }
    }

    private func laterBadgesHome(mode: Mode, kernel: MetaballKernel, near: Bool) throws {
        let options = MetaballTests.options(mode: mode, kernel: kernel, width: 200, height: 120)
        let badge = options.parameters.motion.badge
        let a = BadgePose(home: Vec2(80, 60), center: Vec2(80, 60), radius: 20, parameters: badge)
        // Its home ball (radius 20 − 50/10) on a's count, its disc 29 px clear of it; or, near,
        // its home ball (12 − 31/10) on a's count, its disc from y = 79 (a's disc to 80).
        let b = near ? BadgePose(home: Vec2(80, 60), center: Vec2(80, 91), radius: 12, parameters: badge)
            : BadgePose(home: Vec2(80, 60), center: Vec2(130, 60), radius: 20, parameters: badge)
        #expect(b.attached && b.homeRadius > (near ? 8 : 14))
        let c = BadgePose(home: Vec2(132, 60), center: Vec2(132, 60), radius: 12, parameters: badge)
        let aAlone = try RenderCommand.draw([a], texts: ["23"], options: options)
        let both = try RenderCommand.draw([c, a, b], texts: ["1", "23", "7"], options: options)
        var glyphs = 0, wrong: [String] = []
        for y in 0..<120 {
            for x in 0..<200 where Vec2(Double(x) + 0.5, Double(y) + 0.5).distance(to: a.center) < a.radius - 2 {
                let i = 4 * (y * 200 + x)
                guard aAlone.pixels[i + 2] > 200 else { continue }  // a's count, white
                glyphs += 1
                if both.pixels[i + 2] <= 200 && wrong.count < 5 { wrong.append("(\(x), \(y)): \(Array(both.pixels[i..<(i + 3)]))") }
            }
        }
        #expect(glyphs > 40, "only \(glyphs) pixels of the count")
        #expect(wrong.isEmpty, "\(mode) \(kernel)\(near ? ", b's disc near" : ""): a's count hidden at \(wrong)")
    }

    /// The counts go between the fields only where a later field meets an earlier count: apart,
    /// the badges' fields are one step (one draw of the tiles, one of the counts); each badge
    /// drawn over the one before takes a step of its own.
    @Test func countsTakeAStepOnlyWhereALaterFieldMeetsThem() throws {
        let parameters = Parameters()
        let badge = parameters.motion.badge
        let layout = Layout(width: 400, height: 120, mode: .metaball, scene: .free)
        func steps(_ centers: [Vec2]) -> [FieldStep] {
            var painter = BadgePainter(atlas: Fonts.atlas())
            let poses = centers.map { BadgePose(home: $0, center: $0, radius: 20, parameters: badge) }
            painter.paint(poses, texts: Array(repeating: "8", count: poses.count), parameters: parameters, scale: 1, mode: .metaball)
            let frame = painter.frame(layout: layout, scale: 1, parameters: parameters, pixelWidth: 400, pixelHeight: 120)
            return frame.metaballs?.steps ?? []
        }
        let apart = steps([Vec2(50, 60), Vec2(150, 60), Vec2(250, 60), Vec2(350, 60)])
        #expect(apart.count == 1)
        let piled = steps([Vec2(50, 60), Vec2(70, 60), Vec2(90, 60), Vec2(250, 60)])
        #expect(piled.count == 3, "\(piled)")
        // Every tile and every decal index drawn once, in order.
        for list in [apart, piled] {
            #expect(list.first?.regions.lowerBound == 0 && list.first?.decals.lowerBound == 0)
            for (s, t) in zip(list, list.dropFirst()) {
                #expect(s.regions.upperBound == t.regions.lowerBound && s.decals.upperBound == t.decals.lowerBound)
            }
        }
        // A burst first (decals before any field), then a badge over another's count: every
        // decal index is drawn once, as in the whole field's frame, whose decals are not moved.
        var board = SceneSnapshot(held: [Vec2(50, 60), Vec2(70, 60), Vec2(90, 60)].map {
            BadgePose(home: $0, center: $0, radius: 20, parameters: badge)
        }, texts: ["1", "2", "3"], rule: .vanish, shrink: 10)
        board.badges.insert(BadgeLook(id: 9, text: "", pose: nil, burst: Explosion(center: Vec2(300, 60), radius: 20, duration: 1, seed: 3),
                                      burstAge: 0.3, held: false, homeBall: 0), at: 0)
        func decals(_ fields: MetaballFields) -> (steps: Int, indices: [UInt32]) {
            var parameters = parameters
            parameters.metaballFields = fields
            var painter = BadgePainter(atlas: Fonts.atlas())
            painter.paint(board, parameters: parameters, scale: 1, mode: .metaball)
            let frame = painter.frame(layout: layout, scale: 1, parameters: parameters, pixelWidth: 400, pixelHeight: 120)
            return (frame.metaballs?.steps.count ?? 0, frame.decals.indices)
        }
        let (separate, whole) = (decals(.badge), decals(.scene))
        #expect(separate.steps == 3 && whole.steps == 0 && whole.indices.count > 100)
        #expect(separate.indices.sorted() == whole.indices.sorted() && separate.indices != whole.indices)
        // The whole field as one (--metaball-fields scene): no steps, the counts over it all.
        var one = parameters
        one.metaballFields = .scene
        var painter = BadgePainter(atlas: Fonts.atlas())
        let poses = [Vec2(50, 60), Vec2(70, 60)].map { BadgePose(home: $0, center: $0, radius: 20, parameters: badge) }
        painter.paint(poses, texts: ["8", "8"], parameters: one, scale: 1, mode: .metaball)
        #expect(painter.frame(layout: layout, scale: 1, parameters: one, pixelWidth: 400, pixelHeight: 120).metaballs?.steps == [])
    }
}

/// The caterpillar drawn as one body: no gap between touching bodies in the goo and metaball fills.
@Suite(.serialized) struct ChainRenderTests {
    /// The head over the field (metaball and split): where the contour comes nearest to the
    /// head's centre, the head's colour reaches it, with no rim of the body's colour, though the
    /// body's field has pushed the contour past the head's own radius there. Checked at 3×,
    /// a device pixel inside the reference's contour.
    @Test(arguments: [Mode.metaball, .split])
    func theHeadFillsTheFieldRoundIt(mode: Mode) throws {
        var options = CommonOptions()
        options.width = 400
        options.height = 300
        options.scale = 3
        options.scene = .chain
        options.mode = mode
        let layout = Layout(width: 400, height: 300, mode: mode, scene: .chain)
        let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: options.parameters, fieldShown: true)
        let start = scene.world.circles.last!.center
        scene.apply(.pointerDown(start))
        for k in 1...60 {
            scene.apply(.pointerMove(start.mix(Vec2(layout.canvas.x / 2, 60), Double(k) / 60)))
            scene.advance(to: Double(k) / 120)
        }
        scene.advance(to: 1)
        let snapshot = scene.snapshot(options.parameters)
        var painter = BadgePainter()
        painter.paint(snapshot, parameters: options.parameters, scale: 3 * layout.zoom, mode: mode)
        let (w, h) = options.pixelSize
        let headless = try HeadlessRenderer(pixelWidth: w, pixelHeight: h)
        defer { headless.destroy() }
        let image = try headless.image(of: painter.frame(layout: layout, scale: 3 * layout.zoom, parameters: options.parameters,
                                                         pixelWidth: w, pixelHeight: h))
        let head = snapshot.bodies.last!
        let balls = snapshot.bodies.map { (center: RPoint($0.center.x, $0.center.y), radius: $0.radius) }
        let (nearest, direction) = ReferenceKernel.inverseSquare.nearestContour(
            from: RPoint(head.center.x, head.center.y), least: head.radius, balls: balls)
        #expect(nearest > head.radius + 0.6, "the body's field should widen the contour round the head: \(nearest)")
        // The metaball pane's origin in device pixels (split: the right half).
        let pane = layout.panes.first { $0.content == .metaball }!
        for offset in [-0.3, -0.15, 0, 0.15, 0.3] {
            let u = RPoint(direction.x * cos(offset) - direction.y * sin(offset), direction.x * sin(offset) + direction.y * cos(offset))
            let p = head.center + Vec2(u.x, u.y) * (nearest - 1.0 / 3)
            let x = Int(((pane.x + p.x * layout.zoom) * 3).rounded(.down)), y = Int(((pane.y + p.y * layout.zoom) * 3).rounded(.down))
            let pixel = image.pixel(x: x, y: y)
            #expect(pixel.r < 40 && pixel.b > 200, "at \(x),\(y), \(offset) rad from the nearest way: \(pixel), not the head's colour")
        }
    }

    /// Where bodies crowd round the head, the field swells into one blob and the largest
    /// circle it holds round the head is far larger than the head: the head is drawn at most a
    /// tenth larger than itself there (83 px for a head of 60 before), and as large as the
    /// contour holds where that is less (the seed's chain).
    @Test func theHeadKeepsItsSizeInABlob() {
        let head = Ball(center: Vec2(200, 200), radius: 30)
        let ring = (0..<8).map { k -> Ball in
            let a = Double(k) * Double.pi / 4
            return Ball(center: head.center + Vec2(cos(a), sin(a)) * 42, radius: 15)
        }
        let blob = MetaballField(balls: ring + [head])
        #expect(blob.inscribedRadius(about: head.center, least: head.radius) > 1.2 * head.radius, "the case: a blob round the head")
        #expect(abs(BadgePainter.headRadius(head, in: blob) - 1.1 * head.radius) < 1e-9)
        let pair = MetaballField(balls: [Ball(center: Vec2(155, 200), radius: 15), head])
        let holds = pair.inscribedRadius(about: head.center, least: head.radius)
        #expect(holds < 1.1 * head.radius && BadgePainter.headRadius(head, in: pair) == holds)
    }

    /// Dropped and come to rest on the floor, the caterpillar is drawn whole in every fill and
    /// kernel: the field, which reaches past the bodies' circles, leaves the canvas's last row and
    /// columns blank (it was cut flat by the floor before the walls stood inside the canvas),
    /// and the bodies lie on the floor, not above it.
    @Test(arguments: [(Mode.metaball, MetaballKernel.inverseSquare), (.metaball, .wyvill), (.metaball, .smoothMin),
                      (.split, .inverseSquare), (.bezier, .inverseSquare)])
    func theRestingCaterpillarIsWhole(mode: Mode, kernel: MetaballKernel) throws {
        var parameters = Parameters()
        parameters.metaball.kernel = kernel
        let layout = Layout(width: 800, height: 300, mode: mode, scene: .chain)
        let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: parameters, fieldShown: mode != .bezier)
        scene.advance(to: 4)
        #expect(!scene.isAnimating, "still moving after 4 s")
        let snapshot = scene.snapshot(parameters)
        var painter = BadgePainter()
        painter.paint(snapshot, parameters: parameters, scale: layout.zoom, mode: mode)
        let headless = try HeadlessRenderer(pixelWidth: 800, pixelHeight: 300)
        defer { headless.destroy() }
        let image = try headless.image(of: painter.frame(layout: layout, scale: layout.zoom, parameters: parameters,
                                                         pixelWidth: 800, pixelHeight: 300))
        let background = image.pixel(x: 0, y: 0)
        var panes: [Pane] = []
        layout.pixelPanes(pixelWidth: 800, pixelHeight: 300, into: &panes)
        #expect(panes.count == (mode == .split ? 2 : 1))
        for pane in panes {
            var drawn = 0
            for x in pane.x..<(pane.x + pane.width) {
                let bottom = image.pixel(x: x, y: pane.y + pane.height - 1)
                if bottom != background { drawn += 1 }
            }
            #expect(drawn == 0, "\(mode) \(kernel) \(pane.content): \(drawn) pixels of the last row drawn (cut by the floor)")
            // The tail lies against the left wall.
            let left = (pane.y..<(pane.y + pane.height)).filter { image.pixel(x: pane.x, y: $0) != background }
            #expect(left.isEmpty, "\(mode) \(kernel) \(pane.content): the first column is drawn at rows \(left)")
        }
        // On the floor: the lowest body's bottom within a pixel of the walls' inset from the canvas's bottom.
        let lowest = snapshot.bodies.map { $0.center.y + $0.radius }.max()!
        #expect(abs(lowest - (layout.canvas.y - scene.world.inset)) < 1, "the lowest body ends at \(lowest)")
        // (The smooth minimum never reaches past the circles' outer side; the other kernels do.
        // The Bézier mode's circles rest on the canvas's foot, the soft edge's pixel and a half
        // up: walls set for a field it does not draw held them up to 25 px above it.)
        #expect(kernel == .smoothMin || mode == .bezier ? scene.world.inset == ChainScene.softEdge : scene.world.inset > ChainScene.softEdge + 1,
                "walls \(scene.world.inset) inside")
    }

    /// A long caterpillar dropped from two rows comes to rest heaped round its head, and a
    /// heap's field reaches further past its circles than the straight row's (at 30 bodies the
    /// inverse square's 24 px against 8): the walls stand as far in as the densest heap's, so
    /// that no heap is cut flat by the canvas's floor or walls (it was, at 30 bodies, along 246
    /// px of the last row). Every kernel that reaches past the circles, at 30 and at 50 bodies.
    @Test(arguments: [(30, MetaballKernel.inverseSquare), (50, .inverseSquare), (30, .wyvill), (50, .wyvill)])
    func aHeapedCaterpillarIsWhole(count: Int, kernel: MetaballKernel) throws {
        var parameters = Parameters()
        parameters.metaball.kernel = kernel
        parameters.chain.count = count
        let layout = Layout(width: 800, height: 600, mode: .metaball, scene: .chain)
        let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: parameters, fieldShown: true)
        scene.advance(to: 6)
        let snapshot = scene.snapshot(parameters)
        // The case: bodies lie on bodies (a body's centre above the floor by more than a radius
        // and a half).
        let floor = layout.canvas.y - scene.world.inset
        #expect(snapshot.bodies.contains { floor - $0.center.y > 2.5 * parameters.chain.radius }, "no heap")
        var painter = BadgePainter()
        painter.paint(snapshot, parameters: parameters, scale: layout.zoom, mode: .metaball)
        let headless = try HeadlessRenderer(pixelWidth: 800, pixelHeight: 600)
        defer { headless.destroy() }
        let image = try headless.image(of: painter.frame(layout: layout, scale: layout.zoom, parameters: parameters,
                                                         pixelWidth: 800, pixelHeight: 600))
        let background = image.pixel(x: 0, y: 0)
        let bottom = (0..<800).filter { image.pixel(x: $0, y: 599) != background }
        #expect(bottom.isEmpty, "\(count) \(kernel): \(bottom.count) pixels of the last row drawn (cut by the floor)")
        let sides = (0..<600).filter { image.pixel(x: 0, y: $0) != background || image.pixel(x: 799, y: $0) != background }
        #expect(sides.isEmpty, "\(count) \(kernel): the first or last column drawn at rows \(sides)")
    }

    /// The caterpillar without goo, held by its head as the bench holds it: its Bézier fill
    /// (the bodies' circles, the head's included) covers no pixel more than its field does, in
    /// every kernel (so the overlay shows no blue, as its legend says), while the field reaches
    /// well past the circles (the goo between the bodies).
    @Test(arguments: MetaballKernel.allCases)
    func theCirclesLieInsideTheField(kernel: MetaballKernel) throws {
        var parameters = Parameters()
        parameters.metaball.kernel = kernel
        parameters.goo = false
        func coverage(_ mode: Mode) throws -> [Double] {
            let layout = Layout(width: 600, height: 400, mode: mode, scene: .chain)
            let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: parameters, fieldShown: true)
            scene.apply(.pointerDown(scene.world.circles.last!.center))
            scene.apply(.pointerMove(Vec2(layout.canvas.x / 2, layout.canvas.y / 3)))
            scene.advance(to: 1)
            var painter = BadgePainter()
            painter.paint(scene.snapshot(parameters), parameters: parameters, scale: 2 * layout.zoom, mode: mode)
            let headless = try HeadlessRenderer(pixelWidth: 1200, pixelHeight: 800)
            defer { headless.destroy() }
            return MetaballTests.coverage(try headless.image(of: painter.frame(layout: layout, scale: 2 * layout.zoom, parameters: parameters,
                                                                               pixelWidth: 1200, pixelHeight: 800)))
        }
        let circles = try coverage(.bezier), field = try coverage(.metaball)
        let beyond = zip(circles, field).filter { $0 > $1 + 1.5 / 255 }.count
        let most = zip(circles, field).map { $0 - $1 }.max() ?? 0
        #expect(beyond == 0, "\(kernel): \(beyond) pixels covered more by the circles than by the field (by up to \(most))")
        let goo = zip(circles, field).filter { $1 > $0 + 0.5 }.count
        #expect(circles.reduce(0, +) > 4000 && goo > 2000, "\(kernel): circles \(circles.reduce(0, +)), field past them \(goo)")
    }

    @Test(arguments: [(Mode.bezier, true), (.metaball, false), (.bezier, false)])
    func touchingBodiesShowNoGap(mode: Mode, goo: Bool) throws {
        var options = CommonOptions()
        options.width = 400
        options.height = 240
        options.scene = .chain
        options.mode = mode
        options.parameters.goo = goo
        options.parameters.bridge.style = .tangent
        let scene = ChainScene(width: 400, height: 240, parameters: options.parameters, fieldShown: mode != .bezier)
        var painter = BadgePainter()
        painter.paint(scene.snapshot(options.parameters), parameters: options.parameters, scale: 1, mode: mode)
        let headless = try HeadlessRenderer(pixelWidth: 400, pixelHeight: 240)
        defer { headless.destroy() }
        let layout = Layout(width: 400, height: 240, mode: mode, scene: .free)
        let image = try headless.image(of: painter.frame(layout: layout, scale: 1, parameters: options.parameters,
                                                         pixelWidth: 400, pixelHeight: 240))
        // Bodies of radius 15 touch 30 px apart (from the first's right side, the row starting
        // at the left wall); 6 px above and below the centre line the plain circles leave a
        // notch (background), a gooey fill does not.
        var notch = 0
        let first = Int((scene.world.circles[0].center.x + 15).rounded(.down))
        for x in stride(from: first, through: first + 180, by: 30) {
            for y in [115 - 6, 115 + 5] where image.pixel(x: x, y: y).g > 128 { notch += 1 }
        }
        if goo || mode == .metaball {
            #expect(notch == 0, "\(mode) goo \(goo): \(notch) notch pixels")
        } else {
            #expect(notch == 14, "plain circles should leave notches, found \(notch)")
        }
    }
}
