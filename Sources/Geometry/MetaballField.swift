// The metaball field over circles: its kernels, evaluated on the CPU exactly as the shader does,
// and the boxes outside which it cannot reach its iso-contour.

import Foundation

/// How the balls' contributions combine.
public enum MetaballKernel: String, CaseIterable, Hashable, Sendable {
    /// Σ r²/|p − c|², iso 1: a lone ball's contour is its radius; infinite support.
    case inverseSquare
    /// Σ (1 − |p − c|²/s²)³ (Wyvill), iso T = `threshold`, support s = r/√(1 − T^⅓) so that a
    /// lone ball's contour is its radius.
    case wyvill
    /// Inigo Quilez's polynomial smooth minimum of the circles' signed distances, width `blend`.
    case smoothMin

    /// The index the shader's `u_kernel` uses.
    public var shaderIndex: Int32 {
        switch self {
        case .inverseSquare: 0
        case .wyvill: 1
        case .smoothMin: 2
        }
    }
}

/// A ball of the field: a circle.
public struct Ball: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    public init(center: Vec2, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Whether the ball takes part in the field's regions: a positive radius, and a finite
    /// centre and radius small enough that their squares stay finite (as for a `Bridge`).
    public var isDrawable: Bool {
        let limit = Bridge.largestCoordinate
        return radius > 0 && radius <= limit && center.isFinite && max(abs(center.x), abs(center.y)) <= limit
    }
}

/// An axis-aligned box, scene units.
public struct Box: Hashable, Sendable {
    public var minX, minY, maxX, maxY: Double
    public func overlaps(_ b: Box) -> Bool { minX < b.maxX && b.minX < maxX && minY < b.maxY && b.minY < maxY }
    public func union(_ b: Box) -> Box {
        Box(minX: min(minX, b.minX), minY: min(minY, b.minY), maxX: max(maxX, b.maxX), maxY: max(maxY, b.maxY))
    }
}

/// A box to shade and the run of balls (in the ordered list) whose field is evaluated in it.
public struct Region: Hashable, Sendable {
    public var box: Box
    public var first: Int
    public var count: Int
}

/// Working storage of `MetaballField.regions`, kept between frames.
public struct MetaballScratch: Sendable {
    var groups: [Int] = []
    var boxes: [Box] = []
    public init() {}
}

/// The field's kernel and constants, with defaults.
public struct MetaballParameters: Hashable, Sendable {
    public var kernel: MetaballKernel
    /// Wyvill iso value T, 0…1 exclusive (0.5).
    public var threshold: Double
    /// Smooth-minimum width k, scene units (12).
    public var blend: Double

    public init(kernel: MetaballKernel = .inverseSquare, threshold: Double = 0.5, blend: Double = 12) {
        self.kernel = kernel
        self.threshold = threshold
        self.blend = blend
    }

    /// Wyvill support over radius: 1/√(1 − T^⅓).
    public var wyvillSupport: Double { 1 / (1 - pow(threshold, 1.0 / 3)).squareRoot() }
}

/// The field of a set of balls.
public struct MetaballField: Sendable {
    public var balls: [Ball]
    public var parameters: MetaballParameters

    public init(balls: [Ball] = [], parameters: MetaballParameters = MetaballParameters()) {
        self.balls = balls
        self.parameters = parameters
    }

    /// Signed distance estimate to the iso-contour at p (negative inside), scene units: the same
    /// formulas as Shaders/metaball.frag. The fields are first made to grow like a distance
    /// (inverse square: g = f^(−½), which for a lone ball is ρ/r; Wyvill: g = f^⅓, which is
    /// 1 − ρ²/s²), so that (g − g_iso)/|∇g| is exact for a lone ball and has no trouble near
    /// the centres, where f itself is far too steep or too flat.
    public func signedDistance(at p: Vec2) -> Double {
        switch parameters.kernel {
        case .inverseSquare:
            var f = 0.0
            var gradient = Vec2.zero
            for ball in balls where ball.radius > 0 {
                let d = p - ball.center
                let q = max(d.lengthSquared, 1e-12)
                let k = ball.radius * ball.radius
                f += k / q
                gradient -= d * (2 * k / (q * q))
            }
            // g = f^(−½): ∇g = −½ f^(−3/2) ∇f, distance (g − 1)/|∇g| = 2f(1 − √f)/|∇f|.
            let slope = gradient.length
            guard f > 0 else { return 1e4 }
            return slope > 0 ? 2 * f * (1 - f.squareRoot()) / slope : (f >= 1 ? -1e4 : 1e4)
        case .wyvill:
            let scale = parameters.wyvillSupport * parameters.wyvillSupport
            var f = 0.0
            var gradient = Vec2.zero
            for ball in balls where ball.radius > 0 {
                let d = p - ball.center
                let s2 = ball.radius * ball.radius * scale
                let q = d.lengthSquared / s2
                if q < 1 {
                    let a = 1 - q
                    f += a * a * a
                    gradient -= d * (6 * a * a / s2)
                }
            }
            // g = f^⅓: ∇g = ⅓ f^(−⅔) ∇f, distance (T^⅓ − g)/|∇g| = 3 f^⅔ (T^⅓ − f^⅓)/|∇f|.
            guard f > 0 else { return 1e4 }
            let slope = gradient.length
            let g = pow(f, 1.0 / 3)
            let iso = pow(parameters.threshold, 1.0 / 3)
            return slope > 0 ? 3 * g * g * (iso - g) / slope : (f >= parameters.threshold ? -1e4 : 1e4)
        case .smoothMin:
            var d = 1e6
            let k = parameters.blend
            for ball in balls where ball.radius > 0 {
                let b = p.distance(to: ball.center) - ball.radius
                let h = max(k - abs(d - b), 0) / k
                d = min(d, b) - h * h * k * 0.25
            }
            return d
        }
    }

