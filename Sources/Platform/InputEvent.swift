// What the window reports: input as values, in window (logical pixel) coordinates.

/// One input event. Positions are in window units (logical pixels, origin top-left), not
/// framebuffer pixels: on a HiDPI screen the two differ by the content scale.
public enum InputEvent: Hashable, Sendable {
    case pointerDown(x: Double, y: Double)
    case pointerUp(x: Double, y: Double)
    case pointerMove(x: Double, y: Double)
    /// A key press or auto-repeat, by name ("r", "escape", "left", "f1", "1", ...).
    case key(name: String, shift: Bool, alt: Bool, repeated: Bool)
    case scroll(dx: Double, dy: Double)
    /// The window's size in window units changed (0×0 when minimised).
    case resized(width: Int, height: Int)
    /// Focus lost: a held button may never report its release.
    case focusLost
    /// The window's contents were lost (mapped again after a minimise, uncovered): draw again.
    case exposed
    case closeRequested
    /// The window was destroyed from outside (a raw XDestroyWindow: no close request came).
    case destroyed
}
