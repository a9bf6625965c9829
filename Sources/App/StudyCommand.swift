// `sticky study`: one parameter swept, every fill compared over the sweep: small multiples of
// the pictures (sheet.png), line plots of their figures (plots.png) and the figures (study.csv).

import Foundation
import Geometry
import Imaging
import Motion
import Render
import Typography

/// One fill the study compares: a Bézier style or a metaball kernel.
struct StudyFill: Equatable {
    var name: String
    var style: BridgeStyle?
    var kernel: MetaballKernel?

    static let all: [StudyFill] = BridgeStyle.allCases.map { StudyFill(name: $0.rawValue, style: $0, kernel: nil) }
        + MetaballKernel.allCases.map { StudyFill(name: "metaball.\($0.rawValue)", style: nil, kernel: $0) }

    /// The line colour in the plots.
    var color: Color {
        switch name {
        case "quad": Color(red: 0.85, green: 0.1, blue: 0.1)
        case "cubic": Color(red: 0.95, green: 0.55, blue: 0)
        case "tangent": Color(red: 0.55, green: 0.2, blue: 0.75)
        case "metaball.inverseSquare": Color(red: 0.1, green: 0.35, blue: 0.85)
        case "metaball.wyvill": Color(red: 0.1, green: 0.6, blue: 0.3)
        // (Brown: the teal it had was hard to tell from wyvill's green in thin lines.)
        default: Color(red: 0.55, green: 0.34, blue: 0.29)
        }
    }

    /// The parameters with this fill chosen.
    func apply(to parameters: Parameters) -> Parameters {
        var p = parameters
        if let style { p.bridge.style = style }
        if let kernel { p.metaball.kernel = kernel }
        return p
    }
}

/// What `sticky study` compares: the CLI options, parsed and checked.
struct StudyRequest {
    var common = CommonOptions()
    var out: String?
    /// `distance`, or a number parameter of the registry.
    var sweep = "distance"
    var from = 0.0, to = 70.0, step = 2.0
    var fills = StudyFill.all
    var cell = (width: 180.0, height: 80.0)
    /// Whether --cell was given: the default grows to what the shapes need instead.
    var cellGiven = false
    var radius = 20.0
    /// The pull of a sweep of another parameter than the distance.
    var distance = 40.0
    var distanceGiven = false

    static let maximumValues = 1000

    /// What the options given leave unused, a line each: the common options' warnings, and
    /// --distance where the sweep is of the distance itself.
    var warnings: [String] {
        common.warnings + (distanceGiven && sweep == "distance"
            ? ["--distance is the pull for a sweep of another parameter; a distance sweep ignores it"] : [])
            + [breakWarning ?? sweepWarning].compactMap { $0 }
    }

    /// Where the badge of a sweep of another parameter is pulled past the break (and the sweep
    /// is not of maxDistance), what that leaves: the Bézier fills are the badge alone at every
    /// value, and so are the metaball fills where the home ball vanishes at the break (a new
    /// user's neck sweep at --distance 65 drew flat lines, and join-angle plots that said
    /// no fill had the figure, without a word).
    var breakWarning: String? {
        let parameters = common.parameters, maxDistance = parameters.motion.badge.maxDistance
        guard sweep != "distance", sweep != "maxDistance", distance > maxDistance else { return nil }
        let alone = fills.filter { $0.style != nil || parameters.metaballBreak == .vanish }
        guard !alone.isEmpty else { return nil }
        let broken = "--distance \(Parameter.format(distance)) is past maxDistance \(Parameter.format(maxDistance)): the bridge has broken"
        return alone.count == fills.count
            ? "--sweep \(sweep) changes nothing in the study: \(broken), and every fill is the badge alone"
            : "\(broken), and \(alone.map(\.name).joined(separator: ", ")) \(alone.count == 1 ? "is" : "are") the badge alone at every value"
    }

    /// Where the swept parameter changes none of the fills compared, why (a sweep of blend
    /// over the Bézier fills alone drew the same cells and flat lines without a word): the
    /// study's badge is posed still, so the spring's and the burst's change nothing; another
    /// scene's, construction's or kernel's change nothing in a fill not of them.
    var sweepWarning: String? {
        guard sweep != "distance", let parameter = ParameterRegistry.named(sweep) else { return nil }
        let lead = "--sweep \(sweep) changes nothing in the study"
        if case .motion? = parameter.condition { return lead + ": its badge is posed, not moving" }
        let reasons = fills.map { fill in
            parameter.whyNotInEffect(fill.apply(to: common.parameters), scene: .free, mode: fill.style != nil ? .bezier : .metaball)
        }
        guard let reason = reasons.first ?? nil, reasons.allSatisfy({ $0 != nil }) else { return nil }
        return lead + " of \(fills.map(\.name).joined(separator: ", ")): \(reason)"
    }

    static let help = """
        usage: sticky study --out DIR [--sweep NAME=FROM:TO:STEP] [--fills LIST] [OPTIONS]

        Sweeps one parameter and compares every fill over the sweep: one badge of --radius pulled
        along +x from its home (by the swept distance, or by --distance when another parameter is
        swept). As in the window, the metaball fills' home ball grows in over the first R of the
        pull (a badge at rest is one ball): under d = R they are little more than the badge's own
        circle, which the plots' area and IoU show. Writes, into DIR (made if needed):
          sheet.png   small multiples: a row per fill, a column per value (at most 12, evenly
                      chosen), each cell labelled, the values in a header row, one scale for all
          plots.png   the narrowest width between the centres, the area, the join angles at the
                      home circle and at the badge (Bézier fills), and the IoU with the quad
                      fill, each against the swept value, a line per fill, with a legend
          study.csv   parameter,value,fill,area,waist,kink_home,kink_badge,iou: a row per value
                      and fill (px², px, degrees, 0-1; kinks empty for the metaball fills and
                      where the bridge has broken; the waist is then 0, or the chord of a
                      badge so large it covers its home's centre alone)

          --out DIR                 where to write (required)
          --sweep NAME=FROM:TO:STEP distance (the default: distance=0:70:2) or a number
                                    parameter of the registry, e.g. neck=0:1:0.1; TO included;
                                    at most 1000 values
          --fills LIST              a comma list of quad, cubic, tangent, metaball.inverseSquare,
                                    metaball.wyvill, metaball.smoothMin (all six)
          --cell WxH                a cell's size in logical pixels (180x80, or as large as the
                                    shapes need, up to 2000x2000); a field that reaches past a
                                    cell given is cut, and a warning names one that holds it
          --radius R                the badge's radius (20)
          --distance D              the pull when another parameter is swept (40)
          --scale S                 device pixels per logical pixel of the pictures (1)
          --preset, --params, --set and the parameter flags as for render (sticky render --help)
        """

