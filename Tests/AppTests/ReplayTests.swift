// The state machine through `sticky replay` scripts and their JSON Lines dumps.

import Foundation
import Imaging
import Testing

/// One dump line, as far as these tests read it.
struct DumpLine: Decodable {
    struct Pointer: Decodable { var x: Double, y: Double, down: Bool }
    struct BadgeState: Decodable {
        var id: Int
        var home: [Double]
        var center: [Double]
        var radius: Double
        var smallRadius: Double
        var bridge: Bool
        var phase: String
    }
    var t: Double
    var pointer: Pointer
    var badges: [BadgeState]
    var bodies: [[Double]]
    var events: [String]
}

/// Runs the script with a dump; `extra` gives further arguments, knowing the temporary folder.
func replay(_ script: String, _ extra: (URL) -> [String] = { _ in [] }) throws -> (Sticky.Result, [DumpLine], URL) {
    let folder = try temporaryFolder()
    let scriptURL = folder.appendingPathComponent("script.txt")
    try Data(script.utf8).write(to: scriptURL)
    let dump = folder.appendingPathComponent("dump.jsonl")
    let result = try Sticky.run(["replay", scriptURL.path, "--dump", dump.path] + extra(folder))
    var lines: [DumpLine] = []
    if let data = FileManager.default.contents(atPath: dump.path) {
        for line in data.split(separator: UInt8(ascii: "\n")) {
            lines.append(try JSONDecoder().decode(DumpLine.self, from: Data(line)))
        }
    }
    return (result, lines, folder)
}

