// The count's font, found once per process; without one the counts are left out, with a warning.

import Typography

enum Fonts {
    /// A glyph atlas over the system's DejaVu Sans Bold, or nil (after one warning on stderr).
    /// Characters it lacks come from other installed fonts; one that none has is left out,
    /// with one warning naming it.
    static func atlas() -> GlyphAtlas? {
        do {
            let atlas = GlyphAtlas(font: try Font.system())
            atlas.missingGlyph = { scalar in
                let code = String(scalar.value, radix: 16, uppercase: true)
                CommandLine.warn("no installed font has '\(scalar)' (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)); it is left out of the counts (Chinese: install fonts-wqy-microhei)")
            }
            return atlas
        } catch {
            CommandLine.warn("\(error); badge counts are not drawn")
            return nil
        }
    }
}
