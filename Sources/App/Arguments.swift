// Reads a command line: `--name value`, `--name=value`, flags and positional words.

import Foundation
import Imaging

/// Walks the words of a command line, handing out options and their values.
struct Arguments {
    enum Token: Equatable {
        case option(String, inline: String?)
        case word(String)
    }

    private let words: [String]
    private var index = 0
    /// The options met so far: each may be given once, but those that say they repeat.
    private var seen: Set<String> = []

    /// The options that may be given more than once (each adds to the others).
    static let repeatable: Set<String> = ["--set"]

    init(_ words: [String]) { self.words = words }

    /// The next option or word. An option given a second time is refused (usage): a command
    /// line like `--out a.png ... --out b.png` says two things, and taking either would lose
    /// the other without a word.
    mutating func next() throws(CLIError) -> Token? {
        guard index < words.count else { return nil }
        let word = words[index]
        index += 1
        if word.hasPrefix("--"), word.count > 2 {
            let token = word.firstIndex(of: "=").map { Token.option(String(word[..<$0]), inline: String(word[word.index(after: $0)...])) }
                ?? .option(word, inline: nil)
            if case .option(let name, _) = token, !Arguments.repeatable.contains(name), !seen.insert(name).inserted {
                throw .usage("\(name) is given twice (once is enough; only --set repeats)")
            }
            return token
        }
        return .word(word)
    }

    /// The value of `option`: the `=value` part, or the next word. `expects` describes it for the
    /// message when it is missing, and `missing` says more there (a colour's value lost to a
    /// shell that read its # as a comment).
    mutating func value(of option: String, inline: String?, expects: String, missing: String? = nil) throws(CLIError) -> String {
        if let inline { return inline }
        guard index < words.count else { throw .usage("\(option) expects \(expects), got nothing" + (missing.map { " (\($0))" } ?? "")) }
        // The next option is not a value: `--geometry --out a.png` took "--out" for the JSON's
        // name, and then refused "a.png" as a positional argument. (`--geometry=--out` still
        // names such a file.)
        let next = words[index]
        if next.hasPrefix("--"), next.count > 2 {
            throw .usage("\(option) expects \(expects), got the option '\(next)'" + (missing.map { " (\($0))" } ?? ""))
        }
        index += 1
        return next
    }
}

