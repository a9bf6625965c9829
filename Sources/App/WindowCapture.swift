// Screenshots and recordings of the window into one folder, and the parameters file: every
// outcome comes back as a message for a toast (failures also on stderr); the app goes on.

import Foundation
import Imaging

/// The window's captures: PNG screenshots, GIF or APNG recordings at a fixed rate.
final class WindowCapture {
    let folder: String
    /// The recording in progress, the time its next frame is due, and its frames so far.
    private var recording: (writer: Recording, next: Double, frames: Int)?
    static let rate = 30.0

    /// The folder named in full, as the toasts say it (p's names its file in full; s said
    /// 'screenshots/…', which says nothing of where the window was started from).
    let shownFolder: String

    init(folder: String) {
        self.folder = folder
        shownFolder = WindowCapture.whole(folder)
    }

    /// A path named in full, as every message here says it: from the working directory where
    /// it is relative, without its "." and ".." steps.
    static func whole(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    var isRecording: Bool { recording != nil }

    /// Whether the recording in progress is an APNG (shift+v's); nil when not recording.
    var recordsAPNG: Bool? { recording.map { $0.writer.apngPath != nil } }
    /// The file the recording running goes to.
    var recordingPath: String? { recording?.writer.path }

    /// The seconds recorded so far; nil when not recording.
    var recordedSeconds: Double? { recording.map { Double($0.frames) / WindowCapture.rate } }

    /// Whether the recording wants a frame at `time`.
    func wantsFrame(at time: Double) -> Bool { recording.map { time >= $0.next } ?? false }

    /// Saves a screenshot named by the time; what to say names whether the HUD is in it.
    func save(_ image: Image, hud: Bool) -> String {
        let name = "\(WindowCapture.nameForNow()).png", path = "\(folder)/\(name)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try PNG.write(image, to: path)
            return "saved \(shownFolder)/\(name) (\(image.width)x\(image.height), \(hud ? "with" : "without") the HUD)"
        } catch let error as ImageFileError {
            return WindowCapture.warn("screenshot not saved: \(error.description)")
        } catch {
            return WindowCapture.warn("screenshot not saved: cannot create the folder '\(shownFolder)'\(WindowCapture.obstacle(in: folder, error))")
        }
    }

    /// Starts a GIF (or an APNG) of `width`×`height` device pixels whose palette holds `colors`.
    func start(apng: Bool, width: Int, height: Int, colors: [(UInt8, UInt8, UInt8)], time: Double) -> String {
        guard width > 0, height > 0 else { return "nothing to record: the window is minimised" }
        let name = "\(WindowCapture.nameForNow()).\(apng ? "apng.png" : "gif")", path = "\(folder)/\(name)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return WindowCapture.warn("not recording: cannot create the folder '\(shownFolder)'\(WindowCapture.obstacle(in: folder, error))")
        }
        do {
            let writer = try Recording(gif: apng ? nil : path, apng: apng ? path : nil, width: width, height: height,
                                       fps: WindowCapture.rate, frameCount: 1 << 30, colors: colors)
            recording = (writer, time, 0)
            return "recording \(shownFolder)/\(name) (\(apng ? "shift+v" : "v") stops)"
        } catch {
            return WindowCapture.warn("not recording: \(error.description)")
        }
    }

    /// Adds the picture shown at `time`. A frame the window was too busy to take is covered by
    /// showing this one longer, so the recording keeps true time and never falls behind.
    /// Returns a message when the recording had to stop, and whether it was saved (cut short
    /// by a resize) rather than lost to a failure.
    func add(_ image: Image, at time: Double) -> (message: String, saved: Bool)? {
        guard var shot = recording else { return nil }
        guard image.width == shot.writer.width, image.height == shot.writer.height else {
            // A file is one size: what was recorded is kept, and a press of v starts anew.
            return stop(cut: "the window changed size")
        }
        do {
            let due = Int((time - shot.next) * WindowCapture.rate) + 1
            try shot.writer.add([(image, due)])
            shot.frames += due
            shot.next += Double(due) / WindowCapture.rate
            recording = shot
            return nil
        } catch {
            return stop(failure: error.description)
        }
    }

    /// Finishes the recording (or abandons it after a failure): what became of it, a failure
    /// already warned of on stderr; nil if none was running. `cut`: why it ends before it was
    /// asked to (the frames so far saved, and it says so, on stderr too; with none, nothing).
    @discardableResult
    func stop(failure: String? = nil, cut: String? = nil) -> (message: String, saved: Bool)? {
        guard let shot = recording else { return nil }
        recording = nil
        if let failure {
            shot.writer.discard()
            return (WindowCapture.warn("recording stopped: \(failure)"), false)
        }
        if let cut, shot.frames == 0 {
            shot.writer.discard()
            return (WindowCapture.warn("recording stopped: \(cut) before its first frame"), false)
        }
        do {
            try shot.writer.close()
            // Its length in 1/30 s slots; a slow frame fills several as one picture.
            let saved = "saved \(WindowCapture.whole(shot.writer.path)) (\(String(format: "%.1f", Double(shot.frames) / WindowCapture.rate)) s at "
                + "\(Int(WindowCapture.rate)) fps)"
            return (cut.map { WindowCapture.warn("\(saved); recording stopped: \($0)") } ?? saved, true)
        } catch {
            return (WindowCapture.warn("recording not saved: \(error.description)"), false)
        }
    }

    /// Writes the parameters to `path` (what --params reads): what became of them, and how to
    /// load them back.
    static func save(_ parameters: Parameters, to path: String = "sticky-params.json") -> String {
        var fields: [String] = []
        for parameter in ParameterRegistry.all {
            let value = parameter.value(in: parameters)
            switch parameter.kind {
            case .number, .flag: fields.append("  \"\(parameter.name)\": \(value)")
            case .choice, .color: fields.append("  \"\(parameter.name)\": \"\(value)\"")
            }
        }
        let text = "{\n" + fields.joined(separator: ",\n") + "\n}\n"
        // Named in full either way (the folder it went to, or would have).
        let whole = WindowCapture.whole(path)
        if let reason = AtomicFile.write(Data(text.utf8), to: path) {
            return warn("parameters not saved: cannot write '\(whole)': \(reason)")
        }
        return "saved \(whole) (--params \(path) loads it)"
    }

    private static func warn(_ message: String) -> String {
        CommandLine.warn(message)
        return message
    }

    /// A file name for now, in local time to the millisecond: sticky-2026-11-29T153052-659.
    static func nameForNow() -> String {
        let now = Date()
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withFullDate, .withTime])
            .replacingOccurrences(of: ":", with: "")
        let millis = Int(now.timeIntervalSince1970 * 1000) % 1000
        return "sticky-\(stamp)-\(String(format: "%03d", millis))"
    }

    /// Why a folder cannot be made, as ": why": a file where a folder should be, or a parent
    /// that cannot be written, where that is the reason; else the system's (`error`, of the
    /// attempt).
    static func obstacle(in folder: String, _ error: any Error) -> String {
        var path = (folder as NSString).standardizingPath
        while !path.isEmpty, path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return ": '\(path)' is a file" }
                if !FileManager.default.isWritableFile(atPath: path) { return ": '\(path)' is not writable" }
                break
            }
            path = PathName.folder(of: path)
        }
        // (A folder there that says "no such file" of what is made in it, /proc, is said so.)
        return ": " + (systemCode(error).map { AtomicFile.creationFailure($0, making: folder) } ?? systemReason(error))
    }
}
