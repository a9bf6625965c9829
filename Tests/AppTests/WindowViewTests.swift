// What the real window shows, from grabs of it under Xvfb (xwd, as a person sees it), driven by
// real X input: badges inside their panes after a mode switch and a resize, the HUD answering
// keys at once, wireframe leaving the HUD alone, the help on a solid panel (escape closes it),
// a click on a slider bar, the chain's caption and titles.

import Foundation
import Imaging
import Testing

/// A picture read from a binary PPM (P6, maxval 255), as xwdtopnm writes it.
struct Grab {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(_ url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        // Header: "P6", width, height, maxval, each after white space; one white space, then pixels.
        var fields: [Int] = [], i = 2, current = ""
        while fields.count < 3, i < data.count {
            let c = data[i]
            if c == UInt8(ascii: "#") { while i < data.count, data[i] != 10 { i += 1 } }
            else if c == 32 || c == 10 || c == 9 || c == 13 { if !current.isEmpty { fields.append(Int(current)!); current = "" } }
            else { current.append(Character(UnicodeScalar(c))) }
            i += 1
        }
        guard data.starts(with: [80, 54]), fields.count == 3, fields[2] == 255 else { throw CocoaError(.fileReadCorruptFile) }
        width = fields[0]
        height = fields[1]
        bytes = Array(data[i...])
        guard bytes.count >= 3 * width * height else { throw CocoaError(.fileReadCorruptFile) }
    }

    /// A PNG as read (`PNG.read`, RGBA), its colour alone.
    init(_ image: Image) {
        width = image.width
        height = image.height
        bytes = (0..<(width * height)).flatMap { image.pixels[4 * $0..<4 * $0 + 3] }
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let k = 3 * (y * width + x)
        return (Int(bytes[k]), Int(bytes[k + 1]), Int(bytes[k + 2]))
    }

    func isNear(_ x: Int, _ y: Int, _ c: (Int, Int, Int), _ tolerance: Int = 12) -> Bool {
        let p = pixel(x, y)
        return abs(p.r - c.0) <= tolerance && abs(p.g - c.1) <= tolerance && abs(p.b - c.2) <= tolerance
    }

    /// The badge fill's red, whole or nearly.
    func isRed(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x, y)
        return p.r > 200 && p.g < 90 && p.b < 90
    }

    /// Bounding boxes (minX, minY, maxX, maxY) of the 4-connected red regions.
    func redRegions() -> [(Int, Int, Int, Int)] {
        var seen = [Bool](repeating: false, count: width * height)
        var boxes: [(Int, Int, Int, Int)] = []
        for y in 0..<height { for x in 0..<width where !seen[y * width + x] && isRed(x, y) {
            var stack = [(x, y)], box = (x, y, x, y)
            seen[y * width + x] = true
            while let (px, py) = stack.popLast() {
                box = (min(box.0, px), min(box.1, py), max(box.2, px), max(box.3, py))
                for (nx, ny) in [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
                    where nx >= 0 && ny >= 0 && nx < width && ny < height && !seen[ny * width + nx] && isRed(nx, ny) {
                    seen[ny * width + nx] = true
                    stack.append((nx, ny))
                }
            }
            boxes.append(box)
        } }
        return boxes
    }

    /// Pixels that differ between two grabs inside a rectangle.
    func differences(from other: Grab, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for py in y { for px in x where pixel(px, py) != other.pixel(px, py) { n += 1 } }
        return n
    }
}

/// In the window suite, which runs one window at a time: two X servers starting together
/// can pick the same display number.
extension WindowTests {
    // The HUD's colours (HUDPen), as bytes.
    static let edge = (140, 140, 148), accent = (26, 89, 217), ink = (38, 38, 38), track = (217, 217, 217)

