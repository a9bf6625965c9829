// The view layer without a window: the layout keeps every badge inside its pane at any size and
// mode, the HUD lies inside the window and shows the selected slider, the key table drives
// every help text, and slider bars map their ranges as the formulas say.

import Foundation
@testable import App
@testable import Geometry
@testable import Motion
@testable import StickyChain
import Imaging
import Render
import Testing
import Typography

@Suite struct LayoutTests {
    static let sizes: [(Double, Double)] = [(1, 1), (2, 1000), (3000, 20), (640, 480), (500, 400), (900, 600), (1920, 1080),
                                            (3000, 2000), (321, 81), (80, 800)]

    /// Whether a circle lies whole inside a w×h canvas.
    static func inside(_ c: Vec2, _ r: Double, _ w: Double, _ h: Double) -> Bool {
        c.x - r >= -1e-9 && c.x + r <= w + 1e-9 && c.y - r >= -1e-9 && c.y + r <= h + 1e-9
    }

    @Test(arguments: Mode.allCases)
    func everyBadgeLiesInsideItsPaneAtAnySize(mode: Mode) {
        for (w, h) in LayoutTests.sizes {
            // Placed for the window's default size, then laid out afresh as a resize does.
            let start = Layout(width: 800, height: 600, mode: mode, scene: .badges)
            let scene = makeScene(.badge, width: start.canvas.x, height: start.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
            let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
            scene.resize(width: layout.canvas.x, height: layout.canvas.y)
            let board = (scene as! BadgeScene).board
            // The panes tile the window; each shows the whole canvas.
            #expect(layout.panes.count == (mode == .split ? 2 : 1))
            #expect(abs(layout.panes.map(\.width).reduce(0, +) - max(w, 1)) < 1e-9)
            for (i, pane) in layout.panes.enumerated() {
                #expect(abs(pane.width / layout.zoom - layout.canvas.x) < 1e-9 && abs(pane.height / layout.zoom - layout.canvas.y) < 1e-9)
                for badge in board.badges {
                    #expect(LayoutTests.inside(badge.home, badge.radius, layout.canvas.x, layout.canvas.y),
                            "\(mode) \(w)x\(h): badge \(badge.id) at \(badge.home) r \(badge.radius), canvas \(layout.canvas)")
                    // Shown inside its pane in the window, and a press there reaches it.
                    let shown = layout.windowPoint(badge.home, pane: i)
                    #expect(pane.contains(shown) || w < 1 || h < 1, "\(mode) \(w)x\(h) pane \(i): \(shown)")
                    let back = layout.scenePoint(shown, pane: layout.pane(at: shown))
                    #expect(abs(back.x - badge.home.x) < 1e-6 && abs(back.y - badge.home.y) < 1e-6)
                }
            }
            // No two badges overlap.
            for a in board.badges { for b in board.badges where a.id < b.id {
                #expect(a.home.distance(to: b.home) >= a.radius + b.radius, "\(mode) \(w)x\(h): \(a.id) and \(b.id) overlap")
            } }
        }
    }

    /// In split a held thing meets the divider as a wall: the point is held `reach` (scene
    /// units) inside the drag pane's divider side, whether the pointer is over that pane or
    /// has crossed into the other; the window's outer edges hold nothing; one pane, nothing.
    @Test func aHeldBadgeMeetsTheDividerWhole() {
        let layout = Layout(width: 600, height: 400, mode: .split, scene: .badges)
        let zoom = layout.zoom, pane = 300.0, reach = 25.0
        // From the left pane: held at (300 − 25·zoom) window units, the pane's (300/zoom − 25).
        for x in [250.0, 290, 299, 310, 450, 599] {
            let p = layout.scenePoint(Vec2(x, 200), pane: 0, reach: reach)
            #expect(abs(p.x - min(x / zoom, pane / zoom - reach)) < 1e-9, "left pane, pointer at \(x): \(p.x)")
        }
        // From the right pane, at its left edge: held at 25 scene units in.
        for x in [350.0, 320, 305, 290, 100, 0] {
            let p = layout.scenePoint(Vec2(x, 200), pane: 1, reach: reach)
            #expect(abs(p.x - max((x - pane) / zoom, reach)) < 1e-9, "right pane, pointer at \(x): \(p.x)")
        }
        // The window's outer edges hold nothing; nor does a drag with no reach at the divider
        // side but its edge (the point held there, as before).
        #expect(layout.scenePoint(Vec2(-40, 200), pane: 0, reach: reach).x == -40 / zoom)
        #expect(layout.scenePoint(Vec2(640, 200), pane: 1, reach: reach).x == 340 / zoom)
        #expect(layout.scenePoint(Vec2(450, 200), pane: 0).x == pane / zoom)
        // One pane: no divider to hold at.
        let one = Layout(width: 600, height: 400, mode: .bezier, scene: .badges)
        #expect(one.scenePoint(Vec2(590, 200), pane: 0, reach: reach).x == 590 / one.zoom)
    }

    /// How far inside the divider a held badge is held: its radius and its grip's offset toward
    /// the divider, so that it meets it whole; but where that would keep it from being pulled
    /// past its break toward the divider, only so far that the pull reaches the break and a
    /// unit ("99+" at 800x600, home 80 from the divider, radius 24, stopped 56 out and never
    /// broke); with a home nearer the divider than the break, its centre at the divider.
    @Test func aHeldBadgeNearTheDividerStillBreaks() {
        let split = Layout(width: 800, height: 600, mode: .split, scene: .badges)
        let edge = split.canvas.x, maxDistance = 60.0
        func pose(_ home: Double, _ center: Double, _ r: Double) -> BadgePose {
            BadgePose(home: Vec2(home, 300), center: Vec2(center, 300), radius: r, parameters: BadgeParameters(maxDistance: maxDistance))
        }
        // (home x, radius, the grip's offset toward the divider, pane) → the reach, by hand:
        // room = home to divider; whole = room − r; farthest = whole ≥ 61 ? whole : min(room, 61).
        let cases: [(home: Double, r: Double, offset: Double, pane: Int, reach: Double)] = [
            (80, 12, 0, 0, 12),                // far from the divider: whole, its radius
            (80, 12, 5, 0, 17),                // and its grip's offset
            (edge - 80, 24, 0, 0, 80 - 61),    // "99+": 56 whole; held so that the pull is 61
            (edge - 80, 24, -3, 0, 80 - 61 - 3),
            (80, 12, 0, 1, 12),                // the right pane: its divider at its left edge
            (70, 12, 0, 1, 70 - 61),           // 58 whole: the pull 61
            (40, 24, 0, 1, 0),                 // nearer than the break: its centre at the divider
            (40, 24, 4, 1, 4),
        ]
        for c in cases {
            let toward = c.pane == 0 ? 1.0 : -1.0, grip = Vec2(c.home, 300)
            let held = pose(c.home, c.home + toward * c.offset, c.r)
            let reach = split.dividerReach(of: held, from: grip, pane: c.pane, breaking: maxDistance)
            #expect(abs(reach - c.reach) < 1e-9, "\(c): reach \(reach)")
        }
        // One pane: none.
        let one = Layout(width: 800, height: 600, mode: .bezier, scene: .badges)
        #expect(one.dividerReach(of: pose(700, 700, 24), from: Vec2(700, 300), pane: 0, breaking: maxDistance) == 0)
    }

    @Test func aWindowShrunkAndGrownBackShowsTheBadgesWhereTheyWere() {
        let first = Layout(width: 900, height: 600, mode: .bezier, scene: .badges)
        let scene = makeScene(.badge, width: first.canvas.x, height: first.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
        let homes = (scene as! BadgeScene).board.badges.map(\.home)
        // The defaults: a fifth of the width apart, halfway down.
        #expect(homes == (1...4).map { Vec2(900 * Double($0) / 5, 300) })
        for (w, h) in [(500.0, 400.0), (1.0, 1.0), (900, 600)] {
            let layout = Layout(width: w, height: h, mode: .split, scene: .badges)
            scene.resize(width: layout.canvas.x, height: layout.canvas.y)
        }
        // Split at 900: each pane 450 wide, the homes at the same fractions of it.
        #expect((scene as! BadgeScene).board.badges.map(\.home) == (1...4).map { Vec2(450 * Double($0) / 5, 300) })
        scene.resize(width: 900, height: 600)
        #expect((scene as! BadgeScene).board.badges.map(\.home) == homes)
    }

    @Test func aHeldBadgeMovesWithItsHome() {
        let scene = makeScene(.badge, width: 800, height: 600, badges: [], parameters: Parameters(), mode: .bezier) as! BadgeScene
        let home = scene.board.badges[2].home
        scene.apply(.pointerDown(home))
        scene.apply(.pointerMove(home + Vec2(30, 0)))
        scene.resize(width: 400, height: 600)
        let badge = scene.board.badges[2]
        #expect(badge.home == Vec2(400 * 3 / 5, 300))
        #expect(badge.center == badge.home + Vec2(30, 0))
        scene.apply(.reset)
        #expect(scene.board.badges[2].center == Vec2(400 * 3 / 5, 300), "a reset restores the new homes")
    }

    @Test func theChainsWallsFollowItsPane() {
        let layout = Layout(width: 500, height: 300, mode: .split, scene: .chain)
        // A 250-wide pane is below the chain's 360 x 240 least canvas: shown smaller.
        #expect(abs(layout.zoom - 250.0 / 360) < 1e-12 && abs(layout.canvas.x - 360) < 1e-9)
        let scene = ChainScene(width: 800, height: 600, parameters: Parameters(), fieldShown: true)
        scene.resize(width: layout.canvas.x, height: layout.canvas.y)
        scene.advance(to: 3)
        for body in scene.world.circles {
            #expect(LayoutTests.inside(body.center, body.radius - 1, layout.canvas.x, layout.canvas.y), "\(body)")
        }
    }

    /// Where the HUD takes the caterpillar to rest: flung and let go, it lands and its head
    /// rolls on for seconds, never still; once every body has crept under 30 px/s for 0.1 s, where
    /// it lies, not where it lay still before it was picked up (a toast kept clear of that lay
    /// over it); as it starts to fall, and in the air, where it will land.
    @Test func theCaterpillarRestsWhereItCreeps() throws {
        let scene = ChainScene(width: 800, height: 600, parameters: Parameters(), fieldShown: true)
        var t = 0.0
        func step(_ seconds: Double, _ each: () -> Void = {}) {
            for _ in 0..<Int((seconds * 60).rounded()) {
                t += 1.0 / 60
                each()
                scene.advance(to: t)
            }
        }
        // Falling from the start: the guess below it, each body on the floor.
        step(0.05)
        let floor = 600 - scene.world.inset
        for ball in try #require(scene.resting(scene.snapshot(Parameters()))) {
            #expect(abs(ball.center.y + ball.radius - floor) < 1e-6, "\(ball)")
        }
        step(2)
        let start = try #require(scene.world.circles.last)
        scene.apply(.pointerDown(start.center))
        var p = start.center
        step(0.7) { p = p + (Vec2(400, 250) - start.center) / 42; scene.apply(.pointerMove(p)) }
        step(0.25) { p = p + Vec2(20, -8); scene.apply(.pointerMove(p)) }
        scene.apply(.pointerUp)
        step(6)
        #expect(scene.isAnimating, "the case: still creeping")
        let head = try #require(scene.world.circles.last), rested = try #require(scene.resting(scene.snapshot(Parameters()))?.last)
        #expect(head.center.distance(to: start.center) > 100, "the case: it landed elsewhere")
        #expect(rested.center.distance(to: head.center) < 1, "rests at \(rested.center), lies at \(head.center)")
        // Made anew (a new radius) once it lies still: falling from the seed's row, it rests
        // where it will land, not in the air where it is still for its first milliseconds.
        step(6)
        var parameters = Parameters()
        parameters.chain.radius = 16
        scene.update(parameters)
        step(0.05)
        #expect(scene.world.circles[0].center.y < 200, "the case: in the air")
        for ball in try #require(scene.resting(scene.snapshot(parameters))) {
            #expect(abs(ball.center.y + ball.radius - (600 - scene.world.inset)) < 1e-6, "\(ball)")
        }
    }
}

@Suite struct FallingToastTests {
    /// A chain slider that makes the caterpillar anew says so in a toast that the new
    /// caterpillar does not fall through (placed clear of where it would land alone, it lay
    /// across its way down), and that stays put while it falls and lands (as the window
    /// does, handing the HUD where it was last frame); where no place at the window's
    /// width is clear of that way (eleven bodies), it takes two lines in a narrower box.
    @Test func aCaterpillarMadeAnewFallsClearOfItsToast() throws {
        for count in [10, 11, 12] {
            let fall = try FallingToastTests.fall(slider: "chainCount", width: 800, height: 600, mode: .bezier) { $0.chain.count = count }
            #expect(fall.boxes.count == 1, "\(count): the toast moved: \(fall.boxes)")
            #expect(fall.crossed.isEmpty, "\(count): bodies under the toast: \(fall.crossed.prefix(3))")
            #expect(fall.landed, "the case: \(count) fell to the floor")
            #expect(fall.lines <= 3, "\(count): \(fall.lines) lines")
        }
    }

    /// Where no place is clear of the caterpillar's way down (a small window, split), the toast
    /// keeps off the slider panel being tuned (one put over it, clear of the fall, hid the panel
    /// for the whole fall at 500x400, then jumped as the caterpillar landed), and stays put.
    @Test func aToastWithNoPlaceClearOfTheFallKeepsOffTheSliders() throws {
        let changes: [(String, @Sendable (inout Parameters) -> Void)] = [
            ("chainCount", { $0.chain.count = 10 }), ("chainRadius", { $0.chain.radius = 16 }), ("headRadius", { $0.chain.headRadius = 40 }),
        ]
        for (width, height) in [(500.0, 400.0), (800, 600)] {
            for mode in [Mode.bezier, .split] {
                for (slider, change) in changes {
                    let fall = try FallingToastTests.fall(slider: slider, width: width, height: height, mode: mode, change: change)
                    let name = "\(slider) \(Int(width))x\(Int(height)) \(mode)"
                    #expect(fall.boxes.count == 1, "\(name): the toast moved: \(fall.boxes)")
                    #expect(fall.panelHidden == 0, "\(name): the slider panel hidden in \(fall.panelHidden) frames")
                }
            }
        }
    }

    /// The window's HUD over 1.5 s of a caterpillar made anew by `change` (a change of
    /// `slider`, selected) after lying still for 3 s, frame by frame, each frame handed where the
    /// toast was drawn the frame before, as the window does: where the toast was drawn, the
    /// bodies it lay over, its most lines, the frames without the slider panel, whether the
    /// bodies reached the lower third.
    static func fall(slider: String, width: Double, height: Double, mode: Mode, change: (inout Parameters) -> Void) throws
        -> (boxes: Set<String>, crossed: [String], lines: Int, panelHidden: Int, landed: Bool) {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var parameters = Parameters()
        let layout = Layout(width: width, height: height, mode: mode, scene: .chain)
        let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: parameters, fieldShown: mode != .bezier)
        var controls = Controls(scene: .chain)
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == slider })
        var t = 0.0
        func step(_ seconds: Double, _ each: () throws -> Void = {}) rethrows {
            for _ in 0..<Int((seconds * 60).rounded()) {
                t += 1.0 / 60
                scene.advance(to: t)
                try each()
            }
        }
        try step(3)
        change(&parameters)
        #expect(scene.update(parameters), "the case: made anew")
        let toast = WindowApp.sliderToast(controls.selectedParameter, in: parameters, scene: .chain, mode: mode, remade: true)
        var boxes: Set<String> = [], crossed: [String] = [], lines = 0, panelHidden = 0, at: Rect?
        try step(1.5) {
            var content = HUDContent()
            content.caption = ["chain · \(mode.rawValue) · circles · frame 3.0 ms · f1: keys"]
            content.sliders = controls.sliders.map { SliderRow($0, in: parameters, scene: .chain, mode: mode) }
            content.selected = controls.selected
            content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .chain, parameters: parameters)
            content.keepClear(of: scene.snapshot(parameters), scene: scene, layout: layout, parameters: parameters)
            content.toast = toast.text
            content.toastSlider = toast.noted ? nil : controls.selected
            content.toastAt = at
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let box = try #require(hud.toastBox, "\(slider): no toast at \(t)")
            at = box
            boxes.insert("\(box)")
            lines = max(lines, hud.toastLines.count)
            if hud.sliderPanel == nil || hud.sliderPanelCovered { panelHidden += 1 }
            for body in HUDContent.boxes(scene.world.circles, layout: layout) where body.intersects(box) { crossed.append("\(t): \(body)") }
        }
        let landed = scene.world.circles.allSatisfy { $0.center.y > layout.canvas.y * 2 / 3 }
        return (boxes, crossed, lines, panelHidden, landed)
    }
}

@Suite struct HUDTests {
    /// A window screenshot at --scale 8, made as the window makes its frames: the counts
    /// painted, then the HUD's text (the help's, every key) from the same atlas, which outgrows
    /// its first 512 texels on the way. The picture is the one an atlas roomy from the start
    /// draws, pixel for pixel (the atlas started over mid-frame, and the counts showed the
    /// caption's letters).
    @Test func aScaledScreenshotsCountsKeepTheirGlyphs() throws {
        let layout = Layout(width: 400, height: 200, mode: .bezier, scene: .badges)
        let parameters = Parameters()
        let snapshot = BadgeBoard(badges: BadgeBoard.defaultBadges(width: 400, height: 200), parameters: parameters.motion).snapshot()
        func picture(_ atlas: GlyphAtlas) throws -> Image {
            var painter = BadgePainter(atlas: atlas)
            painter.paint(snapshot, parameters: parameters, scale: 8)
            var frame = painter.frame(layout: layout, scale: 8, parameters: parameters, pixelWidth: 3200, pixelHeight: 1600)
            let hud = HUD(HUDTests.content(selected: 0), layout: layout, scale: 8, atlas: atlas)
            frame.hud = HUDLayer(mesh: hud.mesh, width: layout.width, height: layout.height, scale: 8)
            frame.atlas = painter.atlasImage
            let headless = try HeadlessRenderer(pixelWidth: 3200, pixelHeight: 1600)
            defer { headless.destroy() }
            return try headless.image(of: frame)
        }
        let small = try GlyphAtlas(font: Font.system())
        let grown = try picture(small)
        #expect(small.image.width > 512)
        let roomy = try picture(GlyphAtlas(font: Font.system(), side: 4096))
        var differing = 0
        for i in grown.pixels.indices where grown.pixels[i] != roomy.pixels[i] { differing += 1 }
        #expect(differing == 0, "\(differing) bytes differ")
    }


