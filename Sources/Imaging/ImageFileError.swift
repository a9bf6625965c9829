// What went wrong reading or writing a picture file (PNG, APNG, GIF): Imaging's one error.

import Foundation

/// A picture file that could not be written or read, and why (the system's or the library's
/// words where they gave any); the message names the file.
public enum ImageFileError: Error, CustomStringConvertible, Sendable {
    case write(path: String, reason: String)
    case read(path: String, reason: String)

    public var description: String {
        switch self {
        case .write(let path, let reason): "cannot write '\(path)': \(reason)"
        case .read(let path, let reason): "cannot read '\(path)': \(reason)"
        }
    }
}

/// The system's words for an errno, begun in lower case as the rest of a message is ("cannot
/// write 'x.png': no such file or directory", not "No such file or directory").
public func systemText(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    guard let first = text.first, first.isUppercase, text.dropFirst().first?.isUppercase != true else { return text }
    return first.lowercased() + text.dropFirst()
}
