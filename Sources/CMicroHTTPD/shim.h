// GNU libmicrohttpd for the HTTPServer module, with the calls Swift cannot make itself
// (MHD_start_daemon and MHD_get_connection_info are variadic).
//
// libmicrohttpd is opened (dlopen) when a server first starts, never at start-up: with GnuTLS and
// the eight other libraries it brings, loading it took 1.5 ms of every run of sitegen, most of
// which serve nothing. Every libmicrohttpd function is reached through `sitegen_http_api()`, and
// the binary is not linked with it (Package.swift gives this module no library to link).
#ifndef SITEGEN_CMICROHTTPD_SHIM_H
#define SITEGEN_CMICROHTTPD_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
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
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/// The libmicrohttpd functions used here and by HTTPServer, found in the library once it is opened.
typedef struct {
    int loaded;
    char problem[512];
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_get_connection_info) *get_connection_info;
    __typeof__(MHD_get_connection_values_n) *get_connection_values_n;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_create_response_from_buffer_with_free_callback_cls) *create_response_from_buffer_with_free_callback_cls;
    __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_suspend_connection) *suspend_connection;
    __typeof__(MHD_resume_connection) *resume_connection;
} sitegen_http_functions;

static inline sitegen_http_functions *sitegen_http_table(void) {
    static sitegen_http_functions table;
    return &table;
}

static inline void sitegen_http_open(void) {
    sitegen_http_functions *api = sitegen_http_table();
#ifdef __APPLE__
    static const char *const names[] = {
        "libmicrohttpd.12.dylib", "libmicrohttpd.dylib", "/opt/homebrew/lib/libmicrohttpd.dylib", "/usr/local/lib/libmicrohttpd.dylib"};
#else
    static const char *const names[] = {"libmicrohttpd.so.12", "libmicrohttpd.so"};
#endif
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(api->problem, sizeof api->problem, "cannot open %s: %s", names[0], dlerror());
        return;
    }
#define SITEGEN_HTTP_FIND(field, symbol) \
    if (!(*(void **)&api->field = dlsym(library, #symbol))) { \
        snprintf(api->problem, sizeof api->problem, "libmicrohttpd has no %s", #symbol); \
        return; \
    }
    SITEGEN_HTTP_FIND(start_daemon, MHD_start_daemon)
    SITEGEN_HTTP_FIND(stop_daemon, MHD_stop_daemon)
    SITEGEN_HTTP_FIND(get_connection_info, MHD_get_connection_info)
    SITEGEN_HTTP_FIND(get_connection_values_n, MHD_get_connection_values_n)
    SITEGEN_HTTP_FIND(lookup_connection_value, MHD_lookup_connection_value)
    SITEGEN_HTTP_FIND(create_response_from_buffer_with_free_callback_cls, MHD_create_response_from_buffer_with_free_callback_cls)
    SITEGEN_HTTP_FIND(create_response_from_callback, MHD_create_response_from_callback)
    SITEGEN_HTTP_FIND(add_response_header, MHD_add_response_header)
    SITEGEN_HTTP_FIND(destroy_response, MHD_destroy_response)
    SITEGEN_HTTP_FIND(queue_response, MHD_queue_response)
    SITEGEN_HTTP_FIND(suspend_connection, MHD_suspend_connection)
    SITEGEN_HTTP_FIND(resume_connection, MHD_resume_connection)
#undef SITEGEN_HTTP_FIND
    api->loaded = 1;
}

/// The functions, the library opened by the first call (once, whichever thread makes it).
static inline sitegen_http_functions *sitegen_http_api(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, sitegen_http_open);
    return sitegen_http_table();
}

/// Why libmicrohttpd could not be opened, or NULL when it was. Every other function here needs it opened.
static inline const char *sitegen_http_open_problem(void) {
    sitegen_http_functions *api = sitegen_http_api();
    return api->loaded ? NULL : api->problem;
}

static inline void sitegen_http_stop(struct MHD_Daemon *daemon) { sitegen_http_api()->stop_daemon(daemon); }

/// The value of the request header `name`, or NULL.
static inline const char *sitegen_http_header(struct MHD_Connection *connection, const char *name) {
    return sitegen_http_api()->lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

static inline struct MHD_Response *sitegen_http_response_from_buffer(
    size_t size, const void *buffer, MHD_ContentReaderFreeCallback free_callback, void *context) {
    return sitegen_http_api()->create_response_from_buffer_with_free_callback_cls(size, buffer, free_callback, context);
}

static inline struct MHD_Response *sitegen_http_response_from_callback(
    uint64_t size, size_t block_size, MHD_ContentReaderCallback reader, void *context, MHD_ContentReaderFreeCallback free_callback) {
    return sitegen_http_api()->create_response_from_callback(size, block_size, reader, context, free_callback);
}

static inline enum MHD_Result sitegen_http_add_header(struct MHD_Response *response, const char *name, const char *value) {
    return sitegen_http_api()->add_response_header(response, name, value);
}

static inline void sitegen_http_destroy_response(struct MHD_Response *response) { sitegen_http_api()->destroy_response(response); }

static inline enum MHD_Result sitegen_http_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return sitegen_http_api()->queue_response(connection, status, response);
}

static inline void sitegen_http_suspend(struct MHD_Connection *connection) { sitegen_http_api()->suspend_connection(connection); }

static inline void sitegen_http_resume(struct MHD_Connection *connection) { sitegen_http_api()->resume_connection(connection); }

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
/// `notify` hears of each connection opened and closed and `completed` of each request done,
/// both with `notify_context`.
static inline struct MHD_Daemon *sitegen_http_start(
    int listen_socket, unsigned int threads, unsigned int connection_limit, unsigned int idle_timeout,
    size_t memory_limit, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_NotifyConnectionCallback notify, MHD_RequestCompletedCallback completed, void *notify_context) {
    return sitegen_http_api()->start_daemon(
        MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        handler, handler_context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, notify_context,
        MHD_OPTION_UNESCAPE_CALLBACK, sitegen_http_keep_escapes, NULL,
        MHD_OPTION_EXTERNAL_LOGGER, sitegen_http_quiet_log, NULL,
        MHD_OPTION_END);
}

/// The socket of a connection (MHD_get_connection_info is variadic), or -1.
static inline int sitegen_http_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = sitegen_http_api()->get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? (int)info->connect_fd : -1;
}

