// libpng's simplified API (png_image), which reports errors without longjmp.
#include <png.h>

// Macro compositions Swift cannot import.
static const unsigned int sticky_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int sticky_png_format_rgba = PNG_FORMAT_RGBA;
