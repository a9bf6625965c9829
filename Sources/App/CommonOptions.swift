// The options every command shares (CLI.md): canvas, scale, mode, scene and parameters.

import Geometry

/// How the scene is filled.
public enum Mode: String, CaseIterable, Sendable {
    case bezier, metaball, split, overlay

    /// Whether the mode has a pane of the Bézier fill (bezier, split): its meshes, and the
    /// wireframe over them.
    var showsBezierFill: Bool { self == .bezier || self == .split }
    /// Whether the mode has a pane of the metaball fill (metaball, split): the field's
    /// construction is drawn there.
    var showsField: Bool { self == .metaball || self == .split }
}

/// Options shared by all commands; parameters are applied in order after the params file.
struct CommonOptions {
    var width = 800
    var height = 600
    var scale = 1.0
    var scaleGiven = false
    var sizeGiven = false
    var mode = Mode.bezier
    var scene = SceneName.badge
    /// The grid scene's badges (--count).
    var count = 64
    /// --count was given (a scene other than the grid warns that it has no use for it).
    var countGiven = false
    /// --mode and --scene were given (bench, which times every mode and both default scenes,
    /// says it has no use for them).
    var modeGiven = false, sceneGiven = false
    var parameters = Parameters()
    var warnings: [String] = []
    private(set) var paramsFile: String?
    /// --preset's name.
    private(set) var preset: String?
    private var settings: [(parameter: Parameter?, text: String, source: String)] = []
    /// The parameters set by a flag or --set, each with how it was given ("--set chainCount=50"),
    /// for the warning where the scene has no use for one (`settingWarnings`).
    private(set) var given: [(parameter: Parameter, option: String)] = []

    /// The largest side of a picture, in device pixels (llvmpipe's renderbuffer limit).
    static let maximumPixels = 16_384

    /// The shared options' help, with the defaults of a command that uses CommonOptions' own.
    static var help: String { help(defaults: CommonOptions()) }

    /// The shared options' help, naming the defaults a command starts from (bench's size,
    /// soak's mode), so the help says what the command really does; `mode`: the --mode line
    /// where a command has its own (bench times every mode).
    static func help(defaults: CommonOptions, mode: String? = nil) -> String {
        """
          --size WxH                canvas size in logical pixels (\(defaults.width)x\(defaults.height))
          --scale S                 device pixels per logical pixel (\(Parameter.format(defaults.scale)))
          --mode M                  \(mode ?? "bezier, metaball, split (both side by side), overlay (\(defaults.mode.rawValue))")
          --scene S                 badge, chain (seed 004's caterpillar), or grid: --count N
                                    badges pulled seeded random ways, for scaling (\(defaults.scene.rawValue))
          --count N                 the grid scene's badges, 1 to \(GridScene.largestCount) (\(defaults.count))
          --preset NAME             seed000 (the default values), seed002, paperjs, smooth;
                                    applied first: --params and --set win over it
          --params FILE             JSON object of parameters, e.g. {"maxDistance": 80}
          --set NAME=VALUE          one parameter; repeatable; wins over --params
        """
    }

