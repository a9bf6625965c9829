// Where the panes of a mode lie in a window or picture, and how the scene maps into each: one
// function of (size, mode, scene) for the window, render, replay, bench and soak.

import Geometry
import Motion
import Render

/// The scenes `--scene` names, in the order the window's scene key goes through them.
enum SceneName: String, CaseIterable, Sendable {
    /// Badges: four in the window, the held one(s) `render` poses.
    case badge
    /// Seed 004's caterpillar on the physics engine.
    case chain
    /// N badges pulled seeded random ways (`--count`), for scaling.
    case grid
}

/// What a layout holds: how small a pane's canvas may get before the scene is shown smaller.
enum SceneKind: Equatable {
    /// The four badges of the window's scene (or a replay's): all must fit side by side.
    case badges
    /// The caterpillar, which needs room to fall and be swung.
    case chain
    /// Badges placed by the caller (`sticky render`, a replay script's `badge` lines): drawn at
    /// the given scale, never shrunk.
    case free
    /// The scaling scene: N badges filling whatever canvas there is (they shrink with it).
    case grid

    init(scene: SceneName) {
        switch scene {
        case .badge: self = .badges
        case .chain: self = .chain
        case .grid: self = .grid
        }
    }

    /// The smallest canvas, in scene units, that shows the scene whole.
    var minimumCanvas: Vec2 {
        switch self {
        // Four badges at a fifth of the width apart, no two fields merging (R 20 and 24 join
        // below about 62 px), and a slop ring of room above and below.
        case .badges: Vec2(320, 80)
        case .chain: Vec2(360, 240)
        case .free, .grid: Vec2(0, 0)
        }
    }
}

/// The panes of one window (or picture) in window units, and the scene canvas each shows.
///
/// Every pane shows the same scene, whose canvas is the pane's size divided by `zoom`: 1 while
/// the pane is at least the scene's minimum canvas, less in a smaller one, so the whole scene
/// stays in view in any window (a 1x1 one included).
struct Layout: Equatable {
    /// One pane: its rectangle in window units and what it shows.
    struct Area: Equatable {
        var x, y, width, height: Double
        var content: PaneContent

        var maxY: Double { y + height }
        func contains(_ p: Vec2) -> Bool { p.x >= x && p.x < x + width && p.y >= y && p.y < maxY }
    }

    let width: Double, height: Double
    let mode: Mode
    let panes: [Area]
    /// Window units per scene unit (≤ 1).
    let zoom: Double
    /// A pane's canvas in scene units (the left pane's in split; the right one is at most one
    /// device pixel wider).
    let canvas: Vec2

    init(width: Double, height: Double, mode: Mode, scene: SceneKind) {
        let w = max(width, 1), h = max(height, 1)
        self.width = w
        self.height = h
        self.mode = mode
        switch mode {
        case .bezier: panes = [Area(x: 0, y: 0, width: w, height: h, content: .bezier)]
        case .metaball: panes = [Area(x: 0, y: 0, width: w, height: h, content: .metaball)]
        case .overlay: panes = [Area(x: 0, y: 0, width: w, height: h, content: .overlay)]
        case .split:
            panes = [Area(x: 0, y: 0, width: w / 2, height: h, content: .bezier),
                     Area(x: w / 2, y: 0, width: w / 2, height: h, content: .metaball)]
        }
        let pane = panes[0], least = scene.minimumCanvas
        zoom = min(1, least.x > 0 ? pane.width / least.x : 1, least.y > 0 ? pane.height / least.y : 1)
        canvas = Vec2(pane.width / zoom, pane.height / zoom)
    }

    /// The pane under a window point (the nearest one for a point outside the window).
    func pane(at p: Vec2) -> Int {
        if let i = panes.firstIndex(where: { $0.contains(p) }) { return i }
        return mode == .split && p.x >= width / 2 ? 1 : 0
    }