    /// A key's toast with a badge held still (tuning a slider while holding it) goes where it
    /// covers neither the badge where it rests nor the held one where it is, where there is
    /// such a place: at 700x450 it lay over the held "8", about 100 units free below it. Once
    /// placed it stays put (`toastAt`) while the badge moves on.
    @Test func aKeysToastKeepsClearOfAHeldBadge() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h, mode) in [(700.0, 450.0, Mode.metaball), (700, 450, .overlay), (700, 450, .bezier)] {
            let layout = Layout(width: w, height: h, mode: mode, scene: .badges), parameters = Parameters()
            let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: parameters, mode: mode)
            let board = (scene as! BadgeScene).board
            let home = board.badges[1].home
            scene.apply(.pointerDown(home))
            scene.apply(.pointerMove(home + Vec2(50, 25)))
            scene.advance(to: 0.5)
            let controls = Controls(scene: .badges)
            var content = HUDContent()
            // (The held badge's figures, as the window's caption has them, take the foot.)
            content.caption = ["badge · \(mode.rawValue) · frame 6.9 ms · f1: keys", "held badge, Bézier / field:",
                               "area 1939 / 1211 px² · IoU 0.595", "narrowest 20.8 px / parted · kinks 0° home / 11° badge"]
            content.heldLines = 3
            content.sliders = controls.sliders.map { SliderRow($0, in: parameters, scene: .badges, mode: mode) }
            content.keepClear(of: scene.snapshot(parameters), scene: scene, layout: layout, parameters: parameters)
            content.toast = "maxDistance = 61 px"
            content.toastSlider = 0
            let held = try #require(scene.heldPose)
            let badge = HUDContent.boxes([Ball(center: held.center, radius: held.radius)], layout: layout)[0]
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let box = try #require(hud.toastBox, "\(mode): no toast")
            #expect(!box.intersects(badge), "\(mode): the toast \(box) over the held badge \(badge)")
            #expect(!content.rest!.contains { $0.intersects(box) }, "\(mode): the toast over a badge at home")
            // Kept where it was as the badge moves on under it.
            scene.apply(.pointerMove(held.center + Vec2(0, box.y + box.height / 2 - held.center.y)))
            content.keepClear(of: scene.snapshot(parameters), scene: scene, layout: layout, parameters: parameters)
            content.toastAt = box
            #expect(HUD(content, layout: layout, scale: 1, atlas: atlas).toastBox == box, "\(mode): the toast moved")
        }
    }

    static func content(selected: Int, toast: String? = "saved screenshots/sticky-2026-11-30T101010-123.png (900x600)",
                        help: Bool = true) -> HUDContent {
        let controls = Controls(scene: .badges)
        var content = HUDContent()
        content.caption = ["badge · split · frame 1.0 ms · f1: keys"]
        content.paneLabels = ["Bézier · quad", "metaball · inverseSquare"]
        content.sliders = controls.sliders.map { SliderRow(name: $0.name, value: "1", fraction: 0.5) }
        content.selected = selected
        content.toast = toast
        content.help = help ? Controls.helpLines : nil
        return content
    }

    @Test func everyPartLiesInsideTheWindow() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h) in LayoutTests.sizes.filter({ $0.0 >= 100 && $0.1 >= 100 }) + [(100, 40), (200, 44), (120, 60), (300, 200), (517, 263), (300, 900)] {
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let hud = HUD(HUDTests.content(selected: 3), layout: layout, scale: 1, atlas: atlas)
                let window = Rect(x: 0, y: 0, width: w, height: h)
                for box in [hud.helpBox, hud.toastBox, hud.captionBox].compactMap({ $0 }) + hud.sliderAreas.map(\.row) {
                    #expect(box.x >= 0 && box.y >= 0 && box.maxX <= window.maxX && box.maxY <= window.maxY, "\(w)x\(h) \(mode): \(box)")
                }
                // Every vertex of the layer too.
                for v in hud.mesh.vertices {
                    #expect(v.x >= -1 && Double(v.x) <= w + 1 && v.y >= -1 && Double(v.y) <= h + 1, "\(w)x\(h) \(mode): \(v)")
                }
            }
        }
    }

    /// A window too small for a slider row beside or below its caption shows the selected one
    /// at its foot, under the badges, where that is the only place clear of them (200x150 and
    /// 200x120 showed none with 40–60 px free there); 200x90 has no room for it.
    @Test func aSmallWindowShowsTheSelectedSliderAtItsFoot() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h, shown) in [(200.0, 150.0, true), (200, 120, true), (200, 90, false)] {
            let layout = Layout(width: w, height: h, mode: .bezier, scene: .badges)
            let board = BadgeBoard(badges: BadgeBoard.defaultBadges(width: layout.canvas.x, height: layout.canvas.y), parameters: Parameters().motion)
            var content = HUDTests.content(selected: 2, toast: nil, help: false)
            content.caption = HUDContent.caption(layout: layout, scene: .badge, mode: .bezier, parameters: Parameters(), frameTime: 0.001)
            content.paneLabels = []
            content.avoid = HUDContent.shown(board.snapshot(), layout: layout, parameters: Parameters())
            content.rest = content.avoid
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let badges = content.avoid.map(\.maxY).max()!
            if shown {
                let row = try #require(hud.sliderAreas.first, "\(w)x\(h): no slider row")
                #expect(hud.sliderAreas.count == 1 && row.index == 2, "\(w)x\(h): \(hud.sliderAreas.map(\.index))")
                #expect(row.row.y > badges && row.row.maxY <= h - HUD.margin, "\(w)x\(h): the row \(row.row), the badges down to \(badges)")
            } else {
                #expect(hud.sliderAreas.isEmpty, "\(w)x\(h): \(hud.sliderAreas.map(\.row))")
            }
        }
    }

    /// A held badge pulled under the slider panel shows through it: the panel's fill fades, and
    /// the selected row's highlight with it (a new user lost sight of the badge being tuned
    /// there); where the scene lies only where it rests, the panel is as before.
    @Test func theSlidersFadeOverAHeldBadge() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 800, height: 600, mode: .bezier, scene: .badges)
        var content = HUDTests.content(selected: 0, toast: nil, help: false)
        let resting = [Rect(x: 60, y: 280, width: 40, height: 40), Rect(x: 300, y: 280, width: 40, height: 40)]
        content.rest = resting
        content.avoid = resting
        let still = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let panel = try #require(still.sliderPanel)
        #expect(!still.sliderPanelFaded)
        // The badge held up into the panel, over its rows' names.
        let badge = Rect(x: panel.x + 30, y: panel.y + panel.height / 2 - 20, width: 40, height: 40)
        content.avoid = resting + [badge]
        let held = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(held.sliderPanel == panel && held.sliderPanelFaded)
        let faint = HUDPen.paper.with(alpha: HUD.fadedPanel).packed, full = HUDPen.paper.with(alpha: 0.9).packed
        #expect(held.mesh.vertices.contains { $0.color == faint } && !held.mesh.vertices.contains { $0.color == full })
        #expect(still.mesh.vertices.contains { $0.color == full } && !still.mesh.vertices.contains { $0.color == faint })
        // The selected row's highlight fades with it (an opaque band of it cut a held badge flat).
        let lit = HUDPen.hover.packed, faintLit = HUDPen.hover.with(alpha: HUD.fadedPanel).packed
        #expect(still.mesh.vertices.contains { $0.color == lit } && !still.mesh.vertices.contains { $0.color == faintLit })
        #expect(held.mesh.vertices.contains { $0.color == faintLit } && !held.mesh.vertices.contains { $0.color == lit })
        // None of the panel's fill, edge or highlight lies over the held badge at all: through
        // them it read pink, the panel's edge across it (a new user took it for a wrong colour).
        // Points over the badge's box, each tested against every triangle of those colours.
        let panelColours: Set<UInt32> = [faint, faintLit, full, lit, HUDPen.edge.with(alpha: 0.6).packed]
        func covered(_ hud: HUD, _ p: Vec2) -> Bool {
            let m = hud.mesh
            return stride(from: 0, to: m.indices.count, by: 3).contains { t in
                let v = (0..<3).map { m.vertices[Int(m.indices[t + $0])] }
                guard panelColours.contains(v[0].color) else { return false }
                let a = v.map { Vec2(Double($0.x), Double($0.y)) }
                func side(_ i: Int) -> Double { let (u, w) = (a[i], a[(i + 1) % 3]); return (w.x - u.x) * (p.y - u.y) - (w.y - u.y) * (p.x - u.x) }
                let s = (0..<3).map(side)
                return s.allSatisfy { $0 >= 0 } || s.allSatisfy { $0 <= 0 }
            }
        }
        let inside = (0..<5).flatMap { i in (0..<5).map { j in Vec2(badge.x + 2 + Double(i) * 9, badge.y + 2 + Double(j) * 9) } }
            .filter { panel.contains($0) }
        #expect(!inside.isEmpty && inside.allSatisfy { covered(still, $0) } && !inside.contains { covered(held, $0) })
        // Beside the badge the faded panel is still there.
        #expect(covered(held, Vec2(badge.maxX + 20, badge.y + 20)))
        // And its text and bars, "60 px" over a count of "23" read "25": the most opaque glyph
        // and bar in the panel at the faded ink's opacity (its rows' colours are opaque).
        func mostOpaque(_ hud: HUD, glyphs: Bool) -> Double {
            let inside = hud.mesh.vertices.filter { v in
                panel.contains(Vec2(Double(v.x), Double(v.y))) && (glyphs ? v.radius == -2 : v.color & 0xFF_FFFF == HUDPen.track.packed & 0xFF_FFFF)
            }
            return Double(inside.map { $0.color >> 24 }.max() ?? 0) / 255
        }
        for glyphs in [true, false] {
            #expect(mostOpaque(still, glyphs: glyphs) == 1, "glyphs \(glyphs): \(mostOpaque(still, glyphs: glyphs))")
            #expect(abs(mostOpaque(held, glyphs: glyphs) - HUD.fadedInk) < 1.0 / 255, "glyphs \(glyphs): \(mostOpaque(held, glyphs: glyphs))")
        }
        // Over the badge itself, no text at all, faded or not (a count under "explosionDuration"
        // at 40% still read as another number): no glyph there, where the panel unheld has some.
        func glyphsOver(_ hud: HUD) -> Int {
            hud.mesh.vertices.filter { $0.radius == -2 && badge.contains(Vec2(Double($0.x), Double($0.y))) }.count
        }
        #expect(glyphsOver(still) > 0 && glyphsOver(held) == 0, "\(glyphsOver(still)), \(glyphsOver(held))")
        // A row whose name is over the badge leaves its value out too: "false", "quad", "0.5"
        // floated without their names beside a caterpillar under the panel.
        func glyphsBeside(_ hud: HUD) -> Int {
            hud.mesh.vertices.filter {
                $0.radius == -2 && Double($0.y) > badge.y && Double($0.y) < badge.maxY && Double($0.x) > badge.maxX && Double($0.x) < panel.maxX
            }.count
        }
        #expect(glyphsBeside(still) > 0 && glyphsBeside(held) == 0, "\(glyphsBeside(still)), \(glyphsBeside(held))")
    }

    /// A toast shows while the help is open, in a small window too, where the help covers its
    /// place: drawn over the help, after it (a key's answer under the help, "the help hides the
    /// sliders" or a screenshot saved, was left out at 420x300 and 600x400).
    @Test func aToastShowsOverTheHelp() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let dark = Color(red: 0.13, green: 0.13, blue: 0.15).packed, accent = HUDPen.accent.packed
        var covered = 0
        for (w, h) in [(420.0, 300.0), (600, 400), (800, 600), (300, 200)] {
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let hud = HUD(HUDTests.content(selected: 3, toast: WindowApp.helpHidesSliders, help: true), layout: layout, scale: 1, atlas: atlas)
                let help = try #require(hud.helpBox, "\(w)x\(h) \(mode): no help")
                let toast = try #require(hud.toastBox, "\(w)x\(h) \(mode): no toast with the help open")
                guard toast.intersects(help) else { continue }
                covered += 1
                // Its panel's vertices come after the help's heading (accent ink): drawn over it.
                let vertices = hud.mesh.vertices
                let lastHeading = try #require(vertices.lastIndex { $0.color == accent })
                let firstToast = try #require(vertices.firstIndex { $0.color == dark })
                #expect(firstToast > lastHeading, "\(w)x\(h) \(mode): the toast drawn under the help")
            }
        }
        #expect(covered > 0, "no size where the help covers the toast's place")
    }

    /// A toast's lines fit its panel with its 8-unit insets at every window width, the last
    /// ending in "…" where some are left out, or there is none (a window too narrow for two
    /// letters and "…"); wrapped at spaces, a number keeps its unit and "·" its word before.
    @Test func theToastsTextFitsItsPanel() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let toast = "springDamping = 0.1 · rings at 43.8 Hz: aliased at 60 fps"
        var shown = 0
        for w in stride(from: 30.0, through: 420, by: 6) {
            for h in [40.0, 60, 200] {
                var content = HUDTests.content(selected: 3, toast: toast, help: false)
                content.sliders = nil
                let hud = HUD(content, layout: Layout(width: w, height: h, mode: .bezier, scene: .badges), scale: 1, atlas: atlas)
                guard let box = hud.toastBox else {
                    #expect(pen.width(of: "ab…", size: HUD.textSize) > w - 4 * HUD.margin, "no toast at \(w)x\(h)")
                    continue
                }
                shown += 1
                #expect(box.x >= 0 && box.maxX <= w, "\(w)x\(h): \(box)")
                for line in hud.toastLines {
                    #expect(pen.width(of: line, size: HUD.textSize) <= box.width - 16 + 1e-9, "\(w)x\(h): \(line) in \(box)")
                }
                // All of it, or a start of it ending in "…".
                let whole = toast.filter { $0 != " " }, drawn = hud.toastLines.joined().filter { $0 != " " }
                if drawn != whole {
                    #expect(drawn.hasSuffix("…") && whole.hasPrefix(drawn.dropLast()), "\(w)x\(h): \(hud.toastLines)")
                }
            }
        }
        #expect(shown > 100)
        for width in stride(from: 60.0, through: 400, by: 3) {
            let lines = pen.wrap(toast, size: HUD.textSize, width: width)
            for (line, next) in zip(lines, lines.dropFirst()) {
                let last = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(!(Double(last) != nil && next.first?.isLetter == true), "\(width): \(line) | \(next)")
                #expect(!next.hasPrefix("·"), "\(width): \(line) | \(next)")
            }
        }
    }

    /// A toast with a short wording draws it where the whole would take more than two lines
    /// (the zoom's note at 200x150 took four lines over three of the four badges), and the
    /// whole where it takes two or fewer.
    @Test func aLongToastTakesItsShortWordingInASmallWindow() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        var shortened = 0, whole = 0
        for (w, h) in [(200.0, 150.0), (120, 90), (300, 200), (500, 350), (800, 600), (1200, 800)] {
            let layout = Layout(width: w, height: h, mode: .split, scene: .badges)
            let full = try #require(WindowApp.zoomNote(from: 1, to: layout.zoom, scene: .badge, maxDistance: 60) ?? WindowApp.zoomNote(from: 0.5, to: layout.zoom, scene: .badge, maxDistance: 60))
            let short = try #require(WindowApp.zoomNote(from: 1, to: layout.zoom, scene: .badge, maxDistance: 60, short: true)
                                     ?? WindowApp.zoomNote(from: 0.5, to: layout.zoom, scene: .badge, maxDistance: 60, short: true))
            var content = HUDTests.content(selected: 3, toast: full, help: false)
            content.toastShort = short
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            guard hud.toastBox != nil else { continue }
            let drawn = hud.toastLines.joined(separator: " ")
            let wholeLines = pen.wrap(full, size: HUD.textSize, width: w - 4 * HUD.margin).count
            if wholeLines > 2 {
                shortened += 1
                #expect(drawn == short && hud.toastLines.count < wholeLines, "\(w)x\(h): \(hud.toastLines)")
            } else {
                whole += 1
                #expect(drawn == full, "\(w)x\(h): \(hud.toastLines)")
            }
        }
        #expect(shortened >= 2 && whole >= 2, "shortened \(shortened), whole \(whole)")
    }

    /// A toast that a small window can place only over the caption (every other place covers
    /// a badge) hides the caption while it shows, rather than leaving slivers of it round its
    /// panel (at 120x120); where it keeps clear of the caption, the caption stays.
    @Test func aToastOverTheCaptionHidesIt() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var hidden = 0, kept = 0
        for (w, h) in [(120.0, 120.0), (100, 100), (140, 110), (160, 120), (200, 150), (300, 200), (800, 600)] {
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
                var content = HUDTests.content(selected: 2, toast: nil, help: false)
                content.sliders = nil
                content.shortStatus = HUDContent.shortStatus(mode: mode)
                content.avoid = HUDContent.shown(scene.snapshot(Parameters()), layout: layout, parameters: Parameters())
                let quiet = HUD(content, layout: layout, scale: 1, atlas: atlas)
                for toast in ["springDamping = 0.1", "mode: \(mode.rawValue)", "saved /tmp/shots/sticky-2026-12-03T051559-663.png"] {
                    content.toast = toast
                    let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                    guard let toastBox = hud.toastBox, let caption = quiet.captionBox else { continue }
                    if toastBox.intersects(caption) {
                        #expect(hud.captionBox == nil, "\(w)x\(h) \(mode) '\(toast)': the caption under the toast")
                        hidden += 1
                    } else {
                        #expect(hud.captionBox == caption, "\(w)x\(h) \(mode) '\(toast)'")
                        kept += 1
                    }
                }
            }
        }
        #expect(hidden > 0 && kept > 0, "hidden \(hidden), kept \(kept)")
    }

    /// Text too wide for a narrow window breaks where it reads best: a caption's part wider
    /// than a line ("frame 1.6 ms") at its spaces, its number kept with its unit (it was
    /// "frame 1.6 | ms"); a word wider than a line before a capital ("spring|Damping", it was
    /// "springD|amping") where that keeps half the line; and no line begins with ":" or ",".
    @Test func narrowTextBreaksWhereItReadsBest() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        func width(_ text: String) -> Double { pen.width(of: text, size: HUD.textSize) }
        var splitParts = 0
        // The window's own caption (a time under 10 ms: a figure space at its end), and the same
        // without it.
        let windows = HUDContent.caption(layout: Layout(width: 800, height: 600, mode: .bezier, scene: .badges), scene: .badge,
                                         mode: .bezier, parameters: Parameters(), frameTime: 0.0016)[0]
        #expect(windows == "badge · bezier · quad · frame 1.6 ms · f1: keys\u{2007}")
        for (w, caption) in stride(from: 30.0, through: 200, by: 1).flatMap({ w in
            ["badge · bezier · quad · frame 1.6 ms · f1: keys", windows].map { (w, $0) }
        }) {
            let lines = pen.wrap(caption, size: HUD.textSize, width: w, at: " · ")
            let ink: (Character) -> Bool = { $0 != " " && $0 != "·" && $0 != "\u{2007}" }
            #expect(lines.joined(separator: " ").filter(ink) == caption.filter(ink), "\(w): \(lines)")
            if width("frame 1.6 ms") > w && width("1.6 ms") <= w && width("frame") <= w {
                #expect(lines.contains("frame") && lines.contains { $0.hasPrefix("1.6 ms") }, "\(w): \(lines)")
                splitParts += 1
            }
            for (line, next) in zip(lines, lines.dropFirst()) {
                #expect(!(line.hasSuffix("1.6") && next.hasPrefix("ms")), "\(w): \(lines)")
            }
        }
        #expect(splitParts > 10)
        var camel = 0
        for w in stride(from: 20.0, through: 160, by: 1) {
            for toast in ["springDamping = 0.3", "mode: metaball", "springDamping: 0.3"] {
                let lines = pen.wrap(toast, size: HUD.textSize, width: w)
                for line in lines.dropFirst() { #expect(!":,.;)".contains(line.first ?? "a"), "\(w): \(lines)") }
                let word = String(toast.split(separator: " ")[0])
                if toast.hasPrefix("springDamping"), width("spring") <= w, width(word) > w {
                    #expect(lines.first == "spring" && lines.dropFirst().first?.hasPrefix("D") == true, "\(w): \(lines)")
                    camel += 1
                }
            }
        }
        #expect(camel > 5)
        // A parenthesis goes whole onto the next line where it fits there ("sliders hidden" /
        // "(h shows them)", it was "sliders hidden (h" / "shows them)"), and is broken as any
        // text where it does not.
        var whole = 0
        for w in stride(from: 40.0, through: 260, by: 1) {
            let toast = "sliders hidden (h shows them)", aside = "(h shows them)"
            let lines = pen.wrap(toast, size: HUD.textSize, width: w)
            #expect(lines.joined().filter { $0 != " " } == toast.filter { $0 != " " }, "\(w): \(lines)")
            if width(toast) > w && width(aside) <= w && width("sliders hidden") <= w {
                #expect(lines == ["sliders hidden", aside], "\(w): \(lines)")
                whole += 1
            }
        }
        #expect(whole > 20)
    }

    /// While the window records, the caption begins with the time recorded as a clock, whole
    /// seconds ("rec 0:03": "rec  3 s" with a figure space read as a gap), its width the same
    /// from 0:00 to 9:59, in place of the help key: no wider than without it, so the slider
    /// panel beside it stays put when a recording starts (a new user saw it jump below the
    /// caption in a 700x450 split window); and the short status and the title say so too.
    @Test func theCaptionSaysARecordingIsOn() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let layout = Layout(width: 800, height: 600, mode: .bezier, scene: .badges)
        func status(_ recorded: Double?) -> String {
            HUDContent.caption(layout: layout, scene: .badge, mode: .bezier, parameters: Parameters(), frameTime: 0.0012, recorded: recorded)[0]
        }
        let plain = status(nil)
        #expect(!plain.contains("rec"))
        // (1.2 ms: the caption ends with a figure space, keeping it as wide as at 10 ms and over.)
        let helpKey = " · f1: keys", pad = "\u{2007}"
        #expect(plain.hasSuffix(helpKey + pad))
        let bare = String(plain.dropLast((helpKey + pad).count))
        let dot = "\u{2005}· "  // (a narrower space: the marker no wider than the help key)
        #expect(status(3.7) == "rec 0:03" + dot + bare + pad && status(12.2) == "rec 0:12" + dot + bare + pad
                && status(61.5) == "rec 1:01" + dot + bare + pad)
        let widths = [0.0, 3.7, 9.99, 10, 42.5, 99.9, 599.9].map { pen.width(of: status($0), size: HUD.textSize) }
        #expect(widths.allSatisfy { abs($0 - widths[0]) < 0.01 }, "\(widths)")
        #expect(widths[0] <= pen.width(of: plain, size: HUD.textSize), "recording: \(widths[0]), not: \(pen.width(of: plain, size: HUD.textSize))")
        #expect(HUDContent.shortStatus(mode: .split, recording: true) == "rec" + dot + "split")
        #expect(pen.width(of: HUDContent.shortStatus(mode: .split, recording: true), size: HUD.textSize)
                <= pen.width(of: HUDContent.shortStatus(mode: .split), size: HUD.textSize))
        // The new user's window: 700x450 split, the sliders shown; the panel where it was.
        let split = Layout(width: 700, height: 450, mode: .split, scene: .badges)
        func panel(_ recorded: Double?) -> Rect? {
            var content = HUDContent()
            content.caption = HUDContent.caption(layout: split, scene: .badge, mode: .split, parameters: Parameters(), frameTime: 0.0047,
                                                 recorded: recorded)
            content.recording = recorded != nil
            content.shortStatus = HUDContent.shortStatus(mode: .split, recording: recorded != nil)
            content.sliders = Controls(scene: .badges).sliders.map { SliderRow($0, in: Parameters(), scene: .badges, mode: .split) }
            content.paneLabels = HUDContent.paneLabels(layout: split, scene: .badge, parameters: Parameters())
            return HUD(content, layout: split, scale: 1, atlas: atlas).sliderPanel
        }
        let still = try #require(panel(nil)), recording = try #require(panel(3))
        #expect(still == recording, "the slider panel at \(still), while recording at \(recording)")
        var options = CommonOptions()
        options.scene = .chain
        #expect(WindowApp.title(options, recording: true).hasSuffix(" · recording") && !WindowApp.title(options).contains("recording"))
        // "rec 0:12" is drawn in red while recording (the HUD is told so, it does not guess
        // from the text), the rest in ink; nothing red when not recording.
        func reds(recording: Bool, caption: String) -> Int {
            var content = HUDContent()
            content.caption = [caption]
            content.recording = recording
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            return hud.mesh.vertices.filter { $0.color == HUDPen.recording.packed }.count
        }
        #expect(reds(recording: true, caption: status(12.2)) > 0 && reds(recording: false, caption: status(nil)) == 0)
        #expect(reds(recording: false, caption: "rec" + dot + plain) == 0, "a caption that only begins like one")
    }

    /// The Bézier mode's caption line for a held badge says how far it is pulled against the
    /// break (a new user could not tell 58 px from 65 until letting go): √(dx² + dy²) rounded,
    /// attached up to maxDistance, broken past it.
    @Test(arguments: [(30.0, 40.0, 60.0), (30.0, 41.0, 60.0), (36.0, 48.0, 60.0), (36.0, 48.1, 60.0), (60.4, 0, 60.0), (59.5, 0, 60.0),
                      (60.0, 80.0, 120.0), (60.0, 80.0, 99.5)])
    func theBezierCaptionSaysThePull(dx: Double, dy: Double, maxDistance: Double) {
        var parameters = Parameters()
        parameters.motion.badge.maxDistance = maxDistance
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(100 + dx, 80 + dy), radius: 20, parameters: parameters.motion.badge)
        let d = (dx * dx + dy * dy).squareRoot()
        let limit = maxDistance == maxDistance.rounded() ? String(Int(maxDistance)) : String(maxDistance)
        // Whole pixels, but to a tenth within a pixel of the break (60.4 and 59.5 both read 60).
        let shown = abs(d - maxDistance) < 1 ? String(format: "%.1f", d).replacingOccurrences(of: ".0", with: "") : String(Int(d.rounded()))
        let expected = d <= maxDistance ? "pulled \(shown) of \(limit) px: let go, it springs back"
            : "pulled \(shown) px, broken at \(limit): let go, it bursts"
        #expect(WindowApp.pullLine(pose, maxDistance: maxDistance) == expected)
    }

    /// A badge broken and carried back within the break (no reattach) springs home when let go:
    /// its caption says so, with the break it broke at, in both modes' wordings.
    @Test func aBrokenBadgeCarriedBackSaysItSpringsBack() {
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(130, 120), radius: 20, attached: false, shrink: 10)
        #expect(WindowApp.pullLine(pose, maxDistance: 60, bursts: false) == "pulled 50 px, broken at 60: let go, it springs back")
        #expect(WindowApp.pullLine(pose, maxDistance: 60) == "pulled 50 px, broken at 60: let go, it bursts")
        let c = RenderCommand.comparison(of: pose, parameters: Parameters(), step: 1)
        #expect(WindowApp.figures(c, heldTo: 60, detached: true, bursts: false).last == "broken at 60 px: the badge alone; let go, it springs back")
    }

    /// The held badge's figures say which fill each number is (a new user could not tell
    /// "area 2651 / 2339 px²" apart): a line first, "held badge, Bézier / field:", then the
    /// pairs in that order; "parted" where a fill is in two pieces. And they fit beside the
    /// slider panel of an 800-wide window, as before (`theSlidersStayPutWhenABadgeIsPressed`).
    @Test func theHeldFiguresNameTheirFills() {
        let parameters = Parameters()
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(138, 104), radius: 20, parameters: parameters.motion.badge)
        var c = RenderCommand.comparison(of: pose, parameters: parameters, step: 1)
        func f(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        let figures = WindowApp.figures(c)
        #expect(figures.count == 3 && figures[0] == "held badge, Bézier / field:", "\(figures)")
        #expect(figures[1] == "area \(f(c.bezierArea, 0)) / \(f(c.metaballArea, 0)) px² · IoU \(f(c.intersectionOverUnion, 3))",
                "\(figures)")
        #expect(figures[2].hasPrefix("narrowest \(f(c.bezierNarrowest, 1)) px / \(f(c.metaballNarrowest, 1)) px · kinks "), "\(figures)")
        #expect(WindowApp.figures(c, heldTo: 60).count == 3, "the field joined: no fourth line")
        c.metaballNarrowest = 0
        #expect(WindowApp.figures(c)[2].hasPrefix("narrowest \(f(c.bezierNarrowest, 1)) px / parted · kinks "))
        // The field parted while the bridge holds the badge: a line says it will spring back.
        #expect(WindowApp.figures(c, heldTo: 60).last == "field parted; held to 60 px: let go, it springs back")
        // Both parted (past the break): no such line, but one that says the badge is alone
        // ("parted / parted" and "–" read as measurements).
        c.bezierNarrowest = 0
        #expect(WindowApp.figures(c, heldTo: 60).count == 3)
        #expect(WindowApp.figures(c, heldTo: 60, detached: true).last == "broken at 60 px: the badge alone; let go, it bursts")
        #expect(WindowApp.figures(c, heldTo: 60, detached: true).count == 4)
    }

    /// A badge held 45 px from its home in the default metaball mode: the inverse-square field
    /// of the badge and its home ball has parted (two blobs: no width between the centres),
    /// while the bridge still holds the badge, which the caption then says.
    @Test func aFieldPartedBeforeTheBreakIsSaid() {
        let parameters = Parameters()
        let pose = BadgePose(home: Vec2(100, 80), center: Vec2(145, 80), radius: 16, parameters: parameters.motion.badge)
        let c = RenderCommand.comparison(of: pose, parameters: parameters, step: 1)
        #expect(pose.attached && c.bezierNarrowest > 0 && c.metaballNarrowest == 0, "\(c)")
        #expect(WindowApp.figures(c, heldTo: parameters.motion.badge.maxDistance).last == "field parted; held to 60 px: let go, it springs back")
    }

    /// The caption keeps its width as the frame time changes (1–99.9 ms: digits are a figure
    /// wide, and a figure space ends a caption whose time is under 10), so the slider panel beside it stays
    /// where it is; the times themselves read as written.
    @Test func theFrameTimeKeepsTheCaptionsWidth() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let times = [0.0012, 0.0093, 0.00999, 0.0123, 0.0456, 0.0999]
        let layout = Layout(width: 800, height: 600, mode: .metaball, scene: .badges)
        let widths = times.map { time in
            pen.width(of: HUDContent.caption(layout: layout, scene: .badge, mode: .metaball, parameters: Parameters(), frameTime: time)[0],
                      size: HUD.textSize)
        }
        #expect(widths.allSatisfy { abs($0 - widths[0]) < 0.01 }, "\(zip(times, widths).map { "\($0): \($1)" })")
        #expect(times.map { WindowApp.milliseconds($0) } == ["1.2", "9.3", "10.0", "12.3", "45.6", "99.9"])
        // With one plain space between "frame" and the time, however long it is (a figure space
        // before 9.3 read as an uneven gap): what keeps the width comes at the caption's end.
        for time in times {
            let caption = HUDContent.caption(layout: layout, scene: .badge, mode: .metaball, parameters: Parameters(), frameTime: time)[0]
            #expect(caption.contains("frame \(WindowApp.milliseconds(time)) ms · f1: keys"), "\(caption)")
        }
    }

    /// The slider panel keeps its place and its ten rows in every mode of an 800x600 window and
    /// a larger one, a held badge's figures included: the overlay's caption names its two
    /// fills in its legend, not its first line, which once pushed the panel down to one row.
    @Test func theSliderPanelKeepsItsPlaceInEveryMode() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let figures = ["held badge, Bézier / field:", "area 2536 / 2553 px² · IoU 0.897", "narrowest 31.0 px / 22.3 px · kinks 0° home / 11° badge"]
        for (w, h) in [(800.0, 600.0), (1280, 720)] {
            var places: [Rect] = []
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                var content = HUDTests.content(selected: 0, toast: nil, help: false)
                content.caption = HUDContent.caption(layout: layout, scene: .badge, mode: mode, parameters: Parameters(), frameTime: 0.0185)
                    + (mode == .bezier ? [] : figures)
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                #expect(hud.sliderAreas.count == 10, "\(Int(w))x\(Int(h)) \(mode): \(hud.sliderAreas.count) rows")
                places.append(try #require(hud.sliderPanel))
                #expect(!hud.sliderPanel!.intersects(try #require(hud.captionBox)))
            }
            #expect(places.allSatisfy { $0 == places[0] }, "\(places)")
        }
    }

    /// A press on a badge adds its figures to the caption (the field modes): the sliders stay
    /// where they are with none held, in windows of every size from 360x240 (the lone row
    /// used to drop below the grown caption), and the figures show where they keep clear of
    /// them, never over them.
    @Test func theSlidersStayPutWhenABadgeIsPressed() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let figures = ["held badge, Bézier / field:", "area 2536 / 2553 px² · IoU 0.897", "narrowest 31.0 px / 22.3 px · kinks 0° home / 11° badge"]
        var shownWithFigures = 0
        for (w, h) in [(360.0, 240.0), (400, 300), (520, 400), (640, 480), (800, 600), (1280, 720)] {
            for mode in Mode.allCases where mode != .bezier {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                var content = HUDTests.content(selected: 2, toast: nil, help: false)
                content.caption = HUDContent.caption(layout: layout, scene: .badge, mode: mode, parameters: Parameters(), frameTime: 0.0185)
                let idle = HUD(content, layout: layout, scale: 1, atlas: atlas)
                content.caption += figures
                content.heldLines = figures.count
                let held = HUD(content, layout: layout, scale: 1, atlas: atlas)
                let name = "\(Int(w))x\(Int(h)) \(mode)"
                #expect(held.sliderAreas.map(\.row) == idle.sliderAreas.map(\.row), "\(name): \(idle.sliderAreas) → \(held.sliderAreas)")
                if let panel = held.sliderPanel, let caption = held.captionBox { #expect(!panel.intersects(caption), "\(name)") }
                if let caption = held.captionBox, let before = idle.captionBox, caption.height > before.height { shownWithFigures += 1 }
            }
        }
        // (In the larger windows the figures do show.)
        #expect(shownWithFigures >= 4, "the figures shown in \(shownWithFigures) cases")
    }

    /// Where the caption cannot keep a held badge's figures (the slider panel under it in a
    /// window under about 880 wide), they get a box of their own, clear of what the scene shows,
    /// of the caption, the sliders and the pane labels, inside the window: at 700x450 and
    /// 500x400 a user held a badge in the field modes and never saw them. The window's scene
    /// and caption, its second badge held 30 px from home.
    @Test func aHeldBadgesFiguresFindAPlaceOfTheirOwn() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var shownApart = 0
        for (w, h) in [(700.0, 450.0), (500, 400), (640, 480), (800, 600)] {
            for mode in [Mode.metaball, .split, .overlay] {
                let name = "\(Int(w))x\(Int(h)) \(mode)"
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
                let atRest = scene.snapshot(Parameters())
                let home = try #require(atRest.badges[1].pose).center
                scene.apply(.pointerDown(home))
                scene.apply(.pointerMove(home + Vec2(24, 18)))
                scene.advance(to: 0.05)
                let now = scene.snapshot(Parameters())
                let pose = try #require(now.heldPose)
                let figures = WindowApp.figures(RenderCommand.comparison(of: pose, parameters: Parameters(), step: 1))
                var content = HUDTests.content(selected: 0, toast: nil, help: false)
                let caption = HUDContent.caption(layout: layout, scene: .badge, mode: mode, parameters: Parameters(), frameTime: 0.0185)
                content.caption = caption + figures
                content.heldLines = figures.count
                content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .badge, parameters: Parameters())
                content.rest = HUDContent.shown(atRest, layout: layout, parameters: Parameters())
                content.avoid = HUDContent.shown(now, layout: layout, parameters: Parameters())
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                let inCaption = (hud.captionBox?.height ?? 0) >= HUD.lineHeight * Double(caption.count + figures.count)
                guard let box = hud.figuresBox else {
                    #expect(inCaption, "\(name): the figures are nowhere")
                    continue
                }
                shownApart += 1
                #expect(!inCaption, "\(name): the figures twice")
                #expect(hud.figuresLines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ").contains("held badge, Bézier / field:"))
                #expect(box.x >= 0 && box.y >= 0 && box.maxX <= w && box.maxY <= h, "\(name): \(box)")
                #expect(HUD.isClear(box, of: content.avoid), "\(name): over the scene")
                let parts = [hud.captionBox, hud.sliderPanel].compactMap { $0 } + hud.labelBoxes
                #expect(!parts.contains { $0.intersects(box) }, "\(name): over the HUD: \(box) \(parts)")
            }
        }
        // (In 700x450 and 500x400 in the three modes at least, where the panel is under the caption.)
        #expect(shownApart >= 6, "the figures in a box of their own in \(shownApart) cases")
    }

    /// In the overlay, a held badge's figures give way before the legend does: where the whole
    /// caption would cover the scene, it goes without the figures, then with the legend's keys
    /// without the fills' names, then as its first line alone, then in its short form (the
    /// legend once went with the figures at a press in a 380x240 window, though it had room).
    /// The four badges as the window places them, one held over its home; the figures as the
    /// window words them.
    @Test func aHeldBadgesFiguresGiveWayBeforeTheLegend() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let figures = ["held badge, Bézier / field:", "area 2321 / 2623 px² · IoU 0.885", "narrowest 32.8 px / parted · kinks 0° home / 11° badge"]
        var seen: [Int: Int] = [:]
        for (w, h) in [(300.0, 260.0), (380, 240), (400, 300), (520, 320), (640, 480), (260, 170), (200, 200), (330, 180)] {
            let layout = Layout(width: w, height: h, mode: .overlay, scene: .badges)
            let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
            var content = HUDContent()
            let legendLines = HUDContent.caption(layout: layout, scene: .badge, mode: .overlay, parameters: Parameters(), frameTime: 0.004)
            content.caption = legendLines + figures
            content.heldLines = figures.count
            content.shortStatus = HUDContent.shortStatus(mode: .overlay)
            content.avoid = HUDContent.shown(scene.snapshot(Parameters()), layout: layout, parameters: Parameters())
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            func captionBox(_ lines: [String]) throws -> Rect {
                var alone = HUDContent()
                alone.caption = lines
                return try #require(HUD(alone, layout: layout, scale: 1, atlas: atlas).captionBox)
            }
            let bare = [legendLines[0], legendLines[1].replacingOccurrences(of: " (quad)", with: "").replacingOccurrences(of: " (inverseSquare)", with: "")]
            let forms = [try captionBox(content.caption), try captionBox(legendLines), try captionBox(bare), try captionBox([legendLines[0]]),
                         try captionBox([HUDContent.shortStatus(mode: .overlay)])]
            let expected = forms.indices.first { HUD.isClear(forms[$0], of: content.avoid) && forms[$0].maxY <= h }
            #expect(hud.captionBox == expected.map { forms[$0] }, "\(Int(w))x\(Int(h)): \(String(describing: hud.captionBox)), forms \(forms)")
            seen[expected ?? -1, default: 0] += 1
        }
        // (The figures, the legend whole and the legend's keys alone each shown somewhere.)
        #expect(seen[0] != nil && seen[1] != nil && seen[2] != nil, "\(seen)")
    }

    /// A window too narrow for the panel beside the caption shows it below the caption, as
    /// wide as the window leaves it (up to its own width), with the selected slider among its
    /// rows (the lone row once showed another one: the scrolled rows indexed with the global
    /// index; and it was the lone row below 800 units wide, with room for ten).
    @Test func aNarrowWindowShowsTheSelectedSlider() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let sliders = Controls(scene: .badges).sliders.count
        for selected in 0..<sliders {
            let narrow = HUD(HUDTests.content(selected: selected, toast: nil, help: false),
                             layout: Layout(width: 420, height: 400, mode: .split, scene: .badges), scale: 1, atlas: atlas)
            #expect(narrow.sliderAreas.count == min(10, sliders) && narrow.sliderAreas.contains { $0.index == selected })
            let panel = try #require(narrow.sliderPanel), caption = try #require(narrow.captionBox)
            #expect(panel.x == HUD.margin && panel.width == min(HUD.panelWidth, 420 - 2 * HUD.margin) && panel.y >= caption.maxY,
                    "\(panel) under \(caption)")
            let wide = HUD(HUDTests.content(selected: selected, toast: nil, help: false),
                           layout: Layout(width: 1200, height: 700, mode: .split, scene: .badges), scale: 1, atlas: atlas)
            #expect(wide.sliderAreas.count == min(10, sliders) && wide.sliderAreas.contains { $0.index == selected })
            // Below or beside the caption, never over it.
            for hud in [narrow, wide] {
                let caption = try #require(hud.captionBox)
                #expect(!hud.sliderAreas.contains { $0.row.intersects(caption) })
            }
        }
    }

    /// In a small window the HUD yields to the scene: the slider panel (or the selected
    /// slider's row alone) is shown only where it covers no badge (a press there must grab the
    /// badge), the caption's lines after the first (a held badge's figures) only where they
    /// cover none, its first line in its short form where the whole one would cover one, and
    /// no caption where even that would; with room, all are shown. The four badges as the
    /// window places them, at sizes from 50x40 up, wide and short ones too, every mode; the
    /// figures as the window words them.
    @Test func aSmallWindowsHUDYieldsToTheScene() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let figures = ["held badge, Bézier / field:", "area 2321 / 2623 px² · IoU 0.885", "narrowest 32.8 px / parted · kinks 0° home / 11° badge"]
        var shownRows = 0, shownFigures = 0, shortened = 0, cut = 0, none = 0
        let sizes: [(Double, Double)] = [(50, 40), (120, 60), (120, 80), (200, 120), (260, 160), (320, 200), (420, 300), (800, 600),
                                         (200, 600), (300, 200), (1500, 120), (1500, 200), (1000, 150)]
        for (w, h) in sizes {
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
                var content = HUDTests.content(selected: 2, toast: nil, help: false)
                content.caption += figures
                content.shortStatus = HUDContent.shortStatus(mode: mode)
                content.avoid = HUDContent.shown(scene.snapshot(Parameters()), layout: layout, parameters: Parameters())
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                if let panel = hud.sliderPanel {
                    #expect(HUD.isClear(panel, of: content.avoid), "\(w)x\(h) \(mode): the sliders over a badge at \(panel)")
                }
                // The caption: all its lines where they are clear of the badges, else the first,
                // else the short form.
                var full = content
                full.avoid = []
                func captionBox(_ lines: [String]) throws -> Rect {
                    var alone = full
                    alone.caption = lines
                    return try #require(HUD(alone, layout: layout, scale: 1, atlas: atlas).captionBox)
                }
                let whole = try captionBox(content.caption), first = try captionBox(Array(content.caption.prefix(1)))
                let short = try captionBox([HUDContent.shortStatus(mode: mode)])
                let expected = [whole, first, short].first { HUD.isClear($0, of: content.avoid) }
                #expect(hud.captionBox == expected, "\(w)x\(h) \(mode)")
                if hud.captionBox == short { shortened += 1 }
                if hud.captionBox == nil { none += 1 }
                if !hud.sliderAreas.isEmpty { shownRows += 1 }
                if hud.captionBox == whole && whole != first { shownFigures += 1 }
                // With nothing to keep clear of, the row is shown wherever it fits whole: below
                // the caption (beside it in a wide window) and above the window's margin, and wide enough for its own name,
                // a 10-unit gap and the widest its value comes to (the row's 6-unit pads either side).
                let bare = HUD(full, layout: layout, scale: 1, atlas: atlas)
                let pen = HUDPen(scale: 1, atlas: atlas), rows = try #require(content.sliders)
                let name = pen.width(of: rows[2].name, size: HUD.rowTextSize) + 10
                let value = [rows[2].value, rows[2].widest ?? ""].map { pen.width(of: $0, size: HUD.rowTextSize) }.max() ?? 0
                let top = try #require(bare.captionBox).maxY + 8
                // (Or, where the window is wide enough for the panel beside the caption, a row at
                // the top right.)
                let beside = w - bare.captionBox!.maxX - 2 * HUD.margin >= HUD.panelWidth
                let fits = beside ? HUD.margin + HUD.rowHeight + 12 <= h - HUD.margin
                    : top + HUD.rowHeight + 12 <= h - HUD.margin && min(HUD.panelWidth, w - 2 * HUD.margin) >= 12 + name + value
                #expect(fits ? bare.sliderAreas.count >= 1 : bare.sliderAreas.isEmpty, "\(w)x\(h) \(mode)")
                for area in bare.sliderAreas { #expect(area.row.maxX <= w && area.row.maxY <= h, "\(w)x\(h) \(mode)") }
                if !fits { cut += 1 }
            }
        }
        // Both kinds of window: some where the HUD had to give way, some where it had room.
        let all = sizes.count * Mode.allCases.count
        #expect(shownRows > 0 && shownRows < all && shownFigures > 0 && shownFigures < all && shortened > 0 && shortened < all
                && cut > 0 && cut < all && none > 0 && none < all,
                "rows \(shownRows), figures \(shownFigures), short captions \(shortened), no caption \(none), rows cut \(cut)")
    }

    /// Where the scene leaves room, the sliders take it, 3 units clear of the badges: a wide,
    /// short window's panel has the rows that end above the badges (its padding 12, a row 18,
    /// and a row's height more for the line counting the others where some are out of view),
    /// where the minimum of three once covered the "99+" at 1500x200; a narrower window's panel
    /// goes below the caption with the rows that fit there, where two or more do (it was the lone
    /// row below 800 units wide, however much room); else the
    /// lone row goes below the caption or above the labels' band, its columns its own and its
    /// name shortened if need be (at 200x600 and 300x200 it used to be left out, and at 200x600
    /// it was for explosionDuration, springDuration and flatness, whose values run wide).
    @Test func theSlidersFindRoomBesideTheScene() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let total = Controls(scene: .badges).sliders.count
        for mode in Mode.allCases {
            for (w, h) in [(1500.0, 200.0), (1600, 260), (1000, 150), (200, 600), (300, 200), (260, 400), (700, 500), (500, 600),
                           (640, 300), (560, 200), (300, 500), (340, 500)] {
                let layout = Layout(width: w, height: h, mode: mode, scene: .badges)
                let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
                let avoid = HUDContent.shown(scene.snapshot(Parameters()), layout: layout, parameters: Parameters())
                for selected in 0..<total {
                    var content = HUDTests.content(selected: selected, toast: nil, help: false)
                    // The real rows: values as shown, and the widest each can come to.
                    content.sliders = Controls(scene: .badges).sliders.map { SliderRow($0, in: Parameters()) }
                    content.shortStatus = HUDContent.shortStatus(mode: mode)
                    content.avoid = avoid
                    let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                    let what = "\(w)x\(h) \(mode) slider \(selected)"
                    // The columns: the widest name, and the widest value or widest-to-come of a number, each with a gap of 10.
                    let pen = HUDPen(scale: 1, atlas: atlas), rows = try #require(content.sliders)
                    let nameColumn = rows.map { pen.width(of: $0.name, size: HUD.rowTextSize) }.max()! + 10
                    let valueColumn = rows.filter { $0.fraction != nil }.flatMap { [$0.value, $0.widest ?? ""] }
                        .map { pen.width(of: $0, size: HUD.rowTextSize) }.max()! + 10
                    let panel = try #require(hud.sliderPanel, "\(what): no sliders")
                    #expect(hud.sliderAreas.contains { $0.index == selected }, "\(what)")
                    let apart = avoid.map { Rect(x: $0.x - 3, y: $0.y - 3, width: $0.width + 6, height: $0.height + 6) }
                    #expect(HUD.isClear(panel, of: apart) && panel.maxX <= w && panel.maxY <= h, "\(what): \(panel)")
                    // A panel of rows has bars a pointer can set, 40 units at least.
                    if hud.sliderAreas.count > 1 {
                        for area in hud.sliderAreas { if let bar = area.bar { #expect(bar.width >= 40, "\(what): \(bar)") } }
                    }
                    // Beside the caption where the window leaves the panel's width there.
                    let beside = w - (hud.captionBox?.maxX ?? 0) - 20 >= HUD.panelWidth
                    if beside {
                        // The most rows that end 3 units above the badges in the panel's column, and
                        // above the pane labels' band.
                        let column = Rect(x: w - 10 - HUD.panelWidth, y: 0, width: HUD.panelWidth, height: h)
                        let top = (avoid.filter { $0.intersects(column) }.map(\.y).min() ?? h) - 3
                        let bottom = min(top, content.paneLabels.isEmpty ? h - 10 : h - HUD.bottomBand)
                        let fitting = (1...10).filter { n in 10 + 18 * Double(n) + 12 + (n > 1 && n < total ? 18 : 0) <= bottom }
                        #expect(hud.sliderAreas.count == (fitting.max() ?? 1), "\(what)")
                    } else if min(HUD.panelWidth, w - 20) >= 6 + nameColumn + valueColumn + 40 + 6 {
                        // Below the caption, the rows that end 3 units above the badges, two or more
                        // (where the window is wide enough for the columns and bars of 40).
                        let width = min(HUD.panelWidth, w - 20)
                        let column = Rect(x: 10, y: 0, width: width, height: h)
                        let top = (avoid.filter { $0.intersects(column) }.map(\.y).min() ?? h) - 3
                        let start = try #require(hud.captionBox).maxY + 8
                        let bottom = min(top, content.paneLabels.isEmpty ? h - 10 : h - HUD.bottomBand)
                        let fitting = (2...10).filter { n in start + 18 * Double(n) + 12 + (n < total ? 18 : 0) <= bottom }
                        #expect(hud.sliderAreas.count == (fitting.max() ?? 1), "\(what)")
                        #expect(panel.x == 10 && panel.width == width && panel.y == start, "\(what): \(panel)")
                    } else {
                        #expect(hud.sliderAreas.count == 1, "\(what)")
                    }
                }
            }
        }
    }

    /// The sliders stay put while a badge moves: they keep clear of where the badges rest
    /// (`rest`, their homes), not of where one is now (`avoid`), so the "99+" pulled up under
    /// the panel, or springing back home past it, changes nothing there. (With `avoid` alone,
    /// as before, the panel lost rows and turned into the lone row at the left, frame by frame.)
    @Test func theSlidersStayPutWhileABadgeMoves() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h) in [(1500.0, 200.0), (1000, 150), (800, 600), (300, 200)] {
            let layout = Layout(width: w, height: h, mode: .bezier, scene: .badges)
            let scene = makeScene(.badge, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .bezier)
            var content = HUDTests.content(selected: 3, toast: nil, help: false)
            content.shortStatus = HUDContent.shortStatus(mode: .bezier)
            let atRest = scene.snapshot(Parameters())
            content.avoid = HUDContent.shown(atRest, layout: layout, parameters: Parameters())
            content.rest = scene.resting(atRest).map { HUDContent.boxes($0, layout: layout) }
            let still = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let home = try #require((scene as? BadgeScene)?.board.badges.last).home
            scene.apply(.pointerDown(home))
            var moved = 0
            for dy in [-20.0, -40, -60, 30] {
                scene.apply(.pointerMove(home + Vec2(-10, dy * layout.canvas.y / h)))
                let now = scene.snapshot(Parameters())
                content.avoid = HUDContent.shown(now, layout: layout, parameters: Parameters())
                content.rest = scene.resting(now).map { HUDContent.boxes($0, layout: layout) }
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                #expect(hud.sliderPanel == still.sliderPanel && hud.sliderAreas.map(\.index) == still.sliderAreas.map(\.index),
                        "\(w)x\(h), pulled \(dy): \(String(describing: hud.sliderPanel)) against \(String(describing: still.sliderPanel))")
                var live = content
                live.rest = nil
                if HUD(live, layout: layout, scale: 1, atlas: atlas).sliderPanel != still.sliderPanel { moved += 1 }
            }
            // The pulls do reach the sliders' places: laid out against where the badge is, they move.
            if w >= 1000 { #expect(moved > 0, "\(w)x\(h)") }
        }
    }

    /// The window's grid leaves the HUD's bands free: at window sizes from 500x400 up, in every
    /// mode, with the first, a middle and the last slider selected (the panel scrolls, hints
    /// above and below), no badge's or home's box meets the caption, the slider panel, a pane
    /// label or a toast (at the window's foot, over the labels' band). The grid lies between
    /// the bands (homes a cell's half within them), and a picture's of one pane (no labels)
    /// fills the canvas.
    @Test func theWindowsGridLeavesTheHUDFree() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let controls = Controls(scene: .grid), parameters = Parameters()
        let rows = controls.sliders.map { SliderRow(name: $0.name, value: "10000 px/s²", fraction: 0.5) }
        for (w, h) in [(500.0, 400.0), (700, 500), (800, 600), (1280, 720), (1920, 1080)] {
            for mode in Mode.allCases {
                let layout = Layout(width: w, height: h, mode: mode, scene: .grid)
                let scene = GridScene(width: layout.canvas.x, height: layout.canvas.y, count: 64, parameters: parameters,
                                      band: (HUD.topBand, HUD.bottomBand))
                let grid = GridScene.layout(width: layout.canvas.x, height: layout.canvas.y - HUD.topBand - HUD.bottomBand, count: 64)
                #expect(abs((scene.poses.map(\.home.y).min() ?? 0) - (HUD.topBand + grid.cell.y / 2)) < 1e-9)
                #expect(abs((scene.poses.map(\.home.y).max() ?? 0) - (h - HUD.bottomBand - grid.cell.y / 2)) < 1e-9)
                // The boxes with their anti-aliased fringe (a pixel): a panel touching a circle
                // flattens its edge.
                let avoid = HUDContent.shown(scene.snapshot(parameters), layout: layout, parameters: parameters)
                    .map { Rect(x: $0.x - 1, y: $0.y - 1, width: $0.width + 2, height: $0.height + 2) }
                for selected in [0, rows.count / 2, rows.count - 1] {
                    var content = HUDContent()
                    content.caption = HUDContent.caption(layout: layout, scene: .grid, mode: mode, parameters: parameters,
                                                         frameTime: 0.0117)
                    content.sliders = rows
                    content.selected = selected
                    content.avoid = avoid
                    content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .grid, parameters: parameters)
                    content.toast = "scene: grid (64 badges, still: for measuring)"
                    let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                    let parts = [hud.captionBox, hud.sliderPanel, hud.toastBox].compactMap { $0 } + hud.labelBoxes
                    // Every part shown; the split's two labels but one the toast lies over (it goes
                    // over their band, clear of the grid), left out while it shows.
                    var quiet = content
                    quiet.toast = nil
                    let labels = HUD(quiet, layout: layout, scale: 1, atlas: atlas).labelBoxes
                    #expect(labels.count == (mode == .split ? 2 : 0))
                    #expect(hud.labelBoxes == labels.filter { !$0.intersects(hud.toastBox!) })
                    #expect(parts.count == 3 + hud.labelBoxes.count)
                    let covered = avoid.filter { box in parts.contains { $0.intersects(box) } }
                    #expect(covered.isEmpty, "\(Int(w))x\(Int(h)) \(mode), slider \(selected): the HUD covers \(covered.count) of the grid's boxes")
                }
            }
        }
        let picture = GridScene(width: 800, height: 600, count: 64, parameters: parameters)
        #expect(picture.poses.map(\.home.y).min() == GridScene.layout(width: 800, height: 600, count: 64).cell.y / 2)
        // A split picture leaves its labels their band (`splitPanesAreLabelledAlike` looks at them).
        for mode in Mode.allCases {
            let band = HUD.pictureBand(Layout(width: 800, height: 600, mode: mode, scene: .grid))
            #expect(band.top == 0 && band.bottom == (mode == .split ? HUD.bottomBand : 0), "\(mode)")
        }
    }

    /// A short window's grid leaves the caption and the selected slider's row room above it:
    /// at 300x200 the grid began a third of the way down, under a caption of two lines, and no
    /// slider showed at all (the badge and chain scenes keep one row there). The row is shown,
    /// clear of every badge and home, in each mode (but the overlay's under 250 tall, whose
    /// caption holds the legend's two lines too).
    @Test func aShortWindowsGridLeavesASliderRow() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let controls = Controls(scene: .grid), parameters = Parameters()
        let rows = controls.sliders.map { SliderRow(name: $0.name, value: "60 px", fraction: 0.5) }
        for (w, h) in [(300.0, 200.0), (320, 210), (400, 250)] {
            for mode in Mode.allCases where mode != .overlay || h >= 250 {
                let layout = Layout(width: w, height: h, mode: mode, scene: .grid)
                let scene = GridScene(width: layout.canvas.x, height: layout.canvas.y, count: 64, parameters: parameters,
                                      band: (HUD.topBand / layout.zoom, HUD.bottomBand / layout.zoom))
                let avoid = HUDContent.shown(scene.snapshot(parameters), layout: layout, parameters: parameters)
                    .map { Rect(x: $0.x - 1, y: $0.y - 1, width: $0.width + 2, height: $0.height + 2) }
                var content = HUDContent()
                content.caption = HUDContent.caption(layout: layout, scene: .grid, mode: mode, parameters: parameters, frameTime: 0.0117)
                content.sliders = rows
                content.avoid = avoid
                content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .grid, parameters: parameters)
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                let shown = hud.sliderPanel != nil && !hud.sliderAreas.isEmpty
                #expect(shown, "\(Int(w))x\(Int(h)) \(mode): no slider shown (caption \(String(describing: hud.captionBox)))")
                let parts = [hud.captionBox, hud.sliderPanel].compactMap { $0 } + hud.labelBoxes
                let covered = avoid.filter { box in parts.contains { $0.intersects(box) } }
                #expect(covered.isEmpty, "\(Int(w))x\(Int(h)) \(mode): the HUD covers \(covered.count) of the grid's boxes")
            }
        }
    }

    /// The split's divider runs the window's height except under the HUD's parts (caption,
    /// sliders, labels, toast, help), which cross it in small windows: there it breaks, a unit
    /// clear of each part's panel, so that it never shows through their text.
    @Test func theDividerBreaksUnderTheHUD() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var broken = 0
        for (w, h) in [(120.0, 60.0), (300, 200), (517, 263), (800, 600), (1200, 700)] {
            for help in [false, true] {
                let layout = Layout(width: w, height: h, mode: .split, scene: .badges)
                let hud = HUD(HUDTests.content(selected: 2, help: help), layout: layout, scale: 1, atlas: atlas)
                // (A slider panel under the toast is not drawn: the divider need not break for it.)
                let panel = hud.sliderPanelCovered ? nil : hud.sliderPanel
                let parts = [hud.captionBox, panel, hud.toastBox, hud.helpBox].compactMap { $0 } + hud.labelBoxes
                let x = layout.panes[1].x
                for piece in hud.dividerPieces {
                    #expect(piece.x == x - 1 && piece.width == 1 && piece.height > 0, "\(w)x\(h): \(piece)")
                    for part in parts { #expect(!piece.intersects(part), "\(w)x\(h) help \(help): \(piece) crosses \(part)") }
                }
                // Every point down the line: in a piece, or within a unit of a part over the line.
                for y in stride(from: 0.25, to: h, by: 0.5) {
                    let p = Vec2(x - 0.5, y)
                    let underPart = parts.contains { Rect(x: $0.x - 1, y: $0.y - 1, width: $0.width + 2, height: $0.height + 2).contains(p) }
                    let inPiece = hud.dividerPieces.contains { Rect(x: $0.x, y: $0.y, width: 1.01, height: $0.height).contains(p) }
                    #expect(underPart != inPiece, "\(w)x\(h) help \(help) at y \(y): under a part \(underPart), drawn \(inPiece)")
                }
                if hud.dividerPieces.count > 1 { broken += 1 }
            }
        }
        #expect(broken > 0 && broken < 10, "\(broken) dividers broken")
    }

    /// The help fits the window (`everyPartLiesInsideTheWindow` checks its every vertex, small
    /// windows included): a narrow one wraps the descriptions, and a short one shows the rows it
    /// has room for, 16 units each under the 34-unit heading within the margins, the last of
    /// them counting the rest.
    @Test func theHelpCountsTheRowsItHasNoRoomFor() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let rows = Controls.helpLines.count
        var cut = 0
        for h in [60.0, 200, 263, 330, 400, 600] {
            // Wide enough that no description wraps: a row a line.
            let layout = Layout(width: 1200, height: h, mode: .bezier, scene: .badges)
            let hud = HUD(HUDTests.content(selected: 0, toast: nil), layout: layout, scale: 1, atlas: atlas)
            let fit = max(0, Int((h - 2 * HUD.margin - 34) / HUD.lineHeight))
            #expect(hud.helpHidden == (fit >= rows ? 0 : rows - max(0, fit - 1)), "1200x\(h): \(hud.helpHidden) hidden, \(fit) lines")
            // Every line it has room for is used, the count of the rest last.
            let box = try #require(hud.helpBox)
            #expect(box.height == HUD.lineHeight * Double(min(fit, rows)) + 34, "1200x\(h): \(box)")
            if hud.helpHidden > 0 { cut += 1 }
        }
        #expect(cut > 0 && cut < 6)
        // Narrow and tall: every row, wrapped.
        let narrow = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: 300, height: 1000, mode: .bezier, scene: .badges),
                         scale: 1, atlas: atlas)
        #expect(narrow.helpHidden == 0 && (narrow.helpBox?.height ?? 0) > HUD.lineHeight * Double(rows) + 34)
    }

    /// A help taller than its window scrolls: from row k on, its first line counts the k rows
    /// above ("↑ k more (up)"), its last the rows below; every line it has room for is used;
    /// scrolled to the end, the last row (quit) shows and nothing is counted below; scrolled
    /// further, it stays there (a new user found no way to see the last rows at 700x300).
    @Test func theHelpScrolls() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let help = Controls.helpLines, rows = help.count
        for h in [200.0, 263, 300, 350] {
            let layout = Layout(width: 1200, height: h, mode: .bezier, scene: .badges)
            // Wide enough that no description wraps: a row a line.
            let fit = Int((h - 2 * HUD.margin - 34) / HUD.lineHeight)
            try #require(fit < rows)
            var last = -1
            for scroll in 0...(rows + 3) {
                var content = HUDTests.content(selected: 0, toast: nil)
                content.helpScroll = scroll
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                let first = hud.helpFirst
                // The most it scrolls: the first row from which the rest fit below the "↑" line.
                let most = rows - (fit - 1)
                #expect(first == min(scroll, most), "1200x\(h) scroll \(scroll): first \(first), most \(most)")
                #expect(hud.helpRows.count == fit, "1200x\(h) scroll \(scroll): \(hud.helpRows.count) lines of \(fit)")
                // (One piece in the keys' column: split over the two, it read as two things.)
                if first > 0 { #expect(hud.helpRows.first! == ("↑ \(first) more (up)", ""), "\(hud.helpRows.first!)") }
                let below = rows - first - (fit - (first > 0 ? 1 : 0) - (hud.helpHidden > 0 ? 1 : 0))
                #expect(hud.helpHidden == below, "1200x\(h) scroll \(scroll): \(hud.helpHidden) hidden, \(below) below")
                if hud.helpHidden > 0 { #expect(hud.helpRows.last! == ("↓ \(hud.helpHidden) more (down)", "")) }
                // The rows shown are the help's own, in order, from `first`.
                let keys = hud.helpRows.filter { !$0.0.hasPrefix("↑") && !$0.0.hasPrefix("↓") }.map(\.0)
                let expected = help[first...].prefix(keys.count).map { String($0[..<$0.range(of: "  ")!.lowerBound]) }
                #expect(keys == expected, "1200x\(h) scroll \(scroll)")
                if first == most {
                    #expect(hud.helpHidden == 0 && keys.last == "q, escape", "\(keys)")
                }
                #expect(first >= last)
                last = first
            }
            #expect(last == rows - (fit - 1) && last > 0)
        }
        // Where every row fits, it does not scroll.
        for scroll in [1, 5, 40] {
            var content = HUDTests.content(selected: 0, toast: nil)
            content.helpScroll = scroll
            let hud = HUD(content, layout: Layout(width: 1200, height: 600, mode: .bezier, scene: .badges), scale: 1, atlas: atlas)
            #expect(hud.helpFirst == 0 && hud.helpHidden == 0 && hud.helpRows.count == rows)
        }
    }

    /// Scrolled, the help's box keeps its height and place at every step, its "↓" line at its
    /// foot, in a small window where rows wrap onto different numbers of lines (at 300x200 it
    /// jumped up and down as it scrolled).
    @Test func theHelpKeepsItsPlaceAsItScrolls() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h) in [(300.0, 200.0), (400, 300), (240, 300)] {
            var boxes: [Rect] = [], downs: [Int] = []
            for scroll in 0..<Controls.helpLines.count {
                var content = HUDTests.content(selected: 0, toast: nil)
                content.helpScroll = scroll
                let hud = HUD(content, layout: Layout(width: w, height: h, mode: .bezier, scene: .badges), scale: 1, atlas: atlas)
                boxes.append(try #require(hud.helpBox))
                if let down = hud.helpRows.lastIndex(where: { $0.0.hasPrefix("↓") }) { downs.append(down) }
                #expect(hud.helpRows.count == Int((h - 2 * HUD.margin - 34) / HUD.lineHeight), "\(w)x\(h) scroll \(scroll)")
            }
            #expect(Set(boxes.map { "\($0)" }).count == 1, "\(w)x\(h): \(Set(boxes.map { "\($0)" }))")
            #expect(!downs.isEmpty && Set(downs).count == 1, "\(w)x\(h): the ↓ line at \(downs)")
        }
    }

    /// A narrow window stacks each key above its description, which then takes the panel's
    /// width: at 200x150 the help shows rows (it showed only "… 20 more"), each line within the
    /// panel, and in a window a few letters wide its heading still fits inside it (or, in one
    /// too narrow for "…", there is none).
    @Test func aNarrowWindowsHelpStacksItsRows() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let keys = Set(Controls.helpLines.compactMap { line in line.range(of: "  ").map { String(line[..<$0.lowerBound]) } })
        for (w, h) in [(200.0, 150.0), (240, 300), (250, 500)] {
            let hud = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: w, height: h, mode: .bezier, scene: .badges),
                          scale: 1, atlas: atlas)
            let box = try #require(hud.helpBox)
            let rows = hud.helpRows
            // A key's line, then its description's below it, from the panel's left.
            let firstKey = try #require(rows.firstIndex { keys.contains($0.0) }, "\(w)x\(h): no key shown: \(rows) \(keys)")
            #expect(rows[firstKey].1.isEmpty && rows.count > firstKey + 1 && rows[firstKey + 1].0.isEmpty && !rows[firstKey + 1].1.isEmpty,
                    "\(w)x\(h): \(rows)")
            for row in rows {
                #expect(pen.width(of: row.0, size: HUD.rowTextSize) <= box.width - 24 + 1e-9 && pen.width(of: row.1, size: HUD.rowTextSize) <= box.width - 24 + 1e-9,
                        "\(w)x\(h): \(row) wider than \(box)")
            }
        }
        // In a window a few letters wide the line counting the rows left out says less, not
        // more than the panel holds (at 120x80 "↓ 20 more (down)" ran past it and the window).
        var counted = Set<String>()
        for (w, h) in [(120.0, 80.0), (130, 200), (160, 110), (100, 300), (90, 120)] {
            for scroll in [0, 3] {
                var content = HUDTests.content(selected: 0, toast: nil)
                content.helpScroll = scroll
                let hud = HUD(content, layout: Layout(width: w, height: h, mode: .bezier, scene: .badges), scale: 1, atlas: atlas)
                let box = try #require(hud.helpBox)
                for row in hud.helpRows {
                    #expect(pen.width(of: row.0, size: HUD.rowTextSize) <= box.width - 24 + 1e-9 && pen.width(of: row.1, size: HUD.rowTextSize) <= box.width - 24 + 1e-9,
                            "\(w)x\(h) scroll \(scroll): \(row) wider than \(box)")
                    if row.0.hasPrefix("↓") || row.0.hasPrefix("↑") { counted.insert(row.0) }
                }
            }
        }
        // Shortened where it must be, whole where it fits ("↓ 20 more (down)" at 160 wide).
        #expect(counted.contains { $0.hasSuffix("more") } && counted.contains { $0.hasSuffix(")") }, "\(counted)")
        // Where not even the first row fits whole (160x110: three lines), its key and the start
        // of its description, cut with "…", then the count of the rest (it showed the count alone).
        let tiny = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: 160, height: 110, mode: .bezier, scene: .badges),
                       scale: 1, atlas: atlas)
        let first = Controls.helpLines[0]
        #expect(tiny.helpRows.count == 3 && tiny.helpRows[0] == (String(first[..<first.range(of: "  ")!.lowerBound]), "")
                && tiny.helpRows[1].1.hasSuffix("…") && tiny.helpHidden == Controls.helpLines.count - 1, "\(tiny.helpRows)")
        var headings = 0
        for (w, h) in [(60.0, 40.0), (40, 80), (120, 80)] {
            let hud = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: w, height: h, mode: .bezier, scene: .badges),
                          scale: 1, atlas: atlas)
            let box = try #require(hud.helpBox)
            // (None where not even "…" fits.)
            #expect(hud.helpHeading.isEmpty || pen.width(of: hud.helpHeading, size: HUD.textSize) <= box.width - 24,
                    "\(w)x\(h): \(hud.helpHeading) in \(box)")
            headings += hud.helpHeading.isEmpty ? 0 : 1
        }
        #expect(headings == 2)
        // And inside it from top to foot: its ink (the atlas's glyph boxes, "…" low on the line)
        // within the panel's edges, not on the foot's (at 60x40 it sat on it); none where the
        // panel is shorter than a line.
        var inside = 0
        for (w, h) in [(60.0, 40.0), (120, 40), (200, 45), (300, 50), (300, 34), (400, 600)] {
            let hud = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: w, height: h, mode: .bezier, scene: .badges),
                          scale: 1, atlas: atlas)
            let box = try #require(hud.helpBox)
            guard !hud.helpHeading.isEmpty else {
                #expect(box.height < HUD.lineHeight + 4, "\(w)x\(h): no heading in \(box)")
                continue
            }
            inside += 1
            let pixels = Int(HUD.textSize.rounded())
            for scalar in hud.helpHeading.unicodeScalars {
                guard let glyph = atlas.glyph(scalar, size: pixels), glyph.height > 0 else { continue }
                let top = hud.helpHeadingBaseline - Double(glyph.top), foot = top + Double(glyph.height)
                #expect(top >= box.y + 1 && foot <= box.maxY - 1, "\(w)x\(h): '\(scalar)' from \(top) to \(foot) in \(box)")
            }
        }
        #expect(inside >= 4)
    }

    /// The help's heading says how to close it where the panel has room (it once said only
    /// "keys", and a new user found no way out but q), in short where it has less, and "keys"
    /// where it has not even that.
    @Test func theHelpSaysHowToCloseIt() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let whole = "keys · f1, escape or a click closes this", short = "keys · escape closes"
        var kinds = Set<String>()
        for (w, h) in [(900.0, 700.0), (400, 600), (200, 500), (150, 500), (120, 500)] {
            let hud = HUD(HUDTests.content(selected: 0, toast: nil), layout: Layout(width: w, height: h, mode: .bezier, scene: .badges),
                          scale: 1, atlas: atlas)
            let box = try #require(hud.helpBox)
            let expected = [whole, short].first { pen.width(of: $0, size: HUD.textSize) <= box.width - 24 } ?? "keys"
            #expect(hud.helpHeading == expected, "\(w)x\(h): \(hud.helpHeading) in \(box)")
            kinds.insert(hud.helpHeading)
        }
        #expect(kinds == [whole, short, "keys"], "\(kinds)")
    }

    /// The help stands alone: in a short window, the caption and pane labels that it would
    /// cover in part are left out, not sliced by its panel's edge (the toast is drawn over it:
    /// aToastShowsOverTheHelp).
    @Test func theHelpStandsAlone() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var left = 0
        for (w, h) in [(400.0, 90.0), (200, 110), (517, 263), (120, 60), (900, 600)] {
            let layout = Layout(width: w, height: h, mode: .split, scene: .badges)
            let hud = HUD(HUDTests.content(selected: 0), layout: layout, scale: 1, atlas: atlas)
            let help = try #require(hud.helpBox)
            let edged = Rect(x: help.x - 1, y: help.y - 1, width: help.width + 2, height: help.height + 2)
            let parts = [hud.captionBox].compactMap { $0 } + hud.labelBoxes
            for part in parts { #expect(!part.intersects(edged), "\(w)x\(h): \(part) under the help at \(help)") }
            left += 3 - parts.count
        }
        #expect(left > 0 && left < 15, "\(left) parts left out")
    }

    /// Pane labels and toasts keep clear of what the scene shows (the chain resting on the
    /// floor along the bottom), and of the caption and sliders.
    @Test func labelsAndToastsKeepClearOfTheScene() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 900, height: 560, mode: .split, scene: .chain)
        var content = HUDTests.content(selected: 0, help: false)
        content.toast = "mode: split"
        // A floor's worth of bodies along the bottom of both panes, 60 high.
        content.avoid = [Rect(x: 0, y: 500, width: 900, height: 60)]
        let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let toast = try #require(hud.toastBox)
        #expect(!toast.intersects(content.avoid[0]), "toast at \(toast)")
        #expect(hud.labelBoxes.count == 2)
        for box in hud.labelBoxes {
            #expect(!box.intersects(content.avoid[0]) && !box.intersects(hud.captionBox!) && !box.intersects(hud.sliderPanel!), "\(box)")
            #expect(!box.intersects(toast))
        }
        // Nothing in the way: at the bottom.
        content.avoid = []
        let free = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(free.labelBoxes.allSatisfy { $0.maxY > 530 } && free.toastBox!.maxY > 500)
        // The scene everywhere (a grid of badges): at the bottom, where toasts are looked for.
        content.avoid = stride(from: 0.0, to: 560, by: 40).flatMap { y in
            stride(from: 0.0, to: 900, by: 40).map { Rect(x: $0, y: y, width: 30, height: 30) }
        }
        let everywhere = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(everywhere.toastBox!.maxY > 500, "toast at \(everywhere.toastBox!)")
    }

    /// `render`'s pane labels (split) and the overlay's legend keep off the bridge
    /// construction's labels ("D" lay under "Bézier · quad"): a badge pulled down and right
    /// near the bottom right of the labelled pane, in steps down to its floor; the labels laid
    /// out as `render` lays them; at least one step where the label would have met a letter.
    @Test func renderLabelsKeepOffTheConstructionsLetters() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let parameters = Parameters()
        var met = 0
        for (mode, right) in [(Mode.split, 400.0), (.overlay, 800)] {
            let layout = Layout(width: 800, height: 600, mode: mode, scene: .free)
            for y in stride(from: 470.0, through: 560, by: 5) {
                for x in [right - 90, right - 60, right - 40] {
                    let home = Vec2(x - 20, y - 25)
                    let pose = BadgePose(home: home, center: Vec2(x, y), radius: 20, parameters: parameters.motion.badge)
                    var painter = BadgePainter(atlas: atlas)
                    painter.paint([pose], texts: ["8"], parameters: parameters, scale: 1, mode: mode)
                    painter.addOverlays(construction: pose, wireframe: false, parameters: parameters, scale: 1, deviceScale: 1)
                    let letters = HUDContent.boxes(painter.constructionLabels, layout: layout)
                    #expect(letters.count >= 4)
                    let snapshot = SceneSnapshot(held: [pose], texts: ["8"], rule: parameters.metaballBreak,
                                                 shrink: parameters.motion.badge.shrink)
                    func labels(_ construction: [Rect]) -> [Rect] {
                        let content = HUDContent.labels(snapshot, layout: layout, scene: .badge, parameters: parameters,
                                                        construction: construction)
                        return HUD(content, layout: layout, scale: 1, atlas: atlas).labelBoxes
                    }
                    let shown = labels(painter.constructionLabels)
                    #expect(!shown.isEmpty, "\(mode) at \(x), \(y): no label")
                    for box in shown {
                        #expect(!letters.contains { $0.intersects(box) }, "\(mode) at \(x), \(y): label \(box) over a letter")
                    }
                    if labels([]).contains(where: { box in letters.contains { $0.intersects(box) } }) { met += 1 }
                }
            }
        }
        #expect(met > 0, "no step put a letter where a label would be")
    }

    /// The caterpillar at 500x400 after r: its floor takes the bottom and its slider panel
    /// reaches past the middle; the toast goes below the panel, over neither (it went over the
    /// panel's first row).
    @Test func aToastGoesBelowALongPanel() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 500, height: 400, mode: .bezier, scene: .chain)
        var content = HUDContent()
        content.caption = ["chain · bezier · circles · frame   2.4 ms · f1: keys"]
        content.sliders = Controls(scene: .chain).sliders.map { SliderRow($0, in: Parameters(), scene: .chain) }
        content.toast = "the chain is back at its start"
        // The chain on its floor, 30 high (it rests there): where the panel and toast keep clear of.
        content.rest = [Rect(x: 0, y: 340, width: 500, height: 60)]
        let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let panel = try #require(hud.sliderPanel), toast = try #require(hud.toastBox)
        #expect(panel.maxY > 200, "the panel ends at \(panel.maxY): the case needs one past the middle")
        #expect(!toast.intersects(panel) && !toast.intersects(content.rest![0]) && !toast.intersects(hud.captionBox!),
                "toast at \(toast), panel \(panel)")
    }

    /// The caterpillar in split at 700x400: its floor takes the bottom, the slider panel the top
    /// right, the pane labels the middle; the toast goes to the free band between the labels
    /// and the floor, over no part of the HUD (it went over the panel's first row, a new user's
    /// report).
    @Test func aToastFindsTheFreeBandInItsColumn() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 700, height: 400, mode: .split, scene: .chain)
        var content = HUDContent()
        content.caption = ["chain · split · frame   7.5 ms · f1: keys"]
        content.sliders = Controls(scene: .chain).sliders.map { SliderRow($0, in: Parameters(), scene: .chain) }
        content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .chain, parameters: Parameters())
        content.toast = "mode: split"
        content.rest = [Rect(x: 0, y: 330, width: 700, height: 70)]
        let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let toast = try #require(hud.toastBox), panel = try #require(hud.sliderPanel)
        #expect(hud.labelBoxes.count == 2, "both pane labels shown: \(hud.labelBoxes)")
        let parts = [panel, try #require(hud.captionBox)] + hud.labelBoxes + content.rest!
        #expect(parts.allSatisfy { !$0.intersects(toast) }, "toast at \(toast) over one of \(parts)")
    }

    /// The caterpillar in split at 800x600 and 500x350 (a new user's report): the slider panel
    /// stands in the right pane only, so the left label sat under the caption and the right one
    /// under the panel, at different heights; they line up, both clear of the HUD.
    @Test func paneLabelsSideBySideLineUp() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h) in [(800.0, 600.0), (500.0, 350.0)] {
            let layout = Layout(width: w, height: h, mode: .split, scene: .chain)
            var content = HUDContent()
            content.caption = HUDContent.caption(layout: layout, scene: .chain, mode: .split, parameters: Parameters(), frameTime: 0.0049)
            content.sliders = Controls(scene: .chain).sliders.map { SliderRow($0, in: Parameters(), scene: .chain) }
            content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .chain, parameters: Parameters())
            content.rest = [Rect(x: 0, y: h - 75, width: w, height: 75)]
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            #expect(hud.labelBoxes.count == 2, "both labels at \(w)x\(h): \(hud.labelBoxes)")
            guard hud.labelBoxes.count == 2 else { continue }
            let (left, right) = (hud.labelBoxes[0], hud.labelBoxes[1])
            #expect(left.y == right.y, "labels at \(left.y) and \(right.y) (\(w)x\(h))")
            let parts = [try #require(hud.captionBox), try #require(hud.sliderPanel)] + content.rest!
            #expect(!hud.labelBoxes.contains { box in parts.contains { $0.intersects(box) } }, "a label over the HUD or the scene: \(hud.labelBoxes)")
        }
    }

    /// A 260x160 split window (a new user's report): the slider panel is the selected slider's
    /// row alone, and the toast of its new value had no place but over that row, hiding the bar
    /// it reported on. A toast that reports a slider is not drawn over that slider's row; any
    /// other toast still is, where nothing else is free.
    @Test func aSlidersToastDoesNotCoverItsOwnRow() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 260, height: 160, mode: .split, scene: .badges)
        var content = HUDContent()
        content.caption = HUDContent.caption(layout: layout, scene: .badge, mode: .split, parameters: Parameters(), frameTime: 0.0022)
        content.sliders = Controls(scene: .badges).sliders.map { SliderRow($0, in: Parameters(), scene: .badges) }
        content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .badge, parameters: Parameters())
        // (The scene at the window's foot too: a toast goes over a pane label before the
        // slider panel, so the labels' band is taken away.)
        content.rest = [Rect(x: 0, y: 62, width: 260, height: 32), Rect(x: 0, y: 132, width: 260, height: 28)]
        content.toast = "maxDistance = 62 px"
        let other = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let row = try #require(other.sliderAreas.first { $0.index == content.selected }?.row, "the selected row is shown")
        let box = try #require(other.toastBox, "a toast about nothing in particular is shown")
        #expect(box.intersects(row), "the case needs the toast's only place over the row: toast \(box), row \(row)")
        content.toastSlider = content.selected
        let own = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(own.toastBox == nil, "the slider's toast over its own row at \(own.toastBox.map { "\($0)" } ?? "-")")
        #expect(own.sliderAreas.map(\.index) == other.sliderAreas.map(\.index))
        // In a larger window, where it finds a place off the row, it is shown.
        let large = Layout(width: 800, height: 600, mode: .split, scene: .badges)
        content.rest = [Rect(x: 0, y: 250, width: 800, height: 60)]
        let shown = HUD(content, layout: large, scale: 1, atlas: atlas)
        #expect(shown.toastBox != nil)
    }

    /// The caterpillar in overlay at 500x350 (a new user's report): the caption takes two
    /// lines, the slider panel the left down to just above the chain on its floor, so the
    /// centre's column has no free place (the toast went over the panel's first row); it goes
    /// to the right's, over no part of the HUD and not over the chain.
    @Test func aToastTriesTheSidesWhereItsColumnIsFull() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 500, height: 350, mode: .overlay, scene: .chain)
        var content = HUDContent()
        content.caption = HUDContent.caption(layout: layout, scene: .chain, mode: .overlay, parameters: Parameters(), frameTime: 0.0056)
        content.sliders = Controls(scene: .chain).sliders.map { SliderRow($0, in: Parameters(), scene: .chain) }
        content.toast = "goo = true"
        content.rest = [Rect(x: 8, y: 275, width: 302, height: 70)]
        let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let toast = try #require(hud.toastBox), panel = try #require(hud.sliderPanel), caption = try #require(hud.captionBox)
        #expect(panel.maxX > 250 && panel.maxY > 240, "the panel \(panel): the case needs one across the centre, down to the chain")
        #expect(![panel, caption, content.rest![0]].contains { $0.intersects(toast) }, "toast at \(toast), panel \(panel)")
        #expect(toast.x >= 0 && toast.maxX <= 500 && toast.y >= 0 && toast.maxY <= 350, "toast at \(toast)")
    }

    /// The list scrolls only when the selection leaves the rows shown (a click on a row used to
    /// re-centre the list under the pointer), and ends above what the scene shows.
    @Test func theSliderListScrollsOnlyWhenItMust() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 1200, height: 700, mode: .bezier, scene: .badges)
        var content = HUDTests.content(selected: 7, toast: nil, help: false)
        let count = content.sliders!.count
        #expect(HUD(content, layout: layout, scale: 1, atlas: atlas).sliderFirst == 0)
        content.selected = 12
        let scrolled = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(scrolled.sliderFirst == 12 - 10 + 1 && scrolled.sliderAreas.map(\.index) == Array(3..<13))
        content.scroll = 3
        content.selected = 4
        #expect(HUD(content, layout: layout, scale: 1, atlas: atlas).sliderFirst == 3)
        content.selected = count - 1
        content.scroll = 0
        #expect(HUD(content, layout: layout, scale: 1, atlas: atlas).sliderFirst == count - 10)
        // Badges from y = 200 down: the panel stops above them.
        content.avoid = [Rect(x: 0, y: 200, width: 1200, height: 60)]
        let short = HUD(content, layout: layout, scale: 1, atlas: atlas)
        #expect(short.sliderPanel!.maxY <= 200 && short.sliderAreas.count >= 3 && short.sliderAreas.contains { $0.index == count - 1 })
    }

    /// A list that scrolls keeps its panel's height and its rows' places wherever it is
    /// scrolled to (room for "↑ n more" and "↓ n more" both, one of them blank at an end).
    @Test func theSliderPanelKeepsItsHeightAsItScrolls() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 1200, height: 700, mode: .bezier, scene: .badges)
        var content = HUDTests.content(selected: 0, toast: nil, help: false)
        var panels: Set<[Double]> = [], firstRows: Set<Double> = []
        for selected in content.sliders!.indices {
            content.selected = selected
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            content.scroll = hud.sliderFirst
            let panel = try #require(hud.sliderPanel)
            panels.insert([panel.x, panel.y, panel.width, panel.height])
            firstRows.insert(try #require(hud.sliderAreas.first).row.y)
        }
        #expect(content.sliders!.count > 10)
        #expect(panels.count == 1, "\(panels)")
        #expect(firstRows.count == 1, "\(firstRows)")
    }

    /// The row under the pointer is lit (a light wash over the whole row), the others not.
    @Test func theHoveredRowIsLit() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var content = HUDTests.content(selected: 0, toast: nil, help: false)
        let layout = Layout(width: 1200, height: 700, mode: .bezier, scene: .badges)
        func lit(_ hud: HUD) -> [Int] {
            let wash = HUDPen.hover.with(alpha: 0.6).packed
            return hud.sliderAreas.filter { area in
                let corners = [(area.row.x, area.row.y), (area.row.maxX, area.row.maxY)]
                return corners.allSatisfy { c in hud.mesh.vertices.contains { $0.color == wash && Double($0.x) == c.0 && Double($0.y) == c.1 } }
            }.map(\.index)
        }
        #expect(lit(HUD(content, layout: layout, scale: 1, atlas: atlas)).isEmpty)
        content.hovered = 3
        #expect(lit(HUD(content, layout: layout, scale: 1, atlas: atlas)) == [3])
    }

    /// The value's text ends before its bar begins, on every row.
    @Test func valuesNeverOverlapTheirBars() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let parameters = Parameters()
        var content = HUDContent()
        content.sliders = Controls.sliders.map { SliderRow($0, in: parameters) }
        for selected in content.sliders!.indices {
            content.selected = selected
            let hud = HUD(content, layout: Layout(width: 1200, height: 800, mode: .bezier, scene: .badges), scale: 1, atlas: atlas)
            for area in hud.sliderAreas {
                guard let bar = area.bar else { continue }
                let row = content.sliders![area.index]
                // The value is drawn after the widest name of all: it ends before the bar.
                let names = content.sliders!.map { pen.width(of: $0.name, size: HUD.rowTextSize) }.max()!
                let valueEnd = area.row.x + 6 + names + 10 + pen.width(of: row.value, size: HUD.rowTextSize)
                #expect(valueEnd < bar.x, "\(row.name): value ends at \(valueEnd), bar starts at \(bar.x)")
            }
        }
    }
}

