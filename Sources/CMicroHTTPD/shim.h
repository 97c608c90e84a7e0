#ifndef TICK_CMICROHTTPD_SHIM_H
#define TICK_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Leaves the path and query text as received (percent-encoded), so that the server
/// decodes each path segment itself: an id holding an encoded '/' stays one segment.
static inline size_t tick_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls; (void)connection;
    return strlen(text);
}

// libmicrohttpd is opened when `tick serve` starts its server (TickServer's LibMicroHTTPD,
// through dlopen), not linked: this module gives its types and constants, and calls the
// variadic functions with their real prototype, given the address dlsym found (Swift must
// not call a variadic function through a function type without the ellipsis).
typedef struct MHD_Daemon *(*tick_mhd_start_daemon_fn)(unsigned int flags, uint16_t port,
                                                       MHD_AcceptPolicyCallback apc, void *apc_cls,
                                                       MHD_AccessHandlerCallback dh, void *dh_cls, ...);
typedef const union MHD_ConnectionInfo *(*tick_mhd_get_connection_info_fn)(struct MHD_Connection *connection,
                                                                           enum MHD_ConnectionInfoType info_type, ...);
typedef const union MHD_DaemonInfo *(*tick_mhd_get_daemon_info_fn)(struct MHD_Daemon *daemon,
                                                                   enum MHD_DaemonInfoType info_type, ...);

/// MHD_start_daemon (at `start_daemon`) on `address` with an internal polling thread
/// (epoll) and a pool of `threads` worker threads, connections that may be suspended (for
/// streams), a timeout in seconds for idle connections, a per-connection memory limit, a
/// limit of open connections, a policy that accepts or refuses each new connection by its
/// peer address (`accept`) and a callback told when each connection opens and closes
/// (`notify`; libmicrohttpd tells of the closing before it closes the socket).
static inline struct MHD_Daemon *tick_mhd_start(void *start_daemon, unsigned int flags, const struct sockaddr *address,
                                                 MHD_AccessHandlerCallback handler, void *cls,
                                                 MHD_RequestCompletedCallback completed,
                                                 MHD_AcceptPolicyCallback accept,
                                                 MHD_NotifyConnectionCallback notify,
                                                 unsigned int threads, unsigned int timeout,
                                                 size_t memory_limit, unsigned int connection_limit) {
    return ((tick_mhd_start_daemon_fn)start_daemon)(flags, 0, accept, cls, handler, cls,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, cls,
                            MHD_OPTION_THREAD_POOL_SIZE, threads,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_UNESCAPE_CALLBACK, tick_mhd_keep_escaped, (void *)NULL,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0), or 0, through
/// MHD_get_daemon_info (at `get_daemon_info`).
static inline uint16_t tick_mhd_bound_port(void *get_daemon_info, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = ((tick_mhd_get_daemon_info_fn)get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The peer address of `connection` as text in `out` (`size` bytes), through
/// MHD_get_connection_info (at `get_connection_info`) and inet_ntop: 0, or -1 when the
/// address is unknown or not IPv4/IPv6.
static inline int tick_mhd_client_address(void *get_connection_info, struct MHD_Connection *connection,
                                          char *out, size_t size) {
    const union MHD_ConnectionInfo *info = ((tick_mhd_get_connection_info_fn)get_connection_info)(
        connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *bytes;
    if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
    else return -1;
    return inet_ntop(address->sa_family, bytes, out, (socklen_t)size) == NULL ? -1 : 0;
}

/// The socket of `connection` (MHD_get_connection_info at `get_connection_info`,
/// MHD_CONNECTION_INFO_CONNECTION_FD), or -1.
static inline int tick_mhd_connection_socket(void *get_connection_info, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = ((tick_mhd_get_connection_info_fn)get_connection_info)(
        connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The peer address of `connection` as a `struct sockaddr` (MHD_get_connection_info at
/// `get_connection_info`, MHD_CONNECTION_INFO_CLIENT_ADDRESS), or NULL.
static inline const struct sockaddr *tick_mhd_client_sockaddr(void *get_connection_info, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = ((tick_mhd_get_connection_info_fn)get_connection_info)(
        connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The host part of an IPv4 or IPv6 `address` as 16 bytes in `out` (an IPv4 address as
/// its IPv4-mapped IPv6 form, ::ffff:a.b.c.d, so that both spellings of one peer agree):
/// 1, or 0 for another family. `loopback` is set to 1 for 127.0.0.0/8 and ::1.
static inline int tick_address_key(const struct sockaddr *address, uint8_t out[16], int *loopback) {
    *loopback = 0;
    if (address == NULL) return 0;
    if (address->sa_family == AF_INET) {
        const uint8_t *bytes = (const uint8_t *)&((const struct sockaddr_in *)address)->sin_addr;
        memset(out, 0, 10);
        out[10] = 0xff; out[11] = 0xff;
        memcpy(out + 12, bytes, 4);
    } else if (address->sa_family == AF_INET6) {
        memcpy(out, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    } else {
        return 0;
    }
    static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static const uint8_t one[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    if (memcmp(out, mapped, 12) == 0 && out[12] == 127) *loopback = 1;
    if (memcmp(out, one, 16) == 0) *loopback = 1;
    return 1;
}

/// MHD_SIZE_UNKNOWN is a macro of a cast Swift cannot import.
static inline uint64_t tick_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/// The flags Tick starts its daemon with (the enum members combine in C).
static inline unsigned int tick_mhd_flags(int ipv6) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) flags |= MHD_USE_IPv6;
    return flags;
}

#endif
