// An 8-bit RGBA picture in memory, top row first.

/// Pixels as bytes R, G, B, A, rows top to bottom, no padding.
public struct Image: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A picture filled with one colour (bytes R, G, B, A).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        var row = [UInt8]()
        row.reserveCapacity(4 * width * height)
        for _ in 0..<(width * height) {
            row.append(fill.0)
            row.append(fill.1)
            row.append(fill.2)
            row.append(fill.3)
        }
        pixels = row
    }

    /// A picture from its bytes; `pixels.count` must be 4 · width · height.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == 4 * width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column x, row y (row 0 at the top).
    @inlinable public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = 4 * (y * width + x)
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Reverses the row order (OpenGL reads rows bottom-up).
    public mutating func flipVertically() {
        let stride = 4 * width
        pixels.withUnsafeMutableBufferPointer { buffer in
            var top = 0, bottom = height - 1
            while top < bottom {
                for i in 0..<stride { buffer.swapAt(top * stride + i, bottom * stride + i) }
                top += 1
                bottom -= 1
            }
        }
    }
}
