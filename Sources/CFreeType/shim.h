// FreeType: glyph outlines rasterized to coverage bitmaps.
#include <ft2build.h>
#include FT_FREETYPE_H
