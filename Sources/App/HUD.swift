// The window's heads-up display, drawn once over the panes in window units: caption, pane
// labels and divider, sliders, help, toast. Also the text and panel drawing other overlays share.

import Geometry
import Motion
import Render
import Typography

/// A rectangle in window units.
struct Rect: Equatable {
    var x, y, width, height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    func contains(_ p: Vec2) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    func intersects(_ r: Rect) -> Bool { x < r.maxX && r.x < maxX && y < r.maxY && r.y < maxY }
    /// The rectangle with `d` more on every side.
    func grown(by d: Double) -> Rect { Rect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d) }
    /// The smallest box holding both.
    func union(_ r: Rect) -> Rect {
        let low = Vec2(min(x, r.x), min(y, r.y))
        return Rect(x: low.x, y: low.y, width: max(maxX, r.maxX) - low.x, height: max(maxY, r.maxY) - low.y)
    }
    /// The area this shares with each of `boxes`, summed.
    func overlap(with boxes: [Rect]) -> Double {
        boxes.reduce(0) { $0 + max(0, min(maxX, $1.maxX) - max(x, $1.x)) * max(0, min(maxY, $1.maxY) - max(y, $1.y)) }
    }
    /// What is left of the rectangle once `holes` are cut out of it, as rectangles that do not
    /// overlap (bands above and below each hole, and beside it).
    func subtracting(_ holes: [Rect]) -> [Rect] {
        holes.reduce([self]) { pieces, hole in
            pieces.flatMap { r -> [Rect] in
                guard r.intersects(hole) else { return [r] }
                let top = max(r.y, hole.y), bottom = min(r.maxY, hole.maxY)
                return [Rect(x: r.x, y: r.y, width: r.width, height: top - r.y),
                        Rect(x: r.x, y: bottom, width: r.width, height: r.maxY - bottom),
                        Rect(x: r.x, y: top, width: max(r.x, hole.x) - r.x, height: bottom - top),
                        Rect(x: min(r.maxX, hole.maxX), y: top, width: r.maxX - min(r.maxX, hole.maxX), height: bottom - top)]
                    .filter { $0.width > 0 && $0.height > 0 }
            }
        }
    }

    /// Whether `r` lies wholly inside (its edges on ours included).
    func contains(_ r: Rect) -> Bool { r.x >= x && r.y >= y && r.maxX <= maxX && r.maxY <= maxY }

    /// Whether the segment from `a` to `b` passes through the rectangle (its part within it
    /// longer than nothing).
    func intersects(from a: Vec2, to b: Vec2) -> Bool { crossing(from: a, to: b) != nil }

    /// The part of the segment from `a` to `b` within the rectangle, as the span of t (a + t(b − a))
    /// it takes, nil where it is nothing: the segment clipped to each side's slab in turn
    /// (Liang–Barsky).
    func crossing(from a: Vec2, to b: Vec2) -> ClosedRange<Double>? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (delta, low, high, start) in [(d.x, x, maxX, a.x), (d.y, y, maxY, a.y)] {
            if delta == 0 {
                if start <= low || start >= high { return nil }
                continue
            }
            var enter = (low - start) / delta, leave = (high - start) / delta
            if enter > leave { swap(&enter, &leave) }
            t0 = max(t0, enter)
            t1 = min(t1, leave)
            if t0 >= t1 { return nil }
        }
        return t0...t1
    }

    /// The segment from `a` to `b` less its part within the rectangle: itself, the pieces
    /// before and after, or nothing.
    func outside(from a: Vec2, to b: Vec2) -> [(Vec2, Vec2)] {
        guard let t = crossing(from: a, to: b) else { return [(a, b)] }
        let d = b - a
        return (t.lowerBound > 0 ? [(a, a + d * t.lowerBound)] : []) + (t.upperBound < 1 ? [(a + d * t.upperBound, b)] : [])
    }
}

/// Text and panels in the HUD's style, on a mesh at `scale` device pixels per unit.
struct HUDPen {
    var mesh = MeshBuilder()
    let scale: Double
    let atlas: GlyphAtlas?

    static let ink = Color(red: 0.15, green: 0.15, blue: 0.15)
    static let accent = Color(red: 0.1, green: 0.35, blue: 0.85)
    static let paper = Color(red: 1, green: 1, blue: 1)
    static let edge = Color(red: 0.55, green: 0.55, blue: 0.58)
    static let track = Color(red: 0.85, green: 0.85, blue: 0.85)
    static let hover = Color(red: 0.92, green: 0.95, blue: 1)
    /// The opacity of a slider row that changes nothing drawn now (selected, on its highlight:
    /// more, or its pale blue on the pale blue read poorly).
    static let inactive = 0.5, inactiveSelected = 0.7

    /// A slider row's text and bar: the accent where selected, ink where not, faded where it
    /// changes nothing drawn now.
    static func rowColor(selected: Bool, inactive: Bool) -> Color {
        (selected ? accent : ink).with(alpha: inactive ? (selected ? inactiveSelected : HUDPen.inactive) : 1)
    }
    /// The caption's "rec 0:12" while the window records.
    static let recording = Color(red: 0.8, green: 0.05, blue: 0.05)

    /// Stands in a line of text for a legend's key: a square of colour (`text(_:swatches:)`),
    /// `swatchSide` ems on a side, standing on the baseline, and `swatchAdvance` ems wide with
    /// the gap after it, whatever the font has for the character.
    static let swatch: Unicode.Scalar = "\u{25A0}"
    static let swatchSide = 0.75, swatchAdvance = 1.0
    /// Begins the lines a key's text wraps onto, so that they line up with its first line's
    /// text, past the swatch: blank, as wide as a swatch.
    static let keyIndent: Unicode.Scalar = "\u{2003}"

    /// The advance of a line of text at `size` units per em, in units.
    func width(of text: String, size: Double) -> Double {
        guard let atlas else { return 0 }
        let pixels = max(1, Int((size * scale).rounded()))
        return text.unicodeScalars.reduce(0) {
            $0 + ($1 == HUDPen.swatch || $1 == HUDPen.keyIndent ? HUDPen.swatchAdvance * Double(pixels)
                                                               : atlas.glyph($1, size: pixels)?.advance ?? 0)
        } / scale
    }

    /// A line of text with its baseline at y.
    mutating func text(_ text: String, x: Double, y: Double, size: Double, color: Color) {
        guard let atlas else { return }
        mesh.addText(text, x: x, y: y, size: size, scale: scale, color: color, atlas: atlas)
    }

    /// A line of text whose swatch characters (`HUDPen.swatch`) are drawn as squares of the
    /// next of `swatches` (`next` counts those drawn; ink once they run out), on device
    /// pixels, with an edge, so that a key in the paper's colour still shows.
    /// The key indents (`HUDPen.keyIndent`) are left blank.
    mutating func text(_ text: String, x: Double, y: Double, size: Double, color: Color, swatches: [Color], next: inout Int) {
        var pen = x, run = ""
        func flush() {
            self.text(run, x: pen, y: y, size: size, color: color)
            pen += width(of: run, size: size)
            run = ""
        }
        for scalar in text.unicodeScalars {
            guard scalar == HUDPen.swatch || scalar == HUDPen.keyIndent else {
                run.unicodeScalars.append(scalar)
                continue
            }
            flush()
            if scalar == HUDPen.swatch {
                let side = (HUDPen.swatchSide * size * scale).rounded() / scale
                let x0 = (pen * scale).rounded() / scale, y1 = (y * scale).rounded() / scale
                panel(Rect(x: x0 + 1 / scale, y: y1 - side + 1 / scale, width: side - 2 / scale, height: side - 2 / scale),
                      fill: next < swatches.count ? swatches[next] : color, edge: HUDPen.edge)
                next += 1
            }
            pen += width(of: String(scalar), size: size)
        }
        flush()
    }

    /// A filled rectangle, with a one-pixel edge when `edge` is given.
    mutating func panel(_ r: Rect, fill: Color, edge: Color? = nil) {
        if let edge {
            let e = 1 / scale
            mesh.addRect(x0: r.x - e, y0: r.y - e, x1: r.maxX + e, y1: r.maxY + e, color: edge)
        }
        mesh.addRect(x0: r.x, y0: r.y, x1: r.maxX, y1: r.maxY, color: fill)
    }

    /// A see-through panel: its fill, and its edge as a frame one device pixel wide round it
    /// (`panel`'s edge is a rectangle under the fill, which a faint fill shows whole).
    /// `holes`: where it is not drawn at all, neither fill nor edge (a held badge under it keeps
    /// its own colour: through the faded fill it read pink, the edge across it).
    mutating func seeThroughPanel(_ r: Rect, fill: Color, edge: Color, holes: [Rect] = []) {
        let e = 1 / scale
        let edges = [Rect(x: r.x - e, y: r.y - e, width: r.width + 2 * e, height: e), Rect(x: r.x - e, y: r.maxY, width: r.width + 2 * e, height: e),
                     Rect(x: r.x - e, y: r.y, width: e, height: r.height), Rect(x: r.maxX, y: r.y, width: e, height: r.height)]
        for line in edges.flatMap({ $0.subtracting(holes) }) { mesh.addRect(x0: line.x, y0: line.y, x1: line.maxX, y1: line.maxY, color: edge) }
        for piece in r.subtracting(holes) { mesh.addRect(x0: piece.x, y0: piece.y, x1: piece.maxX, y1: piece.maxY, color: fill) }
    }

