// The picture as exact shapes, for SVG and for the geometry file: circles as circles, each
// bridge side as its own Bézier segments (never the flattened polyline), counts as glyph outlines, the
// metaball fill as its traced and fitted iso-contour. Drawn from the same snapshot and rules as
// the painter, in canvas (scene) coordinates.

import Foundation
import Geometry
import Motion
import Render
import Typography

struct VectorScene {
    /// One Bézier segment in canvas coordinates; `control` is set when it is a quadratic.
    struct Segment {
        var curve: CubicBezier
        var control: Vec2?

        /// The segment, told apart as a quadratic where its cubic form is a raised quadratic.
        init(_ curve: CubicBezier) {
            self.curve = curve
            let q1 = (curve.p1 * 3 - curve.p0) * 0.5, q2 = (curve.p2 * 3 - curve.p3) * 0.5
            let size = max(1, curve.p0.distance(to: curve.p3))
            control = q1.distance(to: q2) <= 1e-9 * size ? (q1 + q2) * 0.5 : nil
        }

        var reversed: Segment { Segment(CubicBezier(curve.p3, curve.p2, curve.p1, curve.p0)) }
    }

    /// A bridge: the side through the home circle's point A and its mirror image, each from the
    /// home circle to the badge.
    struct BridgeShape {
        var style: BridgeStyle
        var upper: [Segment]
        var lower: [Segment]
        /// Indices in `circles` of the home circle (nil: shrunk to a point) and the badge.
        var home: Int?
        var badge: Int
        /// Within the badge's disc (`BadgePose.homeIsCovered`): in the construction, not drawn.
        var covered = false
    }

    struct Circle {
        var center: Vec2
        var radius: Double
        var color: Color
        /// home, badge, droplet, body, head
        var role: String
        /// A badge's count (drawn as glyph outlines in the SVG).
        var text: String = ""
        /// The index in `counts` of the count drawn right over this circle (the Bézier fill's
        /// badges: each count under the later badges, as the picture draws it).
        var count: Int?
        /// A home circle within its badge's disc (`BadgePose.homeIsCovered`): in the
        /// construction, not drawn (the PNG draws the badge alone there too).
        var covered = false
        /// How much wider than `radius` it is drawn (the caterpillar's head over the field: half
        /// a device pixel, over the field's soft edge). The JSON gives the radius, the
        /// geometry, the same at any scale; the SVG draws the wider circle, as the PNG does.
        var cover = 0.0
    }

    /// A count: its glyphs' outlines in canvas units, where the picture draws their bitmaps.
    struct Count {
        var text: String
        var outline: [OutlineCommand]
        var color: Color
    }

    /// One pane: what its fill draws, in its own canvas coordinates.
    struct Pane {
        var content: PaneContent
        var x: Double, y: Double, width: Double, height: Double
        var circles: [Circle] = []
        var bridges: [BridgeShape] = []
        /// The metaball fill: closed loops of cubic segments, filled even-odd.
        var contour: [[Segment]] = []
        var counts: [Count] = []
        /// Where later badges cover earlier counts (`BadgePainter.orderSteps`), the metaball
        /// fill as the picture draws it: in levels, each the contour of its fields, then its
        /// circles and counts (ranges of `circles` and `counts`), `contour` being the whole
        /// fill's. Empty: the whole contour, then all circles and counts.
        var levels: [(contour: [[Segment]], circles: Range<Int>, counts: Range<Int>)] = []
        var label: String
        /// Where the label goes, in window units (the HUD's place for it, as in the PNG).
        var labelBox: Rect?
        /// The label's glyphs as outlines, in the pane's window units, where the PNG draws their
        /// bitmaps (empty without a font: the SVG then names the font in a `<text>`).
        var labelOutline: [OutlineCommand] = []
    }

    /// The picture's size in window units (the layout's), and its device pixels per unit.
    var width: Double
    var height: Double
    var deviceScale: Double
    /// Scene units to window units (below 1 where a pane is smaller than the scene needs).
    var zoom: Double
    var parameters: Parameters
    var panes: [Pane] = []
    var field: MetaballField?
    /// The badges' counts as the field's panes draw them over the field: text, and the disc
    /// (the badge's centre and radius) it is centred in.
    var counts: [(text: String, center: Vec2, radius: Double)] = []

