// Headless renders compared with an independent supersampled reference of the exact shapes.

import CFreeType
import Foundation
import Testing
@testable import App
@testable import Geometry
import Imaging
import Reference
@testable import Motion
@testable import Render
@testable import Typography

/// Every test makes its own context on its own thread; serialized to keep llvmpipe's threads
/// from competing and the figures readable.
@Suite(.serialized) struct RenderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var style: BridgeStyle
        var anchor: Vec2, drag: Vec2, radius: Double, scale: Double
        var testDescription: String { "\(style) \(anchor)→\(drag) R\(radius) ×\(scale)" }
    }

    static let cases: [Case] = [
        Case(style: .quad, anchor: Vec2(200, 150), drag: Vec2(240, 170), radius: 20, scale: 1),
        Case(style: .quad, anchor: Vec2(100, 80), drag: Vec2(70, 120), radius: 25, scale: 2),
        Case(style: .tangent, anchor: Vec2(200, 150), drag: Vec2(240, 170), radius: 20, scale: 1),
        Case(style: .tangent, anchor: Vec2(150, 150), drag: Vec2(160, 150), radius: 30, scale: 1.5),
        Case(style: .cubic, anchor: Vec2(200, 150), drag: Vec2(160, 120), radius: 20, scale: 1),
        Case(style: .cubic, anchor: Vec2(120, 100), drag: Vec2(170, 100), radius: 12, scale: 3),
    ]

    /// The seeds' shape of a held badge, from the independent reference (Tests/Reference): the
    /// home radius, break and bridge are worked out there from the seeds' formulas, not taken from
    /// `BadgePose` or `Bridge`.
    static func shape(_ pose: BadgePose, parameters: Parameters) -> ReferenceShape {
        let bridge = parameters.bridge, badge = parameters.motion.badge
        let style: ReferenceStyle = switch bridge.style {
        case .quad: .quad
        case .cubic: .cubic(neck: bridge.neck, maxDistance: badge.maxDistance)
        case .tangent: .tangent(spread: bridge.spread, handleRate: bridge.handleRate)
        }
        return ReferenceShape(home: RPoint(pose.home.x, pose.home.y), badge: RPoint(pose.center.x, pose.center.y),
                              radius: pose.radius, shrink: badge.shrink, maxDistance: badge.maxDistance, style: style)
    }

    /// Coverage of each pixel by 8×8 samples of the reference shape.
    static func reference(width: Int, height: Int, scale: Double, pose: BadgePose, parameters: Parameters) -> [Double] {
        shape(pose, parameters: parameters).coverage(width: width, height: height, scale: scale)
    }

    /// Coverage read back from a red-on-white picture: 1 − green.
    static func coverage(of image: Image) -> [Double] {
        (0..<(image.width * image.height)).map { 1 - Double(image.pixels[4 * $0 + 1]) / 255 }
    }

    @Test(arguments: cases)
    func pictureMatchesTheExactShape(_ c: Case) throws {
        var options = CommonOptions()
        options.width = 320
        options.height = 240
        options.scale = c.scale
        options.parameters.bridge.style = c.style
        let pose = BadgePose(home: c.anchor, center: c.drag, radius: c.radius, parameters: options.parameters.motion.badge)
        #expect(pose.attached)
        let rendered = try RenderCommand.draw([pose], options: options)
        // Through the PNG file, as a user gets it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sticky-render-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNG.write(rendered, to: path)
        let image = try PNG.read(from: path)
        #expect(image == rendered)
        let (w, h) = options.pixelSize
        #expect(image.width == w && image.height == h)

        let got = RenderTests.coverage(of: image)
        let want = RenderTests.reference(width: w, height: h, scale: c.scale, pose: pose, parameters: options.parameters)
        var intersection = 0.0, union = 0.0
        for i in got.indices {
            intersection += min(got[i], want[i])
            union += max(got[i], want[i])
        }
        let iou = intersection / union
        #expect(iou >= 0.99, "IoU \(iou)")
        // No pixel far off: the curves are flattened to 0.1 device px (measured worst: 0.09–0.25;
        // flattened to 1 px, 0.44–0.55).
        let worst = zip(got, want).map { abs($0 - $1) }.max()!
        #expect(worst <= 0.3, "a pixel's coverage is off by \(worst)")

        // Anti-aliasing: where the reference is partly covered, so is the picture.
        var edge = 0, soft = 0
        for i in got.indices where want[i] > 0.2 && want[i] < 0.8 {
            edge += 1
            if got[i] > 0.05 && got[i] < 0.95 { soft += 1 }
        }
        #expect(edge > 50)
        #expect(Double(soft) >= 0.9 * Double(edge), "\(soft) of \(edge) edge pixels are partly covered")
        // The picture is opaque and only red over white.
        #expect(stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 && image.pixels[$0 + 3] == 255 })
    }

    @Test func pastTheBreakOnlyTheBadgeIsDrawn() throws {
        var options = CommonOptions()
        options.width = 200
        options.height = 200
        let pose = BadgePose(home: Vec2(60, 100), center: Vec2(130, 100), radius: 20, parameters: options.parameters.motion.badge)
        #expect(!pose.attached)
        let image = try RenderCommand.draw([pose], options: options)
        #expect(image.pixel(x: 60, y: 100).g == 255)  // home: background
        #expect(image.pixel(x: 95, y: 100).g == 255)  // between: background
        #expect(image.pixel(x: 130, y: 100).g == 0)  // badge: red
    }

    @Test func brokenShaderReportsTheFileAndTheDriverLog() throws {
        let headless = try HeadlessRenderer(pixelWidth: 4, pixelHeight: 4)
        defer { headless.destroy() }
        #expect {
            _ = try ShaderProgram.compile(file: "broken.frag", stage: GL.fragmentShader, source: "#version 330 core\nvoid main() { oops; }\n")
        } throws: { error in
            let text = "\(error)"
            return text.contains("broken.frag") && text.contains("oops") && !text.contains("\n")
        }
    }

    @Test func embeddedShadersAreTheFilesInShaders() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Shaders").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }
        #expect(Set(files) == Set(ShaderLibrary.names))
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(try ShaderLibrary.source(named: file) == text)
            #expect(text.hasPrefix("//"), "\(file) opens with a comment naming its inputs and uniforms")
            #expect(text.contains("#version 330 core"))
        }
        // The field's uniform block holds the renderer's window of balls.
        #expect(try ShaderLibrary.source(named: "metaball.frag").contains("u_ballData[\(Renderer.ballWindow)]"))
    }
}

/// The count: white, inside the badge, centred within one device pixel, at several scales.
@Suite(.serialized) struct CountTextTests {
    /// One badge at rest with `text`, drawn on black: only the white text has any green.
    static func drawOnBlack(_ text: String, at center: Vec2, radius: Double, width: Int, height: Int, scale: Double) throws -> Image {
        var options = CommonOptions()
        options.width = width
        options.height = height
        options.scale = scale
        options.parameters.background = Color(red: 0, green: 0, blue: 0)
        let pose = BadgePose(home: center, center: center, radius: radius, parameters: options.parameters.motion.badge)
        return try RenderCommand.draw([pose], texts: [text], options: options)
    }

    @Test(arguments: [("8", 16.0, 1.0), ("23", 20.0, 1.0), ("99+", 24.0, 1.0), ("1", 12.0, 2.0), ("99+", 20.0, 3.0), ("7", 30.0, 1.5)])
    func countIsInsideAndCentred(text: String, radius: Double, scale: Double) throws {
        let center = Vec2(80.3, 60.6)
        let image = try CountTextTests.drawOnBlack(text, at: center, radius: radius, width: 160, height: 120, scale: scale)
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        var weight = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let g = Double(image.pixel(x: x, y: y).g) / 255
                guard g > 0 else { continue }
                weight += g
                // Every text pixel lies inside the badge.
                let p = Vec2((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
                #expect(p.distance(to: center) < radius, "text pixel (\(x), \(y)) outside the badge")
                if g > 0.5 {
                    minX = min(minX, x)
                    maxX = max(maxX, x + 1)
                    minY = min(minY, y)
                    maxY = max(maxY, y + 1)
                }
            }
        }
        #expect(weight > 10, "no text drawn")
        // The ink box's centre against the badge's, in device pixels.
        let inkCenter = Vec2(Double(minX + maxX) / 2, Double(minY + maxY) / 2)
        let target = center * scale
        #expect(abs(inkCenter.x - target.x) <= 1 && abs(inkCenter.y - target.y) <= 1, "ink centre \(inkCenter), badge \(target)")
        // Crisp: glyphs land texel-to-pixel whatever the badge's sub-pixel position, so the same
        // count drawn half a pixel elsewhere has exactly the same pixel values, only moved.
        let moved = try CountTextTests.drawOnBlack(text, at: center + Vec2(0.37, -0.41), radius: radius, width: 160, height: 120,
                                                   scale: scale)
        func inkValues(_ image: Image) -> [UInt8] {
            stride(from: 1, to: image.pixels.count, by: 4).map { image.pixels[$0] }.filter { $0 > 0 }.sorted()
        }
        #expect(inkValues(image) == inkValues(moved))
        // (A glyph off the pixel grid would have texels doubled or dropped, the atlas being
        // sampled at the nearest texel, so the two would differ.) And full-coverage ink.
        #expect(inkValues(image).contains(255))
    }