    /// A straight line `width` units wide, with an anti-aliased edge (plots, dividers).
    mutating func line(from a: Vec2, to b: Vec2, width: Double, color: Color) {
        mesh.addLine(from: a, to: b, width: width, color: color, feather: 1 / scale)
    }

    /// Words wrapped into lines no wider than `width`, broken only at `separator` (a caption
    /// breaks between its " · " parts, never inside "frame 6.1 ms"), unless a word is wider
    /// than a line by itself (a file's path in a small window): that one is broken where it
    /// must, after a "/" or "-" where one lies near the end of the line. Broken at spaces, a
    /// number keeps the unit after it ("43.8 Hz") and a "·" the word before it on its line.
    func wrap(_ text: String, size: Double, width: Double, at separator: String = " ") -> [String] {
        var words = text.components(separatedBy: separator)
        if separator == " " {
            var joined: [String] = []
            for word in words {
                if let last = joined.last,
                    word == "·" || (Double(last.trimmingCharacters(in: .whitespaces)) != nil && word.first.map { $0.isLetter || $0 == "%" } == true) {
                    joined[joined.count - 1] = last + " " + word
                } else {
                    joined.append(word)
                }
            }
            words = joined
        }
        var lines: [String] = [], line = ""
        for (index, word) in words.enumerated() {
            let candidate = line.isEmpty ? String(word) : line + separator + word
            let overflows = !line.isEmpty && self.width(of: candidate, size: size) > width
            if overflows, let open = separator == " " ? openParenthesis(line) : nil,
                self.width(of: parenthesis(from: String(line[open...]), words[index...]), size: size) <= width {
                // A parenthesis that would be broken goes whole onto the next line where it fits
                // there ("sliders hidden" / "(h shows them)", not "(h" / "shows them)").
                lines.append(String(line[..<open]).trimmingCharacters(in: .whitespaces))
                line = line[open...] + separator + word
            } else if overflows {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
            // A part wider than a line (a caption's "frame 1.6 ms" in a narrow window) is
            // wrapped at its spaces first, so that a number keeps its unit.
            if separator != " ", line.contains(" "), self.width(of: line, size: size) > width {
                // (A legend's key wraps with its text's next lines indented past its swatch.)
                let indent = line.unicodeScalars.first == HUDPen.swatch ? String(HUDPen.keyIndent) : ""
                let parts = wrap(line, size: size, width: width - self.width(of: indent, size: size))
                lines += parts.dropLast().enumerated().map { $0.offset == 0 ? $0.element : indent + $0.element }
                line = parts.count > 1 ? indent + (parts.last ?? "") : parts.last ?? ""
            }
            while self.width(of: line, size: size) > width, line.count > 1 {
                let (head, tail) = breakWord(line, size: size, width: width)
                lines.append(head)
                line = tail
            }
        }
        lines.append(line)
        return lines
    }

    /// Where in `line` a parenthesis opens that it does not close, at a word's start after
    /// the line's first word; nil where none does.
    private func openParenthesis(_ line: String) -> String.Index? {
        guard let open = line.lastIndex(of: "("), open > line.startIndex, line[line.index(before: open)] == " ",
            !line[open...].contains(")") else { return nil }
        return open
    }

    /// The parenthesis begun by `start` and carried on by `words` up to the one that closes
    /// it (all of them where none does), joined by spaces.
    private func parenthesis(from start: String, _ words: ArraySlice<String>) -> String {
        var text = start
        for word in words {
            text += " " + word
            if word.contains(")") { break }
        }
        return text
    }

    /// The first `most` of `lines` (one at least), the last of them ending in "…" (within
    /// `width`) where some are left out.
    func firstLines(_ lines: [String], most: Int, size: Double, width: Double) -> [String] {
        let most = max(1, most)
        guard lines.count > most else { return lines }
        var kept = Array(lines.prefix(most)), last = kept[most - 1]
        while !last.isEmpty, self.width(of: last + "…", size: size) > width { last.removeLast() }
        kept[most - 1] = last + "…"
        return kept
    }

    /// `text` where it fits `width`, else its longest start of two characters or more that fits
    /// with "…" after it; nil where not even that fits.
    func shortened(_ text: String, size: Double, width: Double) -> String? {
        if self.width(of: text, size: size) <= width { return text }
        var start = Array(text)
        while start.count > 2 {
            start.removeLast()
            if self.width(of: String(start) + "…", size: size) <= width { return String(start) + "…" }
        }
        return nil
    }

    /// The longest start of `word` no wider than `width` (a character at least), ended after
    /// its last "/" or "-", or else before its last capital after a small letter
    /// ("spring|Damping"), where that keeps half of it; and the rest, which never begins with
    /// a mark that ends a word (":", ",", ".", ";", ")"), so that no line starts with one.
    private func breakWord(_ word: String, size: Double, width: Double) -> (String, String) {
        let characters = Array(word)
        var end = 1
        while end < characters.count, self.width(of: String(characters[..<(end + 1)]), size: size) <= width { end += 1 }
        if let mark = characters[..<end].lastIndex(where: { $0 == "/" || $0 == "-" }), mark + 1 >= end / 2, mark + 1 < end {
            end = mark + 1
        } else if let capital = (1..<end).last(where: { characters[$0].isUppercase && characters[$0 - 1].isLowercase }),
                  capital >= end / 2 {
            end = capital
        }
        while end > 1, end < characters.count, ":,.;)".contains(characters[end]) { end -= 1 }
        return (String(characters[..<end]), String(characters[end...]))
    }
}

/// One slider as the HUD shows it.
struct SliderRow {
    var name: String
    /// Value and unit.
    var value: String
    /// Where the bar is filled to, for numbers.
    var fraction: Double?
    /// The widest value the row can come to show (`Parameter.widestText`): the value column is
    /// made that wide, so that it does not move while the value changes.
    var widest: String?
    /// It changes nothing drawn now (`Parameter.isInEffect`): its row is greyed.
    var inactive = false
}

extension SliderRow {
    /// The row of a parameter at its value in `parameters`, greyed where it changes nothing
    /// shown in `scene` and `mode`.
    init(_ parameter: Parameter, in parameters: Parameters, scene: SceneKind = .badges, mode: Mode = .split) {
        var fraction: Double?
        if case .number(let key, _, _) = parameter.kind, let scale = parameter.sliderScale {
            fraction = scale.fraction(of: parameters[keyPath: key])
        }
        self.init(name: parameter.name, value: parameter.shownValue(in: parameters),
                  fraction: fraction, widest: parameter.widestText)
        inactive = !parameter.isInEffect(parameters, scene: scene, mode: mode)
    }
}

/// What the HUD shows: the window's state, read only.
struct HUDContent {
    var caption: [String] = []
    /// The caption (or its short form) begins with the recording's marker ("rec 0:12", "rec"),
    /// which the HUD draws in red.
    var recording = false
    /// A shorter first line for the caption where the whole one would cover the scene (a small
    /// window): the mode and the help key.
    var shortStatus: String?
    /// Pane labels, one per pane of the layout (empty: none).
    var paneLabels: [String] = []
    /// The colours of the swatches (`HUDPen.swatch`) in the caption's lines, and in each pane
    /// label, in their order there: the overlay's legend.
    var swatches: [Color] = []
    /// The sliders, or nil when hidden.
    var sliders: [SliderRow]?
    var selected = 0
    /// The slider under the pointer.
    var hovered: Int?
    /// The first slider row shown last time: kept while the selection stays in view, so that a
    /// click on a row does not scroll the list under the pointer.
    var scroll = 0
    var help: [String]?
    /// The first help row shown (up and down scroll a help taller than the window).
    var helpScroll = 0
    var toast: String?
    /// A shorter wording of the toast, drawn where the toast would take more than two lines (a
    /// small window: the zoom's note took four lines over three of the four badges at 200x150).
    var toastShort: String?
    /// The slider whose value the toast reports, if it does: a toast that would cover that
    /// slider's own row (a small window, where the row is the panel) is not drawn; the row says it.
    var toastSlider: Int?
    /// Where the scene shows something, in window units: the caption's lines keep clear of it
    /// where they can.
    var avoid: [Rect] = []
    /// How many of the caption's last lines are there only while a badge is held (its
    /// figures): they yield to the sliders, which keep the place they have with none held.
    var heldLines = 0
    /// Where the scene rests (the badges at home; the caterpillar as it last lay still), which
    /// the sliders, labels and toasts keep clear of, so that they stay put while a badge moves
    /// (a held one may pass under them: the slider panel then fades); nil: `avoid`.
    var rest: [Rect]?
    /// Where the scene passes on its way to `rest` (a caterpillar falling free to where it will
    /// land), which a toast keeps clear of too (one placed clear of the landing place alone had
    /// the new caterpillar of a chain slider fall through it).
    var passing: [Rect] = []
    /// Where the same toast was drawn last frame: it stays there while that place is still clear
    /// of the scene at rest and of the HUD but the pane labels (the caterpillar's toast jumped
    /// from the window's foot to its top as it landed).
    var toastAt: Rect?
}

extension HUDContent {
    /// Each pane's label where the layout has two (one is named by the window's caption).
    static func paneLabels(layout: Layout, scene: SceneName, parameters: Parameters) -> [String] {
        guard layout.panes.count > 1 else { return [] }
        return layout.panes.map { pane in
            let fill = fillName(pane.content, scene: scene, parameters: parameters)
            switch pane.content {
            case .bezier: return "Bézier · \(fill)"
            case .metaball: return "metaball · \(fill)"
            case .overlay: return fill
            }
        }
    }

