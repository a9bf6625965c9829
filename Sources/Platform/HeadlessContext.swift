// An OpenGL core context with no window and no X server: EGL on Mesa's surfaceless platform.

@preconcurrency import CEpoxy

/// Why a context or window could not be had; the message says what to do.
public enum PlatformError: Error, CustomStringConvertible, Sendable {
    /// No display to open a window on (GLFW's reason).
    case noDisplay(String)
    /// A display, but no OpenGL 3.3 core window from its driver (GLFW's reason).
    case noWindow(String)
    /// No headless EGL context (what failed).
    case egl(String)

    public var description: String {
        switch self {
        case .noDisplay(let reason): "no display (\(reason))"
        case .noWindow(let reason): "no OpenGL 3.3 core window (\(reason))"
        case .egl(let reason): reason
        }
    }
}

/// A headless OpenGL 3.3+ core context, current on the thread that made it.
///
/// Render into an offscreen framebuffer: the context has no default one. A context is current on
/// one thread at a time; make and use it on one thread, and `destroy()` it there.
public final class HeadlessContext {
    private var display: EGLDisplay?
    private var context: EGLContext?

    /// Creates the context and makes it current.
    ///
    /// - Parameter debug: ask for a debug context (for `glDebugMessageCallback`).
    public init(debug: Bool = false) throws(PlatformError) {
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        else {
            throw .egl("no EGL display on Mesa's surfaceless platform (install libegl-mesa0 and libgl1-mesa-dri)")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) != 0 else {
            throw .egl("EGL did not initialise (error 0x\(String(epoxy_eglGetError(), radix: 16))); is Mesa installed?")
        }
        self.display = display
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            destroy()
            throw .egl("EGL offers no desktop OpenGL")
        }
        let configAttributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
            EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
            EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard epoxy_eglChooseConfig(display, configAttributes, &config, 1, &count) != 0, count > 0 else {
            destroy()
            throw .egl("EGL has no RGBA8 OpenGL configuration")
        }
        var contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
        ]
        if debug { contextAttributes += [EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE] }
        contextAttributes.append(EGL_NONE)
        guard let context = epoxy_eglCreateContext(display, config, nil, contextAttributes) else {
            let code = epoxy_eglGetError()
            destroy()
            throw .egl("EGL could not create an OpenGL 3.3 core context (error 0x\(String(code, radix: 16)))")
        }
        self.context = context
        guard epoxy_eglMakeCurrent(display, nil, nil, context) != 0 else {
            destroy()
            throw .egl("EGL could not make the context current without a surface")
        }
    }

    /// Releases the context. The display stays initialised: EGL hands every caller in the
    /// process the same display for the surfaceless platform, and terminating it would pull the
    /// contexts of other threads (other renderers, tests running in parallel) from under them.
    public func destroy() {
        if let display {
            _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
            if let context { _ = epoxy_eglDestroyContext(display, context) }
        }
        context = nil
        display = nil
    }
}
