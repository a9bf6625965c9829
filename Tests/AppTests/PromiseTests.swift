// README promises of the command line that no other test pins: the order options apply in, the
// paper.js preset, STICKY_SHADER_DIR, the metaball break rule in the picture, APNG timing decoded
// from the file, the bench's figures. Expected values are written here from the promise.

import Foundation
import Imaging
import Reference
import Testing
@testable import App
@testable import Geometry
import Motion

@Suite struct CLIPromiseTests {
    /// Flags and --set apply in the order given, after the preset and the params file.
    @Test func flagsAndSetApplyInTheOrderGiven() throws {
        func maxDistance(_ words: [String]) throws -> Double {
            try RenderRequest(words + ["--out", "unused.png"]).common.parameters.motion.badge.maxDistance
        }
        #expect(try maxDistance(["--max-distance", "30", "--set", "maxDistance=70"]) == 70)
        #expect(try maxDistance(["--set", "maxDistance=70", "--max-distance", "30"]) == 30)
        #expect(try maxDistance(["--set", "maxDistance=70", "--set", "maxDistance=45"]) == 45)
        // The preset comes first whatever its place: the later --set wins, and so does an earlier one.
        #expect(try maxDistance(["--set", "maxDistance=33", "--preset", "paperjs"]) == 33)
        #expect(try maxDistance(["--preset", "paperjs", "--set", "maxDistance=33"]) == 33)
        #expect(try maxDistance(["--preset", "paperjs"]) == 80)
    }

