// Every fuzz seed and every input a fuzzer once broke sticky with (Tests/Fuzz/regressions),
// run through its target in-process: a broken promise aborts the run, so these cannot pass
// by accident.

import Foundation
import Testing
@testable import App

@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ target: FuzzTarget) -> [URL] {
        ["seeds", "regressions"].flatMap { folder in
            let url = root.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedsAndRegressionsKeepTheirPromises(target: FuzzTarget) throws {
        let files = Self.inputs(target)
        #expect(files.count >= 2, "no inputs for \(target.rawValue) under \(Self.root.path)")
        for file in files {
            let data = try Data(contentsOf: file)
            data.withUnsafeBytes { target.run($0) }
        }
    }

    /// Hangs and crashes the fuzzers found, as plain expectations of what is said instead.
    @Test func longScriptsAreRefusedBeforeTheyAreExpanded() {
        for text in ["move 1 1 4000", "wait 3000\nwait 601", "move 1 1 1e300", "down 1e7 0"] {
            #expect(throws: CLIError.self) { try ReplayScript(text: text, file: "s", fps: 60) }
        }
        #expect((try? ReplayScript(text: "wait 3000\nmove 1 1 600", file: "s", fps: 60))?.duration == 3600)
    }
}
