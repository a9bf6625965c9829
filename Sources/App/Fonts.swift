// The count's font, found once per process; without one the counts are left out, with a warning.

import Typography

enum Fonts {
    /// A glyph atlas over the system's DejaVu Sans Bold, or nil (after one warning on stderr).
    static func atlas() -> GlyphAtlas? {
        do {
            return GlyphAtlas(font: try Font.system())
        } catch {
            CommandLine.warn("\(error); badge counts are not drawn")
            return nil
        }
    }
}