    /// A window point in the scene through pane `index` (`pane(at:)` for the pane under it:
    /// dragging in either pane of split drives both; clamped to the panes there are): a drag
    /// goes on through the pane it began in. Over another pane (split's divider crossed), the
    /// point is held at that pane's edge, so that what is dragged stays in sight at the divider
    /// (read through the pane under it, a badge jumped a pane's width back; read on through its
    /// own, it went past the canvas's edge, out of sight in both panes); past the window's
    /// edges it goes on, as in one pane. `reach`: how far what is held reaches past the point
    /// toward the divider, scene units; the point is held that far inside it (up to half the
    /// pane), so that a held badge meets the divider as a wall, whole (held by its centre, it
    /// was cut in half in both panes).
    func scenePoint(_ p: Vec2, pane index: Int, reach: Double = 0) -> Vec2 {
        let i = min(max(index, 0), panes.count - 1), area = panes[i]
        var x = pane(at: p) == i ? p.x : min(max(p.x, area.x), area.x + area.width)
        if panes.count > 1, reach > 0 {
            let inset = min(reach * zoom, area.width / 2)
            x = i == 0 ? min(x, area.x + area.width - inset) : max(x, area.x + inset)
        }
        return Vec2((x - area.x) / zoom, (p.y - area.y) / zoom)
    }

    /// How far inside split's divider a drag in pane `index` holds the pointer's scene point
    /// `p` (`scenePoint(_:pane:reach:)`), with `held` gripped there: so that the badge meets
    /// the divider whole (its grip's offset toward the divider and its radius), but where, held
    /// whole, it could not be pulled past `maxDistance` toward the divider (a home nearer the
    /// divider than its break and its radius: "99+" at 800x600 stopped 56 px out and never
    /// broke), so far that it can, a unit past the break (its centre at most at the divider,
    /// as a home nearer than the break allows). 0 with one pane.
    func dividerReach(of held: BadgePose, from p: Vec2, pane index: Int, breaking maxDistance: Double) -> Double {
        guard panes.count > 1 else { return 0 }
        let toward = index == 0 ? 1.0 : -1.0
        // From the home to the divider, and the farthest the centre may go toward it.
        let room = index == 0 ? canvas.x - held.home.x : held.home.x
        let whole = room - held.radius, breaking = maxDistance + 1
        let farthest = whole >= breaking ? whole : min(room, breaking)
        return max(0, room - farthest + toward * (held.center.x - p.x))
    }

    /// A scene point as shown in pane `index`, in window units.
    func windowPoint(_ p: Vec2, pane index: Int) -> Vec2 {
        Vec2(panes[index].x + p.x * zoom, panes[index].y + p.y * zoom)
    }

    /// Appends the panes in device pixels of a `pixelWidth`×`pixelHeight` target (split: the
    /// left pane takes the smaller half).
    func pixelPanes(pixelWidth: Int, pixelHeight: Int, into out: inout [Pane]) {
        if mode == .split {
            let left = pixelWidth / 2
            out.append(Pane(x: 0, y: 0, width: left, height: pixelHeight, content: .bezier))
            out.append(Pane(x: left, y: 0, width: pixelWidth - left, height: pixelHeight, content: .metaball))
        } else {
            out.append(Pane(x: 0, y: 0, width: pixelWidth, height: pixelHeight, content: panes[0].content))
        }
    }

    /// Homes that keep each badge where it was relative to its canvas, `from` the canvas they
    /// were placed on, and bring inside one that would reach past an edge.
    static func homes(_ homes: [Vec2], radii: [Double], from old: Vec2, to new: Vec2) -> [Vec2] {
        zip(homes, radii).map { home, radius in
            let x = old.x > 0 ? home.x / old.x * new.x : new.x / 2
            let y = old.y > 0 ? home.y / old.y * new.y : new.y / 2
            func inside(_ v: Double, _ size: Double) -> Double {
                size >= 2 * radius ? min(max(v, radius), size - radius) : size / 2
            }
            return Vec2(inside(x, new.x), inside(y, new.y))
        }
    }
}
