// `sticky`: the interactive window. Input in, fixed-step simulation, one frame when something changed.

import Foundation
import Geometry
import Imaging
import Motion
import StickyChain
import Platform
import Render
import Typography

/// The window's loop: Initialization, then Update (input, fixed steps) and Draw until quit.
final class WindowApp {
    static var help: String {
        let keys = Controls.keys.map { "  " + $0.label.padding(toLength: 26, withPad: " ", startingAt: 0) + $0.help }
        return """
            usage: sticky [OPTIONS]

            Opens the window. Drag a badge with the mouse: its home circle shrinks and the bridge
            stretches; past --max-distance it snaps. Let go near home and it springs back; let go
            past the distance and it bursts. With --scene chain (or n): drag the caterpillar by its head.
            The sliders (top right; in a narrow window, under the caption) follow the mouse too:
            click or drag a bar, or use the wheel over it. A window larger than the screen is
            fitted to it (a warning says so). The window follows the screen's scale; with --scale,
            screenshots are drawn offscreen at that scale
            (recordings keep the window's pixels; replay records at any scale).

            keys:
            \(keys.joined(separator: "\n"))

              --dump FILE.jsonl         one JSON object per drawn frame, as `replay --dump` writes
              --screenshot-dir DIR      where s saves screenshots and v recordings (./screenshots)
              --screenshot-hud BOOL     whether s includes the HUD (true); shift+s does the other
            \(CommonOptions.help)
            """
    }

    let window: Window
    let renderer: Renderer
    var options: CommonOptions
    var scene: Scene
    var layout: Layout
    var painter = BadgePainter()
    var controls: Controls
    var dump: FileHandle?
    var quit = false
    /// Whether the button is down on the scene (moves are ignored otherwise).
    var pressed = false
    /// The pane the press began in: the drag goes on through it (`Layout.scenePoint(_:pane:)`;
    /// in split, a badge pulled across the divider jumped a pane's width back).
    var dragPane = 0
    /// The slider whose bar the button went down on (its drags set the value).
    var draggedSlider: Int?
    /// The pointer in window units, and the slider row under it.
    var pointer = Vec2(-1, -1)
    /// The pointer's point in the scene as last given to it (a drag's `dragPoint`).
    private var scenePointer = Vec2.zero
    var hovered: Int?
    var construction = false
    var wireframe = false
    /// Sliders shown (H hides them), help overlay shown (F1 or ?).
    var showSliders = true
    var showHelp = false {
        // Opened, it takes the toasts said before it (a resize's zoom, said as the help opened,
        // lay over its first rows at 300x200: a toast goes over the help only as the answer to
        // a key pressed there); closed, its own toast goes with it (it stayed over the sliders
        // it said were hidden).
        didSet {
            guard showHelp != oldValue else { return }
            if showHelp || toast?.text == WindowApp.helpHidesSliders { toast = nil }
        }
    }
    static let helpHidesSliders = "the help hides the sliders: f1, escape or a click closes it"
    /// The first help row shown (up and down scroll the help while it is open).
    var helpScroll = 0
    /// The HUD as last drawn: where its sliders are, for the mouse; and its first slider row.
    var hud: HUD?
    var sliderScroll = 0
    /// Seconds the last frame took to build and draw (shown in the caption); nil before the first.
    var frameTime: Double?
    /// Seconds the last frame spent taking screenshots and recording frames (left out of `frameTime`).
    var captureTime = 0.0
    /// Frames that left a GL error (glGetError after each): the first is reported, the count at exit.
    var glErrors = 0
    let capture: WindowCapture
    /// Whether screenshots include the HUD; shift+S does the other.
    let screenshotHUD: Bool
    /// A screenshot to take at the next frame: with the HUD (true) or without (false).
    var pendingShot: Bool?
    /// A short message at the bottom of the window, and until when it shows.
    var toast: (text: String, until: Double, slider: Int?, short: String?)?
    /// Where the HUD drew the toast last frame (`HUDContent.toastAt`).
    private var toastPlace: (text: String, box: Rect)?
    /// Whether the field's overflow has been told (once a run).
    private var fieldOverflowTold = false
    /// A resize's zoom toast while the help was open, said once it closes.
    private var zoomNoteAfterHelp: (text: String, short: String)?
    /// Whether a frame of the recording running showed a badge springing back (said with the
    /// recording's end where its 30 fps cannot show the spring's ringing).
    private var recordedSpring = false
    /// The maxDistance the held badge broke at, while it is held detached (`caption`).
    private var brokeAt: Double?
    /// Set by h showing the sliders: the next frame's HUD tells whether their row had room.
    private var slidersJustShown = false
    /// The clock's origin: the simulation's t = 0.
    let start: Double
    /// When (on that clock) the scene shown began: a scene made by the scene key starts at its t = 0.
    var sceneStart = 0.0
    /// The snapshot the last frame was painted from (a recording's labels keep clear of it).
    private var frameSnapshot: SceneSnapshot?

    init(options: CommonOptions, dumpPath: String?, screenshotFolder: String = "screenshots", screenshotHUD: Bool = true)
        throws(CLIError)
    {
        self.options = options
        self.screenshotHUD = screenshotHUD
        capture = WindowCapture(folder: screenshotFolder)
        do {
            window = try Window(width: options.width, height: options.height, title: WindowApp.title(options))
        } catch .noDisplay(let reason) {
            throw .failure("\(PlatformError.noDisplay(reason)); without a display, try `sticky render --out FILE.png` or `sticky replay SCRIPT`, or run under xvfb-run")
        } catch {
            // A display, but no OpenGL 3.3 core from its driver.
            throw .failure("\(error); this display's OpenGL driver is older than 3.3 core; update Mesa or the GPU driver")
        }
        do {
            renderer = try Renderer()
        } catch {
            window.destroy()
            throw .failure("\(error)")
        }
        if let asked = window.fittedFrom {
            // (It opened smaller without a word.)
            let (w, h) = window.size
            CommandLine.warn("--size \(asked.width)x\(asked.height) is larger than the screen: the window opened at \(w)x\(h)")
        }
        (controls, layout, scene) = WindowApp.setUp(options, size: window.size, preset: options.preset)
        if let start = options.startingValues { controls.resetTo(start: start.values, source: start.source) }
        if let dumpPath {
            switch AtomicFile.create(dumpPath) {
            case .success(let handle):
                dump = handle
            case .failure(let problem):
                renderer.destroy()
                window.destroy()
                throw .failure("cannot write '\(dumpPath)': \(problem.reason)")
            }
        }
        painter.atlas = Fonts.atlas()
        start = Window.time
        // A window that opens too small for the scene says so.
        if let note = zoomToast(from: 1) { say(note.text, short: note.short) }
    }

