// fontconfig: finds a system font file by name and style.
#include <fontconfig/fontconfig.h>
