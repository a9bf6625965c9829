// Lays out a badge's count: white, centred on the badge, sized to fit, aligned to device pixels.

import Geometry

extension MeshBuilder {
    /// Adds `text` centred on a badge of `radius` at `center`, in the atlas's font.
    ///
    /// The em is 0.95 R (a one- or two-digit count sits well inside the badge), shrunk so the
    /// ink is at most 1.4 R wide ("99+" too). Glyphs are rasterized at the whole number of device
    /// pixels nearest that size and placed on whole device pixels, the ink's box centred on the
    /// badge's centre (within half a device pixel), so they map texel to pixel: crisp at any scale.
    /// (Past `GlyphAtlas.largestSize` they are rasterized at a whole fraction of it and magnified:
    /// see `CountPlacement.factor`.)
    public mutating func addCount(_ text: String, center: Vec2, radius: Double, scale: Double, color: Color, atlas: GlyphAtlas) {
        guard let place = CountPlacement(text, center: center, radius: radius, scale: scale, atlas: atlas) else { return }
        addRun(text, originX: place.originX, baseline: place.baseline, size: place.size, factor: place.factor, scale: scale,
               color: color, atlas: atlas)
    }

    /// Glyph quads for `text` rasterized at `size` pixels per em and drawn `factor` times as
    /// large (each texel a block of factor² device pixels), the pen starting at the whole device
    /// pixel (originX, baseline) and each glyph placed on whole device pixels.
    mutating func addRun(_ text: String, originX: Double, baseline: Double, size: Int, factor: Int = 1, scale: Double, color: Color,
                         atlas: GlyphAtlas) {
        var pen = 0.0
        let f = Double(factor)
        for scalar in text.unicodeScalars {
            guard let glyph = atlas.glyph(scalar, size: size) else { continue }
            let x0 = originX + ((pen + Double(glyph.left)) * f).rounded(), y0 = baseline - Double(glyph.top) * f
            if glyph.width > 0, glyph.height > 0 {
                // The atlas's texels (the atlas may grow while the frame is built: the shader
                // divides by its size as drawn).
                addGlyph(
                    x0: x0 / scale, y0: y0 / scale, x1: (x0 + Double(glyph.width) * f) / scale, y1: (y0 + Double(glyph.height) * f) / scale,
                    u0: Double(glyph.x), v0: Double(glyph.y),
                    u1: Double(glyph.x + glyph.width), v1: Double(glyph.y + glyph.height), color: color)
            }
            pen += glyph.advance
        }
    }
}

/// The ink box of a string rasterized at one size and drawn `factor` times as large, relative
/// to the pen origin (y down), device pixels.
struct CountLayout {
    var inkMinX = Int.max, inkMaxX = Int.min, inkMinY = Int.max, inkMaxY = Int.min

    init(text: String, size: Int, factor: Int = 1, atlas: GlyphAtlas) {
        var pen = 0.0
        for scalar in text.unicodeScalars {
            guard let glyph = atlas.glyph(scalar, size: size) else { continue }
            if glyph.width > 0, glyph.height > 0 {
                let x0 = Int(((pen + Double(glyph.left)) * Double(factor)).rounded())
                inkMinX = min(inkMinX, x0)
                inkMaxX = max(inkMaxX, x0 + glyph.width * factor)
                inkMinY = min(inkMinY, -glyph.top * factor)
                inkMaxY = max(inkMaxY, (-glyph.top + glyph.height) * factor)
            }
            pen += glyph.advance
        }
    }

    var inkWidth: Int { inkMaxX >= inkMinX ? inkMaxX - inkMinX : 0 }
}

extension MeshBuilder {
    /// Adds a line of text whose first baseline starts at (x, y) scene units, `size` scene units
    /// per em, pen positions snapped to device pixels (crisp, like the counts).
    public mutating func addText(_ text: String, x: Double, y: Double, size: Double, scale: Double, color: Color, atlas: GlyphAtlas) {
        let pixels = max(1, Int((size * scale).rounded()))
        addRun(text, originX: (x * scale).rounded(), baseline: (y * scale).rounded(), size: pixels, scale: scale, color: color, atlas: atlas)
    }
}

/// Where a badge's count goes: its size in device pixels per em (0.95 R, shrunk so the ink is at
/// most 1.4 R wide) and the pen's origin on whole device pixels with the ink box centred on the
/// badge. The picture's glyph quads and the SVG's text are placed by it alike. None below
/// `minimumPixels` per em: the badge is then a plain dot.
public struct CountPlacement: Sendable {
    /// The least em, in device pixels, a count is drawn at. Below it a digit's ink is 3 or 4
    /// pixels tall, a smudge no one can read (the 1024-badge grid at 960x540 has R ≈ 4), and a
    /// badge that small reads as a dot, as in apps that drop the number from a badge too small
    /// for it.
    public static let minimumPixels = 6

