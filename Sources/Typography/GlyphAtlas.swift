// Glyphs rasterized once per pixel size into one coverage texture, packed in shelves.

@preconcurrency import CFreeType
import Geometry
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
/// maps texel to pixel and stays crisp at any scale. A glyph's place is in texels (the fill
/// shader divides by the texture's size), and a glyph once placed stays where it is until the
/// next `beginFrame`: when one does not fit, the atlas doubles its side (the old texels kept
/// where they were) up to `maximumSide`, and only a frame's start may empty it (the version
/// changes and the renderer uploads it again). A frame's glyph quads are then never pointed at
/// another glyph's texels, however many glyphs or however large (a window screenshot at 8x
/// drew its counts with letters of the HUD's caption when the atlas started over mid-frame).
///
/// A character the font lacks (e.g. 你 in DejaVu Sans) comes from the font fontconfig sorts
/// first among those that hold it (`Font.file(containing:)`, asked once per code point per
/// process), each such file opened once; a character no installed font has is left out, and
/// `missingGlyph` hears of it once per process.
public final class GlyphAtlas {
    public let font: Font
    /// Told of a character that no installed font has, the first time it is asked for.
    public var missingGlyph: ((Unicode.Scalar) -> Void)?
    /// The fallback fonts opened so far, by file.
    private var fallbacks: [FontFile: Font] = [:]
    /// The font each code point comes from (nil: none has it).
    private var sources: [UInt32: Font?] = [:]
    public private(set) var image: AlphaImage
    private struct Key: Hashable {
        var scalar: UInt32
        var size: Int
    }
    private var glyphs: [Key: Glyph] = [:]
    /// The shelves: where the next glyph goes, the current shelf's top and its height.
    private(set) var shelfX = 1, shelfY = 1, shelfHeight = 0
    /// The side it starts at, and the most it grows to (a texture side every OpenGL 3.3 driver
    /// of note supports; llvmpipe's limit is 16384).
    public let initialSide: Int
    public static let maximumSide = 8192
    /// Whether a glyph was refused since the last `beginFrame` (the atlas full at its largest),
    /// and whether the atlas was emptied at the last one.
    private var refused = false, emptiedLastFrame = false

    public init(font: Font, side: Int = 512) {
        self.font = font
        initialSide = min(max(side, 16), GlyphAtlas.maximumSide)
        image = AlphaImage(width: initialSide, height: initialSide)
    }

    /// The largest em, in pixels, a glyph is rasterized at: one that size still fits the atlas
    /// at its largest (a glyph's box is under two ems), so that no frame needs more than one
    /// such atlas for a count.
    public static var largestSize: Int { maximumSide / 4 }

    /// Starts a frame's glyphs: meshes built before it must not be drawn after it. A crowded
    /// atlas (its shelves three quarters down, or a glyph refused) is emptied here, not while a
    /// frame's quads point into it; emptied two frames running, a frame alone needs most of it,
    /// so it doubles too (no frame then rasterizes all its glyphs anew).
    public func beginFrame() {
        let crowded = refused || isCrowded
        refused = false
        // (The renderer's copy is of the last frame's atlas: this frame's glyphs are what it
        // lacks.)
        image.settle()
        guard crowded else {
            emptiedLastFrame = false
            return
        }
        let side = emptiedLastFrame ? min(2 * image.width, GlyphAtlas.maximumSide) : image.width
        empty(side: side)
        emptiedLastFrame = true
    }

    /// Whether its shelves reach past three quarters of its side.
    var isCrowded: Bool { 4 * (shelfY + shelfHeight) > 3 * image.height }

    /// Forgets every glyph, the picture `side` square and blank (a new version).
    private func empty(side: Int) {
        glyphs.removeAll(keepingCapacity: true)
        if side == image.width {
            for i in image.pixels.indices { image.pixels[i] = 0 }
            image.changed(rows: 0..<image.height)
        } else {
            image = AlphaImage(width: side, height: side)
        }
        shelfX = 1
        shelfY = 1
        shelfHeight = 0
    }

    /// Doubles the side, every texel staying where it was (a new picture, a new version);
    /// false at `maximumSide`.
    private func grow() -> Bool {
        guard image.width < GlyphAtlas.maximumSide else { return false }
        let old = image, side = min(2 * old.width, GlyphAtlas.maximumSide)
        var larger = AlphaImage(width: side, height: side)
        for row in 0..<old.height {
            larger.pixels[(row * side)..<(row * side + old.width)] = old.pixels[(row * old.width)..<((row + 1) * old.width)]
        }
        image = larger
        return true
    }

