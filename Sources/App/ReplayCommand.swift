// `sticky replay SCRIPT`: runs an input script headless; dumps states, writes frames.

import Foundation
import Geometry
import Imaging
import Motion
import Render

/// `sticky replay`'s command line, parsed and checked; nothing read or written yet.
struct ReplayRequest {
    var common = CommonOptions()
    var scriptPath = ""
    var dumpPath: String?
    var framesPath: String?
    var gifPath: String?
    var apngPath: String?
    var fps = 60.0

    init(_ words: [String]) throws(CLIError) {
        var scriptPath: String?
        var arguments = Arguments(words)
        while let token = try arguments.next() {
            switch token {
            case .word(let word):
                guard scriptPath == nil else { throw .usage("replay takes one SCRIPT, got a second: '\(word)'") }
                scriptPath = word
            case .option(let option, let inline):
                if try common.accept(option, inline: inline, from: &arguments) { continue }
                switch option {
                case "--dump": dumpPath = try Parse.dumpName(arguments.value(of: option, inline: inline, expects: "a file name"), option: option)
                case "--frames": framesPath = try Parse.folder(arguments.value(of: option, inline: inline, expects: "a folder"), option: option)
                case "--fps":
                    fps = try Parse.number(
                        arguments.value(of: option, inline: inline, expects: "a number"), option: option,
                        range: 1...1000, what: "frames per second from 1 to 1000")
                case "--gif":
                    gifPath = try Parse.fileName(
                        arguments.value(of: option, inline: inline, expects: "a GIF file name"), option: option,
                        formats: ["gif"], what: "an animated GIF")
                case "--apng":
                    apngPath = try Parse.fileName(
                        arguments.value(of: option, inline: inline, expects: "an APNG file name"), option: option,
                        formats: ["png", "apng"], what: "an animated PNG")
                default: throw .unknownOption(option, command: "replay")
                }
            }
        }
        guard let scriptPath else { throw .usage("replay needs a SCRIPT (see sticky replay --help)") }
        try Parse.distinct([("--dump", dumpPath), ("--frames", framesPath), ("--gif", gifPath), ("--apng", apngPath), ("SCRIPT", scriptPath),
                            ("--params", common.paramsFile)])
        try Parse.outsideFrames([("--dump", dumpPath), ("--gif", gifPath), ("--apng", apngPath)], frames: framesPath)
        self.scriptPath = scriptPath
        try common.finish()
    }
}

enum ReplayCommand {
    static let help = """
        usage: sticky replay SCRIPT [OPTIONS]

        Runs the script's pointer actions on the badges, headless, in fixed steps of 1/240 s, and
        reports one frame every 1/fps s from t = 0 up to the script's end: duration x fps frames. In split mode the script's
        coordinates are a pane's (each W/2 wide). With none of the outputs below, it prints a summary:
        the duration, the frames and each event with its time (the first 20).

          --dump FILE.jsonl         one JSON object per frame: pointer, badges, events
          --frames DIR              one PNG per frame, DIR/frame-00000.png, ... (DIR is created)
          --fps F                   frames per second of the dump and the frames, from 1 to
                                    1000, a fraction too (12.5) (60)
          --gif FILE                the frames as an animated GIF (a palette of blends of the
                                    picture's colours: the badge keeps its red, edges stay smooth);
                                    no delay under 2 cs (browsers slow those): over 50 fps, frames merge
          --apng FILE               the frames as an animated PNG (full RGBA, exact delays)
        \(CommonOptions.help)

        Script: one command a line, # starts a comment, logical pixels and seconds.
          size W H                  canvas size (default 800 600; --size overrides)
          scene badge|chain|grid [N]
                                    the scene (default: --scene's, badge); the grid's N
                                    badges (default: --count's)
          badge X Y R [TEXT]        a badge at home (X,Y), radius R; replaces the default badges
          set NAME VALUE            a parameter from then on (names as in --set)
          down X Y                  pointer pressed
          move X Y [SECONDS]        pointer moves there, in a straight line over SECONDS
          up                        pointer released
          wait SECONDS              time passes
          key NAME                  a key press, as in the window: r, q or escape, the sliders
                                    (up, down, tab, left, right with shift+ or alt+, backspace),
                                    presets 1-4; the view keys (m, n, c, w, s, v, h, f1, slash
                                    or ?, p) change nothing
        """

