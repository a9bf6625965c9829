// `render --out FILE.svg` against the PNG of the same command, through an independent SVG
// rasterizer (rsvg-convert, from librsvg); `--geometry FILE.json` against the picture's edge.

import Foundation
import Imaging
import Testing
@testable import App

let rsvgPresent = onPath("rsvg-convert")

@Suite struct VectorExportTests {
    /// How red a pixel is: (R − G)/255, so white, the grey labels and the white count are 0.
    static func redness(_ image: Image) -> [Double] {
        (0..<(image.width * image.height)).map { max(0, Double(image.pixels[4 * $0]) - Double(image.pixels[4 * $0 + 1])) / 255 }
    }

    static func iou(_ a: [Double], _ b: [Double]) -> Double {
        var intersection = 0.0, union = 0.0
        for i in a.indices {
            intersection += min(a[i], b[i])
            union += max(a[i], b[i])
        }
        return union > 0 ? intersection / union : 1
    }

    static let cases: [[String]] = [
        ["--style", "quad"], ["--style", "cubic"], ["--style", "tangent"],
        ["--style", "quad", "--scale", "2"], ["--style", "cubic", "--text", "99+"],
        ["--mode", "metaball", "--kernel", "inverseSquare"], ["--mode", "metaball", "--kernel", "wyvill"],
        ["--mode", "metaball", "--kernel", "smoothMin"], ["--mode", "metaball", "--kernel", "wyvill", "--scale", "2"],
        ["--mode", "split", "--style", "tangent", "--kernel", "smoothMin"],
        ["--scene", "chain", "--mode", "split", "--time", "1", "--size", "400x240"],
    ]