    init(_ words: [String]) throws(CLIError) {
        var arguments = Arguments(words)
        while let token = try arguments.next() {
            switch token {
            case .word(let word):
                throw .usage("study takes no positional argument, got '\(word)' (see sticky study --help)")
            case .option(let option, let inline):
                switch option {
                case "--size", "--mode", "--scene", "--count":
                    throw .usage("study draws every fill in cells of --cell WxH; \(option) does not apply (see sticky study --help)")
                default: break
                }
                if try common.accept(option, inline: inline, from: &arguments) { continue }
                switch option {
                case "--out":
                    out = try Parse.folder(arguments.value(of: option, inline: inline, expects: "a folder"), option: option)
                case "--sweep":
                    try parseSweep(arguments.value(of: option, inline: inline, expects: "NAME=FROM:TO:STEP"))
                case "--fills":
                    let text = try arguments.value(of: option, inline: inline, expects: "a comma list of fills")
                    var chosen: [StudyFill] = []
                    for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                        guard let fill = StudyFill.all.first(where: { $0.name == name }) else {
                            throw .usage("--fills expects a comma list of \(StudyFill.all.map(\.name).joined(separator: ", ")), got '\(name)'")
                        }
                        if !chosen.contains(fill) { chosen.append(fill) }
                    }
                    fills = chosen
                case "--cell":
                    let (w, h) = try Parse.size(arguments.value(of: option, inline: inline, expects: "WxH"), option: option)
                    guard w <= 2000, h <= 2000 else { throw .usage("--cell expects at most 2000x2000, got '\(w)x\(h)'") }
                    cell = (Double(w), Double(h))
                    cellGiven = true
                case "--radius":
                    radius = try Parse.number(arguments.value(of: option, inline: inline, expects: "a radius"), option: option,
                                              range: 0.5...500, what: "a radius from 0.5 to 500 logical pixels")
                case "--distance":
                    distanceGiven = true
                    distance = try Parse.number(arguments.value(of: option, inline: inline, expects: "a distance"), option: option,
                                                range: 0...5000, what: "a distance from 0 to 5000 logical pixels")
                default:
                    throw .unknownOption(option, command: "study")
                }
            }
        }
        guard out != nil else { throw .usage("study needs --out DIR") }
        try common.finish()
        // Every value must be one the parameter takes.
        if sweep != "distance", let parameter = ParameterRegistry.named(sweep) {
            var probe = common.parameters
            for value in values { try parameter.set(Parameter.format(value), in: &probe, source: "--sweep \(sweep)") }
        }
        try checkSheetSize()
    }

    func checkSheetSize() throws(CLIError) {
        let (w, h) = sheetPixels
        if w > CommonOptions.maximumPixels || h > CommonOptions.maximumPixels {
            throw .usage("the sheet would be \(w)x\(h) device pixels; at most \(CommonOptions.maximumPixels) a side (a smaller --cell or --scale)")
        }
    }

    /// Refuses a --cell that cannot hold its shapes whole, 4 px clear of its edges (the home
    /// circle and the badge at the farthest pull shown, both at most R), and its header over it
    /// (measured with `atlas`, the one the sheet is lettered with); the default cell grows to
    /// hold them (a new user's `--radius 50` was refused for a --cell they had not given), and
    /// later to hold the fields measured (`grownCell`).
    mutating func fitCell(atlas: GlyphAtlas?) throws(CLIError) {
        let farthest = sweep == "distance" ? (shownValues.max() ?? 0) : distance
        var least = (width: (farthest + 2 * radius + 8).rounded(.up), height: (2 * radius + 8).rounded(.up))
        if let atlas {
            let pen = HUDPen(scale: 1, atlas: atlas)
            let widest = shownValues.map { pen.width(of: header($0), size: 12) }.max() ?? 0
            least.width = max(least.width, (widest + 4 - StudyRequest.gap).rounded(.up))
        }
        if !cellGiven {
            cell = (max(cell.width, least.width), max(cell.height, least.height))
            return try checkSheetSize()
        }
        if cell.width < least.width || cell.height < least.height {
            throw .usage("--cell \(Parameter.format(cell.width))x\(Parameter.format(cell.height)) is too small for a badge of radius "
                         + "\(Parameter.format(radius)) pulled \(Parameter.format(farthest)) px and its header: at least "
                         + "\(Parameter.format(least.width))x\(Parameter.format(least.height))")
        }
    }

    private mutating func parseSweep(_ text: String) throws(CLIError) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let range = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
        guard parts.count == 2, range.count == 3, let from = Parse.decimal(range[0]), let to = Parse.decimal(range[1]), let step = Parse.decimal(range[2]),
            from.isFinite, to.isFinite, step.isFinite
        else { throw .usage("--sweep expects NAME=FROM:TO:STEP, e.g. distance=0:70:2, got '\(text)'") }
        let name = String(parts[0])
        if name != "distance" {
            guard let parameter = ParameterRegistry.named(name) else {
                let numbers = ParameterRegistry.all.filter { if case .number = $0.kind { true } else { false } }.map(\.name)
                let guess = Parse.nearest(to: name, among: ["distance"] + numbers).map { "did you mean '\($0)'? " } ?? ""
                throw .usage("--sweep: unknown parameter '\(name)' (\(guess)distance, or a number parameter: sticky render --help)")
            }
            guard case .number(_, let range, _) = parameter.kind else { throw .usage("--sweep: '\(name)' is not a number parameter") }
            guard range.contains(from), range.contains(to) else {
                throw .usage("--sweep \(name) expects values from \(Parameter.format(range.lowerBound)) to "
                             + "\(Parameter.format(range.upperBound)), got '\(text)'")
            }
        } else if from < 0 || to > 5000 {
            throw .usage("--sweep distance expects values from 0 to 5000, got '\(text)'")
        }
        guard step > 0, to >= from else { throw .usage("--sweep expects FROM <= TO and STEP > 0, got '\(text)'") }
        guard (to - from) / step < Double(StudyRequest.maximumValues) else {
            throw .usage("--sweep gives more than \(StudyRequest.maximumValues) values, got '\(text)'")
        }
        (sweep, self.from, self.to, self.step) = (name, from, to, step)
    }

    /// FROM, FROM + STEP, … up to TO (included, to within a millionth of a step).
    var values: [Double] {
        let count = Int(((to - from) / step + 1e-6).rounded(.down)) + 1
        return (0..<count).map { from + Double($0) * step }
    }

    /// The unit of the swept value, for the plots and the header.
    var unit: String { sweep == "distance" ? "px" : ParameterRegistry.named(sweep)?.unit ?? "" }

    /// The values shown as columns of the sheet: all up to 12, else 12 evenly chosen (first and
    /// last included); a distance sweep across the break shows the last pull that holds the
    /// bridge and the first past it, in place of the chosen values nearest them.
    var shownValues: [Double] {
        let all = values
        guard all.count > 12 else { return all }
        var picks = (0..<12).map { Int((Double($0) * Double(all.count - 1) / 11).rounded()) }
        let limit = common.parameters.motion.badge.maxDistance
        if sweep == "distance", let last = all.lastIndex(where: { $0 <= limit }), last + 1 < all.count, last > 0 {
            for k in [last, last + 1] where !picks.contains(k) {
                // The nearest pick that is neither end nor the other of the pair.
                let free = picks.indices.filter { $0 > 0 && $0 < picks.count - 1 && ![last, last + 1].contains(picks[$0]) }
                if let nearest = free.min(by: { abs(picks[$0] - k) < abs(picks[$1] - k) }) { picks[nearest] = k }
                picks.sort()
            }
        }
        return picks.map { all[$0] }
    }

    /// A column's header: "d = 40 px", "neck = 0.5".
    func header(_ value: Double) -> String {
        let number = String(format: "%.4g", value)
        return "\(sweep == "distance" ? "d" : sweep) = " + (unit.isEmpty || unit == "ratio" ? number : "\(number) \(unit)")
    }

    /// The parameters and the pull for one swept value.
    func setting(_ value: Double) -> (parameters: Parameters, distance: Double) {
        guard sweep != "distance", let parameter = ParameterRegistry.named(sweep) else { return (common.parameters, value) }
        var p = common.parameters
        try? parameter.set(Parameter.format(value), in: &p, source: "--sweep")
        return (p, distance)
    }

    // The sheet's layout, logical pixels: a title of `titleLines` lines (wrapped to the sheet's
    // width: one column's sheet cut it), the header row, the cells.
    static let margin = 10.0, titleHeight = 28.0, titleLineHeight = 18.0, headerHeight = 20.0, labelWidth = 185.0, gap = 6.0
    var titleLines = 1

    private var top: Double {
        StudyRequest.margin + StudyRequest.titleHeight + StudyRequest.titleLineHeight * Double(titleLines - 1) + StudyRequest.headerHeight
    }

    var sheetSize: (width: Double, height: Double) {
        let columns = Double(shownValues.count), rows = Double(fills.count)
        return (StudyRequest.margin * 2 + StudyRequest.labelWidth + columns * (cell.width + StudyRequest.gap),
                top + StudyRequest.margin + rows * (cell.height + StudyRequest.gap))
    }

    var sheetPixels: (Int, Int) {
        let size = sheetSize
        return (Int((size.width * common.scale).rounded()), Int((size.height * common.scale).rounded()))
    }

    /// Where cell (row, column) lies on the sheet, logical pixels.
    func cellOrigin(row: Int, column: Int) -> Vec2 {
        Vec2(StudyRequest.margin + StudyRequest.labelWidth + Double(column) * (cell.width + StudyRequest.gap),
             top + Double(row) * (cell.height + StudyRequest.gap))
    }
}

