// The keys: one table (key, action, help line) for the window, replay scripts, the F1 help and
// --help-window, and the sliders they move.

import Foundation
import Geometry

/// A key press by the names the help lists, with its modifiers ("shift+right" in a script).
public struct KeyPress: Hashable, Sendable {
    public var name: String
    public var shift = false
    public var alt = false

    /// Every key name something is bound to (from the table).
    static let known: Set<String> = Set(Controls.keys.flatMap { $0.presses.map(\.name) })

    public init(name: String, shift: Bool = false, alt: Bool = false) {
        self.name = name
        self.shift = shift
        self.alt = alt
    }

    /// "right", "shift+right", "alt+left", "shift+tab"; "?" for shift+slash, as the help names
    /// it; nil for names nothing is bound to.
    init?(script: String) {
        var parts = script.lowercased().split(separator: "+").map(String.init)
        if parts == ["?"] {
            parts = ["shift", "slash"]
        }
        guard let last = parts.popLast(), KeyPress.known.contains(last) else { return nil }
        name = last
        for modifier in parts {
            switch modifier {
            case "shift": shift = true
            case "alt": alt = true
            default: return nil
            }
        }
    }
}

/// What a key does.
enum KeyAction: Equatable {
    /// (`resetSlider` with shift resets every slider, of every scene; colours keep theirs.)
    case selectPrevious, selectNext, moveSlider, resetSlider
    /// Loads the registry's preset that the number key names (1 the first).
    case preset
    case reset, quit, nextMode, nextScene, toggleConstruction, toggleWireframe, toggleHUD, toggleHelp, saveParameters
    case screenshot, screenshotOtherWay, toggleRecording, toggleRecordingAPNG
}

/// One row of the key table: the presses that do it, as the help shows them, and what it does.
struct KeyBinding {
    /// How the help names the keys ("up, shift+tab").
    let label: String
    let presses: [KeyPress]
    let action: KeyAction
    let help: String

    init(_ label: String, _ presses: [String], _ action: KeyAction, _ help: String) {
        self.label = label
        self.presses = presses.map { KeyPress(script: $0, unchecked: ()) }
        self.action = action
        self.help = help
    }
}

extension KeyPress {
    /// Parses a table entry (no check against the known names: the table defines them).
    fileprivate init(script: String, unchecked: Void) {
        var parts = script.split(separator: "+").map(String.init)
        name = parts.popLast() ?? ""
        shift = parts.contains("shift")
        alt = parts.contains("alt")
    }
}

/// What a key asks of its host, beyond changing parameters (which `Controls` does itself).
enum KeyEffect: Equatable {
    case none
    /// The parameters changed: the scene takes them from now on.
    case parameters
    /// Another slider is selected (the HUD shows it).
    case selection
    case reset, quit, nextMode, nextScene, toggleConstruction, toggleWireframe, toggleHUD, toggleHelp, saveParameters
    /// S: a screenshot as shown; shift+S: the other way round (with or without the HUD).
    case screenshot, screenshotOtherWay
    /// V: start or stop recording the window into a GIF (shift+V: an APNG).
    case toggleRecording, toggleRecordingAPNG
}