    /// Counts far over the atlas's first side (512 texels) are drawn whole: 304, 1140 and 2280
    /// device pixels per em (the last past the largest size a glyph is rasterized at, 2048:
    /// rasterized at 1140 and drawn twice as large). DejaVu Sans Bold's "8" spans 1549 of its
    /// 2048 units per em (−29 to 1520, its overshoot below the baseline and over the digits'
    /// 1493 included).
    @Test(arguments: [(20.0, 16.0), (150.0, 8.0), (150.0, 16.0)])
    func largeCountsAreDrawn(radius: Double, scale: Double) throws {
        let side = Int((2.4 * radius).rounded())
        let center = Vec2(Double(side) / 2, Double(side) / 2)
        let image = try CountTextTests.drawOnBlack("8", at: center, radius: radius, width: side, height: side, scale: scale)
        var minY = Int.max, maxY = Int.min, minX = Int.max, maxX = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).g > 127 {
                minY = min(minY, y)
                maxY = max(maxY, y + 1)
                minX = min(minX, x)
                maxX = max(maxX, x + 1)
            }
        }
        let em = (0.95 * radius * scale).rounded()
        #expect(maxY > minY, "no count drawn at \(em) px per em")
        let height = Double(maxY - minY)
        #expect(abs(height - 1549 / 2048 * em) < 0.01 * em, "ink \(height) px tall at \(em) px per em")
        // Centred on the badge within a pixel or two.
        #expect(abs(Double(minY + maxY) / 2 - center.y * scale) < 2)
        #expect(abs(Double(minX + maxX) / 2 - center.x * scale) < 2)
        // Magnified by the least whole number that rasterizes it at 2048 px per em or under.
        let atlas = try #require(Fonts.atlas())
        let place = try #require(CountPlacement("8", center: center, radius: radius, scale: scale, atlas: atlas))
        let factor = (em / 2048).rounded(.up)
        #expect(Double(place.factor) == factor && Double(place.size) == (em / factor).rounded(), "\(place.size) × \(place.factor)")
        // The SVG's outline (magnified alike) has the picture's ink box, within a pixel or two.
        let path = place.outlines(of: "8", atlas: atlas).flatMap { command -> [Vec2] in
            switch command {
            case .move(let p), .line(let p): [p]
            case .quadratic(_, let p): [p]
            case .cubic(_, _, let p): [p]
            }
        }
        #expect(abs((path.map(\.y).min() ?? 0) - Double(minY)) < 3 && abs((path.map(\.y).max() ?? 0) - Double(maxY)) < 3)
        #expect(abs((path.map(\.x).min() ?? 0) - Double(minX)) < 3 && abs((path.map(\.x).max() ?? 0) - Double(maxX)) < 3)
    }

    /// A count placed before the atlas grows for a larger one in the same frame keeps its
    /// texels: the quads name texels, not fractions of the atlas's side as it was.
    @Test func aCountDrawnBeforeTheAtlasGrowsKeepsItsGlyph() throws {
        var options = CommonOptions()
        options.width = 400
        options.height = 200
        options.scale = 8
        options.parameters.background = Color(red: 0, green: 0, blue: 0)
        let small = BadgePose(home: Vec2(40, 100), center: Vec2(40, 100), radius: 12, parameters: options.parameters.motion.badge)
        let large = BadgePose(home: Vec2(250, 100), center: Vec2(250, 100), radius: 90, parameters: options.parameters.motion.badge)
        let both = try RenderCommand.draw([small, large], texts: ["1", "8"], options: options)
        let alone = try RenderCommand.draw([small, large], texts: ["1", ""], options: options)
        // The large count, 684 px per em, grows the atlas past its first 512 texels. The small
        // badge's pixels (x under 100 units) are the same with the large count or without.
        let rows = 0..<both.height, columns = 0..<(100 * 8)
        var differ = 0, ink = 0
        for y in rows {
            for x in columns {
                if both.pixel(x: x, y: y) != alone.pixel(x: x, y: y) { differ += 1 }
                if alone.pixel(x: x, y: y).g > 127 { ink += 1 }
            }
        }
        #expect(ink > 100, "the small count's ink: \(ink) px")
        #expect(differ == 0, "\(differ) pixels of the small count changed when the large one grew the atlas")
    }

    /// A count whose em, 0.95 R device pixels (a single digit is not shrunk to fit), rounds
    /// under 6 is left out and the badge drawn as a dot; at 6 it is drawn. Device pixels, not
    /// logical ones: the same radius at scale 2 has its count.
    @Test(arguments: [(5.0, 1.0), (6.0, 1.0), (6.5, 1.0), (3.0, 2.0), (2.5, 2.0), (4.0, 1.5)])
    func countsTooSmallToReadAreLeftOut(radius: Double, scale: Double) throws {
        let center = Vec2(20.2, 15.3)
        let image = try CountTextTests.drawOnBlack("8", at: center, radius: radius, width: 40, height: 30, scale: scale)
        // Only the white text has any green.
        let ink = stride(from: 1, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 0 }.count
        let em = Int((0.95 * radius * scale).rounded())
        if em >= 6 {
            #expect(ink > 0, "em \(em) px: the count should be drawn")
        } else {
            #expect(ink == 0, "em \(em) px: the count should be left out, \(ink) text pixels")
        }
        // The badge is drawn either way.
        let red = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
        #expect(Double(red) > 0.5 * Double.pi * radius * radius * scale * scale)
        // The SVG says the same: the count's outline is there exactly when the picture has it.
        let atlas = try #require(Fonts.atlas())
        let placed = CountPlacement("8", center: center, radius: radius, scale: scale, atlas: atlas)
        #expect((placed != nil) == (em >= 6))
    }
}

/// The glyph atlas: every glyph a frame asks for stays where it was put until the next frame,
/// however many or however large (a window screenshot at 8x drew its counts with letters of the
/// HUD's caption when the atlas started over mid-frame, and counts over 255 px per em were left
/// out of renders at --scale 16 and of their SVGs).
@Suite(.serialized) struct GlyphAtlasTests {
    /// The glyph's texels as placed in `atlas`, row by row.
    static func texels(_ glyph: Glyph, in atlas: GlyphAtlas) -> [UInt8] {
        (0..<glyph.height).flatMap { row in
            atlas.image.pixels[((glyph.y + row) * atlas.image.width + glyph.x)...].prefix(glyph.width)
        }
    }

