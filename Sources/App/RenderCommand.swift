// `sticky render`: one still picture of a held badge, headless, to a PNG or SVG file, and its
// exact construction as JSON.

import Foundation
import Geometry
import Imaging
import Motion
import Render
import Typography

/// What `sticky render` draws: the CLI.md options, parsed and checked.
struct RenderRequest {
    var common = CommonOptions()
    var out: String?
    /// Where the construction goes as JSON (--geometry).
    var geometry: String?
    var anchor: (Double, Double)?
    var drag: (Double, Double)?
    var radius = 20.0
    var text = ""
    var stats = false
    var construction = false
    var wireframe = false
    /// Chain scene: seconds simulated before the picture.
    var time = 0.0
    /// The options given (each once, however often).
    var given: Set<String> = []

    /// The scenes each of render's own options shapes: given for another, it is ignored, and
    /// said so.
    static let scenesOf: KeyValuePairs<String, [SceneName]> = [
        "--anchor": [.badge], "--drag": [.badge, .chain], "--radius": [.badge], "--text": [.badge],
        "--time": [.chain], "--wireframe": [.badge], "--stats": [.badge],
    ]

    /// A line for each option given that changes nothing in this picture: one of another
    /// scene's, the wireframe where no Bézier fill is drawn, and the construction where there is
    /// none (the caterpillar's is its field's and its goo's bridges'; `--count`'s is the common
    /// options').
    var ignored: [String] {
        let scene = common.scene
        var lines: [String] = []
        /// Whether `option` belongs to other scenes than this one (said so below).
        func otherScenes(_ option: String) -> Bool { RenderRequest.scenesOf.contains { $0.key == option && !$0.value.contains(scene) } }
        for (option, scenes) in RenderRequest.scenesOf where given.contains(option) && otherScenes(option) {
            let names = scenes.map(\.rawValue)
            let owners = names.count == 1 ? "the \(names[0]) scene's" : "the \(names.joined(separator: " and ")) scenes'"
            lines.append("\(option) is \(owners); the \(scene.rawValue) scene ignores it")
        }
        // With --geometry alone no picture is drawn, so nothing draws them (SVG refuses them).
        let unpictured = out == nil ? ["--construction", "--wireframe"].filter { given.contains($0) && !otherScenes($0) } : []
        for option in unpictured {
            lines.append("\(option) is drawn on the picture (--out FILE.png); --geometry alone writes none")
        }
        if given.contains("--wireframe"), scene == .badge, !common.mode.showsBezierFill, out != nil {
            lines.append("--wireframe draws the Bézier fill's triangles, which the \(common.mode.rawValue) mode does not show (bezier or split do)")
        }
        if given.contains("--construction"), scene == .chain, !common.parameters.goo, !common.mode.showsField, out != nil {
            lines.append("--construction draws the caterpillar's metaball field (its balls and tiles) and its goo's bridges, "
                + "which the \(common.mode.rawValue) mode without goo does not show (metaball or split do, or goo=true)")
        }
        return lines
    }

    static let help = """
        usage: sticky render --out FILE.png|FILE.svg [--geometry FILE.json] [OPTIONS]

        Draws the badge held by the pointer at --drag, away from its home at --anchor: the home
        circle of radius max(0, R - d/shrink), the bridge, the badge on top; past --max-distance
        only the badge. Writes an 8-bit RGBA PNG of (W*S)x(H*S) pixels, or the same picture as
        SVG (circles, the bridges' exact Bézier sides, the count as its glyph outlines, the metaball fill as
        its traced iso-contour fitted within 0.25 device px). No display needed.
        In split mode each pane is (W/2)xH and the coordinates are the pane's; the panes are
        divided and labelled as in the window.
        With --scene chain: the caterpillar after --time seconds of falling from the seed's
        layout; with --drag, held by the head, carried there over the first half second (the
        picture's point, or the pane's, where the caterpillar is drawn scaled to fit it).

          --out FILE.png|FILE.svg   where to write the picture, the format by the extension
                                    (no extension: PNG; another extension is refused)
          --geometry FILE.json      write the construction: every circle, every bridge side as
                                    Bézier segments in canvas coordinates, the parameters
                                    (--out or --geometry is required)
          --anchor X,Y              the home circle's centre (canvas centre)
          --drag X,Y                the badge's centre (= anchor)
          --radius R                badge radius in logical pixels (20)
          --text STR                count in the badge (--text-color, white), sized to fit, left out
                                    under 6 device px per em (none)
          --time T                  chain scene: seconds simulated before the picture (0)
          --construction            draw how it is built: over the Bézier fill each bridge's
                                    construction, the held one's lettered: the seeds' points
                                    A, B, C, D, O, P (quad) or the sides' points and handles
                                    (off the curve: rings; on it: dots; on a white casing over
                                    the overlay); over the metaball fill the field's balls (a
                                    ring at each radius) and tiles (pale: inside, filled flat;
                                    clear: the field evaluated), any scene; lines stop short
                                    of the counts
          --wireframe               draw the triangles' edges over the Bézier fill
          --stats                   print how the Bézier and metaball fills differ: areas, IoU,
                                    narrowest widths, the bridge's join angles (stdout)
        \(CommonOptions.help)
        \(CommonOptions.parameterHelp)
        """