/// The sliders a scene shows (colours are left to the params file), the selected one, and
/// what each key does.
struct Controls {
    /// The key table: the window, replay's `key`, the F1 help and `--help-window` read it.
    static let keys: [KeyBinding] = [
        KeyBinding("r", ["r"], .reset, "restore all badges (the chain: back to its start)"),
        KeyBinding("m", ["m"], .nextMode, "next mode: bezier, metaball, split, overlay"),
        KeyBinding("n", ["n"], .nextScene, "next scene: badge, chain (the caterpillar), grid"),
        KeyBinding("up, shift+tab", ["up", "shift+tab"], .selectPrevious, "select the previous slider (in this help: scroll)"),
        KeyBinding("down, tab", ["down", "tab"], .selectNext, "select the next slider (or click a bar)"),
        KeyBinding("left, right", ["left", "right"], .moveSlider, "change it (shift: x10, alt: /10; wheel too)"),
        KeyBinding("backspace", ["backspace"], .resetSlider, "reset the selected slider as loaded (shift: every slider)"),
        KeyBinding("1 2 3 4", ["1", "2", "3", "4"], .preset, "presets seed000, seed002, paperjs, smooth (the values they name)"),
        KeyBinding("p", ["p"], .saveParameters, "save the parameters to ./sticky-params.json"),
        KeyBinding("c", ["c"], .toggleConstruction, "construction: the bridges' (a held badge's lettered), the field's tiles"),
        KeyBinding("w", ["w"], .toggleWireframe, "the triangles' edges (wireframe)"),
        KeyBinding("s", ["s"], .screenshot, "save a screenshot (with the HUD)"),
        KeyBinding("shift+s", ["shift+s"], .screenshotOtherWay, "save a screenshot without the HUD (pane labels kept)"),
        KeyBinding("v", ["v"], .toggleRecording, "start / stop recording a GIF (30 fps, no HUD but the pane labels)"),
        KeyBinding("shift+v", ["shift+v"], .toggleRecordingAPNG, "start / stop recording an APNG"),
        KeyBinding("h", ["h"], .toggleHUD, "hide or show the sliders"),
        KeyBinding("f1, ?", ["f1", "slash"], .toggleHelp, "this help"),
        KeyBinding("q, escape", ["q", "escape"], .quit, "quit (escape first closes the help)"),
    ]

    /// Whether a press is one of the window's view keys (mode, scene, construction, wireframe,
    /// captures, HUD, help, saving), which a replay plays as nothing: its view is its options.
    static func changesNothingInAReplay(_ press: KeyPress) -> Bool {
        switch binding(for: press)?.action {
        case .selectPrevious, .selectNext, .moveSlider, .resetSlider, .preset, .reset, .quit: false
        case .nextMode, .nextScene, .toggleConstruction, .toggleWireframe, .screenshot, .screenshotOtherWay,
             .toggleRecording, .toggleRecordingAPNG, .toggleHUD, .toggleHelp, .saveParameters: true
        case nil: false
        }
    }

    /// The binding a press triggers: one naming it with exactly its modifiers, else one naming
    /// the key alone (shift and alt then only scale a slider's step).
    static func binding(for press: KeyPress) -> KeyBinding? {
        keys.first { $0.presses.contains(press) }
            ?? keys.first { $0.presses.contains(KeyPress(name: press.name)) }
    }

    /// What the mouse does, as the help shows it before the keys.
    static let mouse: [(label: String, help: String)] = [
        ("drag", "pull a badge away and let go (chain: its head; grid: none)"),
        ("click, wheel", "on a slider's bar: set it, drag along it; wheel: step"),
    ]