    /// The caption's status line (scene, mode, the fill of a lone pane, the frame time, the help
    /// key) and, in the overlay mode, its legend, which names the two fills there (so that the
    /// status stays short enough for the slider panel beside it).
    /// `recorded`: the seconds of the recording in progress, which the status line begins with
    /// as a clock, "rec 0:12" (digits are a figure wide: the width holds up to 9:59), in place
    /// of the help key at its end.
    static func caption(layout: Layout, scene: SceneName, mode: Mode, parameters: Parameters, frameTime: Double,
                        recorded: Double? = nil) -> [String] {
        captionAndSwatches(layout: layout, scene: scene, mode: mode, parameters: parameters, frameTime: frameTime, recorded: recorded).lines
    }

    /// The caption's lines with the colours of the swatches in them (the overlay's legend's).
    static func captionAndSwatches(layout: Layout, scene: SceneName, mode: Mode, parameters: Parameters, frameTime: Double,
                                   recorded: Double? = nil) -> (lines: [String], swatches: [Color]) {
        let fill = layout.panes.count == 1 && mode != .overlay
            ? " · " + fillName(layout.panes[0].content, scene: scene, parameters: parameters) : ""
        let rec = recorded.map { seconds -> String in
            let whole = Int(max(0, seconds).rounded(.down))
            return "rec \(whole / 60):\(whole % 60 < 10 ? "0" : "")\(whole % 60)" + HUDContent.recordingSeparator
        } ?? ""
        // (While it records, the clock takes the help key's place: the caption keeps its width,
        // so the sliders beside it do not jump below it when a recording starts.)
        let status = "\(rec)\(scene.rawValue) · \(mode.rawValue)\(fill) · frame \(WindowApp.milliseconds(frameTime)) ms\(rec.isEmpty ? " · f1: keys" : "")"
            + WindowApp.millisecondsPad(frameTime)
        guard mode == .overlay else { return ([status], []) }
        let legend = overlayLegend(scene: scene, parameters: parameters)
        return ([status, legend.text], legend.swatches)
    }

    /// What the overlay's colours mean, each key a swatch (`HUDPen.swatch`) of its colour, in
    /// `swatches`: the Bézier fill's alone, the field's alone (`Renderer.overlayColors`), and
    /// both's (the badges' colour): the window's caption's second line, and the label of
    /// `render`'s overlay picture. The caterpillar without goo shows no Bézier-only colour, so
    /// it keys none and says that both covers every circle: its Bézier fill is its bodies'
    /// circles, and every kernel's field holds each ball's circle (inverse square, f ≥ r²/ρ²
    /// there; Wyvill, a ball's own term reaches the threshold at its radius; the smooth minimum
    /// is at most each circle's distance).
    static func overlayLegend(scene: SceneName, parameters: Parameters) -> (text: String, swatches: [Color]) {
        let style = fillName(.bezier, scene: scene, parameters: parameters), kernel = fillName(.metaball, scene: scene, parameters: parameters)
        let key = String(HUDPen.swatch)
        let only = Renderer.overlayColors(both: parameters.color, background: parameters.background)
        if scene == .chain && !parameters.goo {
            return ("\(key) field (\(kernel)) only · \(key) both (every circle)", [only.metaball, parameters.color])
        }
        return ("\(key) Bézier (\(style)) only · \(key) field (\(kernel)) only · \(key) both",
                [only.bezier, only.metaball, parameters.color])
    }

    /// The field's tiling as the caption shows it with the construction on: "tiles 46 (12
    /// inside) · shaded 9.3k px · flat 4.1k px" (device pixels; under 1000 in full).
    static func tilingLine(_ tiling: FieldTiling) -> String {
        func pixels(_ x: Double) -> String { x < 999.5 ? String(format: "%.0f px", x) : String(format: "%.1fk px", x / 1000) }
        return "tiles \(tiling.tiles) (\(tiling.inside) inside) · shaded \(pixels(tiling.shaded)) · flat \(pixels(tiling.flat))"
    }

    /// The caption's first line where the whole one would cover the scene: the mode and the help
    /// key ("split · f1: keys"), or while recording the marker and the mode ("rec · split").
    static func shortStatus(mode: Mode, recording: Bool = false) -> String {
        recording ? "rec" + recordingSeparator + mode.rawValue : "\(mode.rawValue) · f1: keys"
    }

    /// What follows the recording's marker ("rec 0:12"): " · " with a four-per-em space before
    /// the dot, so that the marker is no wider than the help key it stands in for (" · f1: keys").
    static let recordingSeparator = "\u{2005}· "

    /// The construction or kernel a pane fills with: "quad", "inverseSquare", "quad vs inverseSquare".
    static func fillName(_ content: PaneContent, scene: SceneName, parameters: Parameters) -> String {
        let style = scene == .chain && !parameters.goo ? "circles" : parameters.bridge.style.rawValue
        let kernel = parameters.metaball.kernel.rawValue
        switch content {
        case .bezier: return style
        case .metaball: return kernel
        case .overlay: return "\(style) vs \(kernel)"
        }
    }

    /// What the scene shows, pane by pane, in window units: its badges, homes and bodies' boxes
    /// (`bodyBoxes`), for the labels and toasts to keep clear of.
    static func shown(_ snapshot: SceneSnapshot, layout: Layout, parameters: Parameters, fieldReach: Double? = nil) -> [Rect] {
        var circles: [Ball] = []
        for badge in snapshot.badges {
            if let pose = badge.pose {
                circles.append(Ball(center: pose.center, radius: pose.radius))
                if badge.hasBridge { circles.append(Ball(center: pose.home, radius: pose.homeRadius)) }
            }
        }
        return boxes(circles, layout: layout) + bodyBoxes(snapshot.bodies, layout: layout, parameters: parameters, fieldReach: fieldReach)
    }

    /// The caterpillar's boxes in each pane, in window units: its circles' alone where only they
    /// are drawn; where goo or a field joins them, each two neighbours' together (the sides of
    /// a bridge between two circles lie within their hull), and in a field's pane grown by how
    /// far the field reaches past the circles (`ChainScene.wallInset`; `fieldReach` where the
    /// caller has it, as the window's world does, which spares the bisection a frame). (A toast
    /// kept clear of the circles alone lay over a crumpled goo caterpillar's bridge by 3 px.)
    static func bodyBoxes(_ bodies: [Ball], layout: Layout, parameters: Parameters, fieldReach: Double? = nil) -> [Rect] {
        guard bodies.count > 1 else { return boxes(bodies, layout: layout) }
        var result: [Rect] = []
        let reach = layout.panes.contains { $0.content != .bezier } ? fieldReach ?? ChainScene.wallInset(parameters, fieldShown: true) : 0
        for pane in layout.panes.indices {
            let field = layout.panes[pane].content != .bezier
            guard field || parameters.goo else {
                result += bodies.map { box($0, pane: pane, layout: layout) }
                continue
            }
            let grow = field ? reach : 0
            for (a, b) in zip(bodies, bodies.dropFirst()) {
                let low = Vec2(min(a.center.x - a.radius, b.center.x - b.radius), min(a.center.y - a.radius, b.center.y - b.radius)) - Vec2(grow, grow)
                let high = Vec2(max(a.center.x + a.radius, b.center.x + b.radius), max(a.center.y + a.radius, b.center.y + b.radius)) + Vec2(grow, grow)
                let p = layout.windowPoint(low, pane: pane), q = layout.windowPoint(high, pane: pane)
                result.append(Rect(x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y))
            }
        }
        return result
    }

    /// Each falling body's way down (`ChainScene.falling`), a box from where it was to where it
    /// will land, in each pane, in window units.
    static func fallBoxes(_ falling: [(from: Ball, landing: Ball)], layout: Layout) -> [Rect] {
        falling.flatMap { body in
            layout.panes.indices.map { box(body.from, pane: $0, layout: layout).union(box(body.landing, pane: $0, layout: layout)) }
        }
    }

    /// The circles' boxes in each pane, in window units.
    static func boxes(_ circles: [Ball], layout: Layout) -> [Rect] {
        layout.panes.indices.flatMap { pane in circles.map { box($0, pane: pane, layout: layout) } }
    }

    /// A circle's box in pane `pane`, in window units.
    static func box(_ c: Ball, pane: Int, layout: Layout) -> Rect {
        let p = layout.windowPoint(c.center, pane: pane), r = c.radius * layout.zoom
        return Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
    }

    /// The bridge construction's labels (`BadgePainter.constructionLabels`, scene units) in
    /// window units, in each pane that draws them (not the field's).
    static func boxes(_ labels: [Rect], layout: Layout) -> [Rect] {
        layout.panes.indices.filter { layout.panes[$0].content != .metaball }.flatMap { pane in
            labels.map { label in
                let p = layout.windowPoint(Vec2(label.x, label.y), pane: pane)
                return Rect(x: p.x, y: p.y, width: label.width * layout.zoom, height: label.height * layout.zoom)
            }
        }
    }