    init(_ words: [String]) throws(CLIError) {
        var arguments = Arguments(words)
        while let token = try arguments.next() {
            switch token {
            case .word(let word):
                throw .usage("render takes no positional argument, got '\(word)' (see sticky render --help)")
            case .option(let option, let inline):
                if try common.accept(option, inline: inline, from: &arguments) { continue }
                given.insert(option)
                switch option {
                case "--out":
                    out = try Parse.fileName(
                        arguments.value(of: option, inline: inline, expects: "a PNG or SVG file name"), option: option,
                        formats: ["png", "svg"], what: "render writes PNG or SVG")
                case "--geometry":
                    geometry = try Parse.fileName(
                        arguments.value(of: option, inline: inline, expects: "a JSON file name"), option: option,
                        formats: ["json"], what: "the construction is written as JSON")
                case "--anchor": anchor = try Parse.point(arguments.value(of: option, inline: inline, expects: "X,Y"), option: option)
                case "--drag": drag = try Parse.point(arguments.value(of: option, inline: inline, expects: "X,Y"), option: option)
                case "--radius":
                    radius = try Parse.number(
                        arguments.value(of: option, inline: inline, expects: "a radius"), option: option,
                        range: 0.01...100_000, what: "a radius from 0.01 to 100000 logical pixels")
                case "--text":
                    text = try arguments.value(of: option, inline: inline, expects: "a count")
                case "--stats":
                    stats = true
                case "--construction":
                    construction = true
                case "--wireframe":
                    wireframe = true
                case "--time":
                    time = try Parse.number(
                        arguments.value(of: option, inline: inline, expects: "seconds"), option: option, range: 0...600,
                        what: "seconds from 0 to 600")
                default:
                    throw .unknownOption(option, command: "render")
                }
            }
        }
        guard out != nil || geometry != nil else {
            throw .usage("render needs --out FILE.png (or FILE.svg) or --geometry FILE.json")
        }
        try common.finish()
        try Parse.distinct([("--out", out), ("--geometry", geometry), ("--params", common.paramsFile)])
        if isSVG, common.mode == .overlay {
            throw .usage("--out \(out!): SVG draws the bezier, metaball and split modes; the overlay is PNG only")
        }
        if let geometry, common.mode == .overlay {
            throw .usage("--geometry \(geometry): the geometry holds the bezier, metaball and split modes' panes; the overlay is PNG only")
        }
        if isSVG, construction || wireframe {
            throw .usage("--out \(out!): --construction and --wireframe are drawn in PNG only")
        }
    }

    /// Whether --out names an SVG file.
    var isSVG: Bool { out.map { PathName.extension(of: $0) == "svg" } ?? false }

    /// The held badge's pose, in canvas coordinates.
    var pose: BadgePose {
        let home = anchor.map { Vec2($0.0, $0.1) } ?? Vec2(common.paneWidth / 2, Double(common.height) / 2)
        let center = drag.map { Vec2($0.0, $0.1) } ?? home
        return BadgePose(home: home, center: center, radius: radius, parameters: common.parameters.motion.badge)
    }
}

