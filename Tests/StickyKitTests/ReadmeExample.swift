// The README's StickyKit example, compiled and run by StickyKitTests against the library product
// alone (no @testable: only the public API). The text between the markers is what the README
// shows, to the character; the test fails if the two differ.

// BEGIN README EXAMPLE
import StickyKit

func stickyKitExample() -> (triangles: Int, sidePoints: Int, frameTriangles: Int, events: [String]) {
    // A badge of radius 20 pulled from its home at (100, 100) to (140, 120): the seeds' rules
    // give the shrunken home circle (r = R − d/10) and whether the bridge still holds.
    let rules = BadgeParameters(maxDistance: 60, shrink: 10)
    let pose = BadgePose(home: Vec2(100, 100), center: Vec2(140, 120), radius: 20, parameters: rules)

    // The bridge it shows (nil past the break), in paper.js's tangent style.
    guard let bridge = Bridge(pose: pose, parameters: BridgeParameters(style: .tangent), badge: rules)
    else { return (0, 0, 0, []) }

    // Its two sides as exact cubic Béziers in scene coordinates, for your own path API...
    let (upper, lower) = bridge.sides
    // ...or flattened to points within 0.1 px of the curve...
    let points = upper.flatMap { $0.flattened(tolerance: 0.1) } + lower.flatMap { $0.flattened(tolerance: 0.1) }

    // ...or tessellated into triangles: the bridge with a one-pixel anti-aliased fringe (its
    // vertices' alpha), each circle as one quad whose pixels take their coverage from the
    // distance to its edge (radius ≥ 0; see "Drawing a MeshBuilder mesh" below).
    var builder = MeshBuilder()
    builder.addCircle(center: pose.home, radius: pose.homeRadius, color: .badgeRed, feather: 1)
    builder.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
    builder.addCircle(center: pose.center, radius: pose.radius, color: .badgeRed, feather: 1)
    let mesh = builder.mesh  // mesh.vertices (x, y, localX, localY, radius, alpha, color) and mesh.indices

    // The state machine: press on the badge and drag it to the same place...
    var board = BadgeBoard(badges: [Badge(id: 0, home: Vec2(100, 100), radius: 20, text: "8")])
    board.apply(.pointerDown(Vec2(100, 100)))
    board.apply(.pointerMove(Vec2(140, 120)))
    // ...and the whole scene as sticky's Bézier fill draws it, in its order (home circles and
    // bridges, then the badges, the held one last); `decorate` is where your count goes.
    let style = SceneStyle(bridge: BridgeParameters(style: .tangent), badge: board.parameters.badge)
    var frame = MeshBuilder()
    frame.addScene(board.snapshot(), style: style) { badge, pose, mesh in
        // badge.text's glyphs from your own font's atlas, centred on pose.center (mesh.addGlyph)
    }
    // Drag on past the break and let go: it bursts.
    board.apply(.pointerMove(Vec2(170, 100)))
    board.apply(.pointerUp)
    board.advance(to: 1.5)  // fixed 1/240 s steps; the burst lasts 1 s
    let events = board.takeEvents().map(\.kind.rawValue)  // began, detached, released, exploded, removed

    return (mesh.triangleCount, points.count, frame.mesh.triangleCount, events)
}
// END README EXAMPLE