extension HUDTests {
    /// Each pane's label lies within its pane, down to a pane too narrow for the label's first
    /// part ("metaball · inverseSquare" is "metaball" in a narrow window).
    @Test func aPaneLabelFitsItsPane() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let labels = ["Bézier · quad", "metaball · inverseSquare"]
        var shortened = 0, dropped = 0
        for w in stride(from: 120.0, through: 900, by: 20) {
            let layout = Layout(width: w, height: 400, mode: .split, scene: .badges)
            var content = HUDContent()
            content.paneLabels = labels
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            // Panes too narrow for even the first part have no label, neither of them.
            let room = zip(layout.panes, labels).allSatisfy { pen.width(of: String($1.prefix { $0 != " " }), size: HUD.textSize) + 16 <= $0.width }
            #expect(hud.labelBoxes.count == (room ? 2 : 0), "\(Int(w)) px")
            if !room { dropped += 1 }
            for (pane, (label, box)) in zip(layout.panes, zip(labels, hud.labelBoxes)) {
                #expect(box.x >= pane.x && box.maxX <= pane.x + pane.width, "\(Int(w)) px: '\(label)' at \(box) in a pane at \(pane.x)…\(pane.x + pane.width)")
                if box.width < pen.width(of: label, size: HUD.textSize) { shortened += 1 }
            }
        }
        // Narrow windows shortened some, and the narrowest dropped them.
        #expect(shortened > 0 && dropped > 0 && dropped < 10, "\(shortened) shortened, \(dropped) dropped")
    }

    /// The widest value a slider can show, as the panel reserves it.
    @Test func theWidestValueIsWrittenOut() throws {
        func widest(_ name: String) -> String? { Controls.sliders.first { $0.name == name }?.widestText }
        // flatness 0.01…4 by 0.01 (alt: 0.001); maxDistance 1…10000 by 1 (0.1); stiffness 0…100000 by 100 (10).
        #expect(widest("flatness") == "0.000 device px")
        #expect(widest("maxDistance") == "00000.0 px")
        #expect(widest("stiffness") == "000000 1/s²")
        #expect(widest("style") == nil)
    }

    /// Every value the keys and the bar can give a slider is no wider than the width reserved for
    /// it, so the bars do not move while a value changes: the bar of every row starts at the same
    /// place whatever the values.
    @Test func theBarsStayPutWhileAValueChanges() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let layout = Layout(width: 1200, height: 800, mode: .bezier, scene: .badges)
        var barX: Double?
        for p in Controls.sliders {
            guard case .number(let key, let range, let step) = p.kind, let widest = p.widestText else { continue }
            // Values a tenth of a step apart (what alt moves; `Controls.clean` rounds to it), at
            // both ends of the range and through it.
            let tenth = step / 10, count = Int(((range.upperBound - range.lowerBound) / tenth).rounded(.down))
            let ks = Array(0..<min(count, 300)) + stride(from: 0, through: count, by: max(1, count / 1000)) + Array(max(0, count - 300)...count)
            var parameters = Parameters()
            for k in ks {
                parameters[keyPath: key] = Controls.clean(range.lowerBound + Double(k) * tenth, step: step, range: range)
                let row = SliderRow(p, in: parameters)
                #expect(pen.width(of: row.value, size: HUD.rowTextSize) <= pen.width(of: widest, size: HUD.rowTextSize) + 1e-9,
                        "\(p.name): '\(row.value)' is wider than '\(widest)'")
            }
            // The panel with this slider at the ends of its range and at a value of many decimals.
            for value in [range.lowerBound, range.upperBound, Controls.clean(range.lowerBound + 7 * tenth, step: step, range: range)] {
                parameters = Parameters()
                parameters[keyPath: key] = value
                var content = HUDContent()
                content.sliders = Controls.sliders.map { SliderRow($0, in: parameters) }
                content.selected = Controls.sliders.firstIndex { $0.name == p.name }!
                let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
                for area in hud.sliderAreas {
                    guard let bar = area.bar?.x else { continue }
                    if barX == nil { barX = bar }
                    #expect(bar == barX, "\(p.name) = \(value): the bar of \(content.sliders![area.index].name) at \(bar), not \(barX!)")
                }
            }
        }
        #expect(barX != nil)
    }
}

