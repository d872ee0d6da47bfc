#ifndef ALERTKIT_CFUZZDRIVER_H
#define ALERTKIT_CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): parses libFuzzer's options and fuzzes `callback`.
/// The targets call it from their entry point, because SwiftPM names an executable's entry point itself.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
