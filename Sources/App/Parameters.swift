// Every tweakable value, named once: the registry serves the flags, --set, the params file.

import Foundation
import Geometry
import Motion
import StickyChain
import Render

/// Which balls the metaball mode adds up into one field.
public enum MetaballFields: String, CaseIterable, Sendable {
    /// Each badge with its home ball is a field of its own, and the picture is their union: a
    /// badge sticks to its home only, as each badge of the Bézier fill is a shape of its own
    /// (and as QQ's badges do).
    case badge
    /// Every ball of the scene adds into one field: badges that come near each other merge.
    case scene
}

/// The values the registry names, with the seeds' defaults.
public struct Parameters: Hashable, Sendable {
    public var motion = MotionParameters()
    public var bridge = BridgeParameters()
    public var metaball = MetaballParameters()
    /// How the metaball mode shows the break.
    public var metaballBreak = MetaballBreak.vanish
    /// Which balls add up in the metaball mode: each badge's own, or the whole scene's.
    public var metaballFields = MetaballFields.badge
    /// Largest distance between a flattened curve and the true one, in device pixels.
    public var flatness = 0.1
    public var color = Color.badgeRed
    public var background = Color.white
    /// The count's colour.
    public var textColor = Color.white
    /// The caterpillar (scene chain).
    public var chain = ChainParameters()
    /// The chain drawn as one gooey body: bridges between consecutive bodies (Bézier mode).
    public var goo = false
    /// The chain's head colour (the seed's blue).
    public var headColor = Color(red: 0, green: 0, blue: 1)

    /// `chain.count` as the registry's number.
    public var chainCount: Double {
        get { Double(chain.count) }
        set { chain.count = Int(newValue.rounded()) }
    }

    public init() {}

    /// The Bézier fill's parameters at `scale` device pixels per scene unit.
    public func sceneStyle(scale: Double) -> SceneStyle {
        SceneStyle(color: color, headColor: headColor, bridge: bridge, badge: motion.badge, goo: goo, flatness: flatness,
                   scale: scale)
    }

    /// Where the spring back rings faster than frames at `fps` can show (over half of it), what
    /// to say of it (`short`: a few words, for a toast) and the frequency it rings at (Hz); nil
    /// where they show it.
    /// `frames` names a rate other than the frames' own (a GIF's) in place of "N fps".
    func springAliasing(fps: Double, short: Bool = false, frames: String? = nil) -> (note: String, ring: Double)? {
        guard let ring = motion.spring.ringFrequency, fps > 0, ring > fps / 2 else { return nil }
        let hertz = Parameter.format(tenths: ring), rate = Parameter.format(fps)
        if short { return ("rings at \(hertz) Hz: aliased at \(rate) fps", ring) }
        let head = "the spring back rings at \(hertz) Hz, more than half of "
        if let frames { return (head + frames, ring) }
        return (head + "\(rate) fps: frames show it aliased (a slower wobble or a jitter)", ring)
    }

    /// The bridge a pose shows (nil past the break).
    public func bridge(of pose: BadgePose) -> Bridge? {
        Bridge(pose: pose, parameters: bridge, badge: motion.badge)
    }
}

extension Parameters {
    /// The colours every pixel of a picture in `mode` is a blend of: the GIF palette's keys.
    /// `overlays`: the window's construction (c) and wireframe (w) lines may be in the picture
    /// too (a recording can turn them on at any time), so their ink and black are keys as well.
    func recordingColors(mode: Mode, overlays: Bool = false, labels: Bool = false) -> [(UInt8, UInt8, UInt8)] {
        var colors = [background, color, textColor, headColor]
        // (The divider and pane labels, or the overlay's legend: their ink, panel and line.)
        if labels { colors += [HUDPen.ink, HUDPen.paper, HUDPen.edge] }
        if mode == .overlay {
            let only = Renderer.overlayColors(both: color, background: background)
            colors += [only.bezier, only.metaball]
        }
        if overlays { colors += [ConstructionPainter.ink, ConstructionPainter.wire] }
        return colors.map { c in
            let p = c.packed
            return (UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF))
        }
    }
}

