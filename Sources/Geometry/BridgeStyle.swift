// The ways of joining the home circle to the badge, and their tunable constants.

/// How the bridge between the home circle and the badge is shaped.
public enum BridgeStyle: String, CaseIterable, Hashable, Sendable {
    /// Seeds 000/001: one quadratic per side from the ends of the home circle's perpendicular
    /// diameter to the badge's, control point half way along the axis at the home radius.
    case quad
    /// Seed 002: two quadratics per side meeting at a waist point that moves toward the axis
    /// as the badge is pulled away (see `BridgeParameters.neck`).
    case cubic
    /// paper.js metaball connector (Hiroyuki Sato): points spread off the perpendicular, cubic
    /// handles tangent to the circles, so the outline is smooth where the bridge meets a circle.
    case tangent
}

/// The constants of the bridge styles, with the seeds' and paper.js's values as defaults.
public struct BridgeParameters: Hashable, Sendable {
    /// Which construction to use.
    public var style: BridgeStyle
    /// `tangent`: how far the tangent points spread from the perpendicular toward the largest
    /// possible spread, 0…1 (paper.js `v`, 0.5).
    public var spread: Double
    /// `tangent`: handle length as a multiple of the radius, before clamping (paper.js 2.4).
    public var handleRate: Double
    /// `cubic`: how far the waist point has travelled from the straight side toward the axis
    /// when the distance reaches `maxDistance`, 0…1 (0.9: the neck is a tenth of its rest width
    /// just before the break).
    public var neck: Double

    public init(style: BridgeStyle = .quad, spread: Double = 0.5, handleRate: Double = 2.4, neck: Double = 0.9) {
        self.style = style
        self.spread = spread
        self.handleRate = handleRate
        self.neck = neck
    }
}
