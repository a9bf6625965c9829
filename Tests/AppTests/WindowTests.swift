// The real window under Xvfb, driven by real X input events (xdotool), checked through --dump.

import Foundation
import Imaging
@testable import App
import Testing

/// Whether a program is on PATH.
func onPath(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
}

let windowToolsPresent: Bool = {
    let present = onPath("Xvfb") && onPath("xdotool")
    if !present { print("WindowTests skipped: Xvfb and xdotool are needed (bash scripts/setup installs them)") }
    return present
}()

@Suite(.serialized) struct WindowTests {
    /// A display number no X server holds (no lock, no socket), picked at random from 200 on.
    static func freeDisplay() -> Int {
        while true {
            let n = Int.random(in: 200..<20_000)
            let taken = FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
                || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
            if !taken { return n }
        }
    }

    /// `arguments` run with no signal blocked. A child inherits the test runner's thread's
    /// blocked signals (SIGTERM, SIGINT, SIGUSR1 among them): the scripts' `kill` and traps
    /// would not reach what they start (a window script once waited for ever on a `kill`ed
    /// sticky). perl (in every Debian) clears the mask, then execs.
    static func unblocked(_ arguments: [String]) -> [String] {
        ["perl", "-MPOSIX", "-e",
         #"sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!"; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!""#,
         "--"] + arguments
    }

    /// Whether something accepts connections on the UNIX socket at `path` (an X server's).
    static func accepts(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in bytes.enumerated() { buffer[i] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// An X server of its own (Xvfb, 800x600x24, no access control, no reset), started on a free
    /// display and waited for until its socket takes a connection, not for a fixed time; killed at
    /// the end. `-noreset`: by default an X server resets when its last client leaves (the probe's
    /// connection, a window that quits before the next opens, each xdotool call), and a window
    /// opening during the reset finds no display ("Failed to open display": with xvfb-run too, once
    /// in a few runs).
    final class XServer {
        let display: String
        private let process: Process

        init() throws {
            for _ in 0..<5 {
                let n = WindowTests.freeDisplay()
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = WindowTests.unblocked(["Xvfb", ":\(n)", "-screen", "0", "800x600x24", "-nolisten", "tcp", "-ac", "-noreset"])
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Ready when its socket takes a connection; gone if the number was taken after all.
                for _ in 0..<1200 where process.isRunning {
                    if WindowTests.accepts("/tmp/.X11-unix/X\(n)") {
                        self.display = ":\(n)"
                        self.process = process
                        return
                    }
                    usleep(50_000)
                }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            throw XServerError()
        }

        struct XServerError: Error, CustomStringConvertible {
            var description: String { "no X server could be started (Xvfb)" }
        }

        /// Killed outright (whatever it may block), then its lock and socket are removed.
        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let n = display.dropFirst()
            try? FileManager.default.removeItem(atPath: "/tmp/.X\(n)-lock")
            try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(n)")
        }
    }

    /// The repository's scripts folder, where the window scripts are.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../scripts").standardized

    /// Runs a window script (a file of `scripts`) with the built `sticky` and `folder` on an X server of its own (a
    /// fresh one each: no state carries from one window to the next); its status and stderr.
    ///
    /// Under AddressSanitizer (scripts/sanitize address) the windows run without leak detection:
    /// Mesa's GLX driver (swrast_dri.so) leaks 240 bytes that LeakSanitizer reports only after
    /// the driver is unloaded at display close, as "<unknown module>", where no suppression can
    /// name it. Headless runs keep their EGL driver loaded and are checked for leaks.
    static func runOnOwnDisplay(_ script: String, _ folder: URL, _ extra: [String] = []) throws -> (Int32, String) {
        let script = scripts.appendingPathComponent(script)
        let server = try XServer()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = unblocked(["bash", script.path, Sticky.executable.path, folder.path] + extra)
        var environment = ProcessInfo.processInfo.environment
        if let options = environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + ":detect_leaks=0" }
        environment["DISPLAY"] = server.display
        environment["XAUTHORITY"] = nil
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        withExtendedLifetime(server) {}
        return (process.terminationStatus, message)
    }

    @Test(.enabled(if: windowToolsPresent, "needs Xvfb and xdotool"), .timeLimit(.minutes(2)))
    func dragReleaseAndBurstInTheRealWindow() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, message) = try WindowTests.runOnOwnDisplay("window-test", folder)
        #expect(status == 0, "\(message)")