@Suite struct KeyTableTests {
    @Test func oneTableDrivesEveryHelpText() throws {
        for binding in Controls.keys {
            #expect(Controls.helpLines.contains { $0.hasPrefix(binding.label) && $0.hasSuffix(binding.help) })
            #expect(WindowApp.help.contains(binding.label) && WindowApp.help.contains(binding.help), "\(binding.label)")
            for press in binding.presses {
                // Scripts name every bound key, and it does what the table says.
                let name = (press.shift ? "shift+" : "") + press.name
                #expect(KeyPress(script: name) == press, "\(name)")
                #expect(Controls.binding(for: press)?.action == binding.action, "\(name)")
            }
        }
        // Modifiers that only scale a step fall back to the plain key.
        #expect(Controls.binding(for: KeyPress(name: "right", shift: true))?.action == .moveSlider)
        #expect(Controls.binding(for: KeyPress(name: "s", shift: true))?.action == .screenshotOtherWay)
        #expect(Controls.binding(for: KeyPress(name: "tab", shift: true))?.action == .selectPrevious)
        // --help-window lists each option once.
        for option in ["--scale", "--size", "--dump", "--screenshot-dir"] {
            #expect(WindowApp.help.components(separatedBy: option + " ").count == 2, "\(option)")
        }
        // And prints it after other options too, as --help does (it was "unknown option").
        for arguments in [["--help-window"], ["--scene", "chain", "--help-window"], ["--mode", "split", "--help-keys"], ["--scale", "2", "--help"]] {
            let result = try Sticky.run(arguments)
            #expect(result.status == 0 && result.stdout == WindowApp.help + "\n", "\(arguments): \(result.stderr)")
        }
    }

