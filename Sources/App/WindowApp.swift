// `sticky`: the interactive window. Input in, fixed-step simulation, one frame when something changed.

import Foundation
import Imaging
import Motion
import Platform
import Render
import Geometry

/// The window's loop: Initialization, then Update (input, fixed steps) and Draw until quit.
final class WindowApp {
    static let help = """
        usage: sticky [OPTIONS]

        Opens the window. Drag a badge with the mouse: its home circle shrinks and the bridge
        stretches; past --max-distance it snaps. Let go near home and it springs back; let go
        past the distance and it bursts. With --scene chain: drag the caterpillar by its head.

        keys:
          r                         restore all badges (the chain: back to its start)
          up, down, tab             select a slider (shift+tab: back)
          left, right               change it (shift: x10, alt: /10); the scroll wheel too
          backspace                 reset the selected slider
          1 2 3 4                   presets seed000, seed002, paperjs, smooth
          p                         save the parameters to ./sticky-params.json
          h                         hide or show the sliders;  f1 or ?: the help overlay
          m                         next mode: bezier, metaball, split, overlay
          c                         the held badge's bridge construction (points, handles)
          w                         the triangles' edges (wireframe)
          v                         start / stop recording a GIF (30 fps, no HUD) to --screenshot-dir
          s / shift+s               save a screenshot (native resolution) to --screenshot-dir,
                                    with / without the HUD (--screenshot-hud false: the other way)
          q, escape                 quit

          --dump FILE.jsonl         one JSON object per drawn frame, as `replay --dump` writes
          --screenshot-dir DIR      where s saves screenshots (./screenshots)
          --screenshot-hud BOOL     whether s includes the HUD (true); shift+s does the other
          --scale S                 screenshots drawn offscreen at S device pixels a unit (sharper)
        \(CommonOptions.help)
        """

    let window: Window
    let renderer: Renderer
    var options: CommonOptions
    var scene: Scene
    var painter = BadgePainter()
    var dump: FileHandle?
    var quit = false
    /// Whether the button is down (moves are ignored otherwise).
    var pressed = false
    var construction = false
    var wireframe = false
    /// The sliders and the selection.
    var controls = Controls()
    /// Sliders shown (H hides them), help overlay shown (F1 or ?).
    var hud = true
    var help = false
    /// Seconds the last frame took to build and draw (shown in the caption).
    var frameTime = 0.0
    /// Frames that left a GL error (glGetError after each): the first is reported, the count at exit.
    var glErrors = 0
    /// Where S saves screenshots.
    let screenshotFolder: String
    /// Whether screenshots include the HUD (captions, panels, toasts); shift+S does the other.
    let screenshotHUD: Bool
    /// A screenshot to take at the next frame: with the HUD (true) or without (false).
    var pendingShot: Bool?
    /// The recording in progress (V), the time of its last frame, and where it goes.
    var recording: (writer: Recorder, path: String, next: Double, frames: Int)?
    static let recordingRate = 30.0
    /// A short message at the bottom of the window, and until when it shows.
    var toast: (text: String, until: Double)?
    /// The clock's origin: the simulation's t = 0.
    let start: Double

    init(options: CommonOptions, dumpPath: String?, screenshotFolder: String = "screenshots", screenshotHUD: Bool = true)
        throws(CLIError)
    {
        self.options = options
        self.screenshotFolder = screenshotFolder
        self.screenshotHUD = screenshotHUD
        do {
            window = try Window(width: options.width, height: options.height, title: "sticky — \(options.mode.rawValue)")
        } catch {
            let text = "\(error)"
            if text.hasPrefix("no display") {
                throw .failure("\(text); without a display, try `sticky render --out FILE.png` or `sticky replay SCRIPT`, or run under xvfb-run")
            }
            // A display, but no OpenGL 3.3 core from its driver.
            throw .failure("\(text); this display's OpenGL driver is older than 3.3 core; update Mesa or the GPU driver")
        }
        do {
            renderer = try Renderer()
        } catch {
            window.destroy()
            throw .failure("\(error)")
        }
        let (w, h) = window.size
        let paneWidth = options.mode == .split ? Double(w) / 2 : Double(w)
        scene = makeScene(options.scene, width: paneWidth, height: Double(h), badges: [], parameters: options.parameters)
        if let dumpPath {
            guard FileManager.default.createFile(atPath: dumpPath, contents: nil), let handle = FileHandle(forWritingAtPath: dumpPath) else {
                renderer.destroy()
                window.destroy()
                throw .failure("cannot write '\(dumpPath)'")
            }
            dump = handle
        }
        painter.atlas = Fonts.atlas()
        start = Window.time
    }

