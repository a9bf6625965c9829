// The count's font, found once per process; without one the counts are left out, with a warning.

import Typography

enum Fonts {
    /// A glyph atlas over the system's DejaVu Sans Bold, or nil (after one warning on stderr).
    /// Characters it lacks come from other installed fonts; one that none has is left out,
    /// with one warning naming it.
    static func atlas() -> GlyphAtlas? {
        do {
            let atlas = GlyphAtlas(font: try Font.system())
            atlas.missingGlyph = { scalar in CommandLine.warn(Fonts.missing(scalar)) }
            return atlas
        } catch {
            CommandLine.warn("\(error); badge counts are not drawn")
            return nil
        }
    }

    /// The warning for a character no installed font has, with the package that has it where
    /// that is known (Chinese, Japanese and Korean: WenQuanYi Micro Hei), else how to look.
    static func missing(_ scalar: Unicode.Scalar) -> String {
        var code = String(scalar.value, radix: 16, uppercase: true)
        code = String(repeating: "0", count: max(0, 4 - code.count)) + code
        let cjk: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
                                          0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
                                          0x20000...0x2FA1F]
        let hint = cjk.contains { $0.contains(scalar.value) } ? "install fonts-wqy-microhei"
            : "a font that has it draws it; `fc-list ':charset=\(code)'` lists those installed"
        return "no installed font has '\(scalar)' (U+\(code)); it is left out of the counts (\(hint))"
    }
}
