// A font face found by fontconfig and opened with FreeType.

@preconcurrency import CFontconfig
@preconcurrency import CFreeType
import Foundation

/// Why no font could be had; the message says what to install.
public struct TypographyError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// A font file and the face in it (a .ttc collection holds several).
public struct FontFile: Hashable, Sendable {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}

/// One FreeType face; freed by `destroy()` or when the last reference goes.
public final class Font {
    private var library: FT_Library?
    var face: FT_Face?
    /// The file it came from.
    public let path: String
    /// Which face of the file (0 but in a collection).
    public let index: Int

    /// The system font that fontconfig picks for `pattern` (e.g. "DejaVu Sans:bold").
    public static func system(_ pattern: String = "DejaVu Sans:bold") throws(TypographyError) -> Font {
        try Font(path: systemFile(pattern))
    }

    /// fontconfig is started for one lookup and shut down after it (FcFini), so that it keeps
    /// nothing for the rest of the process (LeakSanitizer sees its state as leaked otherwise);
    /// the lock keeps one thread's FcFini from pulling the state from under another's lookup.
    private static let fontconfigLock = NSLock()

    /// What fontconfig said, per code point, about fonts holding it: asked once per process.
    private nonisolated(unsafe) static var fallbacks: [UInt32: FontFile?] = [:]

    /// The font file that fontconfig sorts first, for `pattern`, among those whose character
    /// set holds `scalar` (FcFontSort with the character added), or nil when no installed font
    /// has it. `firstAsked` is true only the first time in the process that `scalar` is asked
    /// about, so that a missing glyph is reported once, not once a frame.
    public static func file(containing scalar: Unicode.Scalar, like pattern: String = "DejaVu Sans:bold")
        -> (file: FontFile?, firstAsked: Bool)
    {
        fontconfigLock.lock()
        defer { fontconfigLock.unlock() }
        if let known = fallbacks[scalar.value] { return (known, false) }
        let file = sortedFile(containing: FcChar32(scalar.value), like: pattern)
        fallbacks[scalar.value] = .some(file)
        return (file, true)
    }

    /// The lookup behind `file(containing:like:)`; the caller holds the lock.
    private static func sortedFile(containing character: FcChar32, like pattern: String) -> FontFile? {
        guard FcInit() != 0 else { return nil }
        defer { FcFini() }
        guard let query = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(query) }
        if let wanted = FcCharSetCreate() {
            // The pattern keeps its own copy.
            if FcCharSetAddChar(wanted, character) != 0 { FcPatternAddCharSet(query, FC_CHARSET, wanted) }
            FcCharSetDestroy(wanted)
        }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, query, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var characters: OpaquePointer?
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &characters) == FcResultMatch, let characters,
                FcCharSetHasChar(characters, character) != 0,
                FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file
            else { continue }
            var index: Int32 = 0
            if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            return FontFile(path: String(cString: file), index: Int(index))
        }
        return nil
    }

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

    public init(path: String, index: Int = 0) throws(TypographyError) {
        self.path = path
        self.index = index
        guard FT_Init_FreeType(&library) == 0 else {
            throw TypographyError(description: "FreeType did not start")
        }
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0 else {
            FT_Done_FreeType(library)
            library = nil
            throw TypographyError(description: "cannot open the font file '\(path)'")
        }
    }

    /// Does the face hold a glyph for `scalar` (not the .notdef box of a missing one)?
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        guard let face else { return false }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
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