    /// The snapshot's shapes for every pane of `layout` (bezier, metaball, split; the overlay
    /// has no vector form). `tolerance`: the fitted contour's largest distance from the iso
    /// line, device pixels. `wholeContour`: whether `geometryJSON` is wanted, whose `contour` is
    /// the whole fill's (the SVG, drawn in levels, needs it only where there is one level).
    init(_ snapshot: SceneSnapshot, parameters: Parameters, layout: Layout, deviceScale: Double, atlas: GlyphAtlas?,
         tolerance: Double = 0.25, wholeContour: Bool = true) {
        width = layout.width
        height = layout.height
        self.deviceScale = deviceScale
        zoom = layout.zoom
        self.parameters = parameters
        counts = snapshot.badges.compactMap { badge in
            guard let pose = badge.pose, !badge.text.isEmpty else { return nil }
            return (badge.text, pose.center, pose.radius)
        }
        let scale = deviceScale * layout.zoom
        var painter = BadgePainter(atlas: atlas)
        painter.paint(snapshot, parameters: parameters, scale: scale, mode: .metaball)
        let field = painter.metaballField
        // The order the picture draws the fields and counts in.
        var levels: (fields: [Int], decals: [(badge: Int, level: Int)])?
        if layout.panes.contains(where: { $0.content == .metaball }) {
            _ = painter.frame(layout: layout, scale: scale, parameters: parameters,
                              pixelWidth: Int((layout.width * deviceScale).rounded()), pixelHeight: Int((layout.height * deviceScale).rounded()))
            levels = painter.drawLevels
        }
        // The window's names for the panes ("Bézier · quad", "metaball · inverseSquare"), where
        // the PNG puts them.
        let content = HUDContent.labels(snapshot, layout: layout, scene: snapshot.bodies.isEmpty ? .badge : .chain,
                                        parameters: parameters)
        // (As the HUD lays them out: a label wider than its pane keeps its first part.)
        let labelAtlas = content.paneLabels.isEmpty ? nil : atlas ?? Fonts.atlas()
        let hud = content.paneLabels.isEmpty ? nil : HUD(content, layout: layout, scale: deviceScale, atlas: labelAtlas)
        let boxes = hud?.labelBoxes ?? [], texts = hud?.labelTexts ?? []
        for (index, area) in layout.panes.enumerated() {
            var pane = Pane(content: area.content, x: area.x, y: area.y, width: area.width, height: area.height,
                            label: index < texts.count ? texts[index] : "",
                            labelBox: index < boxes.count ? boxes[index] : nil)
            if let labelAtlas, let box = pane.labelBox, !pane.label.contains("\n") {
                // As the HUD's pen draws it: 4 in and 6 up from the panel's foot, on whole pixels.
                let s = deviceScale, origin = Vec2(area.x, area.y)
                pane.labelOutline = labelAtlas.outlines(of: pane.label, originX: ((box.x + 4) * s).rounded(),
                                                        baseline: ((box.maxY - 6) * s).rounded(),
                                                        size: max(1, Int((HUD.textSize * s).rounded())))
                    .map { $0.mapPoints { $0 / s - origin } }
            }
            if area.content == .metaball {
                if wholeContour || levels == nil {
                    pane.contour = field.contourCurves(tolerance: tolerance / scale).map { $0.map(Segment.init) }
                }
                if let levels {
                    VectorScene.addLevels(levels, of: snapshot, field: field, parameters: parameters, scale: scale,
                                          tolerance: tolerance / scale, atlas: atlas, to: &pane)
                } else {
                    VectorScene.addDecals(snapshot, field: field, parameters: parameters, scale: scale, atlas: atlas, to: &pane)
                }
                self.field = field
            } else {
                VectorScene.addBezier(snapshot, parameters: parameters, scale: scale, atlas: atlas, to: &pane)
            }
            panes.append(pane)
        }
    }

