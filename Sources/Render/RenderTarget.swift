// Where a frame is drawn: the window's back buffer or an offscreen framebuffer.

@preconcurrency import CEpoxy
import Imaging

/// A framebuffer of a given size in device pixels.
public protocol RenderTarget: AnyObject {
    /// The GL framebuffer name (0: the window's default framebuffer).
    var framebuffer: GLuint { get }
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
}

/// The default framebuffer of a window, sized from the window's framebuffer size.
public final class DefaultTarget: RenderTarget {
    public let framebuffer: GLuint = 0
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(pixelWidth: Int, pixelHeight: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// An offscreen RGBA8 framebuffer. Release it with `destroy()` while its context is current.
public final class OffscreenTarget: RenderTarget {
    public private(set) var framebuffer: GLuint = 0
    private var colorBuffer: GLuint = 0
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(pixelWidth: Int, pixelHeight: Int) throws(RenderError) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        var maxSize: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxSize)
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= Int(maxSize), pixelHeight <= Int(maxSize) else {
            throw .framebuffer(status: 0, width: pixelWidth, height: pixelHeight)
        }
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glGenRenderbuffers(1, &colorBuffer)
        epoxy_glBindRenderbuffer(GL.renderbuffer, colorBuffer)
        epoxy_glRenderbufferStorage(GL.renderbuffer, GL.rgba8, GLsizei(pixelWidth), GLsizei(pixelHeight))
        epoxy_glBindFramebuffer(GL.framebuffer, framebuffer)
        epoxy_glFramebufferRenderbuffer(GL.framebuffer, GL.colorAttachment0, GL.renderbuffer, colorBuffer)
        let status = epoxy_glCheckFramebufferStatus(GL.framebuffer)
        epoxy_glBindFramebuffer(GL.framebuffer, 0)
        if status != GL.framebufferComplete || GL.error() != nil {
            destroy()
            throw .framebuffer(status: status, width: pixelWidth, height: pixelHeight)
        }
    }

    /// The framebuffer's pixels, top row first.
    public func readPixels() -> Image {
        var pixels = [UInt8](repeating: 0, count: 4 * pixelWidth * pixelHeight)
        epoxy_glBindFramebuffer(GL.framebuffer, framebuffer)
        epoxy_glPixelStorei(GL.packAlignment, 1)
        pixels.withUnsafeMutableBytes { bytes in
            epoxy_glReadPixels(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight), GL.rgba, GL.unsignedByte, bytes.baseAddress)
        }
        var image = Image(width: pixelWidth, height: pixelHeight, pixels: pixels)
        image.flipVertically()
        return image
    }

    public func destroy() {
        if framebuffer != 0 { epoxy_glDeleteFramebuffers(1, &framebuffer) }
        if colorBuffer != 0 { epoxy_glDeleteRenderbuffers(1, &colorBuffer) }
        framebuffer = 0
        colorBuffer = 0
    }
}
