// zlib: deflate and CRC-32, for the chunks of animated PNGs.
#include <zlib.h>
