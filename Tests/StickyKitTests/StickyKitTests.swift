// StickyKit as a user gets it: the README's example is this target's ReadmeExample.swift, to the
// character, and it runs with the figures it promises.

import Foundation
import Testing

@Suite struct StickyKitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The README shows the example file's code (between its markers) in a ```swift block.
    @Test func readmeShowsTheCompiledExample() throws {
        let source = try String(contentsOf: StickyKitTests.root.appendingPathComponent("Tests/StickyKitTests/ReadmeExample.swift"),
                                encoding: .utf8)
        let readme = try String(contentsOf: StickyKitTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "// BEGIN README EXAMPLE\n")), end = try #require(source.range(of: "// END README EXAMPLE"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(example.contains("import StickyKit"))
        #expect(readme.contains("```swift\n" + example + "```\n"), "README.md must show Tests/StickyKitTests/ReadmeExample.swift's example as it is")
    }

    @Test func theExampleRunsAsTheReadmeSays() {
        let result = stickyKitExample()
        #expect(result.triangles > 20)
        #expect(result.sidePoints > 8)
        // The scene painter draws what the example's three calls drew, for the same pose.
        #expect(result.frameTriangles == result.triangles)
        #expect(result.events == ["began", "detached", "released", "exploded", "removed"])
    }
}
