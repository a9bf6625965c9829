// The keys: one table for the window and replay scripts, and the sliders they move.

import Geometry

/// A key press by the names the help lists, with its modifiers ("shift+right" in a script).
public struct KeyPress: Hashable, Sendable {
    public var name: String
    public var shift = false
    public var alt = false

    /// Every key name something is bound to.
    static let known: Set<String> = [
        "r", "m", "c", "w", "s", "v", "h", "p", "q", "escape", "f1", "slash",
        "up", "down", "left", "right", "tab", "backspace", "1", "2", "3", "4",
    ]

    public init(name: String, shift: Bool = false, alt: Bool = false) {
        self.name = name
        self.shift = shift
        self.alt = alt
    }

    /// "right", "shift+right", "alt+left", "shift+tab"; nil for names nothing is bound to.
    init?(script: String) {
        var parts = script.lowercased().split(separator: "+").map(String.init)
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

/// What a key asks of its host, beyond changing parameters (which `Controls` does itself).
enum KeyEffect: Equatable {
    case none
    /// The parameters changed: the scene takes them from now on.
    case parameters
    case reset, quit, nextMode, toggleConstruction, toggleWireframe, toggleHUD, toggleHelp, saveParameters
    /// S: a screenshot as shown; shift+S: the other way round (with or without the HUD).
    case screenshot, screenshotOtherWay
    /// V: start or stop recording the window into a GIF (shift+V: an APNG).
    case toggleRecording, toggleRecordingAPNG
}

/// The sliders: every registry parameter a key can move (colours are left to the params file),
/// the selected one, and what each key does.
struct Controls {
    /// The parameters the sliders show, in registry order.
    static let sliders: [Parameter] = ParameterRegistry.all.filter {
        if case .color = $0.kind { return false }
        return true
    }

    /// Number keys 1… load the presets in this order.
    static let presetKeys = ["1", "2", "3", "4"]

    var selected = 0

    var selectedParameter: Parameter { Controls.sliders[selected] }

    /// Applies a key: moves the selection or the selected slider, loads a preset, or returns
    /// the effect the host must carry out.
    mutating func handle(_ key: KeyPress, parameters: inout Parameters) -> KeyEffect {
        switch key.name {
        case "up": select(-1)
        case "down": select(1)
        case "tab": select(key.shift ? -1 : 1)
        case "left", "right":
            let steps = (key.name == "left" ? -1.0 : 1.0) * (key.shift ? 10 : 1) / (key.alt ? 10 : 1)
            move(steps: steps, parameters: &parameters)
            return .parameters
        case "backspace":
            Controls.resetSelected(selectedParameter, parameters: &parameters)
            return .parameters
        case "1", "2", "3", "4":
            let index = Int(key.name)! - 1
            guard index < ParameterRegistry.presets.count else { return .none }
            try? ParameterRegistry.apply(preset: ParameterRegistry.presets[index].name, to: &parameters)
            return .parameters
        case "r": return .reset
        case "q", "escape": return .quit
        case "m": return .nextMode
        case "c": return .toggleConstruction
        case "w": return .toggleWireframe
        case "s": return key.shift ? .screenshotOtherWay : .screenshot
        case "v": return key.shift ? .toggleRecordingAPNG : .toggleRecording
        case "h": return .toggleHUD
        case "f1", "slash": return .toggleHelp
        case "p": return .saveParameters
        default: return .none
        }
        return .none
    }

    /// The scroll wheel: one step a notch on the selected slider.
    mutating func scroll(_ notches: Double, parameters: inout Parameters) {
        move(steps: notches, parameters: &parameters)
    }

    private mutating func select(_ offset: Int) {
        let n = Controls.sliders.count
        selected = ((selected + offset) % n + n) % n
    }

    /// Moves the selected slider by `steps` of its step (clamped to its range); choices cycle
    /// and flags flip, one a press.
    private func move(steps: Double, parameters: inout Parameters) {
        switch selectedParameter.kind {
        case .number(let key, let range, let step):
            let value = parameters[keyPath: key] + steps * step
            // Whole multiples of small steps print cleanly.
            let rounded = (value / (step / 10)).rounded() * (step / 10)
            parameters[keyPath: key] = min(max(rounded, range.lowerBound), range.upperBound)
        case .choice(let options, let get, let set):
            guard let at = options.firstIndex(of: get(parameters)) else { return }
            let n = options.count
            set(&parameters, options[((at + (steps < 0 ? -1 : 1)) % n + n) % n])
        case .flag(let key):
            parameters[keyPath: key].toggle()
        case .color:
            break
        }
    }

    /// Puts one parameter back to its default.
    static func resetSelected(_ parameter: Parameter, parameters: inout Parameters) {
        try? parameter.set(parameter.value(in: Parameters()), in: &parameters, source: "reset")
    }

    /// The help overlay's lines: every key.
    static let helpLines = [
        "keys",
        "drag            a badge (or the chain's head)",
        "r               restore all badges / the chain",
        "m               next mode: bezier, metaball, split, overlay",
        "c / w           construction / wireframe",
        "up, down, tab   select a slider (shift+tab: back)",
        "left, right     change it (shift: x10, alt: /10); scroll wheel too",
        "backspace       reset the selected slider",
        "1 2 3 4         presets: seed000, seed002, paper.js, smooth",
        "p               save the parameters (sticky-params.json)",
        "s / shift+s     screenshot with / without the HUD",
        "v / shift+v     start / stop recording a GIF / an APNG (30 fps)",
        "h               hide or show the sliders",
        "f1 or ?         this help",
        "q, escape       quit",
    ]
}