    static func run(_ words: [String]) throws(CLIError) {
        let request = try ReplayRequest(words)
        var common = request.common
        let script = try ReplayScript(
            text: try readInput(request.scriptPath, what: "the script"), file: request.scriptPath, fps: request.fps)
        if !common.sizeGiven {
            common.width = script.width
            common.height = script.height
            try common.finish()
        }
        common.warn(scene: script.scene ?? common.scene)
        for note in script.notes { CommandLine.warn(note) }
        // (An empty file, or the wrong one, plays a frame of the scene at rest: said, not silent.)
        if script.duration == 0 {
            CommandLine.warn("\(request.scriptPath) takes no time (no wait, no timed move): one frame, at 0 s")
        }
        let (dumpPath, framesPath, fps) = (request.dumpPath, request.framesPath, request.fps)
        let (gifPath, apngPath) = (request.gifPath, request.apngPath)
        // A frames folder named like a picture, not yet there, is most likely meant as one file.
        if let framesPath, !FileManager.default.fileExists(atPath: framesPath),
           ["png", "gif", "apng", "jpg", "jpeg", "webp"].contains(PathName.extension(of: framesPath)) {
            CommandLine.warn("--frames names a folder: '\(framesPath)' will be a folder of PNG frames (one animated file: --gif or --apng)")
        }

        // Nothing is written until everything that can be checked has been.
        if let dumpPath { try checkWritable(dumpPath) }
        if let gifPath { try checkWritable(gifPath) }
        if let apngPath { try checkWritable(apngPath) }
        // Folders made here for the frames and left empty by a failure are taken away again
        // (rmdir takes only empty ones), from the frames folder up to the first that was there.
        var made: [String] = []
        if var folder = framesPath {
            while !folder.isEmpty, folder != "/", !FileManager.default.fileExists(atPath: folder) {
                made.append(folder)
                folder = PathName.folder(of: folder)
            }
        }
        // The frames are written into a hidden folder inside the frames folder and moved into
        // place only once every other output is written: a failure leaves the folder as it was.
        let staging = framesPath.map { $0 + "/.sticky-frames-\(getpid())" }
        var finished = false
        defer {
            if !finished {
                if let staging { try? FileManager.default.removeItem(atPath: staging) }
                for folder in made { rmdir(folder) }
            }
        }
        if let framesPath, let staging {
            try Parse.refuseFile(at: framesPath, option: "--frames")
            do {
                try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            } catch {
                let reason = systemCode(error).map { AtomicFile.creationFailure($0, making: framesPath) } ?? systemReason(error)
                throw .failure("cannot create the frames folder '\(framesPath)': \(reason)")
            }
        }

        let parameters = common.parameters
        let sceneName = script.scene ?? common.scene
        // A script's own badges are drawn where it puts them, at full size, as render's are; the
        // four badges the window starts with get the window's layout of the script's size (at
        // 120x90 one badge of radius 25 was drawn at 38%, laid out for four).
        let layout = common.layout(sceneName == .badge && !script.badges.isEmpty ? .free : SceneKind(scene: sceneName))
        // Badge lines set the badge scene's badges: another scene has none to set.
        if sceneName != .badge, !script.badges.isEmpty {
            CommandLine.warn("the script's badge lines set the badge scene's badges; the \(sceneName.rawValue) scene ignores them")
        }
        // The script's badges where the picture shows them (as render says of its badge).
        if sceneName == .badge {
            for badge in script.badges {
                let name = ReplayCommand.name(of: badge)
                _ = RenderCommand.warnIfOutside(name, center: badge.home, radius: badge.radius, layout: layout)
            }
        }
        // Pictures of a scene shrunk to fit them say so, as the window's toast does (a new user's
        // 400x300 split replay was drawn at 62% without a word), and so does a script that
        // points there: its points are the pictures', which the scene's are not (a new user's
        // `down` on a badge as the frames showed it grabbed nothing).
        let points = script.timeline.contains { if case .command(.pointerDown) = $0.action { true } else { false } }
        if framesPath != nil || gifPath != nil || apngPath != nil || points,
           let note = WindowApp.zoomNote(from: 1, to: layout.zoom, scene: sceneName, maxDistance: parameters.motion.badge.maxDistance,
                                         fitting: layout.panes.count > 1 ? "each pane" : "the pictures", on: "the pictures") {
            CommandLine.warn(note + (points ? "; the script's points are the pictures' (each pane's), as a window's pointer is, the dump's the scene's" : ""))
        }
        // (The script's scene; made twice where the labels need a first pass, below. The grid
        // keeps clear of the pane labels' band, as render's pictures do: it was laid out over
        // the whole pane, its badges larger and lower than render's, a label over a home.)
        let newScene = {
            makeScene(sceneName, width: layout.canvas.x, height: layout.canvas.y, badges: script.badges, parameters: parameters,
                      mode: common.mode, count: script.count ?? common.count, band: HUD.pictureBand(layout))
        }
        let scene = newScene()
        let texts = sceneName == .grid || sceneName == .badge && (script.badges.isEmpty || script.badges.contains { !$0.text.isEmpty })
        var painter = BadgePainter(atlas: (framesPath != nil || gifPath != nil || apngPath != nil) && texts ? Fonts.atlas() : nil)
        let headless: HeadlessRenderer?
        if framesPath != nil || gifPath != nil || apngPath != nil {
            let (w, h) = common.pixelSize
            headless = try HeadlessRenderer(pixelWidth: w, pixelHeight: h)
        } else {
            headless = nil
        }
        defer { headless?.destroy() }

        // Frames every 1/fps s over the script's time, its end excluded: duration × fps frames.
        let count = max(1, Int((script.duration * fps - 1e-9).rounded(.up)))
        // Two panes (split) or the overlay have the divider and labels, or the legend, that
        // render's pictures have, in one place in every frame, clear of the scene in all of them
        // where they can be: the script is played once first for where the scene goes (placed
        // clear of the start alone, they lay over the caterpillar once it had fallen).
        var labelled = common
        labelled.scene = sceneName
        let start = scene.snapshot(parameters)
        var everyFrame: [Rect] = []
        if headless != nil, layout.panes.count > 1 || common.mode == .overlay {
            let rehearsal = newScene()
            var player = ScriptPlayer(script: script, scene: rehearsal, parameters: parameters, preset: common.preset,
                                      start: common.startingValues, zoom: layout.zoom)
            var previous: [Rect] = []
            for k in 0..<count {
                try player.play(to: Double(k) / fps)
                // (The caterpillar's field reach is its world's inset, kept current: no bisection a frame.)
                let shown = HUDContent.shown(rehearsal.snapshot(player.parameters), layout: layout, parameters: player.parameters,
                                             fieldReach: (rehearsal as? ChainScene)?.world.inset)
                if shown != previous { everyFrame += shown }
                previous = shown
            }
        }
        var player = ScriptPlayer(script: script, scene: scene, parameters: parameters, preset: common.preset,
                                  start: common.startingValues, zoom: layout.zoom)
        var dump = ""
        var recording: Recording?
        if gifPath != nil || apngPath != nil {
            let (w, h) = common.pixelSize
            recording = try Recording(gif: gifPath, apng: apngPath, width: w, height: h, fps: fps, frameCount: count,
                                      colors: parameters.recordingColors(mode: common.mode,
                                                                         labels: layout.panes.count > 1 || common.mode == .overlay))
        }
        defer { recording?.discard() }
        // Asked for no output: a summary of the run on stdout instead.
        let summarize = dumpPath == nil && framesPath == nil && recording == nil
        var summary = ReplaySummary()
        var played = 0
        let progress = isatty(2) != 0 && recording != nil
        // Frames wait in batches to be quantised and deflated on all cores, then written in order.
        var pending: [(image: Image, repeats: Int)] = []
        let batch = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
        // What the frames cannot show of a spring back that rings faster than half their rate.
        var aliasing: [String] = []
        // Where the script's pointer first takes a held badge past the canvas's (a pane's) edge:
        // a script's points are a pane's, so nothing holds them at split's divider as the
        // window holds its pointer, and the badge was cut there without a word.
        var cut: String?
        for k in 0..<count {
            let t = Double(k) / fps
            try player.play(to: t)
            played = k + 1
            if cut == nil, let badges = scene as? BadgeScene, let i = badges.board.held {
                let badge = badges.board.badges[i]
                let name = "held " + ReplayCommand.name(of: badge)
                // (In the script's units, the pictures': a scene shrunk to fit is `layout.zoom` of them.)
                let z = layout.zoom, at = Vec2((badge.center.x * z * 10).rounded() / 10, (badge.center.y * z * 10).rounded() / 10)
                cut = RenderCommand.outsideNote(name, center: at, radius: (badge.radius * z * 10).rounded() / 10, layout: layout, zoom: z)
                    .map { String(format: "at %.3f s the ", t) + $0 + "; the script's pointer took it there" }
            }
            // (Said only where frames are kept: a summary's events show no wobble, and the
            // seeds' own spring at 60 fps made every summary warn.)
            if !summarize, let badges = scene as? BadgeScene,
                badges.board.badges.contains(where: { $0.phase == .returning && $0.center.distance(to: $0.home) > 0.5 }),
                let ring = player.parameters.motion.spring.ringFrequency {
                // A GIF's frames play at most 50 a second (`GIFWriter.shortestDelay`), whatever --fps:
                // a spring ringing over 25 Hz it cannot show, and more fps did not help it (a new
                // user followed "--fps 88" and the GIF was as aliased).
                let least = Int((2 * ring).rounded(.up)), gifRate = 100 / Double(GIFWriter.shortestDelay)
                let gifCannot = gifPath != nil && 2 * ring > gifRate
                var notes: [String] = []
                if let (text, _) = player.parameters.springAliasing(fps: fps),
                    dumpPath != nil || framesPath != nil || apngPath != nil || !gifCannot {
                    notes.append(text + "; --fps \(least) or more shows it")
                }
                if gifCannot, let (text, _) = player.parameters.springAliasing(
                    fps: gifRate, frames: "the \(Parameter.format(gifRate)) frames a second a GIF plays") {
                    notes.append(text + ": the GIF shows it aliased at any --fps; --apng with --fps \(least) or more shows it")
                }
                for note in notes where !aliasing.contains(note) { aliasing.append(note) }
            }
            if dumpPath != nil {
                dump += scene.dumpLine(time: t, parameters: player.parameters) + "\n"
            } else if summarize {
                summary.record(from: scene, time: t, parameters: player.parameters)
            }
            if let headless {
                let scale = common.scale * layout.zoom
                painter.paint(scene.snapshot(player.parameters), parameters: player.parameters, scale: scale, mode: common.mode)
                let (w, h) = common.pixelSize
                labelled.parameters = player.parameters
                let labels = RenderCommand.labels(start, painter: &painter, options: labelled, layout: layout, also: everyFrame,
                                                  fieldReach: (scene as? ChainScene)?.world.inset)
                let frame = painter.frame(layout: layout, scale: scale, parameters: player.parameters, pixelWidth: w, pixelHeight: h,
                                          hud: labels, hudScale: common.scale)
                if let overflow = painter.fieldOverflow { throw .failure("at \(Parameter.format(t)) s: \(overflow)") }
                let image = try headless.image(of: frame)
                if let staging { try RenderCommand.write(image, to: staging + "/" + frameName(k)) }
                if let recording {
                    pending.append((image, 1))
                    if pending.count >= batch {
                        try recording.add(pending)
                        pending.removeAll(keepingCapacity: true)
                    }
                }
                if progress {
                    let done = (k + 1) * 30 / count
                    FileHandle.standardError.write(Data("\rsticky: [\(String(repeating: "#", count: done))\(String(repeating: " ", count: 30 - done))] \(k + 1)/\(count) frames".utf8))
                }
            }
            if player.ended { break }
        }
        try recording?.add(pending)
        if progress { FileHandle.standardError.write(Data("\n".utf8)) }
        // Every file whole beside its place before any is put there: the dump and the APNG
        // together (all or none), then the GIF, then the frames.
        var files = try recording?.finish() ?? []
        if let dumpPath { files.insert((Data(dump.utf8), dumpPath), at: 0) }
        if let failure = AtomicFile.write(files) { throw .failure("cannot write '\(failure.path)': \(failure.reason)") }
        try recording?.commit()
        if let framesPath, let staging { try placeFrames(from: staging, in: framesPath, count: played) }
        if summarize {
            CommandLine.say(summary.text(script: request.scriptPath, duration: script.duration, fps: fps, frames: played,
                                         endedEarly: player.ended))
        }
        for note in aliasing { CommandLine.warn(note) }
        if let cut { CommandLine.warn(cut) }
        let homes = (scene as? BadgeScene)?.board.badges.map { $0.home * layout.zoom } ?? []
        if let note = ReplayCommand.missNote(player.misses, scene: sceneName, homes: homes) { CommandLine.warn(note) }
        finished = true
    }

    /// A badge as the warnings name it: `badge 1 ("99+")`, or `badge 1` without a count.
    static func name(of badge: Badge) -> String {
        badge.text.isEmpty ? "badge \(badge.id)" : "badge \(badge.id) (\"\(badge.text)\")"
    }

    /// What the script's `down`s that grabbed nothing missed, in one line (the first three
    /// named); nil where every one grabbed.
    /// `homes`: the badges' homes in the script's units, named (up to eight) so that a script
    /// can be put right without a dump.
    static func missNote(_ misses: [(time: Double, point: Vec2)], scene: SceneName, homes: [Vec2] = []) -> String? {
        guard !misses.isEmpty else { return nil }
        let named = misses.prefix(3).map { "down \(Parameter.format($0.point.x)) \(Parameter.format($0.point.y)) at \(Parameter.format($0.time)) s" }
        let more = misses.count > 3 ? " and \(misses.count - 3) more" : ""
        let why = switch scene {
        case .badge:
            "no badge there (a press grabs within 10 px of one's edge"
                + (homes.isEmpty ? "" : "; the badges are at " + homes.prefix(8).map { "\(Parameter.format(tenths: $0.x)),\(Parameter.format(tenths: $0.y))" }
                    .joined(separator: " ") + (homes.count > 8 ? " …" : "")) + ")"
        case .chain: "the caterpillar is held by its head (a press within 10 px of it)"
        case .grid: "the grid's badges are posed, not held"
        }
        return "\(named.joined(separator: ", "))\(more) grabbed nothing: \(why)"
    }

    /// Frame k's file name: `frame-00012.png`.
    static func frameName(_ k: Int) -> String { "frame-" + String(format: "%05d", k) + ".png" }

    /// Moves the `count` frames written in `staging` into `folder`, over those of the same names,
    /// and removes the frames of an earlier, longer run left past them (a folder of one run
    /// mixed with the tail of another is read as one animation): said on stderr.
    static func placeFrames(from staging: String, in folder: String, count: Int) throws(CLIError) {
        for k in 0..<count where rename(staging + "/" + frameName(k), folder + "/" + frameName(k)) != 0 {
            throw .failure("cannot move '\(frameName(k))' into '\(folder)': \(systemText(errno))")
        }
        rmdir(staging)
        let stale = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { name -> Int? in
            guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
            let digits = name.dropFirst(6).dropLast(4)
            guard digits.count >= 5, digits.allSatisfy(\.isASCII), let k = Int(digits), k >= count, frameName(k) == name else { return nil }
            return k
        }.sorted()
        guard let first = stale.first else { return }
        for k in stale { unlink(folder + "/" + frameName(k)) }
        CommandLine.warn("removed \(stale.count) frame\(stale.count == 1 ? "" : "s") of an earlier run from '\(folder)' (\(frameName(first)) on)")
    }

    /// Fails (exit 1) where a file cannot be written at `path`, as the writers find before
    /// writing (`AtomicFile.problem`: its folder missing or a file, or the path a folder).
    static func checkWritable(_ path: String) throws(CLIError) {
        if let reason = AtomicFile.problem(at: AtomicFile.place(of: path)) { throw .failure("cannot write '\(path)': \(reason)") }
    }
}

