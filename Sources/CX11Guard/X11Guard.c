// See include/X11Guard.h.

#include <X11/Xlib.h>
#include "X11Guard.h"

// GLFW's (libglfw, built for X11): the display it opened.
extern Display *glfwGetX11Display(void);

static volatile int gone = 0;
static volatile int others = 0;
static char other[256];

static int handler(Display *display, XErrorEvent *event) {
    if (event->error_code == BadWindow || event->error_code == BadDrawable) {
        gone = 1;
    } else if (!gone && others++ == 0) {
        // (Once the window is gone, GLX's errors about its drawable follow from that.)
        XGetErrorText(display, event->error_code, other, sizeof other);
    }
    return 0;
}

void sticky_x11_guard(void) {
    if (glfwGetX11Display() != NULL) XSetErrorHandler(handler);
}

int sticky_x11_window_gone(void) { return gone; }

const char *sticky_x11_other_error(void) { return other; }

int sticky_x11_other_errors(void) { return others; }