enum RenderCommand {
    static func run(_ words: [String]) throws(CLIError) {
        let request = try RenderRequest(words)
        request.common.warn(scene: request.common.scene)
        for line in request.ignored { CommandLine.warn(line) }
        if request.common.scene == .chain { return try renderChain(request) }
        if request.common.scene == .grid { return try renderGrid(request) }
        let options = request.common
        let snapshot = SceneSnapshot(held: [request.pose], texts: [request.text], rule: options.parameters.metaballBreak,
                                     shrink: options.parameters.motion.badge.shrink)
        let layout = options.layout(.free)
        if !warnIfOutside(request, layout: layout) { warnIfFieldCut(request.pose, options: options, layout: layout) }
        if let note = pastBreakNote(request.pose, maxDistance: options.parameters.motion.badge.maxDistance) {
            CommandLine.warn(note)
        }
        // One atlas for the count (nil: no count, or no font, said once): the check below, the
        // picture and the SVG's outlines.
        let atlas = request.text.isEmpty ? nil : Fonts.atlas()
        // A count too small to read is left out, as the window leaves it out (a new user's
        // eight digits on a badge of 20 drew a plain dot without a word); one that no font can
        // draw has its own warning, once (`Fonts.atlas`).
        // (However long it is: a count of 40 digits, too small even at radius 100, was left out unsaid.)
        if let atlas, CountPlacement.hasInk(request.text, atlas: atlas),
           CountPlacement(request.text, center: request.pose.center, radius: request.radius, scale: options.scale, atlas: atlas) == nil {
            CommandLine.warn("--text '\(request.text)' is left out: it would be under \(CountPlacement.minimumPixels) device px per em "
                             + "on a badge of radius \(Parameter.format(request.radius)) at scale \(Parameter.format(options.scale)) "
                             + "(fewer characters, a larger --radius or --scale draws it)")
        }
        try writeFiles(snapshot, request: request, layout: layout, atlas: atlas) { () throws(CLIError) in
            try draw([request.pose], texts: [request.text], options: options, construction: request.construction,
                     wireframe: request.wireframe, atlas: atlas)
        }
        if request.stats {
            for line in comparison(of: request.pose, parameters: options.parameters).lines { CommandLine.say(line) }
        }
    }

    /// A pose pulled past the break draws the badge alone, with no home circle and no bridge:
    /// say so, for a --drag that meant a bridge (a new user's 240,320 in a 640x480 picture pulled
    /// 161 px and drew a lone dot without a word); nil within the break.
    static func pastBreakNote(_ pose: BadgePose, maxDistance: Double) -> String? {
        guard !pose.attached else { return nil }
        return "--drag is \(Parameter.format(tenths: pose.distance)) px from the home at "
            + "\(Parameter.format(tenths: pose.home.x)),\(Parameter.format(tenths: pose.home.y)), past the break at maxDistance "
            + "\(Parameter.format(maxDistance)) px: the badge is drawn alone, as once it has let go (within \(Parameter.format(maxDistance)) px it draws the bridge)"
    }

    /// A badge or home drawn outside its pane draws nothing there, and one across the pane's
    /// edge is cut by it: say so (split mode's panes are half the width, and --anchor and
    /// --drag are the pane's coordinates).
    /// Whether it did.
    @discardableResult
    static func warnIfOutside(_ request: RenderRequest, layout: Layout) -> Bool {
        let pose = request.pose
        // (Both are said: a badge cut by the edge left its home circle, cut too, unsaid.)
        let badge = warnIfOutside("the badge", center: pose.center, radius: pose.radius, layout: layout)
        // (A home the badge covers is not drawn: at rest it was said cut beside the badge.)
        let home = pose.attached && pose.homeRadius > 0 && !pose.homeIsCovered && warnIfOutside("the home circle", center: pose.home, radius: pose.homeRadius, layout: layout)
        return badge || home
    }

    /// A metaball field that reaches past its canvas (a pane's) is cut by the edge: say so, as
    /// of a badge across it (a Wyvill field of a high threshold spreads far past its balls: a
    /// new user's threshold 0.99 filled a 240x160 picture without a word). Found where it
    /// shows, on the centres of the device pixels along the edge.
    static func warnIfFieldCut(_ pose: BadgePose, options: CommonOptions, layout: Layout) {
        guard options.mode != .bezier else { return }
        let field = BadgePainter.field(of: [pose], parameters: options.parameters)
        let canvas = layout.canvas, step = 1 / options.scale, inset = step / 2
        guard let reach = field.reachBox(pad: 0),
              reach.minX < inset || reach.minY < inset || reach.maxX > canvas.x - inset || reach.maxY > canvas.y - inset
        else { return }
        let across = stride(from: inset, to: canvas.x, by: step).flatMap { [Vec2($0, inset), Vec2($0, canvas.y - inset)] }
        let down = stride(from: inset, to: canvas.y, by: step).flatMap { [Vec2(inset, $0), Vec2(canvas.x - inset, $0)] }
        guard (across + down).contains(where: field.contains) else { return }
        let size = "\(Parameter.format(canvas.x))x\(Parameter.format(canvas.y))"
        let kernel = options.parameters.metaball.kernel
        let why = kernel == .wyvill ? "; a lower --threshold draws a Wyvill field nearer its balls" : ""
        CommandLine.warn("the metaball field reaches past the edge of the \(size) \(layout.panes.count > 1 ? "pane" : "canvas") "
                         + "and is cut by it\(why)")
    }

