// GIF recordings: no delay under 2 cs (browsers play those as 10), the total exact, the newest
// picture last; a palette that holds every colour drawn, the window's overlays included. Read back with giflib's decoder, not the writer's own helpers.

import CGIF
import Foundation
import Geometry
import Imaging
import Testing

@testable import App

/// Why a GIF could not be read back.
struct DecodeError: Error, CustomStringConvertible { var description: String }

/// A GIF read back: each frame's delay (cs) and palette colours, row by row.
struct DecodedGIF {
    var delays: [Int] = []
    var frames: [[(UInt8, UInt8, UInt8)]] = []

    init(path: String) throws {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw DecodeError(description: "cannot open \(path)") }
        defer { _ = DGifCloseFile(gif, nil) }
        guard DGifSlurp(gif) == GIF_OK else { throw DecodeError(description: "cannot decode \(path)") }
        let global = gif.pointee.SColorMap
        for i in 0..<Int(gif.pointee.ImageCount) {
            var control = GraphicsControlBlock()
            guard DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK else {
                throw DecodeError(description: "frame \(i) has no graphic control extension")
            }
            delays.append(Int(control.DelayTime))
            let image = gif.pointee.SavedImages[i]
            guard let map = image.ImageDesc.ColorMap ?? global else { throw DecodeError(description: "no palette") }
            let count = Int(image.ImageDesc.Width * image.ImageDesc.Height)
            frames.append((0..<count).map { p in
                let c = map.pointee.Colors[Int(image.RasterBits[p])]
                return (c.Red, c.Green, c.Blue)
            })
        }
    }
}

@Suite struct GIFTimingTests {
    static let black: (UInt8, UInt8, UInt8) = (0, 0, 0)
    static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)

    /// Frame k of a recording: a row of `width` pixels, the first k + 1 black, so the decoded
    /// picture says which frame it is.
    static func frame(_ k: Int, width: Int) -> Image {
        var image = Image(width: width, height: 1, fill: (255, 255, 255, 255))
        for x in 0...k { image.pixels[4 * x] = 0; image.pixels[4 * x + 1] = 0; image.pixels[4 * x + 2] = 0 }
        return image
    }

    /// Frames added with these repeats (a live recording that fell behind adds one frame
    /// shown for several slots), at `fps`.
    @Test(arguments: [
        (60.0, Array(repeating: 1, count: 42)),
        (100.0, Array(repeating: 1, count: 25)),
        (30.0, Array(repeating: 1, count: 6)),
        (50.0, Array(repeating: 1, count: 10)),
        (144.0, Array(repeating: 1, count: 50)),
        (1000.0, Array(repeating: 1, count: 37)),
        (60.0, Array(repeating: 1, count: 7)),
        (60.0, Array(repeating: 1, count: 2)),
        (60.0, [1, 1, 3, 1, 1, 1, 2, 1, 1, 5, 1, 1]),
        (30.0, [1, 2, 1, 1, 4, 1]),
    ])
    func delaysAreAtLeastTwoCentisecondsAndAddUpExactly(fps: Double, repeats: [Int]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.gif").path
        let n = repeats.count
        let gif = try GIFWriter(path: path, width: n, height: 1, fps: fps, keyColors: [Self.white, Self.black])
        for (k, r) in repeats.enumerated() { try gif.add(Self.frame(k, width: n), repeats: r) }
        try gif.close()

        let decoded = try DecodedGIF(path: path)
        let slots = repeats.reduce(0, +)
        let total = Int((Double(slots) / fps * 100).rounded())
        #expect(decoded.delays.allSatisfy { $0 >= 2 }, "\(decoded.delays)")
        #expect(decoded.delays.reduce(0, +) == total, "\(decoded.delays)")
        // Which frame each GIF frame shows: its count of black pixels, less one.
        let shown = decoded.frames.map { pixels in pixels.filter { $0 == Self.black }.count - 1 }
        #expect(shown.last == n - 1, "\(shown)")
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 < $1 }, "\(shown)")
        // Each picture comes on within a few cs of when it was due (never late by more than
        // rounding), and where frames are at least 2 cs apart none is dropped.
        var start = 0
        for (j, k) in shown.enumerated() {
            let due = Double(repeats[..<k].reduce(0, +)) * 100 / fps
            #expect(Double(start) <= due + 0.5 && Double(start) >= due - 2 - 100 / fps, "frame \(k) at \(start) cs, due \(due)")
            start += decoded.delays[j]
        }
        if 100 / fps >= 2 { #expect(shown == Array(0..<n)) }
    }

    /// A recording shorter than 2 cs in all is one frame of 2 cs (the newest).
    @Test func aRecordingUnderTwoCentisecondsIsOneFrame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.gif").path
        let gif = try GIFWriter(path: path, width: 2, height: 1, fps: 200, keyColors: [Self.white, Self.black])
        try gif.add(Self.frame(0, width: 2))
        try gif.add(Self.frame(1, width: 2))
        try gif.close()
        let decoded = try DecodedGIF(path: path)
        #expect(decoded.delays == [2])
        #expect(decoded.frames.count == 1 && decoded.frames[0].allSatisfy { $0 == Self.black })
    }
}

