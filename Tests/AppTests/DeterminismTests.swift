// Determinism pinned, Box2D style: the dumps of two fixed replays (the badge scene through a
// spring, a burst and a reset; the caterpillar dragged by its head on Chipmunk2D) hash to the
// values below. Any change of the numerics, the step, the solver or the dump's format changes a
// hash: that is meant to fail, and the new value goes in with the reason in the commit message.

import Foundation
import Reference
import Testing

@Suite struct DeterminismTests {
    static let badgeScript = """
        size 360 160
        badge 120 80 18 8
        badge 240 80 12 99+
        set style tangent
        wait 0.2
        down 120 80
        move 165 100 0.35
        wait 0.15
        up
        wait 0.6
        down 240 80
        move 320 90 0.4
        up
        wait 1.1
        key r
        wait 0.1
        """

    static let chainScript = """
        scene chain
        size 400 300
        down 270 115
        move 150 60 0.4
        wait 0.2
        up
        wait 0.5
        """

    /// Pinned: FNV-1a 64 of the --dump file's bytes, and its line count.
    static let pinned: [(name: String, script: String, fps: String, lines: Int, hash: UInt64)] = [
        ("badge", badgeScript, "60", 174, 0xb33d_3527_f8ed_afd1),
        ("chain", chainScript, "60", 66, 0x54ba_3c58_eee0_27a7),
        ("chain at 30 fps", chainScript, "30", 33, 0x1c0b_6706_9ee5_6700),
    ]

    @Test(arguments: 0..<3)
    func dumpsHashToThePinnedValues(case index: Int) throws {
        let pin = DeterminismTests.pinned[index]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("script.txt"), dump = folder.appendingPathComponent("dump.jsonl")
        try Data(pin.script.utf8).write(to: script)
        let result = try Sticky.run(["replay", script.path, "--fps", pin.fps, "--dump", dump.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: dump)
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count
        let hash = fnv1a(bytes)
        #expect(lines == pin.lines && hash == pin.hash,
                "\(pin.name): \(lines) lines, hash 0x\(String(hash, radix: 16)); pinned \(pin.lines), 0x\(String(pin.hash, radix: 16)). If the change is meant, pin the new value and say why in the commit.")
        // The same run again gives the same bytes.
        let again = folder.appendingPathComponent("again.jsonl")
        _ = try Sticky.run(["replay", script.path, "--fps", pin.fps, "--dump", again.path])
        #expect(try Data(contentsOf: again) == bytes)
    }
}
