#ifndef TICK_CCURL_SHIM_H
#define TICK_CCURL_SHIM_H
#include <curl/curl.h>

// libcurl is opened when the sync first needs it (TickSync's LibCurl, through dlopen), not
// linked: this module gives its types and constants, and calls the variadic functions.

/* CURLAUTH_DIGEST is a cast expression Swift does not import. */
static const long tick_curlauth_digest = (long)CURLAUTH_DIGEST;

/// curl_easy_setopt and curl_easy_getinfo are variadic, and Swift must not call a variadic
/// C function through a function type without the ellipsis. Each wrapper below takes the
/// address dlsym found and calls it with its real prototype: one wrapper per kind of
/// argument the sync's transport passes (curl.h says which option takes which: a long, a
/// string, a pointer, a list, a curl_off_t or a callback).
typedef CURLcode (*tick_curl_easy_setopt_fn)(CURL *handle, CURLoption option, ...);
typedef CURLcode (*tick_curl_easy_getinfo_fn)(CURL *handle, CURLINFO info, ...);

static inline CURLcode tick_curl_setopt_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode tick_curl_setopt_string(void *setopt, CURL *handle, CURLoption option, const char *value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode tick_curl_setopt_pointer(void *setopt, CURL *handle, CURLoption option, void *value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode tick_curl_setopt_list(void *setopt, CURL *handle, CURLoption option, struct curl_slist *value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode tick_curl_setopt_size(void *setopt, CURL *handle, CURLoption option, curl_off_t value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*tick_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tick_curl_setopt_callback(void *setopt, CURL *handle, CURLoption option, tick_curl_data_callback value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

/// The signature of CURLOPT_XFERINFOFUNCTION: non-zero stops the transfer.
typedef int (*tick_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                           curl_off_t upload_total, curl_off_t upload_now);

static inline CURLcode tick_curl_setopt_progress(void *setopt, CURL *handle, CURLoption option, tick_curl_progress_callback value) {
    return ((tick_curl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode tick_curl_getinfo_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
    return ((tick_curl_easy_getinfo_fn)getinfo)(handle, info, value);
}

#endif
