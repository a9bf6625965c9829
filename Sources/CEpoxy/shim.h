// libepoxy's GL and EGL entry points (as epoxy_gl*/epoxy_egl* function pointers).
#include <epoxy/gl.h>
#include <epoxy/egl.h>
