// The command line as a user meets it: the real `sticky` binary, its exit codes and messages.

import Foundation
import Imaging
import Testing

/// Runs the built `sticky` (beside the test bundle) and captures what it says.
struct Sticky {
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["STICKY_BIN"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("sticky")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sticky")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String?] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (key, value) in environment { merged[key] = value }
            process.environment = merged
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sticky-cli-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct CLITests {
    /// --stats: a figure a line, NAME VALUE UNIT; the kinks of a badge with no bridge are
    /// "none", with no unit (it said "none deg"). The tangent bridge meets both circles smoothly.
    @Test func statsAreOneFigureALine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png").path
        let lone = try Sticky.run(["render", "--stats", "--size", "240x160", "--out", out])
        #expect(lone.status == 0 && lone.stdout.split(separator: "\n").suffix(2) == ["kink.home none", "kink.badge none"], "\(lone.stdout)")
        let pulled = try Sticky.run(["render", "--stats", "--style", "tangent", "--anchor", "80,80", "--drag", "120,80",
                                     "--size", "240x160", "--out", out])
        let lines = pulled.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["area.bezier", "area.metaball", "iou", "narrowest.bezier", "narrowest.metaball", "kink.home", "kink.badge"])
        #expect(lines.suffix(2) == ["kink.home 0.0 deg", "kink.badge 0.0 deg"], "\(pulled.stdout)")
    }