    /// paper.js's MetaBalls values (v = 0.5, handle rate 2.4, the tangent connector), and the
    /// picture is paper.js's shape, judged against the reference's own paper.js construction.
    @Test func paperjsPresetDrawsPaperjsConnector() throws {
        let command = try RenderRequest(["--preset", "paperjs", "--size", "240x160", "--anchor", "100,80", "--drag", "150,100", "--out", "unused.png"])
        var options = command.common
        let bridge = options.parameters.bridge
        #expect(bridge.style == .tangent && bridge.spread == 0.5 && bridge.handleRate == 2.4)
        #expect(options.parameters.metaball.kernel == .inverseSquare)
        options.mode = .bezier
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(150, 100), radius: 20, parameters: options.parameters.motion.badge)
        let got = redCoverage(try RenderCommand.draw([pose], options: options))
        let want = ReferenceShape(home: RPoint(100, 80), badge: RPoint(150, 100), radius: 20, shrink: 10, maxDistance: 80,
                                  style: .tangent(spread: 0.5, handleRate: 2.4)).coverage(width: 240, height: 160, scale: 1)
        var intersection = 0.0, union = 0.0
        for i in got.indices {
            intersection += min(got[i], want[i])
            union += max(got[i], want[i])
        }
        #expect(intersection / union >= 0.99, "IoU \(intersection / union)")
    }

    /// `--metaball-break separate`: past the break the home ball stays in the field, at the
    /// seeds' home radius R − d/shrink; `vanish` (the default) drops it like the home circle.
    @Test func metaballBreakSeparateKeepsTheHomeBall() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var centres: [String: (UInt8, UInt8, UInt8)] = [:]
        var edges: [String: Int] = [:]
        for rule in ["vanish", "separate"] {
            let out = folder.appendingPathComponent("\(rule).png").path
            let result = try Sticky.run(["render", "--mode", "metaball", "--size", "240x160", "--anchor", "60,80",
                                         "--drag", "140,80", "--metaball-break", rule, "--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNG.read(from: out)
            let at = 4 * (80 * image.width + 60)
            centres[rule] = (image.pixels[at], image.pixels[at + 1], image.pixels[at + 2])
            // The home ball's right edge: R − d/shrink = 20 − 80/10 = 12 px from the home centre
            // (the badge is 80 px away, beyond the inverse square's reach of a join).
            edges[rule] = (60..<100).first { x in image.pixels[4 * (80 * image.width + x) + 1] > 128 } ?? -1
        }
        #expect(centres["vanish"]! == (255, 255, 255))
        #expect(centres["separate"]!.0 > 200 && centres["separate"]!.1 < 80, "\(centres)")
        #expect(abs(edges["separate"]! - (60 + 12)) <= 1, "home ball edge at \(edges["separate"]!)")
    }

    /// STICKY_SHADER_DIR replaces the embedded shaders: a fill shader that paints green is used;
    /// a folder without the shaders is a one-line error, status 1.
    @Test func shaderDirectoryOverridesTheEmbeddedShaders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shaders = folder.appendingPathComponent("shaders")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Shaders").standardized
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            if name == "fill.frag" {
                let line = "o_color = vec4(color.rgb * a, a);"
                #expect(text.contains(line))
                text = text.replacingOccurrences(of: line, with: "o_color = vec4(0.0, a, 0.0, a);")
            }
            try Data(text.utf8).write(to: shaders.appendingPathComponent(name))
        }
        let out = folder.appendingPathComponent("green.png").path
        var result = try Sticky.run(["render", "--size", "200x120", "--anchor", "100,60", "--drag", "100,60", "--out", out],
                                    environment: ["STICKY_SHADER_DIR": shaders.path])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(from: out)
        let at = 4 * (60 * image.width + 100)
        #expect(image.pixels[at] == 0 && image.pixels[at + 1] == 255 && image.pixels[at + 2] == 0,
                "\(image.pixels[at]) \(image.pixels[at + 1]) \(image.pixels[at + 2])")

        result = try Sticky.run(["render", "--out", folder.appendingPathComponent("none.png").path],
                                environment: ["STICKY_SHADER_DIR": folder.appendingPathComponent("empty").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("STICKY_SHADER_DIR") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.png").path))
    }

    /// Each APNG frame's delay, read from its fcTL chunk, is a whole number of 1/fps (merged
    /// repeats), and they add up to the frames' time.
    @Test(arguments: [30.0, 24, 60])
    func apngDelaysAreWholeFramesOfOneOverFPS(fps: Double) throws {
        let (result, lines, folder) = try replay("""
            size 160 120
            badge 80 60 20
            down 80 60
            move 120 80 0.2
            wait 0.3
            """) { ["--fps", "\(fps)", "--apng", $0.appendingPathComponent("a.png").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: folder.appendingPathComponent("a.png"))
        var delays: [(Int, Int)] = []
        var at = 8
        func int(_ offset: Int, _ count: Int) -> Int { data[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) } }
        while at + 8 <= data.count {
            let length = int(at, 4)
            let type = String(decoding: data[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "fcTL" { delays.append((int(at + 8 + 20, 2), int(at + 8 + 22, 2))) }
            at += 12 + length
        }
        #expect(delays.count >= 2 && delays.count <= lines.count)
        var total = 0.0
        for (numerator, denominator) in delays {
            let frames = Double(numerator) / Double(denominator) * fps
            #expect(abs(frames - frames.rounded()) < 1e-9 && frames >= 1, "delay \(numerator)/\(denominator) at \(fps) fps")
            total += Double(numerator) / Double(denominator)
        }
        #expect(abs(total - Double(lines.count) / fps) < 1e-9, "total \(total) for \(lines.count) frames")
    }

    /// A ratio's spread is its rounds' own ratios' quartiles by nearest rank (the ⌈n/4⌉th and
    /// ⌈3n/4⌉th); a verdict is within it where the target lies between them; the drawing over
    /// the clear compares each frame less its round's clear.
    @Test func benchSpreadsAndTheDrawingOverTheClear() {
        let a = BenchCommand.spread([2, 4, 6, 8], over: [1, 1, 1, 1])
        #expect(a.low == 2 && a.high == 6, "\(a)")
        let b = BenchCommand.spread([8, 7, 6, 5, 4, 3, 2, 1].map { 2 * $0 }, over: Array(repeating: 2, count: 8))
        #expect(b.low == 2 && b.high == 6, "\(b)")
        let one = BenchCommand.spread([3], over: [2])
        #expect(one.low == 1.5 && one.high == 1.5)
        // The ratio itself is the rounds' own ratios' median (the upper of an even count), so
        // it lies within its spread: the ratio of the medians (here 1.8 / 1.0) fell outside it.
        let (frames, clears) = ([1.9, 1.5, 1.3, 1.8, 1.8, 1.0], [1.3, 0.9, 0.9, 1.5, 0.8, 1.0])
        let own = zip(frames, clears).map { $0 / $1 }.sorted()
        #expect(BenchCommand.ratio(frames, over: clears) == own[3])
        let spread = BenchCommand.spread(frames, over: clears)
        #expect(spread.low <= own[3] && own[3] <= spread.high)
        #expect(1.8 / 1.0 > spread.high, "the case: \(spread)")
        func result(_ low: Double, _ high: Double) -> BenchCommand.Result {
            BenchCommand.Result(name: "r", value: 1.05, unit: "x", detail: "", target: 1.1, spread: (low, high))
        }
        #expect(result(1.0, 1.2).withinSpread && !result(1.0, 1.08).withinSpread && !result(1.11, 1.2).withinSpread)
        #expect(!BenchCommand.Result(name: "r", value: 1.05, unit: "x", detail: "", spread: (1.0, 1.2)).withinSpread)
        let drawn = BenchCommand.drawn("f", [1.3, 1.5, 1.4], over: [1.2, 1.3, 1.25], clear: [1.0, 1.1, 1.05])
        // Less the clear: 0.3, 0.4, 0.35 over 0.2, 0.2, 0.2; the rounds' own 1.5, 2, 1.75: their
        // median 1.75, quartiles 1.5 and 2 (the 1st and 3rd of three).
        #expect(drawn.name == "f.drawn" && abs(drawn.value - 1.75) < 1e-9 && drawn.target == nil, "\(drawn.value)")
        #expect(drawn.spread.map { abs($0.low - 1.5) < 1e-9 && abs($0.high - 2) < 1e-9 } == true, "\(String(describing: drawn.spread))")
        // And it says the clear's share of the Bézier frame as measured: the medians 1.05 / 1.25,
        // 84% (it said "most of a frame" where the clear was a quarter of the grid's).
        #expect(drawn.detail.hasSuffix("the clear being \(Int((100 * 1.05 / 1.25).rounded()))% of the Bézier frame here"), "\(drawn.detail)")
        let grid = BenchCommand.drawn("g", [9.0, 10, 11], over: [9.0, 9.6, 10], clear: [2.3, 2.4, 2.5])
        #expect(grid.detail.hasSuffix("the clear being \(Int((100 * 2.4 / 9.6).rounded()))% of the Bézier frame here"), "\(grid.detail)")
    }

    /// `sticky bench --json` reports every figure its help names, with sane values (the release
    /// figures, allocations included, are checked by scripts/bench-check); given --mode and
    /// --scene chain, which change none of them, it says so.
    @Test func benchReportsEveryFigure() throws {
        let result = try Sticky.run(["bench", "--json", "--frames", "2", "--size", "160x120", "--mode", "metaball", "--scene", "chain"])
        #expect(result.status == 0, "\(result.stderr)")
        for warning in ["sticky: warning: bench times the bezier, metaball and split modes each; --mode changes nothing",
                        "sticky: warning: bench times the badges and the caterpillar both (--scene grid instead: the grid); --scene chain changes nothing"] {
            #expect(result.stderr.split(separator: "\n").contains { $0 == warning }, "\(result.stderr)")
        }
        var figures: [String: Double] = [:], details: [String: String] = [:], objects: [[String: Any]] = []
        var summary: [String: Any]?
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            // The last line: the summary, not shaped as a figure.
            if object["summary"] != nil {
                summary = object
                continue
            }
            objects.append(object)
            let name = try #require(object["name"] as? String)
            // null: a figure that could not be taken (the allocation counter is off in sanitized builds).
            figures[name] = (object["value"] as? NSNumber)?.doubleValue ?? .nan
            details[name] = object["detail"] as? String
        }
        var names = ["allocs.geometry", "allocs.geometry.metaball", "frame.clear", "allocs.clear", "chain.step"]
        for style in ["quad", "cubic", "tangent"] { names += ["tessellate.\(style)", "triangles.\(style)"] }
        for mode in ["bezier", "metaball", "split"] {
            names += ["frame.\(mode)", "frame.\(mode).ratio", "frame.first.\(mode)", "allocs.frame.\(mode)"]
        }
        for chain in ["bezier", "bezier.goo", "metaball", "split.goo"] { names += ["frame.chain.\(chain)", "frame.chain.\(chain).ratio"] }
        for name in names {
            let value = figures[name]
            // The counter is on in plain builds (all allocs.* finite) and off in sanitized ones.
            let counterOff = name.hasPrefix("allocs.") && details["allocs.geometry"] == "counter not active" && value!.isNaN
            #expect(value != nil && (counterOff || (value!.isFinite && value! >= 0)), "\(name): \(String(describing: value))")
        }
        #expect(figures["triangles.quad"].map { $0 >= 10 && $0 == $0.rounded() } == true)
        // The drawing over the clear, compared: finite where each draws something.
        for name in ["frame.metaball.vs.bezier.drawn", "frame.chain.metaball.vs.bezier.drawn"] {
            #expect(figures[name].map { !$0.isNaN } == true, "\(name)")
            let object = try #require(objects.first { $0["name"] as? String == name })
            #expect((object["spread"] as? [NSNumber])?.count == 2 && object["target"] == nil, "\(object)")
        }
        // Each ratio of frames has its rounds' spread, low to high; each judged figure says how
        // it compares; the summary counts them and names the misses.
        let ratios = objects.filter { ($0["name"] as! String).hasSuffix(".ratio") || ($0["name"] as! String).hasSuffix(".vs.bezier") }
        #expect(ratios.count == 9)
        for object in ratios {
            let spread = try #require(object["spread"] as? [NSNumber], "\(object["name"]!)").map(\.doubleValue)
            #expect(spread.count == 2 && spread[0] <= spread[1], "\(object["name"]!): \(spread)")
        }
        // (Twelve targets; ten where the allocation counter is off, in sanitized builds, whose
        // allocation figures then have none.)
        let targets = details["allocs.geometry"] == "counter not active" ? 10 : 12
        let judged = objects.filter { $0["target"] != nil }
        #expect(judged.count == targets && judged.allSatisfy { $0["compare"] as? String == "<=" && $0["met"] is Bool && $0["within_spread"] is Bool })
        for object in judged {
            // Within its spread exactly where its target lies between the spread's ends.
            guard let spread = (object["spread"] as? [NSNumber])?.map(\.doubleValue) else {
                #expect(object["within_spread"] as? Bool == false)
                continue
            }
            let target = (object["target"] as! NSNumber).doubleValue
            #expect(object["within_spread"] as? Bool == (spread[0] <= target && target <= spread[1]), "\(object)")
        }
        let summaryObject = try #require(summary)
        let missed = judged.filter { $0["met"] as? Bool == false }.map { $0["name"] as! String }
        #expect(summaryObject["targets"] as? Int == targets && summaryObject["met"] as? Int == targets - missed.count
                && summaryObject["missed"] as? [String] == missed, "\(summaryObject)")
        // At a size other than the issue's, the summary says where the targets are set (a new
        // user at 800x600 could not tell what "6 of 12" meant).
        #expect((summaryObject["summary"] as? String)?.hasSuffix("; the targets are set for 1920x1080 and 3840x2160, a guide at 160x120") == true,
                "\(summaryObject)")
    }
}

