#ifndef TICK_CCURL_SHIM_H
#define TICK_CCURL_SHIM_H
#include <curl/curl.h>

/// curl_easy_setopt and curl_easy_getinfo are variadic; Swift cannot call them. One typed
/// wrapper per kind of argument the sync's transport passes (curl.h says which option takes
/// which: a long, a string, a pointer, a list, a curl_off_t or a callback).

/* CURLAUTH_DIGEST is a cast expression Swift does not import. */
static const long tick_curlauth_digest = (long)CURLAUTH_DIGEST;

static inline CURLcode tick_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tick_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tick_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tick_curl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tick_curl_setopt_size(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*tick_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode tick_curl_setopt_callback(CURL *handle, CURLoption option, tick_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tick_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
