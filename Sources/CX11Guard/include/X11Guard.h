// X errors for the window, kept from ending the process.
//
// Xlib's default error handler prints the error and exits(1). A window destroyed from outside
// (`xdotool windowclose`: a raw XDestroyWindow, no close request) makes GLFW's next call on it
// fail with BadWindow, and the app died there, its recording lost and a temporary file left.
// This handler notes that the window is gone (BadWindow, BadDrawable) and lets the app quit as
// from a close; any other error is kept, the first one's text, for a warning.
#ifndef STICKY_X11_GUARD_H
#define STICKY_X11_GUARD_H

/// Installs the handler on GLFW's X display (nothing where GLFW has none). GLFW 3.3 puts back
/// Xlib's default after its own calls that catch errors: call it again before each use.
void sticky_x11_guard(void);

/// Whether an error said the window or its drawable no longer exists.
int sticky_x11_window_gone(void);

/// The first other error's text ("" where none came), and how many came before the window
/// was gone (GLX's errors about its drawable follow from that).
const char *sticky_x11_other_error(void);
int sticky_x11_other_errors(void);

#endif