    /// Sets the window's title from the options and the recording.
    private func retitle() { window.title = WindowApp.title(options, recording: capture.isRecording) }

    /// The window's title: scene and mode, and "recording" while it records.
    static func title(_ options: CommonOptions, recording: Bool = false) -> String {
        "sticky — \(options.scene) · \(options.mode.rawValue)\(recording ? " · recording" : "")"
    }

    func run() {
        defer {
            // A recording running at the end is saved, and says so on stdout (a failure has
            // warned on stderr already).
            if let stopped = stopRecording(), stopped.saved { CommandLine.say(stopped.message) }
            try? dump?.close()
            if glErrors > 1 { CommandLine.warn("\(glErrors) frames had a GL error") }
            renderer.destroy()
            window.destroy()
            // (Errors Xlib's default handler would have ended the window on: said, not died of.)
            let x = window.otherXErrors
            if x.count > 0 { CommandLine.warn("\(x.count) X error\(x.count == 1 ? "" : "s") went by (the first: \(x.first))") }
        }
        var dirty = true
        while !quit {
            // Sleep while nothing moves; otherwise take what came and go on drawing.
            let wasAnimating = scene.isAnimating
            let events: [InputEvent]
            if wasAnimating || dirty || capture.isRecording {
                events = window.poll()
            } else if let shown = toast {
                // Asleep until input or the toast's end.
                events = window.wait(timeout: max(0.001, shown.until - (Window.time - start)))
            } else {
                events = window.wait()
            }
            let now = Window.time - start
            scene.advance(to: now - sceneStart)
            for event in events { dirty = handle(event) || dirty }
            if quit { break }
            // The step that ends a spring or a burst changes the picture too; so does a toast's end.
            if let shown = toast, shown.until < now {
                toast = nil
                dirty = true
            }
            let changed = dirty || wasAnimating || scene.isAnimating || capture.isRecording
            dirty = false
            guard changed else { continue }
            let frameStart = Window.time
            // A screenshot's or recording's toast shows at once: draw again.
            dirty = draw()
            // The first frame had no time to show (its caption read 0.0 ms, and a still window
            // kept it): a second one shows the first one's.
            if frameTime == nil { dirty = true }
            // (Not counting the screenshots' and recording's reading and writing: the caption's
            // figure is what drawing the frame took, and s once showed 50 ms.)
            frameTime = Window.time - frameStart - captureTime
            writeDumpLine(at: now)
            // Xvfb and some drivers do not block in swap: cap the rate at 120 Hz while animating.
            let spent = Window.time - frameStart
            if scene.isAnimating || capture.isRecording, spent < 1.0 / 120 { usleep(UInt32((1.0 / 120 - spent) * 1e6)) }
        }
    }