    /// Warns where a circle of `layout`'s scene lies outside its canvas (a pane's, in split
    /// mode) or is cut by its edge; whether it did.
    static func warnIfOutside(_ what: String, center p: Vec2, radius r: Double, layout: Layout) -> Bool {
        guard let note = outsideNote(what, center: p, radius: r, layout: layout) else { return false }
        CommandLine.warn(note)
        return true
    }

    /// Where a circle of `layout`'s scene lies outside its canvas (a pane's, in split mode) or
    /// is cut by its edge, the line that says so; nil where it is inside. `zoom`: the line's
    /// units (those of `p` and `r`) a scene unit (a replay's script's points are the
    /// pictures', `Layout.zoom` a scene unit: said in the scene's, a 200x300 pane read "the
    /// 320x480 pane").
    static func outsideNote(_ what: String, center p: Vec2, radius r: Double, layout: Layout, zoom: Double = 1) -> String? {
        let canvas = layout.canvas * zoom
        let size = "\(Parameter.format(canvas.x))x\(Parameter.format(canvas.y))"
        let pane = layout.panes.count > 1 ? "the \(size) pane (in split mode the coordinates are each pane's)" : "the \(size) canvas"
        let at = "\(what) at \(Parameter.format(p.x)),\(Parameter.format(p.y))"
        if p.x + r < 0 || p.y + r < 0 || p.x - r > canvas.x || p.y - r > canvas.y {
            return "\(at) lies outside \(pane)"
        } else if p.x - r < 0 || p.y - r < 0 || p.x + r > canvas.x || p.y + r > canvas.y {
            return "\(at) (radius \(Parameter.format(tenths: r))) is cut by the edge of \(pane)"
        }
        return nil
    }

    /// Writes the request's files of `snapshot`, all or none (a failure is status 1): at --out
    /// the PNG that `picture` draws, or the SVG; at --geometry the construction's JSON (their
    /// counts from `atlas` where one is given, nil in it meaning no font; else an atlas is
    /// opened if there are counts).
    static func writeFiles(_ snapshot: SceneSnapshot, request: RenderRequest, layout: Layout, atlas: GlyphAtlas?? = nil,
                           picture: () throws(CLIError) -> Image) throws(CLIError) {
        let options = request.common
        var files: [(Data, String)] = []
        let svg = request.isSVG ? request.out : nil
        if svg != nil || request.geometry != nil {
            let texts = snapshot.badges.contains { !$0.text.isEmpty }
            let scene = VectorScene(snapshot, parameters: options.parameters, layout: layout, deviceScale: options.scale,
                                    atlas: texts ? atlas ?? Fonts.atlas() : nil, wholeContour: request.geometry != nil)
            if let svg { files.append((Data(scene.svg.utf8), svg)) }
            if let geometry = request.geometry { files.append((Data(scene.geometryJSON.utf8), geometry)) }
        }
        if let out = request.out, !request.isSVG {
            files.insert(try pngFile(picture(), at: out), at: 0)
        }
        if let (path, reason) = AtomicFile.write(files) { throw .failure("cannot write '\(path)': \(reason)") }
    }