/// One named parameter: its name (camelCase; the flag is the kebab-case form), unit, range,
/// slider step and what it means.
public struct Parameter: Sendable {
    public enum Kind: Sendable {
        case number(WritableKeyPath<Parameters, Double> & Sendable, range: ClosedRange<Double>, step: Double)
        /// One of named values: `options`, read and written through `get` and `set`.
        case choice(options: [String], get: @Sendable (Parameters) -> String, set: @Sendable (inout Parameters, String) -> Void)
        case color(WritableKeyPath<Parameters, Color> & Sendable)
        case flag(WritableKeyPath<Parameters, Bool> & Sendable)
    }

    /// The scenes whose pictures a parameter shapes: the window's slider list for a scene holds
    /// only these (the caterpillar's own first).
    public enum Scope: Sendable {
        case everyScene, badges, chain
    }

    /// Besides its scope, what else must hold for a value to change what is drawn: a
    /// construction's or kernel's own setting counts only under that construction or kernel.
    public enum Condition: Sendable {
        /// Wherever bridges are drawn: the badges, and the caterpillar with goo.
        case bridges
        /// With bridges of this construction.
        case bridgeStyle(BridgeStyle)
        /// Where the metaball fill is shown: every mode but bezier.
        case field
        /// With the metaball fill shown, with this kernel.
        case kernel(MetaballKernel)
        /// Where the Bézier fill's bridges are shown: every mode but metaball.
        case bezierBridges
        /// Where the badges move (not the grid, which holds its poses still).
        case motion
        /// With the caterpillar's joints springs (stiffness above 0), not rigid.
        case springJoints
    }

    public let name: String
    public let unit: String
    public let summary: String
    public let kind: Kind
    public let scope: Scope
    /// Nil: it shapes its scope's pictures whatever else is set.
    public let condition: Condition?
    /// A number that counts things (the caterpillar's bodies): whole values only, its keys'
    /// fine steps (alt) still whole.
    public let whole: Bool
    /// The values a number's bar spans in the window, where they are fewer than its range: the
    /// keys and --set reach the whole range, the bar (a click, a drag) the values in use. On
    /// maxDistance's 1…10,000, 40…120 px was a tenth of the bar and a click at three quarters
    /// set 788 px. Nil: the whole range.
    public let bar: ClosedRange<Double>?

