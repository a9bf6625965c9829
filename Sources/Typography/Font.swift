// A font face found by fontconfig and opened with FreeType.

@preconcurrency import CFontconfig
@preconcurrency import CFreeType
import Foundation

/// Why no font could be had; the message says what to install.
public struct TypographyError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// One FreeType face; freed by `destroy()` or when the last reference goes.
public final class Font {
    private var library: FT_Library?
    var face: FT_Face?
    /// The file it came from.
    public let path: String

    /// The system font that fontconfig picks for `pattern` (e.g. "DejaVu Sans:bold").
    public static func system(_ pattern: String = "DejaVu Sans:bold") throws(TypographyError) -> Font {
        try Font(path: systemFile(pattern))
    }

    /// fontconfig is started for one lookup and shut down after it (FcFini), so that it keeps
    /// nothing for the rest of the process (LeakSanitizer sees its state as leaked otherwise);
    /// the lock keeps one thread's FcFini from pulling the state from under another's lookup.
    private static let fontconfigLock = NSLock()

    /// The file of the font fontconfig matches to `pattern`.
    static func systemFile(_ pattern: String) throws(TypographyError) -> String {
        fontconfigLock.lock()
        defer { fontconfigLock.unlock() }
        guard FcInit() != 0 else {
            throw TypographyError(description: "fontconfig did not start (install libfontconfig1 and fonts-dejavu-core)")
        }
        defer { FcFini() }
        guard let query = FcNameParse(pattern) else {
            throw TypographyError(description: "fontconfig cannot read the pattern '\(pattern)'")
        }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, query, &result) else {
            throw TypographyError(description: "no font matches '\(pattern)' (install fonts-dejavu-core)")
        }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw TypographyError(description: "the font matching '\(pattern)' has no file (install fonts-dejavu-core)")
        }
        return String(cString: file)
    }

    public init(path: String) throws(TypographyError) {
        self.path = path
        guard FT_Init_FreeType(&library) == 0 else {
            throw TypographyError(description: "FreeType did not start")
        }
        guard FT_New_Face(library, path, 0, &face) == 0 else {
            FT_Done_FreeType(library)
            library = nil
            throw TypographyError(description: "cannot open the font file '\(path)'")
        }
    }

    /// Frees the face and its FreeType library now (also done when the font goes away).
    public func destroy() {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        face = nil
        library = nil
    }

    deinit { destroy() }
}
