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

    /// A hidden name beside `path`, unique to this process: where a file is written before it
    /// is renamed into place.
    public static func temporaryPath(beside path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return (directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
    }
}