    /// What the window's HUD keeps clear of in `scene`: the scene as drawn and the
    /// construction's labels (scene units) in `avoid`; in `rest`, where the scene rests: the
    /// badges at home; the caterpillar as it last lay still or, let go, crept (until it first
    /// does, at the start or after a resize or a new scene, where it will land), joined where
    /// goo or a field joins it (`bodyBoxes`); the grid as it is (it never moves); and in
    /// `passing` the caterpillar's way down while it falls there (a toast clear of where it
    /// lands alone had it fall through).
    mutating func keepClear(of snapshot: SceneSnapshot, scene: any Scene, layout: Layout, parameters: Parameters,
                            construction: [Rect] = []) {
        let chain = scene as? ChainScene, reach = chain?.world.inset
        avoid = HUDContent.shown(snapshot, layout: layout, parameters: parameters, fieldReach: reach)
            + HUDContent.boxes(construction, layout: layout)
        rest = scene.resting(snapshot).map { balls in
            chain != nil ? HUDContent.bodyBoxes(balls, layout: layout, parameters: parameters, fieldReach: reach)
                : HUDContent.boxes(balls, layout: layout)
        }
        passing = chain.map { HUDContent.fallBoxes($0.falling, layout: layout) } ?? []
    }

    /// The divider and the pane labels alone, as `render`'s pictures show them (PNG and SVG):
    /// nothing where the layout has one pane, but for the overlay, whose label is its legend
    /// (the window's caption says it there). They keep clear of the scene and of `construction`,
    /// the bridge construction's labels (scene units), and of `also` (window units: where a
    /// recording's scene goes in its other frames); `fieldReach` as for `shown`.
    static func labels(_ snapshot: SceneSnapshot, layout: Layout, scene: SceneName, parameters: Parameters,
                       construction: [Rect] = [], also: [Rect] = [], fieldReach: Double? = nil) -> HUDContent {
        var content = HUDContent()
        content.paneLabels = paneLabels(layout: layout, scene: scene, parameters: parameters)
        if layout.panes.count == 1, layout.panes[0].content == .overlay {
            let legend = overlayLegend(scene: scene, parameters: parameters)
            (content.paneLabels, content.swatches) = ([legend.text], legend.swatches)
        }
        if !content.paneLabels.isEmpty {
            content.avoid = shown(snapshot, layout: layout, parameters: parameters, fieldReach: fieldReach) + boxes(construction, layout: layout) + also
        }
        return content
    }
}

/// The HUD laid out for one window: its mesh, and where its parts are (for the mouse and tests).
struct HUD {
    private(set) var mesh = Mesh()
    /// Each shown slider's row and bar, with its index in the slider list.
    private(set) var sliderAreas: [(index: Int, row: Rect, bar: Rect?)] = []
    private(set) var captionBox: Rect?
    /// The held badge's figures in a box of their own, where the caption cannot keep them, and
    /// their lines as drawn.
    private(set) var figuresBox: Rect?
    private(set) var figuresLines: [String] = []
    /// The slider panel, hint rows included.
    private(set) var sliderPanel: Rect?
    /// Whether the slider panel is left undrawn while the toast lies over it (a small window
    /// with no other place for the toast: the panel is not cut into slivers round it). Its rows
    /// keep their places for the keys and the pointer.
    private(set) var sliderPanelCovered = false
    /// The pane labels shown, in pane order (one under the toast is left out while it shows).
    private(set) var labelBoxes: [Rect] = []
    /// The first slider row shown (the host keeps it as the next frame's scroll position).
    private(set) var sliderFirst = 0
    private(set) var helpBox: Rect?
    /// Whether the slider panel's fill is faded: the scene lies under it.
    private(set) var sliderPanelFaded = false
    private(set) var toastBox: Rect?
    /// The help's heading and rows (key, description) as drawn.
    private(set) var helpHeading = ""
    private(set) var helpHeadingBaseline = 0.0
    private(set) var helpRows: [(String, String)] = []
    /// The toast's lines as drawn.
    private(set) var toastLines: [String] = []
    /// The help's rows a short window has no room for (its last line counts them).
    private(set) var helpHidden = 0
    /// The first help row shown, the scroll asked for held within what the rows need (the
    /// host keeps it as the next frame's `helpScroll`).
    private(set) var helpFirst = 0
    /// The pane labels' text as shown (a label wider than its pane keeps its first part; the
    /// overlay's legend there takes two lines, "\n" between them).
    private(set) var labelTexts: [String] = []
    /// The divider between split panes, in pieces: broken where a HUD part lies over it.
    private(set) var dividerPieces: [Rect] = []

    /// What the help's heading says closes it.
    static let helpCloses = "f1, escape or a click closes this"
    static let lineHeight = 16.0
    static let textSize = 12.0
    static let rowHeight = 18.0
    static let rowTextSize = 11.5
    static let margin = 10.0
    /// The least gap between the sliders and the scene at rest.
    static let gap = 3.0
    /// The slider panel's width, and the least window width that shows it beside the caption.
    static let panelWidth = 350.0
    /// The bands at the top of the window that the caption and the least slider panel take
    /// (three rows and the line counting the rest, its padding), and at the bottom that the
    /// pane labels take, each with a gap: what the grid scene leaves free, so that the HUD
    /// covers none of its badges.
    static let topBand = margin + 4 * rowHeight + 2 * 6 + 8
    static let bottomBand = margin + lineHeight + 2 + 4

    /// A toast: its dark panel and its lines.
    static func drawToast(_ box: Rect, lines: [String], size: Double, pen: inout HUDPen) {
        pen.panel(box, fill: Color(red: 0.13, green: 0.13, blue: 0.15))
        for (i, line) in lines.enumerated() {
            pen.text(line, x: box.x + 8, y: box.y + 16 + HUD.lineHeight * Double(i), size: size, color: HUDPen.paper)
        }
    }

    /// The bands a grid leaves free in `render`'s pictures, in scene units: at the bottom for
    /// the pane labels where the layout has two panes (the only HUD a picture shows).
    static func pictureBand(_ layout: Layout) -> (top: Double, bottom: Double) {
        (0, layout.panes.count > 1 ? bottomBand / layout.zoom : 0)
    }