    /// Help lines for the parameter flags, generated from the registry: each flag with its
    /// range and unit (numbers) or its values (choices) before what it means, wrapped to 100
    /// columns under the description column.
    static var parameterHelp: String {
        let column = 28, width = 100
        return ParameterRegistry.all.map { p in
            let value: String
            var range = ""
            switch p.kind {
            case .choice(let options, _, _):
                value = "NAME"
                range = "[" + options.joined(separator: "|") + "] "
            case .color:
                value = "#RRGGBB"
            case .flag:
                value = "BOOL"
            case .number(_, let bounds, _):
                value = "V"
                range = "[\(Parameter.format(bounds.lowerBound)) to \(Parameter.format(bounds.upperBound))"
                    + (p.unit.isEmpty ? "" : " \(p.unit)") + "] "
            }
            var lines: [String] = []
            var line = "  --\(p.flag) \(value)"
            for word in (range + p.summary).split(separator: " ") {
                if line.count < column {
                    line = line.padding(toLength: column, withPad: " ", startingAt: 0) + word
                } else if line.count + 1 + word.count > width, line.count > column {
                    lines.append(line)
                    line = String(repeating: " ", count: column) + word
                } else {
                    line += " " + word
                }
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Takes the option if it is a shared one; false if it is not.
    mutating func accept(_ option: String, inline: String?, from arguments: inout Arguments) throws(CLIError) -> Bool {
        switch option {
        case "--size":
            (width, height) = try Parse.size(arguments.value(of: option, inline: inline, expects: "WxH"), option: option)
            sizeGiven = true
        case "--scale":
            scale = try Parse.number(
                arguments.value(of: option, inline: inline, expects: "a number"), option: option, range: 0.1...16,
                what: "a number from 0.1 to 16")
            scaleGiven = true
        case "--mode":
            let text = try arguments.value(of: option, inline: inline, expects: "a mode")
            guard let mode = Mode(rawValue: text) else {
                throw .usage("--mode expects one of bezier, metaball, split, overlay, got '\(text)'")
            }
            self.mode = mode
            modeGiven = true
        case "--scene":
            let text = try arguments.value(of: option, inline: inline, expects: "a scene")
            guard let scene = SceneName(rawValue: text) else {
                throw .usage("--scene expects badge, chain or grid, got '\(text)'")
            }
            self.scene = scene
            sceneGiven = true
        case "--count":
            let what = "a whole number of badges from 1 to \(GridScene.largestCount)"
            let text = try arguments.value(of: option, inline: inline, expects: "a count")
            let value = try Parse.number(text, option: option, range: 1...Double(GridScene.largestCount), what: what)
            guard value == value.rounded() else { throw .usage("\(option) expects \(what), got '\(text)'") }
            count = Int(value)
            countGiven = true
        case "--preset":
            preset = try arguments.value(of: option, inline: inline, expects: "a preset name")
        case "--params":
            paramsFile = try arguments.value(of: option, inline: inline, expects: "a JSON file")
        case "--set":
            let text = try arguments.value(of: option, inline: inline, expects: "NAME=VALUE")
            settings.append((nil, text, "--set"))
        default:
            let name = String(option.dropFirst(2))
            if let parameter = ParameterRegistry.flagged(name) {
                // `--color #FF0000` unquoted reaches us as `--color` alone, the rest of the line
                // taken by the shell for a comment.
                var missing: String?
                if case .color = parameter.kind {
                    missing = "a shell reads an unquoted # as the start of a comment: write '#FF0000' in quotes, or FF0000"
                }
                let text = try arguments.value(of: option, inline: inline, expects: parameter.expectation, missing: missing)
                settings.append((parameter, text, option))
            } else {
                return false
            }
        }
        return true
    }

    /// The values begun with, where a params file, --set or a parameter flag gave some, and
    /// what gave them ("--params design.json, --shrink 5", the first three and a count of the
    /// rest): what the window's and a replay's backspace reset to until a preset key loads
    /// another; nil where only a preset or the defaults did. (Call after `finish`, before
    /// anything changes them.)
    var startingValues: (values: Parameters, source: String)? {
        let parts = (paramsFile.map { ["--params \($0)"] } ?? []) + given.map(\.option)
        guard !parts.isEmpty else { return nil }
        return (parameters, parts.prefix(3).joined(separator: ", ") + (parts.count > 3 ? " and \(parts.count - 3) more" : ""))
    }

    /// Applies the params file, then the flags and --set in the order given; checks the size.
    mutating func finish() throws(CLIError) {
        if let preset { try ParameterRegistry.apply(preset: preset, to: &parameters) }
        if let paramsFile {
            warnings += try ParameterRegistry.load(file: paramsFile, into: &parameters)
        }
        for setting in settings {
            if let parameter = setting.parameter {
                try parameter.set(setting.text, in: &parameters, source: setting.source)
                given.append((parameter, "\(setting.source) \(setting.text)"))
            } else {
                given.append((try ParameterRegistry.apply(assignment: setting.text, to: &parameters), "--set \(setting.text)"))
            }
        }
        let (w, h) = pixelSize
        if w > CommonOptions.maximumPixels || h > CommonOptions.maximumPixels {
            throw .usage("--size \(width)x\(height) at --scale \(Parameter.format(scale)) is \(w)x\(h) device pixels; at most \(CommonOptions.maximumPixels) a side")
        }
    }

    /// The warning for --count given to a scene other than the grid, which sets nothing there
    /// (the window does not warn: its scene key reaches the grid).
    private func countWarning(scene: SceneName) -> [String] {
        countGiven && scene != .grid ? ["--count is the grid scene's; the \(scene.rawValue) scene ignores it"] : []
    }

    /// The warnings for parameters given by a flag or --set that change nothing in `scene`
    /// whatever the mode: another scene's ("--set chainCount=50 changes nothing: only for the
    /// caterpillar"), or another construction's or kernel's with the one set. (A params file's
    /// are not warned: the window saves every slider. Nor the mode's: an export may still use
    /// them.)
    func settingWarnings(scene: SceneName) -> [String] {
        given.compactMap { setting in
            setting.parameter.whyNotInEffectAnyMode(parameters, scene: SceneKind(scene: scene))
                .map { "\(setting.option) changes nothing in the \(scene.rawValue) scene: \($0)" }
        }
    }

    /// Prints the options' warnings (the params file's, and --count's for a `scene` that is
    /// not the grid) on stderr; with `settings`, those of `settingWarnings` too (not bench's,
    /// which times every scene).
    func warn(scene: SceneName, settings: Bool = true) {
        for warning in warnings + countWarning(scene: scene) + (settings ? settingWarnings(scene: scene) : []) {
            CommandLine.warn(warning)
        }
    }

    /// The panes of the picture, for a scene of `kind`.
    func layout(_ kind: SceneKind) -> Layout { Layout(width: Double(width), height: Double(height), mode: mode, scene: kind) }

    /// A pane's width in scene units at scale 1: half the canvas in split mode.
    var paneWidth: Double { layout(.free).canvas.x }

    /// The picture's size in device pixels.
    var pixelSize: (Int, Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