        let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("window.jsonl").path))
        let lines = try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(DumpLine.self, from: Data($0)) }
        #expect(lines.count > 10)
        // Badge 1: dragged with the bridge, then back home through the spring.
        let one = lines.map { $0.badges[1] }
        let dragged = try #require(one.last { $0.phase == "dragging" })
        #expect(dragged.bridge)
        #expect(abs(dragged.center[0] - 256 - 36) <= 1 && abs(dragged.center[1] - 240 - 18) <= 1, "\(dragged.center)")
        #expect(one.contains { $0.phase == "returning" })
        #expect(one.last!.phase == "idle" && one.last!.center == [256, 240])
        // Badge 2: past the break, released, burst, removed.
        let two = lines.map { $0.badges[2] }
        #expect(two.contains { $0.phase == "detached" && !$0.bridge })
        #expect(two.contains { $0.phase == "exploding" })
        #expect(two.last!.phase == "gone")
        // S saved the window drawn offscreen at --scale 2: twice its size.
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
        let shots = saved.filter { $0.hasSuffix(".png") && !$0.hasSuffix(".apng.png") }
        // Shift+V recorded the first drag as an APNG: its frame count patched to what came.
        let apngs = saved.filter { $0.hasSuffix(".apng.png") }
        #expect(apngs.count == 1, "\(saved)")
        // Its spring back rang at the seeds' 43.8 Hz, more than 30 fps shows: its end said so on
        // stderr, once (the GIF's drag burst, with no spring: not said again).
        let stderr = try String(contentsOf: folder.appendingPathComponent("stderr.txt"), encoding: .utf8)
        let ring = Parameters().motion.spring.ringFrequency ?? 0
        let aliased = stderr.split(separator: "\n").filter { $0.hasPrefix("sticky: warning: the spring back rings at") }
        #expect(ring > 15 && aliased.count == 1 && aliased[0].contains("more than half of 30 fps")
                    && aliased[0].hasSuffix("sticky replay --apng with --fps \(Int((2 * ring).rounded(.up))) or more shows it"), "\(stderr)")
        if let name = apngs.first {
            let path = folder.appendingPathComponent("shots").appendingPathComponent(name).path
            let apng = try APNGWriter.frames(in: path)
            #expect(apng.declared == apng.controls && apng.controls >= 5, "\(apng)")
            #expect(try PNG.read(from: path).width == 640)
        }
        #expect(shots.count == 1 && shots[0].hasPrefix("sticky-"), "\(saved)")
        // V recorded the second drag and the burst: a GIF at 30 fps, over about two seconds; the
        // shift+V pressed while it recorded neither stopped it nor started an APNG.
        let gifs = saved.filter { $0.hasSuffix(".gif") }
        #expect(gifs.count == 1, "\(saved)")
        if let name = gifs.first {
            let gif = try GIFWriter.frames(in: folder.appendingPathComponent("shots").appendingPathComponent(name).path)
            // About 2 s of recording; a busy machine takes fewer, longer frames.
            let seconds = Double(gif.delays.reduce(0, +)) / 100
            #expect(gif.count >= 5 && gif.width == 640 && gif.height == 480, "\(gif.count) frames")
            #expect(seconds > 1.2 && seconds < 10, "\(seconds) s recorded")
        }
        if let shot = shots.first {
            let data = try Data(contentsOf: folder.appendingPathComponent("shots").appendingPathComponent(shot))
            let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 1280 && height == 960)
        }
        // The screenshot without the HUD, at rest, equals the first frame of a replay of the same
        // scene and size, pixel for pixel (both drawn by the same renderer on llvmpipe); in split
        // too, its divider and pane labels drawn as replay draws them.
        for (shots, mode) in [("clean", "bezier"), ("clean-split", "split")] {
            let clean = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(shots).path)
            #expect(clean.count == 1, "\(mode)")
            guard let name = clean.first else { continue }
            let shot = try PNG.read(from: folder.appendingPathComponent(shots).appendingPathComponent(name).path)
            let script = folder.appendingPathComponent("rest.txt")
            try Data("size 640 480\n".utf8).write(to: script)
            let frames = folder.appendingPathComponent("rest-frames-\(mode)")
            let result = try Sticky.run(["replay", script.path, "--scale", "2", "--mode", mode, "--frames", frames.path])
            #expect(result.status == 0, "\(result.stderr)")
            let frame = try PNG.read(from: frames.appendingPathComponent("frame-00000.png").path)
            var differing = 0
            for i in stride(from: 0, to: min(shot.pixels.count, frame.pixels.count), by: 4)
            where (0..<3).contains(where: { abs(Int(shot.pixels[i + $0]) - Int(frame.pixels[i + $0])) > 1 }) {
                differing += 1
            }
            #expect(shot.width == frame.width && shot.height == frame.height && differing == 0, "\(mode): \(differing) pixels differ")
        }
        let events = lines.flatMap(\.events)
        for event in ["began", "released", "returned", "detached", "exploded", "removed"] {
            #expect(events.contains(event), "no \(event) event")
        }
    }

    /// A screenshot folder that cannot take a file (`shots`, or one that cannot be made): S and V
    /// say why on stderr (`reason`), the app goes on, and nothing half-written is left.
    static func screenshotsFail(in shots: [String], saying reason: String) throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, message) = try WindowTests.runOnOwnDisplay(
            "window-test-screenshot-fail", out, shots)
        #expect(status == 0, "\(reason): \(message)")
        let text = (try? String(contentsOf: out.appendingPathComponent("fail.err"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("sticky: warning: screenshot not saved") == true, "\(text)")
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains(reason) }, "\(text)")
        #expect(lines.dropFirst().allSatisfy { $0.contains("recording") }, "\(text)")
    }

    /// The screenshot folder's place is taken by a file.
    @Test(.enabled(if: windowToolsPresent, "needs Xvfb and xdotool"), .timeLimit(.minutes(2)))
    func unwritableScreenshotFolderSaysWhy() throws {
        try WindowTests.screenshotsFail(in: [], saying: "is a file")
    }

    /// The screenshot folder on a full disk and on a read-only one (small tmpfs mounts): its own
    /// test, so that where mounting is not allowed it is reported as skipped, with the reason.
    @Test(.enabled(if: windowToolsPresent, "needs Xvfb and xdotool"),
          .enabled(if: scratchMountsWork, "needs root to mount a tmpfs (CI runs as root)"),
          .timeLimit(.minutes(2)), arguments: [false, true])
    func screenshotsOnAFullOrReadOnlyDiskSayWhy(readOnly: Bool) throws {
        let mount = try ScratchMount.make(full: !readOnly, readOnly: readOnly).get()
        try WindowTests.screenshotsFail(in: [mount.url.path], saying: readOnly ? "read-only file system" : "no space left on device")
        #expect(mount.contents.isEmpty, "left behind in \(mount.url.path): \(mount.contents)")
    }

    /// A window destroyed from outside while it records (a raw XDestroyWindow: no close
    /// request): it quits as from a close, the recording saved whole, one warning, exit 0 (Xlib's
    /// default handler ended it with status 1 on GLFW's next call, the recording lost and its
    /// temporary file left).
    @Test(.enabled(if: windowToolsPresent, "needs Xvfb and xdotool"), .timeLimit(.minutes(2)))
    func aWindowDestroyedFromOutsideQuitsAsFromAClose() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, message) = try WindowTests.runOnOwnDisplay("window-test-destroy", folder)
        #expect(status == 0, "\(message)")
        let ended = try String(contentsOf: folder.appendingPathComponent("destroy.status"), encoding: .utf8)
        let err = try String(contentsOf: folder.appendingPathComponent("destroy.err"), encoding: .utf8)
        #expect(ended == "0\n", "sticky ended with \(ended): \(err)")
        #expect(err == "sticky: warning: the window was destroyed from outside; quitting\n", "\(err)")
        let shots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
        #expect(shots.count == 1 && shots[0].hasSuffix(".gif"), "\(shots)")
        if let name = shots.first, name.hasSuffix(".gif") {
            let gif = try GIFWriter.frames(in: folder.appendingPathComponent("shots").appendingPathComponent(name).path)
            #expect(gif.count >= 3 && gif.width == 320 && gif.height == 240, "\(gif.count) frames, \(gif.width)x\(gif.height)")
        }
        let out = try String(contentsOf: folder.appendingPathComponent("destroy.out"), encoding: .utf8)
        #expect(out.hasPrefix("saved ") && out.contains(".gif ("), "stdout: \(out)")
    }

    /// Resize to 1x1 and back, unmap and map (a minimise), focus taken by another window in a
    /// drag, a drag released outside the window, held keys: no GL error, no stuck drag, finite
    /// state throughout; a held slider key repeats, a held S or V acts once.
    @Test(.enabled(if: windowToolsPresent, "needs Xvfb and xdotool"), .timeLimit(.minutes(3)))
    func windowLifeResizeMinimiseFocusAndHeldKeys() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, message) = try WindowTests.runOnOwnDisplay("window-test-life", folder)
        #expect(status == 0, "\(message)")
        let err = try String(contentsOf: folder.appendingPathComponent("life.err"), encoding: .utf8)
        #expect(!err.contains("GL error") && !err.contains("Fatal"), "\(err)")
        // A window asked wider than the 800x600 screen opened fitted to it, and said so (it was silent).
        let big = try String(contentsOf: folder.appendingPathComponent("big.err"), encoding: .utf8)
        #expect(big.hasPrefix("sticky: warning: --size 3000x400 is larger than the screen: the window opened at 800x400\n"), "\(big)")

        let text = try String(contentsOf: folder.appendingPathComponent("life.jsonl"), encoding: .utf8)
        let raw = text.split(separator: "\n").map(String.init)
        #expect(raw.allSatisfy { StateDump.isFiniteJSON($0) }, "a dump line with a non-finite number")
        let lines = try raw.map { try JSONDecoder().decode(DumpLine.self, from: Data($0.utf8)) }
        // Badge 1: grabbed, let go when the other window took the focus (the pointer's button
        // still down in X), back home; the late real release started nothing.
        let one = lines.map { $0.badges[1] }
        let grabbed = try #require(one.firstIndex { $0.phase == "dragging" })
        let letGo = try #require(one[grabbed...].firstIndex { $0.phase != "dragging" })
        #expect(one[letGo].phase == "returning")
        #expect(lines.filter { $0.events.contains("began") }.count == 2, "one grab for each of the two drags")
        // Badge 2: dragged out of the 640-wide window, released out there, burst.
        let two = lines.map { $0.badges[2] }
        let outside = try #require(two.last { $0.phase == "exploding" })
        #expect(outside.center[0] > 640, "\(outside.center)")
        #expect(two.last!.phase == "gone")
        // Nothing held at the end.
        #expect(!lines.last!.pointer.down && lines.last!.badges.allSatisfy { $0.phase != "dragging" && $0.phase != "detached" })
        // Held keys: one screenshot, one recording; the slider key repeated (maxDistance, 60 at
        // start, step 1, saved by P).
        let shots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
        // And the recording V started before the window quit was saved on quitting: a second
        // GIF, said on stdout, not as a warning.
        #expect(shots.filter { $0.hasSuffix(".png") }.count == 1 && shots.filter { $0.hasSuffix(".gif") }.count == 2, "\(shots)")
        let out = try String(contentsOf: folder.appendingPathComponent("life.out"), encoding: .utf8)
        #expect(out.contains("saved ") && out.contains(".gif ("), "stdout: \(out)")
        #expect(!err.contains("saved"), "stderr: \(err)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sticky-params.json"))) as? [String: Any]
        let distance = try #require(saved?["maxDistance"] as? Double)
        #expect(distance > 62 && distance <= 10_000, "maxDistance \(distance) after holding Right")
        // Shift+right three times under the open help moved nothing.
        let behindHelp = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("params-behind-help.json"))) as? [String: Any]
        #expect(behindHelp?["maxDistance"] as? Double == 60, "maxDistance \(behindHelp?["maxDistance"] ?? "none") after shift+right under the help")
    }
}
