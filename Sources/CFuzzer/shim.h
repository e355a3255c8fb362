// libFuzzer's entry for programs that have a main of their own (linked by -sanitize=fuzzer).
#ifndef SITEGEN_CFUZZER_SHIM_H
#define SITEGEN_CFUZZER_SHIM_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
