// Draws a Frame into a RenderTarget: per pane, the Bézier mesh, the metaball field, or both
// compared; each a handful of blended draw calls.

@preconcurrency import CEpoxy
import Geometry
import Imaging

/// Owns the GL objects of all passes. Make it, use it and `destroy()` it on one context.
public final class Renderer {
    /// The most ball entries (all tiles' runs together) the metaball pass takes (16 MiB).
    public static let maximumBalls = 1024 * 1024
    /// The most balls one tile's run may have: each draw of the field binds a window of
    /// `ballWindow` balls (the shader's uniform block; OpenGL 3.3 promises 16 KiB blocks) from a
    /// multiple of `windowAlignment`, so a run starting anywhere in it fits.
    public static let runLimit = ballWindow - windowAlignment
    static let ballWindow = 1024
    /// (256 balls are 4 KiB, a multiple of any uniform buffer offset alignment.)
    static let windowAlignment = 256

    private let fill: ShaderProgram
    private let fillViewport, fillPixelsPerUnit, fillAtlas, fillOverride: GLint
    /// One metaball program per kernel (indexed by `MetaballKernel.shaderIndex`), for runs of
    /// any length: it reads them from the uniform block.
    private let metaballs: [FieldProgram]
    /// Per kernel, one program per `runClasses` entry (nil where the driver would not link it):
    /// a tile whose run has at most that many balls is drawn by the first that takes it, its
    /// run padded with balls that add nothing. Its vertex stage reads the run once a vertex
    /// and hands it on as flat inputs, which llvmpipe reads about as cheaply as a uniform,
    /// where the uniform block indexed by each tile's run costs a gather a ball and a loop
    /// whose every pixel may end elsewhere: the chain's edge tiles (runs of 3 to 9) cost about
    /// half as much.
    private let runPrograms: [[FieldProgram?]]
    /// Per kernel, the program for tiles whose run holds a ball under 2 device px in radius
    /// (`Renderer.smallRadius`): it also finds the ball nearest each pixel, to draw such a
    /// ball as its area, not as the one-pixel ramp's dot (nil where the driver would not link
    /// it: those tiles are drawn by `metaballs`).
    private let smallPrograms: [FieldProgram?]
    /// Under this radius, in device pixels, a ball is drawn as its area (as fill.frag's circles).
    static let smallRadius = 2.0
    /// The padded run lengths of `runPrograms`, shortest first.
    static let runClasses = [4, 12]
    /// How many of `runPrograms` the driver linked (a test's check that none fell back unseen).
    var linkedRunPrograms: Int { runPrograms.joined().filter { $0 != nil }.count }
    /// How many of `smallPrograms` the driver linked.
    var linkedSmallPrograms: Int { smallPrograms.filter { $0 != nil }.count }
    /// The field's tiles wholly inside: one colour, none of the field's work. (llvmpipe runs a
    /// shader's straight-line code for every pixel even where a branch returns early, so these
    /// cost about a third as much drawn by a program of their own.)
    private let flatField: FieldProgram
    private let composite: ShaderProgram
    private let compositeBezier, compositeMetaball, compositeOrigin, compositeBoth, compositeOnlyBezier, compositeOnlyMetaball: GLint

