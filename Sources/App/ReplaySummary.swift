// What `sticky replay SCRIPT` says when asked for no output: the run in one screen on stdout.

import Foundation

/// The events of a replay with their times, as the dump's lines would carry them, and the
/// summary printed when no output (--dump, --frames, --gif, --apng) was asked for.
struct ReplaySummary {
    /// Events listed before the rest are counted as "… N more".
    static let shownEvents = 20

    private(set) var events: [(time: Double, text: String)] = []

    /// Takes the events since the last call, at the frame time `time`, each named with what it
    /// happened to: a badge by its id (the dump's) and its count where it has one, as the window
    /// shows it ("badge 1 ("8") released"), "head began", "reset".
    mutating func record(from scene: Scene, time: Double, parameters: Parameters) {
        if let badges = scene as? BadgeScene {
            for event in badges.board.takeEvents() {
                let count = badges.board.badges.first { $0.id == event.badge }?.text ?? ""
                let name = count.isEmpty ? "badge \(event.badge)" : "badge \(event.badge) (\"\(count)\")"
                events.append((time, event.kind == .reset ? "reset" : "\(name) \(event.kind.rawValue)"))
            }
            return
        }
        // Other scenes report their events only in their dump line (the chain's concern its head).
        let line = scene.dumpLine(time: time, parameters: parameters)
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let names = object["events"] as? [String]
        else { return }
        for name in names { events.append((time, name == "reset" ? name : "head \(name)")) }
    }

    /// The summary: the script, its duration and frames, then each event with its time. A run
    /// that key q ended says at what time (its last frame's) first: the frames stop there, not
    /// at the script's end.
    func text(script: String, duration: Double, fps: Double, frames: Int, endedEarly: Bool) -> String {
        func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }
        // (Ended early, the time played leads: "5.500 s, 31 frames at 60 fps" read as wrong.)
        let played = endedEarly ? "ended by key q at \(seconds(Double(max(frames - 1, 0)) / fps)) of \(seconds(duration))" : seconds(duration)
        var lines = ["\(script): \(played), \(frames) frame\(frames == 1 ? "" : "s") at \(Self.fps(fps)) fps"]
        if events.isEmpty { lines.append("  no events") }
        for event in events.prefix(Self.shownEvents) { lines.append("  \(seconds(event.time))  \(event.text)") }
        if events.count > Self.shownEvents { lines.append("  … \(events.count - Self.shownEvents) more") }
        lines.append("(nothing written: --dump, --frames, --gif or --apng write the run; see sticky replay --help)")
        return lines.joined(separator: "\n")
    }

    /// Frames per second as given: 60, or 29.97.
    static func fps(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }
}
