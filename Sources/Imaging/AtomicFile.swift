// Files that appear whole or not at all: written beside their place, then renamed into it.

import Foundation

public enum AtomicFile {
    /// Writes `data` to `path` through a temporary file renamed into place: the file is whole or
    /// absent. Returns nil, or the system's reason for the failure.
    public static func write(_ data: Data, to path: String) -> String? {
        let temporary = temporaryPath(beside: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            return String(cString: strerror(failure))
        }
        return nil
    }

    /// Writes several files, all or none: each to its temporary twin first, then all renamed
    /// into place. Returns nil, or the file that failed and the system's reason.
    public static func write(_ files: [(Data, String)]) -> (path: String, reason: String)? {
        var written: [(temporary: String, path: String)] = []
        func discard() { for file in written { unlink(file.temporary) } }
        for (data, path) in files {
            let temporary = temporaryPath(beside: path) + ".all"
            if let reason = write(data, to: temporary) {
                discard()
                return (path, reason)
            }
            written.append((temporary, path))
        }
        for (index, file) in written.enumerated() where rename(file.temporary, file.path) != 0 {
            let reason = String(cString: strerror(errno))
            for later in written[index...] { unlink(later.temporary) }
            return (file.path, reason)
        }
        return nil
    }

    /// A hidden name beside `path`, unique to this process: where a file is written before it
    /// is renamed into place.
    public static func temporaryPath(beside path: String) -> String {
        let directory = PathName.folder(of: path)
        return (directory.isEmpty ? "." : directory) + "/." + PathName.name(of: path) + ".\(getpid()).tmp"
    }
}

/// The parts of a path, by plain string work: Foundation's NSString path API traps on a
/// one-character relative name in this toolchain (`("a" as NSString).deletingLastPathComponent`
/// with "a" from the command line crashed `sticky render --out a`).
public enum PathName {
    /// The folder part, as `deletingLastPathComponent` gives it: "a/b.png" → "a", "/a" → "/",
    /// "a" → "" (the current folder), trailing slashes ignored.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last part: "a/b.png" → "b.png", "a/" → "a", "/" → "/".
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed.count > 1, let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The last part's extension, lowercased: "a/b.PNG" → "png"; "" when it has none ("a",
    /// ".hidden", "a.b/c").
    public static func `extension`(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