    private let meshBuffer = MeshBuffer()
    private let decalBuffer = MeshBuffer()
    private let shapesBuffer = MeshBuffer()
    private let hudBuffer = MeshBuffer()
    private let tileBuffer = VertexBuffer<FieldVertex>()
    private var tileVertices: [FieldVertex] = []
    private var tileIndices: [UInt32] = []
    /// A step's tiles wholly inside, drawn flat by `flatField` after its edge tiles' batches.
    private var insideIndices: [UInt32] = []
    private var ballData: [GLfloat] = []
    /// The balls (x, y, r² or r, 0 each: see `uploadField`), a uniform buffer, and its size in bytes.
    private var ballBuffer: GLuint = 0
    private var ballBytes = 0
    /// The field's draws: each binds the window of balls from `base` and draws these indices
    /// with `program` (an index of `runClasses`; −1: the kernel's program for any run; −2: its `smallPrograms` one).
    private var fieldBatches: [(base: Int, indices: Range<Int>, program: Int)] = []
    /// The edge regions of the step being uploaded, by the program that draws them (then
    /// `metaballs`, then `smallPrograms`).
    private var regionsByProgram: [[Int]] = Array(repeating: [], count: Renderer.runClasses.count + 2)
    /// The layer's steps as drawn (`MetaballLayer.steps`, or one of everything): its edge tiles'
    /// batches (a range of `fieldBatches`), its tiles inside (indices of `tileBuffer`), then
    /// its decals (indices of `decalBuffer`).
    private var fieldSteps: [FieldStepRanges] = []
    private var emptyArray: GLuint = 0
    private var atlasTexture: GLuint = 0
    /// The atlas version in the texture (−1: none yet).
    private var atlasVersion = -1
    private var atlasSize = (0, 0)
    private var masks: (OffscreenTarget, OffscreenTarget)?

