// libFuzzer's driver, for sticky-fuzz's own main (SwiftPM links an executable's entry point
// under its own name, so libFuzzer's main cannot be the program's). Only the libFuzzer build
// (scripts/fuzz) calls it; it is defined by the runtime that -sanitize=fuzzer links.
#pragma once
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
