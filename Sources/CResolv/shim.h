#ifndef TICK_CRESOLV_SHIM_H
#define TICK_CRESOLV_SHIM_H
#include <netinet/in.h>
#include <arpa/nameser.h>
#include <resolv.h>
#include <netdb.h>
#include <stdlib.h>

/// glibc's stub resolver (libresolv) for the DNS SRV and TXT lookups of CalDAV discovery
/// (RFC 6764). resolv.h renames several functions with macros (`res_ninit` is
/// `__res_ninit`), and arpa/nameser.h reads parsed records with macros; Swift imports
/// neither, hence these wrappers.

/// A resolver state of its own, set up from /etc/resolv.conf (res_ninit); NULL when that
/// fails. (Swift cannot make a `struct __res_state` value: glibc also has a function of
/// that name, which returns the process's shared state.)
static inline res_state tick_res_open(void) {
    res_state state = calloc(1, sizeof *state);
    if (state != NULL && res_ninit(state) != 0) {
        res_nclose(state);
        free(state);
        return NULL;
    }
    return state;
}

/// Closes the sockets of a state from tick_res_open and frees it.
static inline void tick_res_close(res_state state) {
    res_nclose(state);
    free(state);
}

static inline int tick_res_nquery(res_state state, const char *name, int class_, int type,
                                  unsigned char *answer, int length) {
    return res_nquery(state, name, class_, type, answer, length);
}

/// Uses only the IPv4 name server `address` (network byte order) at `port` (host byte
/// order) for `state`'s queries, in place of those of /etc/resolv.conf.
static inline void tick_res_set_nameserver(res_state state, in_addr_t address, unsigned short port) {
    state->nsaddr_list[0].sin_family = AF_INET;
    state->nsaddr_list[0].sin_addr.s_addr = address;
    state->nsaddr_list[0].sin_port = htons(port);
    state->nscount = 1;
}

/// The seconds one try waits for an answer, and the tries per name server.
static inline void tick_res_set_timing(res_state state, int seconds, int tries) {
    state->retrans = seconds;
    state->retry = tries;
}

/// Why the last query of `state` found nothing (HOST_NOT_FOUND, NO_DATA, TRY_AGAIN, NO_RECOVERY).
static inline int tick_res_error(res_state state) { return state->res_h_errno; }

static inline int tick_ns_msg_count(ns_msg handle, ns_sect section) { return ns_msg_count(handle, section); }
static inline int tick_ns_msg_rcode(ns_msg handle) { return ns_msg_getflag(handle, ns_f_rcode); }
static inline int tick_ns_rr_type(ns_rr record) { return ns_rr_type(record); }
static inline const unsigned char *tick_ns_rr_rdata(ns_rr record) { return ns_rr_rdata(record); }
static inline int tick_ns_rr_rdlen(ns_rr record) { return ns_rr_rdlen(record); }
static inline const unsigned char *tick_ns_msg_base(ns_msg handle) { return ns_msg_base(handle); }
static inline const unsigned char *tick_ns_msg_end(ns_msg handle) { return ns_msg_end(handle); }

static inline int tick_dn_expand(const unsigned char *message, const unsigned char *end, const unsigned char *source,
                                 char *name, int length) {
    return dn_expand(message, end, source, name, length);
}

#endif