    func run() {
        defer {
            stopRecording(failure: nil)
            try? dump?.close()
            if glErrors > 1 { CommandLine.warn("\(glErrors) frames had a GL error") }
            renderer.destroy()
            window.destroy()
        }
        var dirty = true
        while !quit {
            // Sleep while nothing moves; otherwise take what came and go on drawing.
            let wasAnimating = scene.isAnimating
            let events: [InputEvent]
            if wasAnimating || dirty || recording != nil {
                events = window.poll()
            } else if let shown = toast {
                // Asleep until input or the toast's end.
                events = window.wait(timeout: max(0.001, shown.until - (Window.time - start)))
            } else {
                events = window.wait()
            }
            let now = Window.time - start
            scene.advance(to: now)
            for event in events { dirty = handle(event) || dirty }
            if quit { break }
            scene.advance(to: now)
            // The step that ends a spring or a burst changes the picture too; so does a toast's end.
            if let shown = toast, shown.until < now {
                toast = nil
                dirty = true
            }
            let changed = dirty || wasAnimating || scene.isAnimating || recording != nil
            dirty = false
            guard changed else { continue }
            let frameStart = Window.time
            draw()
            frameTime = Window.time - frameStart
            writeDumpLine(at: now)
            // Xvfb and some drivers do not block in swap: cap the rate at 120 Hz while animating.
            let spent = Window.time - frameStart
            if scene.isAnimating || recording != nil, spent < 1.0 / 120 { usleep(UInt32((1.0 / 120 - spent) * 1e6)) }
        }
    }

