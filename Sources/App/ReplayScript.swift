// The replay script language of CLI.md, parsed into timed commands.

import Geometry
import Motion

/// A parsed script: the set-up and the timeline of actions.
struct ReplayScript {
    enum Action: Equatable {
        case command(Command)
        case set(name: String, value: String, line: Int)
        case key(KeyPress)
    }

    var width = 800
    var height = 600
    /// `badge`, `chain` or `grid`; nil: the command line's.
    var scene: SceneName?
    /// The grid's badges (`scene grid N`); nil: the command line's `--count`.
    var count: Int?
    /// Badges from `badge` lines; empty: the default badges.
    var badges: [Badge] = []
    /// Actions at their times, in order.
    var timeline: [(time: Double, action: Action)] = []
    /// Where the script's time ends.
    var duration = 0.0
    /// Lines that play but do nothing, a warning each: a view key (its first press), an `up`
    /// with the pointer not down.
    var notes: [String] = []

    /// The longest script: an hour of script time.
    static let maximumDuration = 3600.0
    /// The largest coordinate or radius a script may name, in logical pixels.
    static let maximumCoordinate = 1_000_000.0

    /// Parses `text`; errors read `FILE:LINE: message` and are usage errors (exit 2).
    init(text: String, file: String, fps: Double) throws(CLIError) {
        var time = 0.0
        var pointer = Vec2.zero
        var started = false
        var down = false, viewKeys: Set<String> = []
        // The lines of actions at the time reached so far (none once time moves on): those at
        // the script's end come after its last frame.
        var now: [(line: Int, verb: String)] = []
        // (Lines end at any line break: "\r\n" is one Character, which a split at "\n" passed
        // over, so a script saved with Windows line endings was one line, a comment where it
        // began with one: it played nothing and said only that it took no time.)
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            let args = Array(words.dropFirst())
            func fail(_ message: String) -> CLIError { .usage("\(file):\(line): \(message)") }
            /// The arguments as an error quotes them.
            let given = args.isEmpty ? "nothing" : "'\(args.joined(separator: " "))'"
            func numbers(_ count: ClosedRange<Int>, _ usage: String) throws(CLIError) -> [Double] {
                guard count.contains(args.count) else {
                    throw fail("\(verb) expects \(usage), got \(given)")
                }
                var out: [Double] = []
                for a in args {
                    guard let v = Parse.decimal(a), v.isFinite else { throw fail("\(verb) expects \(usage), got '\(a)'") }
                    guard abs(v) <= ReplayScript.maximumCoordinate else {
                        throw fail("\(verb) expects \(usage) of at most 1000000 each, got '\(a)'")
                    }
                    out.append(v)
                }
                return out
            }
            func setup() throws(CLIError) {
                if started { throw fail("\(verb) must come before the first pointer action, wait or key") }
            }
            switch verb {
            case "size":
                try setup()
                let v = try numbers(2...2, "W H (positive integers)")
                guard v.allSatisfy({ $0 >= 1 && $0 <= 16_384 && $0 == $0.rounded() }) else {
                    throw fail("size expects W H (positive integers up to 16384), got \(given)")
                }
                width = Int(v[0])
                height = Int(v[1])
            case "scene":
                try setup()
                let usage = "scene expects badge, chain or grid [N] (N from 1 to \(GridScene.largestCount))"
                guard (1...2).contains(args.count) else { throw fail("\(usage), got \(given)") }
                switch SceneName(rawValue: args[0]) {
                case .badge? where args.count == 1, .chain? where args.count == 1: scene = SceneName(rawValue: args[0])
                case .badge?, .chain?: throw fail("\(usage), got \(given): only the grid takes a count")
                case .grid?:
                    scene = .grid
                    if args.count == 2 {
                        guard let n = Int(args[1]), (1...GridScene.largestCount).contains(n) else { throw fail("\(usage), got '\(args[1])'") }
                        count = n
                    }
                default: throw fail("\(usage), got \(given)")
                }
            case "badge":
                try setup()
                guard args.count >= 3 else { throw fail("badge expects X Y R [TEXT]") }
                let limit = ReplayScript.maximumCoordinate
                guard let x = Parse.decimal(args[0]), let y = Parse.decimal(args[1]), let r = Parse.decimal(args[2]),
                    abs(x) <= limit, abs(y) <= limit, r > 0, r <= 100_000
                else { throw fail("badge expects X Y R [TEXT] with |X|, |Y| ≤ 1000000 and 0 < R ≤ 100000") }
                badges.append(Badge(id: badges.count, home: Vec2(x, y), radius: r, text: args.dropFirst(3).joined(separator: " ")))
            case "set":
                guard args.count == 2 else { throw fail("set expects NAME VALUE") }
                guard let parameter = ParameterRegistry.named(args[0]) else {
                    throw fail(ParameterRegistry.unknown(args[0], source: "set").description)
                }
                var probe = Parameters()
                do {
                    try parameter.set(args[1], in: &probe, source: "set \(args[0])")
                } catch {
                    throw fail(error.description)
                }
                timeline.append((time, .set(name: args[0], value: args[1], line: line)))
                now.append((line, verb))
            case "down":
                let v = try numbers(2...2, "X Y")
                started = true
                down = true
                pointer = Vec2(v[0], v[1])
                timeline.append((time, .command(.pointerDown(pointer))))
                now.append((line, verb))
            case "move":
                let v = try numbers(2...3, "X Y [SECONDS]")
                started = true
                let target = Vec2(v[0], v[1])
                let seconds = v.count == 3 ? v[2] : 0
                guard seconds >= 0 else { throw fail("move expects SECONDS ≥ 0, got '\(args[2])'") }
                guard time + seconds <= ReplayScript.maximumDuration else { throw fail("the script runs past 3600 s") }
                if seconds > 0 {
                    // The pointer as a window samples it: once a frame along the line.
                    let start = pointer
                    var k = (time * fps).rounded(.down) + 1
                    while k / fps < time + seconds {
                        let t = k / fps
                        timeline.append((t, .command(.pointerMove(start.mix(target, (t - time) / seconds)))))
                        k += 1
                    }
                    time += seconds
                    now = []
                } else {
                    now.append((line, verb))
                }
                pointer = target
                timeline.append((time, .command(.pointerMove(target))))
            case "up":
                guard args.isEmpty else { throw fail("up takes no arguments") }
                if !down { notes.append("\(file):\(line): up with the pointer not down releases nothing") }
                down = false
                started = true
                timeline.append((time, .command(.pointerUp)))
                now.append((line, verb))
            case "wait":
                let v = try numbers(1...1, "SECONDS")
                guard v[0] >= 0 else { throw fail("wait expects SECONDS ≥ 0, got '\(args[0])'") }
                started = true
                time += v[0]
                if v[0] > 0 { now = [] }
                guard time <= ReplayScript.maximumDuration else { throw fail("the script runs past 3600 s") }
            case "key":
                guard args.count == 1 else { throw fail("key expects NAME") }
                guard let key = KeyPress(script: args[0]) else {
                    throw fail("unknown key '\(args[0])' (known: \((KeyPress.known.sorted() + ["?"]).joined(separator: ", ")), with shift+ or alt+)")
                }
                if Controls.changesNothingInAReplay(key), viewKeys.insert(args[0]).inserted {
                    notes.append("\(file):\(line): key \(args[0]) changes nothing in a replay: its view is its options (--mode, --size, --scale; --construction and --wireframe are render's)")
                }
                started = true
                timeline.append((time, .key(key)))
                // (Not the view keys, said above, nor a quit: the end is where it stops anyway.)
                if !Controls.changesNothingInAReplay(key), Controls.binding(for: key)?.action != .quit { now.append((line, verb)) }
            default:
                throw fail("unknown command '\(verb)' (expected size, scene, badge, set, down, move, up, wait or key)")
            }
        }
        duration = time
        // Frames are taken up to the script's end, not at it: what a script does there (an `up`
        // with no wait after it) never played, without a word (a new user's release was lost).
        // A script that takes no time plays its one frame at 0 s, with everything in it.
        if time > 0, let first = now.first {
            let what = now.count == 1 ? first.verb : "\(first.verb) and \(now.count - 1) more line\(now.count == 2 ? "" : "s")"
            let they = now.count == 1 ? "it" : "them"
            notes.append("\(file):\(first.line): \(what) at the script's end (\(Parameter.format(time)) s) "
                + "come\(now.count == 1 ? "s" : "") after its last frame and never play\(now.count == 1 ? "s" : ""): a wait after \(they) plays \(they)")
        }
    }
}