    init(_ content: HUDContent, layout: Layout, scale: Double, atlas: GlyphAtlas?) {
        var pen = HUDPen(scale: scale, atlas: atlas)
        // Where the slider panel's drawing begins and ends in the mesh (see `sliderPanelCovered`).
        var panelMark: (vertices: Int, indices: Int)?, afterPanel: (vertices: Int, indices: Int)?
        let w = layout.width, h = layout.height, m = HUD.margin
        // What the sliders, labels and toast keep clear of: the scene at rest; the sliders with
        // a gap of `HUD.gap` round it.
        let rest = content.rest ?? content.avoid
        let apart = rest.map { $0.grown(by: HUD.gap) }
        // The help, when shown, stands alone: laid out first, and the caption, labels and toast
        // are left out where it would cover them in part (a short window).
        let help = content.help.map { HUD.layOutHelp($0, w: w, h: h, scroll: content.helpScroll, pen: pen) }
        func clearOfHelp(_ box: Rect) -> Bool {
            guard let help else { return true }
            return !help.box.grown(by: 1).intersects(box)
        }
        // The caption, top left.
        var below = m
        // Wrapped to the window, so that nothing of it (the help key last) is cut off. Its lines
        // after the first (the held badge's figures, the overlay's legend) yield to the scene:
        // where they would cover what it shows (a small window, a badge held up there), the
        // held badge's figures go first, then the legend keeps its keys without the fills'
        // names ("■ Bézier only"), then the caption is its first line alone, that its short
        // form where it would too, and none where even the short form would.
        func wrapped(_ lines: ArraySlice<String>) -> [String] {
            lines.flatMap { pen.wrap($0, size: HUD.textSize, width: max(40, w - 2 * m), at: " · ") }
        }
        func box(_ lines: [String]) -> Rect {
            let tw = lines.map { pen.width(of: $0, size: HUD.textSize) }.max() ?? 0
            return Rect(x: m - 4, y: m - 4, width: tw + 8, height: HUD.lineHeight * Double(lines.count) + 6)
        }
        // (Nor may it run past the window's foot: in a window a few lines high, the lines that
        // fit, the last of them ending in "…".)
        func fits(_ lines: [String]) -> Bool { HUD.isClear(box(lines), of: content.avoid) && box(lines).maxY <= h }
        func lines(_ source: ArraySlice<String>) -> [String] {
            var caption = wrapped(source)
            // (The held badge's figures are the whole caption's last lines.)
            let unheld = source.count == content.caption.count ? source.dropLast(max(0, min(content.heldLines, source.count - 1))) : source
            if unheld.count < source.count, !fits(caption) { caption = wrapped(unheld) }
            let bare = unheld.map { $0.unicodeScalars.contains(HUDPen.swatch) ? HUD.withoutNames($0) : $0 }
            if bare != Array(unheld), !fits(caption) { caption = wrapped(bare[...]) }
            if source.count > 1, !fits(caption) { caption = wrapped(source.prefix(1)) }
            if let short = content.shortStatus, !caption.isEmpty, !fits(caption) { caption = wrapped([short]) }
            // And none where even that would cover the scene (a window a few badges wide).
            if !caption.isEmpty, !HUD.isClear(box(caption), of: content.avoid) { caption = [] }
            caption = pen.firstLines(caption, most: Int((h - m - 2) / HUD.lineHeight), size: HUD.textSize, width: max(40, w - 2 * m))
            return caption.isEmpty || !clearOfHelp(box(caption)) ? [] : caption
        }
        // The sliders are placed beside or below the caption as it is with no badge held, so
        // that a press does not move them; the held badge's lines are shown where they then
        // keep clear of the sliders.
        var caption = lines(content.caption[...])
        let resting = content.heldLines > 0 ? lines(content.caption.dropLast(content.heldLines)) : caption
        if !resting.isEmpty { below = box(resting).maxY + 8 }
        // The sliders: a panel at the top right beside the caption where the window is wide
        // enough, else below the caption where two rows or more fit there, else the selected
        // slider alone.
        // The help, when shown, stands alone.
        if var rows = content.sliders, !rows.isEmpty, content.help == nil {
            let captionRight = resting.isEmpty ? 0 : box(resting).maxX
            let wide = w - captionRight - 2 * m >= HUD.panelWidth
            let width = wide ? HUD.panelWidth : max(0, min(HUD.panelWidth, w - 2 * m))
            var shown: [Int] = []
            var origin = Vec2(m, below)
            var compact = false
            // Where the scene rests across a pane's foot (the caterpillar on its floor in a small
            // split window), its label can only go at the top, below the panel: the panel leaves
            // it a line above the scene there.
            let labelsAtTop = !content.paneLabels.isEmpty && layout.panes.contains { pane in
                !HUD.isClear(Rect(x: pane.x, y: h - HUD.bottomBand, width: pane.width, height: HUD.bottomBand), of: rest)
            }
            // As many rows (up to 10) as end above the scene in the panel's column, with the line
            // counting the others when some are left out, and above the pane labels' band.
            func fitting(at origin: Vec2) -> [Int] {
                let column = Rect(x: origin.x, y: 0, width: width, height: h)
                let floor = apart.filter { $0.intersects(column) && $0.maxY > origin.y }.map(\.y).min() ?? h
                let bottom = min(floor - (labelsAtTop ? HUD.lineHeight + 12 : 0), content.paneLabels.isEmpty ? h - m : h - HUD.bottomBand)
                var count = min(10, rows.count)
                while count > 0, HUD.panelHeight(rows: count, of: rows.count) > bottom - origin.y { count -= 1 }
                guard count >= 1 else { return [] }
                // The scroll position stays where it was unless the selection leaves the rows shown.
                let first = max(0, min(max(content.scroll, content.selected - count + 1, 0), content.selected, rows.count - count))
                return Array(first..<(first + count))
            }
            if wide {
                // Top right: in a wide, short window that may be one row, or none.
                origin = Vec2(w - m - width, m)
                shown = fitting(at: origin)
            } else if width >= HUD.leastPanelWidth(rows, pen: pen) {
                // Below the caption, the window's width (up to the panel's), where two rows or
                // more end above the scene there: a narrow window with room above its badges.
                origin = Vec2(m, below)
                shown = fitting(at: origin)
                if shown.count < 2 { shown = [] }
            }
            if shown.isEmpty {
                // The selected slider alone, its name and value side by side: below the caption,
                // at the bottom left (room for a two-line toast left under it), above the pane
                // labels' band, or, with no labels, at the window's foot (a window 150 high has
                // room for the row only there, under its badges), the first that keeps clear of
                // the scene; where none does (a small window), none: a press there must reach
                // the badge (the keys still select and set the sliders, and a toast says which
                // one and its value).
                let selected = min(content.selected, rows.count - 1)
                let height = HUD.rowHeight + 12
                let places = ([below, h - m - 2 * (HUD.lineHeight + 12) - HUD.rowHeight, h - HUD.bottomBand - height]
                              + (content.paneLabels.isEmpty ? [h - m - height] : []))
                    .filter { $0 >= below && $0 + height <= h - m }
                let place = places.first { HUD.isClear(Rect(x: m, y: $0, width: width, height: height), of: apart) }
                // Its name shortened ("explosionDur…") where the window is too narrow for it
                // beside the widest its value comes to (so that the row does not come and go);
                // none where not even two letters fit.
                let room = width - 12 - 10 - HUD.loneValueWidth(rows[selected], pen: pen)
                if let place, let name = pen.shortened(rows[selected].name, size: HUD.rowTextSize, width: room) {
                    shown = [selected]
                    origin = Vec2(m, place)
                    compact = true
                    rows[selected].name = name
                }
            }
            if !shown.isEmpty {
                panelMark = pen.mesh.mark
                // Where the scene now lies under the panel (a held badge pulled up there: the
                // sliders keep clear of where it rests, not of where it goes), the panel's fill
                // fades, so that the badge being tuned stays in sight.
                let place = Rect(x: origin.x, y: origin.y, width: width, height: HUD.panelHeight(rows: shown.count, of: rows.count))
                // (Not where the panel lies over the scene at rest too: a small window's.)
                let under = content.rest.map { rest in !rest.contains { $0.intersects(place) } } == true
                    && content.avoid.contains { $0.intersects(place) }
                (sliderAreas, sliderPanel) = HUD.drawSliders(rows, shown: shown, content: content, at: origin, width: width,
                                                             compact: compact, over: under ? content.avoid.filter { $0.intersects(place) } : nil,
                                                             pen: &pen)
                sliderPanelFaded = under
                afterPanel = pen.mesh.mark
            }
            sliderFirst = shown.first ?? content.scroll
        }
        if let sliderPanel, !caption.isEmpty, box(caption).intersects(sliderPanel) { caption = resting }
        // (Drawn after the toast is placed: where a small window leaves the toast no place but
        // over the caption, the caption is left out while it shows, not cut into slivers.)
        func drawCaption(_ box: Rect, pen: inout HUDPen) {
            pen.panel(box, fill: HUDPen.paper.with(alpha: 0.85))
            var swatch = 0
            for (i, line) in caption.enumerated() {
                let y = m + 12 + HUD.lineHeight * Double(i)
                // A recording's "rec 0:12" in red, the rest in ink.
                if i == 0, content.recording, let end = line.range(of: HUDContent.recordingSeparator) {
                    let rec = String(line[..<end.lowerBound])
                    pen.text(rec, x: m, y: y, size: HUD.textSize, color: HUDPen.recording)
                    pen.text(String(line[end.lowerBound...]), x: m + pen.width(of: rec, size: HUD.textSize), y: y, size: HUD.textSize,
                             color: HUDPen.ink)
                } else {
                    pen.text(line, x: m, y: y, size: HUD.textSize, color: HUDPen.ink, swatches: content.swatches, next: &swatch)
                }
            }
        }
        if !caption.isEmpty {
            let box = box(caption)
            captionBox = box
            below = box.maxY + 8
        }
        // Pane labels: bottom right, bottom left, or at the top below the caption and sliders,
        // whichever keeps clear of what the scene shows there and of the HUD.
        var taken = [captionBox, sliderPanel].compactMap { $0 }
        // A label wider than its pane keeps its first part: "metaball · inverseSquare" is
        // "metaball" in a narrow split window; the overlay's legend takes two lines instead (the
        // Bézier fill's key, then the others), and, narrower still, goes without the fills'
        // names ("■ Bézier only"), then puts each key on its own line. Panes too narrow even
        // for that have none.
        func width(_ label: [String]) -> Double { label.map { pen.width(of: $0, size: HUD.textSize) }.max() ?? 0 }
        // Each pane's label in the forms that fit it, longest first.
        let forms = zip(layout.panes, content.paneLabels).map { pane, whole -> [[String]] in
            guard let cut = whole.range(of: " · ") else { return [[whole]] }
            let first = String(whole[..<cut.lowerBound])
            let halves = [first, String(whole[cut.upperBound...])]
            let bare = halves.map(HUD.withoutNames)
            // (Narrower still, a line a key: "■ Bézier only", "■ field only", "■ both".)
            let keys = whole.components(separatedBy: " · ").map(HUD.withoutNames)
            let all = pane.content == .overlay ? [[whole], halves, bare] + (keys.count > bare.count ? [keys] : []) : [[whole], [first]]
            let fitting = all.filter { width($0) + 16 <= pane.width }
            // (The overlay's legend in a shorter form where the longer would cover the scene.)
            return pane.content == .overlay ? fitting : Array(fitting.prefix(1))
        }
        let labelsFit = forms.allSatisfy { !$0.isEmpty }
        // The labels placed at the top of their panes (index in labelBoxes, the pane's top).
        var topLabels: [(index: Int, paneY: Double)] = []
        for (pane, forms) in zip(layout.panes, forms) where labelsFit {
            let bottom = { (height: Double) in pane.maxY - m - height + 2 }  // (HUD.bottomBand counts one line)
            var top = m
            for box in taken where box.intersects(Rect(x: pane.x, y: 0, width: pane.width, height: h)) { top = max(top, box.maxY + 8) }
            let places = forms.map { label -> (label: [String], boxes: [Rect]) in
                let tw = width(label), height = HUD.lineHeight * Double(label.count) + 4
                return (label, [(pane.x + pane.width - m - tw - 4, bottom(height)), (pane.x + m - 4, bottom(height)), (pane.x + m - 4, top),
                                (pane.x + pane.width - m - tw - 4, top)].map {
                    Rect(x: max(pane.x + 4, $0.0), y: $0.1, width: tw + 8, height: height)
                })
            }
            // The first form and place clear of the scene and the HUD; where each covers the
            // scene, the one that covers least of it and no other part of the HUD (a small
            // picture's legend short and beside the held badge, not over it); none where even
            // that hides more than a quarter of what the scene shows in the pane (a picture
            // not much larger than the badge, which the legend would all but cover).
            let all = places.flatMap { place in place.boxes.map { (place.label, $0) } }
            let (label, box) = all.first { HUD.isClear($0.1, of: rest + taken) && $0.1.maxY <= h }
                ?? all.filter { HUD.isClear($0.1, of: taken) && $0.1.maxY <= h }.min { $0.1.overlap(with: rest) < $1.1.overlap(with: rest) }
                ?? all[0]
            let shown = Rect(x: pane.x, y: pane.y, width: pane.width, height: pane.height).overlap(with: rest)
            guard clearOfHelp(box), box.overlap(with: rest) <= shown / 4 else { continue }
            taken.append(box)
            labelBoxes.append(box)
            labelTexts.append(label.joined(separator: "\n"))
            if box.y < bottom(box.height) { topLabels.append((labelBoxes.count - 1, pane.y)) }
        }
        // Labels at the top of panes side by side line up at the lowest of their heights, where
        // that keeps them clear (the caterpillar's split: one under the caption, the other under
        // the slider panel, read as placed at random).
        for (i, paneY) in topLabels {
            let lowest = topLabels.filter { $0.paneY == paneY }.map { labelBoxes[$0.index].y }.max() ?? 0
            var moved = labelBoxes[i]
            moved.y = lowest
            guard moved.y > labelBoxes[i].y, moved.maxY <= h else { continue }
            let others = taken.filter { $0 != labelBoxes[i] }
            if HUD.isClear(moved, of: rest + others) {
                taken[taken.firstIndex(of: labelBoxes[i])!] = moved
                labelBoxes[i] = moved
            }
        }
        // The held badge's figures where the caption could not keep them (the slider panel
        // under it in a window under about 880 wide, or the held badge in their way): a box of
        // their own, after the pane labels (which name the panes), under the panel or the
        // caption, beside the panel, at a foot or the top right corner, or else the first place
        // down the left or right side, whichever is first clear of what the scene shows and of
        // the HUD (at 700x450 they were left out, and a user never saw them).
        if content.heldLines > 0, content.help == nil, caption.count <= resting.count {
            let held = wrapped(content.caption.suffix(content.heldLines))
            let tw = held.map { pen.width(of: $0, size: HUD.textSize) }.max() ?? 0
            let size = Vec2(tw + 8, HUD.lineHeight * Double(held.count) + 6)
            var corners = [Vec2(m - 4, below - 4)]
            if let panel = sliderPanel { corners += [Vec2(panel.x - 1, panel.maxY + 8), Vec2(panel.maxX + 8, panel.y - 1)] }
            corners += [Vec2(m - 4, h - m - size.y + 4), Vec2(w - m - size.x + 4, h - m - size.y + 4), Vec2(w - m - size.x + 4, m - 4)]
            for y in stride(from: below - 4, through: h - size.y, by: 4) { corners += [Vec2(m - 4, y), Vec2(w - m - size.x + 4, y)] }
            let obstacles = content.avoid + taken
            let place = corners.lazy.map { Rect(x: $0.x, y: $0.y, width: size.x, height: size.y) }.first { box in
                box.x >= 0 && box.y >= 0 && box.maxX <= w && box.maxY <= h && HUD.isClear(box, of: obstacles)
            }
            if let place {
                (figuresBox, figuresLines) = (place, held)
                taken.append(place)
            }
        }
        var toastOverHelp: (box: Rect, size: Double)?
        if let toast = content.toast, pen.width(of: "ab…", size: HUD.textSize) <= w - 4 * m {
            // Bottom centre, above the pane labels; or, where the scene lies there (the chain on
            // its floor), at the top below the caption and the sliders.
            // (In a window too narrow for two letters and "…", none: a toast cut off mid-letter
            // says nothing.)
            let size = HUD.textSize, obstacles = rest + content.passing + taken
            /// The toast wrapped to `maxWidth` (as many lines as the window holds) and its places.
            func arranged(_ maxWidth: Double) -> (lines: [String], whole: Bool, size: Vec2, candidates: [Rect]) {
                var wrapped = pen.wrap(toast, size: size, width: maxWidth)
                if wrapped.count > 2, let short = content.toastShort { wrapped = pen.wrap(short, size: size, width: maxWidth) }
                let lines = pen.firstLines(wrapped, most: Int((h - 12) / HUD.lineHeight), size: size, width: maxWidth)
                let tw = min(maxWidth, lines.map { pen.width(of: $0, size: size) }.max() ?? 0)
                let height = HUD.lineHeight * Double(lines.count) + 8
                let bottom = h - m - (content.paneLabels.isEmpty ? 0 : HUD.lineHeight + 12)
                let width = min(w - 2 * m, tw + 16)
                /// The places down the column at x, in order.
                func places(x: Double) -> [Rect] {
                    let low = Rect(x: x, y: max(0, bottom - height), width: width, height: height)
                    var high = Rect(x: x, y: max(below, m), width: width, height: height)
                    for box in taken where box.maxY < h / 2 && box.intersects(Rect(x: x, y: 0, width: width, height: h)) {
                        high.y = max(high.y, box.maxY + 8)
                    }
                    // Below every part of the HUD in its column that begins in the window's upper half
                    // (a slider panel reaching past the middle: the caterpillar's at 500x400, where the
                    // toast went over the panel, its floor taking the bottom).
                    var under = high
                    for box in taken where box.y < h / 2 && box.intersects(Rect(x: x, y: 0, width: width, height: h)) {
                        under.y = max(under.y, box.maxY + 8)
                    }
                    // The first place down its column from the top one that is clear of the HUD and the
                    // scene (the caterpillar in split at 700x400: between the pane labels and its floor).
                    // (Clear of the scene as it is now too, where there is such a place: a key's
                    // toast with a badge held still went over it, where it rests being free.)
                    func firstFree(clearOf avoid: [Rect]) -> Rect? {
                        var y = high.y
                        while y + height <= h {
                            let place = Rect(x: x, y: y, width: width, height: height)
                            if HUD.isClear(place, of: avoid) { return place }
                            y += 4
                        }
                        return nil
                    }
                    // (Where the scene rests as it is, the grid, the two are one search.)
                    let free = (content.rest == nil ? nil : firstFree(clearOf: obstacles + content.avoid)) ?? firstFree(clearOf: obstacles)
                    // Where the scene lies at both (a grid of badges), over the pane labels at the
                    // window's foot, in the band the grid leaves them; else at the bottom as usual.
                    let foot = Rect(x: x, y: max(0, h - 6 - height), width: width, height: height)
                    return [low, high, under] + (free.map { [$0] } ?? []) + [foot]
                }
                // The centre's column first; then, where it has no place clear of both the HUD and
                // the scene, the right's and the left's (the caterpillar in overlay at 500x350: its
                // panel down to its floor at the left, the toast over the panel's first row, with
                // the right side free).
                let columns = [max(m, (w - tw) / 2 - 8), max(m, w - m - width), m]
                let centre = places(x: columns[0])
                let sides = centre.contains { HUD.isClear($0, of: obstacles) && $0.maxY <= h } ? [] : columns.dropFirst().flatMap { places(x: $0) }
                return (lines, lines.count == wrapped.count, Vec2(width, height), centre + sides)
            }
            func isClearPlace(_ box: Rect) -> Bool { HUD.isClear(box, of: obstacles) && box.maxY <= h }
            // Where no place is clear at the window's width, wrapped to half of it, in at most
            // three lines, if that finds one (a caterpillar made anew falls down the left half
            // of the window, past the line that the centre's and the right's columns take).
            let full = arranged(w - 4 * m)
            var (lines, candidates) = (full.lines, full.candidates)
            // (Kept where it covers no more than a pane label and the caterpillar's way down:
            // a toast over the labels while the caterpillar fell jumped 22 units as it landed.)
            let unlabelled = taken.filter { !labelBoxes.contains($0) }
            let kept = content.toastAt.flatMap { $0.x >= 0 && $0.maxX <= w && $0.maxY <= h && HUD.isClear($0, of: rest + unlabelled) ? $0 : nil }
            if let kept, Vec2(kept.width, kept.height) == full.size {
                candidates = [kept]
            } else if kept != nil || !candidates.contains(where: isClearPlace) {
                let narrow = arranged((w - 4 * m) / 2)
                if narrow.whole, narrow.lines.count <= 3 {
                    if let kept, Vec2(kept.width, kept.height) == narrow.size {
                        (lines, candidates) = (narrow.lines, [kept])
                    } else if !candidates.contains(where: isClearPlace), narrow.candidates.contains(where: isClearPlace) {
                        (lines, candidates) = (narrow.lines, narrow.candidates)
                    }
                }
            }
            // (Clear of the sliders and labels too where it can be; else clear of the scene,
            // over a part of the HUD for the moment it shows; only where every place covers the
            // scene, one that covers no other part of the HUD, as a label does.)
            // (A falling caterpillar's way down comes after the HUD, and of the HUD a pane label,
            // left out while the toast shows, comes first: a toast over the slider panel being
            // tuned hid it for the whole fall at 500x400.)
            // (And first of the scene as it is now: a badge held still where the toast goes;
            // where the scene rests as it is, the grid, that is `obstacles` again.)
            let asItIs = content.rest == nil ? [] : [obstacles + content.avoid]
            let keptClearOf = asItIs + [obstacles, rest + taken, rest + content.passing + unlabelled, rest + unlabelled,
                                        rest + content.passing, rest, taken]
            let box = keptClearOf.lazy.compactMap { avoid in candidates.first { HUD.isClear($0, of: avoid) && $0.maxY <= h } }.first
                ?? candidates[0]
            let repeatsItsRow = content.toastSlider.map { slider in
                sliderAreas.contains { $0.index == slider && $0.row.intersects(box) }
            } ?? false
            if !repeatsItsRow {
                // (The panel, the last thing drawn before the toast, taken back out while the
                // toast covers part of it.)
                if let panel = sliderPanel, panel.intersects(box), let panelMark, let afterPanel, pen.mesh.mark == afterPanel {
                    pen.mesh.truncate(to: panelMark)
                    sliderPanelCovered = true
                }
                toastBox = box
                toastLines = lines
                // Where the help covers its place (a short window's), it is drawn over the help,
                // after it: a key's answer (a screenshot saved, the sliders hidden) was left out.
                if clearOfHelp(box) { HUD.drawToast(box, lines: lines, size: size, pen: &pen) } else { toastOverHelp = (box, size) }
            }
        }
        if let box = captionBox {
            if let toastBox, toastBox.intersects(box) { captionBox = nil } else { drawCaption(box, pen: &pen) }
        }
        if let box = figuresBox {
            if let toastBox, toastBox.intersects(box) {
                (figuresBox, figuresLines) = (nil, [])
            } else {
                pen.panel(box, fill: HUDPen.paper.with(alpha: 0.85))
                for (i, line) in figuresLines.enumerated() {
                    pen.text(line, x: box.x + 4, y: box.y + 16 + HUD.lineHeight * Double(i), size: HUD.textSize, color: HUDPen.ink)
                }
            }
        }
        // (The labels too: one under the toast, as over the grid's label band, is left out while
        // the toast shows, not cut to "Bézier ·" at its edge.)
        if let toastBox {
            let kept = labelBoxes.indices.filter { !labelBoxes[$0].intersects(toastBox) }
            (labelBoxes, labelTexts) = (kept.map { labelBoxes[$0] }, kept.map { labelTexts[$0] })
        }
        for (box, label) in zip(labelBoxes, labelTexts) {
            pen.panel(box, fill: HUDPen.paper.with(alpha: 0.85))
            let lines = label.split(separator: "\n")
            var swatch = 0
            for (i, line) in lines.enumerated() {
                pen.text(String(line), x: box.x + 4, y: box.maxY - 6 - HUD.lineHeight * Double(lines.count - 1 - i), size: HUD.textSize,
                         color: HUDPen.ink, swatches: content.swatches, next: &swatch)
            }
        }
        if let help {
            let box = help.box
            pen.panel(box, fill: HUDPen.paper, edge: HUDPen.edge)
            // (A window too short for a row counts them all in the heading.)
            // It says how to close it where there is room; "…" where not even "keys" fits, a
            // window a few letters wide; none where not even that does.
            let headings = help.rows.isEmpty && help.hidden > 0
                ? ["keys · \(help.hidden) more · \(HUD.helpCloses)", "keys · \(help.hidden) more", "\(help.hidden) more"]
                : ["keys · \(HUD.helpCloses)", "keys · escape closes"]
            // (And none in a panel too short for a line: its baseline 20 below the panel's top,
            // or in a shorter one 6 above its foot, over the edge it once sat on, at 60x40.)
            let fits = box.height >= HUD.lineHeight + 4
            let heading = fits ? (headings + ["keys", "…"]).first { pen.width(of: $0, size: HUD.textSize) <= box.width - 24 } ?? "" : ""
            helpHeadingBaseline = box.y + min(20, box.height - 6)
            pen.text(heading, x: box.x + 12, y: helpHeadingBaseline, size: HUD.textSize, color: HUDPen.accent)
            helpHeading = heading
            helpRows = help.rows
            for (i, row) in help.rows.enumerated() {
                let y = box.y + 38 + HUD.lineHeight * Double(i)
                pen.text(row.0, x: box.x + 12, y: y, size: HUD.rowTextSize, color: HUDPen.accent)
                pen.text(row.1, x: box.x + 12 + help.keyWidth, y: y, size: HUD.rowTextSize, color: HUDPen.ink)
            }
            helpBox = box
            helpHidden = help.hidden
            helpFirst = help.first
        }
        if let toastOverHelp { HUD.drawToast(toastOverHelp.box, lines: toastLines, size: toastOverHelp.size, pen: &pen) }
        // Split: a divider between the panes, broken where the caption, the sliders, a label,
        // the toast or the help lie over it (the window's own parts, across both panes), so
        // that it never shows through their panels or their text.
        if layout.panes.count > 1 {
            let parts = [captionBox, sliderPanelCovered ? nil : sliderPanel, toastBox, helpBox, figuresBox].compactMap { $0 } + labelBoxes
            for pane in layout.panes.dropFirst() {
                // The window unit left of the pane's edge: whole device pixels at any whole scale.
                let line = Rect(x: pane.x - 1, y: 0, width: 1, height: h)
                // The parts' spans down the line (with their 1-unit edges), merged; the gaps between are drawn.
                let spans = parts.filter { $0.x - 1 < line.maxX && line.x < $0.maxX + 1 }
                    .map { ($0.y - 1, $0.maxY + 1) }.sorted { $0.0 < $1.0 }
                var y = 0.0
                for (top, bottom) in spans + [(h, h)] {
                    if top > y { dividerPieces.append(Rect(x: line.x, y: y, width: line.width, height: min(top, h) - y)) }
                    y = max(y, bottom)
                }
            }
            for piece in dividerPieces { pen.panel(piece, fill: HUDPen.edge) }
        }
        mesh = pen.mesh.mesh
    }