    /// Applies one event; true if the picture may have changed.
    private func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown(let x, let y):
            pressed = true
            scene.apply(.pointerDown(scenePoint(x, y)))
        case .pointerMove(let x, let y):
            guard pressed else { return false }
            scene.apply(.pointerMove(scenePoint(x, y)))
        case .pointerUp(let x, let y):
            pressed = false
            scene.apply(.pointerMove(scenePoint(x, y)))
            scene.apply(.pointerUp)
        case .focusLost:
            // The release may never come: let go where the pointer was.
            if pressed { scene.apply(.pointerUp) }
            pressed = false
        case .key(let name, let shift, let alt, let repeated):
            let action = controls.handle(KeyPress(name: name, shift: shift, alt: alt), parameters: &options.parameters)
            // A held key repeats the sliders; a held S, V, M, ... acts once.
            if repeated, action != .parameters { return false }
            switch action {
            case .none: return false
            case .parameters:
                scene.update(options.parameters)
                let p = controls.selectedParameter
                if !["left", "right", "backspace"].contains(name) { break }
                say("\(p.name) = \(p.value(in: options.parameters))\(p.unit.isEmpty ? "" : " " + p.unit)")
            case .reset: scene.apply(.reset)
            case .quit: quit = true
            case .nextMode:
                let modes = Mode.allCases
                options.mode = modes[(modes.firstIndex(of: options.mode)! + 1) % modes.count]
                window.title = "sticky — \(options.mode.rawValue)"
            case .screenshot: pendingShot = screenshotHUD
            case .screenshotOtherWay: pendingShot = !screenshotHUD
            case .toggleConstruction: construction.toggle()
            case .toggleWireframe: wireframe.toggle()
            case .toggleRecording: toggleRecording(apng: false)
            case .toggleRecordingAPNG: toggleRecording(apng: true)
            case .toggleHUD: hud.toggle()
            case .toggleHelp: help.toggle()
            case .saveParameters: saveParameters()
            }
        case .closeRequested:
            quit = true
        case .resized(let w, let h):
            scene.resize(width: options.mode == .split ? Double(w) / 2 : Double(w), height: Double(h))
        case .scroll(_, let dy):
            controls.scroll(dy, parameters: &options.parameters)
            scene.update(options.parameters)
        }
        return true
    }

    /// A window position in the scene: in split mode both panes show the scene, so a point in
    /// the right pane is moved back by a pane's width; dragging in either drives both.
    private func scenePoint(_ x: Double, _ y: Double) -> Vec2 {
        let width = Double(window.size.width)
        if options.mode == .split, x >= width / 2 { return Vec2(x - width / 2, y) }
        return Vec2(x, y)
    }

    private func draw() {
        let (fw, fh) = window.framebufferSize
        let (w, h) = window.size
        guard fw > 0, fh > 0, w > 0, h > 0 else { return }  // minimised
        let scale = Double(fw) / Double(w)
        let target = DefaultTarget(pixelWidth: fw, pixelHeight: fh)
        if let withHUD = pendingShot, options.scaleGiven {
            // --scale S: a sharper export, drawn offscreen at S device pixels per unit.
            pendingShot = nil
            let sw = Int((Double(w) * options.scale).rounded()), sh = Int((Double(h) * options.scale).rounded())
            if let offscreen = try? OffscreenTarget(pixelWidth: sw, pixelHeight: sh) {
                renderer.draw(makeFrame(width: w, height: h, fw: sw, fh: sh, scale: options.scale, hud: withHUD), into: offscreen)
                saveScreenshot(offscreen.readPixels())
                offscreen.destroy()
            } else {
                say("screenshot not saved: \(sw)x\(sh) is too large to render")
                CommandLine.warn("screenshot not saved: \(sw)x\(sh) is too large to render")
            }
        }
        if pendingShot == false {
            // The picture alone, read back before the frame with the HUD is drawn over it.
            pendingShot = nil
            renderer.draw(makeFrame(width: w, height: h, fw: fw, fh: fh, scale: scale, hud: false), into: target)
            saveScreenshot(renderer.readPixels(from: target))
        }
        if var shot = recording, Window.time - start >= shot.next {
            // The picture alone, at the recording's fixed rate (the window's may be anything).
            renderer.draw(makeFrame(width: w, height: h, fw: fw, fh: fh, scale: scale, hud: false), into: target)
            let image = renderer.readPixels(from: target)
            if image.width == shot.writer.width, image.height == shot.writer.height {
                do {
                    // A frame the window was too busy to take is covered by showing this one
                    // longer, so the recording keeps true time and never falls behind.
                    let due = Int(((Window.time - start) - shot.next) * WindowApp.recordingRate) + 1
                    try shot.writer.add(image, repeats: due)
                    shot.frames += due
                    shot.next += Double(due) / WindowApp.recordingRate
                    recording = shot
                } catch {
                    stopRecording(failure: error.description)
                }
            } else {
                stopRecording(failure: "the window changed size while recording")
            }
        }
        renderer.draw(makeFrame(width: w, height: h, fw: fw, fh: fh, scale: scale, hud: true), into: target)
        if pendingShot == true {
            pendingShot = nil
            saveScreenshot(renderer.readPixels(from: target))
        }
        window.swapBuffers()
        if let code = GL.error() {
            glErrors += 1
            if glErrors == 1 { CommandLine.warn("\(RenderError.gl(code: code, stage: "drawing a frame")); drawing goes on") }
        }
    }

    /// This frame of the scene, with or without the HUD (caption, sliders or help, toast).
    private func makeFrame(width w: Int, height h: Int, fw: Int, fh: Int, scale: Double, hud withHUD: Bool) -> Frame {
        painter.caption = withHUD ? caption() + (toast.map { ["", $0.text] } ?? []) : []
        scene.paint(&painter, parameters: options.parameters, scale: scale, mode: options.mode)
        if construction || wireframe {
            painter.addOverlays(construction: construction ? scene.heldPose : nil, wireframe: wireframe,
                                parameters: options.parameters, scale: scale)
        }
        let paneWidth = options.mode == .split ? Double(w) / 2 : Double(w)
        if withHUD, help {
            // Two columns, split at the first run of two spaces (keys like "c / w" hold one).
            let rows = Controls.helpLines.map { line -> BadgePainter.PanelRow in
                guard let gap = line.range(of: "  ") else {
                    return BadgePainter.PanelRow(text: line, fraction: nil, highlighted: true)
                }
                return BadgePainter.PanelRow(text: String(line[..<gap.lowerBound]),
                                             detail: line[gap.upperBound...].trimmingCharacters(in: .whitespaces),
                                             fraction: nil, highlighted: false)
            }
            painter.addPanel(rows, x: 16, y: 70, width: 420, scale: scale)
        } else if withHUD, hud {
            // The caption holds the top left; a pane too narrow for both side by side (a split
            // window under 1160 wide) shows only the selected slider, below the caption, so
            // that neither covers the other nor the badges.
            if paneWidth >= 580 {
                painter.addPanel(sliderRows(), x: paneWidth - 262, y: 10, width: 250, scale: scale)
            } else {
                let rows = sliderRows()
                painter.addPanel([rows[min(controls.selected, rows.count - 1)]], x: 14, y: 16 + 16 * Double(painter.caption.count),
                                 width: max(0, min(250, paneWidth - 28)), scale: scale)
            }
        }
        return painter.frame(
            width: paneWidth, height: Double(h), scale: scale, parameters: options.parameters, mode: options.mode,
            pixelWidth: fw, pixelHeight: fh)
    }

    /// The sliders as panel rows: name, value and unit, a bar for numbers, the selected one lit.
    private func sliderRows() -> [BadgePainter.PanelRow] {
        // Ten rows round the selection, so the panel stays clear of the badges.
        let count = Controls.sliders.count, shown = min(10, count)
        let first = min(max(0, controls.selected - 4), count - shown)
        return Controls.sliders.enumerated().dropFirst(first).prefix(shown).map { i, p in
            var fraction: Double?
            if case .number(let key, let range, _) = p.kind {
                fraction = (options.parameters[keyPath: key] - range.lowerBound) / (range.upperBound - range.lowerBound)
            }
            let value = p.value(in: options.parameters) + (p.unit.isEmpty ? "" : " " + p.unit)
            return BadgePainter.PanelRow(text: "\(p.name)  \(value)", fraction: fraction, highlighted: i == controls.selected)
        }
    }

    /// V: starts a GIF (shift+V: an APNG) of the window, without the HUD, in the screenshot
    /// folder, or finishes the one in progress.
    private func toggleRecording(apng: Bool) {
        if recording != nil { return stopRecording(failure: nil) }
        let (fw, fh) = window.framebufferSize
        guard fw > 0, fh > 0 else { return say("nothing to record: the window is minimised") }
        let path = "\(screenshotFolder)/\(WindowApp.nameForNow()).\(apng ? "apng.png" : "gif")"
        do {
            try FileManager.default.createDirectory(atPath: screenshotFolder, withIntermediateDirectories: true)
            let keys = options.parameters.recordingColors(mode: options.mode)
            let writer: Recorder = apng
                ? .apng(try APNGWriter(path: path, width: fw, height: fh, fps: WindowApp.recordingRate, frameCount: 1 << 30))
                : .gif(try GIFWriter(path: path, width: fw, height: fh, fps: WindowApp.recordingRate, keyColors: keys))
            recording = (writer, path, Window.time - start, 0)
            say("recording \(path) (v stops)")
        } catch let error as GIFError {
            CommandLine.warn("not recording: \(error.description)")
            say("not recording: \(error.description)")
        } catch let error as PNGError {
            CommandLine.warn("not recording: \(error.description)")
            say("not recording: \(error.description)")
        } catch {
            let message = "not recording: cannot create the folder '\(screenshotFolder)'\(WindowApp.obstacle(in: screenshotFolder))"
            CommandLine.warn(message)
            say(message)
        }
    }

    private func stopRecording(failure: String?) {
        guard let shot = recording else { return }
        recording = nil
        if let failure {
            shot.writer.discard()
            CommandLine.warn("recording stopped: \(failure)")
            return say("recording stopped: \(failure)")
        }
        do {
            try shot.writer.close()
            say("saved \(shot.path) (\(shot.frames) frames, \(String(format: "%.1f", Double(shot.frames) / WindowApp.recordingRate)) s)")
        } catch {
            CommandLine.warn("recording not saved: \(error.description)")
            say("recording not saved: \(error.description)")
        }
    }

    /// A toast for a couple of seconds.
    private func say(_ text: String) {
        toast = (text, Window.time - start + 2.5)
    }

    /// Writes the current parameters to ./sticky-params.json (what --params reads).
    private func saveParameters() {
        let path = "sticky-params.json"
        var fields: [String] = []
        for parameter in ParameterRegistry.all {
            let value = parameter.value(in: options.parameters)
            switch parameter.kind {
            case .number: fields.append("  \"\(parameter.name)\": \(value)")
            case .flag: fields.append("  \"\(parameter.name)\": \(value)")
            case .choice, .color: fields.append("  \"\(parameter.name)\": \"\(value)\"")
            }
        }
        let text = "{\n" + fields.joined(separator: ",\n") + "\n}\n"
        if let reason = AtomicFile.write(Data(text.utf8), to: path) {
            let message = "parameters not saved: cannot write '\(path)': \(reason)"
            CommandLine.warn(message)
            say(message)
        } else {
            say("saved \(FileManager.default.currentDirectoryPath)/\(path)")
        }
    }

    /// A file name for now, in local time to the millisecond: sticky-2026-11-29T153052-659.
    static func nameForNow() -> String {
        let now = Date()
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withFullDate, .withTime])
            .replacingOccurrences(of: ":", with: "")
        let millis = Int(now.timeIntervalSince1970 * 1000) % 1000
        return "sticky-\(stamp)-\(String(format: "%03d", millis))"
    }

    /// Writes the picture at the window's native resolution to the screenshot folder, named by
    /// the time; says where (or why not) in a toast and, on failure, on stderr. The app goes on.
    private func saveScreenshot(_ image: Image) {
        let path = "\(screenshotFolder)/\(WindowApp.nameForNow()).png"
        let message: String
        do {
            try FileManager.default.createDirectory(atPath: screenshotFolder, withIntermediateDirectories: true)
            try PNG.write(image, to: path)
            message = "saved \(path) (\(image.width)x\(image.height))"
        } catch let error as PNGError {
            message = "screenshot not saved: \(error.description)"
            CommandLine.warn(message)
        } catch {
            message = "screenshot not saved: cannot create the folder '\(screenshotFolder)'\(WindowApp.obstacle(in: screenshotFolder))"
            CommandLine.warn(message)
        }
        toast = (message, Window.time - start + 2.5)
    }

    /// Why a folder cannot be made, when the reason is plain: a file where a folder should be,
    /// or a parent that cannot be written.
    static func obstacle(in folder: String) -> String {
        var path = (folder as NSString).standardizingPath
        while !path.isEmpty, path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return ": '\(path)' is a file" }
                return FileManager.default.isWritableFile(atPath: path) ? "" : ": '\(path)' is not writable"
            }
            path = PathName.folder(of: path)
        }
        return ""
    }

    /// In the field modes, how the two fills of the held badge differ (measured on a 1 px grid
    /// while it is held: a few milliseconds); nothing otherwise.
    private func caption() -> [String] {
        let status = "\(options.mode.rawValue) · frame \(String(format: "%.1f", frameTime * 1000)) ms · f1: keys"
        guard options.mode != .bezier, let pose = scene.heldPose else { return [status] }
        var painter = BadgePainter()
        painter.paint([pose], parameters: options.parameters, scale: 1, mode: .metaball)
        let c = FillComparison(
            home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
            bridge: BadgePainter.bridge(of: pose, parameters: options.parameters), field: painter.metaballField, step: 1)
        func f(_ x: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", x) }
        let kinks = [c.homeKink, c.badgeKink].map { $0.map { f($0) + "°" } ?? "–" }.joined(separator: " / ")
        return [
            status,
            "\(options.parameters.bridge.style.rawValue) vs \(options.parameters.metaball.kernel.rawValue)",
            "area \(f(c.bezierArea)) / \(f(c.metaballArea)) px²   IoU \(f(c.intersectionOverUnion, 3))",
            "narrowest \(f(c.bezierNarrowest, 1)) / \(f(c.metaballNarrowest, 1)) px   kinks \(kinks)",
        ]
    }

    private func writeDumpLine(at time: Double) {
        guard let dump else { return }
        let line = scene.dumpLine(time: time, parameters: options.parameters) + "\n"
        dump.write(Data(line.utf8))
    }
}

/// A recording in progress: a GIF or an APNG.
enum Recorder {
    case gif(GIFWriter)
    case apng(APNGWriter)

    var width: Int {
        switch self {
        case .gif(let w): w.width
        case .apng(let w): w.width
        }
    }

    var height: Int {
        switch self {
        case .gif(let w): w.height
        case .apng(let w): w.height
        }
    }

    func add(_ image: Image, repeats: Int) throws(CLIError) {
        do {
            switch self {
            case .gif(let w): try w.add(image, repeats: repeats)
            case .apng(let w): try w.add(image, repeats: repeats)
            }
        } catch let error as GIFError {
            throw .failure(error.description)
        } catch {
            throw .failure("\(error)")
        }
    }

    func close() throws(CLIError) {
        do {
            switch self {
            case .gif(let w): try w.close()
            case .apng(let w): try w.close()
            }
        } catch let error as GIFError {
            throw .failure(error.description)
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Abandons the file (the APNG is still all in memory).
    func discard() {
        if case .gif(let w) = self { w.discard() }
    }
}
