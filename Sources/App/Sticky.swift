// The command-line entry: dispatches to the commands, turns errors into one line and a status.

import Foundation

extension CommandLine {
    /// The version `sticky --version` prints.
    public static let stickyVersion = "0.1.0"

    static let help = """
        sticky \(stickyVersion): the QQ sticky badge, drawn with OpenGL

        usage:
          sticky [OPTIONS]                        the interactive window (keys and options: sticky --help-window)
          sticky render --out FILE.png [OPTIONS]  draw one still picture (PNG or SVG), headless
          sticky replay SCRIPT [OPTIONS]          run an input script headless; dump states, write frames
          sticky study --out DIR [OPTIONS]        sweep a parameter, compare every fill: sheet, plots, CSV
          sticky bench [--json] [OPTIONS]         measure the hot paths (use a release build)
          sticky soak [--frames N] [OPTIONS]      random drags for many frames: GL errors, memory
          sticky --help | --version               and `sticky COMMAND --help` (or `sticky help COMMAND`)

        Exit status: 0 done, 1 could not do it, 2 usage error.

        options:
        \(CommonOptions.help)
        parameters:
        \(CommonOptions.parameterHelp)
        """

    /// Runs `sticky` with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            try dispatch(arguments)
            return 0
        } catch {
            FileHandle.standardError.write(Data("sticky: \(error.description)\n".utf8))
            return error.status
        }
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("sticky: warning: \(message)\n".utf8))
    }

    static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// A command's own help (`window`: the window's keys and options); nil for no such command.
    static func commandHelp(_ name: String) -> String? {
        switch name {
        case "render": RenderRequest.help
        case "bench": BenchCommand.help
        case "replay": ReplayCommand.help
        case "soak": SoakCommand.help
        case "study": StudyRequest.help
        case "window": WindowApp.help
        default: nil
        }
    }

    private static func dispatch(_ arguments: [String]) throws(CLIError) {
        let command = arguments.first
        let rest = Array(arguments.dropFirst())
        // `sticky render --help` and the like (`window` is a help topic, not a command).
        if rest.contains("--help") || rest.contains("-h"), command != "window", let text = command.flatMap(commandHelp) {
            return say(text)
        }
        switch command {
        case "help" where !rest.isEmpty:
            // `sticky help render`, as `sticky render --help`.
            guard rest.count == 1, let text = commandHelp(rest[0]) else {
                throw .usage("no help on '\(rest.joined(separator: " "))' (expected render, replay, study, bench, soak or window)")
            }
            say(text)
        case "--help", "-h", "help":
            say(help)
        case "--help-window", "--help-keys":
            say(WindowApp.help)
        case "--version":
            say("sticky \(stickyVersion)")
        case "render":
            try RenderCommand.run(rest)
        case "bench":
            try BenchCommand.run(rest)
        case "replay":
            try ReplayCommand.run(rest)
        case "soak":
            try SoakCommand.run(rest)
        case "study":
            try StudyCommand.run(rest)
        case let word? where !word.hasPrefix("-"):
            let guess = Parse.nearest(to: word, among: ["render", "replay", "study", "bench", "soak"]).map { "did you mean '\($0)'? " } ?? ""
            throw .usage("unknown command '\(word)' (\(guess)expected render, replay, study, bench or soak; see sticky --help)")
        default:
            try runWindow(arguments)
        }
    }

    /// `sticky` with no command: the window.
    private static func runWindow(_ words: [String]) throws(CLIError) {
        if words.contains(where: { ["--help", "-h", "--help-window", "--help-keys"].contains($0) }) { return say(WindowApp.help) }
        let request = try WindowRequest(words)
        for warning in request.common.warnings { warn(warning) }
        if let dumpPath = request.dumpPath { try ReplayCommand.checkWritable(dumpPath) }
        // (A folder that cannot be made for another reason is said at the first s or v: the
        // window still has its use.)
        try Parse.refuseFile(at: request.screenshots, option: "--screenshot-dir")
        let app = try WindowApp(
            options: request.common, dumpPath: request.dumpPath, screenshotFolder: request.screenshots,
            screenshotHUD: request.screenshotHUD)
        app.run()
    }
}

/// The window's command line, parsed and checked; nothing opened yet.
struct WindowRequest {
    var common = CommonOptions()
    var dumpPath: String?
    var screenshots = "screenshots"
    var screenshotHUD = true

    init(_ words: [String]) throws(CLIError) {
        var arguments = Arguments(words)
        while let token = try arguments.next() {
            switch token {
            case .word(let word): throw .usage("unknown command '\(word)' (see sticky --help)")
            case .option(let option, let inline):
                if try common.accept(option, inline: inline, from: &arguments) { continue }
                switch option {
                case "--dump": dumpPath = try Parse.dumpName(arguments.value(of: option, inline: inline, expects: "a file name"), option: option)
                case "--screenshot-dir":
                    screenshots = try Parse.folder(arguments.value(of: option, inline: inline, expects: "a folder"), option: option)
                case "--screenshot-hud":
                    let text = try arguments.value(of: option, inline: inline, expects: "true or false")
                    switch text.lowercased() {
                    case "true", "on", "yes", "1": screenshotHUD = true
                    case "false", "off", "no", "0": screenshotHUD = false
                    default: throw .usage("--screenshot-hud expects true or false, got '\(text)'")
                    }
                default: throw .unknownOption(option, command: nil)
                }
            }
        }
        try common.finish()
        try Parse.distinct([("--dump", dumpPath), ("--params", common.paramsFile)])
    }
}