/// Coverage read back from a red-on-white picture: 1 − green.
func redCoverage(_ image: Image) -> [Double] {
    (0..<(image.width * image.height)).map { 1 - Double(image.pixels[4 * $0 + 1]) / 255 }
}

/// Every number parameter at both ends of its range: a picture in each fill (split) and the
/// chain, and a drag, release and spring or burst, all finite, with the badge drawn.
@Suite(.serialized) struct RangeEndTests {
    static let numbers: [(name: String, range: ClosedRange<Double>)] = ParameterRegistry.all.compactMap { p in
        if case .number(_, let range, _) = p.kind { return (p.name, range) }
        return nil
    }

    @Test(arguments: numbers.map(\.name))
    func parameterAtEitherEndOfItsRange(name: String) throws {
        let range = RangeEndTests.numbers.first { $0.name == name }!.range
        #expect(RangeEndTests.numbers.count >= 15)
        for value in [range.lowerBound, range.upperBound] {
            var options = CommonOptions()
            options.width = 240
            options.height = 120
            options.mode = .split
            try ParameterRegistry.named(name)!.set(Parameter.format(value), in: &options.parameters, source: "test")
            let home = Vec2(50, 60)
            let pose = BadgePose(home: home, center: home + Vec2(30, 10), radius: 18, parameters: options.parameters.motion.badge)
            let image = try RenderCommand.draw([pose], options: options)
            // The badge itself is drawn in both panes (its centre is red, or the chosen colour).
            for x in [80, 200] {
                let i = 4 * (70 * image.width + x)
                let drawn = image.pixels[i] != image.pixels[4 * 2] || image.pixels[i + 1] != image.pixels[4 * 2 + 1]
                #expect(drawn, "\(name) = \(value): nothing drawn at the badge's centre in the pane at \(x)")
            }
            // The motion: a drag to 40 px (or past the break), a release, two seconds on.
            var board = BadgeBoard(badges: [Badge(id: 0, home: Vec2(100, 60), radius: 18)], parameters: options.parameters.motion)
            board.apply(.pointerDown(Vec2(100, 60)))
            board.apply(.pointerMove(Vec2(140, 60)))
            board.apply(.pointerUp)
            var t = 0.0
            while t < 2 {
                t += 1.0 / 60
                board.advance(to: t)
                let badge = board.badges[0]
                #expect(badge.center.isFinite && (badge.pose(shrink: options.parameters.motion.badge.shrink)?.homeRadius.isFinite ?? true),
                        "\(name) = \(value) at \(t) s")
            }
            let done = board.badges[0].phase
            #expect(done == .idle || done == .gone || (name == "springDuration" || name == "explosionDuration"),
                    "\(name) = \(value): \(done) after 2 s")
        }
    }
}
