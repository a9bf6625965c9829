// `sticky study`: the CSV against the seeds' formulas written here, a registry sweep against
// seed 002's waist, the sheet's and the plots' layout found in their pixels, bad input.

import Foundation
import Geometry
import Imaging
import Reference
import Testing
@testable import App

@Suite struct StudyTests {
    struct Row {
        var value: Double, fill: String, area: Double, waist: Double, kinkHome: Double?, kinkBadge: Double?, iou: Double
    }

    /// Runs `sticky study` into a new folder; the folder and the CSV's rows.
    static func study(_ arguments: [String]) throws -> (URL, Sticky.Result, [Row]) {
        let folder = try temporaryFolder()
        let result = try Sticky.run(["study", "--out", folder.path] + arguments)
        var rows: [Row] = []
        if let text = try? String(contentsOf: folder.appendingPathComponent("study.csv"), encoding: .utf8) {
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.first == "parameter,value,fill,area,waist,kink_home,kink_badge,iou")
            for line in lines.dropFirst() {
                let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                #expect(f.count == 8, "\(line)")
                rows.append(Row(value: Double(f[1])!, fill: f[2], area: Double(f[3])!, waist: Double(f[4])!, kinkHome: Double(f[5]),
                                kinkBadge: Double(f[6]), iou: Double(f[7])!))
            }
        }
        return (folder, result, rows)
    }

    /// The quad rows, against the seeds: r1 = max(0, R − d/10); before the break (d ≤ 60) the
    /// narrowest width between the centres is at the home end, 2·max(r1, √(R² − d²)) (the
    /// issue's 2·max(0, R − d/shrink) once the badge no longer covers the home end, d ≥ 4 here),
    /// the side meets the badge at atan(2(R − r1)/d) and the home circle at 0°; past it waist 0
    /// and no kinks. The area is the reference shape's (the seeds' construction, sampled).
    @Test func quadRowsFollowTheSeedsFormulas() throws {
        let (folder, result, rows) = try StudyTests.study(["--sweep", "distance=0:70:5", "--fills", "quad,metaball.wyvill"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(rows.count == 15 * 2)
        let R = 20.0
        for row in rows where row.fill == "quad" {
            let d = row.value, r1 = max(0, R - d / 10)
            #expect(row.iou == 1)
            if d == 0 {
                #expect(row.waist == 2 * R && row.kinkBadge == nil)
            } else if d <= 60 {
                let waist = 2 * max(r1, (max(0, R * R - d * d)).squareRoot())
                #expect(abs(row.waist - waist) < 1e-3, "d \(d): waist \(row.waist), formula \(waist)")
                if d >= 4 { #expect(abs(row.waist - 2 * max(0, R - d / 10)) < 1e-3) }
                let kink = atan(2 * (R - r1) / d) * 180 / Double.pi
                #expect(abs(row.kinkBadge! - kink) < 1e-3, "d \(d): kink \(String(describing: row.kinkBadge)), formula \(kink)")
                #expect(abs(row.kinkHome! - 0) < 1e-3)
            } else {
                #expect(row.waist == 0 && row.kinkHome == nil && row.kinkBadge == nil, "d \(d) past the break")
                #expect(abs(row.area - Double.pi * R * R) < 0.005 * Double.pi * R * R)
            }
            if [10.0, 35, 55].contains(d) {
                let shape = ReferenceShape(home: RPoint(0, 0), badge: RPoint(d, 0), radius: R, style: .quad)
                var inside = 0
                let step = 0.1
                for i in 0..<Int((d + 2 * R + 4) / step) {
                    for j in 0..<Int((2 * R + 4) / step) {
                        if shape.contains(RPoint(-R - 2 + (Double(i) + 0.5) * step, -R - 2 + (Double(j) + 0.5) * step)) { inside += 1 }
                    }
                }
                let area = Double(inside) * step * step
                #expect(abs(row.area - area) < 0.003 * area, "d \(d): area \(row.area), reference \(area)")
            }
        }
        for row in rows where row.fill == "metaball.wyvill" {
            #expect(row.kinkHome == nil && row.kinkBadge == nil && row.iou > 0.5 && row.iou <= 1)
        }
    }

    /// Sweeping seed 002's neck changes the cubic waist as (r1 + r2)(1 − neck·d/maxDistance)
    /// (the width at T; at most 2r1, the home end) and leaves the quad rows alone; sweeping shrink changes the quad waist as 2(R − D/shrink).
    @Test func sweepingARegistryParameterChangesWhatItShould() throws {
        let (folder, result, rows) = try StudyTests.study(["--sweep", "neck=0:1:0.25", "--distance", "40", "--fills", "quad,cubic"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let quad = rows.filter { $0.fill == "quad" }, cubic = rows.filter { $0.fill == "cubic" }
        #expect(quad.count == 5 && cubic.count == 5)
        #expect(Set(quad.map(\.waist)).count == 1 && Set(quad.map(\.area)).count == 1)
        for row in cubic {
            // The neck is at T, half way, unless the home end is narrower (a straight side, neck 0).
            let r1 = 20 - 40.0 / 10, expected = min(2 * r1, (r1 + 20) * (1 - row.value * 40 / 60))
            #expect(abs(row.waist - expected) < 1e-3, "neck \(row.value): waist \(row.waist), formula \(expected)")
        }
        let (other, shrinkResult, shrinkRows) = try StudyTests.study(["--sweep", "shrink=5:20:5", "--distance", "30", "--fills", "quad"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(shrinkResult.status == 0)
        #expect(shrinkRows.map(\.value) == [5, 10, 15, 20])
        for row in shrinkRows { #expect(abs(row.waist - 2 * (20 - 30 / row.value)) < 1e-3, "shrink \(row.value)") }
    }

    /// The sheet: a title, a header row, a row per fill and a column per shown value (at most
    /// 12), each cell framed and drawn: found in the pixels at the documented layout (margins
    /// 10, title 28, header 20, names 185, gaps 6 px). The plots: 3×2 places of 380×260, a line
    /// of each fill's colour in the five plots, the legend in the sixth. Deterministic.
    @Test func sheetAndPlotsHaveTheStatedLayout() throws {
        let arguments = ["--sweep", "distance=0:70:2", "--fills", "quad,tangent,metaball.smoothMin", "--cell", "150x70", "--scale", "2"]
        let (folder, result, rows) = try StudyTests.study(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(rows.count == 36 * 3)
        let sheet = try PNG.read(from: folder.appendingPathComponent("sheet.png").path)
        let columns = 12.0, fills = 3.0, s = 2.0
        #expect(sheet.width == Int((20 + 185 + columns * 156) * s) && sheet.height == Int((20 + 28 + 20 + fills * 76) * s),
                "\(sheet.width)x\(sheet.height)")
        func pixel(_ image: Image, _ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * image.width + x)
            return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
        }
        func isRed(_ p: (Int, Int, Int)) -> Bool { p.0 > 200 && p.1 < 60 && p.2 < 60 }
        var drawnCells = 0
        for row in 0..<3 {
            for column in 0..<12 {
                let x0 = Int((10 + 185 + Double(column) * 156) * s), y0 = Int((10 + 28 + 20 + Double(row) * 76) * s)
                let x1 = x0 + Int(150 * s), y1 = y0 + Int(70 * s)
                var red = 0
                for y in stride(from: y0 + 2, to: y1 - 2, by: 2) { for x in stride(from: x0 + 2, to: x1 - 2, by: 2) where isRed(pixel(sheet, x, y)) { red += 1 } }
                if red > 50 { drawnCells += 1 }
                // The frame just outside the cell is grey.
                let frame = pixel(sheet, x0 - 1, (y0 + y1) / 2)
                #expect(frame.0 < 250 && frame.0 > 150 && frame.0 == frame.1, "cell \(row),\(column): frame \(frame)")
            }
        }
        #expect(drawnCells == 36)
        // Nothing red outside the cells (the label column and the header).
        for y in stride(from: 0, to: sheet.height, by: 3) { for x in stride(from: 0, to: Int(195 * s), by: 3) { #expect(!isRed(pixel(sheet, x, y))) } }

        let plots = try PNG.read(from: folder.appendingPathComponent("plots.png").path)
        #expect(plots.width == Int(3 * 380 * s) && plots.height == Int(2 * 260 * s))
        let colours = StudyFill.all.filter { ["quad", "tangent", "metaball.smoothMin"].contains($0.name) }.map { fill in
            (Int((fill.color.red * 255).rounded()), Int((fill.color.green * 255).rounded()), Int((fill.color.blue * 255).rounded()))
        }
        for place in 0..<6 {
            let x0 = Int(Double(place % 3) * 380 * s), y0 = Int(Double(place / 3) * 260 * s)
            var found = Set<Int>()
            for y in y0..<(y0 + Int(260 * s)) {
                for x in x0..<(x0 + Int(380 * s)) {
                    let p = pixel(plots, x, y)
                    for (k, c) in colours.enumerated() where abs(p.0 - c.0) <= 2 && abs(p.1 - c.1) <= 2 && abs(p.2 - c.2) <= 2 { found.insert(k) }
                }
            }
            // The kink plots have Bézier lines only; the others every fill. At the home circle quad
            // and tangent both meet at 0° (smooth): quad's line lies under tangent's there, 2 px
            // wider, its colour seen whole in the rim.
            let expected: Set<Int> = place == 2 || place == 3 ? [0, 1] : [0, 1, 2]
            #expect(found.isSuperset(of: expected), "plot \(place): colours \(found)")
        }
        // The same command again: the same bytes.
        let (again, _, _) = try StudyTests.study(arguments)
        defer { try? FileManager.default.removeItem(at: again) }
        for name in ["sheet.png", "plots.png", "study.csv"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: again.appendingPathComponent(name)), "\(name)")
        }
    }

    /// The sheet's 12 columns of a long distance sweep are evenly chosen, with the last pull
    /// that holds the bridge (d ≤ maxDistance) and the first past it among them.
    /// A line lying wholly on a later fill's is named in its plot ("quad under tangent": the
    /// quad's home join angle, 0° by construction, under the tangent's), and only such a line:
    /// figures a thousandth apart, or apart at one value, are not.
    @Test func aLineHiddenUnderAnotherIsNamed() {
        let fills = StudyFill.all.filter { ["quad", "cubic", "tangent"].contains($0.name) }
        func rows(_ home: [String: [Double?]]) -> [StudyRow] {
            [10.0, 20, 30].enumerated().flatMap { k, value in
                fills.map { StudyRow(value: value, fill: $0, area: 0, waist: 0, kinkHome: home[$0.name]![k], kinkBadge: nil, iou: 1) }
            }
        }
        let quadOnTangent = rows(["quad": [0, 0, nil], "cubic": [44, 42, nil], "tangent": [0, 0, nil]])
        #expect(StudyCommand.hidden(fills, rows: quadOnTangent, figure: \.kinkHome) == ["quad under tangent"])
        // Two under one: one note naming both.
        let allOnTangent = rows(["quad": [0, 0, nil], "cubic": [0, 0, nil], "tangent": [0, 0, nil]])
        #expect(StudyCommand.hidden(fills, rows: allOnTangent, figure: \.kinkHome) == ["quad and cubic under tangent"])
        let apart = rows(["quad": [0, 0, nil], "cubic": [44, 42, nil], "tangent": [0, 0.001, nil]])
        #expect(StudyCommand.hidden(fills, rows: apart, figure: \.kinkHome).isEmpty)
        let gapped = rows(["quad": [0, 0, nil], "cubic": [44, 42, nil], "tangent": [0, 0, 0]])
        #expect(StudyCommand.hidden(fills, rows: gapped, figure: \.kinkHome).isEmpty)
        // No figure at all (the badge's kinks here): no line, nothing hidden.
        #expect(StudyCommand.hidden(fills, rows: quadOnTangent, figure: \.kinkBadge).isEmpty)
        // The real sweep: the quad's home angle lies under the tangent's, nothing else does.
        let request = try? StudyRequest(["--out", "unused", "--sweep", "distance=0:60:10", "--fills", "quad,cubic,tangent"])
        guard let request else { Issue.record("the study's options"); return }
        let measured = StudyCommand.measure(request, progress: StudyCommand.Progress(total: 0))
        #expect(StudyCommand.hidden(request.fills, rows: measured, figure: \.kinkHome) == ["quad under tangent"])
        #expect(StudyCommand.hidden(request.fills, rows: measured, figure: \.kinkBadge).isEmpty)
        #expect(StudyCommand.hidden(request.fills, rows: measured, figure: \.area).isEmpty)
    }

    /// A metaball fill's half-width at each column (found from the last column's, then halved)
    /// is the edge of its field, as a plain bisection from the axis to far outside finds it,
    /// written here: every kernel, badges pulled from nothing to past the break, and a Wyvill
    /// field of a high threshold whose edge swings far from column to column.
    @Test(arguments: ["metaball.inverseSquare", "metaball.wyvill", "metaball.smoothMin"])
    func aFieldsProfileIsItsEdge(fill name: String) throws {
        let fill = try #require(StudyFill.all.first { $0.name == name })
        for (distance, threshold) in [(0.0, nil), (12.0, nil), (37.5, nil), (58, nil), (75, nil), (30, 0.95 as Double?)] {
            let request = try StudyRequest(["--out", "unused", "--sweep", "distance=0:70:10"])
            var parameters = fill.apply(to: request.common.parameters)
            if let threshold { parameters.metaball.threshold = threshold }
            let field = StudyCommand.field(request, parameters: parameters, distance: distance)
            let xs = stride(from: -60.0, through: distance + 60, by: 0.05).map { $0 }
            let h = StudyCommand.profile(request, parameters: parameters, distance: distance, fill: fill, at: xs)
            var worst = 0.0, inside = 0
            for (x, found) in zip(xs, h) {
                var expected = 0.0
                if field.contains(Vec2(x, 0)) {
                    var lo = 0.0, hi = 400.0
                    for _ in 0..<60 {
                        let mid = (lo + hi) / 2
                        if field.contains(Vec2(x, mid)) { lo = mid } else { hi = mid }
                    }
                    expected = lo
                    inside += 1
                }
                worst = max(worst, abs(found - expected))
            }
            #expect(inside > 100, "\(name) at \(distance): the field's columns")
            #expect(worst < 1e-6, "\(name) at \(distance), threshold \(String(describing: threshold)): off by \(worst) px")
        }
    }

    /// The notes of hidden lines stand above a plot's data, not over its lines, and inside the
    /// picture: with the quad's IoU at 1 (the plot's top) and wyvill's line under smoothMin's
    /// there, the note on a panel at the top right hid the quad's line for 250 px, and the
    /// narrowest width's two notes ran off the picture's left edge (a new user's study).
    @Test func plotNotesKeepClearOfTheLines() throws {
        let (folder, result, _) = try StudyTests.study(["--sweep", "shrink=5:20:1", "--radius", "15", "--distance", "50"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let plots = try PNG.read(from: folder.appendingPathComponent("plots.png").path)
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 4 * (y * plots.width + x)
            return (Int(plots.pixels[i]), Int(plots.pixels[i + 1]), Int(plots.pixels[i + 2]))
        }
        // The IoU plot (the fifth place, 380x260 from 380,260), its data from x = 58 + 380 over
        // 380 - 76 px: the quad's line, the widest (1.8 + 5 × 7/5 = 8.8 px: six fills), shows
        // at least 7 px of its red in every column of it (no other line comes near it there;
        // the note's panel over it left 6).
        let quad = StudyFill.all[0].color
        let red = (Int((quad.red * 255).rounded()), Int((quad.green * 255).rounded()), Int((quad.blue * 255).rounded()))
        var hidden: [Int] = []
        for x in (380 + 58 + 2)..<(380 + 58 + 304 - 2) {
            let seen = (260..<520).count { y in
                let p = pixel(x, y)
                return abs(p.0 - red.0) <= 2 && abs(p.1 - red.1) <= 2 && abs(p.2 - red.2) <= 2
            }
            if seen < 7 { hidden.append(x) }
        }
        #expect(hidden.isEmpty, "the quad's line is hidden in \(hidden.count) columns, from x = \(hidden.first ?? 0)")
        // Nothing drawn in the picture's first four columns (the plots' tick labels end 17 px in).
        let edge = (0..<plots.height).filter { y in (0..<4).contains { pixel($0, y) != (255, 255, 255) } }
        #expect(edge.isEmpty, "ink at the left edge in \(edge.count) rows")
    }

    /// The plots' lines break where a figure has no value and at the break: a value where the
    /// badge is held is not joined to one where it is not (the area's line ran straight down
    /// from d = 60 to 62).
    @Test func thePlotsLinesBreakAtTheBreak() {
        let quad = StudyFill.all[0]
        func row(_ value: Double, _ area: Double, attached: Bool, kink: Double? = 1) -> StudyRow {
            var row = StudyRow(value: value, fill: quad, area: area, waist: 0, kinkHome: kink, kinkBadge: kink, iou: 1)
            row.attached = attached
            return row
        }
        let rows = [row(56, 10, attached: true), row(58, 11, attached: true), row(60, 4, attached: false), row(62, 4, attached: false)]
        let byArea = StudyCommand.runs(rows, figure: { $0.area })
        #expect(byArea.map { $0.map(\.0) } == [[56, 58], [60, 62]], "\(byArea)")
        let gaps = [row(0, 1, attached: true), row(2, 1, attached: true, kink: nil), row(4, 1, attached: true), row(6, 1, attached: true)]
        #expect(StudyCommand.runs(gaps, figure: { $0.kinkHome }).map { $0.map(\.0) } == [[0], [4, 6]])
    }

    /// A figure that is the same at every value gets an axis of its own round it; one that is
    /// not negative keeps to 0 and up (the join angles, 0° throughout, had -1 to 1), one with a
    /// most to it.
    @Test func aConstantFiguresAxis() {
        let zero = StudyCommand.ticks(0, 0), five = StudyCommand.ticks(5, 5), below = StudyCommand.ticks(-2, -2)
        #expect(zero.lo == 0 && zero.hi >= 1 && zero.values.first == 0, "\(zero)")
        #expect(five.lo < 5 && five.hi > 5 && five.lo >= 0, "\(five)")
        #expect(below.lo < -2 && below.hi > -2, "\(below)")
        // And one with a most keeps to it: an IoU of 1 (or 0.5) throughout had an axis to 2.
        for iou in [1.0, 0.5] {
            let ticks = StudyCommand.ticks(iou, iou, most: 1)
            #expect(ticks.lo == 0 && ticks.hi == 1 && ticks.values.first == 0 && ticks.values.last == 1, "\(iou): \(ticks)")
        }
        // Figures all but constant (a badge alone at every value: areas of 1256.58 and 1256.59
        // px², the metaball's against the circle's) or not at all: the ticks' labels differ
        // (an axis labelled 1256.58 at every tick).
        for (lo, hi) in [(1256.5812, 1256.5871), (1256.58, 1256.65), (0.99993, 1), (0.9990, 0.9995), (0, 3e-5), (41.2, 41.20004), (-7.5, -7.4994)] {
            let ticks = StudyCommand.ticks(lo, hi, most: hi <= 1 && lo > 0.9 ? 1 : nil)
            let labels = ticks.values.map(StudyCommand.tickLabel)
            #expect(Set(labels).count == labels.count && ticks.lo <= lo && ticks.hi >= hi && labels.count >= 2, "\(lo)...\(hi): \(labels)")
        }
    }

    /// A sheet too narrow for its title (one value: one column) wraps it, the cells lower by
    /// its lines (18 px each): it was cut at the picture's edge.
    @Test func aNarrowSheetWrapsItsTitle() throws {
        let (folder, result, _) = try StudyTests.study(["--sweep", "distance=30:30:1", "--fills", "quad,cubic"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try PNG.read(from: folder.appendingPathComponent("sheet.png").path)
        func ink(_ x: Int, _ y: Int) -> Bool { let i = 4 * (y * sheet.width + x); return sheet.pixels[i] < 128 }
        #expect(sheet.width == 20 + 185 + 186, "\(sheet.width)")
        let extra = sheet.height - (20 + 28 + 20 + 2 * 86)
        #expect(extra > 0 && extra % 18 == 0, "\(sheet.height)")
        // Nothing of the title in the last column of the picture (the margin), some on its second line.
        #expect(!(0..<(10 + 28 + extra)).contains { ink(sheet.width - 1, $0) || ink(sheet.width - 5, $0) })
        #expect((0..<(sheet.width - 10)).contains { x in (30...44).contains { ink(x, $0) } })
        // The cells where the layout puts them, below the title's lines: red inside, a frame round.
        let x0 = 10 + 185, y0 = 10 + 28 + extra + 20
        func isRed(_ x: Int, _ y: Int) -> Bool { let i = 4 * (y * sheet.width + x); return sheet.pixels[i] > 200 && sheet.pixels[i + 1] < 60 }
        for row in 0..<2 {
            let top = y0 + 86 * row
            // (The home at (180 - 30) / 2 = 75 in the cell, the badge 30 px on, radius 20.)
            #expect(isRed(x0 + 105, top + 40) && !isRed(x0 + 105, top + 40 - 24), "cell \(row): the badge")
            #expect(!isRed(x0 - 1, top + 40) && sheet.pixels[4 * ((top + 40) * sheet.width + x0 - 1)] < 250, "cell \(row): its frame")
        }
    }

    @Test func theSheetShowsBothSidesOfTheBreak() throws {
        for (sweep, maxDistance, pair) in [("distance=0:70:2", 60.0, [60.0, 62.0]), ("distance=0:100:1", 45, [45, 46]),
                                           ("distance=0:70:2", 69, [68, 70]), ("distance=0:70:2", 200, [])] {
            let request = try StudyRequest(["--out", "x", "--sweep", sweep, "--max-distance", Parameter.format(maxDistance)])
            let shown = request.shownValues, all = request.values
            #expect(shown.count == 12 && shown.first == all.first && shown.last == all.last && shown == shown.sorted(), "\(sweep): \(shown)")
            #expect(Set(shown).count == 12 && pair.allSatisfy(shown.contains), "\(sweep), break \(maxDistance): \(shown)")
        }
        // A sweep of another parameter: evenly chosen alone.
        let neck = try StudyRequest(["--out", "x", "--sweep", "neck=0:1:0.05"])
        #expect(neck.shownValues == (0..<12).map { neck.values[Int((Double($0) * 20 / 11).rounded())] })
    }

    @Test func badStudiesSayWhy() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let out = folder.appendingPathComponent("out").path
        let cases: [([String], Int32, String)] = [
            (["--sweep", "wobble=0:1:1", "--out", out], 2, "unknown parameter 'wobble'"),
            (["--sweep", "style=0:1:1", "--out", out], 2, "'style' is not a number parameter"),
            (["--sweep", "maxDistance=0:10:5", "--out", out], 2, "--sweep maxDistance expects values from 1 to 10000, got 'maxDistance=0:10:5'"),
            // The end named as typed (it said "got '2'", a value of the sweep, for 5).
            (["--sweep", "neck=0:5:1", "--out", out], 2, "--sweep neck expects values from 0 to 1, got 'neck=0:5:1'"),
            (["--sweep", "distance=0:70:0", "--out", out], 2, "STEP > 0"),
            (["--sweep", "distance=0:70", "--out", out], 2, "NAME=FROM:TO:STEP"),
            (["--fills", "quad,bogus", "--out", out], 2, "got 'bogus'"),
            (["--mode", "split", "--out", out], 2, "--mode does not apply"),
            (["--count", "16", "--out", out], 2, "--count does not apply"),
            // A badge of radius 20 pulled 70 px needs 70 + 2·20 + 8 by 2·20 + 8.
            (["--cell", "60x30", "--out", out], 2, "--cell 60x30 is too small for a badge of radius 20 pulled 70 px and its header: at least 118x48"),
            (["--cell", "117x200", "--out", out], 2, "at least 118x48"),
            (["--cell", "200x47", "--out", out], 2, "at least 118x48"),
            (["--cell", "100x100", "--radius", "10", "--sweep", "neck=0:1:0.5", "--distance", "90", "--out", out], 2, "at least 118x28"),
            ([], 2, "study needs --out DIR"),
            (["--out", file.path], 1, "is a file"),
        ]
        for (arguments, status, message) in cases {
            let result = try Sticky.run(["study"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A Wyvill field of a high threshold spreads far past its balls (its support grows as
    /// 1/√(1 − T^⅓)): at T = 0.99 it is a disc of about 140 px round a badge of 20. Its figures
    /// are measured whole (they were cut at 4R + blend from the axis: a waist of 184 and a
    /// quarter of its area), against its area counted here on a grid of the reference kernel;
    /// and the sheet, whose 180x80 cells given cut it, says so in a line naming a --cell that
    /// holds it, which then draws it whole, with no word; with no --cell, the sheet's cells are
    /// that one (the same sheet), and a line says that they grew for it, the quad drawn small
    /// in them, and that without it the quad's cells would be the default 180x80.
    @Test func aFieldPastItsCellIsMeasuredWholeAndNamed() throws {
        let arguments = ["--sweep", "threshold=0.5:0.99:0.49", "--distance", "30", "--fills", "quad,metaball.wyvill"]
        let (folder, result, rows) = try StudyTests.study(arguments + ["--cell", "180x80"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 && lines[0].contains("metaball.wyvill at threshold = 0.99 reaches past its 180x80 cell"), "\(result.stderr)")
        let R = 20.0, d = 30.0, r1 = R - d / 10
        let balls = [(center: RPoint(0, 0), radius: r1), (center: RPoint(d, 0), radius: R)]
        let kernel = ReferenceKernel.wyvill(threshold: 0.99)
        // The half above the axis, twice: cells of 0.5 px over a box the disc lies in.
        let step = 0.5
        var inside = 0, top = 0.0, left = 0.0, right = 0.0
        for i in 0..<Int(500 / step) {
            for j in 0..<Int(250 / step) {
                let p = RPoint(-235 + (Double(i) + 0.5) * step, (Double(j) + 0.5) * step)
                if kernel.inside(p, balls: balls) {
                    inside += 1
                    (top, left, right) = (max(top, p.y), min(left, p.x), max(right, p.x))
                }
            }
        }
        #expect(top < 250 - 1 && left > -235 + 1 && right < 265 - 1, "the reference box holds the shape")
        let area = 2 * Double(inside) * step * step
        let row = try #require(rows.first { $0.fill == "metaball.wyvill" && $0.value == 0.99 })
        #expect(abs(row.area - area) < 0.002 * area, "area \(row.area), reference \(area)")
        // The waist between the centres: the disc's height there, at least 2·top less a few px.
        #expect(row.waist > 2 * top - 20, "waist \(row.waist), the shape \(2 * top) high")
        // The cell the line names holds it: no line at all with it.
        let named = try #require(lines.first?.split(separator: " ").last { $0.contains("x") && $0.first?.isNumber == true })
        let (again, rerun, _) = try StudyTests.study(arguments + ["--cell", String(named)])
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(rerun.status == 0 && rerun.stderr.isEmpty, "--cell \(named): \(rerun.stderr)")
        let (grown, unsized, _) = try StudyTests.study(arguments)
        defer { try? FileManager.default.removeItem(at: grown) }
        let grew = "sticky: warning: the cells grow to \(named) to hold metaball.wyvill, "
        #expect(unsized.status == 0 && unsized.stderr.hasPrefix(grew) && unsized.stderr.split(separator: "\n").count == 1
                    && unsized.stderr.hasSuffix("the other fills are drawn small in them (--fills without metaball.wyvill draws them in cells of 180x80)\n"),
                "no --cell: \(unsized.stderr)")
        let sheets = try [again, grown].map { try PNG.read(from: $0.appendingPathComponent("sheet.png").path) }
        let same = sheets[0].width == sheets[1].width && sheets[0].pixels == sheets[1].pixels
        #expect(same, "no --cell: a sheet of \(sheets[1].width)x\(sheets[1].height), --cell \(named): \(sheets[0].width)x\(sheets[0].height)")
    }

    /// A sweep of a parameter that none of the fills compared shows is said in one line, with
    /// why (its cells and lines all the same); one that some fill shows, not a word.
    @Test(arguments: [
        ("blend=4:24:20", "quad", "--sweep blend changes nothing in the study of quad: only where the field is drawn"),
        ("blend=4:24:20", "quad,metaball.smoothMin", nil),
        ("springDamping=0.1:0.5:0.4", "quad,metaball.inverseSquare", "--sweep springDamping changes nothing in the study: its badge is posed, not moving"),
        ("chainCount=3:13:10", "quad", "--sweep chainCount changes nothing in the study of quad: only for the caterpillar"),
        ("spread=0.2:0.8:0.6", "quad,cubic", "--sweep spread changes nothing in the study of quad, cubic: only for the tangent bridge"),
        ("spread=0.2:0.8:0.6", "cubic,tangent", nil),
        ("threshold=0.2:0.6:0.4", "metaball.inverseSquare", "--sweep threshold changes nothing in the study of metaball.inverseSquare: only for the wyvill kernel"),
    ] as [(String, String, String?)])
    func aSweepThatNoFillShowsIsSaid(sweep: String, fills: String, warning: String?) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Sticky.run(["study", "--sweep", sweep, "--fills", fills, "--out", folder.appendingPathComponent("s").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == (warning.map { "sticky: warning: \($0)\n" } ?? ""), "\(result.stderr)")
    }

    /// A sweep that leaves the figures of a fill it shapes the same at every value says which
    /// (the README's maxDistance sweep at the pull of 40 px changed the cubic fill's alone: the
    /// other bridges and the fields depend on maxDistance only through the break); a fill it
    /// does not shape, there to compare with, goes unsaid. What it says is so: the fills it
    /// names have the same figures in study.csv at every value, the others do not.
    @Test(arguments: [
        (["--sweep", "maxDistance=40:100:20"],
         "--sweep maxDistance at --distance 40 changes the figures of cubic only: those of quad, tangent, metaball.inverseSquare, metaball.wyvill, metaball.smoothMin are the same at every value",
         ["quad", "tangent", "metaball.inverseSquare", "metaball.wyvill", "metaball.smoothMin"], ["cubic"]),
        // paper.js's handle is min(v·handleRate, |p1p2|/(r1 + r2)): the second at 40 px.
        (["--sweep", "handleRate=1:3:1", "--fills", "quad,tangent"],
         "--sweep handleRate at --distance 40 changes no fill's figures: those of tangent are the same at every value", ["tangent"], []),
        (["--sweep", "handleRate=1:3:1", "--fills", "quad,tangent", "--distance", "55"], nil, [], ["tangent"]),
        (["--sweep", "threshold=0.3:0.7:0.2"], nil, [], ["metaball.wyvill"]),
    ] as [([String], String?, [String], [String])])
    func aFlatFillIsSaid(arguments: [String], warning: String?, flat: [String], changed: [String]) throws {
        let (folder, result, rows) = try StudyTests.study(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == (warning.map { "sticky: warning: \($0)\n" } ?? ""), "\(result.stderr)")
        for fill in flat + changed {
            let own = rows.filter { $0.fill == fill }
            let same = own.count > 1 && own.allSatisfy { abs($0.area - own[0].area) < 1e-3 && abs($0.waist - own[0].waist) < 1e-3 }
            #expect(same == flat.contains(fill), "\(fill): areas \(own.map(\.area)), waists \(own.map(\.waist))")
        }
        // The quad fill, which none of these sweeps shapes at this pull, measures the same at
        // every value, to the CSV's last digit (its columns began at the widest field's reach,
        // and a threshold of 0.7 put its area at 2420.51, not 2420.46).
        let quad = rows.filter { $0.fill == "quad" }
        #expect(quad.count > 1 && quad.allSatisfy { $0.area == quad[0].area }, "\(quad.map(\.area))")
    }

    /// A sweep of another parameter with the badge pulled past the break is said, with what it
    /// leaves: every fill the badge alone (its figures the same at every value) where the home
    /// ball vanishes too, else the Bézier fills; at the break itself, or in a sweep of
    /// maxDistance, not a word.
    @Test(arguments: [
        (["--sweep", "neck=0:1:0.5", "--distance", "65"],
         "--sweep neck changes nothing in the study: --distance 65 is past maxDistance 60: the bridge has broken, and every fill is the badge alone"),
        (["--sweep", "blend=4:24:20", "--distance", "65", "--metaball-break", "separate"],
         "--distance 65 is past maxDistance 60: the bridge has broken, and quad, cubic, tangent are the badge alone at every value"),
        (["--sweep", "neck=0:1:0.5", "--distance", "60"], nil),
        (["--sweep", "maxDistance=40:80:20", "--distance", "65"], nil),
    ] as [([String], String?)])
    func aSweepPastTheBreakIsSaid(arguments: [String], warning: String?) throws {
        let (folder, result, rows) = try StudyTests.study(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == (warning.map { "sticky: warning: \($0)\n" } ?? ""), "\(result.stderr)")
        guard let warning else { return }
        // What it says is so: the fills it names are the badge alone, R 20, at every value.
        let alone = warning.contains("every fill") ? Set(rows.map(\.fill)) : ["quad", "cubic", "tangent"]
        for row in rows where alone.contains(row.fill) {
            #expect(row.waist == 0 && row.kinkHome == nil && row.kinkBadge == nil, "\(row.fill) at \(row.value)")
            #expect(abs(row.area - Double.pi * 400) < 0.005 * Double.pi * 400, "\(row.fill) at \(row.value): \(row.area)")
        }
        #expect(rows.contains { alone.contains($0.fill) })
    }

    /// The default cell grows to hold a larger radius or a longer pull, 4 px clear (a new
    /// user's --radius 50 was refused for the --cell 180x80 they had not given); a --cell
    /// given is kept, and refused where it is too small.
    @Test func theDefaultCellHoldsTheShapes() throws {
        let atlas = Fonts.atlas()
        var large = try StudyRequest(["--out", "x", "--radius", "50"])
        try large.fitCell(atlas: atlas)
        #expect(large.cell.width == 180 && large.cell.height == 2 * 50 + 8, "\(large.cell)")
        var long = try StudyRequest(["--out", "x", "--sweep", "distance=0:300:50"])
        try long.fitCell(atlas: atlas)
        #expect(long.cell.width == 300 + 2 * 20 + 8 && long.cell.height == 80, "\(long.cell)")
        var given = try StudyRequest(["--out", "x", "--radius", "50", "--cell", "180x80"])
        #expect(throws: CLIError.self) { try given.fitCell(atlas: atlas) }
        let (folder, result, rows) = try StudyTests.study(["--radius", "50", "--sweep", "distance=0:60:30"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(rows.count == 3 * StudyFill.all.count)
    }

    /// --distance is the pull of a sweep of another parameter: with a distance sweep it is
    /// ignored, and said so in one line; with another sweep, not a word.
    @Test func aDistanceSweepSaysItIgnoresDistance() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (sweep, warned) in [("distance=0:20:10", true), ("shrink=5:15:10", false)] {
            let out = folder.appendingPathComponent(sweep).path
            let result = try Sticky.run(["study", "--sweep", sweep, "--distance", "30", "--fills", "quad", "--out", out])
            #expect(result.status == 0, "\(sweep): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(warned ? lines.count == 1 && lines[0].contains("a distance sweep ignores it") : lines.isEmpty, "\(sweep): \(result.stderr)")
        }
    }
}