@Suite struct RecordingPaletteTests {
    /// A colour as the renderer writes it: each channel rounded to 8 bits.
    static func bytes(_ c: Color) -> (UInt8, UInt8, UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(c.red), byte(c.green), byte(c.blue))
    }

    /// A recording with the construction (c) and wireframe (w) overlays on keeps their ink and
    /// black exactly, and the badge its red; the wireframe's 55% black over the background and
    /// over the badge stays close (it used to come out purple).
    @Test(arguments: [Mode.bezier, .metaball, .split, .overlay])
    func overlayColoursComeOutExactly(mode: Mode) throws {
        let parameters = Parameters()
        let exact = [ConstructionPainter.ink, ConstructionPainter.wire, parameters.color, parameters.background,
                     parameters.textColor, parameters.headColor].map(Self.bytes)
        func over(_ a: Double, _ top: Color, _ bottom: Color) -> (UInt8, UInt8, UInt8) {
            Self.bytes(Color(red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a),
                             blue: top.blue * a + bottom.blue * (1 - a)))
        }
        let wire = ConstructionPainter.wire
        let blends = [over(wire.alpha, wire, parameters.background), over(wire.alpha, wire, parameters.color),
                      over(0.5, ConstructionPainter.ink, parameters.background)]
        let colors = exact + blends
        var image = Image(width: colors.count, height: 1)
        for (x, c) in colors.enumerated() {
            image.pixels[4 * x] = c.0; image.pixels[4 * x + 1] = c.1; image.pixels[4 * x + 2] = c.2; image.pixels[4 * x + 3] = 255
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("p.gif").path
        let gif = try GIFWriter(path: path, width: image.width, height: 1, fps: 30,
                                keyColors: parameters.recordingColors(mode: mode, overlays: true))
        try gif.add(image)
        try gif.close()
        let decoded = try DecodedGIF(path: path)
        let pixels = try #require(decoded.frames.first)
        for (x, c) in exact.enumerated() { #expect(pixels[x] == c, "colour \(x): \(c) came out \(pixels[x])") }
        for (x, c) in blends.enumerated() {
            let got = pixels[exact.count + x]
            let error = max(abs(Int(got.0) - Int(c.0)), abs(Int(got.1) - Int(c.1)), abs(Int(got.2) - Int(c.2)))
            #expect(error <= 16, "blend \(x): \(c) came out \(got)")
        }
    }
}

@Suite struct GIFQuantizeTests {
    /// Every pixel comes out as its own nearest palette colour, whatever else its frame holds:
    /// two shades of the badge's edge that share a cell of the quantiser's cache (5 bits a
    /// channel) each keep theirs, in either order. (The cache kept the first shade a frame
    /// brought to a cell for the rest of the frame, so a still edge pixel changed colour, by up
    /// to 36 levels, from one frame of a window's recording to the next.)
    @Test func aColourComesOutTheSameWhateverItsFrameHolds() throws {
        let parameters = Parameters()
        let shades: [(UInt8, UInt8, UInt8)] = [(255, 40, 40), (255, 47, 47), (250, 90, 90), (255, 92, 95)]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("q.gif").path
        let gif = try GIFWriter(path: path, width: shades.count, height: 1, fps: 10,
                                keyColors: parameters.recordingColors(mode: .bezier))
        for order in [shades, Array(shades.reversed())] {
            var image = Image(width: shades.count, height: 1)
            for (x, c) in order.enumerated() {
                image.pixels[4 * x] = c.0; image.pixels[4 * x + 1] = c.1; image.pixels[4 * x + 2] = c.2; image.pixels[4 * x + 3] = 255
            }
            try gif.add(image)
        }
        try gif.close()
        // The palette as the file holds it, and each shade's nearest entry in it.
        var error: Int32 = 0
        let file = try #require(DGifOpenFileName(path, &error))
        defer { _ = DGifCloseFile(file, nil) }
        #expect(DGifSlurp(file) == GIF_OK)
        let map = try #require(file.pointee.SColorMap)
        let palette = (0..<Int(map.pointee.ColorCount)).map { map.pointee.Colors[$0] }
        func nearest(_ c: (UInt8, UInt8, UInt8)) -> Int {
            palette.map { e in
                let dr = Int(e.Red) - Int(c.0), dg = Int(e.Green) - Int(c.1), db = Int(e.Blue) - Int(c.2)
                return dr * dr + dg * dg + db * db
            }.min()!
        }
        let decoded = try DecodedGIF(path: path)
        try #require(decoded.frames.count == 2)
        let (first, second) = (decoded.frames[0], Array(decoded.frames[1].reversed()))
        var distinct = Set<Int>()
        for (x, c) in shades.enumerated() {
            #expect(first[x] == second[x], "\(c) came out \(first[x]) and \(second[x])")
            for got in [first[x], second[x]] {
                let dr = Int(got.0) - Int(c.0), dg = Int(got.1) - Int(c.1), db = Int(got.2) - Int(c.2)
                #expect(dr * dr + dg * dg + db * db == nearest(c), "\(c) came out \(got), not its nearest")
            }
            distinct.insert(Int(first[x].1))
        }
        // (The case: the shades that share a cell have nearest entries of their own.)
        #expect(distinct.count == shades.count, "\(distinct)")
    }
}

