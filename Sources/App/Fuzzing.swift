// What the fuzzers (scripts/fuzz, target sticky-fuzz) feed arbitrary bytes to. Each target takes
// any input; a clean error is a pass, and so is a result that keeps its promises. A broken
// promise traps, so that libFuzzer keeps the input; the regression tests replay those inputs.

import Foundation
import Geometry
import Imaging
import Motion

public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The replay script parser, then the first seconds of the script played into its scene.
    case script
    /// The params JSON loader.
    case params
    /// The command lines of render, replay and the window (words split at NUL bytes).
    case arguments
    /// The bridge and its tessellation, the circles and the metaball regions, from raw doubles.
    case geometry

    public var summary: String {
        switch self {
        case .script: "replay script parser + the first seconds played (dump must stay finite JSON)"
        case .params: "params JSON loader (loaded values must lie in the registry's ranges)"
        case .arguments: "command lines of render, replay and the window, words split at NUL"
        case .geometry: "bridge, tessellation, circles, metaball regions from raw doubles"
        }
    }

    /// Runs one input; returns normally whether it was accepted or rejected with an error.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .script: FuzzChecks.script(String(decoding: bytes, as: UTF8.self))
        case .params: FuzzChecks.params(String(decoding: bytes, as: UTF8.self))
        case .arguments: FuzzChecks.arguments(bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        })
        case .geometry: FuzzChecks.geometry(bytes)
        }
    }
}

enum FuzzChecks {
    /// Script time played per input: enough for springs, bursts and a few chain steps.
    static let playedSeconds = 2.0

    static func script(_ text: String) {
        guard let script = try? ReplayScript(text: text, file: "fuzz", fps: 60) else { return }
        var last = 0.0
        for (time, _) in script.timeline {
            require(time.isFinite && time >= last - 1e-9 && time <= ReplayScript.maximumDuration, "timeline out of order at \(time)")
            last = time
        }
        require(script.duration.isFinite && script.duration <= ReplayScript.maximumDuration, "duration \(script.duration)")
        let scene = makeScene(
            script.scene ?? .badge, width: Double(script.width), height: Double(script.height), badges: script.badges,
            parameters: Parameters(), mode: .metaball)
        var player = ScriptPlayer(script: script, scene: scene, parameters: Parameters())
        let frames = Int(min(script.duration, playedSeconds) * 60) + 1
        for k in 0..<frames {
            let t = Double(k) / 60
            do { try player.play(to: t) } catch { fail("a parsed script failed to play: \(error)") }
            requireFiniteJSON(scene.dumpLine(time: t, parameters: player.parameters))
            if player.ended { break }
        }
    }

    static func params(_ text: String) {
        var parameters = Parameters()
        guard (try? ParameterRegistry.load(json: text, name: "fuzz.json", into: &parameters)) != nil else { return }
        requireInRange(parameters)
    }

    static func arguments(_ words: [String]) {
        if let request = try? RenderRequest(words) {
            requireSane(request.common)
            let pose = request.pose
            require(pose.home.isFinite && pose.center.isFinite && pose.radius.isFinite, "render pose \(pose)")
            requireSplits([request.out].compactMap { $0 })
        }
        if let request = try? ReplayRequest(words) {
            requireSane(request.common)
            require(request.fps.isFinite && request.fps >= 1, "replay fps \(request.fps)")
            requireSplits([request.scriptPath, request.dumpPath, request.framesPath, request.gifPath, request.apngPath].compactMap { $0 })
        }
        if let request = try? WindowRequest(words) {
            requireSane(request.common)
            requireSplits([request.dumpPath, request.screenshots].compactMap { $0 })
        }
    }

    /// The output paths split into folder and name as the writers split them (Foundation's
    /// path API once trapped here on a one-letter name).
    static func requireSplits(_ paths: [String]) {
        for path in paths {
            let folder = PathName.folder(of: path), name = PathName.name(of: path)
            require(path.isEmpty || !name.isEmpty, "no name in '\(path)'")
            require(folder.isEmpty || path.hasPrefix(folder), "folder '\(folder)' not a prefix of '\(path)'")
            _ = AtomicFile.temporaryPath(beside: path)
        }
    }

