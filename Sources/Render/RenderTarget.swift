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

/// An offscreen RGBA8 framebuffer whose colour is a texture (so a later pass can sample it).
/// Release it with `destroy()` while its context is current.
public final class OffscreenTarget: RenderTarget {
    public private(set) var framebuffer: GLuint = 0
    /// The colour texture.
    public private(set) var texture: GLuint = 0
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(pixelWidth: Int, pixelHeight: Int) throws(RenderError) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        var maxSize: GLint = 0
        GL.getIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxSize)
        var maxTexture: GLint = 0
        GL.getIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxTexture)
        maxSize = min(maxSize, maxTexture)
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= Int(maxSize), pixelHeight <= Int(maxSize) else {
            throw .framebuffer(status: 0, width: pixelWidth, height: pixelHeight)
        }
        GL.genFramebuffers(1, &framebuffer)
        GL.genTextures(1, &texture)
        GL.bindTexture(GLenum(GL_TEXTURE_2D), texture)
        GL.texImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(pixelWidth), GLsizei(pixelHeight), 0, GL.rgba, GL.unsignedByte, nil)
        GL.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        GL.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        GL.bindFramebuffer(GL.framebuffer, framebuffer)
        GL.framebufferTexture2D(GL.framebuffer, GL.colorAttachment0, GLenum(GL_TEXTURE_2D), texture, 0)
        let status = GL.checkFramebufferStatus(GL.framebuffer)
        GL.bindFramebuffer(GL.framebuffer, 0)
        if status != GL.framebufferComplete || GL.error() != nil {
            destroy()
            throw .framebuffer(status: status, width: pixelWidth, height: pixelHeight)
        }
    }

    /// The framebuffer's pixels, top row first.
    public func readPixels() -> Image {
        var pixels = [UInt8](repeating: 0, count: 4 * pixelWidth * pixelHeight)
        GL.bindFramebuffer(GL.framebuffer, framebuffer)
        GL.pixelStorei(GL.packAlignment, 1)
        pixels.withUnsafeMutableBytes { bytes in
            GL.readPixels(0, 0, GLsizei(pixelWidth), GLsizei(pixelHeight), GL.rgba, GL.unsignedByte, bytes.baseAddress)
        }
        var image = Image(width: pixelWidth, height: pixelHeight, pixels: pixels)
        image.flipVertically()
        return image
    }

    public func destroy() {
        if framebuffer != 0 { GL.deleteFramebuffers(1, &framebuffer) }
        if texture != 0 { GL.deleteTextures(1, &texture) }
        framebuffer = 0
        texture = 0
    }
}
