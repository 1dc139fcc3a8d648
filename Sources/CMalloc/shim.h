#ifndef WARDROBE_CMALLOC_SHIM_H
#define WARDROBE_CMALLOC_SHIM_H

/* glibc's malloc controls, which the Glibc Swift module does not expose (malloc.h is not in it). */
#include <malloc.h>

/* Returns freed heap to the kernel, so a peak measured afterwards counts new pages only. */
static inline int wd_malloc_trim(void) { return malloc_trim(0); }

#endif