    @Test func aFramesGlyphsStayWhereTheyWerePut() throws {
        // Twenty glyphs of 20 px in an atlas of 64: about sixteen fit before it is full.
        let small = GlyphAtlas(font: try Font.system(), side: 64)
        let reference = GlyphAtlas(font: try Font.system(), side: 1024)
        let text = "0123456789abcdefghijKLMNOP"
        var placed: [(Unicode.Scalar, Glyph)] = []
        for scalar in text.unicodeScalars { placed.append((scalar, try #require(small.glyph(scalar, size: 20)))) }
        #expect(small.image.width > 64, "the atlas should have grown, not started over")
        for (scalar, glyph) in placed {
            let fresh = try #require(reference.glyph(scalar, size: 20))
            #expect(glyph.width == fresh.width && glyph.height == fresh.height)
            #expect(GlyphAtlasTests.texels(glyph, in: small) == GlyphAtlasTests.texels(fresh, in: reference),
                    "\(scalar)'s texels were overwritten")
            // Asked again in the same frame: the same place.
            #expect(small.glyph(scalar, size: 20) == glyph)
        }
    }

    @Test func aGlyphLargerThanTheAtlasIsDrawn() throws {
        let atlas = GlyphAtlas(font: try Font.system(), side: 512)
        // 1000 px per em: a digit's ink is about 0.73 em tall, so over the atlas's first side.
        let eight = try #require(atlas.glyph("8", size: 1000))
        #expect(eight.height > 700 && eight.height < 760, "\(eight.height)")
        #expect(atlas.image.width >= 1024)
        #expect(GlyphAtlasTests.texels(eight, in: atlas).contains(255))
        // Past the largest size: left out, not an atlas of gigabytes.
        #expect(atlas.glyph("8", size: GlyphAtlas.largestSize + 1) == nil)
    }

    @Test func onlyAFramesStartEmptiesACrowdedAtlas() throws {
        let atlas = GlyphAtlas(font: try Font.system(), side: 128)
        let one = try #require(atlas.glyph("1", size: 20))
        let version = atlas.image.version
        // Not crowded: the next frame finds its glyphs where they were.
        atlas.beginFrame()
        #expect(atlas.image.version == version)
        #expect(atlas.glyph("1", size: 20) == one)
        // Crowded (shelves past three quarters of the side): emptied at the frame's start.
        func crowd() {
            var size = 21
            while !atlas.isCrowded, atlas.image.width == 128 {
                _ = atlas.glyph("W", size: size)
                size += 1
            }
        }
        crowd()
        #expect(atlas.image.width == 128, "one frame's glyphs that fit should not grow the atlas")
        atlas.beginFrame()
        #expect(atlas.image.version != version)
        #expect(atlas.image.pixels.allSatisfy { $0 == 0 })
        let again = try #require(atlas.glyph("1", size: 20))
        #expect(again.x == 1 && again.y == 1)
        // Crowded again by the very next frame: a frame alone needs most of it, so it doubles.
        crowd()
        #expect(atlas.image.width == 128)
        atlas.beginFrame()
        #expect(atlas.image.width == 256)
    }

    /// The rows a picture's copy lacks: those changed since it settled, each change's rows
    /// joined, a change of no rows (a space's glyph) adding none; every change a new version,
    /// and no two pictures sharing one.
    @Test func aPictureKeepsTheRowsChangedSinceItSettled() {
        var image = AlphaImage(width: 8, height: 64)
        let other = AlphaImage(width: 8, height: 64)
        #expect(image.version != other.version && image.changedRows.isEmpty && image.changedSince == image.version)
        image.changed(rows: 10..<20)
        let first = image.version
        image.changed(rows: 50..<50)
        #expect(image.changedRows == 10..<20 && image.version != first)
        image.changed(rows: 30..<34)
        #expect(image.changedRows == 10..<34)
        image.settle()
        #expect(image.changedRows.isEmpty && image.changedSince == image.version)
        image.changed(rows: 60..<64)
        #expect(image.changedRows == 60..<64)
    }

    /// One renderer drawing frame after frame (as the window does) shows each frame's glyphs:
    /// those a frame adds to the atlas (the renderer sends only the rows that changed), those of
    /// an atlas that has started over, and those of another atlas of the same size that has
    /// seen as many changes (the window's screenshot at --scale draws with an atlas of its own).
    /// Each picture is compared with the same frame drawn by a renderer of its own.
    @Test func oneRendererShowsEveryFramesGlyphs() throws {
        let size = 120
        var options = CommonOptions()
        options.width = size
        options.height = size
        options.parameters.background = Color(red: 0, green: 0, blue: 0)
        let font = try Font.system()
        /// The frame of the counts drawn with `atlas`, a frame's start first.
        func frame(_ texts: [String], atlas: GlyphAtlas) -> Frame {
            atlas.beginFrame()
            let radius = 26.0
            let poses = texts.indices.map { i -> BadgePose in
                let c = Vec2(radius + 2 + Double(i % 2) * (2 * radius + 4), radius + 2 + Double(i / 2) * (2 * radius + 4))
                return BadgePose(home: c, center: c, radius: radius, parameters: options.parameters.motion.badge)
            }
            var painter = BadgePainter(atlas: atlas)
            painter.paint(poses, texts: texts, parameters: options.parameters, scale: 1)
            return painter.frame(layout: options.layout(.free), scale: 1, parameters: options.parameters,
                                 pixelWidth: size, pixelHeight: size)
        }
        var frames: [(name: String, frame: Frame)] = []
        // A glyph or two a frame, on the shelf's right and on shelves below.
        let atlas = GlyphAtlas(font: font, side: 128)
        for texts in [["1"], ["1", "8"], ["1", "8", "23"], ["99+", "8", "23", "7"]] {
            frames.append(("\(texts)", frame(texts, atlas: atlas)))
        }
        // Crowded, so that the next frame's start empties it: the same glyphs at other places.
        var large = 30
        while !atlas.isCrowded {
            _ = atlas.glyph("W", size: large)
            large += 1
        }
        #expect(atlas.image.width == 128)
        frames.append(("after the atlas started over", frame(["7", "5"], atlas: atlas)))
        let em = try #require(CountPlacement("7", center: Vec2(30, 30), radius: 26, scale: 1, atlas: atlas)).size
        #expect(atlas.image.width == 128 && atlas.glyph("7", size: em)?.x == 1, "the atlas should have started over")
        // Two atlases of one size, each with one glyph at the same texels: "8", then "1".
        let first = GlyphAtlas(font: font, side: 64), second = GlyphAtlas(font: font, side: 64)
        frames.append(("another atlas", frame(["8"], atlas: first)))
        frames.append(("the second of two atlases", frame(["1"], atlas: second)))
        // A third, its first frame drawn by no renderer: the next one's new glyph ("7", on a
        // shelf of its own) is not all the renderer lacks.
        let third = GlyphAtlas(font: font, side: 64)
        _ = frame(["0", "8", "5"], atlas: third)
        frames.append(("a third atlas's second frame", frame(["0", "8", "5", "7"], atlas: third)))
        #expect(third.glyph("7", size: em)?.y ?? 0 > 1, "the 7 should be on the second shelf")
        // All drawn by one renderer, then each by a renderer of its own (one context at a time).
        let headless = try HeadlessRenderer(pixelWidth: size, pixelHeight: size)
        let shown = try frames.map { try headless.image(of: $0.frame) }
        headless.destroy()
        for (k, (name, frame)) in frames.enumerated() {
            let fresh = try HeadlessRenderer(pixelWidth: size, pixelHeight: size)
            defer { fresh.destroy() }
            let reference = try fresh.image(of: frame)
            let ink = stride(from: 1, to: reference.pixels.count, by: 4).count { reference.pixels[$0] > 127 }
            #expect(ink > 40, "\(name): the counts' ink")
            // (Compared whole, not printed.)
            let same = shown[k].pixels == reference.pixels
            #expect(same, "\(name): the renderer's copy of the atlas is out of date")
        }
    }
}

/// A count in characters DejaVu Sans lacks (你好) is drawn from a font that has them: real
/// glyphs, not the empty boxes (.notdef) of a font without them.
@Suite(.serialized) struct FallbackGlyphTests {
    @Test func chineseCountsComeFromAFontThatHasThem() throws {
        let atlas = try #require(Fonts.atlas())
        let primary = try Font.system()
        for scalar in "你好".unicodeScalars {
            // DejaVu has no such glyph: its index is 0, the .notdef box.
            #expect(FT_Get_Char_Index(primary.face, FT_ULong(scalar.value)) == 0)
            let source = try #require(atlas.font(for: scalar), "no font for \(scalar) (scripts/setup installs fonts-wqy-microhei)")
            #expect(source.path != primary.path)
            #expect(FT_Get_Char_Index(source.face, FT_ULong(scalar.value)) != 0)
        }
        var options = CommonOptions()
        options.width = 160
        options.height = 120
        options.parameters.background = Color(red: 0, green: 0, blue: 0)
        let center = Vec2(80, 60)
        let radius = 40.0
        let pose = BadgePose(home: center, center: center, radius: radius, parameters: options.parameters.motion.badge)
        let image = try RenderCommand.draw([pose], texts: ["你好"], options: options)
        // On black, only the white text has any green.
        var ink: [(Int, Int)] = []
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y).g > 127 { ink.append((x, y)) } }
        let minX = ink.map(\.0).min() ?? 0, maxX = ink.map(\.0).max() ?? 0
        let minY = ink.map(\.1).min() ?? 0, maxY = ink.map(\.1).max() ?? 0
        // Two glyphs, each about an em (0.95 R, shrunk to 1.4 R for both) wide and tall.
        #expect(Double(maxX - minX) > radius && Double(maxY - minY) > 0.4 * radius, "ink box \(minX)…\(maxX) × \(minY)…\(maxY)")
        // Empty boxes (.notdef rectangles) have the same ink in every row of their middle
        // half, their two upright sides; strokes of real characters differ from row to row.
        let h = maxY - minY
        let rows = Set((minY + h / 4...maxY - h / 4).map { y in ink.filter { $0.1 == y }.map(\.0) })
        #expect(rows.count >= 4, "\(rows.count) different rows of ink in the middle of the text")
        #expect(ink.count > 150, "\(ink.count) ink pixels")
    }
}