    @Test func selectingASliderIsAChangeToShow() {
        var controls = Controls(scene: .badges)
        var parameters = Parameters()
        #expect(controls.handle(KeyPress(name: "down"), parameters: &parameters) == .selection)
        #expect(controls.handle(KeyPress(name: "tab", shift: true), parameters: &parameters) == .selection)
        #expect(controls.selected == 0)
    }

    /// P saves the parameters where --params reads them back, and its toast says so, with
    /// the whole path (an absolute one as given).
    @Test func savedParametersLoadBack() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sticky-params.json").path
        var p = Parameters()
        p.bridge.style = .tangent
        p.motion.badge.maxDistance = 123
        p.metaball.kernel = .smoothMin
        let message = WindowCapture.save(p, to: path)
        #expect(message == "saved \(path) (--params \(path) loads it)")
        var loaded = Parameters()
        let warnings = try ParameterRegistry.load(file: path, into: &loaded)
        #expect(warnings.isEmpty && loaded == p)
    }

    /// The sliders that change nothing drawn with the settings as they are are greyed: a
    /// construction's or kernel's own setting under another one, the caterpillar's bridge
    /// settings without goo; drawn at 0.4 of their colour.
    @Test func slidersThatChangeNothingAreGreyed() throws {
        // Of the rows the window lists for the scene.
        func inactive(_ parameters: Parameters, scene: SceneKind = .badges, mode: Mode = .split) -> Set<String> {
            Set(Controls(scene: scene).sliders.filter { SliderRow($0, in: parameters, scene: scene, mode: mode).inactive }.map(\.name))
        }
        var p = Parameters()
        #expect(inactive(p) == ["spread", "handleRate", "neck", "threshold", "blend"])
        // The field's settings where no field is shown; flatness where no Bézier bridge is (the
        // bridge's own settings stay: the held figures compare the fills there); the spring's
        // and the burst's in the still grid.
        let field: Set = ["kernel", "threshold", "blend", "metaballBreak", "metaballFields"]
        #expect(inactive(p, mode: .bezier) == field.union(["spread", "handleRate", "neck"]))
        #expect(inactive(p, mode: .metaball) == ["spread", "handleRate", "neck", "threshold", "blend", "flatness"])
        #expect(inactive(p, mode: .overlay) == inactive(p))
        #expect(inactive(p, scene: .grid) == ["spread", "handleRate", "neck", "threshold", "blend", "springDamping",
                                             "springDuration", "explosionDuration", "reattach"])
        p.bridge.style = .tangent
        p.metaball.kernel = .wyvill
        #expect(inactive(p) == ["neck", "blend"])
        p.bridge.style = .cubic
        p.metaball.kernel = .smoothMin
        #expect(inactive(p) == ["spread", "handleRate", "threshold"])
        // (The joints' damping with the seed's rigid joints too: it was left black.)
        #expect(inactive(p, scene: .chain) == ["style", "spread", "handleRate", "neck", "threshold", "flatness", "jointDamping"])
        p.goo = true
        #expect(inactive(p, scene: .chain) == ["spread", "handleRate", "threshold", "jointDamping"])
        #expect(inactive(p, scene: .chain, mode: .bezier) == ["spread", "handleRate", "kernel", "threshold", "blend", "jointDamping"])
        p.chain.stiffness = 500
        #expect(inactive(p, scene: .chain) == ["spread", "handleRate", "threshold"])
        // Drawn greyed: the row's ink faded (`HUDPen.inactive`); none greyed, no such ink.
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 1200, height: 700, mode: .bezier, scene: .badges)
        func greyed(_ parameters: Parameters) -> Int {
            var content = HUDContent()
            content.sliders = Controls(scene: .badges).sliders.map { SliderRow($0, in: parameters) }
            content.selected = 0
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            return hud.mesh.vertices.filter { $0.color == HUDPen.ink.with(alpha: HUDPen.inactive).packed }.count
        }
        #expect(greyed(Parameters()) > 0)
        var all = Parameters()
        all.bridge.style = .tangent
        all.metaball.kernel = .wyvill
        // (neck and blend still greyed: one style, one kernel at a time.)
        #expect(greyed(all) > 0 && greyed(all) < greyed(Parameters()))
    }

    /// In a window too small for the toast to find a place clear of the slider panel (300x200:
    /// the panel one row under the badges), the toast goes over it and the panel is left out
    /// while it shows, not cut into slivers round it (a new user's second trial); with no toast
    /// the panel is drawn, and either way it keeps its place for the keys and the pointer.
    @Test func aToastOverTheSliderPanelHidesIt() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let layout = Layout(width: 300, height: 200, mode: .metaball, scene: .badges)
        func hud(_ toast: String?) -> HUD {
            var content = HUDTests.content(selected: 12, toast: toast, help: false)
            content.paneLabels = []
            return HUD(content, layout: layout, scale: 1, atlas: atlas)
        }
        let plain = hud(nil)
        let panel = try #require(plain.sliderPanel)
        // The mesh's vertices within the panel, outside `toast`.
        func inside(_ hud: HUD, outside toast: Rect?) -> Int {
            hud.mesh.vertices.filter { v in
                let p = Vec2(Double(v.x), Double(v.y))
                return panel.grown(by: -0.5).contains(p) && !(toast?.grown(by: 0.5).contains(p) ?? false)
            }.count
        }
        #expect(!plain.sliderPanelCovered && inside(plain, outside: nil) > 0)
        let covered = hud("blend = 12.5 px · no effect: only for the smoothMin kernel")
        let toast = try #require(covered.toastBox)
        #expect(toast.intersects(panel) && covered.sliderPanelCovered, "\(toast) \(panel)")
        #expect(inside(covered, outside: toast) == 0)
        #expect(covered.sliderPanel == panel && covered.sliderAreas.count == plain.sliderAreas.count)
    }

    /// A greyed slider's toast says why its value changes nothing shown, and is then drawn
    /// even over the slider's own row; an active one's is its value alone (a new user set blend
    /// under the inverse square and was told only "blend = 12.5 px").
    @Test func aGreyedSlidersToastSaysWhy() {
        func toast(_ name: String, _ parameters: Parameters = Parameters(), scene: SceneKind = .badges, mode: Mode = .split,
                   remade: Bool = false) -> (text: String, noted: Bool) {
            guard let parameter = ParameterRegistry.named(name) else {
                Issue.record("no parameter \(name)")
                return ("", false)
            }
            return WindowApp.sliderToast(parameter, in: parameters, scene: scene, mode: mode, remade: remade)
        }
        let p = Parameters()
        let blend = "blend = \(Parameter.format(p.metaball.blend)) px"
        #expect(toast("blend") == (blend + " · no effect: only for the smoothMin kernel", true))
        #expect(toast("blend", mode: .bezier) == (blend + " · no effect: only where the field is drawn", true))
        var smooth = p
        smooth.metaball.kernel = .smoothMin
        #expect(toast("blend", smooth) == (blend, false))
        #expect(toast("spread").text.hasSuffix(" · no effect: only for the tangent bridge"))
        #expect(toast("spread", scene: .chain).text.hasSuffix(" · no effect: the caterpillar has bridges only with goo on"))
        #expect(toast("flatness", mode: .metaball).text.hasSuffix(" · no effect: only where Bézier bridges are drawn"))
        #expect(toast("springDamping", scene: .grid).text.hasSuffix(" · no effect: the grid is still"))
        #expect(toast("gravity").text.hasSuffix(" · no effect: only for the caterpillar"))
        #expect(toast("shrink", scene: .chain).text.hasSuffix(" · no effect: not for the caterpillar"))
        #expect(toast("maxDistance") == ("maxDistance = \(Parameter.format(p.motion.badge.maxDistance)) px", false))
        // The caterpillar's count and radii make it anew (its other sliders tune it where it is):
        // the scene says so, and the toast after the change with it; the toast of a slider
        // merely selected (a small window's) does not.
        let chain = ChainScene(width: 800, height: 600, parameters: p, fieldShown: false)
        var larger = p
        larger.chain.headRadius = 36
        #expect(chain.update(larger))
        var stiffer = larger
        stiffer.chain.stiffness = 400
        #expect(!chain.update(stiffer))
        #expect(toast("headRadius", scene: .chain, remade: true) == ("headRadius = 30 px · the caterpillar made anew in the seed's row", true))
        #expect(!toast("headRadius", scene: .chain).text.contains("anew"))
        #expect(toast("stiffness", scene: .chain).text.hasPrefix("stiffness = ") && !toast("stiffness", scene: .chain).text.contains("anew"))
        // Every slider of every scene: noted exactly where its row is greyed.
        for scene in [SceneKind.badges, .chain, .grid] {
            for mode in Mode.allCases {
                for parameter in Controls(scene: scene).sliders {
                    #expect(toast(parameter.name, scene: scene, mode: mode).noted
                            == SliderRow(parameter, in: p, scene: scene, mode: mode).inactive, "\(parameter.name) \(scene) \(mode)")
                }
            }
        }
    }

    @Test func eachSceneShowsItsOwnSliders() {
        let chain = Controls(scene: .chain).sliders.map(\.name)
        let badges = Controls(scene: .badges).sliders.map(\.name)
        #expect(chain.first == "chainCount" && badges.first == "maxDistance")
        #expect(!chain.contains("maxDistance") && !chain.contains("springDuration") && chain.contains("gravity") && chain.contains("goo"))
        #expect(!badges.contains("gravity") && !badges.contains("chainCount") && badges.contains("kernel"))
        #expect(Set(chain).union(badges) == Set(Controls.sliders.map(\.name)))
    }
}