    /// The font that draws `scalar`: the atlas's own when it has the glyph, else a fallback;
    /// nil when no installed font has it (or it is a control or format character, which
    /// draws nothing).
    public func font(for scalar: Unicode.Scalar) -> Font? {
        if let known = sources[scalar.value] { return known }
        let source = lookUp(scalar)
        sources[scalar.value] = .some(source)
        return source
    }

    private func lookUp(_ scalar: Unicode.Scalar) -> Font? {
        if font.hasGlyph(scalar) { return font }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return nil
        default: break
        }
        let (file, firstAsked) = Font.file(containing: scalar)
        if let file {
            if let open = fallbacks[file] { return open.hasGlyph(scalar) ? open : nil }
            if let opened = try? Font(path: file.path, index: file.index) {
                fallbacks[file] = opened
                if opened.hasGlyph(scalar) { return opened }
            }
        }
        if firstAsked { missingGlyph?(scalar) }
        return nil
    }

    /// The glyph of `scalar` at `size` pixels per em, from the first font that has it; nil if
    /// none has.
    public func glyph(_ scalar: Unicode.Scalar, size: Int) -> Glyph? {
        let key = Key(scalar: scalar.value, size: size)
        if let glyph = glyphs[key] { return glyph }
        guard let face = font(for: scalar)?.face, size > 0, size <= GlyphAtlas.largestSize,
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0,
            FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width + 2 <= GlyphAtlas.maximumSide, height + 2 <= GlyphAtlas.maximumSide else { return nil }
        // The next place on the shelves: this shelf, a new one below it, or a grown atlas's.
        while true {
            if shelfX + width + 1 <= image.width, shelfY + height + 1 <= image.height { break }
            let below = shelfY + shelfHeight + 1
            if shelfX > 1, width + 2 <= image.width, below + height + 1 <= image.height {
                shelfX = 1
                shelfY = below
                shelfHeight = 0
                break
            }
            // Full: the frame's glyphs stay put; the atlas grows, or this glyph is left out.
            guard grow() else {
                refused = true
                return nil
            }
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
        image.changed(rows: glyph.y..<(glyph.y + height))
        glyphs[key] = glyph
        return glyph
    }
}

extension GlyphAtlas {
    /// The outline of `scalar` at `size` pixels per em, hinted as its bitmap is, relative to the
    /// pen origin on the baseline, device pixels, y down; empty if no font has it.
    public func outline(_ scalar: Unicode.Scalar, size: Int) -> [OutlineCommand] {
        guard let face = font(for: scalar)?.face, size > 0,
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0,
            FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_DEFAULT)) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return [] }
        let sink = OutlineSink()
        var funcs = FT_Outline_Funcs()
        funcs.move_to = { to, user in OutlineSink.add(user, .move(OutlineSink.point(to))) }
        funcs.line_to = { to, user in OutlineSink.add(user, .line(OutlineSink.point(to))) }
        funcs.conic_to = { control, to, user in
            OutlineSink.add(user, .quadratic(control: OutlineSink.point(control), OutlineSink.point(to)))
        }
        funcs.cubic_to = { a, b, to, user in
            OutlineSink.add(user, .cubic(OutlineSink.point(a), OutlineSink.point(b), OutlineSink.point(to)))
        }
        funcs.shift = 0
        funcs.delta = 0
        var outline = slot.pointee.outline
        let status = withExtendedLifetime(sink) { FT_Outline_Decompose(&outline, &funcs, Unmanaged.passUnretained(sink).toOpaque()) }
        return status == 0 ? sink.commands : []
    }
}

/// Collects FreeType's outline callbacks (C function pointers: the sink is their user pointer).
private final class OutlineSink {
    var commands: [OutlineCommand] = []

    static func point(_ v: UnsafePointer<FT_Vector>?) -> Vec2 {
        guard let v else { return .zero }
        return Vec2(Double(v.pointee.x) / 64, -Double(v.pointee.y) / 64)
    }

    static func add(_ user: UnsafeMutableRawPointer?, _ command: OutlineCommand) -> Int32 {
        guard let user else { return 1 }
        Unmanaged<OutlineSink>.fromOpaque(user).takeUnretainedValue().commands.append(command)
        return 0
    }
}
