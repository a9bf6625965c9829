// `sticky`: the interactive window. Input in, fixed-step simulation, one frame when something changed.

import Foundation
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
          m                         next mode: bezier, metaball, split, overlay
          c                         the held badge's bridge construction (points, handles)
          w                         the triangles' edges (wireframe)
          q, escape                 quit

          --dump FILE.jsonl         one JSON object per drawn frame, as `replay --dump` writes
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
    /// The clock's origin: the simulation's t = 0.
    let start: Double

    init(options: CommonOptions, dumpPath: String?) throws(CLIError) {
        self.options = options
        do {
            window = try Window(width: options.width, height: options.height, title: "sticky — \(options.mode.rawValue)")
        } catch {
            throw .failure("\(error); without a display, try `sticky render --out FILE.png` or `sticky replay SCRIPT`, or run under xvfb-run")
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
            try? dump?.close()
            renderer.destroy()
            window.destroy()
        }
        var dirty = true
        while !quit {
            // Sleep while nothing moves; otherwise take what came and go on drawing.
            let wasAnimating = scene.isAnimating
            let events = wasAnimating || dirty ? window.poll() : window.wait()
            let now = Window.time - start
            scene.advance(to: now)
            for event in events { dirty = handle(event) || dirty }
            if quit { break }
            scene.advance(to: now)
            // The step that ends a spring or a burst changes the picture too.
            let changed = dirty || wasAnimating || scene.isAnimating
            dirty = false
            guard changed else { continue }
            let frameStart = Window.time
            draw()
            writeDumpLine(at: now)
            // Xvfb and some drivers do not block in swap: cap the rate at 120 Hz while animating.
            let spent = Window.time - frameStart
            if scene.isAnimating, spent < 1.0 / 120 { usleep(UInt32((1.0 / 120 - spent) * 1e6)) }
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
        case .key(let name, _, _):
            switch Key(rawValue: name) {
            case .r: scene.apply(.reset)
            case .m:
                let modes = Mode.allCases
                options.mode = modes[(modes.firstIndex(of: options.mode)! + 1) % modes.count]
                window.title = "sticky — \(options.mode.rawValue)"
            case .c: construction.toggle()
            case .w: wireframe.toggle()
            case .q, .escape: quit = true
            case nil: return false
            }
        case .closeRequested:
            quit = true
        case .resized(let w, let h):
            scene.resize(width: options.mode == .split ? Double(w) / 2 : Double(w), height: Double(h))
        case .scroll:
            break
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
        painter.caption = caption()
        scene.paint(&painter, parameters: options.parameters, scale: scale, mode: options.mode)
        if construction || wireframe {
            painter.addOverlays(construction: construction ? scene.heldPose : nil, wireframe: wireframe,
                                parameters: options.parameters, scale: scale)
        }
        let paneWidth = options.mode == .split ? Double(w) / 2 : Double(w)
        let frame = painter.frame(
            width: paneWidth, height: Double(h), scale: scale, parameters: options.parameters, mode: options.mode,
            pixelWidth: fw, pixelHeight: fh)
        renderer.draw(frame, into: DefaultTarget(pixelWidth: fw, pixelHeight: fh))
        window.swapBuffers()
    }

    /// In the field modes, how the two fills of the held badge differ (measured on a 1 px grid
    /// while it is held: a few milliseconds); nothing otherwise.
    private func caption() -> [String] {
        guard options.mode != .bezier, let pose = scene.heldPose else { return ["\(options.mode.rawValue) · m: next mode"] }
        var painter = BadgePainter()
        painter.paint([pose], parameters: options.parameters, scale: 1, mode: .metaball)
        let c = FillComparison(
            home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
            bridge: BadgePainter.bridge(of: pose, parameters: options.parameters), field: painter.metaballField, step: 1)
        func f(_ x: Double, _ digits: Int = 0) -> String { String(format: "%.\(digits)f", x) }
        let kinks = [c.homeKink, c.badgeKink].map { $0.map { f($0) + "°" } ?? "–" }.joined(separator: " / ")
        return [
            "\(options.mode.rawValue) · \(options.parameters.bridge.style.rawValue) vs \(options.parameters.metaball.kernel.rawValue)",
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
