// libpng's simplified API (png_image), which reports errors without longjmp.
#include <png.h>

// Macro compositions Swift cannot import.
static const unsigned int sticky_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int sticky_png_format_rgba = PNG_FORMAT_RGBA;

// An upper bound on the PNG file's size for the image as set up (libpng's own bound), so that
// png_image_write_to_memory compresses once into a buffer that size.
static inline size_t sticky_png_size_max(const png_image *image) { return PNG_IMAGE_PNG_SIZE_MAX(*image); }