@Suite struct SliderScaleTests {
    @Test func wideRangesAreLogarithmic() {
        // maxDistance: 1…10,000, s = 1: f(60) = ln(60)/ln(10000).
        let distance = SliderScale(range: 1...10_000, step: 1)
        #expect(distance.isLogarithmic)
        #expect(abs(distance.fraction(of: 60) - log(60.0) / log(10_000.0)) < 1e-12)
        #expect(distance.fraction(of: 1) == 0 && abs(distance.fraction(of: 10_000) - 1) < 1e-12)
        // gravity: 0…10,000 step 50, s = 50: f(1000) = ln(1 + 1000/50)/ln(1 + 10000/50).
        let gravity = SliderScale(range: 0...10_000, step: 50)
        #expect(abs(gravity.fraction(of: 1000) - log(21.0) / log(201.0)) < 1e-12)
        // threshold 0.01…0.99: linear.
        let threshold = SliderScale(range: 0.01...0.99, step: 0.01)
        #expect(!threshold.isLogarithmic && abs(threshold.fraction(of: 0.5) - 0.49 / 0.98) < 1e-12)
        for scale in [distance, gravity, threshold] {
            for f in stride(from: 0.0, through: 1.0, by: 0.125) {
                #expect(abs(scale.fraction(of: scale.value(at: f)) - f) < 1e-9)
            }
        }
    }

