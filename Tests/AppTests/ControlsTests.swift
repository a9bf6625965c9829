// The sliders on the keys: exact steps, ×10 with shift, ÷10 with alt, reset, presets, choices.

import Foundation
import Testing
@testable import App
@testable import Geometry

@Suite struct ControlsTests {
    /// The c toast says what the construction shows now: with a badge held in the Bézier modes,
    /// its bridge (a new user pressed c while holding one and was told to hold a badge).
    @Test func theConstructionToastKnowsABadgeIsHeld() {
        for mode in [Mode.bezier, .overlay] {
            let held = WindowApp.constructionShown(scene: .badge, mode: mode, goo: false, held: true)
            let free = WindowApp.constructionShown(scene: .badge, mode: mode, goo: false, held: false)
            #expect(held == "the held badge's bridge, lettered")
            #expect(free == "drag a badge to see how its bridge is built")
        }
        #expect(WindowApp.constructionShown(scene: .badge, mode: .split, goo: false, held: true)
                == "left: the held badge's bridge, lettered; right: the field's balls and tiles")
        #expect(WindowApp.constructionShown(scene: .badge, mode: .metaball, goo: false, held: true)
                == "the field's balls and tiles; pale tiles, if any, are filled flat")
        #expect(WindowApp.constructionShown(scene: .chain, mode: .bezier, goo: true, held: false) == "the goo's bridges")
        #expect(WindowApp.constructionShown(scene: .chain, mode: .bezier, goo: false, held: false)
                == "none here: the field's is drawn in metaball and split, the bridges' with goo on")
    }

    /// A change of the scene's zoom is said, with what it means for the break: the scene at
    /// round(100·zoom)%, the break maxDistance·zoom on the screen (badges only); nothing where
    /// the percentage is the same; "full size" back at 1.
    @Test func aNewZoomIsSaid() {
        let zoom = 200.0 / 320  // a 400-wide split window's pane for the badges' 320 px
        #expect(WindowApp.zoomNote(from: 1, to: zoom, scene: .badge, maxDistance: 60)
                == "the scene at \(Int((zoom * 100).rounded()))% to fit the window (the 60 px break is \(Int((60 * zoom).rounded())) px on the screen)")
        #expect(WindowApp.zoomNote(from: 1, to: zoom, scene: .chain, maxDistance: 60) == "the scene at 63% to fit the window")
        #expect(WindowApp.zoomNote(from: zoom, to: zoom + 0.001, scene: .badge, maxDistance: 60) == nil)
        #expect(WindowApp.zoomNote(from: zoom, to: 1, scene: .badge, maxDistance: 60) == "the scene at full size")
        #expect(WindowApp.zoomNote(from: 1, to: 1, scene: .badge, maxDistance: 60) == nil)
        // The window's short wording, for a toast that would take more than two lines.
        #expect(WindowApp.zoomNote(from: 1, to: zoom, scene: .badge, maxDistance: 60, short: true)
                == "zoom \(Int((zoom * 100).rounded()))%: breaks at \(Int((60 * zoom).rounded())) px on screen")
        #expect(WindowApp.zoomNote(from: 1, to: zoom, scene: .chain, maxDistance: 60, short: true) == "zoom 63%")
        #expect(WindowApp.zoomNote(from: zoom, to: 1, scene: .badge, maxDistance: 60, short: true) == "zoom 100%")
        #expect(WindowApp.zoomNote(from: 1, to: 1, scene: .badge, maxDistance: 60, short: true) == nil)
    }

    /// The scene key keeps the chosen slider where the next scene has it; else it takes the
    /// one last selected there; else that scene's first. A slider it fell back to is not
    /// taken for chosen: round the scenes, the badges' springDamping is selected again.
    @Test func theSceneKeyKeepsOrRemembersTheSelectedSlider() throws {
        let badges = Controls(scene: .badges).sliders, chain = Controls(scene: .chain).sliders, grid = Controls(scene: .grid).sliders
        func index(_ name: String, _ sliders: [Parameter]) throws -> Int { try #require(sliders.firstIndex { $0.name == name }, "\(name)") }
        #expect(!chain.contains { $0.name == "springDamping" } && chain.contains { $0.name == "style" }, "the case")
        #expect(grid[0].name != "springDamping", "the case: the grid's first is another")
        // springDamping chosen in the badges; round the scenes without touching a slider.
        var memory = SceneSelections()
        #expect(memory.select(leaving: .badge, with: "springDamping", for: .chain, sliders: chain) == 0)
        let inGrid = memory.select(leaving: .chain, with: chain[0].name, for: .grid, sliders: grid)
        #expect(inGrid == (grid.firstIndex { $0.name == "springDamping" } ?? 0))
        #expect(memory.select(leaving: .grid, with: grid[inGrid].name, for: .badge, sliders: badges) == (try index("springDamping", badges)))
        // A slider chosen in the caterpillar that the badges lack: the badges' last, springDamping.
        #expect(memory.select(leaving: .badge, with: "springDamping", for: .chain, sliders: chain) == 0)
        #expect(memory.select(leaving: .chain, with: "gravity", for: .badge, sliders: badges) == (try index("springDamping", badges)))
        // One both have stays selected, whatever was last selected there.
        var fresh = SceneSelections()
        #expect(fresh.select(leaving: .badge, with: "style", for: .chain, sliders: chain) == (try index("style", chain)))
        #expect(fresh.select(leaving: .chain, with: "chainRadius", for: .badge, sliders: badges) == (try index("style", badges)))
    }

    @Test func keysMoveTheSelectedSliderByItsStep() throws {
        var controls = Controls()
        var parameters = Parameters()
        #expect(controls.selectedParameter.name == "maxDistance")
        #expect(controls.handle(KeyPress(name: "right"), parameters: &parameters) == .parameters)
        #expect(parameters.motion.badge.maxDistance == 61)
        _ = controls.handle(KeyPress(name: "right", shift: true), parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 71)
        _ = controls.handle(KeyPress(name: "left", alt: true), parameters: &parameters)
        #expect(abs(parameters.motion.badge.maxDistance - 70.9) < 1e-9)
        _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 60)
        // Clamped to the range.
        for _ in 0..<100 { _ = controls.handle(KeyPress(name: "left", shift: true), parameters: &parameters) }
        #expect(parameters.motion.badge.maxDistance == 1)
    }

    /// The caterpillar's count is whole wherever it is set: its keys' fine step (alt) moves
    /// it by one (it moved by a tenth, showing 9.1 bodies), the wheel by its notches rounded,
    /// and --set or a params file refuse a fraction (5.5 was rounded without a word).
    @Test func aCountStaysWhole() throws {
        var controls = Controls()
        var parameters = Parameters()
        for _ in Controls.sliders where controls.selectedParameter.name != "chainCount" {
            _ = controls.handle(KeyPress(name: "tab"), parameters: &parameters)
        }
        #expect(controls.selectedParameter.name == "chainCount")
        _ = controls.handle(KeyPress(name: "right", alt: true), parameters: &parameters)
        #expect(parameters.chainCount == 10)
        _ = controls.handle(KeyPress(name: "left", alt: true), parameters: &parameters)
        _ = controls.handle(KeyPress(name: "left", alt: true), parameters: &parameters)
        #expect(parameters.chainCount == 8)
        _ = controls.handle(KeyPress(name: "right", shift: true), parameters: &parameters)
        #expect(parameters.chainCount == 18)
        controls.scroll(0.3, parameters: &parameters)
        #expect(parameters.chainCount == 18)
        controls.scroll(-2.2, parameters: &parameters)
        #expect(parameters.chainCount == 16)
        // (Any other number keeps its tenth.)
        var other = Parameters()
        try ParameterRegistry.apply(assignment: "maxDistance=60.5", to: &other)
        #expect(other.motion.badge.maxDistance == 60.5)
        let parameter = try #require(ParameterRegistry.named("chainCount"))
        #expect(parameter.expectation == "a whole number from 3 to 50")
        for text in ["5.5", "9.0001"] {
            #expect(throws: CLIError.self) { try ParameterRegistry.apply(assignment: "chainCount=\(text)", to: &other) }
        }
        try ParameterRegistry.apply(assignment: "chainCount=12", to: &other)
        #expect(other.chainCount == 12)
        #expect(throws: CLIError.self) { _ = try ParameterRegistry.load(json: #"{"chainCount": 5.5}"#, name: "p.json", into: &other) }
    }

    /// A key that moves a number slider no further, at an end of its range, says so: the
    /// toast "chainCount = 50" again read as a key not taken. Pressed as the window presses
    /// it: stuck where the key moves the slider and the parameters stay as they were.
    @Test func aSliderAtItsEndSaysSo() throws {
        var controls = Controls(scene: .chain)
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == "chainCount" })
        let count = controls.selectedParameter
        var parameters = Parameters()
        func press(_ key: KeyPress) -> String {
            let before = parameters
            let action = controls.handle(key, parameters: &parameters)
            let stuck = Controls.binding(for: key)?.action == .moveSlider && parameters == before
            #expect(action == .parameters)
            return WindowApp.sliderToast(count, in: parameters, scene: .chain, mode: .bezier, stuck: stuck).text
        }
        var said: [String] = []
        for _ in 0..<12 { said.append(press(KeyPress(name: "right", shift: true))) }
        #expect(parameters.chain.count == 50)
        // (The press that reaches 50 says the value alone; the next ones, that it is the most.)
        #expect(said.contains("chainCount = 50") && said.last == "chainCount = 50 (its most)"
                && said.filter { $0.contains("(its") }.allSatisfy { $0 == "chainCount = 50 (its most)" }, "\(said)")
        for _ in 0..<12 { said.append(press(KeyPress(name: "left", shift: true))) }
        #expect(parameters.chain.count == 3 && said.last == "chainCount = 3 (its least)", "\(said.suffix(3))")
        // Moved, not stuck: the value alone. At an end, a note the slider's row does not show.
        #expect(press(KeyPress(name: "right")) == "chainCount = 4")
        #expect(WindowApp.sliderToast(count, in: parameters, scene: .chain, mode: .bezier, stuck: true) == ("chainCount = 4", false))
        parameters.chain.count = 3
        #expect(WindowApp.sliderToast(count, in: parameters, scene: .chain, mode: .bezier, stuck: true) == ("chainCount = 3 (its least)", true))
    }

    /// The caterpillar's bodies too many or too large for the window: said where they are
    /// made anew (render says it on stderr), a note of the toast; not where they fit.
    @Test func aCrowdedCaterpillarIsSaid() throws {
        let count = try #require(ParameterRegistry.named("chainCount"))
        let crowded = WindowApp.sliderToast(count, in: Parameters(), scene: .chain, mode: .bezier, remade: true, crowded: true)
        #expect(crowded.noted && crowded.text.contains("too many or too large for the window"), "\(crowded.text)")
        let fine = WindowApp.sliderToast(count, in: Parameters(), scene: .chain, mode: .bezier, remade: true)
        // (Made anew is a note too, that the slider's row does not show.)
        #expect(fine.noted && !fine.text.contains("too many"), "\(fine.text)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("c.png").path
        let big = try Sticky.run(["render", "--scene", "chain", "--set", "chainRadius=100", "--set", "chainCount=50", "--time", "0.1", "--out", out])
        #expect(big.status == 0 && big.stderr.contains(ChainScene.crowded), "\(big.stderr)")
        let seed = try Sticky.run(["render", "--scene", "chain", "--time", "0.1", "--out", out])
        #expect(seed.status == 0 && !seed.stderr.contains("caterpillar's bodies cover"), "\(seed.stderr)")
    }

    @Test func everySliderStepsWithinItsRangeAndResets() throws {
        var controls = Controls()
        for _ in Controls.sliders {
            var parameters = Parameters()
            let parameter = controls.selectedParameter
            let before = parameter.value(in: parameters)
            _ = controls.handle(KeyPress(name: "right"), parameters: &parameters)
            let after = parameter.value(in: parameters)
            // The new value reads back through the registry (so the params file and --set take it).
            var check = Parameters()
            try parameter.set(after, in: &check, source: "test")
            #expect(parameter.value(in: check) == after)
            if case .number(let key, let range, let step) = parameter.kind {
                let expected = min(range.upperBound, Parameters()[keyPath: key] + step)
                #expect(abs(parameters[keyPath: key] - expected) < 1e-9, "\(parameter.name)")
            } else {
                #expect(after != before, "\(parameter.name) did not change")
            }
            _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
            #expect(parameter.value(in: parameters) == before)
            _ = controls.handle(KeyPress(name: "down"), parameters: &parameters)
        }
        #expect(controls.selected == 0)  // wrapped round
        var parameters = Parameters()
        _ = controls.handle(KeyPress(name: "tab", shift: true), parameters: &parameters)
        #expect(controls.selected == Controls.sliders.count - 1)
    }

    /// The wheel stops at a choice's first and last options and sets a flag by its direction;
    /// the keys go round.
    @Test func theWheelStopsAtAChoicesEnds() throws {
        var controls = Controls()
        var parameters = Parameters()
        let style = try #require(Controls.sliders.firstIndex { $0.name == "style" })
        controls.selected = style
        let options = BridgeStyle.allCases.map(\.rawValue)
        parameters.bridge.style = BridgeStyle(rawValue: options[0])!
        // (n + 1 notches from the first: going round would end on the second.)
        for _ in 0..<(options.count + 1) { controls.scroll(1, parameters: &parameters) }
        #expect(parameters.bridge.style.rawValue == options[options.count - 1])
        for _ in 0..<(options.count + 1) { controls.scroll(-1, parameters: &parameters) }
        #expect(parameters.bridge.style.rawValue == options[0])
        // The keys go round: left from the first option is the last.
        _ = controls.handle(KeyPress(name: "left"), parameters: &parameters)
        #expect(parameters.bridge.style.rawValue == options[options.count - 1])

        let reattach = try #require(Controls.sliders.firstIndex { $0.name == "reattach" })
        controls.selected = reattach
        for start in [false, true] {
            parameters.motion.reattach = start
            controls.scroll(1, parameters: &parameters)
            controls.scroll(1, parameters: &parameters)
            #expect(parameters.motion.reattach)
            controls.scroll(-1, parameters: &parameters)
            controls.scroll(-1, parameters: &parameters)
            #expect(!parameters.motion.reattach)
        }
        _ = controls.handle(KeyPress(name: "left"), parameters: &parameters)
        #expect(parameters.motion.reattach)
    }

    @Test func numberKeysLoadThePresets() {
        var controls = Controls()
        var parameters = Parameters()
        _ = controls.handle(KeyPress(name: "2"), parameters: &parameters)
        #expect(parameters.motion.springDuration == 0.5 && parameters.motion.springDamping == 0.2 && parameters.bridge.style == .cubic)
        _ = controls.handle(KeyPress(name: "4"), parameters: &parameters)
        #expect(parameters.metaball.kernel == .smoothMin && parameters.bridge.style == .tangent)
        _ = controls.handle(KeyPress(name: "1"), parameters: &parameters)
        #expect(parameters.motion.springDuration == 0.25 && parameters.bridge.style == .quad)
        // A preset means the same whatever came before: 4 then 1 is 1 (smooth's field and
        // spring undone), and 3 after 2 keeps none of seed002's spring.
        #expect(parameters.metaball.kernel == .inverseSquare && parameters.metaball.blend == 12 && parameters.motion.springDamping == 0.1)
        _ = controls.handle(KeyPress(name: "2"), parameters: &parameters)
        _ = controls.handle(KeyPress(name: "3"), parameters: &parameters)
        #expect(parameters.motion.springDuration == 0.25 && parameters.motion.springDamping == 0.1
                && parameters.motion.explosionDuration == 1 && parameters.motion.badge.maxDistance == 80)
    }

    /// A preset sets the values presets are made of and leaves the rest (flatness, a tuned
    /// neck); shift+backspace puts every slider back, of every scene, the colours as they were
    /// (a new user took preset 1, "the default values", for that, and found flatness unchanged).
    @Test func shiftBackspaceResetsEverySlider() throws {
        var controls = Controls()
        var parameters = Parameters()
        parameters.flatness = 0.09
        parameters.bridge.neck = 0.5
        parameters.motion.badge.maxDistance = 150
        parameters.metaball.kernel = .wyvill
        parameters.chain.gravity = 100
        parameters.color = Color(red: 0, green: 0.5, blue: 0)
        _ = controls.handle(KeyPress(name: "1"), parameters: &parameters)
        #expect(parameters.flatness == 0.09 && parameters.bridge.neck == 0.5 && parameters.chain.gravity == 100)
        #expect(parameters.motion.badge.maxDistance == 60 && parameters.metaball.kernel == .inverseSquare)
        parameters.motion.badge.maxDistance = 150
        #expect(controls.handle(KeyPress(name: "backspace", shift: true), parameters: &parameters) == .parameters)
        var expected = Parameters()
        expected.color = Color(red: 0, green: 0.5, blue: 0)
        #expect(parameters == expected)
        // Backspace alone still resets only the selected slider.
        parameters.flatness = 0.09
        parameters.motion.badge.maxDistance = 150
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == "maxDistance" })
        _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
        #expect(parameters.motion.badge.maxDistance == 60 && parameters.flatness == 0.09)
    }

    /// After a preset key, backspace puts a slider back to that preset's value, not the
    /// default's (a new user took preset 2, tried springDamping, and backspace gave seed 000's
    /// 0.1); shift+backspace puts every slider back to the preset, those it does not set to
    /// their defaults, the colours as they were. Seed 002's values as the README gives them.
    @Test func backspaceGoesBackToThePresetLoaded() throws {
        var controls = Controls()
        var parameters = Parameters()
        parameters.color = Color(red: 0, green: 0.5, blue: 0)
        _ = controls.handle(KeyPress(name: "2"), parameters: &parameters)
        #expect(controls.basisName == "seed002")
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == "springDamping" })
        _ = controls.handle(KeyPress(name: "right", shift: true), parameters: &parameters)
        #expect(parameters.motion.springDamping != 0.2)
        _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
        #expect(parameters.motion.springDamping == 0.2)
        parameters.motion.springDuration = 1.5
        parameters.motion.explosionDuration = 2
        parameters.bridge.style = .tangent
        parameters.flatness = 0.09
        _ = controls.handle(KeyPress(name: "backspace", shift: true), parameters: &parameters)
        #expect(parameters.motion.springDuration == 0.5 && parameters.motion.explosionDuration == 0.25 && parameters.bridge.style == .cubic)
        #expect(parameters.flatness == Parameters().flatness && parameters.color == Color(red: 0, green: 0.5, blue: 0))
        // Preset 1 again: the defaults are what backspace goes back to.
        _ = controls.handle(KeyPress(name: "1"), parameters: &parameters)
        parameters.motion.springDamping = 0.7
        _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
        #expect(parameters.motion.springDamping == Parameters().motion.springDamping)
        // The toast names the preset where the preset sets the slider, and where it does not, that it does not.
        let damping = try #require(Controls.sliders.first { $0.name == "springDamping" })
        let flatness = try #require(Controls.sliders.first { $0.name == "flatness" })
        var seed002 = Parameters()
        seed002.motion.springDamping = 0.2
        #expect(WindowApp.sliderToast(damping, in: seed002, scene: .badges, mode: .bezier, reset: true, preset: "seed002").text
                .hasPrefix("springDamping reset to 0.2 (preset seed002)"))
        #expect(WindowApp.sliderToast(flatness, in: seed002, scene: .badges, mode: .bezier, reset: true, preset: "seed002").text
                .hasPrefix("flatness reset to 0.1 device px (its default: preset seed002 does not set it)"))
        #expect(!WindowApp.sliderToast(flatness, in: seed002, scene: .badges, mode: .bezier, reset: true).text.contains("preset"))
        // Values the window started with (--params) are what backspace goes to, and its toast
        // says so, until a preset key is pressed.
        var started = Parameters()
        started.motion.badge.shrink = 5
        controls.resetTo(start: started, source: "--params design.json")
        controls.selected = try #require(controls.sliders.firstIndex { $0.name == "shrink" })
        _ = controls.handle(KeyPress(name: "right", shift: true), parameters: &parameters)
        _ = controls.handle(KeyPress(name: "backspace"), parameters: &parameters)
        #expect(parameters.motion.badge.shrink == 5 && controls.basisSource == "--params design.json")
        let shrink = try #require(Controls.sliders.first { $0.name == "shrink" })
        #expect(WindowApp.sliderToast(shrink, in: started, scene: .badges, mode: .bezier, reset: true, preset: nil, start: "--params design.json").text
                .hasPrefix("shrink reset to 5 (as started: --params design.json)"))
        _ = controls.handle(KeyPress(name: "1"), parameters: &parameters)
        #expect(controls.basisSource == nil && controls.basisName == "seed000")
    }

    /// The preset's toast counts the sliders a preset sets: with every slider moved off its
    /// default and every preset's value, preset 1 brings back exactly that many.
    @Test func thePresetToastCountsWhatItSets() throws {
        var parameters = Parameters()
        for slider in Controls.sliders {
            switch slider.kind {
            case .number(let key, let range, _): parameters[keyPath: key] = range.upperBound
            case .choice(let options, let get, let set): set(&parameters, options.first { $0 != get(Parameters()) }!)
            case .flag(let key): parameters[keyPath: key].toggle()
            case .color: break
            }
        }
        let before = parameters
        var controls = Controls()
        _ = controls.handle(KeyPress(name: "1"), parameters: &parameters)
        let changed = Controls.sliders.filter { $0.value(in: parameters) != $0.value(in: before) }.count
        #expect(changed > 0 && changed < Controls.sliders.count)
        #expect(WindowApp.presetToast("seed000") == "preset seed000: \(changed) sliders set, the others as they were (shift+backspace resets every one)")
    }

    /// Key r's toast says what r did in each scene: the badges and the caterpillar, moved, come
    /// back as they were at the start; the grid, which nothing moves, is the same before and
    /// after, and its toast says there was nothing to restore (it said "all badges restored").
    @Test(arguments: SceneName.allCases)
    func theResetToastSaysWhatResetDid(scene name: SceneName) throws {
        let parameters = Parameters()
        let scene = makeScene(name, width: 800, height: 600, badges: [], parameters: parameters, mode: .bezier, count: 16)
        let start = scene.snapshot(parameters)
        // Pressed on what it holds, if anything, pulled 200 px and let go; a second later.
        let badges = (scene as? BadgeScene)?.board.badges, bodies = (scene as? ChainScene)?.world.circles
        let at = name == .badge ? badges?.first?.center : name == .chain ? bodies?.last?.center : Vec2(400, 300)
        let press = try #require(at, "\(name): nothing to press on")
        scene.apply(.pointerDown(press))
        for step in 1...20 {
            scene.advance(to: Double(step) / 60)
            scene.apply(.pointerMove(press + Vec2(10 * Double(step), 0)))
        }
        scene.apply(.pointerUp)
        scene.advance(to: 1.5)
        let moved = scene.snapshot(parameters) != start
        scene.apply(.reset)
        let toast = WindowApp.resetToast(name)
        #expect(moved == (name != .grid), "\(name): moved \(moved)")
        #expect(toast.hasPrefix("nothing to restore") == !moved, "\(name): \(toast)")
    }

    @Test func scriptKeyNamesParse() {
        #expect(KeyPress(script: "shift+right") == KeyPress(name: "right", shift: true))
        #expect(KeyPress(script: "alt+left") == KeyPress(name: "left", alt: true))
        #expect(KeyPress(script: "ctrl+left") == nil)
        #expect(KeyPress(script: "f13") == nil)
        // "?" as the help names it: the help's key.
        #expect(KeyPress(script: "?") == KeyPress(name: "slash", shift: true))
        #expect(Controls.binding(for: KeyPress(script: "?")!)?.action == .toggleHelp)
    }
}

