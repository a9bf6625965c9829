// Figures that say how the Bézier fill and the metaball fill of one held badge differ.

import Foundation

extension Bridge {
    /// The side's half-width at axis position s (local units), or nil outside the bridge's span:
    /// s(t) is monotone along each segment, so t is found by bisection.
    public func halfWidth(at s: Double) -> Double? {
        for segment in [side.0, side.1].compactMap({ $0 }) where s >= segment.p0.x && s <= segment.p3.x {
            var lo = 0.0, hi = 1.0
            for _ in 0..<48 {
                let mid = 0.5 * (lo + hi)
                if segment.point(at: mid).x < s { lo = mid } else { hi = mid }
            }
            return max(0, segment.point(at: 0.5 * (lo + hi)).y)
        }
        return nil
    }

    /// Whether the scene point p lies in the bridge region.
    public func contains(_ p: Vec2) -> Bool {
        let local = p - origin
        let s = local.dot(axis), w = abs(local.dot(axis.perpendicular))
        guard let half = halfWidth(at: s) else { return false }
        return w <= half
    }
}

extension Bridge {
    /// The angles between the side and the circles where they meet, degrees (0: smooth; an angle
    /// between lines, 0…90°): at the home circle (nil when it has shrunk to a point) and at the
    /// badge.
    public func joinKinks(homeRadius r1: Double) -> (home: Double?, badge: Double) {
        func kink(_ point: Vec2, _ tangent: Vec2, center: Vec2) -> Double {
            let radial = point - center
            guard tangent.length > 0, radial.length > 0 else { return 0 }
            // The circle's tangent is perpendicular to the radius: the kink is how far the
            // side's direction is from it.
            let c = abs(tangent.dot(radial)) / (tangent.length * radial.length)
            return asin(min(1, c)) * 180 / Double.pi
        }
        let first = side.0, last = side.1 ?? side.0
        let start = first.derivative(at: 0).length > 0 ? first.derivative(at: 0) : first.p3 - first.p0
        let end = last.derivative(at: 1).length > 0 ? last.derivative(at: 1) : last.p3 - last.p0
        return (r1 > 0 ? kink(first.p0, start, center: .zero) : nil, kink(last.p3, end, center: Vec2(length, 0)))
    }
}

/// Areas, overlap, narrowest widths and join angles of the two fills of one held badge.
public struct FillComparison: Hashable, Sendable {
    /// Area of the Bézier fill (home circle ∪ bridge ∪ badge), square scene units.
    public var bezierArea: Double
    /// Area of the metaball fill.
    public var metaballArea: Double
    /// |A ∩ B| / |A ∪ B|.
    public var intersectionOverUnion: Double
    /// Narrowest width across the axis between the two centres, scene units (0: parted).
    public var bezierNarrowest: Double
    public var metaballNarrowest: Double
    /// Angle between the bridge's side and the circle where they meet, degrees (0: smooth);
    /// nil without a bridge.
    public var homeKink: Double?
    public var badgeKink: Double?

    /// Measures on a grid of `step` scene units (areas and IoU) and along the axis.
    public init(home: Vec2, homeRadius r1: Double, badge: Vec2, badgeRadius r2: Double, bridge: Bridge?,
                field: MetaballField, step: Double = 0.25) {
        func inBezier(_ p: Vec2) -> Bool {
            p.distance(to: badge) <= r2 || (r1 > 0 && p.distance(to: home) <= r1) || (bridge?.contains(p) ?? false)
        }
        // A box holding both fills: the circles, and the field's reach (the contour lies within
        // r·√N of a centre for the inverse square; less for the others).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        let spread = Double(max(field.balls.count, 1)).squareRoot() * 1.05 + 0.1
        for ball in field.balls + [Ball(center: home, radius: r1), Ball(center: badge, radius: r2)] where ball.radius > 0 {
            let reach = ball.radius * spread + field.parameters.blend
            minX = min(minX, ball.center.x - reach)
            maxX = max(maxX, ball.center.x + reach)
            minY = min(minY, ball.center.y - reach)
            maxY = max(maxY, ball.center.y + reach)
        }
        var a = 0, b = 0, both = 0
        var y = minY + step / 2
        while y < maxY {
            var x = minX + step / 2
            while x < maxX {
                let p = Vec2(x, y)
                let inA = inBezier(p), inB = field.contains(p)
                if inA { a += 1 }
                if inB { b += 1 }
                if inA && inB { both += 1 }
                x += step
            }
            y += step
        }
        let cell = step * step
        bezierArea = Double(a) * cell
        metaballArea = Double(b) * cell
        let union = a + b - both
        intersectionOverUnion = union > 0 ? Double(both) / Double(union) : 1

        // Widths across the axis, between the centres.
        let d = home.distance(to: badge)
        let axis = d > 0 ? (badge - home) / d : Vec2(1, 0)
        let across = axis.perpendicular
        var narrowestA = Double.infinity, narrowestB = Double.infinity
        let samples = max(8, Int(d / step))
        for i in 0...samples {
            let s = d * Double(i) / Double(samples)
            let c = home + axis * s
            // Bézier: every part is symmetric about the axis, so the cross-section is one interval.
            var half = 0.0
            if r1 > 0, abs(s) <= r1 { half = max(half, (r1 * r1 - s * s).squareRoot()) }
            if abs(d - s) <= r2 { half = max(half, (r2 * r2 - (d - s) * (d - s)).squareRoot()) }
            if let bridge, let w = bridge.halfWidth(at: s) { half = max(half, w) }
            narrowestA = min(narrowestA, 2 * half)
            // Metaball: bisect the contour along the perpendicular.
            if field.contains(c) {
                var lo = 0.0, hi = max(r1, r2) * 4 + field.parameters.blend
                for _ in 0..<40 {
                    let mid = 0.5 * (lo + hi)
                    if field.contains(c + across * mid) { lo = mid } else { hi = mid }
                }
                narrowestB = min(narrowestB, 2 * lo)
            } else {
                narrowestB = 0
            }
        }
        bezierNarrowest = narrowestA.isFinite ? narrowestA : 0
        metaballNarrowest = narrowestB.isFinite ? narrowestB : 0

        // Join angles of the Bézier side with the circles.
        let kinks = bridge?.joinKinks(homeRadius: r1)
        homeKink = kinks?.home
        badgeKink = kinks?.badge
    }
}