    /// A bar spans the values in use where the range is far wider (maxDistance's bar 10…200 px
    /// of 1…10,000, linear: a click at three quarters set 788 px on the log scale of the whole
    /// range); the keys still reach the whole range, and a value past the bar fills it.
    @Test func aBarPositionSetsTheSliderWithinItsBar() throws {
        var controls = Controls(scene: .badges)
        var parameters = Parameters()
        // maxDistance at the bar's middle: 10 + 0.5 × 190 = 105; at three quarters 152.5 → 152 or 153 (whole steps).
        controls.set(fraction: 0.5, parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 105)
        controls.set(fraction: 0.75, parameters: &parameters)
        #expect(abs(parameters.motion.badge.maxDistance - 152.5) == 0.5)
        controls.set(fraction: -3, parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 10)
        controls.set(fraction: 7, parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 200)
        // shift+right ten times from 200: 300, past the bar, which the row then shows full.
        for _ in 0..<10 { _ = controls.handle(KeyPress(name: "right", shift: true), parameters: &parameters) }
        #expect(parameters.motion.badge.maxDistance == 300)
        let distance = try #require(Controls.sliders.first { $0.name == "maxDistance" })
        #expect(SliderRow(distance, in: parameters).fraction == 1)
        // Its default, 60, sits (60 − 10)/190 along it.
        #expect(abs((SliderRow(distance, in: Parameters()).fraction ?? -1) - 50.0 / 190) < 1e-12)
        // A pointer within two units of a bar's end sets that end's value: gravity's 0 and
        // 3000 on an 87-unit bar (a pixel in gave 50), shrink's 1 and 40 (it gave 1.5 and 39.5).
        var chain = Controls(scene: .chain)
        chain.selected = try #require(chain.sliders.firstIndex { $0.name == "gravity" })
        for (x, expected) in [(1.0, 0.0), (2, 0), (86, 3000), (85, 3000), (43.5, 1500)] {
            chain.set(at: x, along: 87, parameters: &parameters)
            #expect(parameters.chain.gravity == expected, "gravity at \(x) of 87: \(parameters.chain.gravity)")
        }
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == "shrink" })
        for (x, expected) in [(1.0, 1.0), (86, 40)] {
            controls.set(at: x, along: 87, parameters: &parameters)
            #expect(parameters.motion.badge.shrink == expected, "shrink at \(x) of 87: \(parameters.motion.badge.shrink)")
        }
        // Every bar holds its slider's default, and lies within its range.
        for slider in Controls.sliders {
            guard case .number(let key, let range, _) = slider.kind, let bar = slider.bar else { continue }
            #expect(range.contains(bar.lowerBound) && range.contains(bar.upperBound) && bar.contains(Parameters()[keyPath: key]), "\(slider.name)")
        }
    }
}

extension HUDTests {
    /// `render`'s overlay picture says what its colours mean: its one label is the legend, a
    /// swatch for each colour (the Bézier fill's alone, the field's alone, both's), whole where
    /// the picture is wide enough, in two lines where not, then in two lines without the fills'
    /// names, then a line a key; every form keys all three colours and lies inside the picture.
    @Test func theOverlaysLegendKeysEveryColourAtEveryWidth() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        var parameters = Parameters()
        parameters.bridge.style = .tangent
        let key = String(HUDPen.swatch)
        let first = "\(key) Bézier (tangent) only", second = "\(key) field (inverseSquare) only · \(key) both"
        let whole = first + " · " + second
        var forms: Set<Int> = []
        for w in stride(from: 140.0, through: 900, by: 20) {
            let layout = Layout(width: w, height: 300, mode: .overlay, scene: .free)
            let content = HUDContent.labels(SceneSnapshot(), layout: layout, scene: .badge, parameters: parameters)
            #expect(content.paneLabels == [whole])
            #expect(content.swatches == [Renderer.onlyBezier, Renderer.onlyMetaball, parameters.color])
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let box = try #require(hud.labelBoxes.first, "\(Int(w)) px: no legend")
            #expect(box.x >= 0 && box.maxX <= w && box.y >= 0 && box.maxY <= 300, "\(Int(w)) px: \(box)")
            let lines = hud.labelTexts[0].split(separator: "\n").map(String.init)
            // The widest form that fits, as the lines' widths say.
            let fits = pen.width(of: whole, size: HUD.textSize) + 16 <= w
            let halvesFit = pen.width(of: second, size: HUD.textSize) + 16 <= w
            let bare = ["\(key) Bézier only", "\(key) field only · \(key) both"]
            let bareFits = pen.width(of: bare[1], size: HUD.textSize) + 16 <= w
            let expected = fits ? [whole] : halvesFit ? [first, second] : bareFits ? bare : ["\(key) Bézier only", "\(key) field only", "\(key) both"]
            #expect(lines == expected, "\(Int(w)) px")
            #expect(box.height >= HUD.lineHeight * Double(lines.count), "\(Int(w)) px: \(lines.count) lines in \(box.height)")
            forms.insert(lines.count * 10 + (lines.first!.contains("(") ? 1 : 0))
        }
        #expect(forms == [11, 21, 20, 30], "each form seen: \(forms)")
        // The window's overlay says it in its caption instead: no label.
        var quiet = HUDContent()
        quiet.paneLabels = HUDContent.paneLabels(layout: Layout(width: 600, height: 300, mode: .overlay, scene: .badges), scene: .badge,
                                                 parameters: parameters)
        #expect(quiet.paneLabels.isEmpty)
    }
}