/// The construction overlay marks the seeds' points where they are over the Bézier fill, and
/// draws the field's tiles and balls over the metaball fill (also where the held badge covers
/// another's count, so that the field is drawn in levels); the wireframe draws edges.
@Suite(.serialized) struct OverlayTests {
    /// The overlay tests' picture: a 200x140 canvas at `scale` in `mode`.
    static func options(_ mode: Mode = .bezier, scale: Double = 2) -> CommonOptions {
        var options = CommonOptions()
        options.width = 200
        options.height = 140
        options.scale = scale
        options.mode = mode
        return options
    }

    @Test func constructionMarksTheSeedPoints() throws {
        let options = OverlayTests.options()
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(120, 85), radius: 20, parameters: options.parameters.motion.badge)
        // A badge at rest whose count the held one covers.
        let under = BadgePose(home: Vec2(128, 92), center: Vec2(128, 92), radius: 14, parameters: options.parameters.motion.badge)
        let plain = try RenderCommand.draw([under, pose], texts: ["8", ""], options: options)
        let marked = try RenderCommand.draw([under, pose], texts: ["8", ""], options: options, construction: true)
        let q = try #require(QuadConstruction(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius))
        for (p, name) in [(q.a, "A"), (q.b, "B"), (q.c, "C"), (q.d, "D"), (q.o, "O"), (q.p, "P")] {
            let pixel = marked.pixel(x: Int(p.x * 2), y: Int(p.y * 2))
            // The ink is blue-dominant; the fill and the background are not.
            #expect(Int(pixel.b) > Int(pixel.r) + 60, "\(name) at \(p): \(pixel)")
            let before = plain.pixel(x: Int(p.x * 2), y: Int(p.y * 2))
            #expect(!(Int(before.b) > Int(before.r) + 60))
        }
    }

    /// The handles (control points off the curve) are rings, the points on the curve dots (the
    /// seeds' letters say which: the quad's O and P, h1, h2, C1, C2 are handles; A, B, C, D,
    /// p1, p2, P1, T, P2 on the curve): at a thin neck the two sides' handles come together,
    /// and rings keep each readable where dots made one blob. At ×3, a logical pixel from a
    /// handle's centre lies in its ring's hole (ink only where the control polygon's two lines
    /// pass: 4 of 8 ways at most), two out on its ring (ink all round); a point on the curve is
    /// ink all round at one.
    @Test(arguments: [BridgeStyle.cubic, .tangent, .quad])
    func handlesAreRingsAndPointsDots(style: BridgeStyle) throws {
        let scale = 3.0
        var options = OverlayTests.options(scale: scale)
        options.parameters.bridge.style = style
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(102, 80), radius: 20, parameters: options.parameters.motion.badge)
        let marked = try RenderCommand.draw([pose], options: options, construction: true)
        func inked(round p: Vec2, at distance: Double) -> Int {
            (0..<8).filter { k in
                let q = p + Vec2(cos(Double(k) * .pi / 4), sin(Double(k) * .pi / 4)) * distance
                let pixel = marked.pixel(x: Int(q.x * scale), y: Int(q.y * scale))
                return Int(pixel.b) > Int(pixel.r) + 60
            }.count
        }
        let handles: Set<String> = ["O", "P", "h1", "h2", "C1", "C2"], points: Set<String> = ["A", "B", "C", "D", "p1", "p2", "P1", "T", "P2"]
        let named = ConstructionPainter.parts(of: pose, parameters: options.parameters).marks.compactMap { m in m.name.map { ($0, m.point) } }
        #expect(named.count == [BridgeStyle.tangent: 4, .cubic: 5, .quad: 6][style])
        for (name, p) in named {
            if handles.contains(name) {
                #expect(inked(round: p, at: 1) <= 4, "\(style) \(name): \(inked(round: p, at: 1)) of 8 ink in its ring's hole")
                #expect(inked(round: p, at: 2) == 8, "\(style) \(name): its ring \(inked(round: p, at: 2)) of 8 ink")
            } else {
                #expect(points.contains(name))
                #expect(inked(round: p, at: 1) == 8, "\(style) \(name): its dot \(inked(round: p, at: 1)) of 8 ink")
            }
        }
    }

    /// At --scale 3 the construction is the scale-1 one three times as large, as its labels
    /// are: its dots 2.5 logical pixels in radius (7.5 device pixels), its lines one logical
    /// pixel wide (3 device pixels), not one device pixel thin under labels three times the size.
    @Test func constructionLinesAndDotsFollowTheScale() throws {
        let scale = 3.0
        let options = OverlayTests.options(scale: scale)
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(120, 85), radius: 20, parameters: options.parameters.motion.badge)
        let marked = try RenderCommand.draw([pose], options: options, construction: true)
        let q = try #require(QuadConstruction(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius))
        func isInk(_ p: Vec2) -> Bool {
            let pixel = marked.pixel(x: Int(p.x * scale), y: Int(p.y * scale))
            return Int(pixel.b) > Int(pixel.r) + 60
        }
        // Round O (outside both circles, on the white page; a handle, so a ring 2.5 logical px
        // out and a line wide): on its ring, 2 logical px (6 device px) from its centre, eight
        // ways; outside it at 3.5 (where only the two lines through O may pass, each two ways
        // at most).
        var inside = 0, outside = 0
        for k in 0..<8 {
            let u = Vec2(cos(Double(k) * .pi / 4), sin(Double(k) * .pi / 4))
            if isInk(q.o + u * 2) { inside += 1 }
            if isInk(q.o + u * 3.5) { outside += 1 }
        }
        #expect(inside == 8, "×\(scale): \(inside) of 8 points 2 px from O's centre are ink")
        #expect(outside <= 4, "×\(scale): \(outside) of 8 points 3.5 px from O's centre are ink")
        // The centre line home → badge, one logical pixel wide: ink a quarter of a logical
        // pixel either side of its middle too (¾ of a device pixel: off a one-pixel line).
        let d = pose.center - pose.home, along = d * (1 / d.length), across = Vec2(-along.y, along.x)
        let onLine = pose.home.mix(pose.center, 0.25)
        #expect(isInk(onLine + across * 0.25) && isInk(onLine - across * 0.25), "×\(scale): the centre line is a logical pixel wide")
    }

    /// Past the break the construction's centre line ends at a dot at home (the home circle is
    /// gone: it pointed at nothing); attached and at rest, no dot there.
    @Test func pastTheBreakTheHomeIsMarked() throws {
        var options = CommonOptions()
        options.width = 240
        options.height = 140
        let home = Vec2(60, 70)
        func inkAtHome(_ center: Vec2) throws -> Bool {
            let pose = BadgePose(home: home, center: center, radius: 20, parameters: options.parameters.motion.badge)
            let picture = try RenderCommand.draw([pose], options: options, construction: true)
            // 1.5 px off the line's axis (a 1 px line), inside the 2.5 px dot.
            let p = picture.pixel(x: Int(home.x), y: Int(home.y + 1.5))
            return Int(p.b) > Int(p.r) + 60
        }
        let maxDistance = options.parameters.motion.badge.maxDistance
        #expect(try inkAtHome(home + Vec2(maxDistance + 40, 0)), "past the break")
        // Attached: the home circle lies there, red.
        #expect(try !inkAtHome(home + Vec2(maxDistance - 20, 0)), "attached")
    }

    /// The construction's labels keep off the held badge's count and off each other: in every
    /// style, at scales 1 and 3, pulled several ways and distances, the count's ink box (its
    /// glyphs as the count places them) meets no label's box.
    @Test func constructionLabelsKeepOffTheCount() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var parameters = Parameters()
        for style in BridgeStyle.allCases {
            parameters.bridge.style = style
            for scale in [1.0, 3.0] {
                for (dx, dy) in [(50.0, 30.0), (-40, 20), (0, 45), (30, -30), (25, 5)] {
                    let pose = BadgePose(home: Vec2(100, 100), center: Vec2(100 + dx, 100 + dy), radius: 20,
                                         parameters: parameters.motion.badge)
                    var builder = MeshBuilder()
                    let labels = ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, deviceScale: scale, atlas: atlas,
                                                                     into: &builder)
                    #expect(labels.count >= 4, "\(style) ×\(scale) (\(dx), \(dy))")
                    let place = try #require(CountPlacement("99+", center: pose.center, radius: pose.radius, scale: scale, atlas: atlas))
                    let ink = CountLayout(text: "99+", size: place.size, atlas: atlas)
                    let count = Rect(x: (place.originX + Double(ink.inkMinX)) / scale, y: (place.baseline + Double(ink.inkMinY)) / scale,
                                     width: Double(ink.inkMaxX - ink.inkMinX) / scale, height: Double(ink.inkMaxY - ink.inkMinY) / scale)
                    for (i, label) in labels.enumerated() {
                        #expect(!label.intersects(count), "\(style) ×\(scale) (\(dx), \(dy)): label \(label) over the count \(count)")
                        for other in labels[..<i] { #expect(!label.intersects(other), "\(style) ×\(scale) (\(dx), \(dy))") }
                    }
                }
            }
        }
    }

    /// The construction's labels cross none of its lines (a label over a line read as part
    /// of it: "h1" on the centre line): the centre line home → badge in every style, the
    /// quad's A–O–D, B–P–C, A–B and C–D, the other styles' control polygons (written here: each
    /// segment's end and handles, the cubic's quadratic pieces by their own control point, 1.5
    /// times the way to the cubic handle). Several pulls, scales 1 and 3; a small badge too.
    @Test func constructionLabelsKeepOffItsLines() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var parameters = Parameters()
        for style in BridgeStyle.allCases {
            parameters.bridge.style = style
            for (radius, scale) in [(20.0, 1.0), (20, 3), (12, 1)] {
                for (dx, dy) in [(50.0, 30.0), (-40, 20), (0, 45), (30, -30), (25, 5), (40, 22)] {
                    let pose = BadgePose(home: Vec2(100, 100), center: Vec2(100 + dx, 100 + dy), radius: radius,
                                         parameters: parameters.motion.badge)
                    let bridge = try #require(parameters.bridge(of: pose))
                    var lines = [(pose.home, pose.center)]
                    if style == .quad {
                        let q = try #require(QuadConstruction(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center,
                                                              badgeRadius: pose.radius))
                        lines += [(q.a, q.o), (q.o, q.d), (q.b, q.p), (q.p, q.c), (q.a, q.b), (q.c, q.d)]
                    } else {
                        for sign in [1.0, -1.0] {
                            let segments = [bridge.side.0, bridge.side.1].compactMap { $0 }
                            var polygon = segments.flatMap { s in
                                style == .cubic ? [s.p0, s.p0 + (s.p1 - s.p0) * 1.5] : [s.p0, s.p1, s.p2]
                            }
                            polygon.append(segments.last!.p3)
                            let world = polygon.map { bridge.world(Vec2($0.x, sign * $0.y)) }
                            lines += zip(world, world.dropFirst()).map { ($0, $1) }
                        }
                    }
                    var builder = MeshBuilder()
                    let labels = ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: scale, deviceScale: scale,
                                                                     atlas: atlas, into: &builder)
                    #expect(labels.count >= 4)
                    for label in labels {
                        for (a, b) in lines {
                            // Each line's points a tenth of a unit apart: none inside the label.
                            let steps = Int((b - a).length * 10) + 1
                            let inside = (0...steps).contains { label.contains(a.mix(b, Double($0) / Double(steps))) }
                            #expect(!inside, "\(style) R\(radius) ×\(scale) (\(dx), \(dy)): label \(label) over the line \(a) → \(b)")
                        }
                    }
                }
            }
        }
    }

    /// The cubic's and tangent's letters lie in their points' order along the axis, apart, and
    /// each leader reaches its own letter through no other (a new user's report: leaders through
    /// "h1", "C2" and "p1", letters heaped near the canvas's edge): pulls several ways, short
    /// and long, a small badge, and badges near each corner of a 200x130 canvas.
    @Test func rowLettersKeepTheirOrderAndLeadersMissOtherLetters() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var parameters = Parameters()
        let canvas = Rect(x: 0, y: 0, width: 200, height: 130)
        let pen = HUDPen(scale: 2, atlas: atlas)
        let cases: [(Vec2, Vec2, Double)] = [((65, 65), (115, 85), 20), ((140, 65), (90, 70), 20), ((65, 65), (105, 80), 10),
                                             ((65, 65), (80, 70), 20), ((150, 95), (180, 115), 20), ((40, 30), (15, 10), 20),
                                             ((150, 35), (175, 15), 20), ((45, 95), (25, 110), 20), ((100, 65), (100, 110), 20)]
            .map { (Vec2($0.0.0, $0.0.1), Vec2($0.1.0, $0.1.1), $0.2) }
        for style in [BridgeStyle.cubic, .tangent] {
            parameters.bridge.style = style
            for (home, center, radius) in cases {
                let pose = BadgePose(home: home, center: center, radius: radius, parameters: parameters.motion.badge)
                let (_, marks) = ConstructionPainter.parts(of: pose, parameters: parameters)
                let count = Rect(x: center.x - 0.7 * radius - 2, y: center.y - 0.4 * radius - 2, width: 1.4 * radius + 4, height: 0.8 * radius + 4)
                let letters = ConstructionPainter.lettersInRow(marks, count: count, pose: pose, pen: pen, gap: 3, bounds: canvas)
                let named = marks.filter { $0.name != nil }
                #expect(letters.count == named.count, "\(style) \(home) → \(center)")
                // The points (of the side named: each letter's nearest of its name's two) and
                // the letters, each in order along the axis.
                let u = (center - home) * (1 / (center - home).length)
                func along(_ p: Vec2) -> Double { (p - home).dot(u) }
                let half = marks.count / 2
                let points = Dictionary(uniqueKeysWithValues: letters.map { letter -> (String, Vec2) in
                    let k = marks[..<half].firstIndex { $0.name == letter.text }!
                    let centre = Vec2(letter.box.x + letter.box.width / 2, letter.box.y + letter.box.height / 2)
                    let pair = [marks[k].point, marks[half + k].point]
                    return (letter.text, pair.min { ($0 - centre).length < ($1 - centre).length }!)
                })
                let byPoint = letters.sorted { along(points[$0.text]!) < along(points[$1.text]!) }.map(\.text)
                let byBox = letters.sorted { along(Vec2($0.box.x + $0.box.width / 2, $0.box.y + $0.box.height / 2))
                    < along(Vec2($1.box.x + $1.box.width / 2, $1.box.y + $1.box.height / 2)) }.map(\.text)
                #expect(byPoint == byBox, "\(style) \(home) → \(center): letters \(byBox), points \(byPoint)")
                for (i, letter) in letters.enumerated() {
                    #expect(!letter.box.intersects(count))
                    for other in letters[..<i] { #expect(!letter.box.intersects(other.box), "\(style) \(home) → \(center)") }
                    guard let (a, b) = letter.leader else { continue }
                    let steps = Int((b - a).length * 10) + 1
                    for other in letters where other.text != letter.text {
                        let through = (0...steps).contains { other.box.contains(a.mix(b, Double($0) / Double(steps))) }
                        #expect(!through, "\(style) \(home) → \(center): \(letter.text)'s leader through \(other.text)")
                    }
                }
            }
        }
    }

    /// The letters keep within the canvas where they fit: a badge pulled down near the canvas's
    /// foot has all its letters (one a point), every one inside (the cubic's and tangent's
    /// lower side's row being too low there, its mirror image is named instead).
    @Test func constructionLettersKeepWithinTheCanvas() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var parameters = Parameters()
        let canvas = Rect(x: 0, y: 0, width: 200, height: 110)
        for style in BridgeStyle.allCases {
            parameters.bridge.style = style
            for (dx, dy) in [(50.0, 20.0), (30, 25), (-45, 22)] {
                let pose = BadgePose(home: Vec2(100, 65), center: Vec2(100 + dx, 65 + dy), radius: 20, parameters: parameters.motion.badge)
                var builder = MeshBuilder()
                let labels = ConstructionPainter.addConstruction(of: pose, parameters: parameters, scale: 2, deviceScale: 2, atlas: atlas,
                                                                 bounds: canvas, into: &builder)
                #expect(labels.count == [.quad: 6, .cubic: 5, .tangent: 4][style], "\(style) (\(dx), \(dy)): \(labels.count) letters")
                for label in labels {
                    #expect(label.x >= 0 && label.y >= 0 && label.maxX <= canvas.width && label.maxY <= canvas.height,
                            "\(style) (\(dx), \(dy)): \(label) outside the canvas")
                }
            }
        }
    }

    /// Over the Bézier fill every bridge shows its construction, unlettered, not only the held
    /// badge's: the grid's badges (posed as if pulled, none held: no letters at all), and the
    /// caterpillar's goo between each two bodies (none without goo). Ink at each bridge's O and
    /// P (the quad's, from the circles by the seeds' formulas), where the plain picture has
    /// none.
    @Test func everyBridgeShowsItsConstruction() throws {
        var options = CommonOptions()
        options.width = 240
        options.height = 160
        var parameters = options.parameters
        parameters.headColor = parameters.color
        let b = parameters.motion.badge
        let poses = [BadgePose(home: Vec2(40, 40), center: Vec2(85, 55), radius: 16, parameters: b),
                     BadgePose(home: Vec2(170, 40), center: Vec2(200, 80), radius: 14, parameters: b),
                     BadgePose(home: Vec2(60, 120), center: Vec2(110, 110), radius: 18, parameters: b)]
        let grid = SceneSnapshot(held: poses, texts: ["", "", ""], rule: parameters.metaballBreak, shrink: b.shrink)
        let bodies = (0..<5).map { k in Ball(center: Vec2(40 + 40 * Double(k), 120 - 12 * Double(k % 2)), radius: 12) }
        let chain = SceneSnapshot(bodies: bodies)
        func picture(_ snapshot: SceneSnapshot, goo: Bool, construction: Bool) throws -> (Image, [Rect]) {
            var parameters = parameters
            parameters.goo = goo
            var painter = BadgePainter(atlas: Fonts.atlas())
            painter.paint(snapshot, parameters: parameters, scale: 2, mode: .bezier)
            if construction {
                painter.addOverlays(construction: nil, bridges: snapshot, field: true, wireframe: false, parameters: parameters, scale: 2,
                                    deviceScale: 2)
            }
            let frame = painter.frame(layout: options.layout(.free), scale: 2, parameters: parameters, pixelWidth: 480, pixelHeight: 320)
            let headless = try HeadlessRenderer(pixelWidth: 480, pixelHeight: 320)
            defer { headless.destroy() }
            return (try headless.image(of: frame), painter.constructionLabels)
        }
        func isInk(_ image: Image, _ p: Vec2) -> Bool {
            let pixel = image.pixel(x: Int(p.x * 2), y: Int(p.y * 2))
            return Int(pixel.b) > Int(pixel.r) + 60
        }
        let pairs = poses.map { (Ball(center: $0.home, radius: $0.homeRadius), Ball(center: $0.center, radius: $0.radius)) }
        for (name, snapshot, circles, goo) in [("grid", grid, pairs, false), ("goo", chain, Array(zip(bodies, bodies.dropFirst())), true)] {
            let (plain, _) = try picture(snapshot, goo: goo, construction: false)
            let (marked, letters) = try picture(snapshot, goo: goo, construction: true)
            #expect(letters.isEmpty, "\(name): letters \(letters)")
            for (home, badge) in circles {
                let q = try #require(QuadConstruction(home: home.center, homeRadius: home.radius, badge: badge.center, badgeRadius: badge.radius))
                for (p, point) in [(q.o, "O"), (q.p, "P")] {
                    #expect(isInk(marked, p) && !isInk(plain, p), "\(name): \(point) of \(home.center) → \(badge.center)")
                }
            }
        }
        // Without goo the caterpillar has no bridge: nothing over its Bézier fill.
        let (plain, _) = try picture(chain, goo: false, construction: false)
        let (marked, _) = try picture(chain, goo: false, construction: true)
        #expect(plain.pixels == marked.pixels)
    }

    /// In the overlay the construction lies on a white casing a logical pixel wide each side of
    /// its lines (its ink did not read on the overlay's blue): across the centre line, mid-way
    /// in the bridge (where the field's neck is narrower: the Bézier fill's blue), the axis is
    /// ink and a logical pixel off it is near white each side; without the construction that
    /// pixel is the blue.
    @Test func theOverlaysConstructionIsCased() throws {
        let options = OverlayTests.options(.overlay)
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(120, 85), radius: 20, parameters: options.parameters.motion.badge)
        let plain = try RenderCommand.draw([pose], options: options)
        let marked = try RenderCommand.draw([pose], options: options, construction: true)
        let d = pose.center - pose.home, along = d * (1 / d.length), across = Vec2(-along.y, along.x)
        let middle = pose.home.mix(pose.center, 0.5)
        func pixel(_ image: Image, _ p: Vec2) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { image.pixel(x: Int(p.x * 2), y: Int(p.y * 2)) }
        let axis = pixel(marked, middle)
        #expect(Int(axis.b) > Int(axis.r) + 60, "the axis: \(axis)")
        for side in [1.0, -1.0] {
            let p = middle + across * side
            let before = pixel(plain, p), after = pixel(marked, p)
            #expect(before.r < 80 && before.b > 200, "the overlay's blue there without the construction: \(before)")
            #expect(after.r > 190 && after.g > 190 && after.b > 190, "casing \(side) px off the axis: \(after)")
        }
    }

    /// The construction's lines stop short of a count they cross and go on past it: the centre
    /// line runs through the badge's centre, where the count is, and the quad's C–D near it.
    /// Within ±0.2 R by ±0.3 R of each badge's centre (inside a digit's ink, 0.95 R per em) no
    /// pixel is ink, in each style, over the Bézier fill and on the overlay's casing, for the
    /// held badge's lettered construction and another badge's unlettered one; the centre line
    /// is still ink on the bridge, mid-way between the centres.
    @Test(arguments: [BridgeStyle.quad, .cubic, .tangent], [Mode.bezier, .overlay])
    func constructionLinesStopShortOfTheCount(style: BridgeStyle, mode: Mode) throws {
        var options = OverlayTests.options(mode)
        options.parameters.bridge.style = style
        let badge = options.parameters.motion.badge
        // (Above the overlay's legend, at the foot.)
        let other = BadgePose(home: Vec2(30, 35), center: Vec2(65, 25), radius: 16, parameters: badge)
        let pose = BadgePose(home: Vec2(115, 45), center: Vec2(165, 60), radius: 20, parameters: badge)
        let image = try RenderCommand.draw([other, pose], texts: ["9", "9"], options: options, construction: true)
        func isInk(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return Int(p.b) > Int(p.r) + 60 && Int(p.b) > Int(p.g) + 40
        }
        for badge in [other, pose] {
            let c = badge.center, r = badge.radius
            var inked: [(Int, Int)] = []
            for y in Int(2 * (c.y - 0.3 * r))...Int(2 * (c.y + 0.3 * r)) {
                for x in Int(2 * (c.x - 0.2 * r))...Int(2 * (c.x + 0.2 * r)) where isInk(x, y) { inked.append((x, y)) }
            }
            #expect(inked.isEmpty, "\(style) \(mode): ink over the count of the badge at \(c): \(inked.prefix(5))")
            let middle = badge.home.mix(c, 0.5)
            let near = (-1...1).flatMap { dy in (-1...1).map { dx in isInk(Int(2 * middle.x) + dx, Int(2 * middle.y) + dy) } }
            #expect(near.contains(true), "\(style) \(mode): the centre line mid-way to the badge at \(c) is drawn")
        }
    }

    /// The field's construction (its tiles' edges, its balls' rings) stops short of a count as
    /// the bridge's does: a badge pulled 18 from home with R 20 has its home ball's ring,
    /// radius 20 − 18/shrink, through its centre, where its count is; within ±0.2 R by ±0.3 R
    /// of it no pixel is ink, with separate fields (the construction over all) and one field
    /// (under the counts, between the digit's strokes). Ink still rings the home ball.
    @Test(arguments: MetaballFields.allCases)
    func theFieldsConstructionKeepsOffTheCount(fields: MetaballFields) throws {
        var options = OverlayTests.options(.metaball)
        options.parameters.metaballFields = fields
        let badge = options.parameters.motion.badge
        let home = Vec2(80, 65), c = Vec2(98, 65), r = 20.0
        let ring = r - 18 / badge.shrink
        #expect(abs(home.x + ring - c.x) < 0.2 * r, "the home ring passes through the count's middle")
        let pose = BadgePose(home: home, center: c, radius: r, parameters: badge)
        let image = try RenderCommand.draw([pose], texts: ["8"], options: options, construction: true)
        func isInk(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return Int(p.b) > Int(p.r) + 60 && Int(p.b) > Int(p.g) + 40
        }
        var inked: [(Int, Int)] = []
        for y in Int(2 * (c.y - 0.3 * r))...Int(2 * (c.y + 0.3 * r)) {
            for x in Int(2 * (c.x - 0.2 * r))...Int(2 * (c.x + 0.2 * r)) where isInk(x, y) { inked.append((x, y)) }
        }
        #expect(inked.isEmpty, "\(fields): ink over the count: \(inked.prefix(5))")
        // The ring's far side, left of home.
        let far = (-2...2).contains { dx in isInk(Int(2 * (home.x - ring)) + dx, Int(2 * home.y)) }
        #expect(far, "\(fields): the home ball's ring is drawn away from the count")
    }

    /// The same for the tiles' edges: a tile whose sides run through a count's box (here tiles
    /// with a vertical edge and a horizontal one across it) draws no triangle of its edges in
    /// that box, and its edges go on each side of it.
    @Test func theTilesEdgesKeepOffTheCount() {
        let count = Rect(x: 40, y: 40, width: 20, height: 12)
        let tiles = [Region(box: Box(minX: 30, minY: 20, maxX: 50, maxY: 70), first: 0, count: 1),
                     Region(box: Box(minX: 50, minY: 20, maxX: 70, maxY: 70), first: 0, count: 1),
                     Region(box: Box(minX: 20, minY: 46, maxX: 80, maxY: 60), first: 0, count: 1)]
        var builder = MeshBuilder()
        ConstructionPainter.addField(tiles: tiles, balls: [], scale: 2, deviceScale: 2, keepingOff: [count], into: &builder)
        let points = builder.mesh.vertices.map { Vec2(Double($0.x), Double($0.y)) }
        #expect(!points.isEmpty)
        // No triangle of the edges' lines reaches into the box (a side of it crosses the box).
        let indices = builder.mesh.indices.map(Int.init)
        let crossing = stride(from: 0, to: indices.count, by: 3).filter { t in
            let (a, b, c) = (points[indices[t]], points[indices[t + 1]], points[indices[t + 2]])
            return count.intersects(from: a, to: b) || count.intersects(from: b, to: c) || count.intersects(from: c, to: a)
        }
        #expect(crossing.isEmpty, "\(crossing.count) triangles of the edges in the count's box")
        // x = 50 above and below the box; y = 46 left and right of it.
        #expect(points.contains { abs($0.x - 50) < 1 && $0.y < count.y } && points.contains { abs($0.x - 50) < 1 && $0.y > count.maxY })
        #expect(points.contains { abs($0.y - 46) < 1 && $0.x < count.x } && points.contains { abs($0.y - 46) < 1 && $0.x > count.maxX })
    }

    /// The tiles are 16 device pixels at any scale, so their edges are at most 2 device pixels
    /// wide: a row of tiles' edge lines covers at most 2/16 of it a side, at 1x and at 16x
    /// alike (at a logical pixel, 16 device pixels at 16x, they covered the whole field).
    @Test(arguments: [1.0, 2.0, 4.0, 16.0])
    func theTilesEdgesStayThinAtAnyScale(scale: Double) {
        // Eight tiles of 16 device pixels in a row, in scene units.
        let side = MetaballField.tilePixels / scale
        let tiles = (0..<8).map { k in
            Region(box: Box(minX: 10 + Double(k) * side, minY: 10, maxX: 10 + Double(k + 1) * side, maxY: 10 + side), first: 0, count: 1)
        }
        var builder = MeshBuilder()
        ConstructionPainter.addField(tiles: tiles, balls: [], scale: scale, deviceScale: scale, into: &builder)
        // The lines' area (their triangles, fringes included), in device pixels².
        let v = builder.mesh.vertices, ix = builder.mesh.indices.map(Int.init)
        var area = 0.0
        for t in stride(from: 0, to: ix.count, by: 3) {
            let (a, b, c) = (v[ix[t]], v[ix[t + 1]], v[ix[t + 2]])
            area += abs(Double((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))) / 2 * scale * scale
        }
        // Nine vertical edges 16 px long and two horizontal ones 128 long, at most 2 px wide,
        // plus a pixel of fringe round each: (9 × 16 + 2 × 128) × (2 + 1) at most.
        let tilesArea = 8 * 16 * 16.0
        let most = (9 * 16 + 2 * 128) * (min(scale, 2) + 1)
        #expect(area <= most * 1.05, "\(area) px² of edges over \(tilesArea) px² of tiles at \(scale)x")
    }

    /// Over the metaball fill the construction is the field's, over everything (the field here
    /// drawn in levels: the held badge covers another's count): every tile's edges in ink, the
    /// tiles inside washed pale and no other pixel of the fill, each ball's radius a ring; none
    /// of the bridge's points (no dot at O or P), no dot over a count. The four badges' kind of
    /// field, and a caterpillar's (whose field has tiles inside).
    @Test func theFieldsConstructionShowsItsTilesAndBalls() throws {
        let options = OverlayTests.options(.metaball)
        let parameters = options.parameters
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(120, 85), radius: 20, parameters: parameters.motion.badge)
        let under = BadgePose(home: Vec2(128, 92), center: Vec2(128, 92), radius: 14, parameters: parameters.motion.badge)
        let badges = SceneSnapshot(held: [under, pose], texts: ["8", ""], rule: parameters.metaballBreak,
                                   shrink: parameters.motion.badge.shrink)
        // Nine bodies along an arc, near enough to merge.
        let bodies = (0..<9).map { k in
            Ball(center: Vec2(30 + 17 * Double(k), 100 - 40 * sin(Double(k) / 8 * .pi)), radius: k == 8 ? 16 : 13)
        }
        let chain = SceneSnapshot(bodies: bodies)
        // As render and the window draw them: the held badge's pose given too.
        func picture(_ snapshot: SceneSnapshot, construction: Bool) throws -> (image: Image, tiles: [Region], balls: [Ball],
                                                                                tiling: FieldTiling?) {
            var painter = BadgePainter(atlas: Fonts.atlas())
            painter.paint(snapshot, parameters: parameters, scale: 2, mode: .metaball)
            if construction {
                painter.addOverlays(construction: snapshot.bodies.isEmpty ? pose : nil, field: true, wireframe: false,
                                    parameters: parameters, scale: 2, deviceScale: 2)
            }
            let frame = painter.frame(layout: options.layout(.free), scale: 2, parameters: parameters, pixelWidth: 400, pixelHeight: 280)
            let headless = try HeadlessRenderer(pixelWidth: 400, pixelHeight: 280)
            defer { headless.destroy() }
            return (try headless.image(of: frame), frame.metaballs?.regions ?? [], painter.metaballField.balls, painter.tiling)
        }
        for (name, snapshot) in [("badges", badges), ("chain", chain)] {
            let (plain, _, _, none) = try picture(snapshot, construction: false)
            let (marked, tiles, balls, tiling) = try picture(snapshot, construction: true)
            #expect(!tiles.isEmpty && balls.count == (name == "chain" ? 9 : 3), "\(name)")
            // What the caption says of the tiling: the tiles' device pixels (2 a unit each way), by kind.
            let area = { (r: Region) in (r.box.maxX - r.box.minX) * (r.box.maxY - r.box.minY) * 4 }
            let shaded = tiles.filter { !$0.inside }.map(area).reduce(0, +), flat = tiles.filter(\.inside).map(area).reduce(0, +)
            #expect(none == nil, "\(name): a tiling without the construction")
            #expect(tiling?.tiles == tiles.count && tiling?.inside == tiles.filter(\.inside).count
                    && abs((tiling?.shaded ?? 0) - shaded) < 1e-6 && abs((tiling?.flat ?? -1) - flat) < 1e-6,
                    "\(name): \(String(describing: tiling)) against \(tiles.count) tiles, \(shaded) px shaded, \(flat) px flat")
            // Inked: nearer the construction's ink than the plain picture is, by 60 (the channels'
            // differences summed); washed: nearer white by as much (the ink takes none nearer).
            func distance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Int, Int, Int)) -> Int {
                abs(Int(p.r) - c.0) + abs(Int(p.g) - c.1) + abs(Int(p.b) - c.2)
            }
            func nearer(_ x: Int, _ y: Int, _ c: (Int, Int, Int)) -> Bool {
                guard x >= 0, y >= 0, x < marked.width, y < marked.height else { return false }
                return distance(marked.pixel(x: x, y: y), c) <= distance(plain.pixel(x: x, y: y), c) - 60
            }
            func inked(_ x: Int, _ y: Int) -> Bool { nearer(x, y, (31, 59, 138)) }   // ConstructionPainter.ink
            func washed(_ x: Int, _ y: Int) -> Bool { nearer(x, y, (255, 255, 255)) }
            for tile in tiles {
                let x0 = Int((tile.box.minX * 2).rounded()), x1 = Int((tile.box.maxX * 2).rounded())
                let y0 = Int((tile.box.minY * 2).rounded()), y1 = Int((tile.box.maxY * 2).rounded())
                let mx = (x0 + x1) / 2, my = (y0 + y1) / 2
                // Each edge's middle, on either side of the line's centre (the picture's own edges aside).
                for (x, y, vertical) in [(x0, my, true), (x1, my, true), (mx, y0, false), (mx, y1, false)]
                where (vertical ? x : y) > 0 && (vertical ? x < 400 : y < 280) {
                    let either = vertical ? inked(x - 1, y) || inked(x, y) : inked(x, y - 1) || inked(x, y)
                    #expect(either, "\(name): the edge of tile \(tile.box) at \(x),\(y) is not drawn")
                }
                // Clear of its edges' lines: pale inside (where no ball's ink lies over the wash).
                var pale = 0, neither = 0
                for y in (y0 + 2)..<max(y1 - 2, y0 + 2) {
                    for x in (x0 + 2)..<max(x1 - 2, x0 + 2) where x < 400 && y < 280 {
                        if washed(x, y) { pale += 1 } else if !inked(x, y) { neither += 1 }
                    }
                }
                if tile.inside {
                    #expect(pale > 0 && neither == 0, "\(name): inside tile \(tile.box): \(pale) pixels pale, \(neither) neither pale nor inked")
                } else {
                    #expect(pale == 0, "\(name): edge tile \(tile.box): \(pale) pixels pale")
                }
            }
            if name == "chain" { #expect(tiles.contains { $0.inside }, "the caterpillar's field has tiles inside") }
            for ball in balls {
                var ring = 0
                for k in 0..<8 {
                    let p = (ball.center + Vec2(cos(Double(k) * .pi / 4), sin(Double(k) * .pi / 4)) * ball.radius) * 2
                    if inked(Int(p.x), Int(p.y)) || inked(Int(p.x - 0.5), Int(p.y - 0.5)) { ring += 1 }
                }
                #expect(ring == 8, "\(name): the ring of the ball at \(ball.center): \(ring) of 8 points inked")
            }
            if name == "badges" {
                // Not the bridge's construction, and no dot at a ball's centre (where a count
                // lies): a dot would ink all of a 3 px disc round O, P or the badge's centre.
                let q = try #require(QuadConstruction(home: pose.home, homeRadius: pose.homeRadius, badge: pose.center,
                                                      badgeRadius: pose.radius))
                for point in [q.o, q.p, pose.center] {
                    var ink = 0
                    for dy in -3...3 { for dx in -3...3 where dx * dx + dy * dy <= 9 && inked(Int(point.x * 2) + dx, Int(point.y * 2) + dy) { ink += 1 } }
                    #expect(ink < 20, "a dot at \(point): \(ink) of 29 pixels inked")
                }
            }
        }
    }

    /// One field of many badges (`--metaball-fields scene`): its construction lies under their
    /// counts, every pixel of whose white glyphs stays white (its lines and rings crossed
    /// them, and its wash paled the red round them).
    @Test func countsStayOverOneFieldsConstruction() throws {
        var parameters = Parameters()
        parameters.metaballFields = .scene
        let grid = GridScene(width: 400, height: 300, count: 16, parameters: parameters)
        let snapshot = grid.snapshot(parameters)
        func picture(construction: Bool) throws -> Image {
            var painter = BadgePainter(atlas: Fonts.atlas())
            painter.paint(snapshot, parameters: parameters, scale: 2, mode: .metaball)
            if construction {
                painter.addOverlays(construction: nil, field: true, wireframe: false, parameters: parameters, scale: 2, deviceScale: 2)
            }
            let layout = Layout(width: 400, height: 300, mode: .metaball, scene: .grid)
            let frame = painter.frame(layout: layout, scale: 2, parameters: parameters, pixelWidth: 800, pixelHeight: 600)
            let headless = try HeadlessRenderer(pixelWidth: 800, pixelHeight: 600)
            defer { headless.destroy() }
            return try headless.image(of: frame)
        }
        let plain = try picture(construction: false), marked = try picture(construction: true)
        #expect(plain.pixels != marked.pixels, "no construction drawn")
        var glyph = 0, darkened = 0
        // The counts' white pixels: within 0.6 R of each badge's centre (its disc, where the page is not).
        for pose in snapshot.badges.compactMap(\.pose) {
            let c = pose.center * 2, reach = 0.6 * pose.radius * 2
            for y in Int(c.y - reach)...Int(c.y + reach) {
                for x in Int(c.x - reach)...Int(c.x + reach) where (Vec2(Double(x), Double(y)) - c).length < reach {
                    guard x >= 0, y >= 0, x < plain.width, y < plain.height, min(plain.pixel(x: x, y: y).r, plain.pixel(x: x, y: y).g) > 245
                    else { continue }
                    glyph += 1
                    let m = marked.pixel(x: x, y: y)
                    if min(m.r, m.g, m.b) <= 245 { darkened += 1 }
                }
            }
        }
        #expect(glyph > 500 && darkened == 0, "\(darkened) of the counts' \(glyph) white pixels darkened by the construction")
    }

    /// The caption's line of the field's tiling: device pixels, in thousands from 1000.
    @Test func theTilingLineSaysTilesAndPixels() {
        func tile(_ w: Double, _ h: Double, inside: Bool) -> Region {
            Region(box: Box(minX: 0, minY: 0, maxX: w, maxY: h), first: 0, count: inside ? 0 : 1, inside: inside)
        }
        let tiling = FieldTiling([tile(10, 10, inside: true), tile(40, 50, inside: false), tile(30, 31, inside: false)], scale: 1)
        #expect(HUDContent.tilingLine(tiling) == "tiles 3 (1 inside) · shaded 2.9k px · flat 100 px")
        let doubled = FieldTiling([tile(10, 10, inside: true)], scale: 2)
        #expect(HUDContent.tilingLine(doubled) == "tiles 1 (1 inside) · shaded 0 px · flat 400 px")
    }

    /// The tiles' edges are drawn a stretch once: edges on one line (to a 64th of a device
    /// pixel) join where they meet or overlap, in any order given.
    @Test func tileEdgesAreJoinedALineAtATime() {
        typealias Edge = ConstructionPainter.Edge
        let edges = [Edge(at: 10, from: 0, to: 8), Edge(at: 10, from: 8, to: 16), Edge(at: 10 + 1e-9, from: 12, to: 20),
                     Edge(at: 10, from: 30, to: 40), Edge(at: 11, from: 0, to: 8), Edge(at: 10, from: 2, to: 5)]
        let expected = [Edge(at: 10, from: 0, to: 20), Edge(at: 10, from: 30, to: 40), Edge(at: 11, from: 0, to: 8)]
        for order in [edges, edges.reversed(), [edges[3], edges[1], edges[5], edges[0], edges[4], edges[2]]] {
            let joined = ConstructionPainter.Edge.joined(order, pixel: 0.5)
            #expect(joined.count == 3 && zip(joined, expected).allSatisfy { abs($0.at - $1.at) < 1e-6 && $0.from == $1.from && $0.to == $1.to },
                    "\(joined)")
        }
    }

    @Test func wireframeDrawsTheTriangleEdges() throws {
        var options = CommonOptions()
        options.width = 200
        options.height = 140
        options.parameters.bridge.style = .tangent
        let pose = BadgePose(home: Vec2(70, 70), center: Vec2(120, 85), radius: 20, parameters: options.parameters.motion.badge)
        let plain = try RenderCommand.draw([pose], options: options)
        let wired = try RenderCommand.draw([pose], options: options, wireframe: true)
        let darker = stride(from: 0, to: plain.pixels.count, by: 4).filter { Int(wired.pixels[$0]) < Int(plain.pixels[$0]) - 40 }.count
        #expect(darker > 200, "\(darker) pixels darkened by edges")
    }
}

