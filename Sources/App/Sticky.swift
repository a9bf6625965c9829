// The command-line entry: dispatches to the commands, turns errors into one line and a status.

import Foundation
import Motion
import Geometry
import Imaging

extension CommandLine {
    /// The version `sticky --version` prints.
    public static let stickyVersion = "0.1.0"

    static let help = """
        sticky \(stickyVersion): the QQ sticky badge, drawn with OpenGL

        usage:
          sticky [OPTIONS]                        the interactive window (not built yet: writes a demo PNG)
          sticky render --out FILE.png [OPTIONS]  draw one still picture, headless
          sticky replay SCRIPT [OPTIONS]          run an input script headless; dump states, write frames
          sticky bench [--json] [OPTIONS]         measure the hot paths (use a release build)
          sticky --help | --version               and `sticky COMMAND --help`

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

    private static func dispatch(_ arguments: [String]) throws(CLIError) {
        let command = arguments.first
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch command {
        case "--help", "-h", "help":
            say(help)
        case "--version":
            say("sticky \(stickyVersion)")
        case "render":
            if wantsHelp { return say(RenderRequest.help) }
            try RenderCommand.run(rest)
        case "bench":
            if wantsHelp { return say(BenchCommand.help) }
            try BenchCommand.run(rest)
        case "replay":
            if wantsHelp { return say(ReplayCommand.help) }
            try ReplayCommand.run(rest)
        case let word? where !word.hasPrefix("-"):
            throw .usage("unknown command '\(word)' (expected render, replay or bench; see sticky --help)")
        default:
            try runWindow(arguments)
        }
    }

    /// `sticky` with no command. The window is not built yet: draw a demo picture instead and
    /// say where it went, so the README's run command shows something on any machine.
    private static func runWindow(_ arguments: [String]) throws(CLIError) {
        var options = CommonOptions()
        var arguments_ = Arguments(arguments)
        while let token = arguments_.next() {
            switch token {
            case .word(let word): throw .usage("unknown command '\(word)' (see sticky --help)")
            case .option(let option, let inline):
                guard try options.accept(option, inline: inline, from: &arguments_) else {
                    throw .usage("unknown option '\(option)' (see sticky --help)")
                }
            }
        }
        try options.finish()
        for warning in options.warnings { warn(warning) }
        let w = Double(options.width), h = Double(options.height)
        let badge = options.parameters.motion.badge
        let poses = [
            BadgePose(home: Vec2(w * 0.2, h * 0.5), center: Vec2(w * 0.2, h * 0.5), radius: 20, parameters: badge),
            BadgePose(home: Vec2(w * 0.45, h * 0.5), center: Vec2(w * 0.45 + 28, h * 0.5 - 30), radius: 20, parameters: badge),
            BadgePose(home: Vec2(w * 0.75, h * 0.5), center: Vec2(w * 0.75 + 70, h * 0.5 + 20), radius: 24, parameters: badge),
        ]
        let image = try RenderCommand.draw(poses, options: options)
        let path = "sticky-demo.png"
        do {
            try PNG.write(image, to: path)
        } catch {
            throw .failure(error.description)
        }
        let cwd = FileManager.default.currentDirectoryPath
        say("sticky: the interactive window is not built yet; wrote a demo picture to \(cwd)/\(path)")
        say("sticky: draw your own with: sticky render --out badge.png --drag 440,320 --style tangent")
    }
}
