// Animated GIFs through giflib, with a palette made for these pictures: blends of a few colours.

import CGIF
import Foundation

/// Writes frames to an animated GIF that loops, through a temporary file renamed into place (a
/// device or pipe, such as `/dev/stdout`, is written through: `AtomicFile.place`).
///
/// The palette is built from the picture's key colours (background, fill, text, ...): 256
/// entries spread along the lines between them, since every pixel of these pictures is an
/// anti-aliased blend of two of them; so the badge stays exactly its red and edges stay smooth.
/// Each pixel maps to the nearest entry through a 32×32×32 cache. GIF delays are whole
/// centiseconds, and never under 2: browsers play 0 and 1 as 10. Frame k is due at
/// round(k·100/fps) cs; a frame whose slot would last under 2 cs is merged with the one after
/// it, which takes its place (so the newest picture is shown, at most 1 cs early, and 60 fps
/// comes out as 2, 3, 2, 3, ...); the total stays round(frames·100/fps) cs exactly. Frames are
/// therefore written up to two behind: the last one may still have to merge into the one before.
/// `quantize` only reads and may run on many threads; the rest belongs to one thread.
public final class GIFWriter: @unchecked Sendable {
    private var file: UnsafeMutablePointer<GifFileType>?
    private let path: String
    /// The file written, renamed to `place` at the end; nil where the path is written through.
    private let temporary: String?
    private let place: String?
    public let width: Int, height: Int
    private let palette: [(UInt8, UInt8, UInt8)]

    private let fps: Double
    /// Frames (counting repeats) added so far: the next one is due at round(added·100/fps) cs.
    private var added = 0
    /// Frames written to the file so far (for messages).
    private var written = 0
    /// A frame and the centisecond it starts at.
    private typealias Timed = (indices: [UInt8], start: Int)
    /// The newest frame; its slot ends when the next one comes (or at the end).
    private var pending: Timed?
    /// The frame before it, whose slot (up to the pending one's start) is at least 2 cs, held
    /// back in case the last frame's slot comes out shorter and has to merge into it.
    private var held: Timed?
    /// The shortest delay a GIF may carry that browsers play as written.
    public static let shortestDelay = 2

