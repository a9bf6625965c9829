enum BenchCommand {
    static let help = "usage: sticky bench [--json]"
    static func run(_ words: [String]) throws(CLIError) {}
}
