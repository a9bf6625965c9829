// Hostile surroundings, headless: endless or odd inputs, an OpenGL older than 3.3, no font,
// full and read-only disks; and a short soak. Each must end in one clear line and the right
// status, with no file half-written.

import Foundation
import Imaging
import Testing
@testable import App

/// A small tmpfs mounted for a test: filled up (`full`) or read-only. Needs root and a kernel
/// that lets it mount (CI runs as root); `make` says why not otherwise.
final class ScratchMount {
    let url: URL

    private init(url: URL) { self.url = url }

    static func make(full: Bool = false, readOnly: Bool = false) -> Result<ScratchMount, ScratchError> {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sticky-mount-\(UUID())")
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            return .failure(ScratchError(reason: "cannot make \(url.path)"))
        }
        let options = "size=64k" + (readOnly ? ",ro" : "")
        guard run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", url.path]) == 0 else {
            try? FileManager.default.removeItem(at: url)
            return .failure(ScratchError(reason: "mount -t tmpfs failed (not root, or no permission to mount)"))
        }
        let mount = ScratchMount(url: url)
        if full {
            // Fill it: a file grown until the disk says no.
            let filler = url.path + "/filler"
            if FileManager.default.createFile(atPath: filler, contents: nil), let handle = FileHandle(forWritingAtPath: filler) {
                let block = Data(count: 4096)
                while (try? handle.write(contentsOf: block)) != nil {}
                try? handle.close()
            }
        }
        return .success(mount)
    }

    /// The names in the mount, hidden ones too, but the filler.
    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0 != "filler" }.sorted()
    }

    deinit {
        _ = ScratchMount.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ScratchError: Error { var reason: String }

/// Whether scratch disks can be mounted here; says why not, once.
let scratchMountsWork: Bool = {
    switch ScratchMount.make() {
    case .success: return true
    case .failure(let error):
        print("full and read-only disk cases skipped: \(error.reason)")
        return false
    }
}()

@Suite struct HardeningTests {
    static let script = "down 400 300\nmove 520 330 0.3\nup\nwait 0.2\n"

    func writeScript(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("s.txt")
        try Data(Self.script.utf8).write(to: url)
        return url
    }

    /// The system's words go on in lower case, as the rest of the line is (a new user saw
    /// "cannot write '/proc/x.png': No such file or directory"); and where the system says "no
    /// such file" of a file or folder made in a folder that is there, such as /proc, the line
    /// says that no new file can be made in that folder (a new user read it as the folder missing).
    @Test func theSystemsReasonsAreInLowerCase() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try writeScript(in: folder).path
        for arguments in [["render", "--out", "/proc/x.png"], ["study", "--out", "/proc/sticky-study"],
                          ["replay", script, "--gif", "/proc/x.gif"], ["replay", script, "--frames", "/proc/sticky-frames"],
                          ["replay", script, "--frames", "/proc/sticky-frames/deeper"]] {
            let result = try Sticky.run(arguments)
            expectOneLine(result, status: 1, containing: "no new file can be made in '/proc' (the system answers: no such file or directory)", arguments.joined(separator: " "))
            #expect(!result.stderr.contains("No such"), "\(arguments): \(result.stderr)")
        }
        // The window's screenshot folder, made with those above it, the same way.
        do {
            try FileManager.default.createDirectory(atPath: "/proc/sticky-shots/deeper", withIntermediateDirectories: true)
            Issue.record("a folder made in /proc")
        } catch {
            #expect(WindowCapture.obstacle(in: "/proc/sticky-shots/deeper", error) == ": no new file can be made in '/proc' (the system answers: no such file or directory)")
        }
        // A folder that is not there is said so, as before.
        let missing = folder.appendingPathComponent("none/deeper/x.png").path
        expectOneLine(try Sticky.run(["render", "--out", missing]), status: 1, containing: "no such directory", "render into a missing folder")
    }

    /// One line on stderr, starting "sticky:", and the status.
    func expectOneLine(_ result: Sticky.Result, status: Int32, containing text: String, _ what: String) {
        #expect(result.status == status, "\(what): status \(result.status): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("sticky: ") && lines[0].contains(text), "\(what): \(result.stderr)")
    }

    @Test func endlessAndOddInputFilesAreRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png").path
        expectOneLine(try Sticky.run(["replay", "/dev/zero"]), status: 2, containing: "larger than 16 MiB", "script /dev/zero")
        expectOneLine(try Sticky.run(["render", "--params", "/dev/zero", "--out", out]), status: 2,
                      containing: "larger than 1 MiB", "params /dev/zero")
        expectOneLine(try Sticky.run(["replay", folder.path]), status: 2, containing: "cannot read the script", "script folder")
        expectOneLine(try Sticky.run(["render", "--params", folder.path, "--out", out]), status: 2,
                      containing: "cannot read the params file '\(folder.path)': it is a folder", "params folder")
        // The reason, as the system words it.
        let missing = folder.appendingPathComponent("missing.json").path
        expectOneLine(try Sticky.run(["render", "--params", missing, "--out", out]), status: 2,
                      containing: "cannot read the params file '\(missing)': no such file", "a missing params file")
        expectOneLine(try Sticky.run(["replay", missing]), status: 2, containing: "cannot read the script '\(missing)': no such file",
                      "a missing script")
        let long = folder.appendingPathComponent("long.txt")
        try Data("down 1 1\nmove 2 2 4000\n".utf8).write(to: long)
        expectOneLine(try Sticky.run(["replay", long.path]), status: 2, containing: "past 3600 s", "an endless move")
        expectOneLine(try Sticky.run(["render", "--drag", "1e300,0", "--out", out]), status: 2, containing: "--drag", "a huge drag")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Bytes that are not UTF-8 in a script or a params file name their line (they were read as
    /// replacement characters, which the error then echoed: "unknown key '\u{FFFD}\u{FFFD}'"); UTF-8
    /// text beyond ASCII (a comment's "é", a badge's "€") is read as it is.
    @Test func inputThatIsNotUTF8NamesItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("s.txt"), params = folder.appendingPathComponent("p.json")
        let out = folder.appendingPathComponent("a.png").path
        try Data("# caf\u{E9}\nwait 0.1\nkey ".utf8 + [0xFF, 0xFE] + Data("\n".utf8)).write(to: script)
        expectOneLine(try Sticky.run(["replay", script.path]), status: 2,
                      containing: "\(script.path):3: not UTF-8 text (the script must be UTF-8)", "a script")
        try Data("{\n\"radius\": ".utf8 + [0xE9] + Data("\n}".utf8)).write(to: params)
        expectOneLine(try Sticky.run(["render", "--params", params.path, "--out", out]), status: 2,
                      containing: "\(params.path):2: not UTF-8 text (the params file must be UTF-8)", "a params file")
        #expect(!FileManager.default.fileExists(atPath: out))
        // A lone continuation byte, and a sequence cut short at the end of the file.
        for bytes: [UInt8] in [[0x80], [0xE2, 0x82]] {
            try Data("wait 0.1\n# ".utf8 + bytes).write(to: script)
            expectOneLine(try Sticky.run(["replay", script.path]), status: 2, containing: "\(script.path):2: not UTF-8 text", "\(bytes)")
        }
        // UTF-8 beyond ASCII is text: the script plays.
        try Data("# caf\u{E9} \u{20AC}\nbadge 100 100 20 \u{20AC}\nwait 0.1\n".utf8).write(to: script)
        let played = try Sticky.run(["replay", script.path])
        #expect(played.status == 0 && !played.stderr.contains("UTF-8"), "\(played.stderr)")
    }

    /// Mesa told to offer OpenGL 3.0 only: every GL command says so in a line, exit 1, no file.
    @Test func anOpenGLOlderThan33IsOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try writeScript(in: folder)
        let old: [String: String?] = ["MESA_GL_VERSION_OVERRIDE": "3.0"]
        let png = folder.appendingPathComponent("a.png").path, gif = folder.appendingPathComponent("a.gif").path
        for arguments in [["render", "--out", png], ["replay", script.path, "--gif", gif], ["soak", "--frames", "10"]] {
            expectOneLine(try Sticky.run(arguments, environment: old), status: 1, containing: "OpenGL", arguments.joined(separator: " "))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.txt"])
    }

    /// No font fontconfig can find: the picture is drawn without its counts, after one warning.
    @Test func noUsableFontDrawsWithoutCounts() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: config)
        let out = folder.appendingPathComponent("a.png")
        let result = try Sticky.run(["render", "--out", out.path, "--text", "42"], environment: ["FONTCONFIG_FILE": config.path])
        expectOneLine(result, status: 0, containing: "warning: no font", "no font")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    /// Only DejaVu installed (a fontconfig setup with its folder alone): a count in a character
    /// no font has is drawn without it, after one warning naming it, not one a frame; the
    /// same count with the system's fonts (scripts/setup adds fonts-wqy-microhei) warns of nothing.
    @Test func aCharacterNoFontHasIsOneWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("fonts.conf")
        try Data("""
            <?xml version="1.0"?>
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>

            """.utf8).write(to: config)
        let script = folder.appendingPathComponent("s.txt")
        try Data("size 320 90\nbadge 60 45 25 你8\ndown 60 45\nmove 80 45 0.1\nwait 0.05\n".utf8).write(to: script)
        let frames = folder.appendingPathComponent("frames")
        let dejavuOnly: [String: String?] = ["FONTCONFIG_FILE": config.path]
        let result = try Sticky.run(["replay", script.path, "--frames", frames.path], environment: dejavuOnly)
        expectOneLine(result, status: 0, containing: "'你' (U+4F60)", "a character no font has")
        #expect(result.stderr.contains("install fonts-wqy-microhei"), "\(result.stderr)")
        // A character of no Chinese, Japanese or Korean block is not sent to a Chinese font.
        #expect(Fonts.missing("🙂").hasSuffix("(a font that has it draws it; `fc-list ':charset=1F642'` lists those installed)"))
        #expect(Fonts.missing("\u{E9}").contains("(U+00E9)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).count == 9)
        let installed = try Sticky.run(["replay", script.path, "--frames", frames.path])
        #expect(installed.status == 0 && installed.stderr.isEmpty, "\(installed.stderr)")
    }

    /// A full disk and a read-only one: every writer says why in one line, exit 1, and leaves
    /// nothing behind (no partial file, no temporary).
    @Test(.enabled(if: scratchMountsWork, "needs root to mount a tmpfs"))
    func fullAndReadOnlyDisksLeaveNothingBehind() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try writeScript(in: folder).path
        for (full, readOnly, reason) in [(true, false, "no space left on device"), (false, true, "read-only file system")] {
            let mount = try ScratchMount.make(full: full, readOnly: readOnly).get()
            let at = { (name: String) in mount.url.appendingPathComponent(name).path }
            for arguments in [
                ["render", "--out", at("a.png")], ["replay", script, "--gif", at("a.gif")],
                ["replay", script, "--apng", at("a.png")], ["replay", script, "--dump", at("d.jsonl")],
                ["replay", script, "--frames", at("made/frames")],
            ] {
                expectOneLine(try Sticky.run(arguments), status: 1, containing: reason, arguments.joined(separator: " "))
                #expect(mount.contents.isEmpty, "\(arguments): left \(mount.contents)")
            }
        }
    }

    /// Replay's outputs are written all or none: where one fails (a GIF or an APNG on a full
    /// device, a dump there), the others are not written, and a frames folder keeps the frames
    /// of its earlier run as they were (it kept some of the failed run's, or all of them); a
    /// shorter run into that folder removes the earlier run's frames past its own, and says so
    /// (they were left, read as one animation with the new ones).
    @Test func replayWritesAllOrNoneAndItsFramesFolderHoldsOneRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func at(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let manager = FileManager.default
        let long = at("long.txt"), short = at("short.txt")
        // 0.3 s at 30 fps: 9 frames (a pull past the break and a burst); 0.1 s: 3.
        try Data("down 480 300\nmove 550 300 0.2\nup\nwait 0.1\n".utf8).write(to: URL(fileURLWithPath: long))
        try Data("wait 0.1\n".utf8).write(to: URL(fileURLWithPath: short))
        func frames() throws -> [String: Data] {
            Dictionary(uniqueKeysWithValues: try manager.contentsOfDirectory(atPath: at("f")).map { ($0, manager.contents(atPath: at("f/" + $0))!) })
        }
        let first = try Sticky.run(["replay", long, "--frames", at("f"), "--fps", "30"])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let before = try frames()
        #expect(before.keys.sorted() == (0..<9).map { ReplayCommand.frameName($0) })
        for failing in [["--gif", "/dev/full", "--dump", at("d.jsonl")], ["--apng", "/dev/full", "--dump", at("d.jsonl")],
                        ["--dump", "/dev/full", "--apng", at("a.png"), "--gif", at("a.gif")]] {
            let result = try Sticky.run(["replay", short, "--frames", at("f"), "--fps", "30"] + failing)
            expectOneLine(result, status: 1, containing: "no space left on device", failing.joined(separator: " "))
            #expect(try frames() == before, "\(failing): the frames folder changed")
            #expect(try manager.contentsOfDirectory(atPath: folder.path).sorted() == ["f", "long.txt", "short.txt"], "\(failing)")
        }
        let shorter = try Sticky.run(["replay", short, "--frames", at("f"), "--fps", "30"])
        #expect(shorter.status == 0, "\(shorter.stderr)")
        #expect(shorter.stderr == "sticky: warning: removed 6 frames of an earlier run from '\(at("f"))' (frame-00003.png on)\n", "\(shorter.stderr)")
        let after = try frames()
        #expect(after.keys.sorted() == (0..<3).map { ReplayCommand.frameName($0) })
        // The three are the short run's: the badges at rest, not the long run's drag.
        #expect(after[ReplayCommand.frameName(2)] != before[ReplayCommand.frameName(2)])
    }

    /// A link is kept and the file it names is written (a dangling one's is made where it
    /// points); a pipe or a device is written through, never replaced by a plain file (`render
    /// --out /dev/full` as root once put a PNG where the device was and said nothing); and a
    /// render one of whose files cannot be written writes none of them.
    @Test func linksPipesAndDevicesAreWrittenThrough() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        func at(_ name: String) -> String { folder.appendingPathComponent(name).path }
        // What is at the path itself (a link is not followed): S_IFLNK, S_IFIFO, ...; nil where nothing is.
        func type(_ name: String) -> mode_t? {
            var info = stat()
            return lstat(at(name), &info) == 0 ? info.st_mode & S_IFMT : nil
        }
        func bytes(_ name: String) -> [UInt8] { [UInt8](manager.contents(atPath: at(name)) ?? Data()) }
        let script = try writeScript(in: folder).path
        // Links to files that exist, and one to a file not made yet.
        try manager.createDirectory(atPath: at("sub"), withIntermediateDirectories: false)
        for name in ["a.png", "a.svg", "a.json", "a.gif", "b.png", "d.jsonl"] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: at("sub/" + name)))
            try manager.createSymbolicLink(atPath: at("link-" + name), withDestinationPath: "sub/" + name)
        }
        try manager.createSymbolicLink(atPath: at("dangling.png"), withDestinationPath: "sub/new.png")
        for arguments in [
            ["render", "--out", at("link-a.png")], ["render", "--out", at("link-a.svg"), "--geometry", at("link-a.json")],
            ["render", "--out", at("dangling.png")],
            ["replay", script, "--gif", at("link-a.gif"), "--apng", at("link-b.png"), "--dump", at("link-d.jsonl")],
        ] {
            let result = try Sticky.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for name in ["a.png", "a.svg", "a.json", "a.gif", "b.png", "d.jsonl"] {
            #expect(type("link-" + name) == S_IFLNK, "link-\(name) is no longer a link")
            #expect(bytes("sub/" + name).count > 100, "sub/\(name) not written: \(bytes("sub/" + name).count) bytes")
        }
        #expect(type("dangling.png") == S_IFLNK && Array(bytes("sub/new.png").prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(Array(bytes("sub/a.gif").prefix(6)) == Array("GIF89a".utf8))
        // A pipe: what reads it gets the PNG, and it stays a pipe.
        #expect(mkfifo(at("pipe.png"), 0o600) == 0)
        nonisolated(unsafe) var piped = Data()
        let read = DispatchSemaphore(value: 0), pipe = at("pipe.png")
        Thread.detachNewThread {
            // (Foundation's contents(atPath:) reads nothing of a pipe: read it as a reader would.)
            let descriptor = open(pipe, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while descriptor >= 0 {
                let n = Glibc.read(descriptor, &chunk, chunk.count)
                if n <= 0 { break }
                piped.append(contentsOf: chunk[0..<n])
            }
            if descriptor >= 0 { close(descriptor) }
            read.signal()
        }
        let toPipe = try Sticky.run(["render", "--out", at("pipe.png")])
        #expect(toPipe.status == 0, "\(toPipe.stderr)")
        #expect(read.wait(timeout: .now() + 20) == .success)
        #expect(Array(piped.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "the pipe read \(piped.count) bytes")
        #expect(type("pipe.png") == S_IFIFO)
        // A device that is always full (as /dev/full; made here, needs root): its reason, status 1, and still the device.
        if mknod(at("full"), S_IFCHR | 0o666, 0x107) == 0 {
            for arguments in [["render", "--out", at("full")], ["replay", script, "--gif", at("full")]] {
                expectOneLine(try Sticky.run(arguments), status: 1, containing: "no space left on device", arguments.joined(separator: " "))
                #expect(type("full") == S_IFCHR, "\(arguments): the device was replaced")
            }
        } else {
            print("the full device's case skipped: mknod: \(String(cString: strerror(errno))) (CI runs as root)")
        }
        // One file that cannot be written: none is.
        for arguments in [["render", "--out", "/nonexistent/a.png", "--geometry", at("g.json")],
                          ["render", "--out", at("g.png"), "--geometry", "/nonexistent/g.json"]] {
            expectOneLine(try Sticky.run(arguments), status: 1, containing: "no such directory '/nonexistent'", arguments.joined(separator: " "))
        }
        #expect(type("g.json") == nil && type("g.png") == nil)
        // A folder in the path that is a file: said so (it was "no such directory"), by each
        // writer and by the window's --dump check.
        try Data("keep".utf8).write(to: URL(fileURLWithPath: at("afile")))
        for arguments in [["render", "--out", at("afile/x.png")], ["render", "--geometry", at("afile/g.json")],
                          ["replay", script, "--gif", at("afile/r.gif")], ["replay", script, "--dump", at("afile/d.json")],
                          ["--dump", at("afile/d.json")]] {
            expectOneLine(try Sticky.run(arguments), status: 1, containing: "'\(at("afile"))' is a file, not a folder", arguments.joined(separator: " "))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: at("afile"))) == Data("keep".utf8))
    }

    /// One-letter names, relative to the current folder: Foundation's path API trapped on them
    /// (`sticky render --out a` crashed); every writer takes them now.
    @Test func oneLetterFileNamesAreWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try writeScript(in: folder)
        for arguments in [["render", "--out", "a"], ["replay", script.path, "--dump", "d", "--gif", "g", "--apng", "p", "--frames", "f"]] {
            let result = try Sticky.run(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["a", "d", "f", "g", "p", "s.txt"], "\(names)")
    }

    @Test func pathNamesSplitLikeFoundationWould() {
        let cases: [(String, String, String)] = [
            ("a", "", "a"), ("a/b.png", "a", "b.png"), ("/a", "/", "a"), ("/", "/", "/"), ("a/", "", "a"),
            ("x//y/", "x", "y"), ("./s", ".", "s"), ("/tmp/d/frames", "/tmp/d", "frames"),
        ]
        for (path, folder, name) in cases {
            #expect(PathName.folder(of: path) == folder, "folder of '\(path)'")
            #expect(PathName.name(of: path) == name, "name of '\(path)'")
        }
        for (path, ext) in [("a", ""), ("a/b.PNG", "png"), (".hidden", ""), ("a.b/c", ""), ("x.tar.gz", "gz"), ("d/.e.gif", "gif"), ("f.", "")] {
            #expect(PathName.extension(of: path) == ext, "extension of '\(path)'")
        }
    }

    /// A short soak in each scene: presses that grab, no GL error, finite dumps, and its figures.
    @Test(arguments: ["badge", "chain"])
    func aShortSoakRunsClean(scene: String) throws {
        let result = try Sticky.run(["soak", "--scene", scene, "--frames", "1500", "--size", "320x240", "--seed", "7"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("GL errors: 0; dump lines with a non-finite number or not JSON: 0"), "\(result.stdout)")
        #expect(result.stdout.contains("resident memory:"), "\(result.stdout)")
        let began = result.stdout.split(separator: "\n").first { $0.contains("events:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        #expect(began > 0, "no press grabbed anything: \(result.stdout)")
        // Every event a badge can have is tallied (the removal after a burst was not).
        let tally = result.stdout.split(separator: "\n").first { $0.contains("events:") } ?? ""
        for kind in ["began", "detached", "reattached", "released", "returned", "exploded", "removed"] {
            #expect(tally.contains(" \(kind)"), "\(kind) not tallied: \(tally)")
        }
        expectOneLine(try Sticky.run(["soak", "--frames", "0"]), status: 2, containing: "--frames", "soak --frames 0")
    }
}
