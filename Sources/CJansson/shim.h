#ifndef WARDROBE_CJANSSON_SHIM_H
#define WARDROBE_CJANSSON_SHIM_H
#include <jansson.h>

/* json_incref/json_decref and the type checks are macros or inline functions
   that touch the refcount field; wrap them so Swift gets plain calls. */
static inline void wd_json_decref(json_t *j) { json_decref(j); }
static inline json_t *wd_json_incref(json_t *j) { return json_incref(j); }
static inline int wd_json_typeof(const json_t *j) { return (int)json_typeof(j); }
static inline int wd_json_object_set_new(json_t *o, const char *k, json_t *v) { return json_object_set_new(o, k, v); }
static inline int wd_json_array_append_new(json_t *a, json_t *v) { return json_array_append_new(a, v); }
#endif
