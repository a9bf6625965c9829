// Files that appear whole or not at all: written beside their place, then renamed into it.

import Foundation

public enum AtomicFile {
    /// Where the bytes for a path go.
    public enum Place: Equatable, Sendable {
        /// A regular file at this path (links followed; absent: made there), replaced whole by a
        /// rename from a temporary file beside it.
        case replace(String)
        /// Something else that exists (a device, a pipe, a terminal: `/dev/stdout`), written
        /// through in place: no rename can stand for it, and renaming over it would put a plain
        /// file where it was (`--out /dev/full` as root replaced the device).
        case through
    }

    /// Where `path` is written: links are followed, so that a link is kept and the file it
    /// names is replaced (a dangling link's file is made where it points, as `cat >` would).
    public static func place(of path: String) -> Place {
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                guard let real = realpath(path, nil) else { return .replace(path) }
                defer { free(real) }
                return .replace(String(cString: real))
            case S_IFDIR: return .replace(path)  // refused: "Is a directory"
            default: return .through
            }
        }
        if errno == ELOOP { return .through }  // opened, it fails with that reason
        var current = path
        for _ in 0..<40 {
            guard let target = linkTarget(current) else { return .replace(current) }
            let folder = PathName.folder(of: current)
            current = target.hasPrefix("/") || folder.isEmpty ? target : (folder == "/" ? "/" : folder + "/") + target
        }
        return .through
    }

    /// Why a path, as `place(of:)` placed it (its links followed once), cannot be written,
    /// found before anything is: its folder is missing, or it is a folder. Nil where it may be
    /// (the write itself may still fail: a full disk).
    public static func problem(at place: Place) -> String? {
        guard case .replace(let real) = place else { return nil }
        let directory = PathName.folder(of: real)
        let folder = directory.isEmpty ? "." : directory
        var info = stat()
        guard stat(folder, &info) == 0 else { return "no such directory '\(folder)'" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "'\(folder)' is a file, not a folder" }
        if stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return systemText(EISDIR) }
        return nil
    }

    /// Writes `data` to `path`: a file through a temporary file renamed into place, so that it
    /// is whole or absent (and one it replaces is kept until then); a device or pipe through
    /// in place. Returns nil, or the reason for the failure.
    public static func write(_ data: Data, to path: String) -> String? {
        write([(data, path)])?.reason
    }

    /// Writes several files, all or none: each to its temporary twin first (and anything that
    /// is written through, such as a pipe, next), then all renamed into place. Returns nil, or
    /// the file that failed and the reason.
    public static func write(_ files: [(Data, String)]) -> (path: String, reason: String)? {
        let places = files.map { place(of: $0.1) }
        for ((_, path), place) in zip(files, places) {
            if let reason = problem(at: place) { return (path, reason) }
        }
        var renames: [(temporary: String, place: String, path: String)] = []
        func discard() { for file in renames { unlink(file.temporary) } }
        var through: [(Data, String)] = []
        for ((data, path), place) in zip(files, places) {
            switch place {
            case .through:
                through.append((data, path))
            case .replace(let real):
                let temporary = temporaryPath(beside: real) + (files.count > 1 ? ".\(renames.count)" : "")
                if let reason = put(data, into: temporary, create: true) {
                    unlink(temporary)
                    discard()
                    return (path, reason)
                }
                renames.append((temporary, real, path))
            }
        }
        for (data, path) in through {
            if let reason = put(data, into: path, create: false) {
                discard()
                return (path, reason)
            }
        }
        for (index, file) in renames.enumerated() where rename(file.temporary, file.place) != 0 {
            let reason = systemText(errno)
            for later in renames[index...] { unlink(later.temporary) }
            return (file.path, reason)
        }
        return nil
    }

    /// Writes all of `data` to `path` (a new file where `create`, else one that exists, as it
    /// is: a device or pipe); nil, or the system's reason.
    private static func put(_ data: Data, into path: String, create: Bool) -> String? {
        let descriptor = create ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666) : open(path, O_WRONLY)
        guard descriptor >= 0 else { return create ? creationFailure(errno, making: path) : systemText(errno) }
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
        return failure == 0 ? nil : systemText(failure)
    }

    /// A file streamed as it is made (the window's `--dump`), created or emptied in place; or
    /// the reason it cannot be.
    public static func create(_ path: String) -> Result<FileHandle, FileProblem> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return .failure(FileProblem(reason: creationFailure(errno, making: path))) }
        return .success(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Why `path` (a file, or a folder made with those above it) could not be made: the
    /// system's reason, and where that is "no such file or directory" though the nearest folder
    /// above it that is there is a folder (such as /proc), that no new file can be made in that folder.
    public static func creationFailure(_ code: Int32, making path: String) -> String {
        guard code == ENOENT else { return systemText(code) }
        var folder = PathName.folder(of: path)
        var info = stat()
        while stat(folder.isEmpty ? "." : folder, &info) != 0 {
            guard !folder.isEmpty, folder != "/" else { return systemText(code) }
            folder = PathName.folder(of: folder)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return systemText(code) }
        return "no new file can be made in '\(folder.isEmpty ? "." : folder)' (the system answers: \(systemText(code)))"
    }

    /// What the link at `path` points to; nil where it is no link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

/// Why a file cannot be written, in words (`AtomicFile.create`).
public struct FileProblem: Error {
    public var reason: String
}
