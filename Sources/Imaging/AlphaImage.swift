// A one-channel 8-bit picture: coverage, e.g. the glyph atlas.

/// Bytes of coverage, rows top to bottom; `version` changes whenever the pixels do, so a GPU
/// copy knows when to refresh.
public struct AlphaImage: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]
    public var version: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height)
        version = 0
    }
}
