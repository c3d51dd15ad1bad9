#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
   function per kind of value instead. */

static inline CURLcode parley_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode parley_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode parley_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode parley_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

/* For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which take the same signature. */
static inline CURLcode parley_curl_set_write_function(CURL *curl, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(curl, option, callback);
}

static inline long parley_curl_info_long(CURL *curl, CURLINFO info) {
    long value = 0;
    return curl_easy_getinfo(curl, info, &value) == CURLE_OK ? value : 0;
}

static inline curl_off_t parley_curl_info_offset(CURL *curl, CURLINFO info) {
    curl_off_t value = -1;
    return curl_easy_getinfo(curl, info, &value) == CURLE_OK ? value : -1;
}

/* The result of a finished transfer (a member of CURLMsg's union). */
static inline CURLcode parley_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}