    /// Whether p is inside the iso-contour.
    public func contains(_ p: Vec2) -> Bool { signedDistance(at: p) <= 0 }

    /// The largest share of the iso value a ball left out of a box may contribute inside it
    /// (inverse square only: its tail never ends). Leaving out τ moves the contour by at most
    /// about τ·r/2: 0.1 px for a 24 px badge.
    public static let neglect = 0.008

    /// Distance from a point to a box (0 inside).
    static func distance(from p: Vec2, to box: Box) -> Double {
        let dx = max(box.minX - p.x, 0, p.x - box.maxX)
        let dy = max(box.minY - p.y, 0, p.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether `ball` changes the field inside `box`: inverse square, by at least `neglect`;
    /// Wyvill, if its support reaches the box; smooth minimum, if its distance can come within
    /// the blend width of the box's own.
    func matters(_ ball: Ball, in box: Box, pad: Double) -> Bool {
        let d = MetaballField.distance(from: ball.center, to: box)
        switch parameters.kernel {
        case .inverseSquare: return ball.radius * ball.radius >= MetaballField.neglect * d * d
        case .wyvill: return d < ball.radius * parameters.wyvillSupport
        case .smoothMin: return d < ball.radius + 1.25 * parameters.blend + pad
        }
    }

    /// The box holding the contour near the balls of `group`, when the others add at most their
    /// share inside `bound` (a box known to hold it). Inverse square: outside disks of radius
    /// r·√(m/(1 − E)) round the group's m balls, their terms sum to less than 1 − E and the
    /// others' to at most E = Σ r_j²/dist(c_j, bound)², so no contour lies there. Wyvill: the
    /// supports; smooth minimum: r + k/4 (the most the blend lowers the minimum).
    func box(group: Int, of groups: [Int], bound: Box?, pad: Double) -> Box {
        var scale = 1.0
        switch parameters.kernel {
        case .inverseSquare:
            var e = 0.0, own = 0
            for j in balls.indices where groups[j] >= 0 {
                if groups[j] == group {
                    own += 1
                } else if let bound {
                    let d = MetaballField.distance(from: balls[j].center, to: bound)
                    e += d > 0 ? balls[j].radius * balls[j].radius / (d * d) : 1
                }
            }
            let global = Double(balls.count).squareRoot()
            scale = e < 0.5 && bound != nil ? min(global, (Double(own) / (1 - e)).squareRoot()) : global
        case .wyvill: scale = parameters.wyvillSupport
        case .smoothMin: scale = 1
        }
        var out: Box?
        for i in balls.indices where groups[i] == group {
            let r = balls[i].radius * scale + (parameters.kernel == .smoothMin ? parameters.blend / 4 : 0) + pad
            let square = Box(minX: balls[i].center.x - r, minY: balls[i].center.y - r,
                             maxX: balls[i].center.x + r, maxY: balls[i].center.y + r)
            out = out.map { $0.union(square) } ?? square
        }
        return out ?? Box(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    /// Disjoint boxes that together hold the contour (plus `pad` for anti-aliasing), each with
    /// the balls that matter inside it, so each pixel is shaded once, by a short loop, and the
    /// cost follows the covered area rather than the screen's. `balls` receives the boxes' ball
    /// lists one after another; a box's `first`/`count` index it. Groups start as one ball each
    /// and merge while their boxes overlap. Reuses `scratch`'s storage: no allocation once warm.
    public func regions(pad: Double, into regions: inout [Region], balls ordered: inout [Ball], scratch: inout MetaballScratch) {
        regions.removeAll(keepingCapacity: true)
        ordered.removeAll(keepingCapacity: true)
        // groups[i]: the group of ball i (its lowest member's index), −1 for empty or unusable
        // balls (non-finite or huge: they would make every box non-finite).
        scratch.groups.removeAll(keepingCapacity: true)
        for i in balls.indices { scratch.groups.append(balls[i].isDrawable ? i : -1) }
        scratch.boxes.removeAll(keepingCapacity: true)
        for _ in balls.indices { scratch.boxes.append(Box(minX: 0, minY: 0, maxX: 0, maxY: 0)) }
        while true {
            // Each group's box from a safe bound (the global one), then from its first estimate.
            for g in balls.indices where scratch.groups[g] == g {
                let loose = box(group: g, of: scratch.groups, bound: nil, pad: pad)
                scratch.boxes[g] = box(group: g, of: scratch.groups, bound: loose, pad: pad)
            }
            // Overlapping boxes merge (each pixel once), then all are made again.
            var merged = false
            search: for a in balls.indices where scratch.groups[a] == a {
                for b in (a + 1)..<balls.count where scratch.groups[b] == b && scratch.boxes[a].overlaps(scratch.boxes[b]) {
                    for i in balls.indices where scratch.groups[i] == b { scratch.groups[i] = a }
                    merged = true
                    break search
                }
            }
            if !merged { break }
        }
        for g in balls.indices where scratch.groups[g] == g {
            let first = ordered.count
            for i in balls.indices where scratch.groups[i] == g { ordered.append(balls[i]) }
            for j in balls.indices where scratch.groups[j] >= 0 && scratch.groups[j] != g
                && matters(balls[j], in: scratch.boxes[g], pad: pad)
            {
                ordered.append(balls[j])
            }
            regions.append(Region(box: scratch.boxes[g], first: first, count: ordered.count - first))
        }
    }
}
