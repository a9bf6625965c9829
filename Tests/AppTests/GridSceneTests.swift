// The grid scene (--scene grid --count N): N badges filling the canvas, each pulled a seeded
// random distance in [0, maxDistance] in a seeded direction; in render, replay and bench.

import Foundation
import Imaging
import Testing
@testable import App
@testable import Geometry
import Motion
@testable import Render

@Suite struct GridSceneTests {
    /// Every badge and its home inside the canvas's grid cell layout, the badge whole on the
    /// canvas, the pull within [0, maxDistance], the same pulls on every run, badge i's pull
    /// the same whatever N.
    @Test(arguments: [1, 4, 64, 256, 1024])
    func badgesFillTheCanvasWithSeededPulls(count: Int) {
        var parameters = Parameters()
        parameters.motion.badge.maxDistance = 50
        let scene = GridScene(width: 1920, height: 1080, count: count, parameters: parameters)
        let poses = scene.poses
        #expect(poses.count == count)
        let grid = GridScene.layout(width: 1920, height: 1080, count: count)
        #expect(grid.columns * grid.rows >= count && (grid.columns - 1) * grid.rows < count + grid.rows)
        var homes = Set<Vec2>()
        for (i, pose) in poses.enumerated() {
            #expect(pose.home.x > 0 && pose.home.x < 1920 && pose.home.y > 0 && pose.home.y < 1080)
            #expect(pose.radius == grid.radius && pose.radius <= 20)
            #expect(pose.distance <= 50 + 1e-9 && pose.attached, "badge \(i) pulled \(pose.distance)")
            // Whole on the canvas: a pull past an edge is mirrored back.
            #expect(pose.center.x - pose.radius >= 0 && pose.center.x + pose.radius <= 1920 && pose.center.y - pose.radius >= 0
                    && pose.center.y + pose.radius <= 1080, "badge \(i) at \(pose.center) reaches past the canvas")
            let (d, turn) = GridScene.pull(i)
            #expect(abs(pose.distance - d * 50) < 1e-9 && turn >= 0 && turn < 1)
            homes.insert(pose.home)
        }
        #expect(homes.count == count)
        // Seeded: the same again, and the smaller grid's pulls are the larger's first ones.
        #expect(GridScene(width: 1920, height: 1080, count: count, parameters: parameters).poses.map(\.distance) == poses.map(\.distance))
        let pulls = poses.map(\.distance)
        if count >= 4 {
            let small = GridScene(width: 1920, height: 1080, count: 4, parameters: parameters).poses.map(\.distance)
            #expect(zip(pulls.prefix(4), small).allSatisfy { abs($0 - $1) < 1e-9 })
        }
        // Spread: the pulls are not all alike.
        if count >= 64 { #expect(Set(pulls.map { Int($0 / 10) }).count >= 4) }
    }