    /// The SVG, rasterized by rsvg-convert, and the PNG of the same command agree (IoU ≥ 0.99 of
    /// the red), for every style and kernel, at scales 1 and 2, split and the chain included.
    @Test(.enabled(if: rsvgPresent, "needs rsvg-convert (librsvg2-bin; scripts/setup installs it)"), arguments: cases)
    func svgRasterizedAgreesWithThePNG(_ options: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var base = ["render", "--size", "320x200", "--anchor", "70,100", "--drag", "112,118"] + (options.contains("--text") ? [] : ["--text", "8"])
        if options.contains("--scene") { base = ["render"] }
        let png = folder.appendingPathComponent("a.png").path, svg = folder.appendingPathComponent("a.svg").path
        let drawn = folder.appendingPathComponent("a-svg.png").path
        for out in [png, svg] {
            let result = try Sticky.run(base + options + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let rsvg = Process()
        rsvg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        rsvg.arguments = ["rsvg-convert", svg, "-o", drawn]
        try rsvg.run()
        rsvg.waitUntilExit()
        #expect(rsvg.terminationStatus == 0)
        let a = try PNG.read(from: png), b = try PNG.read(from: drawn)
        #expect(a.width == b.width && a.height == b.height, "\(a.width)x\(a.height) vs \(b.width)x\(b.height)")
        guard a.width == b.width, a.height == b.height else { return }
        let score = VectorExportTests.iou(VectorExportTests.redness(a), VectorExportTests.redness(b))
        #expect(score >= 0.99, "\(options): IoU \(score)")
        // The split panes' labels, the glyphs' outlines where the PNG puts their bitmaps: within
        // 24 levels in every channel inside their panels (as text in a font the viewer had to
        // have, they differed by up to 217).
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        let panels = text.split(separator: "\n").filter { $0.contains("<rect class=\"label\"") }
        #expect(panels.count == (options.contains("split") ? 2 : 0), "\(options)")
        let scale = options.firstIndex(of: "--scale").map { Int(options[$0 + 1])! } ?? 1
        for (index, panel) in panels.enumerated() {
            func number(_ name: String) -> Double {
                Double(panel.split(separator: " ").first { $0.hasPrefix("\(name)=") }!.split(separator: "\"")[1]) ?? .nan
            }
            let x0 = scale * Int(number("x").rounded(.down)) + index * a.width / 2, y0 = scale * Int(number("y").rounded(.down))
            var worst = 0
            for y in y0..<min(a.height, y0 + scale * Int(number("height").rounded(.up))) {
                for x in x0..<min(a.width, x0 + scale * Int(number("width").rounded(.up))) {
                    let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                    worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                }
            }
            #expect(worst <= 24, "\(options) label \(index): \(worst) levels apart")
        }
    }

    /// Where later badges cover earlier counts (the seeded grid of 128 at 640x360 overlaps, and
    /// its counts are big enough to be drawn), the SVG draws the fill and the counts in the
    /// picture's order (the field in the picture's levels; each Bézier badge's count right over
    /// its disc), so the same counts are hidden: no pixel is a count's white in one and the badge
    /// red in the other (every count drawn after the whole fill, or after every disc, fails it).
    @Test(.enabled(if: rsvgPresent, "needs rsvg-convert (librsvg2-bin; scripts/setup installs it)"), arguments: ["metaball", "bezier"])
    func svgHidesTheCountsThePictureHides(mode: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("g.png").path, svg = folder.appendingPathComponent("g.svg").path
        let drawn = folder.appendingPathComponent("g-svg.png").path
        for out in [png, svg] {
            let result = try Sticky.run(["render", "--scene", "grid", "--count", "128", "--mode", mode, "--size", "640x360",
                                         "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        if mode == "metaball" {
            #expect(text.components(separatedBy: "class=\"field\"").count - 1 > 1, "one level: the scene covers no count")
        }
        #expect(text.components(separatedBy: "class=\"count\"").count - 1 == 128, "every count drawn")
        let rsvg = Process()
        rsvg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        rsvg.arguments = ["rsvg-convert", svg, "-o", drawn]
        try rsvg.run()
        rsvg.waitUntilExit()
        let a = try PNG.read(from: png), b = try PNG.read(from: drawn)
        guard a.width == b.width, a.height == b.height else { return #expect(Bool(false), "sizes differ") }
        var differ = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let redA = a.pixels[i] > 200 && a.pixels[i + 1] < 60, redB = b.pixels[i] > 200 && b.pixels[i + 1] < 60
            if (redA && b.pixels[i + 1] > 180) || (redB && a.pixels[i + 1] > 180) { differ += 1 }
        }
        #expect(differ <= 5, "\(mode): \(differ) pixels a count in one and red in the other")
    }

    /// The bridge is drawn with curve commands (Q or C), its only straight pieces the two chords
    /// inside the circles; the metaball fill is cubic segments; circles are circles.
    @Test func svgUsesCurvesNotPolylines() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (style, command) in [("quad", "Q"), ("cubic", "Q"), ("tangent", "C")] {
            let svg = folder.appendingPathComponent("\(style).svg").path
            let result = try Sticky.run(["render", "--style", style, "--mode", "split", "--anchor", "100,150", "--drag", "150,170",
                                         "--text", "5", "--out", svg])
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            let bridge = try #require(text.split(separator: "\n").first { $0.contains("class=\"bridge") })
            let d = String(bridge.split(separator: "d=\"")[1].split(separator: "\"")[0])
            #expect(d.filter { $0 == "L" }.count == 1 && d.contains(command) && d.hasSuffix("Z"), "\(style): \(d)")
            #expect(d.filter { $0 == Character(command) }.count == (style == "cubic" ? 4 : 2), "\(style): \(d)")
            #expect(text.contains("<circle class=\"badge\"") && text.contains("<circle class=\"home\""))
            #expect(text.contains("class=\"count\" aria-label=\"5\"") && text.contains("id=\"bezier\"") && text.contains("id=\"metaball\""))
            let field = try #require(text.split(separator: "\n").first { $0.contains("class=\"field\"") })
            #expect(field.contains("C") && !field.contains("L"), "the field's path: \(field.prefix(200))")
        }
    }

    /// Split pictures name their panes as the window does, in the PNG and the SVG alike: each
    /// SVG label's panel is where the PNG of the same command draws dark text, clear of the red
    /// (the grid's badges too: a split picture's grid leaves the labels their band). In panes
    /// 180 px wide, the metaball pane's label is its first part alone in both.
    @Test(arguments: [
        (["--style", "tangent", "--kernel", "smoothMin", "--anchor", "100,150", "--drag", "150,170"], ["Bézier · tangent", "metaball · smoothMin"]),
        (["--scene", "chain", "--time", "1", "--size", "400x240"], ["Bézier · circles", "metaball · inverseSquare"]),
        (["--scene", "grid", "--count", "256"], ["Bézier · quad", "metaball · inverseSquare"]),
        (["--scene", "grid", "--count", "64", "--size", "640x360"], ["Bézier · quad", "metaball · inverseSquare"]),
        (["--style", "tangent", "--size", "360x200", "--anchor", "80,100", "--drag", "130,122"], ["Bézier · tangent", "metaball"]),
    ])
    func splitPanesAreLabelledAlike(_ options: [String], _ names: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path, svg = folder.appendingPathComponent("a.svg").path
        for out in [png, svg] {
            let result = try Sticky.run(["render", "--mode", "split", "--text", "5"]
                                        + options + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // Drawn as the glyphs' outlines, named by aria-label (no font named, none needed).
        let labels = text.split(separator: "\n").filter { $0.contains("<path class=\"label\"") }
        #expect(labels.map { $0.split(separator: "\"")[3] } == names.map { Substring($0) }, "\(options)")
        #expect(!text.contains("<text"), "\(options)")
        let image = try PNG.read(from: png)
        let panels = text.split(separator: "\n").filter { $0.contains("<rect class=\"label\"") }
        #expect(panels.count == 2)
        for (index, panel) in panels.enumerated() {
            func number(_ name: String) -> Double {
                Double(panel.split(separator: " ").first { $0.hasPrefix("\(name)=") }!.split(separator: "\"")[1]) ?? .nan
            }
            // The panel is in its pane's group: the right pane starts half way.
            let x0 = Int(number("x")) + index * image.width / 2, y0 = Int(number("y"))
            // Grey ink on white: a badge under the panel would tint it red (pink through the
            // panel's 85% white).
            var ink = 0, red = 0
            for y in y0..<(y0 + Int(number("height"))) {
                for x in x0..<(x0 + Int(number("width"))) {
                    let p = image.pixel(x: x, y: y)
                    if p.r < 100 && p.g < 100 { ink += 1 }
                    if Int(p.r) - Int(p.g) > 20 { red += 1 }
                }
            }
            #expect(ink > 40 && red == 0, "\(options) panel \(index): \(ink) dark pixels, \(red) tinted red")
        }
    }

    /// The metaball pane's geometry names the counts drawn over its field, each on its badge's
    /// disc: the same text, centre and radius as the Bézier pane's badge circle.
    @Test func theFieldsPaneNamesItsCounts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("a.json").path
        let result = try Sticky.run(["render", "--mode", "split", "--anchor", "80,100", "--drag", "130,122", "--text", "23",
                                     "--size", "360x200", "--geometry", json])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let panes = try #require(root["panes"] as? [[String: Any]])
        let badge = try #require((panes[0]["circles"] as? [[String: Any]])?.first { $0["role"] as? String == "badge" })
        let counts = try #require(panes[1]["counts"] as? [[String: Any]])
        #expect(counts.count == 1 && counts[0]["text"] as? String == "23" && badge["text"] as? String == "23")
        #expect(counts[0]["center"] as? [Double] == [130, 122] && badge["center"] as? [Double] == [130, 122])
        #expect(counts[0]["radius"] as? Double == badge["radius"] as? Double)
    }

    @Test func badVectorOutputsSayWhy() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [([String], Int32, String)] = [
            (["--out", folder.appendingPathComponent("none/a.svg").path], 1, "cannot write"),
            (["--geometry", folder.appendingPathComponent("none/a.json").path], 1, "cannot write"),
            (["--out", folder.appendingPathComponent("a.pdf").path], 2, "--out expects a .png or .svg file name"),
            (["--geometry", folder.appendingPathComponent("a.png").path], 2, "--geometry expects a .json file name"),
            (["--mode", "overlay", "--out", folder.appendingPathComponent("a.svg").path], 2, "overlay is PNG only"),
            (["--wireframe", "--out", folder.appendingPathComponent("a.svg").path], 2, "PNG only"),
            (["--mode", "overlay", "--geometry", folder.appendingPathComponent("a.json").path], 2, "overlay is PNG only"),
            (["--out", folder.path + "/a.png/"], 2, "--out expects a file name, got the folder"),
            (["--geometry", folder.path + "/a.json/"], 2, "--geometry expects a file name, got the folder"),
            ([], 2, "render needs --out"),
        ]
        for (arguments, status, message) in cases {
            let result = try Sticky.run(["render"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Every bridge side's segments, evaluated, lie on the rendered picture's edge: along the
    /// side's normal, the coverage crosses ½ within 0.5 px of the point (where the side is not
    /// inside a circle); every circle's rim too. The file names the style and the parameters.
    @Test(arguments: ["quad", "cubic", "tangent"])
    func geometrySegmentsLieOnThePicturesEdge(style: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png").path, json = folder.appendingPathComponent("a.json").path
        let result = try Sticky.run(["render", "--style", style, "--size", "300x200", "--anchor", "110,100", "--drag", "160,128",
                                     "--out", png, "--geometry", json])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(from: png)
        let coverage = VectorExportTests.redness(image)
        func at(_ x: Double, _ y: Double) -> Double {
            // Bilinear between pixel centres.
            let fx = x - 0.5, fy = y - 0.5
            let i = Int(fx.rounded(.down)), j = Int(fy.rounded(.down))
            let tx = fx - Double(i), ty = fy - Double(j)
            func c(_ i: Int, _ j: Int) -> Double {
                guard i >= 0, j >= 0, i < image.width, j < image.height else { return 0 }
                return coverage[j * image.width + i]
            }
            return (c(i, j) * (1 - tx) + c(i + 1, j) * tx) * (1 - ty) + (c(i, j + 1) * (1 - tx) + c(i + 1, j + 1) * tx) * ty
        }
        /// Where the coverage crosses ½ along the normal through (x, y), within ±2 px.
        func offset(_ x: Double, _ y: Double, _ nx: Double, _ ny: Double) -> Double? {
            var previous: (Double, Double)?
            for k in -40...40 {
                let s = Double(k) * 0.05
                let v = at(x + nx * s, y + ny * s) - 0.5
                if let (ps, pv) = previous, (pv <= 0) != (v <= 0) { return ps + (s - ps) * pv / (pv - v) }
                previous = (s, v)
            }
            return nil
        }
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(root["style"] as? String == style)
        let parameters = try #require(root["parameters"] as? [String: Any])
        #expect(parameters["maxDistance"] as? Double == 60 && parameters["style"] as? String == style)
        let pane = try #require((root["panes"] as? [[String: Any]])?.first)
        let circles = try #require(pane["circles"] as? [[String: Any]])
        let discs = circles.map { c -> (Double, Double, Double) in
            let centre = c["center"] as! [Double]
            return (centre[0], centre[1], c["radius"] as! Double)
        }
        #expect(discs.count == 2)
        let bridge = try #require((pane["bridges"] as? [[String: Any]])?.first)
        let sides = try #require(bridge["sides"] as? [[[String: Any]]])
        #expect(sides.count == 2)
        var checked = 0, worst = 0.0
        for side in sides {
            for segment in side {
                let start = segment["start"] as! [Double], end = segment["end"] as! [Double]
                let controls = segment["controls"] as! [[Double]]
                // Raise a quadratic to a cubic: the same curve.
                let p: [[Double]] = controls.count == 1
                    ? [start, zip(start, controls[0]).map { $0 + 2 * ($1 - $0) / 3 }, zip(end, controls[0]).map { $0 + 2 * ($1 - $0) / 3 }, end]
                    : [start, controls[0], controls[1], end]
                for k in 1..<20 {
                    let t = Double(k) / 20, u = 1 - t
                    let w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                    let x = (0..<4).reduce(0.0) { $0 + w[$1] * p[$1][0] }, y = (0..<4).reduce(0.0) { $0 + w[$1] * p[$1][1] }
                    let dw = [-3 * u * u, 3 * u * u - 6 * u * t, 6 * u * t - 3 * t * t, 3 * t * t]
                    let dx = (0..<4).reduce(0.0) { $0 + dw[$1] * p[$1][0] }, dy = (0..<4).reduce(0.0) { $0 + dw[$1] * p[$1][1] }
                    let length = (dx * dx + dy * dy).squareRoot()
                    // Where the side runs inside a circle (or within a pixel of its rim), the circle's rim is the edge.
                    guard length > 0, !discs.contains(where: { (x - $0.0) * (x - $0.0) + (y - $0.1) * (y - $0.1) < ($0.2 + 1) * ($0.2 + 1) }) else { continue }
                    let found = try #require(offset(x, y, -dy / length, dx / length), "no edge near (\(x), \(y))")
                    worst = max(worst, abs(found))
                    checked += 1
                }
            }
        }
        #expect(checked >= 20, "only \(checked) points checked")
        #expect(worst <= 0.5, "\(style): a side point \(worst) px from the drawn edge")
        // The circles' rims, on the side facing away from the other circle (within ±60°), where
        // the bridge does not reach.
        var rims = 0
        for (cx, cy, r) in discs {
            let other = discs.first { $0.0 != cx || $0.1 != cy }!
            let away = atan2(cy - other.1, cx - other.0)
            for k in -4...4 {
                let a = away + Double(k) * Double.pi / 12, x = cx + r * cos(a), y = cy + r * sin(a)
                rims += 1
                let found = try #require(offset(x, y, cos(a), sin(a)))
                #expect(abs(found) <= 0.5, "rim of (\(cx), \(cy)) r \(r) at \(k * 15)° from the far side: \(found)")
            }
        }
        #expect(rims == 18)
    }
}

/// The overlay's colours say which fill covers a pixel (its blue: the Bézier fill's alone), so
/// the caterpillar's head, which both fills cover, shows the badge colour there, not the
/// head's own blue.
@Suite struct OverlayChainTests {
    @Test func theChainsHeadIsCoveredByBothFills() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("c.json").path, png = folder.appendingPathComponent("o.png").path
        // The head's place, from the same still (the chain's first frame) drawn as shapes in
        // the metaball mode, which has the overlay's walls (the Bézier mode's stand further
        // out); its radius there is the head drawn over the field, at most a tenth larger.
        let shapes = try Sticky.run(["render", "--scene", "chain", "--mode", "metaball", "--geometry", json])
        #expect(shapes.status == 0, "\(shapes.stderr)")
        let drawn = try Sticky.run(["render", "--scene", "chain", "--mode", "overlay", "--out", png])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let geometry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let panes = try #require(geometry?["panes"] as? [[String: Any]])
        let circles = try #require(panes.first?["circles"] as? [[String: Any]])
        let head = try #require(circles.first { $0["role"] as? String == "head" })
        let center = try #require(head["center"] as? [Double]), radius = try #require(head["radius"] as? Double) / 1.1
        let image = try PNG.read(from: png)
        var checked = 0
        for dy in stride(from: -radius + 3, through: radius - 3, by: 4) {
            for dx in stride(from: -radius + 3, through: radius - 3, by: 4) where dx * dx + dy * dy < (radius - 3) * (radius - 3) {
                let x = Int(center[0] + dx), y = Int(center[1] + dy), i = 4 * (y * image.width + x)
                let rgb = Array(image.pixels[i..<(i + 3)])
                #expect(rgb[0] > 200 && rgb[1] < 60 && rgb[2] < 60, "(\(x), \(y)): \(rgb), not the badge colour")
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}

/// The caterpillar's head over the field: the JSON gives its radius as geometry, the same at any
/// --scale (it gave the radius drawn, half a device pixel wider: 32.05, 31.80, 31.68 at 1×, 2×,
/// 4×), no larger than the field's contour holds about its centre; the SVG draws it half a
/// device pixel wider, as the PNG does, over the field's soft edge.
@Suite struct HeadGeometryTests {
    @Test func theHeadsRadiusIsTheSameAtAnyScale() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var radii: [Double] = []
        for scale in [1.0, 2, 4] {
            let json = folder.appendingPathComponent("c\(Int(scale)).json").path, svg = folder.appendingPathComponent("c\(Int(scale)).svg").path
            let result = try Sticky.run(["render", "--scene", "chain", "--mode", "metaball", "--time", "1", "--size", "480x320",
                                         "--scale", String(scale), "--geometry", json, "--out", svg])
            #expect(result.status == 0, "\(result.stderr)")
            let geometry = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
            let panes = try #require(geometry?["panes"] as? [[String: Any]])
            let circles = try #require(panes.first?["circles"] as? [[String: Any]])
            let head = try #require(circles.first { $0["role"] as? String == "head" })
            let radius = try #require(head["radius"] as? Double), center = try #require(head["center"] as? [Double])
            radii.append(radius)
            // Within the contour (to the thousandth of a unit its search stops at): the field's
            // balls (inverse square, iso 1) sum to at least 1 on the circle of that radius less
            // 0.001 about its centre.
            let field = try #require(panes.first?["field"] as? [String: Any])
            let balls = try #require(field["balls"] as? [[String: Any]])
            for k in 0..<72 {
                let angle = Double(k) * .pi / 36
                let p = (center[0] + (radius - 0.001) * cos(angle), center[1] + (radius - 0.001) * sin(angle))
                let sum = balls.reduce(0.0) { total, ball in
                    let c = ball["center"] as! [Double], r = ball["radius"] as! Double
                    let d2 = (p.0 - c[0]) * (p.0 - c[0]) + (p.1 - c[1]) * (p.1 - c[1])
                    return total + r * r / d2
                }
                #expect(sum >= 1, "×\(scale): the head's rim at \(k * 5)° lies outside the contour (field \(sum))")
            }
            // The SVG's head: that radius and half a device pixel.
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            let drawn = try #require(text.firstMatch(of: /class="head"[^>]*r="([0-9.]+)"/).flatMap { Double($0.1) })
            #expect(abs(drawn - (radius + 0.5 / scale)) < 1e-3, "×\(scale): SVG r \(drawn), JSON \(radius)")
        }
        #expect(radii.allSatisfy { abs($0 - radii[0]) < 1e-9 }, "\(radii)")
    }
}

/// A badge at rest is drawn as the badge alone, as a lone badge is (its home circle, of the
/// same size and place, drawn under it stacked its anti-aliased edge on the badge's: edge
/// pixels 1 − (1 − c)², the area 1.5% too large at R 20, in the PNG and the SVG).
@Suite struct RestingBadgeTests {
    @Test func aBadgeAtRestIsDrawnAsALoneBadge() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ name: String, _ arguments: [String]) throws -> String {
            let out = folder.appendingPathComponent(name).path
            let result = try Sticky.run(["render", "--radius", "20", "--size", "300x160", "--out", out] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return out
        }
        // At rest at (100.3, 80.7); the same badge alone, held there past the break from far away.
        let rest = try render("rest.png", ["--anchor", "100.3,80.7"])
        let lone = try render("lone.png", ["--anchor", "250,80.7", "--drag", "100.3,80.7"])
        let a = try PNG.read(from: rest), b = try PNG.read(from: lone)
        let same = a.pixels == b.pixels
        #expect(same, "the badge at rest is not drawn as the lone badge")
        // Its coverage (red over white: the green channel) sums to πR² within a tenth of a percent.
        let area = stride(from: 1, to: a.pixels.count, by: 4).reduce(0.0) { $0 + (255 - Double(a.pixels[$1])) / 255 }
        #expect(abs(area - Double.pi * 400) < 0.001 * Double.pi * 400, "area \(area) against \(Double.pi * 400)")
        // The SVG draws the badge alone too; the construction keeps the home circle.
        let svg = try String(contentsOfFile: try render("rest.svg", ["--anchor", "100.3,80.7", "--geometry", folder.appendingPathComponent("g.json").path]),
                             encoding: .utf8)
        #expect(!svg.contains("class=\"home\"") && !svg.contains("class=\"bridge") && svg.contains("class=\"badge\""), "\(svg)")
        let geometry = try String(contentsOf: folder.appendingPathComponent("g.json"), encoding: .utf8)
        #expect(geometry.contains("\"role\":\"home\"") || geometry.contains("\"role\" : \"home\""), "\(geometry)")
        // ... and says that it is not drawn, where a home circle the picture draws says nothing.
        func circles(_ arguments: [String]) throws -> [[String: Any]] {
            let json = folder.appendingPathComponent("c.json").path
            _ = try render("c.svg", arguments + ["--geometry", json])
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            return try #require(((root["panes"] as? [[String: Any]])?.first)?["circles"] as? [[String: Any]])
        }
        let atRest = try circles(["--anchor", "100.3,80.7"]).first { $0["role"] as? String == "home" }
        #expect(atRest?["drawn"] as? Bool == false, "\(String(describing: atRest))")
        let pulled = try circles(["--anchor", "100,80", "--drag", "140,80"]).first { $0["role"] as? String == "home" }
        #expect(pulled != nil && pulled?["drawn"] == nil, "\(String(describing: pulled))")
    }
}

/// A bridge always has its "home" key: the home circle's index, or null where it has shrunk
/// to nothing (the key was left out, and `bridge["home"]` failed in a user's script).
@Suite struct BridgeHomeKeyTests {
    @Test func aBridgeWithoutAHomeCircleSaysNull() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, home) in [(["--radius", "0.5", "--anchor", "50,50", "--drag", "55,50"], nil as Int?),
                                  (["--anchor", "100,80", "--drag", "140,80"], 0)] {
            let json = folder.appendingPathComponent("g.json").path
            let result = try Sticky.run(["render", "--size", "300x160", "--geometry", json] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
            let bridge = try #require((((root["panes"] as? [[String: Any]])?.first)?["bridges"] as? [[String: Any]])?.first, "\(arguments)")
            let value = try #require(bridge["home"], "\(arguments): no home key")
            if let home { #expect(value as? Int == home, "\(arguments)") } else { #expect(value is NSNull, "\(arguments): \(value)") }
        }
    }
}

/// A count too long to read on its badge is left out, and render says so: the warning comes
/// exactly when the picture has no count on the badge (no light pixel inside its disc), for
/// counts of one to twelve digits at R 20 and at scale 1 and 2, and of 40 and 60 (too long to
/// draw even at radius 100, where they were left out unsaid).
@Suite struct LeftOutCountTests {
    @Test func aCountLeftOutIsWarnedOf() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var warned = 0, drawn = 0
        for scale in [1, 2] {
            for digits in Array(1...12) + [40, 60] {
                let out = folder.appendingPathComponent("c.png").path
                let text = String(repeating: "8", count: digits)
                let result = try Sticky.run(["render", "--radius", "20", "--size", "100x100", "--scale", String(scale), "--text", text, "--out", out])
                #expect(result.status == 0, "\(result.stderr)")
                let image = try PNG.read(from: out)
                // Light pixels (the white count) within 15 units of the centre.
                var light = 0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let dx = (Double(x) + 0.5) / Double(scale) - 50, dy = (Double(y) + 0.5) / Double(scale) - 50
                        if dx * dx + dy * dy < 225, image.pixels[4 * (y * image.width + x) + 1] > 128 { light += 1 }
                    }
                }
                let warning = result.stderr.contains("--text '\(text)' is left out")
                #expect(warning == (light == 0), "scale \(scale), \(digits) digits: \(light) light pixels, stderr \(result.stderr)")
                if warning { warned += 1 } else { drawn += 1 }
            }
        }
        #expect(warned > 0 && drawn > 0)
    }
}