/// Plays a script's timeline into a scene: the actions due by a time, then the scene's step to it.
struct ScriptPlayer {
    let script: ReplayScript
    let scene: Scene
    /// The parameters as the script's `set` lines and slider keys have left them.
    private(set) var parameters: Parameters
    private var controls = Controls()
    private var next = 0
    /// A `key q` was played: nothing plays after it.
    private(set) var ended = false
    /// The `down`s that grabbed nothing (when, and where in the script's units): a script
    /// written for another size or mode pressed beside every badge and said nothing.
    private(set) var misses: [(time: Double, point: Vec2)] = []

    /// Picture units a scene unit (`Layout.zoom`): the script's points are the pictures' (each
    /// pane's), as the window's pointer is, so a scene shrunk to fit is driven where it is shown.
    let zoom: Double

    /// `preset`: --preset's, what a backspace key resets to until a preset key loads another;
    /// `start`: the values begun with, where --params or --set gave some, which it resets to
    /// instead (as the window does).
    init(script: ReplayScript, scene: Scene, parameters: Parameters, preset: String? = nil,
         start: (values: Parameters, source: String)? = nil, zoom: Double = 1) {
        self.script = script
        self.scene = scene
        self.parameters = parameters
        self.zoom = zoom
        controls.resetTo(preset: preset)
        if let start { controls.resetTo(start: start.values, source: start.source) }
    }

    /// A script's pointer command in the scene's units.
    private func inScene(_ command: Command) -> Command {
        switch command {
        case .pointerDown(let p): .pointerDown(p / zoom)
        case .pointerMove(let p): .pointerMove(p / zoom)
        case .pointerUp, .reset: command
        }
    }

    /// Applies the actions due by `t`, each at its own time, then advances the scene to `t`.
    mutating func play(to t: Double) throws(CLIError) {
        while !ended, next < script.timeline.count, script.timeline[next].time <= t + 1e-9 {
            let (time, action) = script.timeline[next]
            next += 1
            scene.advance(to: time)
            switch action {
            case .command(let command):
                scene.apply(inScene(command))
                if case .pointerDown(let p) = command, scene.heldPoint == nil { misses.append((time, p)) }
            case .set(let name, let value, _):
                try ParameterRegistry.named(name)!.set(value, in: &parameters, source: "set \(name)")
                scene.update(parameters)
            case .key(let key):
                switch controls.handle(key, parameters: &parameters) {
                case .parameters: scene.update(parameters)
                case .reset: scene.apply(.reset)
                case .quit: ended = true
                default: break  // the window's view keys: a replay's view is its options
                }
            }
        }
        scene.advance(to: t)
    }
}