    /// Applies one event; true if the picture may have changed.
    private func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown(let x, let y):
            pointer = Vec2(x, y)
            // A press closes the help; on its panel, which covers the scene, it grabs nothing,
            // and beside it, where the scene shows, it goes on to grab what lies there.
            if showHelp {
                showHelp = false
                if hud?.helpBox?.contains(pointer) ?? true { return true }
            }
            // A press on the sliders sets them and never grabs a badge.
            if let area = sliderArea(at: pointer) {
                controls.selected = area.index
                if let bar = area.bar, pointer.x >= bar.x, pointer.x <= bar.maxX {
                    draggedSlider = area.index
                    setSlider(from: bar)
                }
                return true
            }
            pressed = true
            dragPane = layout.pane(at: pointer)
            scenePointer = layout.scenePoint(pointer, pane: dragPane)
            scene.apply(.pointerDown(scenePointer))
            if options.scene == .grid, toast?.text != WindowApp.gridPress { say(WindowApp.gridPress) }
        case .pointerMove(let x, let y):
            pointer = Vec2(x, y)
            if let index = draggedSlider, let bar = hud?.sliderAreas.first(where: { $0.index == index })?.bar {
                setSlider(from: bar)
                return true
            }
            guard pressed else {
                let over = sliderArea(at: pointer)?.index
                defer { hovered = over }
                return over != hovered
            }
            scene.apply(.pointerMove(dragPoint()))
        case .pointerUp(let x, let y):
            pointer = Vec2(x, y)
            if draggedSlider != nil {
                draggedSlider = nil
                return true
            }
            guard pressed else { return false }
            pressed = false
            scene.apply(.pointerMove(dragPoint()))
            scene.apply(.pointerUp)
        case .focusLost:
            // The release may never come: let go where the pointer was.
            if pressed { scene.apply(.pointerUp) }
            pressed = false
            draggedSlider = nil
        case .key(let name, let shift, let alt, let repeated):
            return handle(KeyPress(name: name, shift: shift, alt: alt), repeated: repeated)
        case .closeRequested:
            quit = true
        case .destroyed:
            // (Quit as from a close: a recording in progress is saved.)
            CommandLine.warn("the window was destroyed from outside; quitting")
            quit = true
        case .exposed:
            // Restored or uncovered: the picture must be drawn again (true below).
            break
        case .resized(let w, let h):
            if let note = relayout(width: w, height: h) {
                // (Said over the open help it covered the help's last line: said when it closes.)
                if showHelp { zoomNoteAfterHelp = note } else { say(note.text, short: note.short) }
            }
        case .scroll(_, let dy):
            // The help, while it is open: its rows.
            if showHelp {
                guard dy != 0 else { return false }
                scrollHelp(by: dy < 0 ? 1 : -1)
                return true
            }
            // Over a slider: that one; elsewhere: the selected one.
            if let area = sliderArea(at: pointer) { controls.selected = area.index }
            controls.scroll(dy, parameters: &options.parameters)
            parametersChanged()
        }
        return true
    }

    /// Scrolls the open help by `rows`, from the first row it shows (its scroll held in range).
    private func scrollHelp(by rows: Int) { helpScroll = (hud?.helpFirst ?? helpScroll) + rows }

    /// A key, through the key table; true if the picture may have changed.
    private func handle(_ key: KeyPress, repeated: Bool) -> Bool {
        // While the help is open, the keys that select a slider scroll it instead (its rows
        // may not all fit a short window).
        if showHelp, let binding = Controls.binding(for: key), binding.action == .selectPrevious || binding.action == .selectNext {
            scrollHelp(by: binding.action == .selectNext ? 1 : -1)
            return true
        }
        // And the keys that change the selected slider, which the help hides, change nothing
        // (a new user moved a slider they could not see).
        if showHelp, let binding = Controls.binding(for: key), binding.action == .moveSlider || binding.action == .resetSlider {
            if !repeated { say(WindowApp.helpHidesSliders) }
            return !repeated
        }
        let before = options.parameters
        let action = controls.handle(key, parameters: &options.parameters)
        // A held key repeats the sliders and the selection; a held S, V, M, ... acts once.
        if repeated, action != .parameters, action != .selection { return false }
        switch action {
        case .none: return false
        case .selection:
            // Where the window is too small to show the selected slider's row, or the sliders
            // are hidden, a toast says which one is selected (hidden, a new user learnt which
            // slider they had selected only from the toast of changing it).
            if !showHelp, !showSliders || hud?.sliderAreas.isEmpty == true {
                let selected = WindowApp.sliderToast(controls.selectedParameter, in: options.parameters, scene: scene.kind, mode: options.mode).text
                say(showSliders ? selected : selected + " · sliders hidden (h shows them)")
            }
            // Else a toast over the slider panel (a small window's) goes, so that the row newly
            // selected shows.
            else if let hud, let box = hud.toastBox, let panel = hud.sliderPanel, box.intersects(panel) { toast = nil }
            // And one that reports another slider's value goes: "maxDistance reset to 60 px"
            // stayed up with shrink selected.
            else if let slider = toast?.slider, slider != controls.selected { toast = nil }
        case .parameters:
            let binding = Controls.binding(for: key)?.action
            parametersChanged(reset: binding == .resetSlider, stuck: binding == .moveSlider && options.parameters == before)
            if binding == .preset, let preset = Int(key.name), ParameterRegistry.presets.indices.contains(preset - 1) {
                say(WindowApp.presetToast(ParameterRegistry.presets[preset - 1].name))
            } else if binding == .resetSlider && key.shift {
                say(controls.basisSource.map { "every slider reset to its starting value (\($0))" }
                    ?? controls.basisName.map { "every slider reset to preset \($0)'s values, the others to their defaults" }
                    ?? "every slider reset to its default")
            }
        case .reset:
            scene.apply(.reset)
            say(WindowApp.resetToast(options.scene))
        case .quit:
            // Escape closes the help first, as a press on the scene does; q always quits.
            if showHelp && key.name == "escape" { showHelp = false } else { quit = true }
        case .nextMode:
            let modes = Mode.allCases
            options.mode = modes[(modes.firstIndex(of: options.mode)! + 1) % modes.count]
            retitle()
            let (w, h) = window.size
            let note = relayout(width: w, height: h), said = "mode: \(options.mode.rawValue)"
            say(said + (note.map { " · " + $0.text } ?? ""), short: note.map { said + " · " + $0.short })
        case .nextScene: nextScene()
        // (The toast showing goes first: it said what the last key did, and a screenshot with
        // the HUD taken just after changing a slider had that slider's toast in it. The saved
        // file's toast follows.)
        case .screenshot:
            pendingShot = screenshotHUD
            toast = nil
        case .screenshotOtherWay:
            pendingShot = !screenshotHUD
            toast = nil
        case .toggleConstruction:
            construction.toggle()
            say(construction ? "construction on (\(constructionShown))" : "construction off")
        case .toggleWireframe:
            wireframe.toggle()
            say(wireframe ? (options.mode.showsBezierFill ? "wireframe on" : "wireframe on (drawn in the Bézier fill: bezier or split)") : "wireframe off")
        case .toggleRecording, .toggleRecordingAPNG:
            let apng = action == .toggleRecordingAPNG
            if let recording = capture.recordsAPNG, recording != apng {
                // The other format's key: the recording goes on (its own key stops it, as its
                // toast said).
                say("recording \(recording ? "an APNG: shift+v" : "a GIF: v") stops it; one recording at a time")
                return true
            } else if capture.isRecording {
                stopRecording().map { say($0.message, short: $0.short) }
            } else {
                let (fw, fh) = window.framebufferSize
                // The overlays may be turned on while it records, and the mode key may bring pane
                // labels: their colours are in the palette anyway.
                let colors = options.parameters.recordingColors(mode: options.mode, overlays: true, labels: true)
                recordedSpring = false
                let started = capture.start(apng: apng, width: fw, height: fh, colors: colors, time: now)
                // (A path in a small window took five lines over the scene as the user began.)
                say(started, short: capture.isRecording ? "recording \(apng ? "an APNG (shift+v" : "a GIF (v") stops)" : nil)
            }
            retitle()
        case .toggleHUD:
            // (Hidden where none showed, for want of room, it said "sliders hidden" of nothing seen.)
            let noRow = showSliders && !showHelp && hud?.sliderAreas.isEmpty == true
            showSliders = showHelp ? true : !showSliders
            showHelp = false
            // ("Sliders shown" is not drawn over the selected slider's row, which it brought back:
            // in a small window that row is all it shows.)
            say(showSliders ? "sliders shown" : noRow ? "sliders hidden (this window had no room for their row)" : "sliders hidden (h shows them)",
                slider: showSliders ? controls.selected : nil)
            // (Where the window has no room for their row, the frame says so instead.)
            slidersJustShown = showSliders
        case .toggleHelp:
            showHelp.toggle()
            helpScroll = 0
        case .saveParameters: say(WindowCapture.save(options.parameters))
        }
        return true
    }

    /// The scene key: the next scene of `--scene`'s, made afresh for the window as it is (its
    /// clock starting now, a badge held let go), with its sliders, the selected one as
    /// `SceneSelections` says; where that is another slider, the toast names it.
    private func nextScene() {
        if pressed {
            // Let go, and the dump says so before the scene goes.
            scene.apply(.pointerUp)
            writeDumpLine(at: Window.time - start)
        }
        pressed = false
        draggedSlider = nil
        let scenes = SceneName.allCases
        let leaving = options.scene
        options.scene = scenes[(scenes.firstIndex(of: options.scene)! + 1) % scenes.count]
        let selected = controls.selectedParameter.name, before = layout.zoom
        let old = controls
        (controls, layout, scene) = WindowApp.setUp(options, size: window.size, preset: nil)
        controls.resetTo(basisOf: old)
        let note = zoomToast(from: before)
        controls.selected = selections.select(leaving: leaving, with: selected, for: options.scene, sliders: controls.sliders)
        let other = controls.selectedParameter.name == selected ? "" : " · \(controls.selectedParameter.name) selected"
        sliderScroll = 0
        sceneStart = Window.time - start
        retitle()
        say("scene: \(options.scene.rawValue)\(options.scene == .grid ? " (\(options.count) badges, still: for measuring)" : "")"
            + other + (note.map { " · " + $0.text } ?? ""), short: note.map { "scene: \(options.scene.rawValue)\(other) · " + $0.short })
    }
    /// Which slider the scene key selects in each scene.
    private var selections = SceneSelections()

    /// The scene of `options` made for a window of `size`, with its sliders and its layout: at
    /// the start and at each press of the scene key.
    /// `preset`: the one backspace resets to (`Controls.basis`).
    private static func setUp(_ options: CommonOptions, size: (Int, Int), preset: String?) -> (Controls, Layout, Scene) {
        let kind = SceneKind(scene: options.scene)
        let layout = Layout(width: Double(size.0), height: Double(size.1), mode: options.mode, scene: kind)
        let scene = makeScene(options.scene, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: options.parameters,
                              mode: options.mode, count: options.count, band: (HUD.topBand / layout.zoom, HUD.bottomBand / layout.zoom))
        var controls = Controls(scene: kind)
        controls.resetTo(preset: preset)
        return (controls, layout, scene)
    }

    /// New parameters: the scene takes them, and a toast says the selected slider's value.
    private func parametersChanged(reset: Bool = false, stuck: Bool = false) {
        let remade = scene.update(options.parameters)
        // Tuning the spring: whether the display can show how it rings.
        let name = controls.selectedParameter.name
        let aliasing = name == "springDamping" || name == "springDuration"
            ? options.parameters.springAliasing(fps: window.refreshRate ?? 60, short: true) : nil
        let crowded = remade && (scene as? ChainScene)?.world.fitsRoom == false
        let toast = WindowApp.sliderToast(controls.selectedParameter, in: options.parameters, scene: scene.kind, mode: options.mode,
                                          reset: reset, preset: controls.basisName, start: controls.basisSource, stuck: stuck, aliasing: aliasing?.note, remade: remade,
                                          crowded: crowded)
        // (Not drawn where it would cover the slider's own row, which says the same; one with a
        // note is kept.)
        say(toast.text, slider: toast.noted ? nil : controls.selected)
    }

    /// "springDamping = 0.1": the slider and its value, then the note on the spring's ringing
    /// (`aliasing`), and where the slider is greyed, why its value changes nothing shown (a new
    /// user set blend under the inverse square and was told only its value), or that the
    /// caterpillar made anew is `crowded`; `noted` where a note is there, that the slider's row
    /// does not show (so the toast is shown even over that row: at 500x400 the caterpillar made
    /// anew was said only once it had landed, its row the one place its toast had). A key that
    /// moved a number no further (`stuck`) says it is at an end ("chainCount = 50 (its most)":
    /// the same toast again read as a key not taken), which its row does not say either.
    static func sliderToast(_ p: Parameter, in parameters: Parameters, scene: SceneKind, mode: Mode, reset: Bool = false,
                            preset: String? = nil, start: String? = nil, stuck: Bool = false, aliasing: String? = nil, remade: Bool = false,
                            crowded: Bool = false) -> (text: String, noted: Bool) {
        var end = ""
        if stuck, case .number(let key, let range, _) = p.kind {
            let v = parameters[keyPath: key]
            end = v >= range.upperBound ? " (its most)" : v <= range.lowerBound ? " (its least)" : ""
        }
        // (A reset names the preset it went back to, where that preset sets the slider; or what
        // gave the values the window started with.)
        let from = !reset ? "" : start.map { " (as started: \($0))" } ?? preset.map {
            ParameterRegistry.presetKeys.contains(p.name) ? " (preset \($0))" : " (its default: preset \($0) does not set it)"
        } ?? ""
        let value = "\(p.name) \(reset ? "reset to" : "=") \(p.shownValue(in: parameters))" + from + end
        let idle = p.whyNotInEffect(parameters, scene: scene, mode: mode).map { "no effect: " + $0 }
        // (Where the change made the scene anew, `Scene.update` says so: the caterpillar's other
        // sliders tune it where it is, `ChainWorld.retune`.)
        let anew = remade ? "the caterpillar made anew in the seed's row" : nil
        // (Bodies the window cannot hold: `ChainWorld.fitsRoom`.)
        let notes = [aliasing, idle, crowded ? "too many or too large for the window: they will not come to rest" : nil].compactMap { $0 }
        return (([value] + notes + [anew].compactMap { $0 }).joined(separator: " · "), !notes.isEmpty || anew != nil || !end.isEmpty)
    }

    /// "preset seed000: 10 sliders set, the others as they were (shift+backspace resets every
    /// one)": a preset sets only the values presets are made of (a new user took seed000, "the
    /// default values", for a reset of every slider and found flatness as they had left it).
    static func presetToast(_ name: String) -> String {
        "preset \(name): \(ParameterRegistry.presetKeys.count) sliders set, the others as they were (shift+backspace resets every one)"
    }

    /// What a new zoom of the scene means for a drag (a new user in a 320x200 split window found
    /// that a short drag broke the bridge: the scene was drawn at 62%, its 60 px break 37 px on
    /// the screen), for a toast; nil where it is the same to a percent. `fitting` and `on` name
    /// what the scene was fitted to and where it is seen (a replay's pictures: "each pane", "the
    /// pictures"). `short`: the window's wording where the toast would take more than two lines
    /// ("zoom 31%: breaks at 19 px on screen": at 200x150 the whole took four lines over three
    /// of the four badges, and at 120x90 its first line alone showed, cut before the break).
    static func zoomNote(from before: Double, to after: Double, scene: SceneName, maxDistance: Double,
                         fitting: String = "the window", on: String = "the screen", short: Bool = false) -> String? {
        let percent = Int((after * 100).rounded())
        guard percent != Int((before * 100).rounded()) else { return nil }
        guard percent < 100 else { return short ? "zoom 100%" : "the scene at full size" }
        let broken = Parameter.format((maxDistance * after).rounded())
        // ("On screen": "the bridge breaks at 56 px" read as if maxDistance, 60 on its slider,
        // had changed.)
        if short { return "zoom \(percent)%" + (scene == .badge ? ": breaks at \(broken) px on screen" : "") }
        let pull = scene == .badge ? " (the \(Parameter.format(maxDistance)) px break is \(broken) px on \(on))" : ""
        return "the scene at \(percent)% to fit \(fitting)\(pull)"
    }

    /// What the window's change of zoom from `before` to the layout's means (`zoomNote`), in full
    /// and in short, for a toast; nil where it is the same to a percent.
    private func zoomToast(from before: Double) -> (text: String, short: String)? {
        let maxDistance = options.parameters.motion.badge.maxDistance
        return WindowApp.zoomNote(from: before, to: layout.zoom, scene: options.scene, maxDistance: maxDistance).map {
            ($0, WindowApp.zoomNote(from: before, to: layout.zoom, scene: options.scene, maxDistance: maxDistance, short: true) ?? $0)
        }
    }

    /// The window (or the mode) changed: panes, canvas and the badges' places follow. What the
    /// change of zoom means, if it changed (`zoomToast`).
    @discardableResult
    private func relayout(width: Int, height: Int) -> (text: String, short: String)? {
        let before = layout, held = pressed ? scene.heldPoint : nil
        layout = Layout(width: Double(width), height: Double(height), mode: options.mode, scene: scene.kind)
        (scene as? ChainScene)?.fieldShown = options.mode != .bezier
        scene.resize(width: layout.canvas.x, height: layout.canvas.y)
        let note = zoomToast(from: before.zoom)
        guard pressed else { return note }
        // What is held keeps its pose (a badge its pull from its home, which the new layout
        // moved; the caterpillar its place), not jumping to the pointer's new place in the
        // scene (that could be past the break: a burst on release); and the pointer is moved to
        // where the point it held is now shown, so that it stays held where it was pressed.
        // Where the pointer cannot be moved there (outside the window or its pane; a system
        // that does not let an app move it), the hold goes on from where the pointer is.
        let pane = min(dragPane, layout.panes.count - 1)
        if let held, let moved = scene.heldPoint {
            let target = layout.windowPoint(before.scenePoint(pointer, pane: dragPane) + (moved - held), pane: pane)
            if layout.panes[pane].contains(target) {
                let now = window.warpCursor(x: target.x, y: target.y)
                if abs(now.x - target.x) <= 1, abs(now.y - target.y) <= 1 { pointer = Vec2(now.x, now.y) }
            }
        }
        dragPane = pane
        scenePointer = layout.scenePoint(pointer, pane: dragPane)
        scene.regrip(at: scenePointer)
        return note
    }

    /// The pointer in the scene through the drag's pane; in split, held where the held badge
    /// meets the divider (`Layout.dividerReach`, `Layout.scenePoint(_:pane:reach:)`).
    private func dragPoint() -> Vec2 {
        let reach = scene.heldPose.map {
            layout.dividerReach(of: $0, from: scenePointer, pane: dragPane, breaking: options.parameters.motion.badge.maxDistance)
        } ?? 0
        scenePointer = layout.scenePoint(pointer, pane: dragPane, reach: reach)
        return scenePointer
    }

    /// The shown slider row under a window point.
    private func sliderArea(at p: Vec2) -> (index: Int, row: Rect, bar: Rect?)? {
        hud?.sliderAreas.first { $0.row.contains(p) }
    }

    /// Sets the selected slider from where the pointer is along its bar.
    private func setSlider(from bar: Rect) {
        controls.set(at: pointer.x - bar.x, along: bar.width, parameters: &options.parameters)
        parametersChanged()
    }

    private var now: Double { Window.time - start }

    /// What the construction (c) shows in this scene and mode, for its toast.
    private var constructionShown: String {
        WindowApp.constructionShown(scene: options.scene, mode: options.mode, goo: options.parameters.goo,
                                    held: scene.heldPose != nil)
    }

    /// What the construction shows in `scene` and `mode` (`held`: a badge is held now).
    static func constructionShown(scene: SceneName, mode: Mode, goo: Bool, held: Bool) -> String {
        let field = "the field's balls and tiles", flat = "; pale tiles, if any, are filled flat"
        // What the Bézier fill's construction shows: the held badge's bridge, lettered (and any
        // springing home); each of the grid's bridges; the caterpillar's goo, where it has one.
        let bridges: String? = switch scene {
        case .badge: held ? "the held badge's bridge, lettered" : "a held badge's bridge"
        case .grid: "every bridge's"
        case .chain: goo ? "the goo's bridges" : nil
        }
        switch mode {
        case .metaball: return field + flat
        case .split: return bridges.map { "left: \($0); right: \(field)" } ?? "right: \(field)\(flat)"
        case .bezier, .overlay:
            if scene == .badge { return held ? bridges! : "drag a badge to see how its bridge is built" }
            return bridges ?? "none here: the field's is drawn in metaball and split, the bridges' with goo on"
        }
    }

    /// What key r did (the grid, which nothing moves, has nothing to restore: it said "all
    /// badges restored").
    static func resetToast(_ scene: SceneName) -> String {
        switch scene {
        case .badge: "all badges restored"
        case .chain: "the chain is back at its start"
        case .grid: "nothing to restore: the grid's badges are posed, still, for measuring"
        }
    }

    /// What a press on the grid says: its badges are posed, none can be held (a press did
    /// nothing and said nothing).
    static let gridPress = "the grid's badges are posed, still, for measuring: none can be held (n: the next scene)"

    /// What h says where it shows the sliders but the window has no room for their row.
    static let noRoomForSliders = (text: "no room for the sliders' row here: their keys say each value in a toast",
                                   short: "no room for the sliders' row")

    /// A toast for a couple of seconds; `short`, its wording where it would take more than two
    /// lines (`HUDContent.toastShort`).
    /// Ends the recording running (`WindowCapture.stop`), its message with what a frame rate
    /// of 30 could not show: a spring back ringing faster than 15 Hz (replay warned of it, the
    /// window did not); and a short form naming the file alone. nil where none was running.
    private func stopRecording() -> (message: String, saved: Bool, short: String?)? {
        let path = capture.recordingPath
        guard let stopped = capture.stop() else { return nil }
        guard stopped.saved else { return (stopped.message, false, nil) }
        let name = path.map(PathName.name) ?? "the recording"
        guard let alias = aliasedSpring() else { return (stopped.message, true, "saved \(name)") }
        return (stopped.message + "; " + alias, true, "saved; its spring aliased at \(Int(WindowCapture.rate)) fps")
    }

    /// Where the recording just ended showed a badge springing back faster than its frames can
    /// show, what to say of it, said on stderr too; nil otherwise.
    private func aliasedSpring() -> String? {
        guard recordedSpring, let ring = options.parameters.motion.spring.ringFrequency,
              let (note, _) = options.parameters.springAliasing(fps: WindowCapture.rate) else { return nil }
        recordedSpring = false
        let alias = note + "; sticky replay --apng with --fps \(Int((2 * ring).rounded(.up))) or more shows it"
        CommandLine.warn(alias)
        return alias
    }

    private func say(_ text: String, slider: Int? = nil, short: String? = nil) {
        toast = (text, now + 2.5, slider, short)
    }

    /// Draws a frame, taking the screenshot or recording frame it owes; true when it left a
    /// new toast to show.
    private func draw() -> Bool {
        captureTime = 0
        let (fw, fh) = window.framebufferSize
        let (w, h) = window.size
        guard fw > 0, fh > 0, w > 0, h > 0 else { return false }  // minimised
        let deviceScale = Double(fw) / Double(w)
        if !showHelp, let note = zoomNoteAfterHelp {
            zoomNoteAfterHelp = nil
            say(note.text, short: note.short)
        }
        let toastBefore = toast?.text
        // Times the screenshots' and recording's work, which the frame time leaves out.
        func capturing<T>(_ work: () -> T) -> T {
            let start = Window.time
            defer { captureTime += Window.time - start }
            return work()
        }
        if let withHUD = pendingShot, options.scaleGiven {
            // --scale S: a sharper export, drawn offscreen at S device pixels per unit; without
            // the HUD, with the divider and pane labels (or the overlay's legend) as render draws.
            pendingShot = nil
            let sw = Int((Double(w) * options.scale).rounded()), sh = Int((Double(h) * options.scale).rounded())
            if let offscreen = try? OffscreenTarget(pixelWidth: sw, pixelHeight: sh) {
                capturing {
                    // Its glyphs from an atlas of its own, let go after it: the window's stays the
                    // size its own frames need (at 8x the HUD's text grows an atlas to 16 MB or
                    // more, all of it uploaded again whenever the window adds a glyph).
                    let windowAtlas = painter.atlas
                    if let font = windowAtlas?.font { painter.atlas = GlyphAtlas(font: font) }
                    defer { painter.atlas = windowAtlas }
                    let shot = makeFrame(pixelWidth: sw, pixelHeight: sh, deviceScale: options.scale)
                    if withHUD {
                        renderer.draw(shot, into: offscreen, hud: true)
                    } else if let labelled = recordingLabels(of: shot, deviceScale: options.scale) {
                        renderer.draw(labelled, into: offscreen, hud: true)
                    } else {
                        renderer.draw(shot, into: offscreen, hud: false)
                    }
                    say(capture.save(offscreen.readPixels(), hud: withHUD))
                }
                offscreen.destroy()
            } else {
                say("screenshot not saved: \(sw)x\(sh) is too large to render")
                CommandLine.warn("screenshot not saved: \(sw)x\(sh) is too large to render")
            }
        }
        let target = DefaultTarget(pixelWidth: fw, pixelHeight: fh)
        let frame = makeFrame(pixelWidth: fw, pixelHeight: fh, deviceScale: deviceScale)
        // The scene, then the HUD over it: a picture without the HUD is read in between.
        renderer.draw(frame, into: target, hud: false)
        let cleanShot = pendingShot == false, recordsFrame = capture.wantsFrame(at: now)
        if recordsFrame, let badges = scene as? BadgeScene,
           badges.board.badges.contains(where: { $0.phase == .returning && $0.center.distance(to: $0.home) > 0.5 }) {
            recordedSpring = true
        }
        if cleanShot || recordsFrame {
            // A screenshot without the HUD and a recording's frame keep the divider and the pane
            // labels (or the overlay's legend), as render's and replay's pictures do, and nothing
            // else of the HUD; the scene is then drawn again for the window's own HUD, which
            // places its labels among its other parts.
            let labels = recordingLabels(of: frame, deviceScale: deviceScale)
            let (saved, failure) = capturing { () -> (String?, (message: String, saved: Bool)?) in
                if let labels { renderer.drawHUD(labels, into: target) }
                defer { if labels != nil { renderer.draw(frame, into: target, hud: false) } }
                let pixels = renderer.readPixels(from: target)
                return (cleanShot ? capture.save(pixels, hud: false) : nil, recordsFrame ? capture.add(pixels, at: now) : nil)
            }
            if cleanShot {
                pendingShot = nil
                if let saved { say(saved) }
            }
            if let failure {
                // (A recording a resize ended is saved: its spring said as at a key's end, and a
                // short form, the path having taken seven lines at 200x150.)
                let alias = failure.saved ? aliasedSpring() : nil
                say(failure.message + (alias.map { "; " + $0 } ?? ""),
                    short: failure.saved ? "recording saved: the window changed size" + (alias == nil ? "" : "; its spring aliased") : nil)
                retitle()
            }
        }
        renderer.drawHUD(frame, into: target)
        if pendingShot == true {
            pendingShot = nil
            say(capturing { capture.save(renderer.readPixels(from: target), hud: true) })
        }
        window.swapBuffers()
        if let code = GL.error() {
            glErrors += 1
            if glErrors == 1 { CommandLine.warn("\(RenderError.gl(code: code, stage: "drawing a frame")); drawing goes on") }
        }
        return toast?.text != toastBefore
    }

    /// The divider and pane labels alone (`RenderCommand.labels`, as `render` draws them) over
    /// `frame`, for a recording; nil where the layout has none (one pane, not the overlay).
    private func recordingLabels(of frame: Frame, deviceScale: Double) -> Frame? {
        guard let snapshot = frameSnapshot else { return nil }
        let mesh = RenderCommand.labels(snapshot, painter: &painter, options: options, layout: layout, scale: deviceScale,
                                        fieldReach: (scene as? ChainScene)?.world.inset)
        guard !mesh.indices.isEmpty else { return nil }
        var labelled = frame
        labelled.hud = HUDLayer(mesh: mesh, width: layout.width, height: layout.height, scale: deviceScale)
        // (Its text may have put new glyphs in the atlas.)
        labelled.atlas = painter.atlasImage
        return labelled
    }

    /// This frame: the scene painted from its snapshot for the layout, the overlays on the
    /// badges, and the HUD as its own layer.
    private func makeFrame(pixelWidth: Int, pixelHeight: Int, deviceScale: Double) -> Frame {
        let scale = deviceScale * layout.zoom
        let snapshot = scene.snapshot(options.parameters)
        frameSnapshot = snapshot
        painter.paint(snapshot, parameters: options.parameters, scale: scale, mode: options.mode)
        if construction || wireframe {
            // (The scene's held badge: the grid's badges are posed as if held, but none is.)
            painter.addOverlays(construction: construction ? scene.heldPose : nil, bridges: construction ? snapshot : nil,
                                field: construction, wireframe: wireframe,
                                parameters: options.parameters, scale: scale, deviceScale: deviceScale, canvas: layout.canvas)
        }
        var frame = painter.frame(layout: layout, scale: scale, parameters: options.parameters, pixelWidth: pixelWidth,
                                  pixelHeight: pixelHeight)
        // The HUD after the frame: its caption says how this frame's field is tiled.
        var hud = HUD(hudContent(snapshot), layout: layout, scale: deviceScale, atlas: painter.atlas)
        if slidersJustShown {
            // "Sliders shown" in a window with no room for their row (a short grid) showed none.
            slidersJustShown = false
            if showSliders, !showHelp, hud.sliderAreas.isEmpty {
                say(WindowApp.noRoomForSliders.text, short: WindowApp.noRoomForSliders.short)
                hud = HUD(hudContent(snapshot), layout: layout, scale: deviceScale, atlas: painter.atlas)
            }
        }
        self.hud = hud
        if let text = toast?.text, let box = hud.toastBox { toastPlace = (text, box) } else { toastPlace = nil }
        sliderScroll = hud.sliderFirst
        frame.hud = HUDLayer(mesh: hud.mesh, width: layout.width, height: layout.height, scale: deviceScale)
        // (The HUD's text may have put new glyphs in the atlas.)
        frame.atlas = painter.atlasImage
        if let overflow = painter.fieldOverflow, !fieldOverflowTold {
            // Said once; the field is drawn as far as it goes.
            fieldOverflowTold = true
            CommandLine.warn(overflow)
            say("the metaball fill is drawn in part: too many balls (see stderr)")
        }
        return frame
    }

    private func hudContent(_ snapshot: SceneSnapshot) -> HUDContent {
        var content = HUDContent()
        // The grid holds no badge (each is only posed as if pulled): no figures of one.
        (content.caption, content.heldLines, content.swatches) = caption(held: options.scene == .grid ? nil : snapshot.heldPose)
        content.shortStatus = HUDContent.shortStatus(mode: options.mode, recording: capture.isRecording)
        content.recording = capture.isRecording
        // Two panes are named each; one is named by the caption.
        content.paneLabels = HUDContent.paneLabels(layout: layout, scene: options.scene, parameters: options.parameters)
        if showSliders {
            content.sliders = controls.sliders.map { SliderRow($0, in: options.parameters, scene: scene.kind, mode: options.mode) }
            content.selected = controls.selected
            content.hovered = hovered
            content.scroll = sliderScroll
        }
        if showHelp {
            content.help = Controls.helpLines
            content.helpScroll = helpScroll
        }
        content.keepClear(of: snapshot, scene: scene, layout: layout, parameters: options.parameters,
                          construction: painter.constructionLabels)
        content.toast = toast?.text
        content.toastAt = toastPlace.flatMap { $0.text == toast?.text ? $0.box : nil }
        content.toastShort = toast?.short
        content.toastSlider = toast?.slider
        return content
    }

    /// A frame time in milliseconds, one decimal.
    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }

    /// What a caption with a frame time under 10 ms ends with, so that it does not change width,
    /// and the sliders beside it do not jump below it, as the time crosses 10 ms: a figure space
    /// (a digit's width). At its end, not before the time: "frame   6.1 ms" read as an uneven
    /// gap to two new users.
    static func millisecondsPad(_ seconds: Double) -> String { seconds * 1000 < 9.95 ? "\u{2007}" : "" }

    /// The scene, mode, frame time and help key; with the field's construction, how its tiles
    /// cover the pane; in the field modes, how the two fills of the held badge differ (measured
    /// on a 1 px grid while it is held: a few milliseconds). Also how many of its last lines
    /// are the held badge's figures, and the colours of its swatches (the overlay's legend's).
    private func caption(held pose: BadgePose?) -> (lines: [String], heldLines: Int, swatches: [Color]) {
        var (lines, swatches) = HUDContent.captionAndSwatches(layout: layout, scene: options.scene, mode: options.mode,
                                                              parameters: options.parameters, frameTime: frameTime ?? 0,
                                                              recorded: capture.recordedSeconds)
        if let tiling = painter.tiling { lines.append(HUDContent.tilingLine(tiling)) }
        // The break a detached badge broke at: a slider key moved after it changed the number
        // said ("broken at 401 px" of a bridge broken at 400).
        let maxDistance = options.parameters.motion.badge.maxDistance
        brokeAt = pose.flatMap { $0.attached ? nil : brokeAt ?? maxDistance }
        guard let pose else { return (lines, 0, swatches) }
        let limit = brokeAt ?? maxDistance
        // The Bézier mode says how far the badge is pulled, against the break (a new user could
        // not tell 58 px from 65 until letting go); the field modes say it with their figures.
        // (Let go, a badge bursts only where it is farther than maxDistance now: one broken and
        // carried back within it springs home.)
        let bursts = pose.distance > maxDistance
        guard options.mode != .bezier else {
            return (lines + [WindowApp.pullLine(pose, maxDistance: limit, bursts: bursts)], 1, swatches)
        }
        let figures = WindowApp.figures(RenderCommand.comparison(of: pose, parameters: options.parameters, step: 1),
                                        heldTo: limit, detached: !pose.attached, bursts: bursts)
        return (lines + figures, figures.count, swatches)
    }

    /// How far the held badge is pulled, against the break: "pulled 58 of 60 px: let go, it
    /// springs back", or past it "pulled 65 px, broken at 60: let go, it bursts" (`bursts`:
    /// whether a release bursts it; one carried back within the break springs home).
    static func pullLine(_ pose: BadgePose, maxDistance: Double, bursts: Bool = true) -> String {
        // (To a tenth within a pixel of the break: 60.4 and 59.5 both read "60".)
        let d = abs(pose.distance - maxDistance) < 1 ? Parameter.format(tenths: pose.distance) : String(Int(pose.distance.rounded()))
        let limit = Parameter.format(maxDistance)
        return pose.attached ? "pulled \(d) of \(limit) px: let go, it springs back"
            : "pulled \(d) px, broken at \(limit): let go, it \(bursts ? "bursts" : "springs back")"
    }

    /// The held badge's figures as the caption shows them, under a line that says which fill
    /// each pair's numbers are (the widths of the old two lines kept, so that the figures still
    /// fit beside the slider panel in an 800-wide window): "held badge, Bézier / field:",
    /// "area 2536 / 2553 px² · IoU 0.897", "narrowest 31.0 px / parted · kinks 0° home / 11° badge".
    /// Where the field has parted while the bridge still holds the badge (an inverse-square
    /// pair parts about 2.5 radii out, before `heldTo`, the break), a last line says so: a new
    /// user saw two blobs, let go, and the badge sprang back.
    /// Past the break (`detached`), a last line says that the badge is alone: "parted / parted"
    /// and "–" read as measurements.
    /// `bursts`: whether a release now bursts the detached badge (else it springs home).
    static func figures(_ c: FillComparison, heldTo: Double? = nil, detached: Bool = false, bursts: Bool = true) -> [String] {
        func f(_ x: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", x) }
        // The Bézier bridge's join angles, at the home circle and at the badge (the field has none).
        let kinks = zip([c.homeKink, c.badgeKink], ["home", "badge"]).map { ($0.0.map { f($0) + "°" } ?? "–") + " " + $0.1 }
            .joined(separator: " / ")
        // No width between the centres: the fill is in two pieces there.
        func width(_ x: Double) -> String { x > 0 ? f(x, 1) + " px" : "parted" }
        return [
            "held badge, Bézier / field:",
            // (Parts joined by " · ", where a narrow window's caption may wrap them.)
            "area \(f(c.bezierArea)) / \(f(c.metaballArea)) px² · IoU \(f(c.intersectionOverUnion, 3))",
            "narrowest \(width(c.bezierNarrowest)) / \(width(c.metaballNarrowest)) · kinks \(kinks)",
        ] + (c.metaballNarrowest == 0 && c.bezierNarrowest > 0 ? heldTo.map { ["field parted; held to \(f($0)) px: let go, it springs back"] } ?? [] : [])
            + (detached ? heldTo.map { ["broken at \(f($0)) px: the badge alone; let go, it \(bursts ? "bursts" : "springs back")"] } ?? [] : [])
    }

    private func writeDumpLine(at time: Double) {
        guard let dump else { return }
        let line = scene.dumpLine(time: time, parameters: options.parameters) + "\n"
        dump.write(Data(line.utf8))
    }
}
