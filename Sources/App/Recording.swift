// The one capture path for animations: a GIF, an APNG or both, written from frames that are
// quantised and deflated on all cores and appended in order. The window and replay use it.

import Dispatch
import Foundation
import Imaging

/// A recording in progress to a GIF and/or an APNG of one size.
final class Recording {
    let gifPath: String?, apngPath: String?
    let width: Int, height: Int
    private var gif: GIFWriter?
    private var apng: APNGWriter?

    /// Starts the files (each beside its final name until `close()`). `frameCount` is the
    /// APNG's declared count (corrected at the end if fewer came); `colors`, the GIF palette's keys.
    init(gif gifPath: String?, apng apngPath: String?, width: Int, height: Int, fps: Double, frameCount: Int,
         colors: [(UInt8, UInt8, UInt8)]) throws(CLIError) {
        self.gifPath = gifPath
        self.apngPath = apngPath
        self.width = width
        self.height = height
        do {
            if let gifPath { gif = try GIFWriter(path: gifPath, width: width, height: height, fps: fps, keyColors: colors) }
        } catch {
            throw .failure(error.description)
        }
        do {
            if let apngPath { apng = try APNGWriter(path: apngPath, width: width, height: height, fps: fps, frameCount: frameCount) }
        } catch {
            gif?.discard()
            throw .failure(error.description)
        }
    }

    /// Quantises (GIF) and deflates (APNG) the frames on all cores, then appends them in order,
    /// each shown for `repeats` frame times.
    func add(_ frames: [(image: Image, repeats: Int)]) throws(CLIError) {
        guard !frames.isEmpty else { return }
        let results = EncodedFrames(count: frames.count)
        let (gif, apng) = (self.gif, self.apng)
        DispatchQueue.concurrentPerform(iterations: frames.count) { i in
            results.store(i, indices: gif?.quantize(frames[i].image),
                          compressed: apng != nil ? APNGWriter.compress(frames[i].image) : nil)
        }
        for i in frames.indices {
            do {
                if let gif, let indices = results.indices[i] { try gif.add(indices: indices, repeats: frames[i].repeats) }
            } catch {
                throw .failure(error.description)
            }
            if let apng {
                guard let body = results.compressed[i] else { throw .failure("cannot deflate frame \(i) of the APNG") }
                do { try apng.add(compressed: body, repeats: frames[i].repeats) } catch { throw .failure(error.description) }
            }
        }
    }

    /// Finishes the files.
    func close() throws(CLIError) {
        do { try gif?.close() } catch { throw .failure(error.description) }
        do { try apng?.close() } catch { throw .failure(error.description) }
        gif = nil
        apng = nil
    }

    /// Finishes the files without putting them in place, for a caller that writes other files
    /// with them, all or none: the GIF is whole beside its place (`commit` moves it), the
    /// APNG's bytes come back with its path, for `AtomicFile.write` with the others.
    func finish() throws(CLIError) -> [(Data, String)] {
        do { try gif?.finish() } catch { throw .failure(error.description) }
        guard let apng, let apngPath else { return [] }
        self.apng = nil
        do { return [(try apng.finished(), apngPath)] } catch { throw .failure(error.description) }
    }

    /// Moves the finished GIF into place.
    func commit() throws(CLIError) {
        do { try gif?.commit() } catch { throw .failure(error.description) }
        gif = nil
    }

    /// Abandons the files after a failure.
    func discard() {
        gif?.discard()
        gif = nil
        apng = nil
    }

    /// Where it goes, for messages.
    var path: String { [gifPath, apngPath].compactMap { $0 }.joined(separator: " and ") }
}

/// The encoded frames of one batch, filled from many threads.
final class EncodedFrames: @unchecked Sendable {
    private(set) var indices: [[UInt8]?]
    private(set) var compressed: [Data?]
    private let lock = NSLock()

    init(count: Int) {
        indices = Array(repeating: nil, count: count)
        compressed = Array(repeating: nil, count: count)
    }

    func store(_ i: Int, indices frame: [UInt8]?, compressed body: Data?) {
        lock.lock()
        defer { lock.unlock() }
        indices[i] = frame
        compressed[i] = body
    }
}
