// The help texts say what the code does: defaults as the commands use them, and every
// parameter of the registry with its range.

import Foundation
import Testing

@testable import App

@Suite struct HelpTests {
    /// A number as a person would write it: whole numbers without a point.
    static func written(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }

    /// The help's entry for a flag: its line and the wrapped lines under it.
    static func entry(_ flag: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  --\(flag) ") }) else { return nil }
        var end = start + 1
        while end < lines.count, lines[end].hasPrefix("    "), !lines[end].hasPrefix("  --") { end += 1 }
        return lines[start..<end].joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// `render --help` (and `sticky --help`) list every registry parameter's flag with its
    /// range and unit, or its values.
    @Test(arguments: [["render", "--help"], ["--help"]])
    func everyParameterIsListedWithItsRange(arguments: [String]) throws {
        let result = try Sticky.run(arguments)
        #expect(result.status == 0)
        for parameter in ParameterRegistry.all {
            guard let entry = Self.entry(parameter.flag, in: result.stdout) else {
                Issue.record("\(arguments): no --\(parameter.flag)")
                continue
            }
            switch parameter.kind {
            case .number(_, let range, _):
                let text = "\(Self.written(range.lowerBound)) to \(Self.written(range.upperBound))"
                    + (parameter.unit.isEmpty ? "" : " \(parameter.unit)")
                #expect(entry.contains(text), "--\(parameter.flag): '\(entry)' lacks '\(text)'")
            case .choice(let options, _, _):
                #expect(entry.contains(options.joined(separator: "|")), "--\(parameter.flag): '\(entry)'")
            case .color:
                #expect(entry.contains("#RRGGBB"), "--\(parameter.flag): '\(entry)'")
            case .flag:
                #expect(entry.contains("BOOL"), "--\(parameter.flag): '\(entry)'")
            }
        }
        // Wrapped to 100 columns.
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") || $0.hasPrefix("      ") }
            .allSatisfy { $0.count <= 100 || !$0.contains(" ") })
    }

    /// Each command's help names the defaults it runs with, once: bench draws 1920x1080 in
    /// every mode (its --mode line says so: it has no default to name), soak draws in split
    /// mode; the others 800x600 in the bezier mode.
    @Test(arguments: [
        ("bench", "1920x1080", "every"),
        ("soak", "800x600", "split"),
        ("render", "800x600", "bezier"),
        ("replay", "800x600", "bezier"),
    ])
    func helpNamesTheDefaultsUsed(command: String, size: String, mode: String) throws {
        let help = try Sticky.run([command, "--help"]).stdout
        let sizeEntry = try #require(Self.entry("size", in: help))
        #expect(sizeEntry.hasSuffix("(\(size))"), "\(sizeEntry)")
        let modeEntry = try #require(Self.entry("mode", in: help))
        #expect(mode == "every" ? modeEntry.hasSuffix("every mode is timed (bezier, metaball, split): none to give")
                                : modeEntry.hasSuffix("(\(mode))"), "\(modeEntry)")
        for other in ["1920x1080", "800x600"] where other != size {
            #expect(!help.contains(other), "\(command) --help also says \(other)")
        }
        for other in Mode.allCases.map(\.rawValue) where other != mode {
            #expect(!help.contains("(\(other))") && !help.contains("\(other) by default"), "\(command) --help also says \(other)")
        }
    }
}

/// `sticky help COMMAND`, which a user tries after `sticky help`, prints that command's own
/// help as `sticky COMMAND --help` does (it printed the general help); `help window` the
/// window's keys and options; a command there is not is a usage error that names those there are.
@Suite struct HelpTopicTests {
    @Test func helpOnACommandIsItsOwnHelp() throws {
        for command in ["render", "replay", "study", "bench", "soak"] {
            let asked = try Sticky.run(["help", command]), own = try Sticky.run([command, "--help"])
            #expect(asked.status == 0 && asked.stderr.isEmpty, "\(command): \(asked.stderr)")
            #expect(asked.stdout.hasPrefix("usage: sticky \(command) ") && asked.stdout == own.stdout, "\(command)")
        }
        let window = try Sticky.run(["help", "window"])
        #expect(window.status == 0 && window.stdout.hasPrefix("usage: sticky [OPTIONS]"))
        #expect(window.stdout == (try Sticky.run(["--help-window"])).stdout)
        #expect(try Sticky.run(["help"]).stdout.contains("`sticky help COMMAND`"))
        for (arguments, topic) in [(["help", "draw"], "draw"), (["help", "render", "study"], "render study")] {
            let result = try Sticky.run(arguments)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr == "sticky: no help on '\(topic)' (expected render, replay, study, bench, soak or window)\n",
                    "\(arguments): \(result.stderr)")
        }
    }
}

/// `replay --help` names every key a script may press (a new user found n, v, escape and
/// slash in the error's list of known keys and nowhere in the help): each key of the window's
/// table by the name a script writes, the view keys among those that change nothing.
@Suite struct ReplayKeyHelpTests {
    @Test func everyKeyAScriptKnowsIsInTheHelp() throws {
        let help = ReplayCommand.help
        let start = try #require(help.range(of: "  key NAME")).lowerBound
        let entry = help[start...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let viewKeys = try #require(entry.range(of: "the view keys (")).upperBound
        let viewList = entry[viewKeys...].prefix { $0 != ")" }
        for name in KeyPress.known {
            guard let press = KeyPress(script: name) else {
                Issue.record("\(name) is not a script's key name")
                continue
            }
            // Whole names: "s" in "(m, n, c, w, s, v" and not in "shift+".
            func names(_ text: Substring) -> Bool {
                text.split(whereSeparator: { " ,();".contains($0) }).contains { $0 == name }
                    || (name.count == 1 && "1234".contains(name) && text.contains("1-4"))
            }
            if Controls.changesNothingInAReplay(press) {
                #expect(names(viewList), "the view key \(name) is not among the help's view keys: \(viewList)")
            } else {
                #expect(names(entry[..<viewKeys]), "the key \(name) is not in the help's key entry")
            }
        }
    }
}
