// Glyphs rasterized once per pixel size into one coverage texture, packed in shelves.

@preconcurrency import CFreeType
import Imaging

/// A glyph in the atlas, in device pixels.
public struct Glyph: Hashable, Sendable {
    /// Position in the atlas (pixels).
    public var x, y, width, height: Int
    /// Offset of the bitmap from the pen: left bearing, and top above the baseline.
    public var left, top: Int
    /// Pen advance, pixels.
    public var advance: Double
}

/// Rasterizes glyphs on demand at whole device-pixel sizes, so that text drawn pixel-aligned
/// maps texel to pixel and stays crisp at any scale. When full, it starts over (the version
/// changes and the renderer uploads it again).
public final class GlyphAtlas {
    public let font: Font
    public private(set) var image: AlphaImage
    private struct Key: Hashable {
        var scalar: UInt32
        var size: Int
    }
    private var glyphs: [Key: Glyph] = [:]
    private var shelfX = 1, shelfY = 1, shelfHeight = 0

    public init(font: Font, side: Int = 512) {
        self.font = font
        image = AlphaImage(width: side, height: side)
    }

    /// The glyph of `scalar` at `size` pixels per em; nil if the font has none.
    public func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph? {
        let key = Key(scalar: scalar.value, size: size)
        if let glyph = glyphs[key] { return glyph }
        guard let face = font.face, size > 0, size < image.height / 2,
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0,
            FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        if shelfX + width + 1 > image.width {
            shelfX = 1
            shelfY += shelfHeight + 1
            shelfHeight = 0
        }
        if shelfY + height + 1 > image.height {
            // Full: start over; glyphs in use are rasterized again as they are asked for.
            glyphs.removeAll(keepingCapacity: true)
            for i in image.pixels.indices { image.pixels[i] = 0 }
            shelfX = 1
            shelfY = 1
            shelfHeight = 0
        }
        let glyph = Glyph(
            x: shelfX, y: shelfY, width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), advance: Double(slot.pointee.advance.x) / 64)
        if let buffer = bitmap.buffer {
            for row in 0..<height {
                let source = buffer + row * Int(bitmap.pitch)
                let target = (glyph.y + row) * image.width + glyph.x
                for column in 0..<width { image.pixels[target + column] = source[column] }
            }
        }
        shelfX += width + 1
        shelfHeight = max(shelfHeight, height)
        image.version += 1
        glyphs[key] = glyph
        return glyph
    }
}
