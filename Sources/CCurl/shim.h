#ifndef WARDROBE_CCURL_SHIM_H
#define WARDROBE_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic;
   Swift cannot call them, so each argument type gets its own wrapper. */
static inline CURLcode wd_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode wd_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode wd_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode wd_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode wd_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode wd_easy_setopt_mime(CURL *h, curl_mime *v) { return curl_easy_setopt(h, CURLOPT_MIMEPOST, v); }

typedef size_t (*wd_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*wd_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode wd_easy_setopt_write(CURL *h, CURLoption o, wd_write_callback f) { return curl_easy_setopt(h, o, f); }
static inline CURLcode wd_easy_setopt_xferinfo(CURL *h, wd_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }

static inline CURLcode wd_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode wd_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode wd_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode wd_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }

static inline CURLMcode wd_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
#endif
