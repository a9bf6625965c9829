// The real window under Xvfb, driven by real X input events (xdotool), checked through --dump.

import Foundation
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
    @Test(.enabled(if: windowToolsPresent, "needs xvfb-run and xdotool"), .timeLimit(.minutes(2)))
    func dragReleaseAndBurstInTheRealWindow() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xvfb-run", "-a", "-s", "-screen 0 800x600x24", "bash",
                             root.appendingPathComponent("scripts/window-test").path, Sticky.executable.path, folder.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")

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
        let events = lines.flatMap(\.events)
        for event in ["began", "released", "returned", "detached", "exploded", "removed"] {
            #expect(events.contains(event), "no \(event) event")
        }
    }
}
