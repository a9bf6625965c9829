// StickyKit's painter of a snapshot (`MeshBuilder.addScene`), as a user sees it: the mesh is the
// primitives the README lists, in its order, built here one by one from the seeds' formulas.

import StickyKit
import Testing

@Suite struct ScenePainterTests {
    /// A mark that `decorate` adds after a badge's circle (its count, in an app).
    static func mark(_ pose: BadgePose, into mesh: inout MeshBuilder) {
        mesh.addRect(x0: pose.center.x - 1, y0: pose.center.y - 1, x1: pose.center.x + 1, y1: pose.center.y + 1,
                     color: Color(red: 0, green: 0, blue: 0))
    }

    /// Whether two meshes are the same triangles, checked (a failure prints no mesh dump).
    static func expectSame(_ a: MeshBuilder, _ b: MeshBuilder, _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let same = a.mesh.vertices == b.mesh.vertices && a.mesh.indices == b.mesh.indices
        #expect(same, "the painted mesh (\(a.mesh.triangleCount) triangles) is not the expected one (\(b.mesh.triangleCount)) \(what)",
                sourceLocation: sourceLocation)
    }

    /// Two badges, the board's first held 40 px from its home (the bridge holds: 40 ≤ 60), at 2
    /// device pixels per unit: the home circle (R − d/10) and the bridge, then the resting badge's
    /// circle and mark, then the held badge's last (above everything), though it is the board's first.
    @Test func aSnapshotIsItsPrimitivesInDrawingOrder() throws {
        let home = Vec2(60, 60), rest = Vec2(200, 100)
        var board = BadgeBoard(badges: [Badge(id: 0, home: home, radius: 20, text: "8"),
                                        Badge(id: 1, home: rest, radius: 12, text: "1")])
        board.apply(.pointerDown(home))
        board.apply(.pointerMove(Vec2(92, 84)))
        let snapshot = board.snapshot()
        let style = SceneStyle(bridge: BridgeParameters(style: .tangent), scale: 2)
        var painted = MeshBuilder()
        var marked: [Int] = []
        painted.addScene(snapshot, style: style) { badge, pose, mesh in
            marked.append(badge.id)
            ScenePainterTests.mark(pose, into: &mesh)
        }

        let center = Vec2(92, 84), d = 40.0, homeRadius = 20 - d / 10
        var expected = MeshBuilder()
        expected.addCircle(center: home, radius: homeRadius, color: .badgeRed, feather: 0.5)
        let bridge = try #require(Bridge(home: home, homeRadius: homeRadius, badge: center, badgeRadius: 20,
                                         parameters: BridgeParameters(style: .tangent), maxDistance: 60))
        expected.addBridge(bridge, color: .badgeRed, tolerance: 0.05, feather: 0.5)
        expected.addCircle(center: rest, radius: 12, color: .badgeRed, feather: 0.5)
        ScenePainterTests.mark(BadgePose(home: rest, center: rest, radius: 12, parameters: BadgeParameters()), into: &expected)
        expected.addCircle(center: center, radius: 20, color: .badgeRed, feather: 0.5)
        ScenePainterTests.mark(BadgePose(home: home, center: center, radius: 20, parameters: BadgeParameters()), into: &expected)

        #expect(marked == [1, 0])
        ScenePainterTests.expectSame(painted, expected)
    }

    /// Pulled past the break (75 > 60): no home circle and no bridge, the badge alone.
    @Test func pastTheBreakTheBadgeIsAlone() {
        let home = Vec2(60, 60)
        var board = BadgeBoard(badges: [Badge(id: 0, home: home, radius: 20)])
        board.apply(.pointerDown(home))
        board.apply(.pointerMove(Vec2(105, 120)))
        var painted = MeshBuilder()
        painted.addScene(board.snapshot(), style: SceneStyle())
        var expected = MeshBuilder()
        expected.addCircle(center: Vec2(105, 120), radius: 20, color: .badgeRed, feather: 1)
        ScenePainterTests.expectSame(painted, expected)
    }

    /// Let go past the break, 0.15 s later (the core lasts the first quarter of the 1 s): the
    /// burst's core and droplets, each faded by its opacity; left out with `bursts: false`.
    @Test func aBurstIsItsCoreAndDroplets() throws {
        let home = Vec2(60, 60)
        var board = BadgeBoard(badges: [Badge(id: 0, home: home, radius: 20)])
        board.apply(.pointerDown(home))
        board.apply(.pointerMove(Vec2(160, 60)))
        board.apply(.pointerUp)
        board.advance(to: 0.15)
        let snapshot = board.snapshot()
        let look = try #require(snapshot.badges.first)
        let explosion = try #require(look.burst)
        #expect(look.pose == nil)

        let color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        var painted = MeshBuilder()
        painted.addScene(snapshot, style: SceneStyle(color: color))
        var expected = MeshBuilder()
        var droplets: [Droplet] = []
        explosion.droplets(at: look.burstAge, into: &droplets)
        let core = try #require(explosion.core(at: look.burstAge))
        for part in [core] + droplets {
            var faded = color
            faded.alpha = 0.8 * part.opacity
            expected.addCircle(center: part.center, radius: part.radius, color: faded, feather: 1)
        }
        #expect(droplets.count == Explosion.dropletCount)
        ScenePainterTests.expectSame(painted, expected)

        var outline = MeshBuilder()
        outline.addScene(snapshot, style: SceneStyle(color: color), bursts: false)
        #expect(outline.mesh.vertices.isEmpty)
    }

    /// The caterpillar: with goo, each consecutive pair's bridge (its break distance twice the
    /// radii's sum) before all the bodies; the last body in the head's colour.
    @Test func aChainIsItsBridgesThenItsBodies() throws {
        let bodies = [Ball(center: Vec2(40, 50), radius: 15), Ball(center: Vec2(68, 55), radius: 15),
                      Ball(center: Vec2(110, 60), radius: 30)]
        let blue = Color(red: 0, green: 0, blue: 1)
        for goo in [false, true] {
            let style = SceneStyle(bridge: BridgeParameters(style: .cubic), goo: goo)
            var painted = MeshBuilder()
            painted.addScene(SceneSnapshot(bodies: bodies), style: style)
            var expected = MeshBuilder()
            if goo {
                for (a, b) in zip(bodies, bodies.dropFirst()) {
                    let bridge = try #require(Bridge(home: a.center, homeRadius: a.radius, badge: b.center, badgeRadius: b.radius,
                                                     parameters: BridgeParameters(style: .cubic), maxDistance: 2 * (a.radius + b.radius)))
                    expected.addBridge(bridge, color: .badgeRed, tolerance: 0.1, feather: 1)
                }
            }
            for (i, body) in bodies.enumerated() {
                expected.addCircle(center: body.center, radius: body.radius, color: i == 2 ? blue : .badgeRed, feather: 1)
            }
            ScenePainterTests.expectSame(painted, expected, "goo \(goo)")
        }
    }

    /// `Bridge(pose:)` is the bridge between the pose's circles with the badge's break
    /// distance, and none once the pose has parted.
    @Test func aPoseGivesItsBridge() throws {
        let badge = BadgeParameters(maxDistance: 80, shrink: 8)
        let near = BadgePose(home: Vec2(0, 0), center: Vec2(30, 40), radius: 20, parameters: badge)
        let made = try #require(Bridge(pose: near, parameters: BridgeParameters(style: .cubic), badge: badge))
        let direct = Bridge(home: Vec2(0, 0), homeRadius: 20 - 50.0 / 8, badge: Vec2(30, 40), badgeRadius: 20,
                            parameters: BridgeParameters(style: .cubic), maxDistance: 80)
        #expect(made == direct)
        let far = BadgePose(home: Vec2(0, 0), center: Vec2(60, 80), radius: 20, parameters: badge)
        #expect(Bridge(pose: far, parameters: BridgeParameters(), badge: badge) == nil)
    }
}
