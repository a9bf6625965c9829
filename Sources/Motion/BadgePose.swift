// Where a held badge, its shrinking home circle and its bridge are, by the seeds' rules.

import Geometry

/// The tunable rules of a badge, with the seeds' values as defaults.
public struct BadgeParameters: Hashable, Sendable {
    /// Past this distance between the centres the bridge breaks (seeds: 60 px).
    public var maxDistance: Double
    /// The home circle's radius is R − d/shrink (seeds: 10).
    public var shrink: Double

    public init(maxDistance: Double = 60, shrink: Double = 10) {
        self.maxDistance = maxDistance
        self.shrink = shrink
    }
}

/// One badge held by the pointer: the picture's state, from which Geometry builds the mesh.
public struct BadgePose: Hashable, Sendable {
    /// The home circle's centre: where the badge was at rest.
    public var home: Vec2
    /// The badge's centre.
    public var center: Vec2
    /// The badge's radius R.
    public var radius: Double
    /// The home circle's radius, max(0, R − d/shrink); 0 when the home circle is not drawn.
    public var homeRadius: Double
    /// Whether the home circle and bridge are shown (false past the break).
    public var attached: Bool

    /// The badge held at `center`, away from `home`: attached while d ≤ maxDistance.
    public init(home: Vec2, center: Vec2, radius: Double, parameters: BadgeParameters) {
        self.home = home
        self.center = center
        self.radius = radius
        let d = home.distance(to: center)
        attached = d <= parameters.maxDistance
        homeRadius = attached ? BadgePose.homeRadius(badgeRadius: radius, distance: d, shrink: parameters.shrink) : 0
    }

    /// A pose whose home circle and bridge are shown or not as the caller decides (the board's
    /// state machine: a detached badge stays detached until released).
    public init(home: Vec2, center: Vec2, radius: Double, attached: Bool, shrink: Double) {
        self.home = home
        self.center = center
        self.radius = radius
        self.attached = attached
        homeRadius = attached ? BadgePose.homeRadius(badgeRadius: radius, distance: home.distance(to: center), shrink: shrink) : 0
    }

    /// r = max(0, R − d/shrink), never more than R (a shrink under 0 does not grow the home
    /// circle: it stays R) nor NaN (0).
    public static func homeRadius(badgeRadius: Double, distance: Double, shrink: Double) -> Double {
        min(max(0, badgeRadius - distance / shrink), max(0, badgeRadius))
    }

    /// The distance between the centres, d.
    public var distance: Double { home.distance(to: center) }

    /// Whether the home circle, and so the bridge between it and the badge, lies within the
    /// badge's disc, d + r ≤ R: at rest (d = 0, r = R), or with shrink under 1 near home. A
    /// fill draws the badge alone then: the same shape, where the home circle drawn under it
    /// stacks its anti-aliased edge on the badge's (at rest a badge's edge pixels came out
    /// 1 − (1 − c)², its area 1.5% too large at R 20).
    public var homeIsCovered: Bool { distance + homeRadius <= radius }
}