    init(name: String, unit: String, summary: String, kind: Kind, scope: Scope = .everyScene, when condition: Condition? = nil,
         whole: Bool = false, bar: ClosedRange<Double>? = nil) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.kind = kind
        self.scope = scope
        self.condition = condition
        self.whole = whole
        self.bar = bar
    }

    /// How its bar maps values, for a number (`bar`, else its range); nil for other kinds.
    var sliderScale: SliderScale? {
        guard case .number(_, let range, let step) = kind else { return nil }
        return SliderScale(range: bar ?? range, step: step)
    }

    /// `maxDistance` → `max-distance`.
    public var flag: String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    /// What a value must look like, for messages and help.
    public var expectation: String {
        switch kind {
        case .number(_, let range, _):
            "a \(whole ? "whole " : "")number from \(Parameter.format(range.lowerBound)) to \(Parameter.format(range.upperBound))"
                + (unit.isEmpty ? "" : " (\(unit))")
        case .choice(let options, _, _): "one of " + options.joined(separator: ", ")
        case .color: "a colour #RRGGBB"
        case .flag: "true or false"
        }
    }

    /// Sets the parameter from text; `source` names where the text came from, for the message.
    public func set(_ text: String, in parameters: inout Parameters, source: String) throws(CLIError) {
        switch kind {
        case .number(let key, let range, _):
            guard let value = Parse.decimal(text.trimmingCharacters(in: .whitespaces)), value.isFinite, range.contains(value),
                  !whole || value == value.rounded()
            else { throw .usage("\(source) expects \(expectation), got '\(text)'") }
            parameters[keyPath: key] = value
        case .choice(let options, _, let set):
            guard options.contains(text) else { throw .usage("\(source) expects \(expectation), got '\(text)'") }
            set(&parameters, text)
        case .color(let key):
            guard let color = Color(hex: text) else {
                // #RGB, the CSS short form, spelled out.
                let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
                let long = digits.count == 3 && digits.allSatisfy(\.isHexDigit) ? "#" + digits.map { "\($0)\($0)" }.joined().uppercased() : nil
                throw .usage("\(source) expects \(expectation), got '\(text)'" + (long.map { " (did you mean '\($0)'?)" } ?? ""))
            }
            // (#RRGGBBAA parses, but a see-through fill shows where the bridge, the circles and
            // the field's pieces overlap: each is drawn over the others.)
            guard color.alpha >= 1 else {
                throw .usage("\(source) expects \(expectation), opaque (a see-through fill would show where the shapes overlap), got '\(text)'")
            }
            parameters[keyPath: key] = color
        case .flag(let key):
            switch text.lowercased() {
            case "true", "on", "yes", "1": parameters[keyPath: key] = true
            case "false", "off", "no", "0": parameters[keyPath: key] = false
            default: throw .usage("\(source) expects \(expectation), got '\(text)'")
            }
        }
    }

    /// The current value as text that `set` reads back.
    public func value(in parameters: Parameters) -> String {
        switch kind {
        case .number(let key, _, _): Parameter.format(parameters[keyPath: key])
        case .choice(_, let get, _): get(parameters)
        case .color(let key): parameters[keyPath: key].hexString
        case .flag(let key): parameters[keyPath: key] ? "true" : "false"
        }
    }

    /// The current value as the window shows it, with its unit: "12.5 px", "quad".
    func shownValue(in parameters: Parameters) -> String {
        value(in: parameters) + (unit.isEmpty ? "" : " " + unit)
    }

    /// The widest text the window's keys and bar can make this number show, unit included: the
    /// top of its range's whole digits, and the decimals of a tenth of its step (alt moves a
    /// tenth, `Controls.clean` rounds to one), each digit as "0". The slider panel reserves its
    /// width, so that the bars stay put while a value changes. Nil for the other kinds.
    var widestText: String? {
        guard case .number(_, let range, let step) = kind else { return nil }
        let whole = String(Int(max(abs(range.lowerBound), abs(range.upperBound)).rounded(.down))).count
        let tenth = Parameter.format(step / 10)
        let decimals = tenth.firstIndex(of: ".").map { tenth.distance(from: $0, to: tenth.endIndex) - 1 } ?? 0
        let digits = String(repeating: "0", count: whole) + (decimals > 0 ? "." + String(repeating: "0", count: decimals) : "")
        return (range.lowerBound < 0 ? "-" : "") + digits + (unit.isEmpty ? "" : " " + unit)
    }

    /// Whether the value changes anything shown with `parameters` in `scene` and `mode`: its
    /// scope is that scene's and its condition holds (spread and handleRate with the tangent
    /// style, neck with cubic, the bridges' settings on the caterpillar only with goo; the
    /// kernel's settings where the field is shown, threshold with wyvill, blend with smoothMin;
    /// flatness where the Bézier bridges are; the spring's and the burst's where badges move).
    /// The window greys the others' rows (a new user nudged spread under quad and saw nothing
    /// happen). The bridge's settings count in the metaball mode too: a held badge's figures
    /// compare the two fills there.
    func isInEffect(_ parameters: Parameters, scene: SceneKind, mode: Mode) -> Bool {
        whyNotInEffect(parameters, scene: scene, mode: mode) == nil
    }

    /// Why the value changes nothing shown (`isInEffect`), for the toast of a greyed slider
    /// ("only for the smoothMin kernel"); nil where it does change something.
    func whyNotInEffect(_ parameters: Parameters, scene: SceneKind, mode: Mode) -> String? {
        let chain = scene == .chain
        switch scope {
        case .everyScene: break
        case .badges: if chain { return "not for the caterpillar" }
        case .chain: if !chain { return "only for the caterpillar" }
        }
        let bridged = !chain || parameters.goo
        let noBridges = "the caterpillar has bridges only with goo on"
        let noField = "only where the field is drawn"
        switch condition {
        case nil: return nil
        case .bridges: return bridged ? nil : noBridges
        case .bridgeStyle(let style):
            guard bridged else { return noBridges }
            return parameters.bridge.style == style ? nil : "only for the \(style.rawValue) bridge"
        case .field: return mode != .bezier ? nil : noField
        case .kernel(let kernel):
            guard mode != .bezier else { return noField }
            return parameters.metaball.kernel == kernel ? nil : "only for the \(kernel.rawValue) kernel"
        case .bezierBridges:
            guard bridged else { return noBridges }
            return mode != .metaball ? nil : "only where Bézier bridges are drawn"
        case .motion: return scene != .grid ? nil : "the grid is still"
        case .springJoints: return parameters.chain.stiffness > 0 ? nil : "the joints are rigid (stiffness 0)"
        }
    }

    /// Why the value changes nothing in `scene` whatever the mode: another scene's parameter,
    /// or another construction's, kernel's or the caterpillar's bridges without goo; nil where
    /// some mode shows it (split shows both fills: what it does not show, no mode does).
    func whyNotInEffectAnyMode(_ parameters: Parameters, scene: SceneKind) -> String? {
        whyNotInEffect(parameters, scene: scene, mode: .split)
    }

    /// Whole numbers without a point; others to at most 9 significant digits (no float noise).
    /// `x` to a tenth, written as `format` writes it ("43.8", "60").
    static func format(tenths x: Double) -> String { format((x * 10).rounded() / 10) }

    static func format(_ x: Double) -> String {
        if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
        var text = String(format: "%.9g", x)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
        }
        return text
    }
}

