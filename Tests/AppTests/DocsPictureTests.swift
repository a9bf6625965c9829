// The README's pictures are what its commands draw today: each is drawn again by the command the
// README gives for it and compared with the file in docs/ (a new user found the overlay's and
// the caterpillar's construction figures drawn by an older build: an old legend, old tiles).
// After a change that moves pixels, draw them again with `STICKY_WRITE_DOCS=1 swift test --filter
// DocsPictureTests` (the drawn files replace docs/'s, nothing is compared) and look at them.

import Foundation
import Imaging
import Testing

@Suite struct DocsPictureTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    /// Each picture in docs/ with the render arguments the README gives for it (`--out` added).
    static let pictures: [(file: String, arguments: [String])] = {
        var list: [(String, [String])] = []
        for style in ["quad", "cubic", "tangent"] {
            list.append(("bridge-\(style).png", ["--style", style, "--size", "200x120", "--scale", "2", "--anchor", "70,60", "--drag", "122,78"]))
            list.append(("construction-\(style).png", ["--style", style, "--size", "200x130", "--scale", "2", "--anchor", "65,65",
                                                       "--drag", "115,85", "--text", "3", "--construction"]))
        }
        list.append(("wireframe-tangent.png", ["--style", "tangent", "--size", "200x130", "--scale", "2", "--anchor", "65,65",
                                               "--drag", "115,85", "--text", "3", "--wireframe"]))
        list.append(("construction-field.png", ["--mode", "metaball", "--size", "200x130", "--scale", "2", "--anchor", "65,65",
                                                "--drag", "105,80", "--construction"]))
        list.append(("construction-chain.png", ["--scene", "chain", "--mode", "metaball", "--size", "320x200", "--scale", "2",
                                                "--drag", "167,58", "--time", "1", "--construction"]))
        list.append(("split-40.png", ["--mode", "split", "--size", "480x160", "--style", "tangent", "--anchor", "80,80", "--drag", "120,80",
                                      "--text", "8"]))
        for (name, x) in [("overlay-40.png", "120"), ("overlay-59.png", "139")] {
            list.append((name, ["--mode", "overlay", "--size", "240x160", "--style", "tangent", "--anchor", "80,80", "--drag", "\(x),80",
                                "--text", "8"]))
        }
        let chain = ["--scene", "chain", "--size", "400x300", "--time", "3"]
        list.append(("chain-hanging.png", chain + ["--drag", "200,60"]))
        list.append(("chain-resting.png", chain))
        list.append(("chain-goo.png", chain + ["--drag", "200,60", "--set", "goo=true", "--style", "tangent"]))
        list.append(("chain-metaball.png", chain + ["--drag", "200,60", "--mode", "metaball"]))
        list.append(("render-split.svg", ["--mode", "split", "--style", "tangent", "--anchor", "80,100", "--drag", "130,122", "--text", "23",
                                          "--size", "360x200"]))
        return list
    }()

    /// Whether this run writes docs/ instead of checking it.
    static let writing = ProcessInfo.processInfo.environment["STICKY_WRITE_DOCS"] == "1"

    /// Writes `drawn` over docs/'s `name` (in the writing mode).
    static func write(_ drawn: URL, as name: String) throws {
        let target = docs.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: drawn, to: target)
        print("wrote docs/\(name)")
    }

    /// The same size, and every pixel within 3 levels in each channel but for at most one in
    /// 2000 (a debug build's rounding against the release build that drew some files); an SVG
    /// byte for byte.
    @Test(arguments: DocsPictureTests.pictures.map(\.file))
    func aReadmePictureIsWhatItsCommandDraws(file: String) throws {
        let arguments = try #require(DocsPictureTests.pictures.first { $0.file == file }).arguments
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent(file)
        let result = try Sticky.run(["render"] + arguments + ["--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let documented = DocsPictureTests.docs.appendingPathComponent(file)
        if DocsPictureTests.writing { return try DocsPictureTests.write(out, as: file) }
        if file.hasSuffix(".svg") {
            #expect(FileManager.default.contents(atPath: out.path) == FileManager.default.contents(atPath: documented.path),
                    "docs/\(file) is not what its command writes")
            return
        }
        try DocsPictureTests.expectAlike(drawn: out, documented: documented, name: file)
    }

    /// The PNG drawn now against docs/'s: the same size, and at most one pixel in 2000 off by
    /// more than 3 levels in a channel.
    static func expectAlike(drawn drawnURL: URL, documented: URL, name: String) throws {
        let drawn = try PNG.read(from: drawnURL.path), shown = try PNG.read(from: documented.path)
        #expect(drawn.width == shown.width && drawn.height == shown.height, "docs/\(name): \(shown.width)x\(shown.height), drawn \(drawn.width)x\(drawn.height)")
        guard drawn.width == shown.width && drawn.height == shown.height else { return }
        var off = 0
        for p in 0..<(drawn.width * drawn.height) where (0..<4).contains(where: { abs(Int(drawn.pixels[4 * p + $0]) - Int(shown.pixels[4 * p + $0])) > 3 }) {
            off += 1
        }
        #expect(off * 2000 <= drawn.width * drawn.height, "docs/\(name): \(off) of \(drawn.width * drawn.height) pixels differ from what its command draws")
    }

    /// The study's figures: `sticky study --out docs/study` writes them as they are.
    @Test func theStudysFiguresAreWhatItsCommandDraws() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Sticky.run(["study", "--out", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        if DocsPictureTests.writing {
            for name in ["study.csv", "sheet.png", "plots.png"] { try DocsPictureTests.write(folder.appendingPathComponent(name), as: "study/\(name)") }
            return
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("study.csv").path)
                == FileManager.default.contents(atPath: DocsPictureTests.docs.appendingPathComponent("study/study.csv").path),
                "docs/study/study.csv is not what the study writes")
        for name in ["sheet.png", "plots.png"] {
            try DocsPictureTests.expectAlike(drawn: folder.appendingPathComponent(name),
                                             documented: DocsPictureTests.docs.appendingPathComponent("study/\(name)"), name: "study/\(name)")
        }
    }

    /// The replay's GIF: `sticky replay docs/drag.txt --fps 30 --gif docs/drag.gif`, byte for byte.
    @Test func theReplaysGIFIsWhatItsCommandWrites() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("drag.gif")
        let result = try Sticky.run(["replay", DocsPictureTests.docs.appendingPathComponent("drag.txt").path, "--fps", "30", "--gif", gif.path])
        #expect(result.status == 0, "\(result.stderr)")
        if DocsPictureTests.writing { return try DocsPictureTests.write(gif, as: "drag.gif") }
        #expect(FileManager.default.contents(atPath: gif.path) == FileManager.default.contents(atPath: DocsPictureTests.docs.appendingPathComponent("drag.gif").path),
                "docs/drag.gif is not what its command writes")
    }
}