    /// The Bézier fill: home circles and bridges, then the badges (or bursts) and counts in order.
    private static func addBezier(_ snapshot: SceneSnapshot, parameters: Parameters, scale: Double, atlas: GlyphAtlas?,
                                  to pane: inout Pane) {
        if !snapshot.bodies.isEmpty {
            let bodies = snapshot.bodies
            for (i, body) in bodies.enumerated() {
                pane.circles.append(Circle(center: body.center, radius: body.radius,
                                           color: i == bodies.count - 1 ? parameters.headColor : parameters.color,
                                           role: i == bodies.count - 1 ? "head" : "body"))
            }
            if parameters.goo {
                for i in bodies.indices.dropLast() {
                    let a = bodies[i], b = bodies[i + 1]
                    if let bridge = Bridge(home: a.center, homeRadius: a.radius, badge: b.center, badgeRadius: b.radius,
                                           parameters: parameters.bridge, maxDistance: 2 * (a.radius + b.radius)) {
                        pane.bridges.append(shape(of: bridge, style: parameters.bridge.style, home: i, badge: i + 1))
                    }
                }
            }
            return
        }
        var homes: [(Int?, Bridge?, covered: Bool)] = []
        for badge in snapshot.badges where badge.hasBridge {
            guard let pose = badge.pose else { continue }
            var home: Int?
            if pose.homeRadius > 0 {
                home = pane.circles.count
                pane.circles.append(Circle(center: pose.home, radius: pose.homeRadius, color: parameters.color, role: "home",
                                           covered: pose.homeIsCovered))
            }
            homes.append((home, parameters.bridge(of: pose), pose.homeIsCovered))
        }
        var next = 0
        for badge in snapshot.badges {
            if let pose = badge.pose {
                let index = pane.circles.count
                pane.circles.append(Circle(center: pose.center, radius: pose.radius, color: parameters.color, role: "badge", text: badge.text))
                if badge.hasBridge {
                    let (home, bridge, covered) = homes[next]
                    next += 1
                    if let bridge {
                        var drawn = shape(of: bridge, style: parameters.bridge.style, home: home, badge: index)
                        drawn.covered = covered
                        pane.bridges.append(drawn)
                    }
                }
                let counted = pane.counts.count
                addCount(badge.text, pose, parameters: parameters, scale: scale, atlas: atlas, to: &pane)
                if pane.counts.count > counted { pane.circles[index].count = counted }
            } else if let burst = badge.burst {
                addBurst(burst, age: badge.burstAge, parameters: parameters, to: &pane)
            }
        }
    }

    /// What the metaball pane draws over the field: counts, bursts, the chain's head.
    private static func addDecals(_ snapshot: SceneSnapshot, field: MetaballField, parameters: Parameters, scale: Double,
                                  atlas: GlyphAtlas?, to pane: inout Pane) {
        if let head = snapshot.bodies.last {
            // As the painter does: as large as the contour holds, and half a device pixel wider,
            // covering the field's soft edge under it.
            pane.circles.append(Circle(center: head.center, radius: BadgePainter.headRadius(head, in: field),
                                       color: parameters.headColor, role: "head", cover: 0.5 / scale))
        }
        for badge in snapshot.badges {
            if let pose = badge.pose {
                addCount(badge.text, pose, parameters: parameters, scale: scale, atlas: atlas, to: &pane)
            } else if let burst = badge.burst {
                addBurst(burst, age: badge.burstAge, parameters: parameters, to: &pane)
            }
        }
    }

    /// The metaball pane in the painter's levels: each level's fields' contour, then its
    /// badges' counts and bursts.
    private static func addLevels(_ levels: (fields: [Int], decals: [(badge: Int, level: Int)]), of snapshot: SceneSnapshot, field: MetaballField,
                                  parameters: Parameters, scale: Double, tolerance: Double, atlas: GlyphAtlas?, to pane: inout Pane) {
        let top = max(levels.fields.max() ?? 0, levels.decals.map(\.level).max() ?? 0)
        // Each level's fields and badges with decals, in order.
        var fieldsAt = [[Range<Int>]](repeating: [], count: top + 1), badgesAt = [[BadgeLook]](repeating: [], count: top + 1)
        for (k, range) in field.fields.enumerated() where k < levels.fields.count { fieldsAt[levels.fields[k]].append(range) }
        for (badge, level) in levels.decals where snapshot.badges.indices.contains(badge) {
            badgesAt[level].append(snapshot.badges[badge])
        }
        for level in 0...top {
            var part = MetaballField(parameters: field.parameters)
            for range in fieldsAt[level] {
                part.balls.append(contentsOf: field.balls[range])
                part.fieldEnds.append(part.balls.count)
            }
            let contour = part.balls.isEmpty ? [] : part.contourCurves(tolerance: tolerance).map { $0.map(Segment.init) }
            let circles = pane.circles.count, counts = pane.counts.count
            for badge in badgesAt[level] {
                if let pose = badge.pose {
                    addCount(badge.text, pose, parameters: parameters, scale: scale, atlas: atlas, to: &pane)
                } else if let burst = badge.burst {
                    addBurst(burst, age: badge.burstAge, parameters: parameters, to: &pane)
                }
            }
            pane.levels.append((contour, circles..<pane.circles.count, counts..<pane.counts.count))
        }
    }

