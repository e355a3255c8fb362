// The few system calls Swift's Glibc and Darwin modules do not expose, as inline functions.
#ifndef SITEGEN_CPLATFORM_SHIM_H
#define SITEGEN_CPLATFORM_SHIM_H

#ifdef __linux__
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// Swaps two paths atomically (renameat2 with RENAME_EXCHANGE); -1 and errno on failure.
static inline int sitegen_exchange(const char *first, const char *second) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
#elif defined(__APPLE__)
#include <stdio.h>

/// Swaps two paths atomically (renamex_np with RENAME_SWAP); -1 and errno on failure.
static inline int sitegen_exchange(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#endif

#endif
