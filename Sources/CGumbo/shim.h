#ifndef WARDROBE_CGUMBO_SHIM_H
#define WARDROBE_CGUMBO_SHIM_H
#include <gumbo.h>

/* kGumboDefaultOptions is a const struct; hand Swift a parse call that uses it. */
static inline GumboOutput *wd_gumbo_parse(const char *buffer, size_t length) {
    return gumbo_parse_with_options(&kGumboDefaultOptions, buffer, length);
}
/* Parse without recording parse errors: real pages have thousands and nobody reads them. */
static inline GumboOutput *wd_gumbo_parse_quiet(const char *buffer, size_t length) {
    GumboOptions options = kGumboDefaultOptions;
    options.max_errors = 0;
    return gumbo_parse_with_options(&options, buffer, length);
}
/* Parse quietly with the caller's allocator; the caller then frees everything at once. */
static inline GumboOutput *wd_gumbo_parse_allocating(const char *buffer, size_t length, GumboAllocatorFunction allocator,
                                                     GumboDeallocatorFunction deallocator, void *userdata) {
    GumboOptions options = kGumboDefaultOptions;
    options.max_errors = 0;
    options.allocator = allocator;
    options.deallocator = deallocator;
    options.userdata = userdata;
    return gumbo_parse_with_options(&options, buffer, length);
}
static inline void wd_gumbo_destroy(GumboOutput *output) {
    gumbo_destroy_output(&kGumboDefaultOptions, output);
}
/* The child list of a document, element or template node; NULL for other kinds. */
static inline const GumboVector *wd_gumbo_children(const GumboNode *node) {
    switch (node->type) {
    case GUMBO_NODE_DOCUMENT: return &node->v.document.children;
    case GUMBO_NODE_ELEMENT:
    case GUMBO_NODE_TEMPLATE: return &node->v.element.children;
    default: return NULL;
    }
}
/* The element part of an element or template node; NULL for other kinds. */
static inline const GumboElement *wd_gumbo_element(const GumboNode *node) {
    return (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) ? &node->v.element : NULL;
}
/* The text of a text, whitespace or CDATA node; NULL for other kinds (comments are skipped). */
static inline const char *wd_gumbo_text(const GumboNode *node) {
    switch (node->type) {
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_WHITESPACE:
    case GUMBO_NODE_CDATA: return node->v.text.text;
    default: return NULL;
    }
}
/* The tag name as written in the source, for tags gumbo does not know (custom elements). */
static inline GumboStringPiece wd_gumbo_original_tag_name(const GumboElement *element) {
    GumboStringPiece piece = element->original_tag;
    gumbo_tag_from_original_text(&piece);
    return piece;
}
#endif
