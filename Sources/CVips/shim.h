#ifndef WARDROBE_CVIPS_SHIM_H
#define WARDROBE_CVIPS_SHIM_H
#include <vips/vips.h>

/* VIPS_INIT is a macro; the vips_* operations take NULL-terminated option
   lists. Each gets a fixed-argument wrapper here. */
static inline int wd_vips_init(const char *argv0) { return VIPS_INIT(argv0); }
#endif