extension HUDTests {
    /// Where every place for the longer forms of the overlay's legend would cover the scene (a
    /// narrow picture, the whole legend too wide for it, bodies down its left side and at the
    /// right between where the two lines' forms would start), it takes a shorter form that
    /// covers none of it: the first form, in the legend's order (whole, two lines, two lines
    /// without the fills' names), of which some place (the feet's corners, the top's) keeps
    /// clear of every body's box, as written here.
    @Test func theOverlaysLegendShortensToKeepOffTheScene() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        var parameters = Parameters()
        // (With goo, so that the legend keys all three colours: without, it says the circles
        // lie inside the field.)
        parameters.goo = true
        let named = HUDContent.overlayLegend(scene: .chain, parameters: parameters).text
        let cut = try #require(named.range(of: " · "))
        let halves = [String(named[..<cut.lowerBound]), String(named[cut.upperBound...])]
        let key = String(HUDPen.swatch)
        let bare = ["\(key) Bézier only", "\(key) field only · \(key) both"]
        func width(_ lines: [String]) -> Double { lines.map { pen.width(of: $0, size: HUD.textSize) }.max() ?? 0 }
        let w = width(halves) + 26, h = 160.0, m = HUD.margin
        let layout = Layout(width: w, height: h, mode: .overlay, scene: .free)
        // Down the left side; at the top and the foot of the right, mid-way between where the
        // two-line forms start.
        let between = w - m - 4 - (width(halves) + width(bare)) / 2
        let bodies: [Ball] = stride(from: 20.0, through: h - 20, by: 20).map { Ball(center: Vec2(m + 10, $0), radius: 10) }
            + [Ball(center: Vec2(between, m + 10), radius: 10), Ball(center: Vec2(between, h - m - 10), radius: 10)]
        let snapshot = SceneSnapshot(bodies: bodies)
        let content = HUDContent.labels(snapshot, layout: layout, scene: .chain, parameters: parameters)
        let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
        let box = try #require(hud.labelBoxes.first, "a legend")
        let bodyBoxes = bodies.map { Rect(x: $0.center.x - $0.radius, y: $0.center.y - $0.radius, width: 2 * $0.radius, height: 2 * $0.radius) }
        #expect(!bodyBoxes.contains { $0.intersects(box) }, "the legend \(box) covers a body")
        // The forms, and whether one has a clear place: a corner at the foot or at the top.
        let whole = content.paneLabels[0]
        func clear(_ lines: [String]) -> Bool {
            let tw: Double = lines.map { pen.width(of: $0, size: HUD.textSize) }.max() ?? 0
            let height: Double = HUD.lineHeight * Double(lines.count) + 4
            guard tw + 16 <= w else { return false }
            let foot: Double = h - m - height + 2
            let corners: [(Double, Double)] = [(w - m - tw - 4, foot), (m - 4, foot), (m - 4, m), (w - m - tw - 4, m)]
            return corners.contains { (x: Double, y: Double) -> Bool in
                let r = Rect(x: max(4, x), y: y, width: tw + 8, height: height)
                return !bodyBoxes.contains { $0.intersects(r) }
            }
        }
        #expect(whole == named && width(halves) + 16 <= w, "the two lines fit")
        #expect(!clear([whole]) && !clear(halves) && clear(bare), "the scene leaves room for the shortest form only")
        let shown: [String] = hud.labelTexts
        #expect(shown == [bare.joined(separator: "\n")], "\(shown)")
    }
}

extension HUDTests {
    /// In a small split window the resting caterpillar lies across both panes' feet: the pane
    /// labels then go at the top, below the slider panel, which leaves them a line above the
    /// chain (they were drawn over it, the panel reaching down to it). Sizes where the chain
    /// is as long as its pane.
    @Test func theCaterpillarsBoxesHoldWhatIsDrawnOfIt() throws {
        // A crumpled caterpillar: eight bodies of 15 in a zigzag, the head of 30 at its end.
        let bodies = (0..<8).map { Ball(center: Vec2(200 + 22 * Double($0), $0 % 2 == 0 ? 400 : 376), radius: 15) }
            + [Ball(center: Vec2(200 + 22 * 8 + 20, 370), radius: 30)]
        var parameters = Parameters()
        parameters.goo = true
        func within(_ p: Vec2, _ boxes: [Rect], grown: Double) -> Bool {
            boxes.contains { p.x >= $0.x - grown && p.x <= $0.maxX + grown && p.y >= $0.y - grown && p.y <= $0.maxY + grown }
        }
        var misses = 0
        for mode in [Mode.bezier, .metaball, .split] {
            let layout = Layout(width: 800, height: 600, mode: mode, scene: .chain)
            let boxes = HUDContent.bodyBoxes(bodies, layout: layout, parameters: parameters)
            // The window hands in its world's inset, which is the same reach.
            let world = ChainScene(width: 800, height: 600, parameters: parameters, fieldShown: mode != .bezier).world
            #expect(HUDContent.bodyBoxes(bodies, layout: layout, parameters: parameters, fieldReach: world.inset) == boxes)
            for (index, pane) in layout.panes.enumerated() {
                if pane.content == .bezier {
                    // Every vertex of the goo between the circles, its fringe's within a pixel
                    // (the circles are quads about their boxes, shaded round: `radius` > 0; flat regions −1,
                    // or near a circle `Vertex.circleMarker` less its radius).
                    var painter = BadgePainter()
                    painter.paint(SceneSnapshot(bodies: bodies), parameters: parameters, scale: 1, mode: .bezier)
                    let goo = painter.mesh.vertices.filter { $0.radius == -1 || $0.radius <= Vertex.circleMarker }
                    #expect(goo.count > 50)
                    for v in goo where !within(layout.windowPoint(Vec2(Double(v.x), Double(v.y)), pane: index), boxes, grown: v.alpha > 0 ? 1e-6 : 1) {
                        misses += 1
                    }
                } else {
                    // Every point the field (inverse square, iso 1: Σ r²/d² ≥ 1) covers, and the
                    // half pixel of its soft edge, on a grid of half pixels.
                    for y in stride(from: 300.0, through: 460, by: 0.5) {
                        for x in stride(from: 150.0, through: 460, by: 0.5) {
                            let f = bodies.reduce(0.0) { $0 + $1.radius * $1.radius / max(1e-12, (x - $1.center.x) * (x - $1.center.x) + (y - $1.center.y) * (y - $1.center.y)) }
                            guard f >= 1 else { continue }
                            if !within(layout.windowPoint(Vec2(x, y), pane: index), boxes, grown: -0.5) { misses += 1 }
                        }
                    }
                }
            }
        }
        #expect(misses == 0, "\(misses) points drawn outside the caterpillar's boxes")
    }

    @Test func paneLabelsKeepOffTheCaterpillarOnItsFloor() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        for (w, h) in [(300.0, 200.0), (360, 240), (420, 260)] {
            let layout = Layout(width: w, height: h, mode: .split, scene: .chain)
            let scene = makeScene(.chain, width: layout.canvas.x, height: layout.canvas.y, badges: [], parameters: Parameters(), mode: .split)
            let snapshot = scene.snapshot(Parameters())
            var content = HUDContent()
            content.caption = HUDContent.caption(layout: layout, scene: .chain, mode: .split, parameters: Parameters(), frameTime: 0.003)
            content.sliders = Controls(scene: .chain).sliders.map { SliderRow($0, in: Parameters(), scene: .chain) }
            content.paneLabels = HUDContent.paneLabels(layout: layout, scene: .chain, parameters: Parameters())
            content.avoid = HUDContent.shown(snapshot, layout: layout, parameters: Parameters())
            let rest = HUDContent.bodyBoxes(try #require(scene.resting(snapshot)), layout: layout, parameters: Parameters())
            content.rest = rest
            // The case: the chain's floor is under both panes' feet.
            for pane in layout.panes {
                #expect(rest.contains { $0.intersects(Rect(x: pane.x, y: h - HUD.bottomBand, width: pane.width, height: HUD.bottomBand)) })
            }
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            #expect(hud.labelBoxes.count == 2, "\(Int(w))x\(Int(h)): \(hud.labelTexts)")
            for box in hud.labelBoxes {
                #expect(HUD.isClear(box, of: rest), "\(Int(w))x\(Int(h)): a label at \(box) over the chain")
                if let panel = hud.sliderPanel { #expect(!box.intersects(panel), "\(Int(w))x\(Int(h)): a label over the panel") }
            }
            #expect(hud.sliderPanel != nil, "\(Int(w))x\(Int(h)): the sliders are still shown")
        }
    }
}

/// The caterpillar's resting place, which the window's HUD keeps clear of, through what a
/// person does to it.
@Suite struct ChainWorldSceneTests {
    /// Held up high and the window laid out afresh (a mode switch), the chain's rest stays
    /// where it last lay, not its pose in the air: the slider panel shrank, mode by mode, to
    /// clear the held chain. From the Bézier mode, whose walls are the canvas's edges, to a
    /// field's, whose stand as far in as the field reaches, that is within the new walls: on
    /// the raised floor. Let go and still again, its rest is where it lies, on that floor.
    @Test func aHeldChainKeepsItsRestThroughAModeSwitch() throws {
        let scene = ChainScene(width: 900, height: 600, parameters: Parameters(), fieldShown: false)
        var t = 0.0
        while scene.isAnimating && t < 20 {
            t += 1.0 / 60
            scene.advance(to: t)
        }
        #expect(!scene.isAnimating, "the chain lies still after \(t) s")
        let lying = scene.world.circles
        #expect(scene.resting(scene.snapshot(Parameters())) == lying)
        // On the canvas's foot (but for the soft edge's pixel and a half).
        #expect(abs(lying.map { $0.center.y + $0.radius }.max()! - (600 - ChainScene.softEdge)) < 0.2)
        let head = try #require(scene.grabPoints.first)
        scene.apply(.pointerDown(head))
        for k in 1...60 {
            scene.apply(.pointerMove(head + Vec2(0, -4.0 * Double(k))))
            t += 1.0 / 60
            scene.advance(to: t)
        }
        let held = scene.world.circles
        #expect(held.last!.center.y < lying.last!.center.y - 150, "the head is up: \(held.last!.center) from \(lying.last!.center)")
        // The mode switch: the field shown, the same canvas laid out again.
        scene.fieldShown = true
        scene.resize(width: 900, height: 600)
        let floor = 600 - scene.world.inset
        #expect(scene.world.inset > ChainScene.softEdge + 5, "the walls moved in: \(scene.world.inset)")
        // (Within the walls, which a body may sink into by Chipmunk's slop, a tenth of a pixel.)
        func near(_ a: [Ball], _ b: [Ball], x: Bool = true) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { (!x || abs($0.center.x - $1.center.x) < 0.2) && abs($0.center.y - $1.center.y) < 0.2 }
        }
        let inset = scene.world.inset
        let raised = lying.map { Ball(center: Vec2(min(max($0.center.x, inset + $0.radius), 900 - inset - $0.radius),
                                                    min($0.center.y, floor - $0.radius)), radius: $0.radius) }
        let kept = try #require(scene.resting(scene.snapshot(Parameters())))
        #expect(near(kept, raised), "the rest is where it lay, on the new floor, not the held pose: \(kept)")
        // A narrower canvas (split): the rest kept within its walls.
        scene.resize(width: 450, height: 600)
        let narrowed = try #require(scene.resting(scene.snapshot(Parameters())))
        #expect(narrowed.allSatisfy { $0.center.x + $0.radius <= 450 - inset + 1e-9 && $0.center.x - $0.radius >= inset - 1e-9 })
        #expect(near(narrowed, raised, x: false), "still on its floor")
        // Let go: once still again, its rest is where it now lies.
        scene.apply(.pointerUp)
        let release = t
        while (scene.isAnimating || t < release + 0.5) && t < release + 20 {
            t += 1.0 / 60
            scene.advance(to: t)
        }
        #expect(scene.resting(scene.snapshot(Parameters())) == scene.world.circles)
        #expect(abs(scene.world.circles.map { $0.center.y + $0.radius }.max()! - floor) < 0.2, "on the field's floor")
    }
}

extension HUDTests {
    /// A slider row's text reads on its background: WCAG's contrast ratio (relative luminance
    /// of the blend over the background, written here) at least 3 for a greyed row, selected
    /// (on the highlight: it was 1.9, pale blue on pale blue) or not, and 4.5 for a live one;
    /// and a greyed row reads fainter than the live one in the same place.
    @Test func sliderRowsReadOnTheirBackground() {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b) }
        func contrast(_ text: Color, on back: Color) -> Double {
            let a = text.alpha
            let over = luminance(a * text.red + (1 - a) * back.red, a * text.green + (1 - a) * back.green, a * text.blue + (1 - a) * back.blue)
            let under = luminance(back.red, back.green, back.blue)
            return (max(over, under) + 0.05) / (min(over, under) + 0.05)
        }
        // The panel is paper at 0.97 or so over white; the selected row's highlight is `hover`.
        for selected in [false, true] {
            let back = selected ? HUDPen.hover : HUDPen.paper
            let live = contrast(HUDPen.rowColor(selected: selected, inactive: false), on: back)
            let greyed = contrast(HUDPen.rowColor(selected: selected, inactive: true), on: back)
            #expect(live >= 4.5, "selected \(selected): live \(live)")
            #expect(greyed >= 3 && greyed < live - 1, "selected \(selected): greyed \(greyed), live \(live)")
        }
    }
}

extension HUDTests {
    /// A legend's key too long for its line wraps with its next lines indented past its
    /// swatch (they once began under it): each line after the key's first begins with the key
    /// indent, as wide as the swatch, and the lines keep every word in order (the dots
    /// between keys left out where a line breaks there).
    @Test func aKeysWrappedTextLinesUpPastItsSwatch() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        let pen = HUDPen(scale: 1, atlas: atlas)
        let key = String(HUDPen.swatch), indent = String(HUDPen.keyIndent)
        #expect(pen.width(of: indent, size: HUD.textSize) == pen.width(of: key, size: HUD.textSize))
        let legend = "\(key) field (inverseSquare) only · \(key) both (every circle of the chain lies inside the field)"
        var wrappedKeys = 0
        for width in stride(from: 150.0, through: 500, by: 10) {
            let lines = pen.wrap(legend, size: HUD.textSize, width: width, at: " · ")
            #expect(lines.allSatisfy { pen.width(of: $0, size: HUD.textSize) <= width || !$0.contains(" ") }, "\(Int(width)): \(lines)")
            // Each line begins a key or goes on with one, indented.
            #expect(lines.allSatisfy { $0.hasPrefix(key) || $0.hasPrefix(indent) }, "\(Int(width)): \(lines)")
            if lines.contains(where: { $0.hasPrefix(indent) }) { wrappedKeys += 1 }
            // (A line broken at " · " leaves the dot out.)
            let words = lines.joined(separator: " ").replacingOccurrences(of: indent, with: "").split(separator: " ").filter { $0 != "·" }
            #expect(words == legend.split(separator: " ").filter { $0 != "·" }, "\(Int(width)): \(lines)")
        }
        #expect(wrappedKeys > 5)
    }

    /// `render`'s overlay legend is left out where it would hide more than a quarter of what
    /// the scene shows: pictures from 100x50 up, a badge held near the middle; where it is
    /// shown, it covers at most that, and in the larger pictures it is shown.
    @Test func theLegendHidesLittleOfASmallPicture() throws {
        let atlas = try #require(Fonts.atlas(), "needs a font")
        var shown = 0, left = 0
        for (w, h) in [(100.0, 50.0), (120, 60), (110, 80), (140, 100), (160, 90), (200, 120), (240, 160), (400, 300)] {
            let layout = Layout(width: w, height: h, mode: .overlay, scene: .free)
            let pose = BadgePose(home: Vec2(w / 2 - 6, h / 2), center: Vec2(w / 2 + 8, h / 2 + 4), radius: min(20, h / 5),
                                 parameters: Parameters().motion.badge)
            let snapshot = SceneSnapshot(held: [pose], rule: .vanish, shrink: 10)
            let content = HUDContent.labels(snapshot, layout: layout, scene: .badge, parameters: Parameters())
            let hud = HUD(content, layout: layout, scale: 1, atlas: atlas)
            let scene = Rect(x: 0, y: 0, width: w, height: h).overlap(with: content.avoid)
            if let box = hud.labelBoxes.first {
                shown += 1
                #expect(box.overlap(with: content.avoid) <= scene / 4, "\(Int(w))x\(Int(h)): \(box) over \(content.avoid)")
            } else {
                left += 1
            }
            if w >= 200 { #expect(!hud.labelBoxes.isEmpty, "\(Int(w))x\(Int(h)): no legend") }
        }
        #expect(left > 0 && shown > 0)
    }

    /// The overlay's legend keys the Bézier fill's own colour only where it can show outside
    /// the field: the caterpillar without goo, whose circles lie inside every kernel's field
    /// (`ChainRenderTests.theCirclesLieInsideTheField`), says so instead, in the window's
    /// caption and in `render`'s label; with goo, and for badges, all three colours are keyed.
    @Test func theCaterpillarsLegendSaysItsCirclesLieInsideTheField() throws {
        var parameters = Parameters()
        let layout = Layout(width: 900, height: 400, mode: .overlay, scene: .chain)
        let key = String(HUDPen.swatch)
        for kernel in MetaballKernel.allCases {
            parameters.metaball.kernel = kernel
            parameters.goo = false
            let expected = "\(key) field (\(kernel.rawValue)) only · \(key) both (every circle)"
            let caption = HUDContent.caption(layout: layout, scene: .chain, mode: .overlay, parameters: parameters, frameTime: 0.016)
            #expect(caption.last == expected, "\(caption)")
            let labels = HUDContent.labels(SceneSnapshot(), layout: Layout(width: 900, height: 400, mode: .overlay, scene: .free),
                                           scene: .chain, parameters: parameters)
            #expect(labels.paneLabels == [expected])
            #expect(labels.swatches == [Renderer.onlyMetaball, parameters.color])
            parameters.goo = true
            let goo = HUDContent.caption(layout: layout, scene: .chain, mode: .overlay, parameters: parameters, frameTime: 0.016)
            #expect(goo.last == "\(key) Bézier (\(parameters.bridge.style.rawValue)) only · \(key) field (\(kernel.rawValue)) only · \(key) both")
        }
        #expect(HUDContent.overlayLegend(scene: .badge, parameters: Parameters()).text.hasPrefix("\(key) Bézier ("))
    }
}
