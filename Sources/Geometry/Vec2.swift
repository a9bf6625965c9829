// A 2-D vector or point in scene units (logical pixels, origin top-left, y down).

/// A point or displacement in the plane, in logical pixels.
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (a: Vec2, k: Double) -> Vec2 { Vec2(a.x * k, a.y * k) }
    @inlinable public static func * (k: Double, a: Vec2) -> Vec2 { Vec2(a.x * k, a.y * k) }
    @inlinable public static func / (a: Vec2, k: Double) -> Vec2 { Vec2(a.x / k, a.y / k) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    /// a·b
    @inlinable public func dot(_ b: Vec2) -> Double { x * b.x + y * b.y }
    /// The z of the 3-D cross product: positive when `b` turns counter-clockwise from `self`
    /// in a right-handed frame (clockwise on a y-down screen).
    @inlinable public func cross(_ b: Vec2) -> Double { x * b.y - y * b.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The vector turned a quarter turn: (−y, x).
    @inlinable public var perpendicular: Vec2 { Vec2(-y, x) }
    @inlinable public func distance(to b: Vec2) -> Double { (self - b).length }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Linear interpolation: `self` at t = 0, `b` at t = 1.
    @inlinable public func mix(_ b: Vec2, _ t: Double) -> Vec2 { Vec2(x + (b.x - x) * t, y + (b.y - y) * t) }

    public var description: String { "(\(x), \(y))" }
}
