// The real window under Xvfb, driven by real X input events (xdotool), checked through --dump.

import Foundation
import Imaging
import Testing

/// Whether a program is on PATH.
func onPath(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
}

let windowToolsPresent: Bool = {
    let present = onPath("xvfb-run") && onPath("xdotool")
    if !present { print("WindowTests skipped: xvfb-run and xdotool are needed (bash scripts/setup installs them)") }
    return present
}()

@Suite(.serialized) struct WindowTests {
    /// Runs a window script with the built `sticky` and `folder`, under its own xvfb-run (a
    /// fresh X server each: no state carries from one window to the next); its status and stderr.
    static func runOnOwnDisplay(_ script: URL, _ folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xvfb-run", "-a", "-s", "-screen 0 800x600x24", "bash", script.path, Sticky.executable.path, folder.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test(.enabled(if: windowToolsPresent, "needs xvfb-run and xdotool"), .timeLimit(.minutes(2)))
    func dragReleaseAndBurstInTheRealWindow() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, message) = try WindowTests.runOnOwnDisplay(root.appendingPathComponent("scripts/window-test"), folder)
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
        if let name = apngs.first {
            let path = folder.appendingPathComponent("shots").appendingPathComponent(name).path
            let apng = try APNGWriter.frames(in: path)
            #expect(apng.declared == apng.controls && apng.controls >= 5, "\(apng)")
            #expect(try PNG.read(from: path).width == 640)
        }
        #expect(shots.count == 1 && shots[0].hasPrefix("sticky-"), "\(saved)")
        // V recorded the second drag and the burst: a GIF at 30 fps, over about two seconds.
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
        // scene and size, pixel for pixel (both drawn by the same renderer on llvmpipe).
        let clean = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("clean").path)
        #expect(clean.count == 1)
        if let name = clean.first {
            let shot = try PNG.read(from: folder.appendingPathComponent("clean").appendingPathComponent(name).path)
            let script = folder.appendingPathComponent("rest.txt")
            try Data("size 640 480\n".utf8).write(to: script)
            let frames = folder.appendingPathComponent("rest-frames")
            let result = try Sticky.run(["replay", script.path, "--scale", "2", "--frames", frames.path])
            #expect(result.status == 0, "\(result.stderr)")
            let frame = try PNG.read(from: frames.appendingPathComponent("frame-00000.png").path)
            var differing = 0
            for i in stride(from: 0, to: min(shot.pixels.count, frame.pixels.count), by: 4)
            where (0..<3).contains(where: { abs(Int(shot.pixels[i + $0]) - Int(frame.pixels[i + $0])) > 1 }) {
                differing += 1
            }
            #expect(shot.width == frame.width && shot.height == frame.height && differing == 0, "\(differing) pixels differ")
        }
        // The unwritable folder: one stderr line, and the app goes on (the script checks it).
        let (failingStatus, failingMessage) = try WindowTests.runOnOwnDisplay(
            root.appendingPathComponent("scripts/window-test-screenshot-fail"), folder)
        #expect(failingStatus == 0, "\(failingMessage)")
        let second = try String(contentsOf: folder.appendingPathComponent("second.err"), encoding: .utf8)
        #expect(second.hasPrefix("sticky: warning: screenshot not saved") && second.split(separator: "\n").count == 1, "\(second)")
        let events = lines.flatMap(\.events)
        for event in ["began", "released", "returned", "detached", "exploded", "removed"] {
            #expect(events.contains(event), "no \(event) event")
        }
    }
}