    /// The toast's panel: rows holding a run of at least 60 pixels of its dark grey (text never
    /// makes such a run); their extent, or nil.
    static func toast(in grab: Grab) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<grab.height {
            var run = 0
            for x in 0..<grab.width {
                run = grab.isNear(x, y, (33, 33, 38), 4) ? run + 1 : 0
                if run >= 60 {
                    let b = box ?? (x, y, x, y)
                    box = (min(b.minX, x - run + 1), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
                }
            }
        }
        return box
    }

    /// Every red region lies whole inside one pane, off its edges; `perPane` in each.
    static func expectBadgesInside(_ grab: Grab, panes: [Range<Int>], perPane: Int, _ name: String) {
        let regions = grab.redRegions().filter { ($0.2 - $0.0) >= 6 }  // badges, not stray edge pixels
        for pane in panes {
            let inside = regions.filter { pane.contains($0.0) }
            #expect(inside.count == perPane, "\(name): \(inside.count) badges in pane \(pane): \(regions)")
            for r in inside {
                #expect(r.0 > pane.lowerBound && r.2 < pane.upperBound - 1 && r.1 > 0 && r.3 < grab.height - 1,
                        "\(name): a badge at \(r) is cut by the edge of pane \(pane)")
            }
        }
    }

    @Test(.enabled(if: windowToolsPresent && onPath("xwd") && onPath("xwdtopnm"), "needs Xvfb, xdotool, xwd and xwdtopnm"),
          .timeLimit(.minutes(3)))
    func whatTheWindowShows() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, message) = try WindowTests.runOnOwnDisplay("window-test-view", folder)
        try #require(status == 0, "\(message)")
        func grab(_ name: String) throws -> Grab { try Grab(folder.appendingPathComponent("\(name).ppm")) }

        // m twice: split, each 380-wide pane with its four badges whole, a divider between.
        let split = try grab("split")
        #expect(split.width == 760 && split.height == 560)
        WindowTests.expectBadgesInside(split, panes: [0..<380, 380..<760], perPane: 4, "split")
        let dividerRows = (0..<560).filter { y in (378...381).contains { split.isNear($0, y, WindowTests.edge) } }
        #expect(dividerRows.count > 500, "divider on \(dividerRows.count) rows")
        // Resized to 500x400: still four whole badges in each pane.
        let resized = try grab("resized")
        #expect(resized.width == 500 && resized.height == 400)
        WindowTests.expectBadgesInside(resized, panes: [0..<250, 250..<500], perPane: 4, "resized")

        // Down selects the next slider: the lit row moves one row (18 px) down at once.
        let selected = try grab("selected")
        func litRow(_ g: Grab) -> Double {
            var ys: [Int] = []
            for y in 0..<220 { for x in 440..<760 where g.isNear(x, y, WindowTests.accent, 30) { ys.append(y) } }
            return ys.isEmpty ? -1 : Double(ys.reduce(0, +)) / Double(ys.count)
        }
        #expect(abs(litRow(selected) - litRow(split) - 18) < 3, "lit row from \(litRow(split)) to \(litRow(selected))")

        // W draws the triangles on the badges, never on the HUD: the slider panel is unchanged.
        let wire = try grab("wireframe")
        #expect(wire.differences(from: selected, x: 440..<760, y: 0..<215) == 0)
        #expect(wire.differences(from: selected, x: 0..<370, y: 200..<360) > 100, "no wireframe drawn")

        // F1: the help on an opaque panel with an edge, whole inside the window.
        let help = try grab("help")
        // Its edges: the rows and columns (the divider's aside) that hold a long run of the edge
        // colour; text's anti-aliasing passes through that grey only here and there.
        func isEdge(_ x: Int, _ y: Int) -> Bool { !(376...384).contains(x) && help.isNear(x, y, WindowTests.edge, 4) }
        let rows = (0..<560).filter { y in (0..<760).filter { isEdge($0, y) }.count > 100 }
        let columns = (0..<760).filter { x in (0..<560).filter { isEdge(x, $0) }.count > 100 }
        try #require(rows.count == 2 && columns.count == 2, "help panel edges: rows \(rows), columns \(columns)")
        let box = (columns[0], rows[0], columns[1], rows[1])
        #expect(box.0 > 0 && box.1 > 0 && box.2 < 759 && box.3 < 559, "help panel at \(box)")
        let sides = [(box.0...box.2).filter { isEdge($0, box.1) }.count, (box.0...box.2).filter { isEdge($0, box.3) }.count]
        #expect(sides.allSatisfy { Double($0) > 0.95 * Double(box.2 - box.0) }, "edge rows \(sides) of \(box)")
        // Opaque: no badge shows through, not even a pink wash (its text is grey and blue).
        var redInside = 0
        for y in (box.1 + 2)..<(box.3 - 1) { for x in (box.0 + 2)..<(box.2 - 1) {
            let p = help.pixel(x, y)
            if p.r - p.g > 30 && p.r - p.b > 30 { redInside += 1 }
        } }
        #expect(redInside == 0, "the help panel lets the badges show through")
        // The toast of the key before F1 ("wireframe off") went as the help opened: a resize's
        // toast lay over the help's first rows at 300x200.
        #expect(WindowTests.toast(in: help) == nil, "a toast said before the help opened shows with it")
        // Escape closed it and left the window open (the grabs below come from the same one).
        let closed = try grab("helpclosed")
        let closedRows = (0..<560).filter { y in (0..<760).filter { !(376...384).contains($0) && closed.isNear($0, y, WindowTests.edge, 4) }.count > 100 }
        #expect(closedRows.isEmpty, "the help still shown after escape: edge rows \(closedRows)")
        // The toast that right showed under the help ("the help hides the sliders") went with it.
        #expect(WindowTests.toast(in: closed) == nil, "the help's toast stayed after it closed")
        // F1 again and a press on its panel closed it and grabbed nothing; F1 and a press beside
        // it, on "1" (75,280), closed it and grabbed that badge: pulled 31 down, red there (beside its count) and on
        // the way, no help; and the first grab of the window was that one (the press on the
        // panel began none).
        let beside = try grab("help-beside")
        let besideRows = (0..<560).filter { y in (0..<760).filter { !(376...384).contains($0) && beside.isNear($0, y, WindowTests.edge, 4) }.count > 100 }
        #expect(besideRows.isEmpty, "the help still shown after a press beside it: edge rows \(besideRows)")
        #expect(beside.isRed(70, 311) && beside.isRed(75, 295) && !closed.isRed(70, 311), "the badge beside the help not pulled")
        let lines = try String(contentsOf: folder.appendingPathComponent("badge.jsonl"), encoding: .utf8).split(separator: "\n")
        let began = try #require(lines.first { $0.contains("\"began\"") }, "no badge grabbed")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(began.utf8)) as? [String: Any])
        let held = (first["badges"] as? [[String: Any]] ?? []).filter { $0["phase"] as? String == "dragging" }.compactMap { $0["id"] as? Int }
        #expect(held == [0], "the first grab took \(held), not the badge beside the help")

        // A click on maxDistance's bar at x = 720 set it (saved with p): the bar is measured in
        // the grab before, and the value follows the bar's span, 10…200 px, f = (x − x0)/w,
        // v = 10 + 190 f, whole steps; within a pixel's worth either way.
        var run: [Int] = []
        for x in (440..<760).reversed() {
            let on = selected.isNear(x, 25, WindowTests.ink, 20) || selected.isNear(x, 25, WindowTests.track, 8)
                || selected.isNear(x, 25, WindowTests.accent, 30)
            if on { run.append(x) } else if !run.isEmpty { break }
        }
        let x0 = Double(try #require(run.last)), x1 = Double(try #require(run.first)) + 1
        #expect(x0 < 720 && x1 > 720, "the bar \(x0)…\(x1) is not under the click")
        func value(_ f: Double) -> Double { 10 + 190 * min(max(f, 0), 1) }
        let params = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("clicked.json"))) as? [String: Any]
        let distance = try #require(params?["maxDistance"] as? Double)
        let low = value((719 - x0) / (x1 - x0)).rounded(.down), high = value((721 - x0) / (x1 - x0)).rounded(.up)
        #expect(distance >= low && distance <= high, "maxDistance \(distance), expected \(low)…\(high)")
        // The toast that p showed lies inside the window.
        let toast = try #require(WindowTests.toast(in: try grab("clicked")), "no toast after p")
        #expect(toast.minX > 0 && toast.maxX < 759 && toast.minY > 0 && toast.maxY < 559, "toast at \(toast)")

        // Plain s in a still window saved a screenshot and said so at once.
        let saved = try grab("saved")
        #expect(WindowTests.toast(in: saved) != nil, "no toast after s")
        #expect(WindowTests.toast(in: try grab("start")) == nil, "a toast where none should be")
        let shots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
        #expect(shots.filter { $0.hasSuffix(".png") }.count == 1, "\(shots)")
        // The toast showing as s was pressed ("construction off") is not in the picture, which
        // has the HUD (a screenshot just after a slider's change had its toast in it).
        #expect(WindowTests.toast(in: try grab("toast-before-s")) != nil, "the case: no toast before s")
        if let shot = shots.first(where: { $0.hasSuffix(".png") }) {
            let picture = Grab(try PNG.read(from: folder.appendingPathComponent("shots").appendingPathComponent(shot).path))
            #expect(picture.width == 760 && WindowTests.toast(in: picture) == nil, "the screenshot holds a toast")
        }

        // The drag that began on the sliders and crossed the badges grabbed none: the grabs are
        // the press beside the help and the deliberate hold at the end, which the mode switch
        // under it did not burst.
        let dump = try String(contentsOf: folder.appendingPathComponent("badge.jsonl"), encoding: .utf8)
        // The events of a dump's lines, in order.
        func events(_ dump: String) -> [String] {
            dump.split(separator: "\n").flatMap { line -> [String] in
                guard let list = line.range(of: "\"events\":[") else { return [] }
                let tail = line[list.upperBound...]
                return tail[..<(tail.firstIndex(of: "]") ?? tail.endIndex)].split(separator: ",").map { $0.replacingOccurrences(of: "\"", with: "") }
            }
        }
        #expect(events(dump) == ["began", "released", "returned", "began", "released", "returned"], "\(events(dump))")
        // Held through the mode switch, which moved "23" (radius 20) with its home, the pointer
        // was moved onto it and kept to it: red 15 px above and below the pointer (the count
        // is at its centre) as shown, and its centre within a pixel of the pointer in the dump
        // (the one pane is the window, at zoom 1).
        func shell(_ name: String) throws -> [String: Int] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return Dictionary(text.split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            }, uniquingKeysWith: { a, _ in a })
        }
        let mouse = try shell("held-switched.pointer"), frame = try shell("held-switched.window")
        let px = try #require(mouse["X"]) - (frame["X"] ?? 0), py = try #require(mouse["Y"]) - (frame["Y"] ?? 0)
        let switched = try grab("held-switched")
        #expect(switched.isRed(px, py - 15) && switched.isRed(px, py + 15), "the pointer at \(px),\(py) is not on the held badge")
        let heldLine = try #require(dump.split(separator: "\n").last { $0.contains("\"pointer\":{\"x\":\(px).0,") && $0.contains("\"down\":true") },
                                    "no held frame with the pointer at x = \(px)")
        let heldState = try #require(try JSONSerialization.jsonObject(with: Data(heldLine.utf8)) as? [String: Any])
        let dragged = try #require((heldState["badges"] as? [[String: Any]])?.first { ($0["phase"] as? String) == "dragging" })
        let center = try #require(dragged["center"] as? [Double])
        #expect(abs(center[0] - Double(px)) <= 1 && abs(center[1] - Double(py)) <= 1, "held \(center), pointer \(px),\(py)")

        // Held through a switch from one pane to two and let go where it was shown: it springs
        // home (it burst: the release came at the pointer's place before the switch).
        let switchEvents = events(try String(contentsOf: folder.appendingPathComponent("switch.jsonl"), encoding: .utf8))
        #expect(switchEvents == ["began", "released", "returned"], "\(switchEvents)")
        #expect(try String(contentsOf: folder.appendingPathComponent("switch.title"), encoding: .utf8).contains("badge · split"))

        // Titles name scene and mode; the chain has its caption (ink at the top left).
        #expect(try String(contentsOf: folder.appendingPathComponent("badge.title"), encoding: .utf8).contains("badge · split"))
        #expect(try String(contentsOf: folder.appendingPathComponent("chain.title"), encoding: .utf8).contains("chain · bezier"))
        let chain = try grab("chain")
        var inkPixels = 0
        for y in 0..<30 { for x in 0..<300 where chain.isNear(x, y, WindowTests.ink, 40) { inkPixels += 1 } }
        #expect(inkPixels > 150, "chain caption: \(inkPixels) ink pixels")

        // Pulled across split's divider, the held badge follows the pointer through the pane
        // where the press began, toward the divider (the scene's 320 at 94%), and is held
        // there while the pointer goes on over the other pane: never back by a pane's width
        // (the scene's 320) as when the pointer crossed, nor on past the canvas's edge, out of
        // sight in both panes, as a second new user found. "99+" (home 256, radius 24) held
        // whole would stop 40 out, short of its 60 px break: it is held a unit past the break
        // instead (its centre at 317, cut by the divider), so that it breaks there too.
        let dividerLines = try String(contentsOf: folder.appendingPathComponent("divider.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONDecoder().decode(DumpLine.self, from: Data($0.utf8)) }
        let pulledBadge = dividerLines.filter(\.pointer.down).compactMap { $0.badges.first { $0.id == 3 } }
        let pulled = pulledBadge.map { $0.center[0] }, farthest = try #require(pulledBadge.first).home[0] + 61
        #expect(pulled.count >= 12 && zip(pulled, pulled.dropFirst()).allSatisfy { $1 > $0 - 1 }
                && pulled.filter { abs($0 - farthest) < 0.5 }.count >= 5 && pulled.allSatisfy { $0 < farthest + 0.5 },
                "the held badge's x across the divider: \(pulled), the farthest \(farthest)")
        #expect(dividerLines.contains { $0.events.contains("detached") }, "held at the divider, it never broke")

        // The mode key moves the caterpillar's walls: at rest in the Bézier mode on the canvas's
        // foot (a pixel and a half up), in the metaball mode on a floor as far up as the field
        // reaches past the circles (11 px at the seed's sizes, heaped; `ChainScene.wallInset`).
        let chainLines = try String(contentsOf: folder.appendingPathComponent("chain.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONDecoder().decode(DumpLine.self, from: Data($0.utf8)) }
        func lowest(_ mark: String) throws -> Double {
            let line = try #require(Int(String(contentsOf: folder.appendingPathComponent(mark), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            return try #require(chainLines[line - 1].bodies.map { $0[1] + $0[2] }.max())
        }
        let bezierFloor = try lowest("chain-bezier.mark"), fieldFloor = try lowest("chain-metaball.mark")
        #expect(bezierFloor - fieldFloor > 8, "the floor from \(bezierFloor) (bezier) to \(fieldFloor) (metaball)")

        // c's toast in the chain (its apostrophes drawn for the first time) shows all its glyphs
        // in its first frame: the same pixels as the same toast once they were known.
        let toastFirst = try grab("chain-toast-first"), again = try grab("chain-toast-again")
        let toastBox = try #require(WindowTests.toast(in: toastFirst), "no toast after c in the chain")
        #expect(WindowTests.toast(in: again).map { $0 == toastBox } == true)
        var differ = 0
        for y in toastBox.minY...toastBox.maxY { for x in toastBox.minX...toastBox.maxX where toastFirst.pixel(x, y) != again.pixel(x, y) { differ += 1 } }
        #expect(differ == 0, "the first frame of c's toast differs from the same toast later in \(differ) pixels")

        // n: on to the grid (its 64 badges, the sliders' panel over a few), then the four badges.
        func badges(_ g: Grab) -> Int { g.redRegions().filter { $0.2 - $0.0 >= 12 && $0.3 - $0.1 >= 12 }.count }
        #expect(try String(contentsOf: folder.appendingPathComponent("next-scene.title"), encoding: .utf8).contains("grid · bezier"))
        let grid = try grab("next-scene")
        #expect(badges(grid) >= 40 && badges(chain) <= 9, "the grid shows \(badges(grid)) badges, the chain \(badges(chain)) red shapes")
        // A press on the grid, which holds none of its badges, says so in a toast (it did
        // nothing and said nothing).
        #expect(WindowTests.toast(in: try grab("grid-press")) != nil, "no toast after a press on the grid")
        // c in the grid: every bridge's construction (none is held: none lettered), in the ink
        // on most of the grid's bands of badges.
        let constructed = try grab("grid-construction")
        /// The construction's ink in a grab: its pixels, and the 40-pixel bands of rows they lie in.
        func constructionInk(_ g: Grab) -> (pixels: Int, bands: Int) {
            let ink = (31, 59, 138)   // ConstructionPainter.ink, (0.12, 0.23, 0.54)
            var pixels = 0, bands = Set<Int>()
            for y in 0..<g.height {
                for x in 0..<g.width where g.isNear(x, y, ink, 20) {
                    pixels += 1
                    bands.insert(y / 40)
                }
            }
            return (pixels, bands.count)
        }
        let bridges = constructionInk(constructed)
        #expect(bridges.pixels > 40 * 20 && bridges.bands >= 8, "c in the grid: \(bridges.pixels) pixels of the construction's ink in \(bridges.bands) bands")
        #expect(badges(constructed) >= 40)
        // m with c on: the grid's field, with its construction: each ball's dot and ring in the
        // ink (the tiles' lines are lighter), on most of the grid's 64 badges.
        #expect(try String(contentsOf: folder.appendingPathComponent("grid-field-construction.title"), encoding: .utf8)
            .contains("grid · metaball"))
        let field = try grab("grid-field-construction")
        let fieldInk = constructionInk(field)
        #expect(fieldInk.pixels > 40 * 20 && fieldInk.bands >= 8, "the field's construction: \(fieldInk.pixels) pixels of ink in \(fieldInk.bands) bands")
        // Its caption's second line says how the field is tiled; with c on in the bezier mode there is none.
        func secondLine(_ g: Grab) -> Int {
            var ink = 0
            for y in 27..<40 { for x in 0..<300 where g.isNear(x, y, WindowTests.ink, 40) { ink += 1 } }
            return ink
        }
        #expect(secondLine(field) > 100 && secondLine(constructed) == 0,
                "the caption's tiling line: \(secondLine(field)) ink pixels with the field, \(secondLine(constructed)) without")
        #expect(try String(contentsOf: folder.appendingPathComponent("next-scene-2.title"), encoding: .utf8).contains("badge · bezier"))
        #expect(badges(try grab("next-scene-2")) == 4)

        // The sliders hidden (h): down says in a toast which slider it selected (it said nothing).
        #expect(WindowTests.toast(in: try grab("hidden-down")) != nil, "no toast after down with the sliders hidden")

        // Shrunk to 200x120, too small for the selected slider's row over the badges: down
        // shows it at the window's foot, under them, its name in the accent (it showed none,
        // with 40 px free there), so no toast; at 200x90, with no room for the row, down
        // still says in a toast which slider it selected.
        let tiny = try grab("tiny-down"), tinier = try grab("tinier-down")
        #expect(tiny.width == 200 && tiny.height == 120 && tinier.width == 200 && tinier.height == 90)
        var lit = 0
        for y in 80..<110 { for x in 0..<200 where tiny.isNear(x, y, WindowTests.accent, 30) { lit += 1 } }
        #expect(lit > 40 && WindowTests.toast(in: tiny) == nil, "the row at the foot of a 200x120 window: \(lit) accent pixels")
        #expect(WindowTests.toast(in: tinier) != nil, "no toast after down in a 200x90 window")
        // h h there: the sliders hidden and shown again. At 200x120 the row comes back and no
        // "sliders shown" toast is drawn over it (it covered the very row it brought back); at
        // 200x90, with no room for the row, the toast says that there is none, on two lines
        // ("no room for the sliders' row"; it said "sliders shown", one line, and showed none).
        let tinyShown = try grab("tiny-down-shown"), tinierShown = try grab("tinier-down-shown")
        var litAgain = 0
        for y in 80..<110 { for x in 0..<200 where tinyShown.isNear(x, y, WindowTests.accent, 30) { litAgain += 1 } }
        #expect(litAgain > 40 && WindowTests.toast(in: tinyShown) == nil, "200x120 after h h: \(litAgain) accent pixels")
        // Resized to 300x200 with the help open: no toast over the help; its zoom said once
        // the help closes.
        let helpResized = try grab("help-resized"), helpClosed = try grab("help-closed-resized")
        #expect(helpResized.width == 300 && WindowTests.toast(in: helpResized) == nil, "a toast over the open help after a resize")
        #expect(WindowTests.toast(in: helpClosed) != nil, "no zoom toast once the help closed")
        let noRoom = WindowTests.toast(in: tinierShown)
        #expect(noRoom.map { $0.maxY - $0.minY + 1 >= 34 } == true, "after h h in a 200x90 window, the toast \(String(describing: noRoom))")

        // V in a 600x400 split window: the recording's first frame has the divider down the
        // middle and both panes' labels at the bottom, as replay's frames have, and nothing of
        // the window's caption or slider panel (top left), which the window itself shows.
        let recorded = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
            .filter { $0.hasSuffix(".gif") }
        try #require(recorded.count == 1, "\(recorded)")
        let gif = try DecodedGIF(path: folder.appendingPathComponent("shots").appendingPathComponent(recorded[0]).path)
        let opening = try #require(gif.frames.first)
        #expect(opening.count == 600 * 400)
        guard opening.count == 600 * 400 else { return }
        func near(_ x: Int, _ y: Int, _ c: (Int, Int, Int), _ tolerance: Int) -> Bool {
            let p = opening[y * 600 + x]
            return abs(Int(p.0) - c.0) <= tolerance && abs(Int(p.1) - c.1) <= tolerance && abs(Int(p.2) - c.2) <= tolerance
        }
        func dark(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            ys.reduce(0) { n, y in n + xs.filter { x in let p = opening[y * 600 + x]; return Int(p.0) + Int(p.1) + Int(p.2) < 300 }.count }
        }
        let recordedDivider = (0..<400).filter { y in (298...301).contains { near($0, y, WindowTests.edge, 4) } }.count
        #expect(recordedDivider > 350, "the recording's divider on \(recordedDivider) rows")
        #expect(dark(0..<295, 360..<400) > 50 && dark(305..<600, 360..<400) > 50,
                "pane labels' ink: \(dark(0..<295, 360..<400)) left, \(dark(305..<600, 360..<400)) right")
        #expect(dark(0..<290, 0..<170) == 0, "the recording shows the caption or sliders: \(dark(0..<290, 0..<170)) dark pixels")
        let window = try grab("recording")
        let windowInk = (0..<30).reduce(0) { n, y in n + (0..<290).filter { x in let p = window.pixel(x, y); return p.r + p.g + p.b < 300 }.count }
        #expect(windowInk > 50, "the window's caption not shown while it records")
        // Its labels are the window's own, drawn once, as before it recorded (under the toasts).
        let before = try grab("not-recording")
        #expect(window.differences(from: before, x: 0..<600, y: 366..<400) == 0,
                "the window's pane labels changed while it records: \(window.differences(from: before, x: 0..<600, y: 366..<400)) pixels")
    }
}
