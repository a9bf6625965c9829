// The two kinds of failure the command line reports, with their exit statuses.

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