    /// The help's panel, centred: two columns (split at each line's first run of two spaces),
    /// the descriptions wrapped to what the keys leave of a narrow window, and, in a short one,
    /// the rows from `scroll` on that fit, those above counted on its first line ("↑ 3 more
    /// (up)") and those below on its last ("↓ 8 more (down)"); the scroll is held within what
    /// the rows need (none once every row below it fits).
    private static func layOutHelp(_ help: [String], w: Double, h: Double, scroll: Int, pen: HUDPen)
        -> (box: Rect, rows: [(String, String)], hidden: Int, first: Int, keyWidth: Double) {
        let m = margin
        let rows = help.map { line -> (String, String) in
            guard let gap = line.range(of: "  ") else { return (line, "") }
            return (String(line[..<gap.lowerBound]), line[gap.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        let keyWidth = (rows.map { pen.width(of: $0.0, size: rowTextSize) }.max() ?? 0) + 14
        let textWidth = rows.map { pen.width(of: $0.1, size: rowTextSize) }.max() ?? 0
        let width = min(w - 2 * m, keyWidth + textWidth + 24)
        // Where the descriptions' column would be narrower than 120 units (a window about 260
        // wide or less, with the keys' column as it is), each key stands on a line of its own
        // above its description, which takes the panel's width: two columns there left a few
        // letters a line, and no row at all in a 200x150 window.
        let stacked = width - keyWidth - 24 < 120
        let indent = stacked ? 0 : keyWidth
        let column = max(40, width - indent - 24)
        let lines = rows.map { row -> [(String, String)] in
            let text = pen.wrap(row.1, size: rowTextSize, width: column).filter { !$0.isEmpty }
            if stacked { return [(row.0, "")] + text.map { ("", $0) } }
            return text.isEmpty ? [(row.0, "")] : text.enumerated().map { ($0.offset == 0 ? row.0 : "", $0.element) }
        }
        let fit = max(0, Int((h - 2 * m - 34) / lineHeight))
        // (One piece, from the keys' column: in two columns its arrow stood under the keys and
        // its words under the descriptions, and read as two things. In a window a few letters
        // wide it says less where the whole does not fit the panel: "↓ 20 more (down)",
        // "↓ 20 more", "↓ 20", "↓"; at 120x80 it ran past it.)
        func more(_ count: Int, _ arrow: String, _ way: String) -> (String, String) {
            let forms = ["\(arrow) \(count) more (\(way))", "\(arrow) \(count) more", "\(arrow) \(count)"]
            return (forms.first { pen.width(of: $0, size: rowTextSize) <= width - 24 } ?? arrow, "")
        }
        // The rows from `first` on that fit, with the counting lines.
        func shown(from first: Int) -> (rows: [(String, String)], hidden: Int) {
            var shown: [(String, String)] = first > 0 && fit > 0 ? [more(first, "↑", "up")] : []
            let rest = lines[first...]
            let room = shown.count + rest.reduce(0) { $0 + $1.count } <= fit ? fit : fit - 1
            for (k, row) in zip(rest.indices, rest) {
                if shown.count + row.count > room {
                    // Where not even the first row fits whole (a 160x110 window showed only the
                    // count), its start, cut with "…": its key and its description's first lines.
                    let free = room - shown.count
                    var hidden = rows.count - k
                    if k == first, free >= (stacked ? 2 : 1) {
                        var start = Array(row.prefix(free))
                        let last = start.count - 1
                        start[last].1 = pen.shortened(start[last].1 + "…", size: rowTextSize, width: column) ?? "…"
                        shown += start
                        hidden -= 1
                    }
                    if hidden > 0, fit > shown.count { shown.append(more(hidden, "↓", "down")) }
                    return (shown, hidden)
                }
                shown += row
            }
            return (shown, 0)
        }
        // Scrolled no further than the first row from which all the rest fit.
        var first = min(max(0, scroll), max(0, rows.count - 1))
        while first > 0, shown(from: first - 1).hidden == 0 { first -= 1 }
        var (drawn, hidden) = shown(from: first)
        if first > 0 || hidden > 0, drawn.count < fit {
            // Scrolled, the box keeps its height and place, its "↓" line at its foot: a row that
            // wraps onto more lines than the last did made it jump at every step (300x200).
            let blanks = Array(repeating: ("", ""), count: fit - drawn.count)
            drawn.insert(contentsOf: blanks, at: hidden > 0 ? drawn.count - 1 : drawn.count)
        }
        let height = min(h - 2 * m, lineHeight * Double(drawn.count) + 34)
        let box = Rect(x: max(m, (w - width) / 2), y: max(m, (h - height) / 2), width: max(0, width), height: max(0, height))
        return (box, drawn, hidden, first, indent)
    }

    /// Whether a HUD part keeps clear of every one of the scene's boxes.
    static func isClear(_ box: Rect, of avoid: [Rect]) -> Bool { !avoid.contains { $0.intersects(box) } }

    /// A legend's line without what its parentheses say (the fills' names): "■ Bézier only".
    static func withoutNames(_ line: String) -> String {
        line.replacingOccurrences(of: #" \([^)]*\)"#, with: "", options: .regularExpression)
    }

    /// The slider rows' name and value columns, each with its 10-unit gap. They stay put while
    /// values change and the list scrolls: every name, and every number's value and the widest
    /// it can come to (a choice has no bar to run into).
    private static func columns(_ rows: [SliderRow], pen: HUDPen) -> (name: Double, value: Double) {
        let name = (rows.map { pen.width(of: $0.name, size: rowTextSize) }.max() ?? 0) + 10
        let value = (rows.flatMap { $0.fraction == nil ? [] : [$0.value, $0.widest ?? ""] }
            .map { pen.width(of: $0, size: rowTextSize) }.max() ?? 0) + 10
        return (name, value)
    }

    /// The slider panel's height with `shown` of `total` rows: its padding, and the line
    /// counting the rows out of view where some are (a lone row has none).
    static func panelHeight(rows shown: Int, of total: Int) -> Double {
        rowHeight * Double(shown) + 12 + (shown > 1 && shown < total ? rowHeight : 0)
    }

    /// The least width of a panel of several rows below the caption: their name and value
    /// columns, bars of `leastBar` and the pads either side (narrower, a window shows the lone
    /// row, its columns its own and its bar the wider for it).
    static func leastPanelWidth(_ rows: [SliderRow], pen: HUDPen) -> Double {
        let (name, value) = columns(rows, pen: pen)
        return 6 + name + value + leastBar + 6
    }

    /// The slider panel's fill while the scene lies under it (0.9 otherwise).
    static let fadedPanel = 0.35
    /// The opacity of the faded panel's text and bars: a held badge's count read through them
    /// ("60 px" over "23" read "25").
    static let fadedInk = 0.4

    /// The narrowest bar a panel below the caption is shown with: one a pointer can set (at
    /// 300 wide the bars were 17 units).
    static let leastBar = 40.0

    /// The widest a lone row's value comes to.
    static func loneValueWidth(_ row: SliderRow, pen: HUDPen) -> Double {
        [row.value, row.widest ?? ""].map { pen.width(of: $0, size: rowTextSize) }.max() ?? 0
    }

    /// The slider rows: name, value, and a bar for numbers, in three columns that never
    /// overlap (the bar takes what the longest name and value leave). `compact`: the columns
    /// of the rows shown alone (the lone row of a narrow window: its own name's width).
    private static func drawSliders(_ rows: [SliderRow], shown: [Int], content: HUDContent, at origin: Vec2, width: Double,
                                    compact: Bool = false, over scene: [Rect]? = nil, pen: inout HUDPen) -> ([(index: Int, row: Rect, bar: Rect?)], Rect) {
        // `scene`: where the scene lies under the panel, which then fades (nil: it does not).
        let faded = scene != nil
        /// Whether a line of the panel lies over the scene there: left out (a held badge's count
        /// under a row's text, faded or not, read as another number).
        func overScene(_ line: Rect) -> Bool { scene?.contains { $0.intersects(line) } == true }
        let size = rowTextSize, pad = 6.0  // (HUD.topBand counts it)
        let (nameWidth, valueWidth) = columns(compact ? shown.map { rows[$0] } : rows, pen: pen)
        // Rows scrolled out of the panel are counted on one line at its bottom ("↑ 3 more (up)
        // · ↓ 3 more (down)"), there whenever the list scrolls: the panel keeps its height, and
        // its first row its place, as it scrolls.
        let above = shown.first ?? 0, beneath = rows.count - 1 - (shown.last ?? rows.count - 1)
        let more = shown.count > 1 ? [above, beneath] : [0, 0]
        let panel = Rect(x: origin.x, y: origin.y, width: width, height: panelHeight(rows: shown.count, of: rows.count))
        if faded {
            pen.seeThroughPanel(panel, fill: HUDPen.paper.with(alpha: HUD.fadedPanel), edge: HUDPen.edge.with(alpha: 0.6), holes: scene ?? [])
        } else {
            pen.panel(panel, fill: HUDPen.paper.with(alpha: 0.9), edge: HUDPen.edge.with(alpha: 0.6))
        }
        let counts = [more[0] > 0 ? "↑ \(more[0]) more (up)" : nil, more[1] > 0 ? "↓ \(more[1]) more (down)" : nil].compactMap { $0 }
        // Over the scene, its ink fades too, as much again as the fill, and the lines over the
        // scene itself are left out.
        let ink = faded ? fadedInk : 1
        if !counts.isEmpty, !overScene(Rect(x: panel.x, y: panel.maxY - pad - rowHeight, width: width, height: rowHeight)) {
            pen.text(counts.joined(separator: " · "), x: panel.x + pad, y: panel.maxY - pad - 5, size: size, color: HUDPen.ink.with(alpha: 0.6 * ink))
        }
        var areas: [(index: Int, row: Rect, bar: Rect?)] = []
        for (k, i) in shown.enumerated() {
            let row = rows[i]
            let r = Rect(x: panel.x, y: panel.y + pad + rowHeight * Double(k), width: width, height: rowHeight)
            let lit = i == content.selected
            // (Faded with the panel over a held badge: an opaque band of it cut the badge flat.)
            if i == content.hovered || lit {
                let color = HUDPen.hover.with(alpha: (lit ? 1 : 0.6) * (faded ? HUD.fadedPanel : 1))
                // (Not over the held badge: it keeps its colour.)
                for piece in r.subtracting(scene ?? []) { pen.panel(piece, fill: color) }
            }
            // (Greyed where it changes nothing drawn now: spread with the quad style.)
            let shade = HUDPen.rowColor(selected: lit, inactive: row.inactive), color = shade.with(alpha: shade.alpha * ink)
            let baseline = r.y + 13
            // (Each column's part of the row, its name, value or bar, left out alone; but a value
            // whose name is left out goes too: "false", "quad", "0.5" floated without their
            // names beside a caterpillar under the panel.)
            let named = !overScene(Rect(x: r.x + pad, y: r.y, width: nameWidth, height: r.height))
            if named {
                pen.text(row.name, x: r.x + pad, y: baseline, size: size, color: color)
            }
            if named, !overScene(Rect(x: r.x + pad + nameWidth, y: r.y, width: valueWidth, height: r.height)) {
                pen.text(row.value, x: r.x + pad + nameWidth, y: baseline, size: size, color: color)
            }
            var bar: Rect?
            let barX = r.x + pad + nameWidth + valueWidth
            if let fraction = row.fraction, r.maxX - pad - barX >= 12 {
                let b = Rect(x: barX, y: r.y + 6, width: r.maxX - pad - barX, height: 6)
                if !overScene(b) {
                    pen.panel(b, fill: HUDPen.track.with(alpha: ink))
                    pen.panel(Rect(x: b.x, y: b.y, width: b.width * min(max(fraction, 0), 1), height: b.height), fill: color)
                }
                bar = b
            }
            areas.append((i, r, bar))
        }
        return (areas, panel)
    }
}

extension Color {
    func with(alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
