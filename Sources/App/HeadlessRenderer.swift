// Renders frames to images with no display: EGL context, renderer and offscreen target together.

import Imaging
import Platform
import Render

/// A headless context with the renderer and an offscreen target of one size.
/// Make, use and `destroy()` it on one thread.
public final class HeadlessRenderer {
    public let context: HeadlessContext
    public let renderer: Renderer
    public let target: OffscreenTarget

    public init(pixelWidth: Int, pixelHeight: Int) throws(CLIError) {
        do {
            context = try HeadlessContext()
        } catch {
            throw .failure("no OpenGL context: \(error)")
        }
        do {
            renderer = try Renderer()
        } catch {
            context.destroy()
            throw .failure("\(error)")
        }
        do {
            target = try OffscreenTarget(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        } catch {
            renderer.destroy()
            context.destroy()
            throw .failure("\(error)")
        }
    }

    /// Draws the frame and reads it back, top row first; fails on any GL error.
    public func image(of frame: Frame) throws(CLIError) -> Image {
        renderer.draw(frame, into: target)
        let image = target.readPixels()
        if let code = GL.error() { throw .failure("\(RenderError.gl(code: code, stage: "drawing the frame"))") }
        return image
    }

    public func destroy() {
        target.destroy()
        renderer.destroy()
        context.destroy()
    }
}