@Suite struct ReplayTests {
    @Test func dragTo59AndReleaseReturnsHome() throws {
        let (result, lines, folder) = try replay("""
            badge 400 300 20 8
            down 400 300
            move 459 300 0.2
            up
            wait 0.5
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let phases = lines.map { $0.badges[0].phase }
        let returning = try #require(phases.firstIndex(of: "returning"))
        let idle = try #require(phases.lastIndex(of: "idle"))
        #expect(returning < idle)
        #expect(!phases.contains("detached") && !phases.contains("exploding"))
        #expect(lines.flatMap(\.events).filter { $0 == "returned" }.count == 1)
        // The bridge follows the spring (no stale bridge): it moves while returning.
        let during = lines.filter { $0.badges[0].phase == "returning" }
        #expect(during.allSatisfy(\.badges[0].bridge) || during.contains { $0.badges[0].bridge })
        #expect(Set(during.map { $0.badges[0].center[0] }).count > 5)
        #expect(lines.last!.badges[0].center == [400, 300])
        // The seed's timing: home 0.25 s after the release (the default spring), within a frame.
        let released = lines.first { $0.events.contains("released") }!.t
        let returned = lines.first { $0.events.contains("returned") }!.t
        #expect(abs(returned - released - 0.25) <= 1.0 / 60 + 1e-9)
        // Frames every 1/60 s from 0 up to the end: duration × fps.
        #expect(lines.count == Int((0.7 * 60).rounded()))
    }

    @Test func dragTo61DetachesAndReleaseExplodes() throws {
        let (result, lines, folder) = try replay("""
            badge 400 300 20 8
            down 400 300
            move 461 300 0.2
            wait 0.1
            up
            wait 1.2
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let detachedLine = try #require(lines.first { $0.events.contains("detached") })
        #expect(detachedLine.badges[0].bridge == false && detachedLine.badges[0].phase == "detached")
        #expect(detachedLine.badges[0].smallRadius == 0)
        let explodedLine = try #require(lines.first { $0.events.contains("exploded") })
        #expect(explodedLine.badges[0].phase == "exploding")
        let goneLine = try #require(lines.first { $0.badges[0].phase == "gone" })
        #expect(goneLine.events.contains("removed"))
        // Gone within explosionDuration (1 s, seed 000) + one frame.
        #expect(goneLine.t - explodedLine.t <= 1.0 + 1.0 / 60 + 1e-9)
        #expect(goneLine.t - explodedLine.t >= 1.0 - 1e-9)
    }

    @Test(arguments: [false, true])
    func outAndBackIn(reattach: Bool) throws {
        let (result, lines, folder) = try replay("""
            set reattach \(reattach)
            badge 400 300 20 8
            down 400 300
            move 470 300 0.2
            move 430 300 0.2
            up
            wait 0.5
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let events = lines.flatMap(\.events)
        #expect(events.contains("detached"))
        #expect(events.contains("reattached") == reattach)
        #expect(events.contains("returned") && !events.contains("exploded"))
        let beforeRelease = try #require(lines.last { $0.pointer.down })
        #expect(beforeRelease.badges[0].bridge == reattach)
        #expect(lines.last!.badges[0].phase == "idle")
    }

    /// A `down` that grabs nothing is said, in one line for all of them (the first three named,
    /// when, and what a press grabs in that scene): a script written for another size or mode
    /// pressed beside every badge without a word. One that grabs, not a word.
    @Test(arguments: [
        // (With where the badges are: the four default ones at k/5 of 800 across, mid-height.)
        ("down 400 300\nwait 0.1\nup\n", "down 400 300 at 0 s grabbed nothing: no badge there (a press grabs within 10 px of one's edge; "
            + "the badges are at " + (1...4).map { "\(800 * $0 / 5),300" }.joined(separator: " ") + ")"),
        ("down 480 300\nwait 0.1\nup\n", nil),
        ("wait 0.1\ndown 10 10\nup\ndown 20 10\nup\nwait 0.1\ndown 30 10\nup\ndown 40 10\nwait 0.1\n",
         "down 10 10 at 0.1 s, down 20 10 at 0.1 s, down 30 10 at 0.2 s and 1 more grabbed nothing: no badge there"),
        ("scene chain\ndown 5 5\nwait 0.1\n", "down 5 5 at 0 s grabbed nothing: the caterpillar is held by its head (a press within 10 px of it)"),
        ("scene grid 5\ndown 400 300\nwait 0.1\n", "down 400 300 at 0 s grabbed nothing: the grid's badges are posed, not held"),
    ] as [(String, String?)])
    func aDownThatGrabsNothingIsSaid(script: String, warning: String?) throws {
        let (result, lines, folder) = try replay(script)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stderr.split(separator: "\n").filter { $0.contains("grabbed nothing") }
        if let warning {
            #expect(said.count == 1 && said[0].hasPrefix("sticky: warning: " + warning), "\(result.stderr)")
        } else {
            #expect(said.isEmpty && lines.contains { $0.events.contains("began") }, "\(result.stderr)")
        }
    }

    /// In a scene shrunk to fit its panes, the cut badge is said in the script's units, the
    /// pictures' (its points are theirs): a 200x300 pane read "the 320x480 pane", and the
    /// badge's place and radius were the scene's.
    @Test func aCutBadgeIsSaidInTheScriptsUnits() throws {
        let (result, lines, folder) = try replay("size 400 300\ndown 160 150\nmove 260 150 0.5\nwait 0.2\nup\nwait 0.1\n") { _ in ["--mode", "split"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        // The four badges need 320 units; a pane is 200.
        let zoom = 200.0 / 320, held = try #require(lines.first { $0.pointer.down }?.badges.first { $0.id == 3 })
        let r = (held.radius * zoom * 10).rounded() / 10
        let note = result.stderr.split(separator: "\n").first { $0.contains("the script's pointer took it there") } ?? ""
        let radius = r == r.rounded() ? "\(Int(r))" : "\(r)"
        #expect(note.contains("(radius \(radius)) is cut by the edge of the 200x300 pane"), "\(result.stderr)")
        // Its place: where the pointer's line put it, in the pictures' units.
        let place = try #require(note.range(of: #"at [0-9.]+,150 "#, options: .regularExpression))
        let x = try #require(Double(note[place].dropFirst(3).prefix { $0 != "," }))
        #expect(x + r > 200 && x + r <= 200 + 100.0 / 30 + 0.1, "\(note)")
    }

    /// A script saved with Windows line endings, old Mac ones, or a UTF-8 byte-order mark plays
    /// as the same script with "\n" does: with "\r\n" (one Character) it was one line, a
    /// comment where it began with one, and played nothing; with the mark its first word was
    /// an unknown command that read as "wait". A later line's error names its line.
    @Test func lineEndingsAndAByteOrderMarkPlayAlike() throws {
        let script = "# pull and let go\nbadge 400 300 20 8\ndown 400 300\nmove 470 300 0.2\nup\nwait 0.5\n"
        let (plain, expected, first) = try replay(script)
        defer { try? FileManager.default.removeItem(at: first) }
        #expect(plain.status == 0 && plain.stderr.isEmpty && expected.flatMap(\.events).contains("released"), "\(plain.stderr)")
        for variant in [script.replacingOccurrences(of: "\n", with: "\r\n"), script.replacingOccurrences(of: "\n", with: "\r"),
                        "\u{FEFF}" + script, "\u{FEFF}" + script.replacingOccurrences(of: "\n", with: "\r\n")] {
            let (result, lines, folder) = try replay(variant)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(result.status == 0 && result.stderr.isEmpty, "\(variant.debugDescription): \(result.stderr)")
            let same = lines.map(\.t) == expected.map(\.t) && lines.map { $0.badges.map(\.center) } == expected.map { $0.badges.map(\.center) }
                && lines.map(\.events) == expected.map(\.events)
            #expect(same, "\(variant.debugDescription) played otherwise")
        }
        let (bad, _, folder) = try replay("wait 0.1\r\nmove 1\r\nwait 0.1\r\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(bad.status == 2 && bad.stderr.contains("script.txt:2: move expects X Y [SECONDS], got '1'\n"), "\(bad.stderr)")
    }

    /// Frames are taken up to a script's end, not at it: the lines at its end (an `up` with no
    /// wait after it) never play, and are said, the first named (a new user's release was lost
    /// without a word). With a wait after them they play, and nothing is said; a script that
    /// takes no time plays them in its one frame.
    @Test(arguments: [
        ("badge 400 300 20 8\ndown 400 300\nmove 470 300 0.2\nup\n", "script.txt:4: up at the script's end (0.2 s) comes after its last frame", false),
        ("badge 400 300 20 8\ndown 400 300\nmove 470 300 0.2\nup\nwait 0.1\n", nil, true),
        ("badge 400 300 20 8\nwait 0.5\ndown 400 300\nset maxDistance 80\nmove 450 300\n",
         "script.txt:3: down and 2 more lines at the script's end (0.5 s) come after its last frame and never play", false),
        ("badge 400 300 20 8\ndown 400 300\nmove 470 300 0.2\nkey q\n", nil, false),
        ("badge 400 300 20 8\ndown 400 300\nup\n", nil, true),
    ] as [(String, String?, Bool)])
    func linesAtTheScriptsEndAreSaid(script: String, warning: String?, released: Bool) throws {
        let (result, lines, folder) = try replay(script)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let said = result.stderr.split(separator: "\n").filter { $0.contains("the script's end") }
        if let warning {
            #expect(said.count == 1 && said[0].hasPrefix("sticky: warning: ") && said[0].contains(warning), "\(result.stderr)")
        } else {
            #expect(said.isEmpty, "\(result.stderr)")
        }
        #expect(lines.flatMap(\.events).contains("released") == released, "\(lines.flatMap(\.events))")
    }

    /// A script's pointer that takes a held badge past its pane's edge is said once, at the
    /// first frame it is cut (a new user's split replay dragged the badge into the divider,
    /// cut in half without a word; the window holds its pointer there, a script's points are
    /// a pane's). Inside the pane, or in one pane wide enough, not a word.
    @Test(arguments: [(185.0, "split", true), (170.0, "split", false), (185.0, "bezier", false), (250.0, "split", true)])
    func aHeldBadgeDraggedPastItsPanesEdgeIsSaid(toX: Double, mode: String, said: Bool) throws {
        let radius = 20.0, from = 100.0, seconds = 0.5, fps = 60.0, paneWidth = mode == "split" ? 200.0 : 400.0
        let (result, lines, folder) = try replay("""
            size 400 300
            set maxDistance 500
            badge \(Int(from)) 150 \(Int(radius)) 8
            down \(Int(from)) 150
            move \(Int(toX)) 150 \(seconds)
            wait 0.2
            up
            wait 0.1
            """) { _ in ["--mode", mode] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("the script's pointer took it there") }
        guard said else {
            #expect(notes.isEmpty, "\(result.stderr)")
            return
        }
        // The first frame whose badge, on the pointer's straight line, reaches past the pane.
        let k = try #require((0..<200).first { from + (toX - from) * min(1, Double($0) / fps / seconds) + radius > paneWidth })
        let x = from + (toX - from) * min(1, Double(k) / fps / seconds)
        let held = try #require(lines.first { abs($0.t - Double(k) / fps) < 1e-9 })
        #expect(abs(held.badges[0].center[0] - x) < 1e-6, "the dump's badge is where the pointer's line takes it")
        let at = String(format: "%.3f", Double(k) / fps)
        let whereItIs = x - radius > paneWidth ? "lies outside the 200x300 pane" : "(radius 20) is cut by the edge of the 200x300 pane"
        #expect(notes.count == 1 && notes[0].hasPrefix("sticky: warning: at \(at) s the held badge 0 (\"8\") at "), "\(result.stderr)")
        #expect(notes.first?.contains(whereItIs) == true, "\(result.stderr)")
    }

    /// Badge lines in a script of another scene set nothing: said in one line (they were
    /// ignored without a word); in the badge scene, not a word.
    @Test(arguments: [("scene chain\n", true), ("scene grid 5\n", true), ("", false)])
    func badgeLinesOfAnotherSceneAreSaidToBeIgnored(scene: String, warned: Bool) throws {
        let (result, _, folder) = try replay(scene + "badge 100 100 20 8\nwait 0.1\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let line = "badge lines set the badge scene's badges; the"
        #expect(result.stderr.contains(line) == warned && result.stderr.split(separator: "\n").count == (warned ? 1 : 0), "\(result.stderr)")
    }

    /// A script that takes no time (an empty file, the wrong one, presses without a wait)
    /// plays one frame at 0 s, and says so in one line; one that waits or moves over time, not
    /// a word.
    @Test(arguments: [("", true), ("size 200 100\n# nothing else\n", true), ("down 480 300\nup\n", true),
                      ("wait 0.05\n", false), ("move 410 300 0.05\n", false)])
    func aScriptThatTakesNoTimeIsSaidToPlayOneFrame(script: String, warned: Bool) throws {
        let (result, lines, folder) = try replay(script)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let line = "script.txt takes no time (no wait, no timed move): one frame, at 0 s"
        #expect(result.stderr.contains(line) == warned && result.stderr.split(separator: "\n").count == (warned ? 1 : 0), "\(result.stderr)")
        // (At 60 fps: 0.05 s is three frames.)
        #expect(lines.count == (warned ? 1 : 3), "\(lines.count) frames")
    }

    /// A frames folder named like a picture (`--frames out.png`), not there yet, is said to be
    /// a folder, with the options for one animated file; one named otherwise, not a word.
    @Test(arguments: [("out.png", true), ("clip.GIF", true), ("frames", false), ("v1.2/frames", false)])
    func aFramesFolderNamedLikeAPictureIsSaid(name: String, warned: Bool) throws {
        let (result, _, folder) = try replay("wait 0.02\n") { folder in ["--frames", folder.appendingPathComponent(name).path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let path = folder.appendingPathComponent(name).path
        let line = "sticky: warning: --frames names a folder: '\(path)' will be a folder of PNG frames (one animated file: --gif or --apng)"
        #expect(result.stderr.split(separator: "\n").contains { $0 == line } == warned, "\(result.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    /// Lines that play but do nothing are said, a line each: a view key (at its first press;
    /// the slider keys, r and q act), and an `up` with the pointer not down; the same over a
    /// summary.
    @Test func linesThatDoNothingAreSaid() throws {
        let script = "key m\nkey s\nkey m\nkey right\nkey r\nup\ndown 480 300\nmove 530 300 0.1\nup\nup\nwait 0.5\n"
        let expected = [
            "script.txt:1: key m changes nothing in a replay: its view is its options (--mode, --size, --scale; --construction and --wireframe are render's)",
            "script.txt:2: key s changes nothing in a replay: its view is its options (--mode, --size, --scale; --construction and --wireframe are render's)",
            "script.txt:6: up with the pointer not down releases nothing",
            "script.txt:10: up with the pointer not down releases nothing",
        ]
        let aliasing = "the spring back rings at"
        let (dumped, lines, folder) = try replay(script)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(dumped.status == 0 && !lines.isEmpty, "\(dumped.stderr)")
        let said = dumped.stderr.split(separator: "\n").map(String.init)
        #expect(said.count == expected.count + 1, "\(dumped.stderr)")
        for (line, text) in zip(said, expected) { #expect(line.hasPrefix("sticky: warning: ") && line.hasSuffix(text), "\(line)") }
        #expect(said.last?.contains(aliasing) == true, "\(dumped.stderr)")
        let summary = try Sticky.run(["replay", folder.appendingPathComponent("script.txt").path])
        // The summary says the same lines, not the aliasing, which concerns frames.
        #expect(summary.status == 0 && summary.stderr.split(separator: "\n").map(String.init) == Array(said.dropLast()), "\(summary.stderr)")
    }

    @Test func keyRRestoresTheBadges() throws {
        let (result, lines, folder) = try replay("""
            badge 200 200 20
            badge 400 200 20
            down 200 200
            move 300 200
            up
            wait 1.1
            key r
            wait 0.1
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines.contains { $0.badges[0].phase == "gone" })
        #expect(lines.contains { $0.events.contains("reset") })
        #expect(lines.last!.badges.map(\.phase) == ["idle", "idle"])
    }

    @Test(arguments: [
        ("down 1\n", ":1: down expects X Y, got '1'"),
        ("move 1\n", ":1: move expects X Y [SECONDS], got '1'"),
        ("wait\n", ":1: wait expects SECONDS, got nothing"),
        ("wait 1e9\n", ":1: wait expects SECONDS of at most 1000000 each, got '1e9'"),
        ("wait 0x1p-3\n", ":1: wait expects SECONDS, got '0x1p-3'"),
        ("\n\nmove 1 2 x\n", ":3: move expects X Y [SECONDS], got 'x'"),
        ("down 1 2\nsize 10 10\n", ":2: size must come before"),
        ("wiggle\n", ":1: unknown command 'wiggle'"),
        ("key f13\n", ":1: unknown key 'f13'"),
        ("set bogus 1\n", ":1: set: unknown parameter 'bogus'"),
        ("set maxDistance -1\n", ":1: set maxDistance expects a number from 1 to 10000"),
        ("wait -1\n", ":1: wait expects SECONDS ≥ 0"),
        ("badge 1 2\n", ":1: badge expects X Y R [TEXT]"),
        // The value is quoted, as in every other line's message; a count only for the grid.
        ("size 100000 10\n", ":1: size expects W H (positive integers up to 16384), got '100000 10'"),
        ("scene chain 4\n", ":1: scene expects badge, chain or grid [N] (N from 1 to 4096), got 'chain 4': only the grid takes a count"),
    ])
    func badLinesStopBeforeAnythingIsWritten(script: String, message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptURL = folder.appendingPathComponent("s.txt")
        try Data(script.utf8).write(to: scriptURL)
        let frames = folder.appendingPathComponent("frames")
        let dump = folder.appendingPathComponent("d.jsonl")
        let result = try Sticky.run(["replay", scriptURL.path, "--dump", dump.path, "--frames", frames.path])
        #expect(result.status == 2)
        #expect(result.stderr == "sticky: \(scriptURL.path)\(message)" || result.stderr.hasPrefix("sticky: \(scriptURL.path)\(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dump.path))
        #expect(!FileManager.default.fileExists(atPath: frames.path))
    }

    /// Ended early by `key q`: the APNG says how many frames it really holds.
    @Test func anAnimationEndedEarlyDeclaresItsFrames() throws {
        let (result, _, folder) = try replay("""
            badge 100 75 20
            wait 0.2
            key q
            wait 1
            """) { ["--fps", "30", "--apng", $0.appendingPathComponent("a.png").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let apng = try APNGWriter.frames(in: folder.appendingPathComponent("a.png").path)
        #expect(apng.declared == 7 && apng.controls == 7)
    }

    @Test func framesAreWrittenOnePerFrame() throws {
        let (result, lines, folder) = try replay("""
            size 200 150
            badge 100 75 20 5
            down 100 75
            move 140 95 0.1
            wait 0.1
            """) { ["--fps", "30", "--frames", $0.appendingPathComponent("frames/new").path,
                    "--gif", $0.appendingPathComponent("a.gif").path, "--apng", $0.appendingPathComponent("a.png").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        // 0.2 s at 30 fps: 6 frames, in the dump, the folder and the GIF alike.
        #expect(lines.count == 6)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames/new").path).sorted()
        #expect(files == (0..<6).map { String(format: "frame-%05d.png", $0) })
        let gif = try GIFWriter.frames(in: folder.appendingPathComponent("a.gif").path)
        #expect(gif.count == 6 && gif.width == 200 && gif.height == 150)
        // Delays in whole centiseconds that add up to the duration exactly (3, 4, 3, 3, 4, 3).
        #expect(gif.delays.reduce(0, +) == 20 && gif.delays.allSatisfy { $0 == 3 || $0 == 4 }, "\(gif.delays)")
        // The APNG declares and holds the same frames; a plain PNG reader sees its first frame.
        let apng = try APNGWriter.frames(in: folder.appendingPathComponent("a.png").path)
        #expect(apng.declared == 6 && apng.controls == 6)
        let first = try PNG.read(from: folder.appendingPathComponent("a.png").path)
        let frame0 = try PNG.read(from: folder.appendingPathComponent("frames/new/frame-00000.png").path)
        #expect(first == frame0)
    }
}

/// A new user's report: `replay --mode split` drew nothing of a badge placed in the right half of
/// the script's canvas, without a word (render warns), and its split frames had no divider or
/// labels (render's have). Now it warns as render does, and draws them.
@Suite struct ReplaySplitTests {
    @Test func aBadgeOutsideThePaneIsNamedAndTheFramesHaveTheDivider() throws {
        let (result, _, folder) = try replay("""
            size 800 300
            badge 100 150 20 7
            badge 500 150 20 99+
            wait 0.1
            """) { ["--mode", "split", "--fps", "10", "--frames", $0.appendingPathComponent("frames").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        // Each pane's canvas is 400x300 (the window's layout): the second badge lies outside it.
        #expect(result.stderr.contains(#"badge 1 ("99+") at 500,150 lies outside the 400x300 pane"#), "\(result.stderr)")
        #expect(!result.stderr.contains("badge 0"), "\(result.stderr)")
        let frame = try PNG.read(from: folder.appendingPathComponent("frames/frame-00000.png").path)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * frame.width + x)
            return (Int(frame.pixels[i]), Int(frame.pixels[i + 1]), Int(frame.pixels[i + 2]))
        }
        // The divider: a grey line at the panes' edge, down the picture's top.
        for y in stride(from: 10, to: 120, by: 10) {
            let grey = (397...402).contains { x in
                let (r, g, b) = pixel(x, y)
                return r < 230 && abs(r - g) < 12 && b >= r && b - r < 20
            }
            #expect(grey, "no divider at row \(y)")
        }
        // A label's dark ink at the foot of each pane (bottom right: "Bézier · quad", "metaball · ...").
        for pane in 0..<2 {
            var ink = 0
            for y in 270..<300 { for x in (pane * 400 + 200)..<(pane * 400 + 400) where pixel(x, y).0 < 90 { ink += 1 } }
            #expect(ink > 40, "pane \(pane)'s label: \(ink) dark pixels")
        }
        // In one pane there is neither.
        let (single, _, other) = try replay("""
            size 800 300
            badge 100 150 20 7
            wait 0.1
            """) { ["--fps", "10", "--frames", $0.appendingPathComponent("frames").path] }
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(single.status == 0 && !single.stderr.contains("outside"), "\(single.stderr)")
        let plain = try PNG.read(from: other.appendingPathComponent("frames/frame-00000.png").path)
        #expect(plain.pixels.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element == 255 || (0..<300).contains($0.offset / 4 % 800) },
                "a lone pane's picture is white but for the badge")
    }
}

/// A new user's 400x300 split replay was drawn at 62% without a word, where the window says so
/// in a toast: pictures of a scene shrunk to fit their panes now say it on stderr, with what it
/// does to the break; a full-size one, or a run that draws no picture, says nothing of it.
@Suite struct ReplayZoomTests {
    @Test func picturesOfAShrunkSceneSaySo() throws {
        let script = """
            size 400 300
            wait 0.1
            """
        // The four badges need a canvas 320 units wide; a split pane of 400 is 200: 62.5%.
        let zoom = 200.0 / 320
        let percent = Int((zoom * 100).rounded()), pull = Int((60 * zoom).rounded())
        let note = "sticky: warning: the scene at \(percent)% to fit each pane (the 60 px break is \(pull) px on the pictures)\n"
        let (split, _, folder) = try replay(script) { ["--mode", "split", "--fps", "10", "--frames", $0.appendingPathComponent("f").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(split.status == 0 && split.stderr == note, "\(split.stderr)")
        // One pane of 400 holds the 320: full size, nothing said.
        let (single, _, other) = try replay(script) { ["--fps", "10", "--frames", $0.appendingPathComponent("f").path] }
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(single.status == 0 && single.stderr.isEmpty, "\(single.stderr)")
        // No pictures (the dump alone): nothing drawn, nothing said.
        let (dumped, lines, third) = try replay(script) { _ in ["--mode", "split"] }
        defer { try? FileManager.default.removeItem(at: third) }
        #expect(dumped.status == 0 && dumped.stderr.isEmpty && !lines.isEmpty, "\(dumped.stderr)")
    }

    /// A script's points are the pictures' (each pane's), as the window's pointer is: in a
    /// 400x300 split, shown at 62.5%, a press where the frames show a badge grips it, and a pull
    /// of 70 scene units (43.75 on the pictures) past the 60 px break detaches it; the dump
    /// speaks of the scene, and the warning says which is which. (A new user's `down` on a badge
    /// as the frames showed it grabbed nothing.)
    @Test func aScriptPointsWhereThePicturesShow() throws {
        let zoom = 200.0 / 320
        let (first, start, folder) = try replay("size 400 300\nwait 0.1\n") { _ in ["--mode", "split"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(first.status == 0, "\(first.stderr)")
        let home = try #require(start.first?.badges.first?.home)
        let (x, y) = (home[0] * zoom, home[1] * zoom), far = (home[0] + 70) * zoom
        let (result, lines, other) = try replay("size 400 300\ndown \(x) \(y)\nmove \(far) \(y) 0.2\nwait 0.1\n") { _ in ["--mode", "split"] }
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(result.status == 0, "\(result.stderr)")
        let held = try #require(lines.first { $0.pointer.down })
        #expect(abs(held.pointer.x - home[0]) < 1e-9 && abs(held.pointer.y - home[1]) < 1e-9, "\(held.pointer)")
        #expect(lines.flatMap(\.events).contains("detached"), "\(lines.flatMap(\.events))")
        #expect(lines.last.map { abs($0.badges[0].center[0] - (home[0] + 70)) < 1e-9 } == true)
        let percent = Int((zoom * 100).rounded()), pull = Int((60 * zoom).rounded())
        #expect(result.stderr == "sticky: warning: the scene at \(percent)% to fit each pane (the 60 px break is \(pull) px on the pictures); "
                + "the script's points are the pictures' (each pane's), as a window's pointer is, the dump's the scene's\n", "\(result.stderr)")
    }

    /// A split replay's pane labels keep clear of the scene in every frame, not only the first:
    /// the caterpillar starts high and falls onto the panes' feet, where labels placed clear of
    /// its start lay over it from then on (a new user's 400x300 replay). The labels are the
    /// only dark ink in the frames (the caterpillar is red and blue): in the last frame, none in
    /// the bottom band where it lies, and some in the top band.
    @Test func splitLabelsKeepClearOfTheFallenCaterpillar() throws {
        let (result, _, folder) = try replay("size 400 300\nscene chain\nwait 1.5\n") {
            ["--mode", "split", "--fps", "2", "--frames", $0.appendingPathComponent("f").path]
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let first = try PNG.read(from: folder.appendingPathComponent("f/frame-00000.png").path)
        let last = try PNG.read(from: folder.appendingPathComponent("f/frame-00002.png").path)
        func dark(_ image: Image, rows: Range<Int>) -> Int {
            rows.reduce(0) { n, y in
                n + (0..<image.width).filter { x in
                    let i = 4 * (y * image.width + x)
                    return image.pixels[i] < 90 && image.pixels[i + 1] < 90 && image.pixels[i + 2] < 90
                }.count
            }
        }
        func red(_ image: Image, rows: Range<Int>) -> Int {
            rows.reduce(0) { n, y in
                n + (0..<image.width).filter { x in let i = 4 * (y * image.width + x); return image.pixels[i] > 200 && image.pixels[i + 1] < 60 }.count
            }
        }
        // (The caterpillar at the top first, at the foot last.)
        #expect(red(first, rows: 0..<150) > 500 && red(last, rows: 240..<300) > 500)
        #expect(dark(last, rows: 240..<300) == 0, "label ink by the fallen caterpillar")
        #expect(dark(last, rows: 0..<40) > 100 && dark(first, rows: 0..<40) == dark(last, rows: 0..<40), "the labels at the top in both")
    }

    /// A script's own badges are drawn where it puts them, at full size, as render's are: at
    /// 120x90 one badge of radius 20 covers π·20² pixels about (60, 45), and nothing is said of
    /// a zoom (laid out for the window's four badges it was drawn at 38%).
    @Test func aScriptsOwnBadgesAreDrawnAtFullSize() throws {
        let (result, _, folder) = try replay("""
            size 120 90
            badge 60 45 20
            wait 0.1
            """) { ["--fps", "10", "--frames", $0.appendingPathComponent("f").path] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let frame = try PNG.read(from: folder.appendingPathComponent("f/frame-00000.png").path)
        // Coverage from the green channel (red over white: 255 outside, 0 inside).
        var area = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let c = (255 - Double(frame.pixels[4 * (y * frame.width + x) + 1])) / 255
                area += c
                sx += c * (Double(x) + 0.5)
                sy += c * (Double(y) + 0.5)
            }
        }
        #expect(abs(area - Double.pi * 400) < 0.02 * Double.pi * 400, "area \(area)")
        #expect(abs(sx / area - 60) < 0.5 && abs(sy / area - 45) < 0.5, "centre \(sx / area), \(sy / area)")
    }
}

@Suite struct ChainReplayTests {
    static let script = """
        scene chain
        size 640 480
        wait 1.5
        down 277 442
        move 400 200 0.5
        wait 0.5
        up
        wait 1
        """

    @Test func theSameScriptGivesTheSameStates() throws {
        let (first, a, folderA) = try replay(ChainReplayTests.script)
        defer { try? FileManager.default.removeItem(at: folderA) }
        let (second, b, folderB) = try replay(ChainReplayTests.script)
        defer { try? FileManager.default.removeItem(at: folderB) }
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty, "Chipmunk's banner must not reach stdout: \(first.stdout)")
        let dumpA = try String(contentsOf: folderA.appendingPathComponent("dump.jsonl"), encoding: .utf8)
        let dumpB = try String(contentsOf: folderB.appendingPathComponent("dump.jsonl"), encoding: .utf8)
        #expect(dumpA == dumpB)
        #expect(a.count == b.count && a.count == Int(3.5 * 60))
    }

    /// How far the field of the seed's nine bodies (eight of radius 15, the head of 30) reaches
    /// past a circle straight below it, lying straight or heaped: the largest t − r, t where
    /// Σ rⱼ²/((xⱼ − x)² + (yⱼ − y)²) = 1 at (x, y) = the centre + (0, t) (inverse square), by
    /// bisection, over
    /// - the seed's row: the bodies 30 apart, then the head 45 on; below each;
    /// - the heap round a body on the floor: the eight bodies on the hexagonal lattice of pitch
    ///   30 nearest the floor's point under it, the head on the floor beside the heap's bottom
    ///   row where it first touches no body (from 2√(15 · 30) past that row's last, pixel by
    ///   pixel); below that body;
    /// - the heap round the head: the head on the floor, the bodies in the lattice's sites
    ///   nearest the point under it that do not overlap it; below the head.
    static func fieldReach() -> Double {
        struct Disc { var x: Double, y: Double, r: Double }
        func reach(_ discs: [Disc], below i: Int) -> Double {
            let c = discs[i]
            func field(_ t: Double) -> Double {
                var sum = 0.0
                for d in discs {
                    let dx = d.x - c.x, dy = d.y - c.y - t
                    sum += d.r * d.r / (dx * dx + dy * dy)
                }
                return sum
            }
            var low = c.r, high = 4 * c.r
            for _ in 0..<60 { let mid = (low + high) / 2; if field(mid) >= 1 { low = mid } else { high = mid } }
            return low - c.r
        }
        func apart(_ a: Disc, _ b: Disc) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        var row = (0..<8).map { Disc(x: 15 + 30 * Double($0), y: 0, r: 15) }
        row.append(Disc(x: 270, y: 0, r: 30))
        var most = 0.0
        for i in row.indices { most = max(most, reach(row, below: i)) }
        // The lattice on a floor at y = 0 (y down): rows 15√3 apart, every other one half a pitch on.
        var sites: [Disc] = []
        for j in 0..<12 {
            for i in -20...20 { sites.append(Disc(x: (Double(i) + Double(j % 2) / 2) * 30, y: -15 - Double(j) * 15 * 3.0.squareRoot(), r: 15)) }
        }
        let floorPoint = Disc(x: 0, y: 0, r: 0)
        func nearest(_ allowed: [Disc]) -> [Disc] { Array(allowed.sorted { apart($0, floorPoint) < apart($1, floorPoint) }.prefix(8)) }
        var heap = nearest(sites)
        var head = Disc(x: heap.filter { $0.y == -15 }.map { $0.x }.max()! + 2 * (15.0 * 30).squareRoot(), y: -30, r: 30)
        while heap.contains(where: { apart($0, head) < 45 - 1e-9 }) { head.x += 1 }
        heap.append(head)
        most = max(most, reach(heap, below: 0))
        let under = Disc(x: 0, y: -30, r: 30)
        most = max(most, reach([under] + nearest(sites.filter { apart($0, under) >= 45 - 1e-9 }), below: 0))
        return most
    }

    @Test func theDumpCarriesTheBodiesHeadLast() throws {
        let (result, lines, folder) = try replay(ChainReplayTests.script) { _ in ["--mode", "metaball"] }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.bodies.count == 9 && $0.badges.isEmpty })
        // Where the field is drawn, the walls stand inside the canvas by its reach past the
        // circles and a pixel and a half for its soft edge (half a pixel, and Chipmunk's slop
        // into a wall); in the Bézier mode by the pixel and a half alone.
        let (bezier, bezierLines, bezierFolder) = try replay(ChainReplayTests.script)
        defer { try? FileManager.default.removeItem(at: bezierFolder) }
        #expect(bezier.status == 0, "\(bezier.stderr)")
        let first = bezierLines[0].bodies.last!, lain = bezierLines[Int(1.4 * 60)].bodies
        #expect(abs(first[0] - (270 + 1.5)) < 1e-6 && first[1] == 115, "\(first)")
        #expect(abs(lain.map { $0[1] + $0[2] }.max()! - (480 - 1.5)) < 0.5, "\(lain)")
        let inset = ChainReplayTests.fieldReach() + 1.5
        let start = lines[0].bodies.last!
        #expect(abs(start[0] - (270 + inset)) < 1e-6 && start[1] == 115 && start[2] == 30, "\(start), inset \(inset)")
        // Resting on the floor before the grab, the head lifted to the pointer while held.
        let resting = lines[Int(1.4 * 60)].bodies
        let floor = 480 - inset
        #expect(resting.allSatisfy { $0[1] + $0[2] <= floor + 0.5 } && resting.map { $0[1] + $0[2] }.max()! > floor - 2)
        let held = lines[Int(2.4 * 60)]
        // Gripped about 6 px off its centre (pressed at 277, 442; it rests at about 280.4, 437.2), where it was pressed: the centre hangs within that of the pointer.
        let head = held.bodies.last!
        #expect(held.pointer.down && ((head[0] - 400) * (head[0] - 400) + (head[1] - 200) * (head[1] - 200)).squareRoot() < 9, "\(head)")
        #expect(lines.flatMap(\.events) == ["began", "released"])
    }
}

/// `sticky replay SCRIPT` with no output asked for: a summary on stdout, the same events at the
/// same times as the dump's lines.
@Suite struct ReplaySummaryTests {
    /// The summary's event lines ("0.250 s  badge 1 ("8") released") as (time, event name).
    static func events(in summary: String) -> [(Double, String)] {
        summary.split(separator: "\n").dropFirst().compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[1] == "s", let t = Double(words[0]) else { return nil }
            return (t, String(words.last!))
        }
    }

    /// A spring back that rings faster than half the frame rate is named on stderr, once, with
    /// its frequency and the least --fps that shows it, where frames are kept (a dump here); the
    /// seeds' spring (ζ 0.1 over 0.25 s) rings at ω√(1 − ζ²)/2π, ω from its envelope
    /// e^(−ζωT)/√(1 − ζ²) = 0.001. A release at home (nothing to ring), a burst and a summary,
    /// which shows no frames, say nothing.
    @Test func aSpringTooFastForTheFramesIsNamed() throws {
        let z = 0.1, T = 0.25
        let omega = -log(0.001 * (1 - z * z).squareRoot()) / (z * T)
        let ring = omega * (1 - z * z).squareRoot() / (2 * Double.pi)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ script: String, fps: Double) throws -> Sticky.Result {
            let path = folder.appendingPathComponent("s.txt").path
            try Data(script.utf8).write(to: URL(fileURLWithPath: path))
            return try Sticky.run(["replay", path, "--fps", String(Int(fps)), "--dump", folder.appendingPathComponent("d.jsonl").path])
        }
        let springBack = "badge 400 300 20 8\ndown 400 300\nmove 459 300 0.2\nup\nwait 0.5\n"
        for fps in [24.0, 30, 60, 87, 88, 120] {
            let result = try run(springBack, fps: fps)
            #expect(result.status == 0)
            if 2 * ring > fps {
                #expect(result.stderr == "sticky: warning: the spring back rings at \(String(format: "%.1f", ring)) Hz, more than half of "
                        + "\(Int(fps)) fps: frames show it aliased (a slower wobble or a jitter); --fps \(Int((2 * ring).rounded(.up))) "
                        + "or more shows it\n", "\(fps) fps")
            } else {
                #expect(result.stderr.isEmpty, "\(fps) fps: \(result.stderr)")
            }
        }
        // Let go at home after parting (nothing to ring), and a burst: nothing said.
        let atHome = "badge 400 300 20 8\ndown 400 300\nmove 470 300 0.1\nmove 400 300 0.1\nup\nwait 0.3\n"
        let burst = "badge 400 300 20 8\ndown 400 300\nmove 470 300 0.1\nup\nwait 1.2\n"
        for script in [atHome, burst] { #expect(try run(script, fps: 30).stderr.isEmpty) }
        // The same spring back with no output: a summary of its events, nothing said.
        try Data(springBack.utf8).write(to: folder.appendingPathComponent("s.txt"))
        let summary = try Sticky.run(["replay", folder.appendingPathComponent("s.txt").path, "--fps", "30"])
        #expect(summary.status == 0 && summary.stdout.contains("released") && summary.stderr.isEmpty, "\(summary.stderr)")
    }

        /// A GIF plays at most 50 frames a second (delays of 2 cs at least), whatever --fps: a
    /// spring ringing faster than 25 Hz is said to be beyond any GIF, with the APNG that shows it
    /// (a new user followed "--fps 88" for a GIF, which was as aliased); a slower one it can show
    /// is said as for any frames, and a GIF with an APNG beside it has both lines.
    @Test func aSpringTooFastForAnyGIFIsSaid() throws {
        let z = 0.1, T = 0.25
        let omega = -log(0.001 * (1 - z * z).squareRoot()) / (z * T)
        let ring = omega * (1 - z * z).squareRoot() / (2 * Double.pi)
        let least = Int((2 * ring).rounded(.up))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("s.txt").path
        try Data("badge 100 75 20 8\ndown 100 75\nmove 159 75 0.2\nup\nwait 0.5\n".utf8).write(to: URL(fileURLWithPath: script))
        let gif = folder.appendingPathComponent("a.gif").path, apng = folder.appendingPathComponent("a.png").path
        let gifLine = "sticky: warning: the spring back rings at \(String(format: "%.1f", ring)) Hz, more than half of the 50 frames a second "
            + "a GIF plays: the GIF shows it aliased at any --fps; --apng with --fps \(least) or more shows it\n"
        let framesLine = "sticky: warning: the spring back rings at \(String(format: "%.1f", ring)) Hz, more than half of 30 fps: frames show "
            + "it aliased (a slower wobble or a jitter); --fps \(least) or more shows it\n"
        for fps in ["30", "60", "\(least)", "120"] {
            let result = try Sticky.run(["replay", script, "--gif", gif, "--size", "200x150", "--fps", fps])
            #expect(result.status == 0 && result.stderr == gifLine, "--fps \(fps): \(result.stderr)")
        }
        let both = try Sticky.run(["replay", script, "--gif", gif, "--apng", apng, "--size", "200x150", "--fps", "30"])
        #expect(both.status == 0 && both.stderr == framesLine + gifLine, "\(both.stderr)")
        // A spring of damping 0.5 over 0.25 s rings slower than 25 Hz: 30 fps shows it, no word.
        let slow = try Sticky.run(["replay", script, "--gif", gif, "--size", "200x150", "--fps", "30", "--set", "springDamping=0.5"])
        #expect(slow.status == 0 && slow.stderr.isEmpty, "\(slow.stderr)")
    }

    /// Key q ends the run: the headline says at what time, the frames stopping there (one at
    /// each 1/fps up to it), not at the script's end.
    @Test func aSummaryEndedByQSaysWhen() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("q.txt").path
        let (before, after, fps) = (2.5, 5.0, 60.0)
        try Data("wait \(before)\nkey q\nwait \(after)\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try Sticky.run(["replay", path, "--fps", "60"])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = Int((before * fps).rounded()) + 1
        let first = result.stdout.split(separator: "\n").first ?? ""
        #expect(first == "\(path): ended by key q at \(String(format: "%.3f", before)) s of \(String(format: "%.3f", before + after)) s, \(frames) frames at 60 fps",
                "\(first)")
    }

    /// A badge's events name it by its id (the dump's) and, where it has one, its count, so
    /// that a run of several badges reads as the window shows them: the second of two badges
    /// dragged and let go, the first left alone.
    @Test func summaryNamesABadgeByItsCount() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.txt").path
        try Data("badge 200 300 20 23\nbadge 500 300 16\nbadge 400 300 20 8\ndown 400 300\nmove 430 300 0.1\nup\nwait 0.5\ndown 500 300\nwait 0.1\nup\nwait 0.1\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = try Sticky.run(["replay", path])
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").dropFirst().filter { $0.hasPrefix("  ") && $0.contains(" s  ") }
            .map { String($0.split(separator: "  ").last!) }
        #expect(events.first == "badge 2 (\"8\") began", "\(result.stdout)")
        #expect(events.contains("badge 2 (\"8\") released") && events.contains("badge 1 began"), "\(result.stdout)")
        #expect(!events.contains { $0.contains("badge 0") }, "\(result.stdout)")
    }

    @Test(arguments: [
        // Pull the badge past the break, back in, out again several times: more than 20 events.
        (30.0, "badge 400 300 20 8\n" + String(repeating: "down 400 300\nmove 470 300 0.1\nmove 400 300 0.1\nup\nwait 0.3\n", count: 6)),
        // (A spring that rings at 7.8 Hz, which 60 fps shows: no warning.)
        (60.0, "badge 400 300 20 8\nset springDamping 0.5\ndown 400 300\nmove 459 300 0.2\nup\nwait 0.5\n"),
        (24.0, "size 300 200\nwait 0.25\n"),
        // The caterpillar: its events concern its head.
        (30.0, ChainReplayTests.script + "\nkey r\nwait 0.1\n"),
    ])
    func summaryListsTheDumpsEvents(fps: Double, script: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.txt").path
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Sticky.run(["replay", path, "--fps", String(fps)])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        // No file written beside the script.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.txt"])
        // The duration from the script's own waits and moves, and duration × fps frames.
        var duration = 0.0
        for line in script.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "wait" { duration += Double(words[1])! }
            if words.first == "move", words.count == 4 { duration += Double(words[3])! }
        }
        let frames = Int((duration * fps - 1e-9).rounded(.up))
        let first = result.stdout.split(separator: "\n").first ?? ""
        #expect(first == "\(path): \(String(format: "%.3f", duration)) s, \(frames) frames at \(Int(fps)) fps", "\(first)")

        // The dump of the same run: each line's events at its time.
        let dump = folder.appendingPathComponent("d.jsonl").path
        #expect(try Sticky.run(["replay", path, "--fps", String(fps), "--dump", dump]).status == 0)
        let lines = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(DumpLine.self, from: Data($0.utf8)) }
        #expect(lines.count == frames)
        let expected = lines.flatMap { line in line.events.map { (line.t, $0) } }
        let listed = Self.events(in: result.stdout)
        #expect(listed.count == min(expected.count, 20))
        for (a, b) in zip(listed, expected) { #expect(abs(a.0 - b.0) < 0.0005 && a.1 == b.1, "\(a) vs \(b)") }
        let screen = result.stdout.split(separator: "\n")
        if expected.count > 20 {
            #expect(screen.contains { $0 == "  … \(expected.count - 20) more" }, "\(result.stdout)")
        }
        if expected.isEmpty { #expect(screen.contains("  no events")) }
        #expect(screen.count <= 23)
    }
}