    /// The mouse and the key table as help lines: "label   what it does".
    static var helpLines: [String] {
        let rows = mouse + keys.map { ($0.label, $0.help) }
        let width = (rows.map(\.label.count).max() ?? 0) + 3
        return rows.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + $0.help }
    }

    /// Every slider (all non-colour parameters, in registry order).
    static let sliders: [Parameter] = ParameterRegistry.all.filter {
        if case .color = $0.kind { return false }
        return true
    }

    /// The sliders shown: those whose scope is the scene (the caterpillar's own first), or all of them.
    let sliders: [Parameter]
    var selected = 0

    init(scene: SceneKind? = nil) {
        switch scene {
        case .chain:
            sliders = Controls.sliders.filter { $0.scope == .chain } + Controls.sliders.filter { $0.scope == .everyScene }
        case .badges, .free, .grid:
            sliders = Controls.sliders.filter { $0.scope != .chain }
        case nil:
            sliders = Controls.sliders
        }
    }

    var selectedParameter: Parameter { sliders[selected] }

    /// What backspace puts a slider back to: the defaults with the preset last loaded (by its
    /// key, or --preset) over them, so that a slider tried after preset 2 goes back to seed
    /// 002's value (it went to seed 000's); the preset's name, nil where none was loaded. Or,
    /// until a preset key is pressed, the values the window started with where a params file
    /// or --set gave some (`basisSource` says which: a design loaded with --params went back
    /// to seed 000's at a backspace, and shift+backspace wiped it).
    private(set) var basis = Parameters(), basisName: String?, basisSource: String?

    /// Takes the preset `name` (a registry preset; nil: none) as what backspace resets to.
    mutating func resetTo(preset name: String?) {
        var values = Parameters()
        if let name { try? ParameterRegistry.apply(preset: name, to: &values) }
        (basis, basisName, basisSource) = (values, name, nil)
    }

    /// Takes `values`, the ones started with, as what backspace resets to; `source` says what
    /// gave them ("--params design.json").
    mutating func resetTo(start values: Parameters, source: String) {
        (basis, basisName, basisSource) = (values, nil, source)
    }

    /// Takes what `other` resets to (a new scene's sliders keep the old ones' basis).
    mutating func resetTo(basisOf other: Controls) {
        (basis, basisName, basisSource) = (other.basis, other.basisName, other.basisSource)
    }

    /// Applies a key: moves the selection or the selected slider, loads a preset, or returns
    /// the effect the host must carry out.
    mutating func handle(_ key: KeyPress, parameters: inout Parameters) -> KeyEffect {
        guard let binding = Controls.binding(for: key) else { return .none }
        switch binding.action {
        case .selectPrevious:
            select(-1)
            return .selection
        case .selectNext:
            select(1)
            return .selection
        case .moveSlider:
            let steps = (key.name == "left" ? -1.0 : 1.0) * (key.shift ? 10 : 1) / (key.alt ? 10 : 1)
            move(steps: steps, parameters: &parameters)
            return .parameters
        case .resetSlider:
            for slider in key.shift ? Controls.sliders : [selectedParameter] {
                try? slider.set(slider.value(in: basis), in: &parameters, source: "reset")
            }
            return .parameters
        case .preset:
            guard let index = Int(key.name).map({ $0 - 1 }), ParameterRegistry.presets.indices.contains(index) else { return .none }
            try? ParameterRegistry.apply(preset: ParameterRegistry.presets[index].name, to: &parameters)
            resetTo(preset: ParameterRegistry.presets[index].name)
            return .parameters
        case .reset: return .reset
        case .quit: return .quit
        case .nextMode: return .nextMode
        case .nextScene: return .nextScene
        case .toggleConstruction: return .toggleConstruction
        case .toggleWireframe: return .toggleWireframe
        case .screenshot: return .screenshot
        case .screenshotOtherWay: return .screenshotOtherWay
        case .toggleRecording: return .toggleRecording
        case .toggleRecordingAPNG: return .toggleRecordingAPNG
        case .toggleHUD: return .toggleHUD
        case .toggleHelp: return .toggleHelp
        case .saveParameters: return .saveParameters
        }
    }

    /// The scroll wheel: one step a notch on the selected slider. A choice stops at its first
    /// and last option and a flag turns on (up) or off (down), as a number stops at its range's
    /// ends: a spun wheel does not go round and round.
    mutating func scroll(_ notches: Double, parameters: inout Parameters) {
        move(steps: notches, cycle: false, parameters: &parameters)
    }

    private mutating func select(_ offset: Int) {
        let n = sliders.count
        selected = ((selected + offset) % n + n) % n
    }

    /// Moves the selected slider by `steps` of its step (clamped to its range); a choice moves
    /// one option and a flag flips, one a press (`cycle`: past the last option to the first; else
    /// a choice stops at its ends and a flag is set on for steps up, off for steps down).
    private func move(steps: Double, cycle: Bool = true, parameters: inout Parameters) {
        guard steps != 0 else { return }
        switch selectedParameter.kind {
        case .number(let key, let range, let step):
            // A count moves by whole ones: a key's fine step (alt) by one, the wheel by the
            // notches rounded (a touchpad's tenth of a notch moves nothing).
            let ones = (abs(steps) * step).rounded()
            let change = selectedParameter.whole ? (steps < 0 ? -1 : 1) * (cycle ? max(1, ones) : ones) : steps * step
            let value = parameters[keyPath: key] + change
            parameters[keyPath: key] = Controls.clean(value, step: step, range: range)
        case .choice(let options, let get, let set):
            guard let at = options.firstIndex(of: get(parameters)) else { return }
            let n = options.count, next = at + (steps < 0 ? -1 : 1)
            set(&parameters, options[cycle ? (next % n + n) % n : min(max(next, 0), n - 1)])
        case .flag(let key):
            parameters[keyPath: key] = cycle ? !parameters[keyPath: key] : steps > 0
        case .color:
            break
        }
    }

    /// A value rounded to a tenth of the step (whole multiples of small steps print cleanly)
    /// and clamped to the range.
    static func clean(_ value: Double, step: Double, range: ClosedRange<Double>) -> Double {
        let rounded = (value / (step / 10)).rounded() * (step / 10)
        return min(max(rounded, range.lowerBound), range.upperBound)
    }

    /// Sets the selected number slider from the pointer `x` units along its bar, `width` long:
    /// within two units of an end, that end's value (a click a pixel inside gravity's bar set
    /// 50, not 0, and shrink's ends 1.5 and 39.5).
    mutating func set(at x: Double, along width: Double, parameters: inout Parameters) {
        let fraction = x <= 2 ? 0 : x >= width - 2 ? 1 : x / width
        set(fraction: fraction, parameters: &parameters)
    }

    /// Sets the selected number slider from a bar position, 0…1 (the mouse on its bar).
    mutating func set(fraction: Double, parameters: inout Parameters) {
        guard case .number(let key, let range, let step) = selectedParameter.kind, let scale = selectedParameter.sliderScale else { return }
        // Whole steps: a pointer's pixel is no finer than that on any bar.
        let value = (scale.value(at: fraction) / step).rounded() * step
        parameters[keyPath: key] = Controls.clean(value, step: step, range: range)
    }

}