extension Color {
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hexString: String {
        let p = packed
        let bytes = [p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24]
        let shown = alpha >= 1 ? bytes.prefix(3) : bytes.prefix(4)
        return "#" + shown.map { String(format: "%02X", $0) }.joined()
    }
}

/// The registry: every parameter, once.
public enum ParameterRegistry {
    public static let all: [Parameter] = [
        Parameter(
            name: "maxDistance", unit: "px", summary: "distance between the centres past which the bridge breaks (seeds: 60)",
            kind: .number(\.motion.badge.maxDistance, range: 1...10_000, step: 1), scope: .badges, bar: 10...200),
        Parameter(
            name: "shrink", unit: "", summary: "home circle radius is R − d/shrink (seeds: 10)",
            kind: .number(\.motion.badge.shrink, range: 0.1...1_000, step: 0.5), scope: .badges, bar: 1...40),
        Parameter(
            name: "springDamping", unit: "", summary: "damping ratio of the spring back; < 1 overshoots (seed 000: 0.1, seed 002: 0.2)",
            kind: .number(\.motion.springDamping, range: 0.01...5, step: 0.05), scope: .badges, when: .motion),
        Parameter(
            name: "springDuration", unit: "s", summary: "time the spring back takes (seed 000: 0.25, seed 002: 0.5)",
            kind: .number(\.motion.springDuration, range: 0.01...10, step: 0.05), scope: .badges, when: .motion),
        Parameter(
            name: "explosionDuration", unit: "s", summary: "time the burst takes (seed 000: 1, seed 002: 0.25)",
            kind: .number(\.motion.explosionDuration, range: 0.01...10, step: 0.05), scope: .badges, when: .motion),
        Parameter(
            name: "reattach", unit: "", summary: "a detached badge joins its home again when brought back (false)",
            kind: .flag(\.motion.reattach), scope: .badges, when: .motion),
        Parameter(
            name: "style", unit: "", summary: "bridge construction: quad (seeds 000/001), cubic (seed 002), tangent (paper.js)",
            kind: .choice(options: BridgeStyle.allCases.map(\.rawValue), get: { $0.bridge.style.rawValue },
                          set: { $0.bridge.style = BridgeStyle(rawValue: $1)! }), when: .bridges),
        Parameter(
            name: "spread", unit: "", summary: "tangent style: spread of the tangent points, 0…1 (paper.js v: 0.5)",
            kind: .number(\.bridge.spread, range: 0...1, step: 0.05), when: .bridgeStyle(.tangent)),
        Parameter(
            name: "handleRate", unit: "", summary: "tangent style: handle length rate (paper.js: 2.4)",
            kind: .number(\.bridge.handleRate, range: 0...10, step: 0.1), when: .bridgeStyle(.tangent)),
        Parameter(
            name: "neck", unit: "", summary: "cubic style: how far the waist narrows by maxDistance, 0…1 (0.9)",
            kind: .number(\.bridge.neck, range: 0...1, step: 0.05), when: .bridgeStyle(.cubic)),
        Parameter(
            name: "kernel", unit: "", summary: "metaball field: inverseSquare (iso 1), wyvill, smoothMin",
            kind: .choice(options: MetaballKernel.allCases.map(\.rawValue), get: { $0.metaball.kernel.rawValue },
                          set: { $0.metaball.kernel = MetaballKernel(rawValue: $1)! }), when: .field),
        Parameter(
            name: "threshold", unit: "", summary: "wyvill kernel: iso value T (0.5); each ball's support is scaled to keep its radius",
            kind: .number(\.metaball.threshold, range: 0.01...0.99, step: 0.01), when: .kernel(.wyvill)),
        Parameter(
            name: "blend", unit: "px", summary: "smoothMin kernel: blend width k (12)",
            kind: .number(\.metaball.blend, range: 0.1...200, step: 0.5), when: .kernel(.smoothMin), bar: 1...48),
        Parameter(
            name: "metaballBreak", unit: "", summary: "metaball mode at the break: vanish (as the Bézier home circle) or separate",
            kind: .choice(options: MetaballBreak.allCases.map(\.rawValue), get: { $0.metaballBreak.rawValue },
                          set: { $0.metaballBreak = MetaballBreak(rawValue: $1)! }), scope: .badges, when: .field),
        Parameter(
            name: "metaballFields", unit: "",
            summary: "metaball mode: badge (each badge and its home one field, as the Bézier shapes) or scene (all one field: near badges merge)",
            kind: .choice(options: MetaballFields.allCases.map(\.rawValue), get: { $0.metaballFields.rawValue },
                          set: { $0.metaballFields = MetaballFields(rawValue: $1)! }), scope: .badges, when: .field),
        Parameter(
            name: "flatness", unit: "device px", summary: "largest distance from a flattened curve to the true one (0.1)",
            kind: .number(\.flatness, range: 0.01...4, step: 0.01), when: .bezierBridges),
        Parameter(name: "color", unit: "", summary: "badge fill (#FF0000)", kind: .color(\.color)),
        Parameter(name: "background", unit: "", summary: "canvas colour (#FFFFFF)", kind: .color(\.background)),
        Parameter(name: "textColor", unit: "", summary: "the count's colour (#FFFFFF)", kind: .color(\.textColor)),
        Parameter(
            name: "chainCount", unit: "", summary: "chain scene: bodies, head included (seed: 9)",
            kind: .number(\.chainCount, range: 3...50, step: 1), scope: .chain, whole: true),
        Parameter(
            name: "chainRadius", unit: "px", summary: "chain scene: radius of a body (seed: 15)",
            kind: .number(\.chain.radius, range: 2...100, step: 1), scope: .chain),
        Parameter(
            name: "headRadius", unit: "px", summary: "chain scene: radius of the head (seed: 30)",
            kind: .number(\.chain.headRadius, range: 2...200, step: 1), scope: .chain),
        Parameter(
            name: "gravity", unit: "px/s²", summary: "chain scene: gravity (UIKit's 1.0 = 1000)",
            kind: .number(\.chain.gravity, range: 0...10_000, step: 50), scope: .chain, bar: 0...3000),
        Parameter(
            name: "stiffness", unit: "1/s²", summary: "chain scene: 0 rigid joints (seed), else damped springs this stiff",
            kind: .number(\.chain.stiffness, range: 0...100_000, step: 100), scope: .chain, bar: 0...20_000),
        Parameter(
            name: "jointDamping", unit: "1/s", summary: "chain scene: damping of spring joints (5)",
            kind: .number(\.chain.jointDamping, range: 0...1_000, step: 1), scope: .chain, when: .springJoints, bar: 0...50),
        Parameter(
            name: "airDrag", unit: "", summary: "chain scene: fraction of velocity kept after a second (0.6)",
            kind: .number(\.chain.airDrag, range: 0.01...1, step: 0.01), scope: .chain),
        Parameter(
            name: "goo", unit: "", summary: "chain scene: join consecutive bodies with bridges in the Bézier mode (false)",
            kind: .flag(\.goo), scope: .chain),
        Parameter(name: "headColor", unit: "", summary: "chain scene: the head's colour (#0000FF)", kind: .color(\.headColor), scope: .chain),
    ]

