// `sticky soak`: random drags, releases and resets, drawn headless frame after frame, watching
// for GL errors, non-finite state and memory that grows.

import Foundation
import Geometry
import Motion
import Render

enum SoakCommand {
    static let help = """
        usage: sticky soak [--frames N] [--seed N] [OPTIONS]

        Plays random pointer actions on the scene (--scene badge or chain; the grid, which no
        pointer moves, only has its frames drawn): presses on a badge or
        the caterpillar's head and elsewhere, drags of every length (past the break too), releases,
        resets and the presets 1-4, at 60 frames a second, and draws every frame offscreen (in
        split mode unless --mode says otherwise: both fills). Every frame it checks glGetError and
        that the state dump is JSON with finite numbers only; it reads the resident memory after
        the warm-up (a tenth of the frames) and at the end. Exit status 1 if a check failed or
        memory grew by 1 MiB or more.

          --frames N                frames to play (100000)
          --seed N                  the random actions' seed (1)
          --quiet                   no progress line
        \(CommonOptions.help(defaults: defaults))
        """

    /// The options soak starts from: split mode, so both fills are drawn every frame.
    static var defaults: CommonOptions {
        var common = CommonOptions()
        common.mode = .split
        return common
    }

    static func run(_ words: [String]) throws(CLIError) {
        var common = defaults
        var frames = 100_000
        var seed: UInt64 = 1
        var quiet = false
        var arguments = Arguments(words)
        while let token = try arguments.next() {
            switch token {
            case .word(let word): throw .usage("soak takes no positional argument, got '\(word)'")
            case .option(let option, let inline):
                if try common.accept(option, inline: inline, from: &arguments) { continue }
                switch option {
                case "--frames":
                    frames = Int(try Parse.number(
                        arguments.value(of: option, inline: inline, expects: "a count"), option: option,
                        range: 1...100_000_000, what: "a whole number of frames from 1 to 100000000"))
                case "--seed":
                    seed = UInt64(try Parse.number(
                        arguments.value(of: option, inline: inline, expects: "a number"), option: option,
                        range: 0...1e15, what: "a whole number from 0"))
                case "--quiet": quiet = true
                default: throw .unknownOption(option, command: "soak")
                }
            }
        }
        try common.finish()
        common.warn(scene: common.scene)

        let (w, h) = common.pixelSize
        let headless = try HeadlessRenderer(pixelWidth: w, pixelHeight: h)
        defer { headless.destroy() }
        var parameters = common.parameters
        let layout = common.layout(SceneKind(scene: common.scene))
        let width = layout.canvas.x, height = layout.canvas.y
        let scene = makeScene(common.scene, width: width, height: height, badges: [], parameters: parameters, mode: common.mode,
                              count: common.count)
        var painter = BadgePainter(atlas: common.scene == .badge ? Fonts.atlas() : nil)
        var controls = Controls(scene: SceneKind(scene: common.scene))
        var random = SoakRandom(seed: seed)
        var pointer = Vec2(width / 2, height / 2)
        var target = pointer
        var pressed = false
        var counts = (presses: 0, resets: 0, presets: 0)
        // (Every event a badge can have, in the order of its life; the resets are counted above.)
        let tallied = BadgeEvent.allCases.filter { $0 != .reset }.map(\.rawValue)
        var events: [String: Int] = [:]
        var glErrors = 0, badLines = 0
        var firstProblem: String?
        let warmUp = max(1, frames / 10)
        var warmResident = 0, peakResident = 0
        let progress = !quiet && isatty(2) != 0
        let started = Date()

        for k in 0..<frames {
            let t = Double(k) / 60
            scene.advance(to: t)
            // The pointer: pressed now and then, on something or anywhere, dragged toward targets
            // near and far (past the break), released; now and then a reset or a preset.
            if pressed {
                if random.chance(0.015) {
                    scene.apply(.pointerUp)
                    pressed = false
                } else {
                    if random.chance(0.05) || pointer.distance(to: target) < 2 {
                        let reach = random.chance(0.3) ? 400.0 : 120.0
                        target = pointer + Vec2(random.in(-reach...reach), random.in(-reach...reach))
                    }
                    pointer = pointer.mix(target, random.in(0.05...0.5))
                    scene.apply(.pointerMove(pointer))
                }
            } else if random.chance(0.03) {
                let spots = scene.grabPoints
                if !spots.isEmpty, random.chance(0.75) {
                    let spot = spots[random.below(spots.count)]
                    pointer = spot + Vec2(random.in(-4...4), random.in(-4...4))
                } else {
                    pointer = Vec2(random.in(-20...(width + 20)), random.in(-20...(height + 20)))
                }
                target = pointer
                scene.apply(.pointerDown(pointer))
                pressed = true
                counts.presses += 1
            } else if random.chance(0.004) {
                scene.apply(.reset)
                counts.resets += 1
            } else if random.chance(0.001) {
                let key = KeyPress(name: String(1 + random.below(4)))
                if case .parameters = controls.handle(key, parameters: &parameters) { scene.update(parameters) }
                counts.presets += 1
            }

            let line = scene.dumpLine(time: t, parameters: parameters)
            if let start = line.range(of: "\"events\":[")?.upperBound {
                let list = line[start...]
                for name in tallied where list.contains("\"\(name)\"") { events[name, default: 0] += 1 }
            }
            if !StateDump.isFiniteJSON(line) {
                badLines += 1
                if firstProblem == nil { firstProblem = "frame \(k): dump line not finite JSON: \(line)" }
            }
            painter.paint(scene.snapshot(parameters), parameters: parameters, scale: common.scale * layout.zoom, mode: common.mode)
            let frame = painter.frame(layout: layout, scale: common.scale * layout.zoom, parameters: parameters, pixelWidth: w,
                                      pixelHeight: h)
            headless.renderer.draw(frame, into: headless.target)
            GL.finish()
            if let code = GL.error() {
                glErrors += 1
                if firstProblem == nil { firstProblem = "frame \(k): \(RenderError.gl(code: code, stage: "drawing the frame"))" }
            }
            if k + 1 == warmUp { warmResident = residentBytes() }
            if k + 1 > warmUp, k % 1000 == 0 { peakResident = max(peakResident, residentBytes()) }
            if progress, k % 500 == 0 || k + 1 == frames {
                FileHandle.standardError.write(Data("\rsticky: soak \(common.scene) \(k + 1)/\(frames) frames".utf8))
            }
        }
        if progress { FileHandle.standardError.write(Data("\n".utf8)) }
        let seconds = Date().timeIntervalSince(started)
        let endResident = residentBytes()
        peakResident = max(peakResident, endResident)
        let growth = frames > warmUp ? endResident - warmResident : 0
        func mib(_ bytes: Int) -> String { String(format: "%.2f MiB", Double(bytes) / 1_048_576) }
        CommandLine.say(
            "soak \(common.scene) (\(common.mode.rawValue), \(w)x\(h), seed \(seed)): \(frames) frames in "
                + String(format: "%.1f s (%.2f ms a frame)", seconds, 1000 * seconds / Double(frames))
                + "; \(counts.presses) presses, \(counts.resets) resets, \(counts.presets) presets")
        CommandLine.say("  events: " + tallied.map { "\(events[$0, default: 0]) \($0)" }.joined(separator: ", "))
        CommandLine.say(
            "  resident memory: \(mib(warmResident)) after \(warmUp) warm-up frames, \(mib(endResident)) at the end "
                + "(growth \(mib(growth)), peak \(mib(peakResident)))")
        CommandLine.say("  GL errors: \(glErrors); dump lines with a non-finite number or not JSON: \(badLines)")
        if let firstProblem { throw .failure("soak: \(firstProblem)") }
        if SoakCommand.underSanitizer {
            // ASan and TSan hold freed memory back (quarantine, shadow): resident memory says nothing.
            CommandLine.say("  (resident memory not judged: this sticky runs under a sanitizer)")
        } else if growth >= 1 << 20 {
            throw .failure("soak: resident memory grew by \(mib(growth)) after the warm-up")
        }
    }

    /// Whether AddressSanitizer or ThreadSanitizer is in the process (their runtimes' symbols).
    static var underSanitizer: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
            || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    }

    /// The process's resident set, in bytes (Linux: /proc/self/statm).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// SplitMix64: the same actions for the same seed on every machine.
struct SoakRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func `in`(_ range: ClosedRange<Double>) -> Double { range.lowerBound + unit() * (range.upperBound - range.lowerBound) }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