    private static func addCount(_ text: String, _ pose: BadgePose, parameters: Parameters, scale: Double, atlas: GlyphAtlas?,
                                 to pane: inout Pane) {
        guard let atlas, let place = CountPlacement(text, center: pose.center, radius: pose.radius, scale: scale, atlas: atlas) else {
            return
        }
        let outline = place.outlines(of: text, atlas: atlas).map { $0.mapPoints { $0 / scale } }
        pane.counts.append(Count(text: text, outline: outline, color: parameters.textColor))
    }

    private static func addBurst(_ burst: Explosion, age: Double, parameters: Parameters, to pane: inout Pane) {
        var color = parameters.color
        if let core = burst.core(at: age) {
            color.alpha = parameters.color.alpha * core.opacity
            pane.circles.append(Circle(center: core.center, radius: core.radius, color: color, role: "droplet"))
        }
        var droplets: [Droplet] = []
        burst.droplets(at: age, into: &droplets)
        for droplet in droplets {
            color.alpha = parameters.color.alpha * droplet.opacity
            pane.circles.append(Circle(center: droplet.center, radius: droplet.radius, color: color, role: "droplet"))
        }
    }

    /// A bridge's two sides in canvas coordinates (`Bridge.sides`: exact).
    static func shape(of bridge: Bridge, style: BridgeStyle, home: Int?, badge: Int) -> BridgeShape {
        let (upper, lower) = bridge.sides
        return BridgeShape(style: style, upper: upper.map(Segment.init), lower: lower.map(Segment.init), home: home, badge: badge)
    }
}

// MARK: - SVG

extension VectorScene {
    /// What the picture shows, for the SVG's title: the scene, the fills.
    var title: String {
        let fills = panes.map { pane in
            pane.content == .bezier ? "\(parameters.bridge.style.rawValue) bridge" : "metaball (\(parameters.metaball.kernel.rawValue))"
        }
        return fills.joined(separator: " | ")
    }

    /// The picture as an SVG document of (width·scale)×(height·scale) pixels, drawn in canvas
    /// units (the viewBox).
    var svg: String {
        /// x to four decimals, trailing zeros dropped ("12.5", "-0.0625", "3"): from the count
        /// of ten-thousandths, digit by digit (a format and a pattern a number took a tenth of a
        /// 256-badge export), or by the format where that count would not fit an Int.
        func n(_ x: Double) -> String {
            let rounded = (x * 10_000).rounded() / 10_000
            if rounded == rounded.rounded() { return String(Int(rounded)) }
            guard abs(rounded) < 1e14 else {
                return String(format: "%.4f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
            }
            let units = Int((x * 10_000).rounded()).magnitude
            var fraction = units % 10_000, digits = 4
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            return (x < 0 ? "-" : "") + String(units / 10_000) + "." + String(repeating: "0", count: digits - text.count) + text
        }
        func p(_ v: Vec2) -> String { "\(n(v.x)) \(n(v.y))" }
        func paint(_ c: Color, _ attribute: String = "fill") -> String {
            func byte(_ v: Double) -> String { String(format: "%02x", Int((min(max(v, 0), 1) * 255).rounded())) }
            let opacity = c.alpha < 1 ? " \(attribute)-opacity=\"\(n(c.alpha))\"" : ""
            return "\(attribute)=\"#\(byte(c.red))\(byte(c.green))\(byte(c.blue))\"\(opacity)"
        }
        /// Glyphs' outlines as path data (without the closing "Z").
        func outline(_ commands: [OutlineCommand]) -> String {
            commands.map { c -> String in
                switch c {
                case .move(let a): "M\(p(a))"
                case .line(let a): "L\(p(a))"
                case .quadratic(let q, let a): "Q\(p(q)) \(p(a))"
                case .cubic(let a, let b, let e): "C\(p(a)) \(p(b)) \(p(e))"
                }
            }.joined()
        }
        func command(_ s: Segment) -> String {
            if let q = s.control { return "Q\(p(q)) \(p(s.curve.p3))" }
            return "C\(p(s.curve.p1)) \(p(s.curve.p2)) \(p(s.curve.p3))"
        }
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width * deviceScale))" height="\(n(height * deviceScale))" \
            viewBox="0 0 \(n(width)) \(n(height))">
            <title>sticky: \(escape(title))</title>
            <rect width="\(n(width))" height="\(n(height))" \(paint(parameters.background))/>