    /// Named sets of values: the seeds' timings, selectable with `--preset`.
    public static let presets: [(name: String, summary: String, values: [String: String])] = [
        ("seed000", "seeds 000/001: spring 0.25 s at damping 0.1, burst 1 s",
         ["maxDistance": "60", "shrink": "10", "springDuration": "0.25", "springDamping": "0.1", "explosionDuration": "1", "style": "quad"]),
        ("seed002", "seed 002: spring 0.5 s at damping 0.2, burst 0.25 s",
         ["maxDistance": "60", "shrink": "10", "springDuration": "0.5", "springDamping": "0.2", "explosionDuration": "0.25", "style": "cubic"]),
        ("paperjs", "paper.js MetaBalls: the tangent connector, spread 0.5, handle rate 2.4",
         ["style": "tangent", "spread": "0.5", "handleRate": "2.4", "maxDistance": "80", "kernel": "inverseSquare"]),
        ("smooth", "smooth: tangent bridge, a softer spring, smooth-minimum field",
         ["style": "tangent", "springDuration": "0.6", "springDamping": "0.5", "kernel": "smoothMin", "blend": "16"]),
    ]

    /// The parameters a preset sets: every one that any preset names (see `apply(preset:to:)`).
    static let presetKeys = Set(presets.flatMap(\.values.keys)).sorted()

