// A GLFW window with an OpenGL 3.3 core context, reporting input as InputEvent values.

@preconcurrency import CGLFW
import CX11Guard
import Foundation

/// The last GLFW error message, for one-line reports.
nonisolated(unsafe) private var lastGLFWError = ""

/// A resizable window whose context is current on the thread that made it. Make, use and
/// `destroy()` it on the main thread (GLFW's rule).
public final class Window {
    private var handle: OpaquePointer?
    private var queue: [InputEvent] = []
    /// The pointer as the event stream last put it. (glfwGetCursorPos asks the X server for
    /// where the pointer is now, which under load is ahead of the events still queued.)
    private var lastCursor = (x: 0.0, y: 0.0)
    /// The size asked for where the screen's work area could not hold it and the window was
    /// opened smaller; nil where it opened as asked.
    public private(set) var fittedFrom: (width: Int, height: Int)?

    /// Opens the window, `width`×`height` window units, with vsync.
    public init(width: Int, height: Int, title: String) throws(PlatformError) {
        glfwSetErrorCallback { _, message in
            lastGLFWError = message.map { String(cString: $0) } ?? "unknown error"
        }
        guard glfwInit() == GLFW_TRUE else {
            throw .noDisplay(lastGLFWError.isEmpty ? "GLFW could not start" : lastGLFWError)
        }
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3)
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3)
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE)
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE)
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE)
        glfwWindowHint(GLFW_SAMPLES, 0)
        // Nothing is depth-tested or stencilled: no depth or stencil buffer (GLFW asks for 24 and
        // 8 bits by default), 4 bytes a pixel the driver need not keep.
        glfwWindowHint(GLFW_DEPTH_BITS, 0)
        glfwWindowHint(GLFW_STENCIL_BITS, 0)
        // A window larger than the screen's work area (the screen less panels and docks) is
        // fitted to it, so that nothing opens out of reach.
        var (width, height) = (width, height)
        if let monitor = glfwGetPrimaryMonitor() {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h)
            if w > 0, h > 0, width > Int(w) || height > Int(h) {
                fittedFrom = (width, height)
                width = min(width, Int(w))
                height = min(height, Int(h))
            }
        }
        guard let window = glfwCreateWindow(Int32(width), Int32(height), title, nil, nil) else {
            let reason = lastGLFWError
            glfwTerminate()
            throw .noWindow(reason)
        }
        handle = window
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        lastCursor = (x, y)
        glfwMakeContextCurrent(window)
        glfwSwapInterval(1)
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, y in
            guard let owner = Window.owner(of: window) else { return }
            owner.lastCursor = (x, y)
            owner.queue.append(.pointerMove(x: x, y: y))
        }
        glfwSetMouseButtonCallback(window) { window, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, let owner = Window.owner(of: window) else { return }
            let (x, y) = owner.lastCursor
            owner.queue.append(action == GLFW_PRESS ? .pointerDown(x: x, y: y) : .pointerUp(x: x, y: y))
        }
        glfwSetKeyCallback(window) { window, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let name = Window.name(ofKey: key) else { return }
            Window.owner(of: window)?.queue.append(
                .key(name: name, shift: mods & GLFW_MOD_SHIFT != 0, alt: mods & GLFW_MOD_ALT != 0, repeated: action == GLFW_REPEAT))
        }
        glfwSetScrollCallback(window) { window, dx, dy in
            Window.owner(of: window)?.queue.append(.scroll(dx: dx, dy: dy))
        }
        glfwSetWindowSizeCallback(window) { window, w, h in
            Window.owner(of: window)?.queue.append(.resized(width: Int(w), height: Int(h)))
        }
        glfwSetWindowFocusCallback(window) { window, focused in
            if focused == GLFW_FALSE { Window.owner(of: window)?.queue.append(.focusLost) }
        }
        glfwSetWindowRefreshCallback(window) { window in
            Window.owner(of: window)?.queue.append(.exposed)
        }
        glfwSetWindowCloseCallback(window) { window in
            Window.owner(of: window)?.queue.append(.closeRequested)
        }
    }

    private static func owner(of window: OpaquePointer?) -> Window? {
        guard let pointer = glfwGetWindowUserPointer(window) else { return nil }
        return Unmanaged<Window>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// GLFW key codes to the names the help and scripts use.
    static func name(ofKey key: Int32) -> String? {
        switch key {
        case GLFW_KEY_A...GLFW_KEY_Z: String(UnicodeScalar(UInt8(key - GLFW_KEY_A) + UInt8(ascii: "a")))
        case GLFW_KEY_0...GLFW_KEY_9: String(key - GLFW_KEY_0)
        case GLFW_KEY_ESCAPE: "escape"
        case GLFW_KEY_SPACE: "space"
        case GLFW_KEY_TAB: "tab"
        case GLFW_KEY_LEFT: "left"
        case GLFW_KEY_RIGHT: "right"
        case GLFW_KEY_UP: "up"
        case GLFW_KEY_DOWN: "down"
        case GLFW_KEY_BACKSPACE: "backspace"
        case GLFW_KEY_ENTER: "enter"
        case GLFW_KEY_F1...GLFW_KEY_F12: "f\(key - GLFW_KEY_F1 + 1)"
        case GLFW_KEY_SLASH: "slash"
        default: nil
        }
    }

    /// Handles pending window-system events without waiting; returns the input since last time.
    public func poll() -> [InputEvent] {
        sticky_x11_guard()
        glfwPollEvents()
        return take()
    }

    /// Sleeps until an event arrives (no CPU used meanwhile), or `timeout` seconds pass.
    public func wait(timeout: Double? = nil) -> [InputEvent] {
        sticky_x11_guard()
        if let timeout { glfwWaitEventsTimeout(timeout) } else { glfwWaitEvents() }
        return take()
    }

    /// Whether `.destroyed` was reported (once).
    private var reportedGone = false

    private func take() -> [InputEvent] {
        defer { queue.removeAll(keepingCapacity: true) }
        // (A window destroyed from outside sends no event: an X error on the next call says so.)
        if !reportedGone, sticky_x11_window_gone() != 0 {
            reportedGone = true
            queue.append(.destroyed)
        }
        return queue
    }

    /// X errors other than the window's being gone, which Xlib's default handler would have
    /// ended the process on: how many, and the first one's text.
    public var otherXErrors: (count: Int, first: String) {
        (Int(sticky_x11_other_errors()), String(cString: sticky_x11_other_error()))
    }

    /// Moves the pointer to (x, y) in window units (X puts it on a whole pixel); where it is
    /// then, which is not there where the app may not move it (a window without the focus; on
    /// Wayland, ever).
    /// A press or release that follows is reported there: GLFW does not report the move a
    /// warp makes (on X it drops the motion event its own warp causes), so without it a
    /// release came at the place before the warp (after a switch into split, in the other pane,
    /// past the break: the badge burst).
    public func warpCursor(x: Double, y: Double) -> (x: Double, y: Double) {
        glfwSetCursorPos(handle, x, y)
        var cx = 0.0, cy = 0.0
        glfwGetCursorPos(handle, &cx, &cy)
        lastCursor = (cx, cy)
        return (cx, cy)
    }

    /// Size in window units (logical pixels).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// Size of the framebuffer in device pixels (the viewport).
    public var framebufferSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        glfwGetFramebufferSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The primary monitor's refresh rate, frames a second (nil where GLFW does not know it).
    public var refreshRate: Double? {
        guard let monitor = glfwGetPrimaryMonitor(), let mode = glfwGetVideoMode(monitor), mode.pointee.refreshRate > 0 else { return nil }
        return Double(mode.pointee.refreshRate)
    }

    public var title: String = "" {
        didSet { glfwSetWindowTitle(handle, title) }
    }

    public func swapBuffers() { glfwSwapBuffers(handle) }

    /// Seconds since GLFW started, from a monotonic clock.
    public static var time: Double { glfwGetTime() }

    /// Closes the window and ends GLFW.
    public func destroy() {
        if let handle {
            sticky_x11_guard()
            glfwDestroyWindow(handle)
            // (GLFW may have put Xlib's default handler back: a window gone from outside makes
            // errors to the end.)
            sticky_x11_guard()
            glfwTerminate()
        }
        handle = nil
    }
}
