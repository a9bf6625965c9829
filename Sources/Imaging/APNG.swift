// Animated PNGs (APNG), written chunk by chunk: full RGBA frames, deflated with zlib.

import CZlib
import Foundation

/// Writes frames to an animated PNG that loops, through a temporary file renamed into place.
/// Viewers without APNG support show the first frame. Each frame is shown for exactly 1/fps s
/// (the delay is a fraction). `compress` is pure and may run on many threads; the rest belongs
/// to one thread.
public final class APNGWriter: @unchecked Sendable {
    private let path: String
    public let width: Int, height: Int
    private let frameCount: Int
    private let delay: (UInt16, UInt16)
    private var data = Data()
    private var sequence: UInt32 = 0
    private var written = 0
    /// Where the acTL chunk starts, to correct its frame count if fewer frames came.
    private var controlOffset = 0

    /// `frameCount` is the most frames there will be (the acTL chunk says it; fewer are fine).
    public init(path: String, width: Int, height: Int, fps: Double, frameCount: Int) throws(ImageFileError) {
        self.path = path
        self.width = width
        self.height = height
        self.frameCount = frameCount
        delay = fps == fps.rounded() && fps <= 65535 ? (1, UInt16(fps)) : (1000, UInt16(min(65535, (1000 * fps).rounded())))
        data.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(big: UInt32(width))
        header.append(big: UInt32(height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8-bit RGBA, deflate, adaptive filters, no interlace
        chunk("IHDR", header)
        var control = Data()
        control.append(big: UInt32(frameCount))
        control.append(big: UInt32(0))  // loop forever
        controlOffset = data.count
        chunk("acTL", control)
    }

    private func chunk(_ type: String, _ body: Data) {
        data.append(big: UInt32(body.count))
        let typed = Data(type.utf8) + body
        data.append(typed)
        let crc = typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
        data.append(big: UInt32(crc))
    }

    /// Appends one frame (RGBA, the writer's size), shown for `repeats`/fps s.
    public func add(_ image: Image, repeats: Int = 1) throws(ImageFileError) {
        guard image.width == width, image.height == height, let body = APNGWriter.compress(image) else {
            throw ImageFileError.write(path: path, reason: "frame \(written + 1) does not fit")
        }
        try add(compressed: body, repeats: repeats)
    }

    /// A frame's filtered, deflated rows (pure: call it from any thread).
    public static func compress(_ image: Image) -> Data? {
        let width = image.width, height = image.height
        var raw = [UInt8]()
        raw.reserveCapacity((4 * width + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw.append(contentsOf: image.pixels[(4 * width * row)..<(4 * width * (row + 1))])
        }
        var size = compressBound(uLong(raw.count))
        var packed = [UInt8](repeating: 0, count: Int(size))
        guard compress2(&packed, &size, raw, uLong(raw.count), 6) == Z_OK else { return nil }
        return Data(packed.prefix(Int(size)))
    }

    /// Appends a frame compressed by `compress`, shown for `repeats`/fps s.
    public func add(compressed body: Data, repeats: Int = 1) throws(ImageFileError) {
        guard written < frameCount else {
            throw ImageFileError.write(path: path, reason: "frame \(written + 1) does not fit")
        }
        var frame = Data()
        frame.append(big: sequence)
        frame.append(big: UInt32(width))
        frame.append(big: UInt32(height))
        frame.append(big: UInt32(0))
        frame.append(big: UInt32(0))
        frame.append(big: UInt16(min(65535, Int(delay.0) * max(1, repeats))))
        frame.append(big: delay.1)
        frame.append(contentsOf: [0, 0])  // dispose: none; blend: source
        chunk("fcTL", frame)
        sequence += 1
        if written == 0 {
            chunk("IDAT", body)
        } else {
            var sequenced = Data()
            sequenced.append(big: sequence)
            sequenced.append(body)
            chunk("fdAT", sequenced)
            sequence += 1
        }
        written += 1
    }

    /// Finishes the file and moves it into place.
    public func close() throws(ImageFileError) {
        if let reason = AtomicFile.write(try finished(), to: path) { throw ImageFileError.write(path: path, reason: "\(reason)") }
    }

    /// The whole file, its frame count corrected, to be written by the caller (with others, all
    /// or none: `AtomicFile.write`). The writer is done with.
    public func finished() throws(ImageFileError) -> Data {
        guard written > 0 else { throw ImageFileError.write(path: path, reason: "no frames") }
        if written < frameCount {
            // Rewrite acTL (length 8 at controlOffset: length, type, frames, plays, CRC).
            var body = Data()
            body.append(big: UInt32(written))
            body.append(big: UInt32(0))
            let typed = Data("acTL".utf8) + body
            let crc = typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
            var replacement = Data()
            replacement.append(big: UInt32(8))
            replacement.append(typed)
            replacement.append(big: UInt32(crc))
            data.replaceSubrange(controlOffset..<(controlOffset + 20), with: replacement)
        }
        chunk("IEND", Data())
        return data
    }

    /// The frame count an APNG file declares and the frame controls it holds (for tests).
    public static func frames(in path: String) throws(ImageFileError) -> (declared: Int, controls: Int) {
        guard let data = FileManager.default.contents(atPath: path), data.count > 8 else {
            throw ImageFileError.read(path: path, reason: "not an animated PNG")
        }
        var declared = 0, controls = 0
        var at = 8
        let bytes = [UInt8](data)
        func word(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while at + 12 <= bytes.count {
            let length = word(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "acTL" { declared = word(at + 8) }
            if type == "fcTL" { controls += 1 }
            at += 12 + length
        }
        return (declared, controls)
    }
}

extension Data {
    mutating func append<T: FixedWidthInteger>(big value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