@Suite struct KeyReplayTests {
    /// A scripted key sequence moves maxDistance, and the break follows it.
    @Test func keysChangeTheBreakDistance() throws {
        let (result, lines, folder) = try replay("""
            badge 400 300 20
            key right
            key shift+right
            down 400 300
            move 470 300 0.2
            up
            wait 0.5
            key backspace
            down 400 300
            move 470 300 0.2
            up
            wait 1.2
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let events = lines.flatMap(\.events)
        // 70 px is within 60 + 1 + 10 = 71: springs home; after the reset to 60 it detaches and bursts.
        #expect(events == ["began", "released", "returned", "began", "detached", "released", "exploded", "removed"], "\(events)")
    }

    /// With --preset paperjs (maxDistance 80), a backspace key puts maxDistance back to 80, not
    /// the default 60: a pull of 70 px springs home after it.
    @Test func backspaceGoesBackToThePresetOption() throws {
        let (result, lines, folder) = try replay("""
            badge 400 300 20
            key left
            key shift+left
            key shift+left
            key backspace
            down 400 300
            move 470 300 0.2
            up
            wait 1.2
            """, { _ in ["--preset", "paperjs"] })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let events = lines.flatMap(\.events)
        #expect(events == ["began", "released", "returned"], "\(events)")
    }

    /// With values given by a params file or a flag (maxDistance 80), backspace and
    /// shift+backspace put them back, not the defaults' 60 (a design loaded with --params was
    /// lost to a backspace): a pull of 70 px springs home; after a preset key (seed000's 60),
    /// backspace goes to that preset: the pull detaches and bursts.
    @Test(arguments: [
        (["--max-distance", "80"], "key backspace", false, ["began", "released", "returned"]),
        (["--params", "FOLDER/p.json"], "key shift+backspace", false, ["began", "released", "returned"]),
        (["--max-distance", "80"], "key backspace", true, ["began", "detached", "released", "exploded", "removed"]),
    ] as [([String], String, Bool, [String])])
    func backspaceGoesBackToTheValuesGiven(options: [String], reset: String, presetKey: Bool, expected: [String]) throws {
        let (result, lines, folder) = try replay("""
            badge 400 300 20
            \(presetKey ? "key 1\nkey right" : "key left\nkey shift+left\nkey shift+left")
            \(reset)
            down 400 300
            move 470 300 0.2
            up
            wait 1.2
            """, { folder in
                try? Data(#"{"maxDistance": 80}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
                return options.map { $0.replacingOccurrences(of: "FOLDER", with: folder.path) }
            })
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let events = lines.flatMap(\.events)
        #expect(events == expected, "\(options) \(reset): \(events)")
    }
}

/// Every registry entry round-trips through the params file and through --set, and out-of-range
/// values are refused with the range in the message.
@Suite struct RegistryTests {
    @Test func everyParameterRoundTrips() throws {
        var changed = Parameters()
        var controls = Controls()
        // Move every slider one step so that no value is the default.
        for _ in Controls.sliders {
            _ = controls.handle(KeyPress(name: "right"), parameters: &changed)
            _ = controls.handle(KeyPress(name: "down"), parameters: &changed)
        }
        changed.color = Color(hex: "#12AB34")!
        changed.background = Color(hex: "#FAFAFA")!
        var fields: [String] = []
        for p in ParameterRegistry.all {
            let value = p.value(in: changed)
            switch p.kind {
            case .number, .flag: fields.append("\"\(p.name)\": \(value)")
            case .choice, .color: fields.append("\"\(p.name)\": \"\(value)\"")
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sticky-params-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(("{" + fields.joined(separator: ", ") + "}").utf8).write(to: file)
        var loaded = Parameters()
        let warnings = try ParameterRegistry.load(file: file.path, into: &loaded)
        #expect(warnings.isEmpty)
        var viaSet = Parameters()
        for p in ParameterRegistry.all {
            #expect(p.value(in: loaded) == p.value(in: changed), "\(p.name) through the file")
            try ParameterRegistry.apply(assignment: "\(p.name)=\(p.value(in: changed))", to: &viaSet)
            #expect(p.value(in: viaSet) == p.value(in: changed), "\(p.name) through --set")
        }
    }

    @Test func outOfRangeValuesNameTheRange() {
        for p in ParameterRegistry.all {
            guard case .number(_, let range, _) = p.kind else { continue }
            var parameters = Parameters()
            #expect {
                try ParameterRegistry.apply(assignment: "\(p.name)=\(range.upperBound * 2 + 1)", to: &parameters)
            } throws: { error in
                "\(error)".contains("from \(Parameter.format(range.lowerBound)) to \(Parameter.format(range.upperBound))")
            }
        }
    }
}