            """
        for (index, pane) in panes.enumerated() {
            let id = pane.content == .bezier ? "bezier" : "metaball"
            out += "<g id=\"\(id)\" transform=\"translate(\(n(pane.x)) \(n(pane.y)))\">\n"
            out += "  <clipPath id=\"pane\(index)\"><rect width=\"\(n(pane.width))\" height=\"\(n(pane.height))\"/></clipPath>\n"
            // The clip in the pane's window units; the shapes in scene units, scaled by the zoom.
            out += "  <g clip-path=\"url(#pane\(index))\"><g" + (zoom != 1 ? " transform=\"scale(\(n(zoom)))\"" : "") + ">\n"
            func field(_ contour: [[Segment]]) {
                guard !contour.isEmpty else { return }
                let d = contour.map { loop in
                    "M\(p(loop[0].curve.p0))" + loop.map(command).joined(separator: "") + "Z"
                }.joined(separator: " ")
                out += "    <path class=\"field\" fill-rule=\"evenodd\" \(paint(parameters.color)) d=\"\(d)\"/>\n"
            }
            func circle(_ circle: Circle) {
                guard !circle.covered else { return }
                out += "    <circle class=\"\(circle.role)\" cx=\"\(n(circle.center.x))\" cy=\"\(n(circle.center.y))\" r=\"\(n(circle.radius + circle.cover))\" \(paint(circle.color))/>\n"
            }
            func count(_ count: Count) {
                // The glyphs' own outlines (FreeType's, hinted as in the picture), nonzero fill.
                out += "    <path class=\"count\" aria-label=\"\(escape(count.text))\" \(paint(count.color)) d=\"\(outline(count.outline))Z\"/>\n"
            }
            // Where later badges cover earlier counts, the fill level by level, each with its decals.
            for level in pane.levels {
                field(level.contour)
                pane.circles[level.circles].forEach(circle)
                pane.counts[level.counts].forEach(count)
            }
            if pane.levels.isEmpty { field(pane.contour) }
            for bridge in pane.bridges where !bridge.covered {
                // Up the upper side to the badge, across inside the badge, back down the lower side,
                // and across inside the home circle: the region between the sides.
                let d = "M\(p(bridge.upper[0].curve.p0))" + bridge.upper.map(command).joined()
                    + "L\(p(bridge.lower.last!.curve.p3))" + bridge.lower.reversed().map { command($0.reversed) }.joined() + "Z"
                out += "    <path class=\"bridge \(bridge.style.rawValue)\" \(paint(parameters.color)) d=\"\(d)\"/>\n"
            }
            if pane.levels.isEmpty {
                // A badge's count right over its disc, so under the later badges; the counts of
                // no circle (the metaball pane's, in one level) over all.
                for c in pane.circles {
                    circle(c)
                    if let k = c.count { count(pane.counts[k]) }
                }
                let drawn = Set(pane.circles.compactMap(\.count))
                for (k, c) in pane.counts.enumerated() where !drawn.contains(k) { count(c) }
            }
            out += "  </g></g>\n"
            if panes.count > 1, let box = pane.labelBox {
                // As the HUD draws it: a panel, the text 4 in and 6 up from its bottom.
                let x = box.x - pane.x, y = box.y - pane.y
                out += "  <rect class=\"label\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" "
                    + "\(paint(HUDPen.paper.with(alpha: 0.85)))/>\n"
                if pane.labelOutline.isEmpty {
                    out += "  <text class=\"label\" x=\"\(n(x + 4))\" y=\"\(n(y + box.height - 6))\" font-family=\"DejaVu Sans, sans-serif\" font-weight=\"bold\" "
                        + "font-size=\"\(n(HUD.textSize))\" \(paint(HUDPen.ink))>\(escape(pane.label))</text>\n"
                } else {
                    // The glyphs' own outlines, as the counts are: the picture whatever fonts a viewer has.
                    out += "  <path class=\"label\" aria-label=\"\(escape(pane.label))\" \(paint(HUDPen.ink)) d=\"\(outline(pane.labelOutline))Z\"/>\n"
                }
                if index > 0 {
                    // As the HUD draws it: the window unit left of the pane's edge, whole pixels.
                    out += "  <rect class=\"divider\" x=\"-1\" y=\"0\" width=\"1\" height=\"\(n(pane.height))\" \(paint(HUDPen.edge))/>\n"
                }
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }
}

// MARK: - Geometry as data

extension VectorScene {
    /// The exact construction as JSON: every circle and every bridge side (Bézier segments:
    /// start, controls, end) in canvas coordinates, each pane's offset, the style and every
    /// parameter that made it, the field's balls and kernel where a pane shows it.
    var geometryJSON: String {
        func n(_ x: Double) -> Any { x.isFinite ? x : 0 }
        func point(_ v: Vec2) -> [Any] { [n(v.x), n(v.y)] }
        func segment(_ s: Segment) -> [String: Any] {
            let controls = s.control.map { [point($0)] } ?? [point(s.curve.p1), point(s.curve.p2)]
            return ["start": point(s.curve.p0), "controls": controls, "end": point(s.curve.p3)]
        }
        var values: [String: Any] = [:]
        for parameter in ParameterRegistry.all {
            let text = parameter.value(in: parameters)
            if let number = Double(text) {
                values[parameter.name] = number
            } else if text == "true" || text == "false" {
                values[parameter.name] = text == "true"
            } else {
                values[parameter.name] = text
            }
        }
        let panesJSON: [[String: Any]] = panes.map { pane in
            var object: [String: Any] = [
                "fill": pane.content == .bezier ? "bezier" : "metaball",
                "origin": [n(pane.x), n(pane.y)], "size": [n(pane.width), n(pane.height)],
                "circles": pane.circles.map { circle -> [String: Any] in
                    var object: [String: Any] = ["role": circle.role, "center": point(circle.center), "radius": n(circle.radius)]
                    if !circle.text.isEmpty { object["text"] = circle.text }
                    // A home circle within its badge's disc: in the construction, not drawn.
                    if circle.covered { object["drawn"] = false }
                    return object
                },
                "bridges": pane.bridges.map { bridge -> [String: Any] in
                    var b: [String: Any] = ["style": bridge.style.rawValue, "badge": bridge.badge,
                                            "sides": [bridge.upper.map(segment), bridge.lower.map(segment)]]
                    // No home circle (shrunk to nothing): null, the key kept.
                    b["home"] = bridge.home.map { $0 as Any } ?? NSNull()
                    return b
                },
            ]
            if pane.content == .metaball, let field {
                object["field"] = [
                    "kernel": field.parameters.kernel.rawValue, "threshold": n(field.parameters.threshold),
                    "blend": n(field.parameters.blend),
                    "balls": field.balls.map { ["center": point($0.center), "radius": n($0.radius)] },
                    // The separate fields as ranges of `balls` (one field of all when a single range).
                    "fields": field.fields.map { [$0.lowerBound, $0.upperBound] },
                    "contour": pane.contour.map { $0.map(segment) },
                ]
                object["counts"] = counts.map { ["text": $0.text, "center": point($0.center), "radius": n($0.radius)] }
            }
            return object
        }
        let root: [String: Any] = [
            "units": "logical pixels, y down; each pane's shapes in its own scene coordinates, shown at the pane's origin scaled by zoom",
            "canvas": [n(width), n(height)], "scale": n(deviceScale), "zoom": n(zoom), "style": parameters.bridge.style.rawValue,
            "parameters": values, "panes": panesJSON,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
        // A point on one line, "[420, 316]": pretty-printed, each number took a line of its own
        // (116 lines for one badge).
        // (And an empty list "[]", which came out as "[", a blank line and "]".)
        return String(decoding: data, as: UTF8.self).replacing(/\[\s*(-?[0-9][-+0-9.eE]*(?:\s*,\s*-?[0-9][-+0-9.eE]*)*)\s*\]/) { match in
            "[" + match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ") + "]"
        }.replacing(/\[\s*\]/, with: "[]") + "\n"
    }
}