/// Parsers for option values; each error names the option, what it expects, what it got.
enum Parse {
    /// The candidate nearest `name` in edits (letters put in, taken out, changed or two
    /// swapped, case and leading dashes ignored), where that is at most 2 and under half its
    /// length: the word meant by a typo. nil where none is near.
    static func nearest(to name: String, among candidates: [String]) -> String? {
        func letters(_ word: String) -> [Character] { Array(word.drop { $0 == "-" }.lowercased()) }
        let typed = letters(name)
        func edits(_ candidate: String) -> Int {
            let b = letters(candidate)
            guard !typed.isEmpty, !b.isEmpty else { return max(typed.count, b.count) }
            var previous: [Int] = [], row = Array(0...b.count)
            for i in 1...typed.count {
                var next = [i] + Array(repeating: 0, count: b.count)
                for j in 1...b.count {
                    next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (typed[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, typed[i - 1] == b[j - 2], typed[i - 2] == b[j - 1] { next[j] = min(next[j], previous[j - 2] + 1) }
                }
                (previous, row) = (row, next)
            }
            return row[b.count]
        }
        guard let best = candidates.map({ ($0, edits($0)) }).min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= 2 && 2 * best.1 < typed.count ? best.0 : nil
    }

    /// `WxH`, positive integers; the x may be a capital (`800X600` was refused, a new user found).
    static func size(_ text: String, option: String) throws(CLIError) -> (Int, Int) {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { throw .usage("\(option) expects WxH with positive integers, got '\(text)'") }
        return (w, h)
    }

    /// A number written in decimal (digits, a sign, a point, an exponent), as the params file's
    /// JSON takes: Swift's Double(_:) also reads hexadecimal ("0x10" is 16, "0x1p-3" 0.125),
    /// which a user's typo should not become.
    static func decimal(_ text: some StringProtocol) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
        return Double(text)
    }

    /// `X,Y`, numbers of at most a million in size (logical pixels).
    static func point(_ text: String, option: String) throws(CLIError) -> (Double, Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = decimal(parts[0]), let y = decimal(parts[1]), abs(x) <= 1e6, abs(y) <= 1e6 else {
            throw .usage("\(option) expects X,Y, two numbers (e.g. 240,320) of at most 1000000 in size, got '\(text)'")
        }
        return (x, y)
    }

    /// An output file name whose extension, if it has one, is one of `formats` (lowercase,
    /// no dot): a name like 'x.txt' would hold something other than its name says.
    /// Refused (usage): an empty name, one ending in "/" (a folder), and another extension than
    /// `formats` (none is taken as asked; `formats` empty takes any).
    /// "-" is refused too: many tools take it for standard output, and a file named "-" was
    /// written instead (a new user's `render --out -`).
    static func fileName(_ path: String, option: String, formats: [String] = [], what: String = "") throws(CLIError) -> String {
        guard !path.isEmpty else { throw .usage("\(option) expects a file name, got ''") }
        guard path != "-" else {
            throw .usage("\(option) expects a file name, got '-': sticky writes files, not standard output (./- names a file called -)")
        }
        guard !path.hasSuffix("/") else { throw .usage("\(option) expects a file name, got the folder '\(path)'") }
        let ext = PathName.extension(of: path)
        guard ext.isEmpty || formats.isEmpty || formats.contains(ext) else {
            let names = formats.map { ".\($0)" }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names[0]
            throw .usage("\(option) expects a \(list) file name (\(what)), got '\(path)'")
        }
        return path
    }

    /// A dump's file name (JSON lines, any extension but a picture's: `--dump d.png` wrote text
    /// under a picture's name without a word).
    static func dumpName(_ path: String, option: String) throws(CLIError) -> String {
        let name = try fileName(path, option: option)
        let ext = PathName.extension(of: name)
        guard !["png", "apng", "gif", "svg", "jpg", "jpeg"].contains(ext) else {
            throw .usage("\(option) writes JSON lines (FILE.jsonl), got '\(path)': a picture's name")
        }
        return name
    }

    /// Refuses two outputs of one command that name the same place (usage): the second would
    /// overwrite the first, or their all-or-none write fail half done (a new user's `replay
    /// --dump a.gif --gif a.gif` replaced a GIF with the dump, then failed). Names are compared
    /// as absolute, standardized paths ("./a.gif" is "a.gif"); a GIF inside the frames' folder
    /// is its own place (the frames are moved in beside it).
    /// A file that exists is compared by its device and inode, so that a symbolic or hard link
    /// to it is the same file (a link to the params file named as --geometry overwrote it).
    static func distinct(_ outputs: [(option: String, path: String?)]) throws(CLIError) {
        let given = outputs.compactMap { output in output.path.map { (option: output.option, path: $0, place: place(of: $0)) } }
        for (i, a) in given.enumerated() {
            for b in given[(i + 1)...] where a.place == b.place {
                throw .usage("\(a.option) '\(a.path)' and \(b.option) '\(b.path)' name the same file; give each its own")
            }
        }
    }

    /// Where `path` names a file: its device and inode where it exists, else its absolute path,
    /// "." and ".." taken out and the links in its folder resolved. (Plain string work, as
    /// `PathName` does: Foundation's path API traps on one-letter names.)
    static func place(of path: String) -> String {
        let whole = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        let standard = "/" + parts.joined(separator: "/")
        // (As given, then as standardized: "sub/../a" names the file a even with no folder sub.)
        var info = stat()
        if stat(path, &info) == 0 || stat(standard, &info) == 0 { return "inode \(info.st_dev) \(info.st_ino)" }
        let folder = PathName.folder(of: standard)
        guard let resolved = realpath(folder, nil) else { return standard }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + PathName.name(of: standard)
    }

    /// Refuses an output named like a frame (frame-NNNNN.png) inside the frames' folder: the
    /// frames are moved in over it, or an earlier run's frames past the new ones are removed
    /// with it (a new user's --apng fr/frame-00100.png was lost without a word).
    static func outsideFrames(_ outputs: [(option: String, path: String?)], frames: String?) throws(CLIError) {
        guard let frames else { return }
        let folder = place(of: frames)
        for case let (option, path?) in outputs {
            let name = PathName.name(of: path), parent = PathName.folder(of: path)
            guard name.hasPrefix("frame-"), name.hasSuffix(".png"), place(of: parent.isEmpty ? "." : parent) == folder else { continue }
            throw .usage("\(option) '\(path)' is named as a frame in the --frames folder '\(frames)', which the frames replace; name it otherwise")
        }
    }

    /// A folder's path (made if missing, with the folders above it): refused if empty.
    static func folder(_ path: String, option: String) throws(CLIError) -> String {
        guard !path.isEmpty else { throw .usage("\(option) expects a folder, got ''") }
        return path
    }

    /// An output folder that names a file already there is refused, with what it is (status 1:
    /// the name is well formed; the place is taken).
    static func refuseFile(at folder: String, option: String) throws(CLIError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw .failure("\(option) '\(folder)' is a file, not a folder")
        }
    }

    /// A finite number in `range`.
    static func number(_ text: String, option: String, range: ClosedRange<Double>, what: String) throws(CLIError) -> Double {
        guard let value = decimal(text), value.isFinite, range.contains(value) else {
            throw .usage("\(option) expects \(what), got '\(text)'")
        }
        return value
    }
}

extension CLIError {
    /// An option that `command` (nil: the window) does not take, with the option of its help or
    /// the parameters' flags nearest it: `render: unknown option '--max-distnce' (did you mean
    /// '--max-distance'? see sticky render --help)`; a typo got only "unknown option".
    static func unknownOption(_ option: String, command: String?) -> CLIError {
        let help = CommandLine.commandHelp(command ?? "window") ?? ""
        let listed = help.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) }
        let flags = ParameterRegistry.all.map { "--" + $0.flag }
        let guess = Parse.nearest(to: option, among: Array(Set(listed + flags)).sorted()).map { "did you mean '\($0)'? " } ?? ""
        return .usage("\(command.map { $0 + ": " } ?? "")unknown option '\(option)' (\(guess)see sticky \(command.map { $0 + " " } ?? "")--help)")
    }
}