/// How a number slider's bar maps its range: linear, or logarithmic for a range that spans
/// orders of magnitude (maxDistance 60 on 1…10,000 would sit at the far left of a linear bar).
/// Log: f(v) = ln(1 + (v − lo)/s) / ln(1 + (hi − lo)/s), s = lo if lo > 0, else the step.
struct SliderScale {
    let range: ClosedRange<Double>
    let step: Double

    /// Ranges wider than this many times `s` are shown on a log scale.
    static let logarithmicAbove = 100.0

    private var s: Double { range.lowerBound > 0 ? range.lowerBound : step }

    var isLogarithmic: Bool { (range.upperBound - range.lowerBound) / s > SliderScale.logarithmicAbove }

    /// Where a value sits on the bar, 0…1.
    func fraction(of value: Double) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return 0 }
        let v = min(max(value, range.lowerBound), range.upperBound) - range.lowerBound
        return isLogarithmic ? log1p(v / s) / log1p(span / s) : v / span
    }

    /// The value at a bar position, 0…1 (the inverse of `fraction(of:)`).
    func value(at fraction: Double) -> Double {
        let f = min(max(fraction, 0), 1), span = range.upperBound - range.lowerBound
        return range.lowerBound + (isLogarithmic ? s * expm1(f * log1p(span / s)) : f * span)
    }
}

/// The slider the scene key selects in the scene it switches to: the one last chosen, where
/// that scene has it; else the one last selected in that scene; else its first. "Chosen" leaves
/// out a slider the key itself fell back to: through the caterpillar, which has no
/// springDamping, and the grid, back in the badges springDamping is selected again. (A new user
/// tuning springDamping pressed n, was not told that the caterpillar selected its chainCount,
/// and changed that by accident; back in the badges, their first slider was selected.)
struct SceneSelections {
    private var selectedIn: [SceneName: String] = [:]
    private var chosen: String?
    private var fallenBackTo: String?

    /// Leaving `scene` with `current` selected, for `next` with its `sliders`: the index to select.
    mutating func select(leaving scene: SceneName, with current: String, for next: SceneName, sliders: [Parameter]) -> Int {
        if current != fallenBackTo { chosen = current }
        selectedIn[scene] = current
        let wanted = chosen ?? current
        let index = sliders.firstIndex { $0.name == wanted }
            ?? selectedIn[next].flatMap { last in sliders.firstIndex { $0.name == last } } ?? 0
        fallenBackTo = sliders.isEmpty || sliders[index].name == wanted ? nil : sliders[index].name
        return sliders.isEmpty ? 0 : index
    }
}