    public init(path: String, width: Int, height: Int, fps: Double, keyColors: [(UInt8, UInt8, UInt8)]) throws(ImageFileError) {
        self.path = path
        self.width = width
        self.height = height
        self.fps = fps
        let place = AtomicFile.place(of: path)
        if let reason = AtomicFile.problem(at: place) { throw ImageFileError.write(path: path, reason: reason) }
        if case .replace(let real) = place {
            self.place = real
            temporary = AtomicFile.temporaryPath(beside: real)
        } else {
            self.place = nil
            temporary = nil
        }
        let palette = GIFWriter.palette(keyColors)
        self.palette = palette
        var error: Int32 = 0
        errno = 0
        guard let file = EGifOpenFileName(temporary ?? path, false, &error) else {
            let reason = errno != 0 ? AtomicFile.creationFailure(errno, making: temporary ?? path) : String(cString: GifErrorString(error))
            throw ImageFileError.write(path: path, reason: "\(reason)")
        }
        self.file = file
        EGifSetGifVersion(file, true)
        guard let map = GifMakeMapObject(256, nil) else { throw fail("no memory for the palette") }
        for (i, c) in palette.enumerated() { map.pointee.Colors[i] = GifColorType(Red: c.0, Green: c.1, Blue: c.2) }
        defer { GifFreeMapObject(map) }
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map) == GIF_OK else { throw fail("cannot start") }
        // Loop forever (the NETSCAPE2.0 application extension).
        var netscape = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
            EGifPutExtensionBlock(file, 11, &netscape) == GIF_OK,
            EGifPutExtensionBlock(file, 3, &loop) == GIF_OK,
            EGifPutExtensionTrailer(file) == GIF_OK
        else { throw fail("cannot write the loop extension") }
    }

    /// Abandons the file after a failure; the message says why, with the system's reason for a
    /// failed write (a full disk) when there is one.
    private func fail(_ what: String) -> ImageFileError {
        let code = errno
        let what = code != 0 ? "\(what): \(systemText(code))" : what
        if let file { _ = EGifCloseFile(file, nil) }
        file = nil
        removeTemporary()
        return ImageFileError.write(path: path, reason: "\(what)")
    }

    /// 256 colours along the lines between every pair of key colours, shared out evenly.
    static func palette(_ keys: [(UInt8, UInt8, UInt8)]) -> [(UInt8, UInt8, UInt8)] {
        var out: [(UInt8, UInt8, UInt8)] = keys
        var pairs: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = []
        for i in keys.indices { for j in (i + 1)..<keys.count { pairs.append((keys[i], keys[j])) } }
        let each = pairs.isEmpty ? 0 : (256 - keys.count) / pairs.count
        for (a, b) in pairs {
            for k in 1...max(1, each) where out.count < 256 {
                let t = Double(k) / Double(each + 1)
                func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
                out.append((mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)))
            }
        }
        while out.count < 256 { out.append(out.last ?? (0, 0, 0)) }
        return Array(out.prefix(256))
    }

    /// The frame as palette indices: each pixel's nearest entry (the first of equals), the
    /// same for a colour whatever else the frame holds. Looked up through a cache of
    /// 5-bit-per-channel cells, each holding the last colour met there and its entry (these
    /// pictures hold a few hundred colours, most pixels one of a few); a colour that is not its
    /// cell's is looked up afresh. (The cache once gave every colour of a cell the entry of the
    /// first the frame brought, so a still edge pixel changed colour from frame to frame.)
    /// The cache is the call's own, so frames can be quantised on many threads at once.
    public func quantize(_ image: Image) -> [UInt8] {
        var cache = [(color: UInt32, index: UInt8)](repeating: (UInt32.max, 0), count: 32 * 32 * 32)
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            for i in out.indices {
                let r = p[4 * i], g = p[4 * i + 1], b = p[4 * i + 2]
                let color = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                let key = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
                if cache[key].color != color {
                    var best = 0, bestDistance = Int.max
                    for (j, c) in palette.enumerated() {
                        let dr = Int(c.0) - Int(r), dg = Int(c.1) - Int(g), db = Int(c.2) - Int(b)
                        let d = dr * dr + dg * dg + db * db
                        if d < bestDistance {
                            best = j
                            bestDistance = d
                        }
                    }
                    cache[key] = (color, UInt8(best))
                }
                out[i] = cache[key].index
            }
        }
        return out
    }

    /// Appends one frame (RGBA, the writer's size), shown for `repeats`/fps s (a live recording
    /// that fell behind shows a frame longer rather than stalling).
    public func add(_ image: Image, repeats: Int = 1) throws(ImageFileError) {
        guard image.width == width, image.height == height else { throw fail("a frame of the wrong size") }
        try add(indices: quantize(image), repeats: repeats)
    }

    /// Appends a frame already quantised (`quantize`), shown for `repeats`/fps s.
    public func add(indices: [UInt8], repeats: Int = 1) throws(ImageFileError) {
        guard file != nil, indices.count == width * height else { throw fail("a frame of the wrong size") }
        let start = due(added)
        added += max(1, repeats)
        guard let last = pending, start - last.start < GIFWriter.shortestDelay else {
            if let held, let pending { try put(held.indices, delay: pending.start - held.start) }
            held = pending
            pending = (indices, start)
            return
        }
        // The pending frame would be shown under 2 cs: this newer one takes its slot.
        pending = (indices, last.start)
    }

    /// The centisecond at which frame `k` (counting repeats) is due.
    private func due(_ k: Int) -> Int { Int((Double(k) * 100 / fps).rounded()) }

    /// Writes one frame with its delay.
    private func put(_ indices: [UInt8], delay: Int) throws(ImageFileError) {
        guard let file else { throw fail("already closed") }
        var indices = indices
        written += 1
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                           TransparentColor: NO_TRANSPARENT_COLOR)
        var extension_ = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extension_)
        errno = 0
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extension_) == GIF_OK,
            EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, nil) == GIF_OK
        else { throw fail("cannot add frame \(written)") }
        for row in 0..<height {
            let ok = indices.withUnsafeMutableBufferPointer { buffer in
                EGifPutLine(file, buffer.baseAddress! + row * width, Int32(width))
            }
            guard ok == GIF_OK else { throw fail("cannot add frame \(written)") }
        }
    }

    /// Writes the frames still held back: the last one lasts up to the total time, or merges
    /// into the one before when its slot would be under 2 cs. An animation shorter than 2 cs
    /// in all is one frame of 2 cs.
    private func flush() throws(ImageFileError) {
        let end = due(added)
        guard var last = pending else { return }
        if end - last.start < GIFWriter.shortestDelay, let held {
            last.start = held.start
            self.held = nil
        }
        if let held { try put(held.indices, delay: last.start - held.start) }
        try put(last.indices, delay: max(GIFWriter.shortestDelay, end - last.start))
        held = nil
        pending = nil
    }

    /// Finishes the file and moves it into place.
    public func close() throws(ImageFileError) {
        try finish()
        try commit()
    }

    /// Finishes the file beside its place (written whole, not yet where it goes): what may fail
    /// for want of room is done, and `commit` or `discard` follows.
    public func finish() throws(ImageFileError) {
        guard file != nil else { throw ImageFileError.write(path: path, reason: "already closed") }
        try flush()
        guard let file else { throw ImageFileError.write(path: path, reason: "already closed") }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            removeTemporary()
            throw ImageFileError.write(path: path, reason: "\(String(cString: GifErrorString(error)))")
        }
        guard let temporary else { return }
        // giflib creates the file for its owner only; give it the usual mode, as for PNGs.
        let mask = umask(0)
        umask(mask)
        chmod(temporary, 0o666 & ~mask)
    }

    /// Moves the finished file into place (a rename; nothing where it was written through).
    public func commit() throws(ImageFileError) {
        guard let temporary, let place else { return }
        guard rename(temporary, place) == 0 else {
            removeTemporary()
            throw ImageFileError.write(path: path, reason: "\(systemText(errno))")
        }
    }

    /// Abandons the file: nothing is left behind.
    public func discard() {
        if let file { _ = EGifCloseFile(file, nil) }
        file = nil
        held = nil
        pending = nil
        removeTemporary()
    }

    /// Removes the file being written, if it is a temporary one (never a device written through).
    private func removeTemporary() {
        if let temporary { unlink(temporary) }
    }

    /// The frames of a GIF file (for tests): count, and the delays in centiseconds.
    public static func frames(in path: String) throws(ImageFileError) -> (count: Int, delays: [Int], width: Int, height: Int) {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else {
            throw ImageFileError.read(path: path, reason: "\(String(cString: GifErrorString(error)))")
        }
        defer { _ = DGifCloseFile(gif, nil) }
        guard DGifSlurp(gif) == GIF_OK else { throw ImageFileError.read(path: path, reason: "not a GIF it can decode") }
        var delays: [Int] = []
        for i in 0..<Int(gif.pointee.ImageCount) {
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK { delays.append(Int(control.DelayTime)) }
        }
        return (Int(gif.pointee.ImageCount), delays, Int(gif.pointee.SWidth), Int(gif.pointee.SHeight))
    }
}