    /// The chain scene's picture: simulated `--time` seconds, held at `--drag` if given.
    static func renderChain(_ request: RenderRequest) throws(CLIError) {
        let options = request.common
        let layout = options.layout(.chain)
        let scene = ChainScene(width: layout.canvas.x, height: layout.canvas.y, parameters: options.parameters,
                               fieldShown: options.mode != .bezier)
        if !scene.world.fitsRoom { CommandLine.warn(ChainScene.crowded) }
        if request.drag != nil && request.time == 0 {
            // The head is carried over the first half second: at --time 0 it has not moved (a
            // new user's picture was the caterpillar at rest, without a word).
            CommandLine.warn("--drag changes nothing at --time 0: the head is carried there over the first half second "
                             + "(give --time, e.g. --time 1)")
        } else if let drag = request.drag {
            if request.time < 0.5 {
                CommandLine.warn("at --time \(Parameter.format(request.time)) the head is still on its way to --drag: "
                                 + "it is carried there over the first half second")
            }
            // --drag is the picture's point (each pane's in split), as a window's pointer and a
            // replay's points are: where the caterpillar's canvas, at least its scene's, is shown
            // scaled to fit a smaller picture, the scene's point is that over the zoom (a new
            // user's 190,60 in a 400x300 split put the head at 105,33 in its pane).
            let split = layout.panes.count > 1, shown = layout.panes[0]
            let zoom = layout.zoom
            if let note = WindowApp.zoomNote(from: 1, to: zoom, scene: .chain, maxDistance: 0,
                                             fitting: split ? "each pane" : "the picture", on: "the picture") {
                CommandLine.warn(note + "; --drag is the \(split ? "pane's" : "picture's") point, as a window's pointer is")
            }
            if drag.0 < 0 || drag.1 < 0 || drag.0 > shown.width || drag.1 > shown.height {
                CommandLine.warn("--drag \(Parameter.format(drag.0)),\(Parameter.format(drag.1)) lies outside the "
                    + "\(Parameter.format(shown.width))x\(Parameter.format(shown.height)) \(split ? "pane (in split mode the coordinates are each pane's)" : "picture")"
                    + "; the head is carried to its wall")
            }
            let target = Vec2(drag.0, drag.1) / zoom
            let head = scene.world.circles.last!.center
            scene.apply(.pointerDown(head))
            let steps = 120
            for k in 1...steps {
                let t = 0.5 * Double(k) / Double(steps)
                scene.apply(.pointerMove(head.mix(target, Double(k) / Double(steps))))
                scene.advance(to: min(t, request.time))
            }
        }
        scene.advance(to: request.time)
        let snapshot = scene.snapshot(options.parameters)
        try writeFiles(snapshot, request: request, layout: layout) { () throws(CLIError) in
            var painter = BadgePainter()
            paint(snapshot, with: &painter, request: request, layout: layout)
            return try image(of: &painter, snapshot: snapshot, options: options, layout: layout)
        }
    }

    /// The grid scene's picture: --count badges filling the canvas, pulled seeded random ways.
    static func renderGrid(_ request: RenderRequest) throws(CLIError) {
        let options = request.common
        let layout = options.layout(.grid)
        let scene = GridScene(width: layout.canvas.x, height: layout.canvas.y, count: options.count, parameters: options.parameters,
                              band: HUD.pictureBand(layout))
        let snapshot = scene.snapshot(options.parameters)
        try writeFiles(snapshot, request: request, layout: layout) { () throws(CLIError) in
            var painter = BadgePainter(atlas: Fonts.atlas())
            paint(snapshot, with: &painter, request: request, layout: layout)
            return try image(of: &painter, snapshot: snapshot, options: options, layout: layout)
        }
    }

    /// The caterpillar or grid painted for the request's mode, with the constructions over it at
    /// --construction: the field's over the metaball fill, and over the Bézier fill every
    /// bridge's, unlettered (the grid's badges', the caterpillar's goo).
    static func paint(_ snapshot: SceneSnapshot, with painter: inout BadgePainter, request: RenderRequest, layout: Layout) {
        let options = request.common, scale = options.scale * layout.zoom
        painter.paint(snapshot, parameters: options.parameters, scale: scale, mode: options.mode)
        if request.construction {
            painter.addOverlays(construction: nil, bridges: snapshot, field: true, wireframe: false, parameters: options.parameters,
                                scale: scale, deviceScale: options.scale)
        }
    }

    /// The painter's current meshes drawn headless with the options' canvas, scale and mode;
    /// two panes with the window's divider and labels (as the SVG has them), placed clear of
    /// what `snapshot` shows where they can be.
    static func image(of painter: inout BadgePainter, snapshot: SceneSnapshot, options: CommonOptions,
                      layout: Layout) throws(CLIError) -> Image {
        let (w, h) = options.pixelSize
        let frame = painter.frame(layout: layout, scale: options.scale * layout.zoom, parameters: options.parameters,
                                  pixelWidth: w, pixelHeight: h,
                                  hud: labels(snapshot, painter: &painter, options: options, layout: layout), hudScale: options.scale)
        if let overflow = painter.fieldOverflow { throw .failure(overflow) }
        let headless = try HeadlessRenderer(pixelWidth: w, pixelHeight: h)
        defer { headless.destroy() }
        return try headless.image(of: frame)
    }

    /// The divider and pane labels of a split picture, the overlay's legend (`HUDContent.labels`:
    /// none for one pane otherwise): the HUD's, with the painter's glyph atlas (loaded here if
    /// it has none and there are labels), at `scale` device pixels a unit (the options' scale
    /// unless given: the window's recordings draw them at its own).
    static func labels(_ snapshot: SceneSnapshot, painter: inout BadgePainter, options: CommonOptions, layout: Layout,
                       scale: Double? = nil, also: [Rect] = [], fieldReach: Double? = nil) -> Mesh {
        let content = HUDContent.labels(snapshot, layout: layout, scene: options.scene, parameters: options.parameters,
                                        construction: painter.constructionLabels, also: also, fieldReach: fieldReach)
        guard !content.paneLabels.isEmpty else { return Mesh() }
        if painter.atlas == nil { painter.atlas = Fonts.atlas() }
        return HUD(content, layout: layout, scale: scale ?? options.scale, atlas: painter.atlas).mesh
    }

    /// Writes a PNG; a failure is exit status 1.
    static func write(_ image: Image, to path: String) throws(CLIError) {
        do {
            try PNG.write(image, to: path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// A PNG file's bytes and path, for `AtomicFile.write` with others (all or none).
    static func pngFile(_ image: Image, at path: String) throws(CLIError) -> (Data, String) {
        do {
            return (try PNG.encode(image, for: path), path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// The figures comparing the two fills of a held badge, as drawn.
    static func comparison(of pose: BadgePose, parameters: Parameters, step: Double = 0.25) -> FillComparison {
        FillComparison(
            home: pose.home, homeRadius: pose.homeRadius, badge: pose.center, badgeRadius: pose.radius,
            bridge: parameters.bridge(of: pose), field: BadgePainter.field(of: [pose], parameters: parameters), step: step)
    }

    /// Renders poses with the options' canvas, scale, mode and parameters, headless (the counts
    /// from `atlas` where one is given, nil in it meaning no font; else an atlas is opened if
    /// there are counts).
    static func draw(_ poses: [BadgePose], texts: [String] = [], options: CommonOptions, construction: Bool = false,
                     wireframe: Bool = false, atlas: GlyphAtlas?? = nil) throws(CLIError) -> Image {
        var painter = BadgePainter(atlas: texts.contains { !$0.isEmpty } ? atlas ?? Fonts.atlas() : nil)
        painter.paint(poses, texts: texts, parameters: options.parameters, scale: options.scale, mode: options.mode)
        let snapshot = SceneSnapshot(held: poses, texts: texts, rule: options.parameters.metaballBreak,
                                     shrink: options.parameters.motion.badge.shrink)
        if construction || wireframe {
            painter.addOverlays(construction: construction ? poses.last : nil, bridges: construction ? snapshot : nil, field: construction,
                                wireframe: wireframe, parameters: options.parameters, scale: options.scale, deviceScale: options.scale,
                                canvas: options.layout(.free).canvas)
        }
        return try image(of: &painter, snapshot: snapshot, options: options, layout: options.layout(.free))
    }
}

extension FillComparison {
    /// One figure a line: NAME VALUE UNIT ("NAME none" where there is no such figure: the
    /// kinks of a badge with no bridge).
    var lines: [String] {
        func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
        return [
            "area.bezier \(f(bezierArea)) px2",
            "area.metaball \(f(metaballArea)) px2",
            "iou \(f(intersectionOverUnion, 4))",
            "narrowest.bezier \(f(bezierNarrowest, 2)) px",
            "narrowest.metaball \(f(metaballNarrowest, 2)) px",
            "kink.home " + (homeKink.map { f($0) + " deg" } ?? "none"),
            "kink.badge " + (badgeKink.map { f($0) + " deg" } ?? "none"),
        ]
    }
}