    /// Each bad value: exit 2, one line on stderr that starts with "sticky:" and names the option.
    @Test(arguments: [
        (["--size", "800by600"], "--size expects WxH with positive integers, got '800by600'"),
        (["--size", "0x600"], "--size"),
        (["--size", "-5x10"], "--size"),
        (["--size"], "got nothing"),
        (["--scale", "0"], "--scale"),
        (["--scale", "nan"], "--scale"),
        (["--mode", "fancy"], "--mode"),
        (["--kernel", "blobby"], "--kernel expects one of inverseSquare, wyvill, smoothMin, got 'blobby'"),
        (["--threshold", "1"], "--threshold expects a number from 0.01 to 0.99"),
        (["--blend", "0"], "--blend expects"),
        (["--metaball-break", "explode"], "--metaball-break expects one of vanish, separate"),
        (["--scene", "caterpillar"], "--scene expects badge, chain or grid, got 'caterpillar'"),
        (["--scene", "grid", "--count", "0"], "--count expects a whole number of badges from 1 to 4096, got '0'"),
        (["--scene", "grid", "--count", "2.5"], "--count expects a whole number of badges from 1 to 4096, got '2.5'"),
        (["--chain-count", "2"], "--chain-count expects a whole number from 3 to 50"),
        (["--chain-count", "5.5"], "--chain-count expects a whole number from 3 to 50, got '5.5'"),
        (["--goo", "maybe"], "--goo expects true or false"),
        (["--style", "wiggly"], "--style expects one of quad, cubic, tangent"),
        (["--max-distance", "-3"], "--max-distance expects a number from 1 to 10000"),
        (["--max-distance", "abc"], "--max-distance"),
        (["--shrink", "0"], "--shrink"),
        (["--color", "red"], "--color expects a colour #RRGGBB"),
        // `--color #FF0000` unquoted: the shell drops the # and all after it.
        (["--color"], "--color expects a colour #RRGGBB, got nothing (a shell reads an unquoted # as the start of a comment: write '#FF0000' in quotes, or FF0000)"),
        (["--size", "400x300", "--head-color"], "--head-color expects a colour #RRGGBB, got nothing (a shell reads an unquoted #"),
        (["--color", "#f0a"], "--color expects a colour #RRGGBB, got '#f0a' (did you mean '#FF00AA'?)"),
        // (A see-through fill showed where the bridge overlaps its circles.)
        (["--color", "#FF000080"], "--color expects a colour #RRGGBB, opaque (a see-through fill would show where the shapes overlap), got '#FF000080'"),
        (["--set", "textColor=#FFFFFF00"], "--set textColor expects a colour #RRGGBB, opaque"),
        (["--background", "#12345"], "--background"),
        (["--anchor", "1;2"], "--anchor expects X,Y"),
        // Hexadecimal, which Swift's Double(_:) reads, is not a number here (the params file's
        // JSON refused it; the options drew --radius 0x10 at 16).
        (["--radius", "0x10"], "--radius expects a radius from 0.01 to 100000 logical pixels, got '0x10'"),
        (["--scale", "0x2"], "--scale expects"),
        (["--drag", "0x10,0x20"], "--drag expects X,Y, two numbers"),
        (["--set", "maxDistance=0x40"], "expects a number from 1 to 10000 (px), got '0x40'"),
        (["--scene", "grid", "--count", "0x10"], "--count expects a whole number of badges from 1 to 4096, got '0x10'"),
        (["--drag", "1,inf"], "--drag"),
        (["--radius", "0"], "--radius"),
        // (It said "expects a positive radius" of a positive one too large.)
        (["--radius", "1e9"], "--radius expects a radius from 0.01 to 100000 logical pixels, got '1e9'"),
        (["--set", "bogus=1"], "unknown parameter 'bogus' (known: maxDistance, "),
        // A typo's name is guessed: a letter swapped, changed, or the case.
        (["--set", "maxdistance=3"], "unknown parameter 'maxdistance' (did you mean 'maxDistance'? known: "),
        (["--set", "shirnk=3"], "(did you mean 'shrink'?"),
        (["--set", "heeadColr=#ff0000"], "(did you mean 'headColor'?"),
        (["--set", "maxDistance"], "--set expects NAME=VALUE"),
        (["--set", "shrink=-1"], "--set shrink expects"),
        (["--frobnicate"], "render: unknown option '--frobnicate' (see sticky render --help)"),
        // An option's typo is guessed too, among the command's options and the parameters' flags
        // (it said only "unknown option").
        (["--max-distnce", "50"], "render: unknown option '--max-distnce' (did you mean '--max-distance'? see sticky render --help)"),
        (["--scael", "2"], "(did you mean '--scale'?"),
        (["--Wireframe"], "(did you mean '--wireframe'?"),
        (["--drag", "240"], "--drag expects X,Y, two numbers (e.g. 240,320) of at most 1000000 in size, got '240'"),
        // An option's value left out: the next option is not taken for it ("--out" became the
        // JSON's name, and the PNG's name a positional argument).
        (["--geometry", "--text", "8"], "--geometry expects a JSON file name, got the option '--text'"),
        (["stray"], "positional"),
        (["--size", "9000x10", "--scale", "2"], "at most 16384"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png").path
        let result = try Sticky.run(["render", "--out", out] + arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("sticky: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Every command guesses an option's typo among its own options, and study's --sweep a
    /// name's among the numbers it sweeps; a word near none is only named.
    @Test(arguments: [
        (["replay", "x.txt", "--fsp", "30"], "sticky: replay: unknown option '--fsp' (did you mean '--fps'? see sticky replay --help)"),
        (["study", "--sweeep", "distance=0:10:5"], "sticky: study: unknown option '--sweeep' (did you mean '--sweep'? see sticky study --help)"),
        (["bench", "--frame", "3"], "sticky: bench: unknown option '--frame' (did you mean '--frames'? see sticky bench --help)"),
        (["soak", "--sed", "3"], "sticky: soak: unknown option '--sed' (did you mean '--seed'? see sticky soak --help)"),
        (["--sise", "300x200"], "sticky: unknown option '--sise' (did you mean '--size'? see sticky --help)"),
        (["study", "--sweep", "distnce=0:10:5"], "sticky: --sweep: unknown parameter 'distnce' (did you mean 'distance'? distance, or a number"),
        (["study", "--sweep", "maxdistance=40:60:10"], "(did you mean 'maxDistance'?"),
        (["replay", "x.txt", "--zzz"], "sticky: replay: unknown option '--zzz' (see sticky replay --help)"),
        (["rendr", "--out", "a.png"], "sticky: unknown command 'rendr' (did you mean 'render'? expected render, replay, study, bench or soak"),
    ])
    func typosAreGuessed(arguments: [String], message: String) throws {
        let result = try Sticky.run(arguments)
        #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }

    /// An output named for another format than the one written: exit 2, one line naming the
    /// formats, nothing written (not even the other outputs of the same command).
    @Test(arguments: [
        (["render", "--out", "DIR/x.txt"], "--out expects a .png or .svg file name (render writes PNG or SVG), got 'DIR/x.txt'"),
        (["render", "--out", "DIR/x.pdf", "--geometry", "DIR/g.json", "--text", "1"], "--out expects a .png or .svg file name"),
        (["render", "--out", "DIR/x.svg", "--geometry", "DIR/g.svg"], "--geometry expects a .json file name"),
        (["replay", "DIR/s.txt", "--dump", "DIR/d.jsonl", "--gif", "DIR/a.png"], "--gif expects a .gif file name (an animated GIF), got 'DIR/a.png'"),
        (["replay", "DIR/s.txt", "--dump", "DIR/d.jsonl", "--apng", "DIR/a.gif"], "--apng expects a .png or .apng file name (an animated PNG), got 'DIR/a.gif'"),
        // Empty names and folders, alike for every output (they said "Not a directory" of a
        // folder, and took an empty --frames for a file it could not write: status 1).
        (["replay", "DIR/s.txt", "--dump", "DIR/d.jsonl", "--gif", "DIR/"], "--gif expects a file name, got the folder 'DIR/'"),
        (["replay", "DIR/s.txt", "--gif", "DIR/a.gif", "--dump", "DIR/"], "--dump expects a file name, got the folder 'DIR/'"),
        (["replay", "DIR/s.txt", "--gif", "DIR/a.gif", "--dump", ""], "--dump expects a file name, got ''"),
        (["replay", "DIR/s.txt", "--gif", "DIR/a.gif", "--frames", ""], "--frames expects a folder, got ''"),
        (["render", "--out", "", "--geometry", "DIR/g.json"], "--out expects a file name, got ''"),
    ])
    func outputsNamedForAnotherFormatAreRefused(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("badge 50 50 20 1\nwait 0.1\n".utf8).write(to: folder.appendingPathComponent("s.txt"))
        let result = try Sticky.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) })
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "sticky: \(message.replacingOccurrences(of: "DIR", with: folder.path))\n"
            || (result.stderr.hasPrefix("sticky: \(message)") && result.stderr.split(separator: "\n").count == 1), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.txt"])
    }

    /// Two outputs (or an output and the params file read) that name one file are refused
    /// before anything is written, exit 2, one line naming both: `replay --dump a.gif --gif a.gif`
    /// replaced an old a.gif with the dump and then failed with "no such file". A dump named as
    /// a picture, and "-" for standard output, are refused alike. The folder is left as it was.
    @Test(arguments: [
        (["replay", "DIR/s.txt", "--dump", "DIR/old", "--apng", "DIR/./old"],
         "--dump 'DIR/old' and --apng 'DIR/./old' name the same file; give each its own"),
        (["replay", "DIR/s.txt", "--dump", "DIR/old.jsonl", "--gif", "DIR/old.gif", "--apng", "DIR/old"], nil),
        (["replay", "DIR/s.txt", "--gif", "DIR/old.gif", "--frames", "DIR/sub/../old.gif"],
         "--frames 'DIR/sub/../old.gif' and --gif 'DIR/old.gif' name the same file; give each its own"),
        (["replay", "DIR/s.txt", "--gif", "DIR/s.txt"], "--gif expects a .gif file name (an animated GIF), got 'DIR/s.txt'"),
        (["replay", "DIR/s.txt", "--dump", "DIR/s.txt"], "--dump 'DIR/s.txt' and SCRIPT 'DIR/s.txt' name the same file; give each its own"),
        (["replay", "DIR/s.txt", "--params", "DIR/p.json", "--dump", "DIR/p.json"],
         "--dump 'DIR/p.json' and --params 'DIR/p.json' name the same file; give each its own"),
        (["replay", "DIR/s.txt", "--dump", "DIR/old.gif", "--gif", "DIR/old.gif"], "--dump writes JSON lines (FILE.jsonl), got 'DIR/old.gif': a picture's name"),
        (["render", "--params", "DIR/p.json", "--geometry", "DIR/p.json"], "--geometry 'DIR/p.json' and --params 'DIR/p.json' name the same file; give each its own"),
        (["render", "--out", "DIR/old", "--geometry", "DIR/old"], "--out 'DIR/old' and --geometry 'DIR/old' name the same file; give each its own"),
        (["render", "--out", "-"], "--out expects a file name, got '-': sticky writes files, not standard output (./- names a file called -)"),
        (["replay", "DIR/s.txt", "--gif", "-"], "--gif expects a file name, got '-': sticky writes files, not standard output (./- names a file called -)"),
    ] as [([String], String?)])
    func outputsThatNameOneFileAreRefused(arguments: [String], message: String?) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["s.txt": "badge 50 50 20 1\nwait 0.1\n", "p.json": "{}", "old.gif": "OLD", "old.jsonl": "OLD", "old": "OLD"]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try Sticky.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) })
        guard let message else {
            // Three names of their own: all written.
            #expect(result.status == 0, "\(result.stderr)")
            for name in ["old.jsonl", "old.gif", "old"] {
                #expect(try Data(contentsOf: folder.appendingPathComponent(name)).count > 3, "\(name)")
            }
            return
        }
        #expect(result.status == 2 && result.stderr == "sticky: \(message.replacingOccurrences(of: "DIR", with: folder.path))\n",
                "\(result.stderr)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(files.keys))
        for (name, text) in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == text, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    /// A symbolic or a hard link to a file is that file: an output named by a link to the
    /// params file, the script or another output is refused, exit 2, the files as they were (a
    /// link to the params file named as --geometry overwrote it). And an output named as a
    /// frame inside the --frames folder, which the frames replace, is refused.
    @Test(arguments: [
        (["render", "--params", "DIR/p.json", "--geometry", "DIR/link.json"], "--geometry 'DIR/link.json' and --params 'DIR/p.json' name the same file"),
        (["replay", "DIR/s.txt", "--dump", "DIR/hard.txt"], "--dump 'DIR/hard.txt' and SCRIPT 'DIR/s.txt' name the same file"),
        (["replay", "DIR/s.txt", "--dump", "DIR/old", "--apng", "DIR/sub/../linked"], "--dump 'DIR/old' and --apng 'DIR/sub/../linked' name the same file"),
        (["replay", "DIR/s.txt", "--frames", "DIR", "--apng", "DIR/./frame-00001.png"],
         "--apng 'DIR/./frame-00001.png' is named as a frame in the --frames folder 'DIR', which the frames replace; name it otherwise"),
    ])
    func outputsThatNameOneFileByALinkAreRefused(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["s.txt": "badge 50 50 20 1\nwait 0.1\n", "p.json": "{}", "old": "OLD"]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "p.json")
        try FileManager.default.linkItem(atPath: folder.appendingPathComponent("s.txt").path, toPath: folder.appendingPathComponent("hard.txt").path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "old")
        let listing = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))
        let result = try Sticky.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) })
        #expect(result.status == 2 && result.stderr.hasPrefix("sticky: \(message.replacingOccurrences(of: "DIR", with: folder.path))")
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: folder.path)) == listing)
        for (name, text) in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == text, "\(name)")
        }
    }

    /// An option given twice is refused in every command (exit 2, one line naming it, nothing
    /// written): `render --out a.png --out b.png` wrote b.png alone without a word, a new
    /// user found. --set repeats, as it says.
    @Test(arguments: [
        ["render", "--out", "DIR/a.png", "--out", "DIR/b.png"],
        ["render", "--out", "DIR/a.png", "--scale", "2", "--scale=3"],
        ["render", "--out", "DIR/a.png", "--max-distance", "80", "--max-distance", "90"],
        ["render", "--out", "DIR/a.png", "--construction", "--construction"],
        ["replay", "DIR/s.txt", "--dump", "DIR/d.jsonl", "--dump", "DIR/e.jsonl"],
        ["bench", "--frames", "3", "--frames", "4"],
        ["study", "--out", "DIR/s", "--out", "DIR/t"],
        ["soak", "--frames", "10", "--frames", "20"],
        ["--mode", "split", "--mode", "overlay"],
    ])
    func anOptionGivenTwiceIsRefused(arguments: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("badge 50 50 20 1\nwait 0.1\n".utf8).write(to: folder.appendingPathComponent("s.txt"))
        let words = arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) }
        let twice = words.filter { $0.hasPrefix("--") }.map { String($0.split(separator: "=")[0]) }
        let name = try #require(twice.first { option in twice.filter { $0 == option }.count > 1 })
        let result = try Sticky.run(words)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr == "sticky: \(name) is given twice (once is enough; only --set repeats)\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.txt"])
    }

    @Test func setRepeats() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("g.json").path
        let result = try Sticky.run(["render", "--geometry", out, "--set", "maxDistance=80", "--set", "shrink=20"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any]
        let parameters = try #require(json?["parameters"] as? [String: Any])
        #expect(parameters["maxDistance"] as? Double == 80 && parameters["shrink"] as? Double == 20, "\(parameters)")
        // Each point on one line ("center" : [400, 300]): pretty-printed, every number took a
        // line of its own. The canvas's size, the home's and the badge's centres as written.
        let text = try String(contentsOf: URL(fileURLWithPath: out), encoding: .utf8)
        #expect(text.contains("\"canvas\" : [800, 600]") && text.contains("\"center\" : [400, 300]"), "\(text.prefix(400))")
        #expect(!text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    .contains { $0.trimmingCharacters(in: .whitespaces).allSatisfy { "0123456789.,-".contains($0) } },
                "a line of a number alone, or a blank line")
    }

    /// An output folder that names a file already there: exit 1 (the place is taken), one line
    /// saying so, the file untouched and nothing else written (replay's --frames said
    /// "cannot create the frames folder ...: File exists"; the window's --screenshot-dir).
    @Test(arguments: [
        (["replay", "DIR/s.txt", "--frames", "DIR/taken", "--gif", "DIR/a.gif"], "--frames 'DIR/taken' is a file, not a folder"),
        (["study", "--out", "DIR/taken"], "--out 'DIR/taken' is a file, not a folder"),
        // The window, before it opens (it opened, and said so only at the first s or v).
        (["--screenshot-dir", "DIR/taken"], "--screenshot-dir 'DIR/taken' is a file, not a folder"),
    ])
    func outputFoldersThatAreFilesAreRefused(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("badge 50 50 20 1\nwait 0.1\n".utf8).write(to: folder.appendingPathComponent("s.txt"))
        let taken = folder.appendingPathComponent("taken")
        try Data("keep".utf8).write(to: taken)
        let result = try Sticky.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) })
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "sticky: \(message.replacingOccurrences(of: "DIR", with: folder.path))\n", "\(result.stderr)")
        #expect(try Data(contentsOf: taken) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s.txt", "taken"])
    }

    /// Replay's and the window's file outputs that name a folder already there: exit 1 before
    /// anything is written (the frames folder not made), one line saying so.
    @Test(arguments: [
        (["replay", "DIR/s.txt", "--frames", "DIR/frames", "--dump", "DIR/taken"], "cannot write 'DIR/taken': is a directory"),
        (["replay", "DIR/s.txt", "--frames", "DIR/frames", "--gif", "DIR/taken"], "cannot write 'DIR/taken': is a directory"),
        (["replay", "DIR/s.txt", "--frames", "DIR/frames", "--apng", "DIR/taken"], "cannot write 'DIR/taken': is a directory"),
        (["--dump", "DIR/taken"], "cannot write 'DIR/taken': is a directory"),
    ])
    func outputFilesThatAreFoldersAreRefused(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("badge 50 50 20 1\nwait 0.1\n".utf8).write(to: folder.appendingPathComponent("s.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let result = try Sticky.run(arguments.map { $0.replacingOccurrences(of: "DIR", with: folder.path) })
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "sticky: \(message.replacingOccurrences(of: "DIR", with: folder.path))\n", "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s.txt", "taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("taken").path).isEmpty)
    }

    /// The extensions are read without regard to case; .apng is an animated PNG too.
    @Test func outputExtensionsOfAnyCaseAreWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("badge 50 50 20 1\nwait 0.1\n".utf8).write(to: folder.appendingPathComponent("s.txt"))
        let png = folder.appendingPathComponent("A.PNG").path
        #expect(try Sticky.run(["render", "--out", png, "--size", "100x100"]).status == 0)
        let script = folder.appendingPathComponent("s.txt").path
        let replay = try Sticky.run(["replay", script, "--size", "100x100", "--gif", folder.appendingPathComponent("b.GIF").path,
                                     "--apng", folder.appendingPathComponent("c.apng").path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["A.PNG", "b.GIF", "c.apng", "s.txt"])
    }

    @Test func renderNeedsOut() throws {
        let result = try Sticky.run(["render"])
        #expect(result.status == 2)
        #expect(result.stderr == "sticky: render needs --out FILE.png (or FILE.svg) or --geometry FILE.json\n")
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try Sticky.run(["paint"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("sticky: unknown command 'paint'"))
    }

    /// Could not do it: exit 1, one line, no file left behind.
    @Test(arguments: ["/proc/sticky-test.png", "/nonexistent-folder/a.png", "FILE_AS_FOLDER/a.png"])
    func unwritableOutIsAFailureAndLeavesNoFile(target: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let path = target.replacingOccurrences(of: "FILE_AS_FOLDER", with: blocker.path)
        let result = try Sticky.run(["render", "--out", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("sticky: cannot write '\(path)'"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["blocker"])
    }

    /// `--size` takes a capital X as the small one (`800X600` was refused, a new user found);
    /// anything else between the two numbers is still refused.
    @Test func sizeTakesEitherX() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png")
        for size in ["48X30", "48x30"] {
            let result = try Sticky.run(["render", "--size", size, "--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNG.read(from: out.path)
            #expect(image.width == 48 && image.height == 30, "\(size)")
        }
        for size in ["48xX30", "48*30", "48x30x2", "x30"] {
            let result = try Sticky.run(["render", "--size", size, "--out", out.path])
            #expect(result.status == 2 && result.stderr == "sticky: --size expects WxH with positive integers, got '\(size)'\n", "\(result.stderr)")
        }
    }

    @Test func renderWritesAPNGOfTheScaledSize() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png")
        let result = try Sticky.run(["render", "--style", "quad", "--anchor", "200,150", "--drag", "240,170", "--radius", "20",
                                     "--size", "400x300", "--scale", "2", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let data = try Data(contentsOf: out)
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR width and height, big-endian.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 800 && height == 600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["a.png"])
    }

    /// --set wins over --params; flags and --set apply in order; unknown fields warn.
    @Test func paramsFileAndSet() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let params = folder.appendingPathComponent("p.json")
        try Data(#"{"maxDistance": 30, "style": "tangent", "wobble": 2}"#.utf8).write(to: params)
        // d = 50 > 30: only the badge, so the point between the circles is background...
        let a = folder.appendingPathComponent("a.png").path
        var result = try Sticky.run(["render", "--params", params.path, "--anchor", "100,100", "--drag", "150,100", "--out", a])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning") && result.stderr.contains("'wobble'"), "\(result.stderr)")
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
        // A near miss is guessed at in the warning.
        try Data(#"{"maxDistanse": 30}"#.utf8).write(to: params)
        result = try Sticky.run(["render", "--params", params.path, "--out", a])
        #expect(result.status == 0 && result.stderr.hasSuffix("ignoring unknown parameter 'maxDistanse' (did you mean 'maxDistance'?)\n"),
                "\(result.stderr)")
        // ...and with --set maxDistance=60 the bridge is back.
        let b = folder.appendingPathComponent("b.png").path
        result = try Sticky.run(["render", "--params", params.path, "--set", "maxDistance=60", "--anchor", "100,100", "--drag", "150,100", "--out", b])
        #expect(result.status == 0)
        let pa = try Data(contentsOf: URL(fileURLWithPath: a)), pb = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(pa != pb)
    }

    @Test(arguments: [
        (#"[1, 2]"#, "expects a JSON object"),
        (#"{"maxDistance": "far"}"#, "field 'maxDistance' expects a number from 1 to 10000 (px), got the string 'far'"),
        (#"{"maxDistance": 0}"#, "field 'maxDistance' expects"),
        // The number as the file wrote it, not Swift's 99999.0.
        (#"{"maxDistance": 99999}"#, "field 'maxDistance' expects a number from 1 to 10000 (px), got '99999'"),
        (#"{"maxDistance": 0.25}"#, "got '0.25'"),
        (#"{"style": true}"#, "field 'style' expects one of quad, cubic, tangent, got the boolean true"),
        (#"{"maxDistance": "#, "not valid JSON"),
        // A file that ends too soon says where it ends; a comma before a closing brace or
        // bracket, which Foundation's reader took, is refused where it is.
        ("{\n  \"maxDistance\": 80,", "not valid JSON: line 2, column 21: unexpected end of file"),
        (#"{"maxDistance": 80,}"#, "not valid JSON: line 1, column 19: a comma before '}'"),
        ("{\n  \"shrink\": 5,\n  \"maxDistance\": 80,\n}", "not valid JSON: line 3, column 20: a comma before '}'"),
        (#"{"maxDistance": [1, 2,]}"#, "not valid JSON: line 1, column 22: a comma before ']'"),
        // Where it is not, as a line and column (the offset counted in bytes: "é" is two).
        ("{\n  \"headColor\": \"#ff0000\",\n  \"shrink\": 1x\n}", "not valid JSON: line 3, column 14: invalid value"),
        ("{\"color\": \"é\", \"shrink\": 1x}", "not valid JSON: line 1, column 28: invalid value"),
        // A forgotten comma or colon is named where the next value begins (Foundation said
        // "invalid value" there): in an object, in a list, after a key, after a string with a quote.
        ("{\"style\": \"quad\", \"maxDistance\": 80\n  \"shrink\": 5}", "not valid JSON: line 2, column 3: expected ',' or '}' before it"),
        (#"{"maxDistance": [1 2]}"#, "not valid JSON: line 1, column 20: expected ',' or ']' before it"),
        (#"{"maxDistance" 80}"#, "not valid JSON: line 1, column 16: expected ':' before it"),
        (#"{"x": {"a\"b" 1}}"#, "not valid JSON: line 1, column 15: expected ':' before it"),
        (#"{"x": {"a": "b\"" "c": 1}}"#, "not valid JSON: line 1, column 19: expected ',' or '}' before it"),
        // A leading zero is one bad number, not two values without a comma.
        (#"{"shrink": 05}"#, "not a value sticky can read"),
        // A number past a Double's range (it was "expects a JSON object").
        (#"{"maxDistance": 1e999}"#, "field 'maxDistance' is not a value sticky can read: number 1e999 is out of range"),
        // A field twice (JSON readers keep one of them without a word), only at the top level.
        (#"{"maxDistance": 80, "shrink": 10, "maxDistance": 90}"#, "field 'maxDistance' is given twice"),
        (#"{"x": {"a": 1}, "shrink": 10, "y": {"a": 2}, "shrink": 9}"#, "field 'shrink' is given twice"),
    ])
    func badParamsFilesNameTheFileAndField(json: String, message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let params = folder.appendingPathComponent("p.json")
        try Data(json.utf8).write(to: params)
        let result = try Sticky.run(["render", "--params", params.path, "--out", folder.appendingPathComponent("a.png").path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("sticky: \(params.path)"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func helpAndVersion() throws {
        let version = try Sticky.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("sticky "))
        for arguments in [["--help"], ["render", "--help"], ["bench", "--help"]] {
            let help = try Sticky.run(arguments)
            #expect(help.status == 0 && help.stdout.contains("usage"), "\(arguments)")
        }
        let help = try Sticky.run(["render", "--help"])
        for flag in ["--out", "--anchor", "--drag", "--radius", "--size", "--scale", "--max-distance", "--shrink", "--style"] {
            #expect(help.stdout.contains(flag), "render --help lacks \(flag)")
        }
    }

    /// Without a display, `sticky` says so in one line, points to render and replay, exits 1.
    @Test func plainStickyWithoutADisplayExplainsItself() throws {
        let result = try Sticky.run([], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("sticky: no display"), "\(result.stderr)")
        #expect(result.stderr.contains("sticky render") && result.stderr.contains("sticky replay"))
    }

    /// A badge or home circle that the pane's edge cuts, or that lies wholly outside it, is
    /// drawn cut or not at all: `render` says so on stderr (and draws the picture all the same);
    /// a disc whole inside the canvas, touching its edge at most, says nothing.
    @Test(arguments: [
        (["--size", "200x100", "--anchor", "100,50", "--drag", "120,50"], nil),
        (["--size", "200x100", "--max-distance", "200", "--anchor", "100,50", "--drag", "190,50"], nil),
        (["--size", "200x100", "--max-distance", "200", "--anchor", "100,50", "--drag", "195,50"], "the badge at 195,50 (radius 10) is cut by the edge of the 200x100 canvas"),
        (["--size", "200x100", "--max-distance", "200", "--anchor", "100,50", "--drag", "230,50"], "the badge at 230,50 lies outside the 200x100 canvas"),
        (["--size", "240x160", "--mode", "split", "--anchor", "80,80", "--drag", "125,90"],
         "the badge at 125,90 (radius 10) is cut by the edge of the 120x160 pane (in split mode the coordinates are each pane's)"),
        (["--size", "200x100", "--anchor", "5,50", "--drag", "40,50"], "the home circle at 5,50 (radius "),
        // At rest (the badge covers its home, which is not drawn): the badge alone (the home
        // under it was said cut too).
        (["--size", "200x100", "--anchor", "5,50"], "the badge at 5,50 (radius 10) is cut by the edge of the 200x100 canvas"),
        (["--size", "200x100", "--anchor", "5,50", "--drag", "5,50"], "the badge at 5,50 (radius 10) is cut by the edge of the 200x100 canvas"),
        // Both cut: both said (the home circle, R − d/10 = 10 − √50/10, went unsaid).
        (["--size", "200x100", "--anchor", "5,5", "--drag", "0,0"],
         "the badge at 0,0 (radius 10) is cut by the edge of the 200x100 canvas\n"
            + "sticky: warning: the home circle at 5,5 (radius \(String(format: "%.1f", 10 - 50.0.squareRoot() / 10))) is cut by the edge of the 200x100 canvas"),
    ] as [([String], String?)])
    func renderSaysWhenTheCanvasCutsABadge(_ options: [String], _ warning: String?) throws {
        try Sticky.expectRender(["--radius", "10"] + options, warns: warning)
    }

    /// A --drag past the break draws the badge alone, with no home circle and no bridge:
    /// `render` says how far it is pulled and where the break is; within it, nothing.
    @Test(arguments: [
        (["--anchor", "100,100", "--drag", "160,100"], nil),
        (["--anchor", "100,100", "--drag", "160.5,100"], (60.5, "100,100", 60.0)),
        (["--anchor", "50,60", "--drag", "130,120"], (100.0, "50,60", 60.0)),
        (["--max-distance", "120", "--anchor", "50,60", "--drag", "130,120"], nil),
        (["--max-distance", "80", "--mode", "split", "--anchor", "40,30", "--drag", "110,100"], ((70.0 * 70 * 2).squareRoot(), "40,30", 80.0)),
    ] as [([String], (Double, String, Double)?)])
    func renderSaysADragPastTheBreakDrawsTheBadgeAlone(_ options: [String], _ past: (distance: Double, home: String, limit: Double)?) throws {
        try Sticky.expectRender(["--size", "400x300", "--radius", "10"] + options, warns: past.map {
            let d = String(format: "%.1f", $0.distance).replacingOccurrences(of: ".0", with: "")
            let m = String(Int($0.limit))
            return "--drag is \(d) px from the home at \($0.home), past the break at maxDistance \(m) px: "
                + "the badge is drawn alone, as once it has let go (within \(m) px it draws the bridge)"
        })
    }

    /// A metaball field that reaches past the canvas (a pane) is cut by its edge, which `render`
    /// says as it says of a badge (a Wyvill field of threshold 0.99 round a badge pulled 30 px
    /// is a disc of about 140 px: it filled a new user's 240x160 picture without a word); where
    /// the field lies inside, or the picture does not show it (the Bézier mode), nothing.
    @Test(arguments: [
        (["--size", "240x160", "--mode", "metaball", "--drag", "150,80"], "the 240x160 canvas"),
        (["--size", "480x160", "--mode", "split", "--anchor", "120,80", "--drag", "150,80"], "the 240x160 pane"),
        (["--size", "480x160", "--mode", "overlay", "--anchor", "240,80", "--drag", "270,80"], "the 480x160 canvas"),
        (["--size", "800x600", "--mode", "metaball", "--drag", "430,300"], nil),
        (["--size", "240x160", "--mode", "bezier", "--drag", "150,80"], nil),
    ] as [([String], String?)])
    func renderSaysWhenTheCanvasCutsAField(_ options: [String], _ canvas: String?) throws {
        try Sticky.expectRender(["--kernel", "wyvill", "--threshold", "0.99"] + options, warns: canvas.map {
            "the metaball field reaches past the edge of \($0) and is cut by it; a lower --threshold draws a Wyvill field nearer its balls"
        })
    }

    /// A parameter given by a flag or --set that no mode of the scene shows is warned, naming
    /// how it was given and why; one that some mode shows (the kernel's threshold in the Bézier
    /// mode: the split shows it) says nothing, nor do the same settings in the scene they are for.
    @Test(arguments: [
        (["--set", "chainCount=50"], "--set chainCount=50 changes nothing in the badge scene: only for the caterpillar"),
        (["--scene", "chain", "--max-distance", "80"], "--max-distance 80 changes nothing in the chain scene: not for the caterpillar"),
        (["--scene", "grid", "--count", "4", "--spring-damping", "0.3"], "--spring-damping 0.3 changes nothing in the grid scene: the grid is still"),
        (["--set", "spread=0.5"], "--set spread=0.5 changes nothing in the badge scene: only for the tangent bridge"),
        (["--scene", "chain", "--set", "blend=3"], "--set blend=3 changes nothing in the chain scene: only for the smoothMin kernel"),
        // The joints' damping, with the seed's rigid joints (stiffness 0): it was not said.
        (["--scene", "chain", "--joint-damping", "20"], "--joint-damping 20 changes nothing in the chain scene: the joints are rigid (stiffness 0)"),
        (["--scene", "chain", "--joint-damping", "20", "--stiffness", "500"], nil),
        (["--scene", "chain", "--set", "chainCount=5"], nil),
        (["--set", "spread=0.5", "--style", "tangent"], nil),
        (["--kernel", "wyvill", "--set", "threshold=0.3"], nil),
        (["--scene", "chain", "--set", "blend=3", "--kernel", "smoothMin"], nil),
    ] as [([String], String?)])
    func renderSaysWhenASettingChangesNothing(_ options: [String], _ warning: String?) throws {
        try Sticky.expectRender(["--size", "200x150"] + options, warns: warning)
    }
}

extension Sticky {
    /// Renders with `options` into a fresh folder: the picture is written, and stderr is
    /// `warning`'s one line, or empty. (A failure is reported at the caller's line.)
    static func expectRender(_ options: [String], warns warning: String?,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a.png").path
        let result = try Sticky.run(["render"] + options + ["--out", out])
        #expect(result.status == 0 && FileManager.default.fileExists(atPath: out), "\(result.stderr)", sourceLocation: sourceLocation)
        if let warning {
            #expect(result.stderr.hasPrefix("sticky: warning: " + warning)
                        && result.stderr.split(separator: "\n").count == warning.split(separator: "\n").count,
                    "\(options): \(result.stderr)", sourceLocation: sourceLocation)
        } else {
            #expect(result.stderr.isEmpty, "\(options): \(result.stderr)", sourceLocation: sourceLocation)
        }
    }
}
