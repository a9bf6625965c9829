// The two kinds of failure the command line reports, with their exit statuses; reading inputs.

import Foundation
import Imaging

/// A one-line message for stderr and the exit status that goes with it.
public struct CLIError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// 2: the command line or an input file was wrong. 1: it was right, but could not be done.
    public let status: Int32

    /// Bad input: exit status 2.
    public static func usage(_ message: String) -> CLIError { CLIError(description: message, status: 2) }
    /// Could not do it (no context, unwritable file, ...): exit status 1.
    public static func failure(_ message: String) -> CLIError { CLIError(description: message, status: 1) }
}

/// The whole of an input file (a script, a params file) as text, read only up to `limit` bytes:
/// a missing, unreadable or endless file (a folder, /dev/zero) is a usage error, not a hang.
func readInput(_ path: String, what: String, limit: Int = 16 << 20) throws(CLIError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .usage("cannot read \(what) '\(path)': no such file")
    }
    guard !isDirectory.boolValue else { throw .usage("cannot read \(what) '\(path)': it is a folder") }
    guard let handle = FileHandle(forReadingAtPath: path) else {
        // (What open(2) says: permission denied, ...)
        let reason = access(path, R_OK) == 0 ? "it cannot be opened" : systemText(errno)
        throw .usage("cannot read \(what) '\(path)': \(reason)")
    }
    defer { try? handle.close() }
    let data: Data
    do {
        data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
        throw .usage("cannot read \(what) '\(path)': \(systemReason(error))")
    }
    guard data.count <= limit else { throw .usage("\(what) '\(path)' is larger than \(limit >> 20) MiB") }
    // (Bytes that are not UTF-8 were read as replacement characters, which the errors then
    // echoed: `unknown key '��'`. The first line that holds some is named instead, in the
    // `file:line:` form of the scripts' other errors.)
    guard let text = String(validating: data, as: UTF8.self) else {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let bad = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
        throw .usage("\(path):\(bad): not UTF-8 text (\(what) must be UTF-8)")
    }
    // (A byte-order mark, as some editors save UTF-8, is no part of the text: it made a
    // script's first word "\u{FEFF}wait", an unknown command that read as "wait".)
    return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
}

/// The system's own words for a Foundation error ("read-only file system"), where it carries an
/// errno, as the C writers say it; Foundation's sentence otherwise.
func systemReason(_ error: any Error) -> String {
    systemCode(error).map(systemText) ?? (error as NSError).localizedDescription
}

/// The errno a Foundation error carries (its own, or the one it wraps); nil where none.
func systemCode(_ error: any Error) -> Int32? {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    if let cocoa = error as? CocoaError, let underlying = cocoa.underlying { return systemCode(underlying) }
    let ns = error as NSError
    return ns.domain == NSPOSIXErrorDomain ? Int32(ns.code) : nil
}
