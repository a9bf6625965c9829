// GLFW without its own GL header: libepoxy provides GL, so it must come first.
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