    static func apply(preset name: String, to parameters: inout Parameters) throws(CLIError) {
        guard let preset = presets.first(where: { $0.name == name }) else {
            throw .usage("--preset expects one of \(presets.map(\.name).joined(separator: ", ")), got '\(name)'")
        }
        // What any preset sets starts from its default, so that a preset means the same
        // whichever came before it (4 then 1 gives seed000's kernel, not smooth's).
        let defaults = Parameters()
        for key in presetKeys {
            let parameter = named(key)!
            try parameter.set(parameter.value(in: defaults), in: &parameters, source: "--preset \(name)")
        }
        for (key, value) in preset.values.sorted(by: { $0.key < $1.key }) {
            try named(key)!.set(value, in: &parameters, source: "--preset \(name)")
        }
    }

    public static func named(_ name: String) -> Parameter? { all.first { $0.name == name } }
    public static func flagged(_ flag: String) -> Parameter? { all.first { $0.flag == flag } }

    /// Error for a name that is not in the registry.
    static func unknown(_ name: String, source: String) -> CLIError {
        let guess = nearest(to: name).map { "did you mean '\($0)'? " } ?? ""
        return .usage("\(source): unknown parameter '\(name)' (\(guess)known: \(all.map(\.name).joined(separator: ", ")))")
    }

    /// The parameter whose name is nearest `name` in edits (`Parse.nearest`): the name meant by
    /// a typo ("maxDistanse", "maxdistance", "shirnk"). nil where none is near.
    static func nearest(to name: String) -> String? { Parse.nearest(to: name, among: all.map(\.name)) }

