#ifndef WARDROBE_CGUMBO_SHIM_H
#define WARDROBE_CGUMBO_SHIM_H
#include <gumbo.h>

/* kGumboDefaultOptions is a const struct; hand Swift a parse call that uses it. */
static inline GumboOutput *wd_gumbo_parse(const char *buffer, size_t length) {
    return gumbo_parse_with_options(&kGumboDefaultOptions, buffer, length);
}
static inline void wd_gumbo_destroy(GumboOutput *output) {
    gumbo_destroy_output(&kGumboDefaultOptions, output);
}
#endif
