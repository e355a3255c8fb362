// GNU libmicrohttpd, and the one call Swift cannot make itself: MHD_start_daemon is variadic.
#ifndef SITEGEN_CMICROHTTPD_SHIM_H
#define SITEGEN_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/// Leaves escapes in the request target as they were sent, so that the application sees the
/// path exactly and decides about `%2e%2e`, `%2f` and `%00` itself.
static inline size_t sitegen_http_keep_escapes(void *cls, struct MHD_Connection *connection, char *uri) {
    (void)cls;
    (void)connection;
    size_t length = 0;
    while (uri[length] != '\0') length += 1;
    return length;
}

/// Drops libmicrohttpd's own log lines (a client that hangs up is not news).
static inline void sitegen_http_quiet_log(void *cls, const char *format, va_list arguments) {
    (void)cls;
    (void)format;
    (void)arguments;
}

/// Starts a daemon on an already listening socket, with a pool of `threads` event loops, at most
/// `connection_limit` connections, `idle_timeout` seconds of silence before a connection is
/// closed, and `memory_limit` bytes per connection (which bounds the request's headers).
static inline struct MHD_Daemon *sitegen_http_start(
    int listen_socket, unsigned int threads, unsigned int connection_limit, unsigned int idle_timeout,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_context) {
    return MHD_start_daemon(
        MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        handler, handler_context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_UNESCAPE_CALLBACK, sitegen_http_keep_escapes, NULL,
        MHD_OPTION_EXTERNAL_LOGGER, sitegen_http_quiet_log, NULL,
        MHD_OPTION_END);
}

/// Opens a socket listening on `host` (a name or an address; IPv4 preferred) and `port` (0 for
/// any free one). Returns the socket, with the numeric address and the port it is bound to; or -1
/// with a getaddrinfo error in `lookup_error`, or an errno value in `system_error`.
static inline int sitegen_http_listen(
    const char *host, int port, int *lookup_error, int *system_error, char *bound, size_t bound_size, int *bound_port) {
    *lookup_error = 0;
    *system_error = 0;
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo *found = NULL;
    int status = getaddrinfo(host, service, &hints, &found);
    if (status != 0) {
        *lookup_error = status;
        return -1;
    }
    struct addrinfo *chosen = found;
    for (struct addrinfo *candidate = found; candidate != NULL; candidate = candidate->ai_next) {
        if (candidate->ai_family == AF_INET) {
            chosen = candidate;
            break;
        }
    }
    int fd = socket(chosen->ai_family, chosen->ai_socktype, chosen->ai_protocol);
    if (fd < 0) {
        *system_error = errno;
        freeaddrinfo(found);
        return -1;
    }
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    int one = 1;
    (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, chosen->ai_addr, chosen->ai_addrlen) != 0 || listen(fd, 512) != 0) {
        *system_error = errno;
        close(fd);
        freeaddrinfo(found);
        return -1;
    }
    freeaddrinfo(found);
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    memset(&address, 0, sizeof address);
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) {
        *system_error = errno;
        close(fd);
        return -1;
    }
    if (address.ss_family == AF_INET6) {
        struct sockaddr_in6 *ip6 = (struct sockaddr_in6 *)&address;
        inet_ntop(AF_INET6, &ip6->sin6_addr, bound, (socklen_t)bound_size);
        *bound_port = ntohs(ip6->sin6_port);
    } else {
        struct sockaddr_in *ip4 = (struct sockaddr_in *)&address;
        inet_ntop(AF_INET, &ip4->sin_addr, bound, (socklen_t)bound_size);
        *bound_port = ntohs(ip4->sin_port);
    }
    return fd;
}

/// Words for a getaddrinfo error.
static inline const char *sitegen_http_lookup_message(int error) { return gai_strerror(error); }

/// Words for an errno value.
static inline const char *sitegen_http_system_message(int error) { return strerror(error); }

/// Closes a socket that was never handed to a daemon.
static inline void sitegen_http_close(int fd) { (void)close(fd); }

/// The errno value of an address in use.
static inline int sitegen_http_address_in_use(void) { return EADDRINUSE; }

#endif
