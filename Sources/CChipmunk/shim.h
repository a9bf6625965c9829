// Chipmunk2D 7 (Debian's libchipmunk-dev ships no pkg-config file: the headers are in
// /usr/include/chipmunk and the library is -lchipmunk).
#include <chipmunk/chipmunk.h>
#include <stdio.h>
#include <unistd.h>

// Debian builds Chipmunk with debug checks, and cpSpaceNew prints a banner on stdout: make the
// space with stdout pointed at /dev/null, so that stdout stays clean where it carries data.
static inline cpSpace *sticky_quiet_space_new(void) {
    fflush(stdout);
    int saved = dup(1);
    FILE *null = fopen("/dev/null", "w");
    if (null) dup2(fileno(null), 1);
    cpSpace *space = cpSpaceNew();
    fflush(stdout);
    if (saved >= 0) { dup2(saved, 1); close(saved); }
    if (null) fclose(null);
    return space;
}