    /// Compiles the shaders; needs a current OpenGL 3.3 core context.
    public init() throws(RenderError) {
        let (major, minor) = GL.versionNumber
        guard major > 3 || (major == 3 && minor >= 3) else { throw .version(GL.version) }
        GL.installDebugOutput()
        fill = try ShaderProgram(vertex: "fill.vert", fragment: "fill.frag")
        fillViewport = fill.uniform("u_viewport")
        fillPixelsPerUnit = fill.uniform("u_pixelsPerUnit")
        fillAtlas = fill.uniform("u_atlas")
        fillOverride = fill.uniform("u_override")
        var programs: [FieldProgram] = []
        for kernel in MetaballKernel.allCases {
            programs.append(try FieldProgram(kernel: kernel))
        }
        metaballs = programs
        smallPrograms = MetaballKernel.allCases.map { try? FieldProgram(defines: ["KERNEL \($0.shaderIndex)", "SMALL 1"]) }
        flatField = try FieldProgram(defines: ["FLAT 1"])
        runPrograms = MetaballKernel.allCases.map { kernel in
            // Only the inverse square's: each such program costs llvmpipe about 0.15 s to compile
            // at the first start (before its shader cache holds it), and the other kernels' runs
            // are shorter. (12 balls are 36 flat components, which with the others fit the 60
            // that OpenGL 3.3 promises; a program a driver will not link is left to `metaballs`.)
            Renderer.runClasses.map { kernel == .inverseSquare ? try? FieldProgram(kernel: kernel, run: $0) : nil }
        }
        composite = try ShaderProgram(vertex: "composite.vert", fragment: "composite.frag")
        compositeBezier = composite.uniform("u_bezierMask")
        compositeMetaball = composite.uniform("u_metaballMask")
        compositeOrigin = composite.uniform("u_origin")
        compositeBoth = composite.uniform("u_colorBoth")
        compositeOnlyBezier = composite.uniform("u_colorBezier")
        compositeOnlyMetaball = composite.uniform("u_colorMetaball")
        GL.genBuffers(1, &ballBuffer)

        // A core profile needs a bound vertex array even for the attribute-less triangle.
        GL.genVertexArrays(1, &emptyArray)
        GL.genTextures(1, &atlasTexture)
        GL.bindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        // Nearest texel: every glyph is placed on whole device pixels at its own size, texel to
        // pixel (CountText), so each fragment samples a texel's centre, where the bilinear
        // filter gave the same values for about half as much again of llvmpipe's work on every
        // pixel of the fill shader, shapes included (llvmpipe does not skip the glyph branch).
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            GL.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        // A blank texel until there is an atlas, so the sampler is always complete.
        var blank: UInt8 = 0
        GL.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        GL.texImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, 1, 1, 0, GLenum(GL_RED), GL.unsignedByte, &blank)
        try GL.check("creating the passes")
        warmUp()
    }

    /// Draws a tiny picture with every program once (each kernel's field and its tiles inside,
    /// the overlay's composite, glyphs, the HUD): drivers such as Mesa finish compiling a
    /// program at its first draw, which would otherwise stall the first frame of a mode (92 ms
    /// for split).
    private func warmUp() {
        guard let target = try? OffscreenTarget(pixelWidth: 8, pixelHeight: 8) else { return }
        defer { target.destroy() }
        var mesh = MeshBuilder()
        mesh.addCircle(center: Vec2(4, 4), radius: 2, color: .badgeRed, feather: 1)
        mesh.addGlyph(x0: 1, y0: 1, x1: 3, y1: 3, u0: 0, v0: 0, u1: 2, v1: 2, color: .white)
        // (The third ball, under 2 px, for each kernel's `smallPrograms` one.)
        var field = MetaballField(balls: [Ball(center: Vec2(3, 4), radius: 2), Ball(center: Vec2(5, 4), radius: 2),
                                          Ball(center: Vec2(1.5, 6.5), radius: 0.5)])
        var regions: [Region] = [], balls: [Ball] = [], scratch = MetaballScratch()
        for kernel in MetaballKernel.allCases {
            field.parameters = MetaballParameters(kernel: kernel)
            field.regions(clip: Box(minX: 0, minY: 0, maxX: 8, maxY: 8), pixelsPerUnit: 1, into: &regions, balls: &balls,
                          scratch: &scratch)
            regions.append(Region(box: Box(minX: 3, minY: 3, maxX: 5, maxY: 5), first: 0, count: 0, inside: true))
            // A tile for each program of the kernel: a run of each class, and a longer one.
            let first = balls.count
            balls.append(contentsOf: repeatElement(field.balls[0], count: Renderer.runClasses.last! + 1))
            for count in Renderer.runClasses.map({ $0 - 1 }) + [Renderer.runClasses.last! + 1] {
                regions.append(Region(box: Box(minX: 0, minY: 0, maxX: 2, maxY: 2), first: first, count: count))
            }
            let layer = MetaballLayer(parameters: field.parameters, color: .badgeRed, regions: regions, balls: balls)
            var frame = Frame(width: 8, height: 8, scale: 1, background: .white, mesh: mesh.mesh, decals: mesh.mesh,
                              shapes: mesh.mesh, metaballs: layer,
                              panes: [Pane(x: 0, y: 0, width: 4, height: 8, content: .overlay),
                                      Pane(x: 4, y: 0, width: 4, height: 8, content: .metaball)])
            frame.hud = HUDLayer(mesh: mesh.mesh, width: 8, height: 8, scale: 1)
            draw(frame, into: target)
        }
        GL.finish()
        // Leave the overlay's masks to be made at the window's size.
        masks?.0.destroy()
        masks?.1.destroy()
        masks = nil
    }

    /// Clears `target` to the frame's background and draws each pane, scaled by `frame.scale`,
    /// then the frame's HUD over the whole target if `hud` is true. Everything the frame needs
    /// is uploaded first: a driver such as llvmpipe runs the queued clear when a buffer changes
    /// after it, and then reads the whole target back in to draw on it (a second full pass).
    public func draw(_ frame: Frame, into target: RenderTarget, hud: Bool = true) {
        func shows(_ content: PaneContent) -> Bool {
            frame.panes.isEmpty ? content == .bezier : frame.panes.contains { $0.content == content }
        }
        if let atlas = frame.atlas { upload(atlas) }
        if shows(.bezier) { meshBuffer.upload(frame.mesh) }
        if shows(.overlay) { shapesBuffer.upload(frame.shapes) }
        if shows(.metaball) || shows(.overlay) {
            decalBuffer.upload(frame.decals)
            if let layer = frame.metaballs { uploadField(layer, decals: frame.decals.indices.count, scale: frame.scale) }
        }
        if hud, let layer = frame.hud { hudBuffer.upload(layer.mesh) }
        GL.bindFramebuffer(GL.framebuffer, target.framebuffer)
        GL.viewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        GL.disable(GL.depthTest)
        GL.disable(GL.cullFace)
        let bg = frame.background
        GL.clearColor(GLfloat(bg.red), GLfloat(bg.green), GLfloat(bg.blue), GLfloat(bg.alpha))
        GL.clear(GL.colorBufferBit)
        GL.enable(GL.blend)
        GL.blendFunc(GL.one, GL.oneMinusSrcAlpha)

        if frame.panes.isEmpty {
            drawPane(Pane(x: 0, y: 0, width: target.pixelWidth, height: target.pixelHeight, content: .bezier), of: frame, target: target)
        } else {
            for pane in frame.panes { drawPane(pane, of: frame, target: target) }
        }
        GL.bindFramebuffer(GL.framebuffer, target.framebuffer)
        GL.viewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        if hud, let layer = frame.hud { drawMesh(hudBuffer, width: layer.width, height: layer.height, scale: layer.scale) }
    }

    /// Draws the frame's HUD layer over what `target` holds, once, over the whole target.
    public func drawHUD(_ frame: Frame, into target: RenderTarget) {
        guard let layer = frame.hud else { return }
        if let atlas = frame.atlas { upload(atlas) }
        hudBuffer.upload(layer.mesh)
        GL.bindFramebuffer(GL.framebuffer, target.framebuffer)
        GL.viewport(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight))
        GL.enable(GL.blend)
        GL.blendFunc(GL.one, GL.oneMinusSrcAlpha)
        drawMesh(hudBuffer, width: layer.width, height: layer.height, scale: layer.scale)
    }

    private func drawPane(_ pane: Pane, of frame: Frame, target: RenderTarget) {
        // GL's viewport counts from the bottom.
        let glY = target.pixelHeight - pane.y - pane.height
        func viewport() {
            GL.bindFramebuffer(GL.framebuffer, target.framebuffer)
            GL.viewport(GLint(pane.x), GLint(glY), GLsizei(pane.width), GLsizei(pane.height))
        }
        viewport()
        switch pane.content {
        case .bezier:
            drawMesh(meshBuffer, frame: frame)
        case .metaball:
            guard let layer = frame.metaballs else { return drawMesh(decalBuffer, frame: frame) }
            for step in fieldSteps {
                drawField(layer, step: step, frame: frame, color: layer.color)
                drawMesh(decalBuffer, frame: frame, indices: step.decals)
            }
        case .overlay:
            guard let (bezierMask, metaballMask) = masks(width: pane.width, height: pane.height) else { return }
            let white = Color(red: 1, green: 1, blue: 1)
            func begin(_ mask: OffscreenTarget) {
                GL.bindFramebuffer(GL.framebuffer, mask.framebuffer)
                GL.viewport(0, 0, GLsizei(pane.width), GLsizei(pane.height))
                GL.clearColor(0, 0, 0, 0)
                GL.clear(GL.colorBufferBit)
            }
            begin(bezierMask)
            drawMesh(shapesBuffer, frame: frame, override: white)
            begin(metaballMask)
            if let layer = frame.metaballs {
                for step in fieldSteps { drawField(layer, step: step, frame: frame, color: white) }
            }
            viewport()
            composite.use()
            GL.activeTexture(GLenum(GL_TEXTURE1))
            GL.bindTexture(GLenum(GL_TEXTURE_2D), bezierMask.texture)
            GL.activeTexture(GLenum(GL_TEXTURE2))
            GL.bindTexture(GLenum(GL_TEXTURE_2D), metaballMask.texture)
            GL.activeTexture(GLenum(GL_TEXTURE0))
            GL.uniform1i(compositeBezier, 1)
            GL.uniform1i(compositeMetaball, 2)
            GL.uniform2f(compositeOrigin, GLfloat(pane.x), GLfloat(glY))
            let both = frame.metaballs?.color ?? Color.badgeRed
            let only = Renderer.overlayColors(both: both, background: frame.background)
            set(compositeBoth, both)
            set(compositeOnlyBezier, only.bezier)
            set(compositeOnlyMetaball, only.metaball)
            GL.bindVertexArray(emptyArray)
            GL.drawArrays(GL.triangles, 0, 3)
            GL.bindVertexArray(0)
            drawMesh(decalBuffer, frame: frame)
        }
    }

    /// The overlay's colours for the area only one fill covers, as a rule.
    public static let onlyBezier = Color(red: 0.15, green: 0.35, blue: 1)
    public static let onlyMetaball = Color(red: 0.1, green: 0.7, blue: 0.25)
    /// What stands in for them where the badges' colour or the background is near one.
    public static let overlayAlternatives = [Color(red: 1, green: 0.55, blue: 0), Color(red: 0.8, green: 0.15, blue: 0.8),
                                             Color(red: 0.45, green: 0.3, blue: 0.1)]

    /// The overlay's colours for the Bézier fill alone and the field alone: blue and green
    /// (`onlyBezier`, `onlyMetaball`), unless `both` (the badges' colour, where both fills
    /// cover), the background or the other is within `overlayDistance` of one (a blue badge's
    /// overlay, whose Bézier-only slivers would not show): then the first of
    /// `overlayAlternatives` (orange, magenta, brown) that is not. Straight colours, alpha
    /// left out.
    public static func overlayColors(both: Color, background: Color) -> (bezier: Color, metaball: Color) {
        func far(_ c: Color, from others: [Color]) -> Bool {
            others.allSatisfy { o in
                let d = (c.red - o.red) * (c.red - o.red) + (c.green - o.green) * (c.green - o.green) + (c.blue - o.blue) * (c.blue - o.blue)
                return d >= overlayDistance * overlayDistance
            }
        }
        let taken = [both, background]
        let bezier = ([onlyBezier] + overlayAlternatives).first { far($0, from: taken) } ?? onlyBezier
        let metaball = ([onlyMetaball] + overlayAlternatives).first { far($0, from: taken + [bezier]) } ?? onlyMetaball
        return (bezier, metaball)
    }

    /// The least distance (in RGB, each channel 0…1) between the overlay's colours.
    public static let overlayDistance = 0.45

    private func set(_ location: GLint, _ color: Color) {
        GL.uniform4f(location, GLfloat(color.red), GLfloat(color.green), GLfloat(color.blue), GLfloat(color.alpha))
    }

    private func drawMesh(_ buffer: MeshBuffer, frame: Frame, override: Color? = nil, indices: Range<Int>? = nil) {
        drawMesh(buffer, width: frame.width, height: frame.height, scale: frame.scale, override: override, indices: indices)
    }

    /// The mesh uploaded to `buffer` (those of its `indices`, or all), in units of which
    /// `width`×`height` fill the viewport, `scale` device pixels each.
    private func drawMesh(_ buffer: MeshBuffer, width: Double, height: Double, scale: Double, override: Color? = nil,
                          indices: Range<Int>? = nil) {
        let range = (indices ?? 0..<buffer.indexCount).clamped(to: 0..<buffer.indexCount)
        guard !range.isEmpty else { return }
        fill.use()
        GL.uniform2f(fillViewport, GLfloat(width), GLfloat(height))
        GL.uniform1f(fillPixelsPerUnit, GLfloat(scale))
        set(fillOverride, override ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
        GL.activeTexture(GLenum(GL_TEXTURE0))
        GL.bindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        GL.uniform1i(fillAtlas, 0)
        buffer.draw(indices: range)
    }

    /// Uploads the layer's tiles and their balls (see `drawField`), step by step (one step of
    /// all tiles and all `decals` indices when the layer has none), and cuts each step's edge
    /// tiles into batches whose runs lie within one window of balls (regions come mostly in the
    /// order of their runs, so a batch holds many). A run longer than `runLimit` is left out
    /// (`BadgePainter.fieldOverflow` says so).
    private func uploadField(_ layer: MetaballLayer, decals: Int, scale: Double) {
        let balls = layer.balls.prefix(Renderer.maximumBalls)
        ballData.removeAll(keepingCapacity: true)
        // Each ball as the kernel's shader reads it: x, y and r² (r for the smooth minimum).
        let byRadius = layer.parameters.kernel == .smoothMin
        for ball in balls {
            ballData.append(GLfloat(ball.center.x))
            ballData.append(GLfloat(ball.center.y))
            ballData.append(byRadius ? GLfloat(ball.radius) : GLfloat(ball.radius * ball.radius))
            ballData.append(0)
        }
        tileVertices.removeAll(keepingCapacity: true)
        tileIndices.removeAll(keepingCapacity: true)
        fieldBatches.removeAll(keepingCapacity: true)
        fieldSteps.removeAll(keepingCapacity: true)
        let kernel = Int(layer.parameters.kernel.shaderIndex)
        func upload(regions: Range<Int>, decals: Range<Int>) {
            let regions = regions.clamped(to: layer.regions.indices)
            let firstBatch = fieldBatches.count
            insideIndices.removeAll(keepingCapacity: true)
            for k in regionsByProgram.indices { regionsByProgram[k].removeAll(keepingCapacity: true) }
            for r in regions {
                let region = layer.regions[r]
                guard region.first + region.count <= balls.count && region.count <= Renderer.runLimit else { continue }
                if region.inside {
                    appendTile(region, first: -1, into: &insideIndices)
                    continue
                }
                var program = Renderer.runClasses.count
                let small = layer.balls[region.first..<(region.first + region.count)].contains {
                    $0.radius > 0 && $0.radius * scale < Renderer.smallRadius
                }
                if small {
                    program += 1
                } else {
                    for (k, length) in Renderer.runClasses.enumerated() where region.count <= length && runPrograms[kernel][k] != nil {
                        program = k
                        break
                    }
                }
                regionsByProgram[program].append(r)
            }
            for (program, list) in regionsByProgram.enumerated() {
                var base = -1  // the current batch's window (−1: no run in it yet, any will do)
                var batchStart = tileIndices.count
                let tag = program < Renderer.runClasses.count ? program : (program == Renderer.runClasses.count ? -1 : -2)
                for r in list {
                    let region = layer.regions[r]
                    if !(base >= 0 && region.first >= base && region.first + region.count <= base + Renderer.ballWindow) {
                        if base >= 0 {
                            fieldBatches.append((base, batchStart..<tileIndices.count, tag))
                            batchStart = tileIndices.count
                        }
                        base = region.first / Renderer.windowAlignment * Renderer.windowAlignment
                    }
                    appendTile(region, first: region.first - base, into: &tileIndices)
                }
                if tileIndices.count > batchStart { fieldBatches.append((max(base, 0), batchStart..<tileIndices.count, tag)) }
            }
            let inside = tileIndices.count..<(tileIndices.count + insideIndices.count)
            tileIndices.append(contentsOf: insideIndices)
            fieldSteps.append(FieldStepRanges(batches: firstBatch..<fieldBatches.count, inside: inside, decals: decals))
        }
        if layer.steps.isEmpty {
            upload(regions: layer.regions.indices, decals: 0..<decals)
        } else {
            for step in layer.steps { upload(regions: step.regions, decals: step.decals) }
        }
        // The buffer reaches a whole window past the last ball, so that every bound range lies in
        // it; what lies past the balls is never read (a run stays within its own), so only the
        // balls are uploaded.
        let bytes = ballData.count * MemoryLayout<GLfloat>.stride
        let size = bytes + 4 * Renderer.ballWindow * MemoryLayout<GLfloat>.stride
        GL.bindBuffer(GLenum(GL_UNIFORM_BUFFER), ballBuffer)
        if size > ballBytes {
            ballBytes = max(size, 2 * ballBytes)
            GL.bufferData(GLenum(GL_UNIFORM_BUFFER), GLsizeiptr(ballBytes), nil, GL.dynamicDraw)
        }
        if bytes > 0 { ballData.withUnsafeBytes { GL.bufferSubData(GLenum(GL_UNIFORM_BUFFER), 0, GLsizeiptr(bytes), $0.baseAddress) } }
        GL.bindBuffer(GLenum(GL_UNIFORM_BUFFER), 0)
        tileBuffer.upload(vertices: tileVertices, indices: tileIndices)
    }

    /// A region's quad: its four corners into `tileVertices`, two triangles into `indices`
    /// (`first`: its run's start in the batch's window).
    private func appendTile(_ region: Region, first: Int, into indices: inout [UInt32]) {
        let box = region.box
        let vertex = UInt32(tileVertices.count)
        let first = Float(first), count = Float(region.count)
        let center = region.center, tail = region.tail, value = Float(tail.value)
        func corner(_ x: Double, _ y: Double) -> FieldVertex {
            FieldVertex(x: Float(x), y: Float(y), first: first, count: count, centerX: Float(center.x), centerY: Float(center.y),
                        value: value, gradientX: Float(tail.gradient.x), gradientY: Float(tail.gradient.y),
                        xx: Float(tail.xx), xy: Float(tail.xy), yy: Float(tail.yy))
        }
        tileVertices.append(corner(box.minX, box.minY))
        tileVertices.append(corner(box.maxX, box.minY))
        tileVertices.append(corner(box.maxX, box.maxY))
        tileVertices.append(corner(box.minX, box.maxY))
        indices.append(vertex)
        indices.append(vertex + 1)
        indices.append(vertex + 2)
        indices.append(vertex)
        indices.append(vertex + 2)
        indices.append(vertex + 3)
    }

    /// One step of the field, shaded only in its tiles: those inside flat, the others each
    /// summing its own run of balls (from the batch's window of the uniform buffer) and the
    /// rest's field to second order.
    private func drawField(_ layer: MetaballLayer, step: FieldStepRanges,
                           frame: Frame, color: Color) {
        if !step.batches.isEmpty {
            let stride = 4 * MemoryLayout<GLfloat>.stride
            let kernel = Int(layer.parameters.kernel.shaderIndex)
            var current: Int? = nil
            for batch in fieldBatches[step.batches] {
                if batch.program != current {
                    current = batch.program
                    let program = (batch.program >= 0 ? runPrograms[kernel][batch.program]
                                   : batch.program == -2 ? smallPrograms[kernel] : nil) ?? metaballs[kernel]
                    program.program.use()
                    GL.uniform2f(program.viewport, GLfloat(frame.width), GLfloat(frame.height))
                    GL.uniform1f(program.pixelsPerUnit, GLfloat(frame.scale))
                    GL.uniform1f(program.threshold, GLfloat(layer.parameters.threshold))
                    GL.uniform1f(program.blend, GLfloat(layer.parameters.blend))
                    set(program.color, color)
                }
                GL.bindBufferRange(GLenum(GL_UNIFORM_BUFFER), 0, ballBuffer, GLintptr(batch.base * stride),
                                   GLsizeiptr(Renderer.ballWindow * stride))
                tileBuffer.draw(indices: batch.indices)
            }
        }
        // (The same colour over the same colour: the order of a step's tiles does not change the picture.)
        if !step.inside.isEmpty {
            flatField.program.use()
            GL.uniform2f(flatField.viewport, GLfloat(frame.width), GLfloat(frame.height))
            GL.uniform1f(flatField.pixelsPerUnit, GLfloat(frame.scale))
            set(flatField.color, color)
            tileBuffer.draw(indices: step.inside)
        }
    }

    /// Two pane-sized coverage targets for the overlay, remade when the pane's size changes.
    private func masks(width: Int, height: Int) -> (OffscreenTarget, OffscreenTarget)? {
        if let masks, masks.0.pixelWidth == width, masks.0.pixelHeight == height { return masks }
        masks?.0.destroy()
        masks?.1.destroy()
        masks = nil
        guard let a = try? OffscreenTarget(pixelWidth: width, pixelHeight: height) else { return nil }
        guard let b = try? OffscreenTarget(pixelWidth: width, pixelHeight: height) else {
            a.destroy()
            return nil
        }
        masks = (a, b)
        return masks
    }

    /// Copies the atlas into its texture when it changed since the last upload: only the rows
    /// changed since, where the texture holds the version they were changed from (a frame's
    /// new glyphs, not the whole atlas: 16 MB at 4096 texels a side), else all of it.
    private func upload(_ atlas: AlphaImage) {
        guard atlas.version != atlasVersion || atlasSize != (atlas.width, atlas.height) else { return }
        GL.bindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        GL.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        atlas.pixels.withUnsafeBytes { bytes in
            if atlasSize == (atlas.width, atlas.height) {
                let rows = atlasVersion == atlas.changedSince ? atlas.changedRows : 0..<atlas.height
                GL.texSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, GLint(rows.lowerBound), GLsizei(atlas.width), GLsizei(rows.count),
                                 GLenum(GL_RED), GL.unsignedByte, bytes.baseAddress.map { $0 + rows.lowerBound * atlas.width })
            } else {
                GL.texImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                                   GLenum(GL_RED), GL.unsignedByte, bytes.baseAddress)
            }
        }
        atlasVersion = atlas.version
        atlasSize = (atlas.width, atlas.height)
    }

    /// The target's pixels as drawn (for the window: its back buffer, before the swap), top row first.
    public func readPixels(from target: RenderTarget) -> Image {
        var pixels = [UInt8](repeating: 0, count: 4 * target.pixelWidth * target.pixelHeight)
        GL.bindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), target.framebuffer)
        if target.framebuffer == 0 { GL.readBuffer(GLenum(GL_BACK)) }
        GL.pixelStorei(GL.packAlignment, 1)
        pixels.withUnsafeMutableBytes { bytes in
            GL.readPixels(0, 0, GLsizei(target.pixelWidth), GLsizei(target.pixelHeight), GL.rgba, GL.unsignedByte, bytes.baseAddress)
        }
        var image = Image(width: target.pixelWidth, height: target.pixelHeight, pixels: pixels)
        image.flipVertically()
        return image
    }

    /// Releases the GL objects; the context they were made on must be current.
    public func destroy() {
        fill.destroy()
        for program in metaballs { program.program.destroy() }
        for program in runPrograms.joined() { program?.program.destroy() }
        for program in smallPrograms { program?.program.destroy() }
        flatField.program.destroy()
        composite.destroy()
        meshBuffer.destroy()
        decalBuffer.destroy()
        shapesBuffer.destroy()
        hudBuffer.destroy()
        tileBuffer.destroy()
        if ballBuffer != 0 { GL.deleteBuffers(1, &ballBuffer) }
        ballBuffer = 0
        masks?.0.destroy()
        masks?.1.destroy()
        masks = nil
        if emptyArray != 0 { GL.deleteVertexArrays(1, &emptyArray) }
        if atlasTexture != 0 { GL.deleteTextures(1, &atlasTexture) }
        emptyArray = 0
        atlasTexture = 0
    }
}