    /// render draws the grid in every mode, however many balls: the field's picture (drawn from
    /// tiles, each with its own balls and, in one field of the scene, the others' field to
    /// second order) agrees with the fields evaluated at the pixels from every ball (the inverse
    /// square written here): by default each badge and its home alone, the union drawn;
    /// `--metaball-fields scene`, all of them added up.
    @Test(arguments: ["badge", "scene"])
    func renderDrawsTheGridsFields(fields: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bezier = folder.appendingPathComponent("b.png").path
        var result = try Sticky.run(["render", "--scene", "grid", "--count", "256", "--size", "640x360", "--out", bezier])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNG.read(from: bezier)
        let red = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 200 && image.pixels[$0 + 1] < 60 }.count
        #expect(red > 640 * 360 / 20, "only \(red) red pixels")
        let split = folder.appendingPathComponent("s.png").path
        result = try Sticky.run(["render", "--scene", "grid", "--count", "256", "--mode", "split", "--size", "640x360",
                                 "--metaball-fields", fields, "--out", split])
        #expect(result.status == 0, "\(result.stderr)")
        let metaball = folder.appendingPathComponent("m.png").path
        result = try Sticky.run(["render", "--scene", "grid", "--count", "256", "--mode", "metaball", "--size", "640x360",
                                 "--metaball-fields", fields, "--out", metaball])
        #expect(result.status == 0, "\(result.stderr)")
        let picture = try PNG.read(from: metaball)
        let parameters = Parameters()
        let scene = GridScene(width: 640, height: 360, count: 256, parameters: parameters)
        // Each badge's balls: its home ball (as the snapshot rules it) and itself.
        var groups: [[Ball]] = []
        for look in scene.snapshot(parameters).badges {
            guard let pose = look.pose else { continue }
            groups.append((look.homeBall > 0 ? [Ball(center: pose.home, radius: look.homeBall)] : []) + [Ball(center: pose.center, radius: pose.radius)])
        }
        #expect(groups.count == 256 && groups.joined().count > 128)  // the old shader's 128 balls
        var fieldParameters = parameters
        fieldParameters.metaballFields = fields == "badge" ? .badge : .scene
        var painter = BadgePainter()
        painter.paint(scene.snapshot(fieldParameters), parameters: fieldParameters, scale: 1, mode: .metaball)
        var regions: [Region] = [], ordered: [Ball] = [], scratch = MetaballScratch()
        painter.metaballField.regions(clip: Box(minX: 0, minY: 0, maxX: 640, maxY: 360), pixelsPerUnit: 1, into: &regions,
                                      balls: &ordered, scratch: &scratch)
        if fields == "badge" {
            // Each badge's field is small: its balls are entered once, the run of all its edge
            // tiles (`MetaballField.sharedRunLimit`), and the runs go many to a draw; a badge
            // alone (no home ball) is one box, its run the badge.
            #expect(ordered.count == groups.joined().count, "\(ordered.count) ball entries")
            let lone = regions.filter { $0.count == 1 && !$0.inside }.count
            #expect(lone == groups.filter { $0.count == 1 }.count, "\(lone) boxes of one ball")
        } else {
            // The tiles' runs fill several of the renderer's windows of balls (one draw each).
            #expect(ordered.count > 2 * Renderer.ballWindow, "\(ordered.count) ball entries")
        }
        let all = Array(groups.joined())
        /// Inverse square, iso 1: the distance estimate 2f(1 − √f)/|∇f|.
        func distance(_ p: Vec2, _ balls: [Ball]) -> Double {
            var f = 0.0, gx = 0.0, gy = 0.0
            for b in balls {
                let dx = p.x - b.center.x, dy = p.y - b.center.y, q = max(dx * dx + dy * dy, 1e-12)
                f += b.radius * b.radius / q
                gx -= 2 * b.radius * b.radius * dx / (q * q)
                gy -= 2 * b.radius * b.radius * dy / (q * q)
            }
            let slope = (gx * gx + gy * gy).squareRoot()
            return slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : 1e4
        }
        let badges = scene.poses
        // Pixels clearly in or out (over a pixel and a half from the edge) must be drawn so; the
        // counts (white) and the edge band are left out.
        var checked = 0, wrong: [String] = [], differ = 0
        for y in stride(from: 1, to: 360, by: 3) {
            for x in stride(from: 1, to: 640, by: 3) {
                let p = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let union = groups.map { distance(p, $0) }.min()!, one = distance(p, all)
                if (union < 0) != (one < 0) { differ += 1 }
                let d = fields == "badge" ? union : one
                guard abs(d) > 1.5 else { continue }
                let i = 4 * (y * 640 + x)
                let (r, g) = (picture.pixels[i], picture.pixels[i + 1])
                if r > 200 && g > 200 && picture.pixels[i + 2] > 200 && d > 0 { checked += 1; continue }  // background
                // The counts are drawn over the badges.
                if g > 60 && badges.contains(where: { $0.center.distance(to: p) < $0.radius }) { continue }
                checked += 1
                let drawnInside = r > 200 && g < 60
                if drawnInside != (d < 0) && wrong.count < 5 { wrong.append("(\(x), \(y)) d \(d) drawn \(r),\(g)") }
            }
        }
        #expect(checked > 10000 && wrong.isEmpty, "\(checked) checked; wrong: \(wrong)")
        // The two choices draw different pictures of this scene.
        #expect(differ > 1000, "only \(differ) of the pixels checked tell the union from the one field")
    }

    /// A field packed so densely that one tile's run is longer than the renderer's window of
    /// balls is refused with one line and status 1, and nothing written; the same badges, each
    /// its own field, draw.
    @Test func aRunLongerThanTheRenderersWindowIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("dense.png").path
        var result = try Sticky.run(["render", "--scene", "grid", "--count", "4096", "--mode", "metaball", "--metaball-fields", "scene",
                                     "--size", "160x90", "--out", out])
        #expect(result.status == 1 && result.stderr.contains("sums at most \(Renderer.runLimit) balls"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && !FileManager.default.fileExists(atPath: out))
        result = try Sticky.run(["render", "--scene", "grid", "--count", "4096", "--mode", "metaball", "--size", "160x90", "--out", out])
        #expect(result.status == 0 && FileManager.default.fileExists(atPath: out), "\(result.stderr)")
    }

    /// replay plays the grid: every dump line has the N badges, posed, unmoving.
    @Test func replayDumpsTheGrid() throws {
        let (result, lines, folder) = try replay("wait 0.1\n") { _ in ["--scene", "grid", "--count", "12", "--size", "400x300"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.badges.count == 12 && $0.badges.allSatisfy { $0.phase == "dragging" } })
        #expect(lines.first!.badges.map(\.center) == lines.last!.badges.map(\.center))
    }

    /// A script picks the grid and its size itself (`scene grid N`, over `--count`), and a
    /// replay's frame of the grid is `render`'s picture of it, counts included.
    @Test func aScriptPlaysTheGridAsRenderDrawsIt() throws {
        let (result, lines, folder) = try replay("size 400 300\nscene grid 16\nwait 0.05\n") { folder in
            ["--count", "9", "--frames", folder.appendingPathComponent("frames").path]
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.badges.count == 16 }, "\(lines.first?.badges.count ?? 0) badges")
        let out = folder.appendingPathComponent("render.png").path
        let render = try Sticky.run(["render", "--scene", "grid", "--count", "16", "--size", "400x300", "--out", out])
        #expect(render.status == 0, "\(render.stderr)")
        let frame = try PNG.read(from: folder.appendingPathComponent("frames/frame-00000.png").path), picture = try PNG.read(from: out)
        // (The counts included: a replay of the grid used to draw none.)
        #expect(frame.width == picture.width && frame.pixels == picture.pixels)
        // In split too, where the grid keeps clear of the pane labels' band (a replay laid it
        // out over the whole pane, its badges larger and lower than render's, a label over a
        // home): the same picture.
        let (split, _, splitFolder) = try replay("size 400 300\nscene grid 16\nwait 0.05\n") { folder in
            ["--mode", "split", "--frames", folder.appendingPathComponent("frames").path]
        }
        defer { try? FileManager.default.removeItem(at: splitFolder) }
        #expect(split.status == 0, "\(split.stderr)")
        let splitOut = splitFolder.appendingPathComponent("render.png").path
        let splitRender = try Sticky.run(["render", "--scene", "grid", "--count", "16", "--size", "400x300", "--mode", "split", "--out", splitOut])
        #expect(splitRender.status == 0, "\(splitRender.stderr)")
        let splitFrame = try PNG.read(from: splitFolder.appendingPathComponent("frames/frame-00000.png").path)
        let splitPicture = try PNG.read(from: splitOut)
        #expect(splitFrame.width == splitPicture.width && splitFrame.pixels == splitPicture.pixels)
        for bad in ["scene grid 0", "scene grid x", "scene badge 3", "scene grid 5000"] {
            let (result, _, folder) = try replay(bad + "\nwait 0.1\n")
            try? FileManager.default.removeItem(at: folder)
            #expect(result.status == 2 && result.stderr.contains(":1: scene expects badge, chain or grid [N]"), "\(bad): \(result.stderr)")
        }
    }

    /// bench --scene grid reports its figures, judged against their targets, and a summary line.
    @Test func benchReportsTheGridsFigures() throws {
        let result = try Sticky.run(["bench", "--scene", "grid", "--count", "8", "--json", "--frames", "2", "--size", "320x180"])
        #expect(result.status == 0, "\(result.stderr)")
        // (--scene grid changes what is timed: no warning of it.)
        #expect(!result.stderr.contains("changes nothing"), "\(result.stderr)")
        var objects: [String: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            objects[object["name"] as? String ?? "summary"] = object
        }
        for name in ["grid.geometry.bezier", "grid.geometry.metaball", "grid.frame.bezier", "grid.frame.metaball", "grid.frame.split",
                     "grid.frame.bezier.ratio"] {
            #expect((objects[name]?["value"] as? NSNumber)?.doubleValue.isFinite == true, "\(name)")
        }
        for name in ["grid.geometry.bezier.growth", "grid.frame.metaball.vs.bezier"] {
            let object = try #require(objects[name])
            let value = (object["value"] as! NSNumber).doubleValue, target = (object["target"] as! NSNumber).doubleValue
            #expect((object["met"] as? Bool) == (value <= target), "\(name)")
            // A ratio of rounds timed together, with their middle half round its median (the
            // geometry's growth was two medians timed apart, with no spread).
            let spread = try #require(object["spread"] as? [NSNumber], "\(name)").map(\.doubleValue)
            #expect(spread.count == 2 && spread[0] <= value && value <= spread[1], "\(name): \(spread) round \(value)")
        }
        let summary = try #require(objects["summary"])
        #expect((summary["summary"] as? String)?.hasPrefix("targets: ") == true && summary["targets"] as? Int == 3)

        // --strict: the same figures, then exit 1 with the misses on stderr when its own run missed one.
        let strict = try Sticky.run(["bench", "--strict", "--scene", "grid", "--count", "8", "--json", "--frames", "2", "--size", "320x180"])
        var strictObjects: [String: [String: Any]] = [:]
        for line in strict.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            strictObjects[object["name"] as? String ?? "summary"] = object
        }
        #expect(Set(strictObjects.keys) == Set(objects.keys))
        let missed = strictObjects.values.filter { ($0["met"] as? Bool) == false }
        let message = strict.stderr.split(separator: "\n").filter { !$0.contains("debug build") }
        if missed.isEmpty {
            #expect(strict.status == 0 && message.isEmpty, "\(strict.stderr)")
        } else {
            #expect(strict.status == 1 && message.count == 1 && message[0].contains("\(missed.count) of 3 targets missed (--strict)"),
                    "status \(strict.status): \(strict.stderr)")
        }
    }

    /// --count sets the grid's badges; a scene without a count says it ignores it, in one line
    /// of stderr, and still does its work (the scene a replay's script names is the one judged).
    @Test func countIsTheGridsOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("p.png").path
        let script = folder.appendingPathComponent("chain.txt")
        try "scene chain\nsize 64 48\nwait 0.1\n".write(to: script, atomically: true, encoding: .utf8)
        let script2 = folder.appendingPathComponent("plain.txt")
        try "size 64 48\nwait 0.1\n".write(to: script2, atomically: true, encoding: .utf8)
        let warned = "--count is the grid scene's"
        let cases: [([String], String?)] = [
            (["render", "--scene", "grid", "--count", "4", "--size", "64x48", "--out", png], nil),
            (["render", "--count", "4", "--size", "64x48", "--out", png], "the badge scene ignores it"),
            (["render", "--scene", "chain", "--count", "4", "--size", "64x48", "--out", png], "the chain scene ignores it"),
            (["render", "--size", "64x48", "--out", png], nil),
            (["replay", script.path, "--count", "4", "--dump", folder.appendingPathComponent("d.jsonl").path], "the chain scene ignores it"),
            (["replay", script2.path, "--scene", "grid", "--count", "4", "--dump", folder.appendingPathComponent("d.jsonl").path], nil),
        ]
        for (arguments, warning) in cases {
            try? FileManager.default.removeItem(atPath: png)
            let result = try Sticky.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.contains(warned) }
            if let warning {
                #expect(lines.count == 1 && lines[0].contains(warning), "\(arguments): \(result.stderr)")
            } else {
                #expect(lines.isEmpty, "\(arguments): \(result.stderr)")
            }
            if arguments[0] == "render" { #expect(FileManager.default.fileExists(atPath: png), "\(arguments)") }
        }
    }

    /// --drag is the picture's point (each pane's in split), as a window's pointer and a
    /// replay's points are, where the caterpillar's canvas (at least its scene's) is drawn
    /// scaled into a smaller picture or pane: render says so, and carries the head to where
    /// the picture shows the point (a new user's 190,60 in a 400x300 split put it at 105,33);
    /// a point outside the pane or picture is said to be, with its size, and the head stops at
    /// the wall. The head's blue found in the picture, about the point.
    @Test func renderTakesTheHeadsTargetInThePicturesUnits() throws {
        let split = Layout(width: 320, height: 200, mode: .split, scene: .chain)
        let one = Layout(width: 320, height: 200, mode: .metaball, scene: .chain)
        #expect(split.zoom < 1 && one.zoom < 1, "the case needs canvases larger than the picture: \(split.zoom), \(one.zoom)")
        func note(_ layout: Layout, _ fitting: String, _ point: String) -> String {
            "the scene at \(Int((layout.zoom * 100).rounded()))% to fit \(fitting); --drag is the \(point) point, as a window's pointer is"
        }
        let cases: [([String], [String])] = [
            (["--mode", "split", "--drag", "170,70"],
             [note(split, "each pane", "pane's"), "--drag 170,70 lies outside the 160x200 pane (in split mode the coordinates are each pane's); "
                + "the head is carried to its wall"]),
            (["--mode", "split", "--drag", "100,70"], [note(split, "each pane", "pane's")]),
            (["--drag", "100,-5"], [note(one, "the picture", "picture's"), "--drag 100,-5 lies outside the 320x200 picture; the head is carried to its wall"]),
            (["--drag", "200,90"], [note(one, "the picture", "picture's")]),
        ]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png").path
        for (options, warnings) in cases {
            let result = try Sticky.run(["render", "--scene", "chain", "--size", "320x200", "--time", "1.5", "--out", out] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            #expect(result.stderr == warnings.map { "sticky: warning: \($0)\n" }.joined(), "\(options): \(result.stderr)")
            guard warnings.count == 1 else { continue }
            // Inside: the head's blue (#0000FF) centred on the point, in the first pane.
            let image = try PNG.read(from: out)
            let width = options.contains("split") ? 160 : 320
            var sum = Vec2.zero, count = 0.0
            for y in 0..<image.height {
                for x in 0..<width {
                    let i = 4 * (y * image.width + x)
                    if image.pixels[i] < 60 && image.pixels[i + 1] < 60 && image.pixels[i + 2] > 200 { sum = sum + Vec2(Double(x) + 0.5, Double(y) + 0.5); count += 1 }
                }
            }
            let drag = options[options.firstIndex(of: "--drag")! + 1].split(separator: ",").map { Double($0)! }
            let centre = sum / max(count, 1)
            #expect(count > 100 && abs(centre.x - drag[0]) < 3 && abs(centre.y - drag[1]) < 3, "\(options): the head at \(centre), \(count) px")
        }
    }

    /// --drag carries the head over the first half second: at --time 0 (the default) it has not
    /// moved, which a warning says, the picture the one without --drag (a new user's was the
    /// caterpillar at rest, without a word); under half a second it is on its way, said too;
    /// from half a second on, not a word.
    @Test func aDragBeforeItsTimeIsSaid() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ options: [String]) throws -> (stderr: String, pixels: [UInt8]) {
            let out = folder.appendingPathComponent("c.png").path
            let result = try Sticky.run(["render", "--scene", "chain", "--size", "800x600", "--out", out] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            return (result.stderr, try PNG.read(from: out).pixels)
        }
        let still = try render([])
        let atZero = try render(["--drag", "400,100"])
        #expect(atZero.stderr == "sticky: warning: --drag changes nothing at --time 0: the head is carried there over the first "
                + "half second (give --time, e.g. --time 1)\n", "\(atZero.stderr)")
        let same = atZero.pixels == still.pixels
        #expect(same)
        let early = try render(["--drag", "400,100", "--time", "0.2"])
        #expect(early.stderr == "sticky: warning: at --time 0.2 the head is still on its way to --drag: it is carried there over "
                + "the first half second\n", "\(early.stderr)")
        let moved = early.pixels != still.pixels
        #expect(moved)
        #expect(try render(["--drag", "400,100", "--time", "0.5"]).stderr.isEmpty)
    }

    /// `render --construction` over the Bézier fill draws every bridge's construction in the
    /// grid and in the caterpillar with goo (its head the bodies' red here): ink (blue-dominant
    /// pixels; the picture has none otherwise) in the picture, where the same picture without
    /// it has none; none without goo, where the caterpillar has no bridge.
    @Test func renderDrawsEveryBridgesConstruction() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("p.png").path
        func ink(_ options: [String]) throws -> Int {
            let result = try Sticky.run(["render", "--size", "240x160", "--out", png, "--set", "headColor=#FF0000"] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            let image = try PNG.read(from: png)
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    if Int(p.b) > Int(p.r) + 60 { count += 1 }
                }
            }
            return count
        }
        for scene in [["--scene", "grid", "--count", "4"], ["--scene", "chain", "--time", "1", "--set", "goo=true"]] {
            #expect(try ink(scene) == 0, "\(scene)")
            #expect(try ink(scene + ["--construction"]) > 100, "\(scene)")
        }
        #expect(try ink(["--scene", "chain", "--time", "1", "--construction"]) == 0)
    }

    /// render's own options that shape another scene's picture (or the Bézier fill's
    /// triangles where none is drawn, or the field's construction where no field is) are
    /// ignored with a line each on stderr saying so, and the picture is still drawn; where they
    /// apply, not a word.
    @Test func optionsOfAnotherSceneAreSaidToBeIgnored() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("p.png").path
        let base = ["render", "--size", "96x64", "--out", png]
        let cases: [([String], [String])] = [
            (["--time", "1"], ["--time is the chain scene's; the badge scene ignores it"]),
            (["--scene", "chain", "--radius", "5", "--text", "5", "--stats"],
             ["--radius is the badge scene's; the chain scene ignores it", "--text is the badge scene's; the chain scene ignores it",
              "--stats is the badge scene's; the chain scene ignores it"]),
            (["--scene", "grid", "--count", "4", "--drag", "10,10", "--anchor", "5,5", "--construction"],
             ["--anchor is the badge scene's; the grid scene ignores it", "--drag is the badge and chain scenes'; the grid scene ignores it"]),
            (["--scene", "chain", "--mode", "overlay", "--construction"],
             ["--construction draws the caterpillar's metaball field (its balls and tiles) and its goo's bridges, which the overlay mode"]),
            (["--scene", "chain", "--construction"], ["--construction draws the caterpillar's metaball field"]),
            (["--scene", "chain", "--construction", "--set", "goo=true"], []),
            (["--scene", "grid", "--count", "4", "--mode", "overlay", "--construction"], []),
            (["--scene", "chain", "--mode", "split", "--construction"], []),
            (["--scene", "grid", "--count", "4", "--mode", "metaball", "--construction"], []),
            (["--mode", "metaball", "--wireframe", "--drag", "60,30"], ["--wireframe draws the Bézier fill's triangles, which the metaball mode"]),
            (["--mode", "overlay", "--wireframe", "--drag", "60,30"], ["--wireframe draws the Bézier fill's triangles, which the overlay mode"]),
            (["--scene", "chain", "--time", "0.5", "--drag", "40,20"], ["--drag is the picture's point"]),
            (["--radius", "12", "--text", "3", "--anchor", "40,30", "--drag", "60,30", "--construction", "--wireframe", "--mode", "split"], []),
        ]
        for (options, warnings) in cases {
            try? FileManager.default.removeItem(atPath: png)
            let result = try Sticky.run(base + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { !$0.contains("lies outside") && !$0.contains("is cut by") }
            #expect(lines.count == warnings.count && zip(lines, warnings).allSatisfy { $0.hasPrefix("sticky: warning: ") && $0.contains($1) },
                    "\(options): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: png), "\(options)")
        }
        // With --geometry alone no picture is drawn: the construction and the wireframe are
        // said to draw nothing there (one line each, not two for the wireframe in the field).
        let json = folder.appendingPathComponent("g.json").path
        let alone: [([String], [String])] = [
            (["--construction"], ["--construction is drawn on the picture (--out FILE.png); --geometry alone writes none"]),
            (["--wireframe", "--mode", "metaball"], ["--wireframe is drawn on the picture"]),
            (["--scene", "chain", "--construction", "--wireframe"], ["--construction is drawn on the picture", "--wireframe is the badge scene's"]),
            (["--mode", "split"], []),
        ]
        for (options, warnings) in alone {
            let result = try Sticky.run(["render", "--size", "96x64", "--geometry", json] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { !$0.contains("lies outside") && !$0.contains("is cut by") }
            #expect(lines.count == warnings.count && warnings.allSatisfy { w in lines.contains { $0.hasPrefix("sticky: warning: ") && $0.contains(w) } },
                    "\(options): \(result.stderr)")
        }
    }
}