/// Ends both directions of a connection's socket without closing it: the daemon sees the end,
/// closes the connection, and only then frees the descriptor.
static inline void sitegen_http_shut_down(int fd) { (void)shutdown(fd, SHUT_RDWR); }

/// A pipe whose ends are close-on-exec, for waking a waiting thread; 0, or -1 with errno.
static inline int sitegen_http_pipe(int ends[2]) {
    if (pipe(ends) != 0) return -1;
    (void)fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    (void)fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/// Waits up to `milliseconds` for `fd` to be readable (or closed): 1 when it is, 0 when the time
/// ran out.
static inline int sitegen_http_wait_readable(int fd, int milliseconds) {
    struct pollfd polled = {fd, POLLIN, 0};
    int ready;
    do {
        ready = poll(&polled, 1, milliseconds);
    } while (ready < 0 && errno == EINTR);
    return ready > 0 ? 1 : 0;
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
    if (bind(fd, chosen->ai_addr, chosen->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
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

/// What `sitegen_http_query` and `sitegen_http_count` gather while libmicrohttpd lists values.
struct sitegen_http_gathered {
    char *buffer;
    size_t size;
    size_t used;
    const char *name;
    int count;
    int truncated;
};

static inline enum MHD_Result sitegen_http_gather_argument(
    void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size, const char *value, size_t value_size) {
    (void)kind;
    struct sitegen_http_gathered *gathered = (struct sitegen_http_gathered *)cls;
    size_t needed = (gathered->used > 0 ? 1 : 0) + key_size + (value != NULL ? 1 + value_size : 0);
    if (gathered->used + needed + 1 > gathered->size) {
        gathered->truncated = 1;
        return MHD_NO;
    }
    if (gathered->used > 0) gathered->buffer[gathered->used++] = '&';
    memcpy(gathered->buffer + gathered->used, key, key_size);
    gathered->used += key_size;
    if (value != NULL) {
        gathered->buffer[gathered->used++] = '=';
        memcpy(gathered->buffer + gathered->used, value, value_size);
        gathered->used += value_size;
    }
    gathered->buffer[gathered->used] = '\0';
    return MHD_YES;
}

/// The request's query as sent (`a=1&b`), in `buffer`; -1 when it does not fit.
static inline int sitegen_http_query(struct MHD_Connection *connection, char *buffer, size_t size) {
    struct sitegen_http_gathered gathered = {buffer, size, 0, NULL, 0, 0};
    if (size > 0) buffer[0] = '\0';
    sitegen_http_api()->get_connection_values_n(connection, MHD_GET_ARGUMENT_KIND, sitegen_http_gather_argument, &gathered);
    return gathered.truncated ? -1 : (int)gathered.used;
}

static inline enum MHD_Result sitegen_http_count_header(
    void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size, const char *value, size_t value_size) {
    (void)kind;
    (void)value;
    (void)value_size;
    struct sitegen_http_gathered *gathered = (struct sitegen_http_gathered *)cls;
    if (strlen(gathered->name) == key_size && strncasecmp(key, gathered->name, key_size) == 0) gathered->count += 1;
    return MHD_YES;
}

/// How many headers named `name` the request has.
static inline int sitegen_http_header_count(struct MHD_Connection *connection, const char *name) {
    struct sitegen_http_gathered gathered = {NULL, 0, 0, name, 0, 0};
    sitegen_http_api()->get_connection_values_n(connection, MHD_HEADER_KIND, sitegen_http_count_header, &gathered);
    return gathered.count;
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