/// The metaball program of one kernel and its uniform locations.
/// Where a step of the field lies in the tile buffer (its edge tiles' batches, in
/// `fieldBatches`; its tiles inside, in the index buffer) and its decals' indices.
private struct FieldStepRanges {
    var batches: Range<Int>
    var inside: Range<Int>
    var decals: Range<Int>
}

private struct FieldProgram {
    let program: ShaderProgram
    let viewport, pixelsPerUnit, threshold, blend, color: GLint

    /// The kernel's program for runs of any length, or (`run`) for runs padded to that length.
    init(kernel: MetaballKernel, run: Int? = nil) throws(RenderError) {
        try self.init(defines: ["KERNEL \(kernel.shaderIndex)"] + (run.map { ["RUN \($0)"] } ?? []))
    }

    init(defines: [String]) throws(RenderError) {
        program = try ShaderProgram(vertex: "metaball.vert", fragment: "metaball.frag", defines: defines)
        viewport = program.uniform("u_viewport")
        pixelsPerUnit = program.uniform("u_pixelsPerUnit")
        // The balls' uniform block reads binding point 0 (the flat variant reads none).
        let block = GL.getUniformBlockIndex(program.id, "Balls")
        if block != GLuint(GL_INVALID_INDEX) { GL.uniformBlockBinding(program.id, block, 0) }
        threshold = program.uniform("u_threshold")
        blend = program.uniform("u_blend")
        color = program.uniform("u_color")
    }
}
