// The indexed triangle mesh that Geometry hands to Render.

/// One vertex as the GPU reads it (28 bytes, fields in this order).
///
/// A vertex either belongs to a flat region (the bridge and its anti-aliasing fringe), whose
/// coverage is `alpha`, or to the quad around an analytic circle (`radius` ≥ 0), whose fragments
/// take coverage from their distance to the centre, `local` being the offset from it.
public struct Vertex: Hashable, Sendable {
    /// Position in scene units.
    public var x, y: Float
    /// Circles: offset from the centre, scene units. Flat regions: unused (0).
    public var localX, localY: Float
    /// Circles: the radius, scene units. Flat regions: −1. Glyphs: −2 (`local` is the atlas texel
    /// x, y). A bridge's flat region near a circle: −3 − that circle's radius (`circleMarker`).
    public var radius: Float
    /// Coverage multiplier, 0…1.
    public var alpha: Float
    /// Colour as 0xAABBGGRR (bytes R, G, B, A in memory).
    public var color: UInt32

    /// The `radius` that marks a glyph quad.
    public static let glyphMarker: Float = -2
    /// A bridge's vertex near one of its circles: `radius` is this less the circle's radius,
    /// `local` the offset from its centre; covered as a flat region, less what that circle's
    /// own soft edge covers there (`Shaders/fill.frag`), so the two edges do not stack.
    public static let circleMarker: Float = -3

    @inlinable public init(x: Float, y: Float, localX: Float = 0, localY: Float = 0, radius: Float = -1, alpha: Float = 1, color: UInt32) {
        self.x = x
        self.y = y
        self.localX = localX
        self.localY = localY
        self.radius = radius
        self.alpha = alpha
        self.color = color
    }
}

/// Triangles to draw in order, later ones over earlier ones. Every triangle has positive signed
/// area in scene coordinates ((b − a) × (c − a) > 0: counter-clockwise in a right-handed frame,
/// clockwise as seen on the y-down screen).
public struct Mesh: Sendable {
    public var vertices: [Vertex] = []
    public var indices: [UInt32] = []

    public init() {}

    public var triangleCount: Int { indices.count / 3 }

    /// Empties the mesh, keeping its storage for the next frame.
    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Signed area of triangle `i` from the stored (Float) positions, in Double.
    public func signedArea(ofTriangle i: Int) -> Double {
        let a = vertices[Int(indices[3 * i])], b = vertices[Int(indices[3 * i + 1])], c = vertices[Int(indices[3 * i + 2])]
        return 0.5 * Mesh.cross(a, b, c)
    }

    @inlinable static func cross(_ a: Vertex, _ b: Vertex, _ c: Vertex) -> Double {
        let abx = Double(b.x) - Double(a.x), aby = Double(b.y) - Double(a.y)
        let acx = Double(c.x) - Double(a.x), acy = Double(c.y) - Double(a.y)
        return abx * acy - aby * acx
    }
}

/// An sRGB colour with alpha, 0…1 per channel.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let badgeRed = Color(red: 1, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// `#RRGGBB` or `#RRGGBBAA` (the `#` optional), or `nil` if it is not one.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16),
            digits.allSatisfy(\.isHexDigit)
        else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        red = Double((full >> 24) & 0xFF) / 255
        green = Double((full >> 16) & 0xFF) / 255
        blue = Double((full >> 8) & 0xFF) / 255
        alpha = Double(full & 0xFF) / 255
    }

    /// Packed as bytes R, G, B, A in memory (little-endian 0xAABBGGRR), each channel clamped to
    /// 0…1 (a NaN channel as 0).
    public var packed: UInt32 {
        func byte(_ v: Double) -> UInt32 { v >= 0 ? UInt32((min(v, 1) * 255).rounded()) : 0 }
        return byte(red) | byte(green) << 8 | byte(blue) << 16 | byte(alpha) << 24
    }
}