/// One row of study.csv.
struct StudyRow {
    var value: Double
    var fill: StudyFill
    var area: Double
    var waist: Double
    var kinkHome: Double?
    var kinkBadge: Double?
    var iou: Double
    /// The shape's extent with its home at the origin, pulled along +x: its leftmost and
    /// rightmost x, and its half-height (to the columns' 1/20 px).
    var extent = (left: 0.0, right: 0.0, half: 0.0)
    /// Whether the badge is still held by its home (before the break): the plots' lines do not
    /// join a value before the break to one after it, which no value between would give.
    var attached = true
}

enum StudyCommand {
    static func run(_ words: [String]) throws(CLIError) {
        var request = try StudyRequest(words)
        // The font is loaded once: the cells' check measures the headers the sheet letters.
        let atlas = Fonts.atlas()
        try request.fitCell(atlas: atlas)
        for warning in request.warnings { CommandLine.warn(warning) }
        let folder = request.out!
        try Parse.refuseFile(at: folder, option: "--out")
        if let reason = makeFolder(folder) { throw .failure("cannot make the folder '\(folder)': \(reason)") }
        let progress = Progress(total: request.values.count + request.fills.count * request.shownValues.count + 1)
        let rows = measure(request, progress: progress)
        var grownFor: String?
        if !request.cellGiven {
            grownFor = dwarfingNote(request, rows: rows)
            request.cell = grownCell(request, rows: rows)
            try request.checkSheetSize()
        }
        for warning in [grownFor].compactMap({ $0 }) + cellWarnings(request, rows: rows)
            + [flatWarning(request, rows: rows)].compactMap({ $0 }) {
            CommandLine.warn(warning)
        }
        let sheet = try drawSheet(request, atlas: atlas, progress: progress)
        let plots = try drawPlots(request, rows: rows, atlas: atlas)
        progress.done()
        // All three are made before any is written, and written all or none (each renamed into place).
        let files = [try RenderCommand.pngFile(sheet, at: folder + "/sheet.png"), try RenderCommand.pngFile(plots, at: folder + "/plots.png"),
                     (Data(csv(request, rows: rows).utf8), folder + "/study.csv")]
        if let (path, reason) = AtomicFile.write(files) { throw .failure("cannot write '\(path)': \(reason)") }
        CommandLine.say("study: \(count(request.values.count, "value")) × \(count(request.fills.count, "fill")) in \(folder)/ (sheet.png, plots.png, study.csv)")
    }

