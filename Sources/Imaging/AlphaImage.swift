// A one-channel 8-bit picture: coverage, e.g. the glyph atlas.

import Synchronization

/// Bytes of coverage, rows top to bottom. `version` names its pixels as they are now: every
/// picture starts at a number of its own and takes a new one at each `changed(rows:)`, so a
/// GPU copy knows when to refresh (two atlases of one size that have seen as many changes are
/// still told apart), and `changedRows` says which rows a copy at `changedSince` lacks.
public struct AlphaImage: Sendable {
    public let width: Int
    public let height: Int
    /// The coverage; whoever writes to it says so with `changed(rows:)`.
    public var pixels: [UInt8]
    public private(set) var version: Int
    /// The rows changed since the picture was at version `changedSince` (empty: none).
    public private(set) var changedRows: Range<Int> = 0..<0
    public private(set) var changedSince: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height)
        version = AlphaImage.newVersion()
        changedSince = version
    }

    /// Records that `rows` of the pixels changed: a new version, the rows added to those a copy
    /// at `changedSince` lacks.
    public mutating func changed(rows: Range<Int>) {
        version = AlphaImage.newVersion()
        // (No rows, e.g. a space's glyph: nothing to add; its place would have widened the range.)
        guard !rows.isEmpty else { return }
        changedRows = changedRows.isEmpty ? rows
            : min(changedRows.lowerBound, rows.lowerBound)..<max(changedRows.upperBound, rows.upperBound)
    }

    /// Counts changes from now on: a copy of the picture as it is now needs only the rows
    /// changed after this (e.g. a frame's start, its last frame's copy being up to date).
    public mutating func settle() {
        changedSince = version
        changedRows = 0..<0
    }

    private static let versions = Atomic<Int>(0)
    private static func newVersion() -> Int { versions.add(1, ordering: .relaxed).newValue }
}
