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

#ifdef SYS_openat2
#include <linux/openat2.h>
/// Opens a path (relative to the folder open as `base`, or AT_FDCWD) none of whose components
/// is a symbolic link (openat2 with RESOLVE_NO_SYMLINKS); -1 and errno on failure: ELOOP when a
/// component is a link, ENOSYS where the kernel lacks openat2.
static inline int sitegen_open_without_links(int base, const char *path, int flags) {
    struct open_how how = { .flags = (unsigned long long)flags, .mode = 0, .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS };
    return (int)syscall(SYS_openat2, base, path, &how, sizeof how);
}
#else
#include <errno.h>
static inline int sitegen_open_without_links(int base, const char *path, int flags) {
    (void)base; (void)path; (void)flags;
    errno = ENOSYS;
    return -1;
}
#endif
#elif defined(__APPLE__)
#include <stdio.h>

/// Swaps two paths atomically (renamex_np with RENAME_SWAP); -1 and errno on failure.
static inline int sitegen_exchange(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}

#include <errno.h>
/// Not offered here: -1 with ENOSYS, and the caller opens the path as usual.
static inline int sitegen_open_without_links(int base, const char *path, int flags) {
    (void)base; (void)path; (void)flags;
    errno = ENOSYS;
    return -1;
}
#endif

// After _GNU_SOURCE, which memmem needs on Linux.
#include <string.h>

/// The first occurrence of `needle` in `haystack` (memmem), or NULL.
static inline const void *sitegen_find(const void *haystack, size_t length, const void *needle, size_t needle_length) {
    return memmem(haystack, length, needle, needle_length);
}

#endif