    /// Reads the bytes as doubles (raw bit patterns: NaN, ±inf, subnormals and huge values
    /// all come up) and builds every style's bridge, its mesh, the circles and the metaball
    /// regions from them.
    static func geometry(_ bytes: UnsafeRawBufferPointer) {
        var values: [Double] = []
        var k = 0
        while k + 8 <= bytes.count {
            values.append(bytes.loadUnaligned(fromByteOffset: k, as: Double.self))
            k += 8
        }
        guard values.count >= 6 else { return }
        func value(_ i: Int) -> Double { i < values.count ? values[i] : 0.5 }
        let c1 = Vec2(value(0), value(1)), r1 = value(2), c2 = Vec2(value(3), value(4)), r2 = value(5)
        // The tuning values come from the registry's ranges, as the app would give them.
        func unit(_ x: Double) -> Double { x.isFinite ? abs(x.truncatingRemainder(dividingBy: 1)) : 0.5 }
        let parameters = BridgeParameters(
            style: .quad, spread: unit(value(6)), handleRate: 10 * unit(value(7)), neck: unit(value(8)))
        let maxDistance = value(9)
        let tolerance = 0.001 + 10 * unit(value(10)), feather = 4 * unit(value(11))
        let inputFinite = c1.isFinite && c2.isFinite && r1.isFinite && r2.isFinite
        let inputInRange = max(abs(c1.x), abs(c1.y), abs(c2.x), abs(c2.y), abs(r1), abs(r2)) <= Bridge.largestCoordinate
        var builder = MeshBuilder()
        for style in BridgeStyle.allCases {
            var p = parameters
            p.style = style
            guard let bridge = Bridge(home: c1, homeRadius: r1, badge: c2, badgeRadius: r2, parameters: p, maxDistance: maxDistance)
            else { continue }
            require(inputFinite, "a bridge from non-finite input \(values)")
            require(inputInRange, "a bridge from input past Bridge.largestCoordinate \(values)")
            require(bridge.area.isFinite, "bridge area \(bridge.area) from \(values)")
            builder.addBridge(bridge, color: .badgeRed, tolerance: tolerance, feather: feather)
        }
        builder.addCircle(center: c1, radius: r1, color: .badgeRed, feather: feather)
        builder.addCircle(center: c2, radius: r2, color: .badgeRed, feather: feather)
        requireFinite(builder.mesh, values)

        var balls: [Ball] = []
        var i = 0
        while i + 3 <= values.count, balls.count < 8 {
            balls.append(Ball(center: Vec2(values[i], values[i + 1]), radius: values[i + 2]))
            i += 3
        }
        // Each kernel; one field of all the balls, or separate fields of 1–3 balls each (a short
        // input, its missing values 0.5: the inverse square, one field).
        let kernel = MetaballKernel.allCases[Int(unit(value(16)) * 3 + 1.5) % 3]
        let size = Int(unit(value(17)) * 4 + 2) % 4
        let ends = size == 0 ? [] : Array(stride(from: size, through: balls.count, by: size))
        let field = MetaballField(balls: balls, parameters: MetaballParameters(kernel: kernel, blend: 1 + 40 * unit(value(12))),
                                  fieldEnds: ends)
        var regions: [Region] = []
        var ordered: [Ball] = []
        var scratch = MetaballScratch()
        let clip = Box(minX: -64, minY: -64, maxX: 64 + 400 * unit(value(13)), maxY: 64 + 300 * unit(value(14)))
        field.regions(clip: clip, pixelsPerUnit: 0.25 + 4 * unit(value(15)), into: &regions, balls: &ordered, scratch: &scratch)
        for region in regions {
            let b = region.box
            require(b.minX.isFinite && b.minY.isFinite && b.maxX.isFinite && b.maxY.isFinite, "metaball region \(b) from \(values)")
            require(b.minX >= clip.minX && b.maxX <= clip.maxX && b.minY >= clip.minY && b.maxY <= clip.maxY, "tile \(b) outside \(clip)")
            require(region.first >= 0 && region.first + region.count <= ordered.count, "run \(region.first)+\(region.count) of \(ordered.count)")
            let t = region.tail
            require(t.value.isFinite && t.gradient.isFinite && t.xx.isFinite && t.xy.isFinite && t.yy.isFinite, "tail \(t) from \(values)")
        }
    }

    // MARK: - The promises

    static func requireFinite(_ mesh: Mesh, _ values: [Double]) {
        for v in mesh.vertices {
            require(v.x.isFinite && v.y.isFinite && v.localX.isFinite && v.localY.isFinite && v.radius.isFinite && v.alpha.isFinite,
                    "a non-finite vertex \(v) from \(values)")
        }
        for index in mesh.indices { require(Int(index) < mesh.vertices.count, "index \(index) past \(mesh.vertices.count) vertices") }
    }

    static func requireFiniteJSON(_ line: String) {
        require(StateDump.isFiniteJSON(line), "a dump line with a non-finite number or not JSON: \(line)")
    }

    static func requireInRange(_ parameters: Parameters) {
        for parameter in ParameterRegistry.all {
            guard case .number(let key, let range, _) = parameter.kind else { continue }
            let value = parameters[keyPath: key]
            require(value.isFinite && range.contains(value), "\(parameter.name) = \(value) outside \(range)")
        }
    }

    static func requireSane(_ common: CommonOptions) {
        requireInRange(common.parameters)
        let (w, h) = common.pixelSize
        require((1...CommonOptions.maximumPixels).contains(w) && (1...CommonOptions.maximumPixels).contains(h), "pixel size \(w)x\(h)")
        require(common.scale.isFinite && common.scale > 0, "scale \(common.scale)")
        require(common.paneWidth > 0 && common.paneWidth.isFinite, "pane width \(common.paneWidth)")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("sticky-fuzz: broken promise: \(message)\n".utf8))
        abort()
    }
}