    /// Makes `path` and the folders above it (mkdir -p); nil, or the system's reason.
    static func makeFolder(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return isFolder.boolValue ? nil : "it is a file" }
        let parent = PathName.folder(of: path)
        if !parent.isEmpty, parent != path, let reason = makeFolder(parent) { return reason }
        return mkdir(path, 0o777) == 0 || errno == EEXIST ? nil : AtomicFile.creationFailure(errno, making: path)
    }

    /// A progress bar on stderr, only on a terminal; `done()` clears it.
    final class Progress {
        let total: Int
        var count = 0
        let shown = isatty(2) == 1

        init(total: Int) { self.total = total }

        func step(_ what: String) {
            count += 1
            guard shown else { return }
            let width = 30, filled = width * min(count, total) / max(1, total)
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            FileHandle.standardError.write(Data("\rstudy [\(bar)] \(count)/\(total) \(what)    ".utf8))
        }

        func done() {
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        }
    }

    // MARK: Figures

    /// The held badge for a value: home at the origin, pulled along +x by `distance`.
    static func pose(_ request: StudyRequest, parameters: Parameters, distance: Double, home: Vec2 = .zero) -> BadgePose {
        BadgePose(home: home, center: home + Vec2(distance, 0), radius: request.radius, parameters: parameters.motion.badge)
    }

    /// Every fill's figures at every value. The shapes are symmetric about the axis (+x) and
    /// every cross-section across it is one interval (circles, the bridge; the field falls away
    /// from the axis for balls centred on it), so a fill is its half-width h(x) on columns 1/20
    /// px apart: the area is Σ 2h·Δx, the IoU with quad Σ min/Σ max, the waist the least 2h for
    /// x between the centres (both ends included).
    static func measure(_ request: StudyRequest, progress: Progress) -> [StudyRow] {
        var rows: [StudyRow] = []
        for value in request.values {
            let (base, d) = request.setting(value)
            let step = 0.05
            // The columns reach past the circles and the bridge, and past each field's reach (a
            // Wyvill field of a high threshold spreads far beyond its balls).
            let reach = 1.6 * request.radius + base.metaball.blend + 4
            var left = reach, right = d + reach
            // Each metaball fill's field, built once for the value.
            var fields: [String: MetaballField] = [:]
            for fill in request.fills where fill.style == nil {
                let field = field(request, parameters: fill.apply(to: base), distance: d)
                fields[fill.name] = field
                if let box = field.reachBox(pad: 1) {
                    (left, right) = (max(left, -box.minX), max(right, box.maxX))
                }
            }
            // (On whole multiples of the step from the home's centre, whatever the reach: columns
            // that began at −reach put the quad fill's area 2420.46 at one threshold and 2420.51
            // at another, though the threshold does not shape it.)
            let xs = (-Int((left / step).rounded(.up))...Int((right / step).rounded(.up))).map { Double($0) * step }
            // The columns between the centres, with both ends exactly.
            let between = (0...max(1, Int((d / step).rounded(.up)))).map { min(d, Double($0) * step) }
            let quadParameters = StudyFill.all[0].apply(to: base)
            let quad = profile(request, parameters: quadParameters, distance: d, fill: StudyFill.all[0], at: xs)
            for fill in request.fills {
                let parameters = fill.apply(to: base)
                let field = fields[fill.name]
                let h = fill.name == "quad" ? quad : profile(request, parameters: parameters, distance: d, fill: fill, field: field, at: xs)
                var area = 0.0, both = 0.0, either = 0.0
                for i in h.indices {
                    area += 2 * h[i] * step
                    both += min(h[i], quad[i])
                    either += max(h[i], quad[i])
                }
                let waist = 2 * (profile(request, parameters: parameters, distance: d, fill: fill, field: field, at: between).min() ?? 0)
                let pose = StudyCommand.pose(request, parameters: parameters, distance: d)
                var kinks: (home: Double?, badge: Double)?
                if fill.style != nil, let bridge = parameters.bridge(of: pose) {
                    kinks = bridge.joinKinks(homeRadius: pose.homeRadius)
                }
                var row = StudyRow(value: value, fill: fill, area: area, waist: waist, kinkHome: kinks?.home, kinkBadge: kinks?.badge,
                                   iou: either > 0 ? both / either : 1)
                row.attached = pose.attached
                if let first = h.firstIndex(where: { $0 > 0 }), let last = h.lastIndex(where: { $0 > 0 }) {
                    row.extent = (xs[first], xs[last], h.max() ?? 0)
                }
                rows.append(row)
            }
            progress.step("measuring")
        }
        return rows
    }

    /// The fill's half-width across the axis at each x (a metaball fill's from `field` where
    /// given: its field for these parameters and distance).
    static func profile(_ request: StudyRequest, parameters: Parameters, distance d: Double, fill: StudyFill,
                        field given: MetaballField? = nil, at xs: [Double]) -> [Double] {
        let pose = StudyCommand.pose(request, parameters: parameters, distance: d)
        let r1 = pose.attached ? pose.homeRadius : 0, r2 = pose.radius
        if fill.style != nil {
            let bridge = parameters.bridge(of: pose)
            return xs.map { s in
                var half = 0.0
                if r1 > 0, abs(s) <= r1 { half = (r1 * r1 - s * s).squareRoot() }
                if abs(d - s) <= r2 { half = max(half, (r2 * r2 - (d - s) * (d - s)).squareRoot()) }
                if let bridge, let w = bridge.halfWidth(at: s) { half = max(half, w) }
                return half
            }
        }
        let field = given ?? field(request, parameters: parameters, distance: d)
        // Up to the field's reach, where that is farther (the shape is symmetric about the axis).
        let top = max(4 * r2 + parameters.metaball.blend, field.reachBox(pad: 1)?.maxY ?? 0)
        var last = 0.0
        return xs.map { s in
            guard field.contains(Vec2(s, 0)) else {
                last = 0
                return 0
            }
            // The edge lies in [lo, hi]: inside at lo, outside at hi (the cross-section is one
            // interval). Columns are close, so the last column's edge brackets it first, the
            // bracket doubling until it holds the edge; then halved to 1e-7 px (the CSV's waist
            // has four decimals). (From [0, top] each time, 40 halvings: two thirds more work.)
            var lo = 0.0, hi = top
            if last > 0 {
                var reach = 0.25
                lo = max(0, last - reach)
                while lo > 0 && !field.contains(Vec2(s, lo)) {
                    reach *= 2
                    lo = max(0, last - reach)
                }
                reach = 0.25
                hi = min(top, last + reach)
                while hi < top && field.contains(Vec2(s, hi)) {
                    reach *= 2
                    hi = min(top, last + reach)
                }
            }
            while hi - lo > 1e-7 {
                let mid = 0.5 * (lo + hi)
                if field.contains(Vec2(s, mid)) { lo = mid } else { hi = mid }
            }
            last = lo
            return lo
        }
    }

    /// The metaball field of the badge pulled `distance` along +x from a home at the origin.
    static func field(_ request: StudyRequest, parameters: Parameters, distance: Double) -> MetaballField {
        BadgePainter.field(of: [pose(request, parameters: parameters, distance: distance)], parameters: parameters)
    }

    /// Where the sweep of another parameter than the distance leaves the figures of a fill it
    /// shapes the same at every value (the README's own maxDistance sweep at --distance 40
    /// changed the cubic fill alone, and five of six rows and lines were flat without a word);
    /// nil where the request's warnings have said why already. A fill the parameter does not
    /// shape (quad in a threshold sweep) goes unsaid: it is there to compare with.
    static func flatWarning(_ request: StudyRequest, rows: [StudyRow]) -> String? {
        guard request.sweep != "distance", request.values.count > 1, request.breakWarning == nil, request.sweepWarning == nil,
              let parameter = ParameterRegistry.named(request.sweep) else { return nil }
        func isFlat(_ fill: StudyFill) -> Bool {
            let own = rows.filter { $0.fill == fill }
            guard let first = own.first else { return false }
            // (Alike to a millionth: a field traced on its own grid moves in its last digits.)
            func alike(_ a: Double?, _ b: Double?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
            }
            return own.allSatisfy {
                alike($0.area, first.area) && alike($0.waist, first.waist) && alike($0.kinkHome, first.kinkHome)
                    && alike($0.kinkBadge, first.kinkBadge)
            }
        }
        let shaped = request.fills.filter { fill in
            parameter.whyNotInEffect(fill.apply(to: request.common.parameters), scene: .free, mode: fill.style != nil ? .bezier : .metaball) == nil
        }
        let flatFills = request.fills.filter(isFlat)
        let flat = shaped.filter { flatFills.contains($0) }
        guard !flat.isEmpty else { return nil }
        let changed = request.fills.filter { !flatFills.contains($0) }.map(\.name)
        let lead = "--sweep \(request.sweep) at --distance \(Parameter.format(request.distance)) changes "
            + (changed.isEmpty ? "no fill's figures" : "the figures of \(changed.joined(separator: ", ")) only")
        return lead + ": those of \(flat.map(\.name).joined(separator: ", ")) are the same at every value"
    }

    /// A line for each fill whose shape at a value the sheet shows reaches past its cell (a
    /// Wyvill field of a high threshold, a wide smooth minimum): the sheet shows it cut, while
    /// study.csv and plots.png measure it whole. It names the --cell that would hold those
    /// shapes 4 px clear of its edges, where one of at most 2000x2000 does.
    static func cellWarnings(_ request: StudyRequest, rows: [StudyRow]) -> [String] {
        let cell = request.cell
        var lines: [String] = []
        for fill in request.fills {
            let cut = cutRows(request, rows: rows, fill: fill)
            guard !cut.isEmpty else { continue }
            let values = cut.map { Parameter.format($0.value) }.joined(separator: ", ")
            var line = "\(fill.name) at \(request.sweep) = \(values) reaches past its \(Parameter.format(cell.width))x\(Parameter.format(cell.height)) "
                + "cell and is cut on the sheet (study.csv and plots.png measure it whole)"
            if let holding = cellHolding(cut, request: request) {
                line += "; --cell \(Parameter.format(holding.width))x\(Parameter.format(holding.height)) holds it"
            } else {
                line += "; no --cell up to 2000x2000 holds it"
            }
            lines.append(line)
        }
        return lines
    }

    /// The default cell grown to hold every fill's shapes at the values shown, 4 px clear,
    /// where a cell of at most 2000x2000 holds them (a fill none holds keeps its warning).
    static func grownCell(_ request: StudyRequest, rows: [StudyRow]) -> (width: Double, height: Double) {
        var cell = request.cell
        for fill in request.fills {
            let cut = cutRows(request, rows: rows, fill: fill)
            if !cut.isEmpty, let holding = cellHolding(cut, request: request) {
                cell = (max(cell.width, holding.width), max(cell.height, holding.height))
            }
        }
        return cell
    }

    /// Where one fill alone grows the default cell to more than twice the height the others
    /// need (a Wyvill field of threshold 0.99 is a disc of 190 px round a pair 6 px apart: the
    /// sheet's other fills were dots in its cells without a word), which fill and what keeps
    /// the others large; nil where the fills need cells alike.
    static func dwarfingNote(_ request: StudyRequest, rows: [StudyRow]) -> String? {
        guard request.fills.count > 1 else { return nil }
        func grown(_ fills: [StudyFill]) -> (width: Double, height: Double) {
            var alone = request
            alone.fills = fills
            return grownCell(alone, rows: rows)
        }
        let all = grown(request.fills)
        let large = request.fills.filter { fill in grown(request.fills.filter { $0 != fill }).height * 2 < all.height }
        guard large.count == 1, let fill = large.first else { return nil }
        let rest = grown(request.fills.filter { $0 != fill })
        let tall = rows.filter { $0.fill == fill && request.shownValues.contains($0.value) }.map { 2 * $0.extent.half }.max() ?? 0
        return "the cells grow to \(Parameter.format(all.width))x\(Parameter.format(all.height)) to hold \(fill.name), "
            + "\(Parameter.format(tall.rounded())) px tall at its largest: the other fills are drawn small in them "
            + "(--fills without \(fill.name) draws them in cells of \(Parameter.format(rest.width))x\(Parameter.format(rest.height)))"
    }

    /// The fill's rows of the values shown whose shape reaches past the request's cell.
    private static func cutRows(_ request: StudyRequest, rows: [StudyRow], fill: StudyFill) -> [StudyRow] {
        let shown = request.shownValues
        return rows.filter {
            $0.fill.name == fill.name && shown.contains($0.value)
                && !holds($0, request: request, width: request.cell.width, height: request.cell.height, margin: -0.5)
        }
    }

    /// The least cell, from the request's up, that holds `rows` 4 px clear; nil where none of
    /// at most 2000x2000 does.
    private static func cellHolding(_ rows: [StudyRow], request: StudyRequest) -> (width: Double, height: Double)? {
        let height = max(request.cell.height, (2 * (rows.map(\.extent.half).max() ?? 0) + 8).rounded(.up))
        guard height <= 2000, let width = stride(from: request.cell.width.rounded(.up), through: 2000, by: 1).first(where: { w in
            rows.allSatisfy { holds($0, request: request, width: w, height: height, margin: 4) }
        }) else { return nil }
        return (width, height)
    }

    /// Whether a cell of `width` by `height` holds the row's shape `margin` clear, its home
    /// where `drawSheet` puts it.
    private static func holds(_ row: StudyRow, request: StudyRequest, width: Double, height: Double, margin: Double) -> Bool {
        let farthest = request.sweep == "distance" ? (request.shownValues.max() ?? 0) : request.distance
        let x = max(request.radius + 4, (width - farthest) / 2)
        return x + row.extent.left >= margin && x + row.extent.right <= width - margin && row.extent.half <= height / 2 - margin
    }

    static func csv(_ request: StudyRequest, rows: [StudyRow]) -> String {
        func f(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        var text = "parameter,value,fill,area,waist,kink_home,kink_badge,iou\n"
        for row in rows {
            text += [request.sweep, Parameter.format(row.value), row.fill.name, f(row.area, 2), f(row.waist, 4),
                     row.kinkHome.map { f($0, 4) } ?? "", row.kinkBadge.map { f($0, 4) } ?? "", f(row.iou, 5)].joined(separator: ",") + "\n"
        }
        return text
    }

    /// "1 value", "36 values".
    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    // MARK: The sheet

    static func drawSheet(_ request: StudyRequest, atlas: GlyphAtlas?, progress: Progress) throws(CLIError) -> Image {
        let scale = request.common.scale
        let shown = request.shownValues
        // The lettering: title, the values over the columns, the fills' names, the cells' frames.
        var pen = HUDPen(scale: scale, atlas: atlas)
        let sweepText = request.sweep == "distance"
            ? "distance (the badge pulled along +x), R \(Parameter.format(request.radius))"
            : "\(request.sweep) at a pull of \(Parameter.format(request.distance)) px, R \(Parameter.format(request.radius))"
        let title = pen.wrap("sticky study: \(sweepText); \(count(request.values.count, "value")), \(shown.count) shown", size: 14,
                             width: request.sheetSize.width - 2 * StudyRequest.margin)
        var request = request
        request.titleLines = title.count
        try request.checkSheetSize()
        let (width, height) = request.sheetPixels
        let size = request.sheetSize
        for (i, line) in title.enumerated() {
            pen.text(line, x: StudyRequest.margin, y: StudyRequest.margin + 18 + StudyRequest.titleLineHeight * Double(i), size: 14,
                     color: HUDPen.ink)
        }
        for (column, value) in shown.enumerated() {
            let origin = request.cellOrigin(row: 0, column: column)
            let text = request.header(value)
            pen.text(text, x: origin.x + (request.cell.width - pen.width(of: text, size: 12)) / 2, y: origin.y - 6, size: 12,
                     color: HUDPen.ink)
        }
        for (row, fill) in request.fills.enumerated() {
            let origin = request.cellOrigin(row: row, column: 0)
            pen.text(fill.name, x: StudyRequest.margin, y: origin.y + request.cell.height / 2 + 4, size: 12, color: HUDPen.ink)
            for column in shown.indices {
                let o = request.cellOrigin(row: row, column: column)
                pen.panel(Rect(x: o.x, y: o.y, width: request.cell.width, height: request.cell.height), fill: HUDPen.paper, edge: HUDPen.track)
            }
        }
        var sheet = try lettering(pen, width: size.width, height: size.height, pixelWidth: width, pixelHeight: height, atlas: atlas)

        // The cells: each fill at each shown value, the home at the same place in every cell (so
        // the pull reads across a row), at one scale.
        let cellWidth = Int((request.cell.width * scale).rounded()), cellHeight = Int((request.cell.height * scale).rounded())
        let headless = try HeadlessRenderer(pixelWidth: cellWidth, pixelHeight: cellHeight)
        defer { headless.destroy() }
        let farthest = request.sweep == "distance" ? (shown.max() ?? 0) : request.distance
        let home = Vec2(max(request.radius + 4, (request.cell.width - farthest) / 2), request.cell.height / 2)
        var painter = BadgePainter()
        for (row, fill) in request.fills.enumerated() {
            for (column, value) in shown.enumerated() {
                let (base, d) = request.setting(value)
                let parameters = fill.apply(to: base)
                let mode: Mode = fill.style != nil ? .bezier : .metaball
                painter.paint([pose(request, parameters: parameters, distance: d, home: home)], parameters: parameters, scale: scale, mode: mode)
                let layout = Layout(width: request.cell.width, height: request.cell.height, mode: mode, scene: .free)
                let frame = painter.frame(layout: layout, scale: scale, parameters: parameters, pixelWidth: cellWidth, pixelHeight: cellHeight)
                let image = try headless.image(of: frame)
                let o = request.cellOrigin(row: row, column: column)
                blit(image, into: &sheet, x: Int((o.x * scale).rounded()), y: Int((o.y * scale).rounded()))
                progress.step("drawing")
            }
        }
        return sheet
    }

    /// A picture of only the HUD pen's drawing, on white.
    static func lettering(_ pen: HUDPen, width: Double, height: Double, pixelWidth: Int, pixelHeight: Int,
                          atlas: GlyphAtlas?) throws(CLIError) -> Image {
        let headless = try HeadlessRenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        defer { headless.destroy() }
        var frame = Frame(width: width, height: height, scale: pen.scale, background: HUDPen.paper, mesh: Mesh(), atlas: atlas?.image,
                          panes: [Pane(x: 0, y: 0, width: pixelWidth, height: pixelHeight, content: .bezier)])
        frame.hud = HUDLayer(mesh: pen.mesh.mesh, width: width, height: height, scale: pen.scale)
        return try headless.image(of: frame)
    }

    static func blit(_ image: Image, into target: inout Image, x: Int, y: Int) {
        for row in 0..<image.height where y + row >= 0 && y + row < target.height {
            for column in 0..<image.width where x + column >= 0 && x + column < target.width {
                let from = 4 * (row * image.width + column), to = 4 * ((y + row) * target.width + x + column)
                for k in 0..<4 { target.pixels[to + k] = image.pixels[from + k] }
            }
        }
    }

    // MARK: The plots

    /// A y tick's label: six digits at most, rounded to a millionth.
    static func tickLabel(_ tick: Double) -> String { String(format: "%g", (tick * 1e6).rounded() / 1e6) }

    /// Ticks for [lo, hi]: a step of 1, 2 or 5 × 10^k giving about five, and the range widened to them.
    /// `most`: the most the figure can be (an IoU's 1).
    static func ticks(_ lo: Double, _ hi: Double, most: Double? = nil) -> (values: [Double], lo: Double, hi: Double) {
        var lo = lo, hi = hi
        // A constant figure (to a ten-thousandth: the labels' six digits could not tell its
        // ticks apart, an area of 1256.58 at every tick) gets a range of its own: noise must not
        // fill the plot. One that is not negative keeps to 0 and up (a join angle of 0° at every
        // value had an axis from -1 to 1), and one with a most keeps to it (an IoU of 1
        // throughout had an axis to 2).
        if !(hi - lo > 1e-4 * max(1, abs(lo), abs(hi))) {
            let middle = (lo + hi) / 2, half = max(1, abs(middle) * 0.1)
            if let most, middle + half > most {
                (lo, hi) = (lo >= 0 ? max(0, most - 2 * half) : most - 2 * half, most)
            } else {
                (lo, hi) = lo >= 0 && middle - half < 0 ? (0, 2 * half) : (middle - half, middle + half)
            }
        }
        let raw = (hi - lo) / 5, power = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        let first = (lo / step).rounded(.down) * step, last = (hi / step).rounded(.up) * step
        let count = Int(((last - first) / step).rounded()) + 1
        return ((0..<count).map { first + Double($0) * step }, first, last)
    }

    /// A fill's rows as the runs of (value, figure) its plot joins by lines: broken where the
    /// figure has no value (a kink of a metaball fill) and at the break, between a value where
    /// the badge is held and one where it is not (the area's line ran straight down from d = 60
    /// to 62, through values no pull gives).
    static func runs(_ rows: [StudyRow], figure: (StudyRow) -> Double?) -> [[(Double, Double)]] {
        var runs: [[(Double, Double)]] = [], current: [(Double, Double)] = [], attached: Bool?
        for row in rows {
            guard let y = figure(row) else {
                if !current.isEmpty { runs.append(current) }
                (current, attached) = ([], nil)
                continue
            }
            if let attached, attached != row.attached, !current.isEmpty {
                runs.append(current)
                current = []
            }
            current.append((row.value, y))
            attached = row.attached
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The fills whose line in a plot lies wholly on a later fill's (the same figure at every
    /// value, to a millionth), as "quad under tangent": each plot says so, as the thinner line on
    /// top leaves only a pixel's fringe of the one below in sight (a new user could not find the
    /// quad's 0° home angle under the tangent's).
    static func hidden(_ fills: [StudyFill], rows: [StudyRow], figure: (StudyRow) -> Double?) -> [String] {
        func series(_ fill: StudyFill) -> [(Double, Double?)] { rows.filter { $0.fill == fill }.map { ($0.value, figure($0)) } }
        func same(_ a: [(Double, Double?)], _ b: [(Double, Double?)]) -> Bool {
            guard a.count == b.count, a.contains(where: { $0.1 != nil }) else { return false }
            return zip(a, b).allSatisfy { x, y in
                guard x.0 == y.0 else { return false }
                switch (x.1, y.1) {
                case (nil, nil): return true
                case let (u?, v?): return abs(u - v) <= 1e-6 * max(1, abs(u), abs(v))
                default: return false
                }
            }
        }
        // Each hidden line's last later fill it lies under (the one drawn over it); a note for
        // each such fill, naming all that lie under it: "metaball.inverseSquare and
        // metaball.wyvill under metaball.smoothMin".
        var under: [(over: StudyFill, fills: [String])] = []
        for (i, fill) in fills.enumerated() {
            guard let over = fills[(i + 1)...].last(where: { same(series(fill), series($0)) }) else { continue }
            if let k = under.firstIndex(where: { $0.over == over }) { under[k].fills.append(fill.name) } else { under.append((over, [fill.name])) }
        }
        return under.map { over, names in
            let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return "\(listed) under \(over.name)"
        }
    }

    static func drawPlots(_ request: StudyRequest, rows: [StudyRow], atlas: GlyphAtlas?) throws(CLIError) -> Image {
        let scale = request.common.scale
        let plotWidth = 380.0, plotHeight = 260.0, columns = 3.0
        let width = columns * plotWidth, height = 2 * plotHeight
        var pen = HUDPen(scale: scale, atlas: atlas)
        let sweepLabel = request.sweep == "distance" ? "distance between the centres (px)"
            : "\(request.sweep)\(request.unit.isEmpty ? "" : " (\(request.unit))")"
        let charts: [(title: String, figure: (StudyRow) -> Double?, most: Double?)] = [
            ("narrowest width between the centres (px)", { $0.waist }, nil),
            ("area (px²)", { $0.area }, nil),
            ("join angle at the home circle (°, Bézier)", { $0.kinkHome }, nil),
            ("join angle at the badge (°, Bézier)", { $0.kinkBadge }, nil),
            // (Measured against quad whether it is drawn or not.)
            ("IoU with the quad fill\(request.fills.contains { $0.name == "quad" } ? "" : " (not in --fills)")", { $0.iou }, 1),
        ]
        // The x axis spans the sweep exactly (a single value: ±1 round it), ticks at round values in it.
        let xNice = ticks(request.from, request.to)
        let xRange = request.to > request.from ? (request.from, request.to) : (xNice.lo, xNice.hi)
        let xTicks = (values: xNice.values.filter { $0 >= xRange.0 - 1e-9 && $0 <= xRange.1 + 1e-9 }, lo: xRange.0, hi: xRange.1)
        for (index, chart) in charts.enumerated() {
            let origin = Vec2(Double(index % 3) * plotWidth, Double(index / 3) * plotHeight)
            var box = Rect(x: origin.x + 58, y: origin.y + 30, width: plotWidth - 76, height: plotHeight - 78)
            pen.text(chart.title, x: box.x, y: origin.y + 20, size: 13, color: HUDPen.ink)
            // The lines wholly under another's, named under the title, the data's top moved down
            // for them (a note over the lines hid a line at the plot's top and ran off its left).
            let notes = hidden(request.fills, rows: rows, figure: chart.figure)
            if !notes.isEmpty {
                let lines = notes.flatMap { pen.wrap($0, size: 11, width: box.width) }
                for (i, line) in lines.enumerated() {
                    pen.text(line, x: box.x, y: box.y + 10 + 14 * Double(i), size: 11, color: HUDPen.edge)
                }
                // (The data starts below the notes' last line and its descenders.)
                let drop = 14 * Double(lines.count) + 9
                box = Rect(x: box.x, y: box.y + drop, width: box.width, height: box.height - drop)
            }
            let values = rows.compactMap(chart.figure).map { abs($0) < 1e-9 ? 0 : $0 }
            let yTicks = values.isEmpty ? ticks(0, 1) : ticks(values.min()!, values.max()!, most: chart.most)
            func place(_ x: Double, _ y: Double) -> Vec2 {
                Vec2(box.x + (x - xTicks.lo) / (xTicks.hi - xTicks.lo) * box.width,
                     box.maxY - (y - yTicks.lo) / (yTicks.hi - yTicks.lo) * box.height)
            }
            // The axes stand `off` clear of the data, so that a line at the lowest tick or at the
            // first value (a join angle of 0°) is not drawn on an axis.
            let off = 6.0
            for tick in xTicks.values {
                let p = place(tick, yTicks.lo)
                pen.line(from: Vec2(p.x, box.y), to: Vec2(p.x, box.maxY), width: 1 / scale, color: HUDPen.track)
                pen.line(from: p + Vec2(0, off), to: p + Vec2(0, off + 4), width: 1, color: HUDPen.ink)
                let text = String(format: "%g", tick)
                pen.text(text, x: p.x - pen.width(of: text, size: 11) / 2, y: box.maxY + off + 17, size: 11, color: HUDPen.ink)
            }
            for tick in yTicks.values {
                let p = place(xTicks.lo, tick)
                pen.line(from: Vec2(box.x, p.y), to: Vec2(box.maxX, p.y), width: 1 / scale, color: HUDPen.track)
                pen.line(from: p - Vec2(off + 4, 0), to: p - Vec2(off, 0), width: 1, color: HUDPen.ink)
                let text = tickLabel(tick)
                pen.text(text, x: box.x - off - 7 - pen.width(of: text, size: 11), y: p.y + 4, size: 11, color: HUDPen.ink)
            }
            pen.line(from: Vec2(box.x, box.maxY + off), to: Vec2(box.maxX, box.maxY + off), width: 1, color: HUDPen.ink)
            pen.line(from: Vec2(box.x - off, box.y), to: Vec2(box.x - off, box.maxY), width: 1, color: HUDPen.ink)
            pen.text(sweepLabel, x: box.x + (box.width - pen.width(of: sweepLabel, size: 11)) / 2, y: box.maxY + off + 34, size: 11,
                     color: HUDPen.ink)
            if values.isEmpty {
                // (The join angles are the Bézier fills' alone, and only while the bridge holds.)
                let note = request.fills.contains { $0.style != nil } ? "the bridge has broken at every value: no join"
                    : "no fill in --fills has this figure"
                pen.text(note, x: box.x + (box.width - pen.width(of: note, size: 11)) / 2, y: box.y + box.height / 2, size: 11,
                         color: HUDPen.edge)
            }
            // A line per fill, broken where the figure is missing (a kink past the break), a dot at
            // each value. Where lines coincide (quad's and tangent's home angle, both 0) each lies
            // on the wider ones before it, each 2 px wider than the next (at most 9 px in all), so
            // all stay in sight.
            let widen = request.fills.count > 1 ? min(2, 7 / Double(request.fills.count - 1)) : 0
            for (index, fill) in request.fills.enumerated() {
                let width = 1.8 + widen * Double(request.fills.count - 1 - index)
                for run in runs(rows.filter { $0.fill == fill }, figure: chart.figure) {
                    var previous: Vec2?
                    for (x, y) in run {
                        let p = place(x, abs(y) < 1e-9 ? 0 : y)
                        if let previous { pen.line(from: previous, to: p, width: width, color: fill.color) }
                        if request.values.count <= 15 {
                            let dot = width / 2 + 1.5
                            pen.panel(Rect(x: p.x - dot, y: p.y - dot, width: 2 * dot, height: 2 * dot), fill: fill.color)
                        }
                        previous = p
                    }
                }
            }
        }
        // The legend, in the sixth place.
        let legend = Vec2(2 * plotWidth + 58, plotHeight + 40)
        pen.text("fills", x: legend.x, y: legend.y, size: 13, color: HUDPen.ink)
        for (i, fill) in request.fills.enumerated() {
            let y = legend.y + 24 + Double(i) * 22
            pen.line(from: Vec2(legend.x, y - 4), to: Vec2(legend.x + 28, y - 4), width: 3, color: fill.color)
            pen.text(fill.name, x: legend.x + 38, y: y, size: 12, color: HUDPen.ink)
        }
        let pull = request.sweep == "distance" ? "" : ", pulled \(Parameter.format(request.distance)) px"
        pen.text("R \(Parameter.format(request.radius)) px\(pull); study.csv has every value", x: legend.x, y: legend.y + 24 + Double(request.fills.count) * 22 + 8,
                 size: 11, color: HUDPen.edge)
        return try lettering(pen, width: width, height: height, pixelWidth: Int((width * scale).rounded()),
                             pixelHeight: Int((height * scale).rounded()), atlas: atlas)
    }
}