    /// Applies `--set NAME=VALUE`.
    @discardableResult
    static func apply(assignment: String, to parameters: inout Parameters) throws(CLIError) -> Parameter {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw .usage("--set expects NAME=VALUE, got '\(assignment)'")
        }
        let name = String(assignment[..<equals]), value = String(assignment[assignment.index(after: equals)...])
        guard let parameter = named(name) else { throw unknown(name, source: "--set") }
        try parameter.set(value, in: &parameters, source: "--set \(name)")
        return parameter
    }

    /// Loads a JSON object of parameters. Unknown names are returned as warnings, not dropped
    /// silently; a wrong value or a file that is not a JSON object is an error naming the file.
    static func load(file path: String, into parameters: inout Parameters) throws(CLIError) -> [String] {
        try load(json: readInput(path, what: "the params file", limit: 1 << 20), name: path, into: &parameters)
    }

    /// Loads the params file's `text`; `path` names it in messages.
    static func load(json text: String, name path: String, into parameters: inout Parameters) throws(CLIError) -> [String] {
        let data = Data(text.utf8)
        let fields: [String: JSONValue]
        do {
            fields = try JSONDecoder().decode([String: JSONValue].self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.first != nil {
            // A field whose value JSON itself cannot give (a number past a Double's range).
            throw .usage("\(path): field '\(context.codingPath[0].stringValue)' is not a value sticky can read\(reason(text))")
        } catch DecodingError.typeMismatch {
            throw .usage("\(path): expects a JSON object of parameters, like {\"maxDistance\": 60}")
        } catch {
            throw .usage("\(path): not valid JSON\(reason(text))")
        }
        // (Foundation's reader takes a comma before a closing brace; JSON does not, and other
        // readers of the file would refuse it.)
        if let comma = trailingComma(in: text) {
            throw .usage("\(path): not valid JSON: line \(comma.line), column \(comma.column): a comma before '\(comma.closing)'")
        }
        if let twice = duplicateKey(in: text) {
            throw .usage("\(path): field '\(twice)' is given twice (once is enough)")
        }
        var warnings: [String] = []
        for name in fields.keys.sorted() {
            guard let parameter = named(name) else {
                let guess = nearest(to: name).map { " (did you mean '\($0)'?)" } ?? ""
                warnings.append("\(path): ignoring unknown parameter '\(name)'\(guess)")
                continue
            }
            let text: String
            switch (parameter.kind, fields[name]!) {
            case (.number, .number(let number)):
                // As the file wrote it where it is whole (99999, not 99999.0), else exactly.
                text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case (.choice, .string(let string)), (.color, .string(let string)):
                text = string
            case (.flag, .bool(let flag)):
                text = flag ? "true" : "false"
            case (_, let other):
                throw .usage("\(path): field '\(name)' expects \(parameter.expectation), got \(other)")
            }
            try parameter.set(text, in: &parameters, source: "\(path): field '\(name)'")
        }
        return warnings
    }
}

extension ParameterRegistry {
    /// Why Foundation's JSON reader refuses `text`, as ": line L, column C: what" (its
    /// character offset turned into a line and column), or ": what"; "" where it gives none.
    static func reason(_ text: String) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return ""
        } catch {
            guard var what = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return "" }
            if what.hasSuffix(".") { what.removeLast() }
            what = what.replacingOccurrences(of: " is not representable in Swift", with: " is out of range")
            guard let range = what.range(of: " around character "), let offset = Int(what[range.upperBound...]) else {
                // A file that ends too soon: where it ends.
                if what.lowercased().contains("end of file") {
                    let end = place(of: text.utf8.count, in: text)
                    return ": line \(end.line), column \(end.column): " + what.prefix(1).lowercased() + what.dropFirst()
                }
                return ": " + what.prefix(1).lowercased() + what.dropFirst()
            }
            let at = place(of: offset, in: text)
            if let missing = missingSeparator(in: text, at: offset) { return ": line \(at.line), column \(at.column): \(missing)" }
            let kind = what[..<range.lowerBound]
            return ": line \(at.line), column \(at.column): " + kind.prefix(1).lowercased() + kind.dropFirst()
        }
    }

    /// Where a value begins at the byte `offset`, right after another value or a key ended,
    /// what is missing between them: "expected ',' or '}' before it" (or ']' in a list), or
    /// "expected ':' before it" after a key; nil otherwise. (Foundation says "invalid value"
    /// of a forgotten comma, a new user found.)
    static func missingSeparator(in text: String, at offset: Int) -> String? {
        let bytes = Array(text.utf8)
        guard offset < bytes.count else { return nil }
        // The containers open at `offset`, each with whether a string there now is a key.
        var open: [(byte: UInt8, keyNext: Bool)] = [], inString = false, escaped = false, stringIsKey = false, afterKey = false
        let blank: Set<UInt8> = [32, 9, 10, 13]
        for byte in bytes[..<offset] {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    afterKey = stringIsKey
                }
                continue
            }
            if blank.contains(byte) { continue }
            afterKey = false
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringIsKey = open.last?.keyNext ?? false
                if !open.isEmpty { open[open.count - 1].keyNext = false }
            case UInt8(ascii: "{"): open.append((byte, true))
            case UInt8(ascii: "["): open.append((byte, false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            case UInt8(ascii: ","): if let last = open.last { open[open.count - 1].keyNext = last.byte == UInt8(ascii: "{") }
            default: break
            }
        }
        guard !inString, let container = open.last,
              let previous = bytes[..<offset].last(where: { !blank.contains($0) }) else { return nil }
        let digits = Set(UInt8(ascii: "0")...UInt8(ascii: "9"))
        let ends = digits.union([UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "e"), UInt8(ascii: "l")])
        let begins = digits.union([UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "t"),
                                   UInt8(ascii: "f"), UInt8(ascii: "n")])
        guard ends.contains(previous), begins.contains(bytes[offset]) else { return nil }
        // (Not inside one word: "05", a leading zero, is a bad number, not two values.)
        let word = digits.union(Set(UInt8(ascii: "a")...UInt8(ascii: "z")))
        if offset > 0, word.contains(bytes[offset - 1]), word.contains(bytes[offset]) { return nil }
        if afterKey { return "expected ':' before it" }
        return "expected ',' or '\(container.byte == UInt8(ascii: "{") ? "}" : "]")' before it"
    }

    /// The line and column (from 1, in bytes) of the UTF-8 byte `offset` of `text`.
    static func place(of offset: Int, in text: String) -> (line: Int, column: Int) {
        let before = Array(text.utf8.prefix(offset))
        return (before.filter { $0 == 10 }.count + 1, before.count - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1)
    }

    /// The first comma of `text` (valid to Foundation's reader) followed by a closing brace or
    /// bracket, with the closing character; nil where none is.
    static func trailingComma(in text: String) -> (line: Int, column: Int, closing: Character)? {
        var inString = false, escaped = false, comma: Int?
        for (offset, byte) in text.utf8.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; comma = nil
            case UInt8(ascii: ","): comma = offset
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma {
                    let at = place(of: comma, in: text)
                    return (at.line, at.column, Character(UnicodeScalar(byte)))
                }
            case 9, 10, 13, 32: break
            default: comma = nil
            }
        }
        return nil
    }

    /// The first name the top-level object of `text` (valid JSON) gives twice, as written;
    /// nil where none is (JSON readers keep one of the two values without a word).
    static func duplicateKey(in text: String) -> String? {
        var depth = 0, seen: Set<String> = [], string: [UInt8]? = nil, escaped = false, lastString: String?
        for byte in text.utf8 {
            if var s = string {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    lastString = depth == 1 ? String(decoding: s, as: UTF8.self) : nil
                    string = nil
                    continue
                }
                s.append(byte)
                string = s
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): string = []
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; lastString = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; lastString = nil
            case UInt8(ascii: ":"):
                if depth == 1, let key = lastString {
                    if !seen.insert(key).inserted { return key }
                }
                lastString = nil
            case 9, 10, 13, 32: break
            default: lastString = nil
            }
        }
        return nil
    }
}

/// Any JSON value, so that a params file's wrong types can be named in messages.
enum JSONValue: Decodable, CustomStringConvertible {
    case bool(Bool), number(Double), string(String), null, array, object

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if (try? container.decode([JSONValue].self)) != nil {
            self = .array
        } else {
            _ = try container.decode([String: JSONValue].self)
            self = .object
        }
    }

    var description: String {
        switch self {
        case .bool(let b): "the boolean \(b)"
        case .number(let n): "the number \(Parameter.format(n))"
        case .string(let s): "the string '\(s)'"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