    /// The pixels per em its glyphs are rasterized at: the em in device pixels, or, past
    /// `GlyphAtlas.largestSize`, the em over `factor`.
    public var size: Int
    /// How many times as large the glyphs are drawn as rasterized: 1, or past the largest size a
    /// glyph is rasterized at (2048 px per em: a badge of radius 134 at --scale 16), the whole
    /// number that brings them under it, each texel then a block of factor² device pixels (the
    /// SVG's outlines are magnified alike, and exact).
    public var factor: Int
    /// The pen's start and the baseline, device pixels.
    public var originX: Double, baseline: Double
    /// The box of the glyphs' ink (their bitmaps), device pixels, y down.
    public var ink: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// Whether `text` has ink at all in the atlas's font (at 16 px per em): a count with none
    /// draws nothing at any size (a font without its characters), one with some is left out
    /// only for being too small.
    public static func hasInk(_ text: String, atlas: GlyphAtlas) -> Bool {
        !text.isEmpty && CountLayout(text: text, size: 16, atlas: atlas).inkWidth > 0
    }

    public init?(_ text: String, center: Vec2, radius: Double, scale: Double, atlas: GlyphAtlas) {
        guard !text.isEmpty, radius > 0, scale > 0, center.isFinite else { return nil }
        var em = 0.95 * radius * scale
        // Measure once at the nominal size, then shrink to fit.
        let nominal = Int(em.rounded())
        // Shrinking only makes it smaller: no glyph measured (and rasterized into the atlas) at
        // a size that will not be drawn.
        guard nominal >= CountPlacement.minimumPixels else { return nil }
        func factor(_ em: Double) -> Int { max(1, (Int(em.rounded()) + GlyphAtlas.largestSize - 1) / GlyphAtlas.largestSize) }
        var f = factor(em)
        let width = CountLayout(text: text, size: Int((em / Double(f)).rounded()), factor: f, atlas: atlas).inkWidth
        let widest = 1.4 * radius * scale
        if Double(width) > widest { em *= widest / Double(width) }
        f = factor(em)
        size = Int((em / Double(f)).rounded())
        self.factor = f
        guard size * f >= CountPlacement.minimumPixels else { return nil }
        let layout = CountLayout(text: text, size: size, factor: f, atlas: atlas)
        guard layout.inkWidth > 0 else { return nil }
        let cx = center.x * scale, cy = center.y * scale
        originX = (cx - Double(layout.inkMinX + layout.inkMaxX) / 2).rounded()
        baseline = (cy - Double(layout.inkMinY + layout.inkMaxY) / 2).rounded()
        ink = (originX + Double(layout.inkMinX), baseline + Double(layout.inkMinY),
               originX + Double(layout.inkMaxX), baseline + Double(layout.inkMaxY))
    }
}

/// One command of a glyph's outline, device pixels, y down.
public enum OutlineCommand: Hashable, Sendable {
    case move(Vec2)
    case line(Vec2)
    case quadratic(control: Vec2, Vec2)
    case cubic(Vec2, Vec2, Vec2)

    /// The same command with each of its points moved by `f` (shifted, scaled).
    public func mapPoints(_ f: (Vec2) -> Vec2) -> OutlineCommand {
        switch self {
        case .move(let p): .move(f(p))
        case .line(let p): .line(f(p))
        case .quadratic(let c, let p): .quadratic(control: f(c), f(p))
        case .cubic(let a, let b, let p): .cubic(f(a), f(b), f(p))
        }
    }
}

extension CountPlacement {
    /// The count's glyphs as outlines, device pixels, each glyph where the picture puts its
    /// bitmap: the same hinted outline FreeType rasterized for it, moved by the same whole pixels.
    public func outlines(of text: String, atlas: GlyphAtlas) -> [OutlineCommand] {
        atlas.outlines(of: text, originX: originX, baseline: baseline, size: size, factor: factor)
    }
}

extension GlyphAtlas {
    /// A run of text's glyphs as outlines, device pixels, each where `MeshBuilder.addRun` puts
    /// its bitmap (the pen from `originX` on the `baseline`, `size` pixels per em, `factor` times
    /// as large): the same hinted outline FreeType rasterized for it, scaled and moved alike.
    public func outlines(of text: String, originX: Double, baseline: Double, size: Int, factor: Int = 1) -> [OutlineCommand] {
        var commands: [OutlineCommand] = []
        var pen = 0.0
        let f = Double(factor)
        for scalar in text.unicodeScalars {
            guard let glyph = glyph(scalar, size: size) else { continue }
            // The bitmap's left edge, `left` from the pen, lands on a whole device pixel.
            let left = originX + ((pen + Double(glyph.left)) * f).rounded()
            commands += outline(scalar, size: size).map { $0.mapPoints { p in Vec2(left + (p.x - Double(glyph.left)) * f, baseline + p.y * f) } }
            pen += glyph.advance
        }
        return commands
    }
}