/// The window's recording when the window changes size (a file is one size): the frames so
/// far are saved, read back as they were, and the message says it stopped and why; changed
/// before its first frame, nothing is left in the folder. (It was thrown away, frames and all.)
@Suite struct RecordingCutTests {
    @Test func aResizeKeepsWhatWasRecorded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let capture = WindowCapture(folder: folder.path)
        let colors = [GIFTimingTests.black, GIFTimingTests.white]
        _ = capture.start(apng: false, width: 6, height: 1, colors: colors, time: 0)
        for k in 0..<3 { #expect(capture.add(GIFTimingTests.frame(k, width: 6), at: Double(k) / WindowCapture.rate) == nil) }
        let message = try #require(capture.add(GIFTimingTests.frame(0, width: 7), at: 3 / WindowCapture.rate))
        #expect(!capture.isRecording)
        #expect(message.saved && message.message.hasPrefix("saved ") && message.message.hasSuffix("recording stopped: the window changed size"),
                "\(message)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1 && files[0].hasSuffix(".gif"), "\(files)")
        let gif = try DecodedGIF(path: folder.appendingPathComponent(files[0]).path)
        #expect(gif.frames.count == 3)
        for (k, frame) in gif.frames.enumerated() {
            #expect(frame.map { $0 == GIFTimingTests.black } == (0..<6).map { $0 <= k }, "frame \(k)")
        }

        let empty = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        let other = WindowCapture(folder: empty.path)
        _ = other.start(apng: false, width: 6, height: 1, colors: colors, time: 0)
        let cut = try #require(other.add(GIFTimingTests.frame(0, width: 5), at: 0))
        #expect(!cut.saved && cut.message.contains("before its first frame") && !other.isRecording, "\(cut)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
    }

    /// A relative --screenshot-dir (the default, 'screenshots') is named in full in what s, v
    /// and the recording's end say, as p names its file (s said 'screenshots/…', which says
    /// nothing of where the window was started from); the files go where it names.
    @Test func aRelativeFolderIsNamedInFull() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The temporary folder reached from the working directory by a relative path.
        let cwd = FileManager.default.currentDirectoryPath.split(separator: "/")
        let relative = String(repeating: "../", count: cwd.count) + folder.path.dropFirst() + "/./shots"
        let whole = folder.path + "/shots"
        let capture = WindowCapture(folder: relative)
        let shot = capture.save(Image(width: 2, height: 2), hud: false)
        let started = capture.start(apng: false, width: 6, height: 1, colors: [GIFTimingTests.black, GIFTimingTests.white], time: 0)
        _ = capture.add(GIFTimingTests.frame(0, width: 6), at: 0)
        let stopped = try #require(capture.stop()).message
        let files = try FileManager.default.contentsOfDirectory(atPath: whole).sorted()
        #expect(files.count == 2 && files.contains { $0.hasSuffix(".png") } && files.contains { $0.hasSuffix(".gif") }, "\(files)")
        for file in files {
            let said = file.hasSuffix(".png") ? [shot] : [started, stopped]
            for message in said { #expect(message.contains(" \(whole)/\(file) ("), "\(message)") }
        }
    }

    /// A folder that cannot be made for a reason other than a file in its way says the
    /// system's (under /proc: the toasts said only "cannot create the folder '/proc/x'").
    @Test func aFolderThatCannotBeMadeSaysWhy() {
        let capture = WindowCapture(folder: "/proc/sticky-\(getpid())/shots")
        let started = capture.start(apng: false, width: 6, height: 1, colors: [GIFTimingTests.black], time: 0)
        let saved = capture.save(Image(width: 2, height: 2), hud: false)
        for (message, lead) in [(started, "not recording"), (saved, "screenshot not saved")] {
            let prefix = "\(lead): cannot create the folder '/proc/sticky-\(getpid())/shots': "
            #expect(message.hasPrefix(prefix) && message.count > prefix.count + 3, "\(message)")
        }
        #expect(!capture.isRecording)
    }

    /// Key p's message names the params file in full whether or not it could be written (a
    /// failure named the relative path, a success the whole one).
    @Test func theParamsFileIsNamedInFull() {
        let name = "no-such-folder-\(getpid())/sticky-params.json"
        let whole = FileManager.default.currentDirectoryPath + "/" + name
        let message = WindowCapture.save(Parameters(), to: name)
        #expect(message.hasPrefix("parameters not saved: cannot write '\(whole)': "), "\(message)")
    }
}
