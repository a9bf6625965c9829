// giflib 5: GIF encoding and decoding (Debian's libgif-dev).
#include <gif_lib.h>