/// Where a bridge's side meets a circle, the two soft edges lie on one another: drawn "over"
/// each other they stacked (1 − (1 − c)², a pixel up to 0.26 off at the joins of these poses,
/// in every style and scale, where a lone circle is off by 0.05). The bridge's fringe near a
/// circle now draws only what the circle leaves: against the reference's 8×8-sampled
/// coverage, no pixel off by more than 0.12 (measured: at most 0.10, where the two edges
/// cross at an angle and the larger of the two coverages is a little under their union).
@Suite(.serialized) struct BridgeJoinTests {
    @Test(arguments: BridgeStyle.allCases, [1.0, 3.0])
    func joinsAreNotDrawnTwice(style: BridgeStyle, scale: Double) throws {
        // (The last: home and badge of one size, the quad's side meeting each circle side-on,
        // as at every joint of the goo caterpillar. A side so straight that it flattens to a few
        // points placed its badge end about the home circle: 0.24 too much where it met the badge.)
        for (anchor, drag, radius, shrink) in [(Vec2(100, 100), Vec2(147, 123), 20.0, 10.0), (Vec2(80, 90), Vec2(120, 80), 12.0, 10),
                                               (Vec2(110, 100), Vec2(150, 100), 30.0, 10), (Vec2(60, 100.5), Vec2(110, 100.5), 20, 1000)] {
            var options = CommonOptions()
            options.width = 220
            options.height = 200
            options.scale = scale
            options.parameters.bridge.style = style
            options.parameters.motion.badge.shrink = shrink
            let pose = BadgePose(home: anchor, center: drag, radius: radius, parameters: options.parameters.motion.badge)
            #expect(pose.attached)
            let image = try RenderCommand.draw([pose], options: options)
            let (w, h) = options.pixelSize
            let got = RenderTests.coverage(of: image)
            let want = RenderTests.reference(width: w, height: h, scale: scale, pose: pose, parameters: options.parameters)
            var worst = (error: 0.0, index: 0)
            for i in got.indices where abs(got[i] - want[i]) > worst.error { worst = (abs(got[i] - want[i]), i) }
            #expect(worst.error <= 0.12, "\(style) ×\(scale) R \(radius) shrink \(shrink): off by \(worst.error) at \(worst.index % w),\(worst.index / w)")
        }
    }
}
