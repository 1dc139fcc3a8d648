#ifndef WARDROBE_CVIPS_SHIM_H
#define WARDROBE_CVIPS_SHIM_H
#include <vips/vips.h>
#include <vips/vector.h>
#include <malloc.h>

/* VIPS_INIT is a macro; the vips_* operations take NULL-terminated option
   lists. Each gets a fixed-argument wrapper here. Outputs are new references
   the caller owns (g_object_unref images, g_free buffers). */
static inline int wd_vips_init(const char *argv0) { return VIPS_INIT(argv0); }

static inline void wd_vips_drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

/* libvips reports every libjpeg/libpng complaint as a GLib warning on stderr;
   failures reach us through the error buffer instead, so the warnings are dropped. */
static inline void wd_vips_silence_warnings(void) {
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, wd_vips_drop_log, NULL);
}

/* Turns off libvips' run-time compiled (liborc) inner loops. A flat-lay shrinks several photos at once on
   worker threads, and each resize compiles and frees liborc programs; liborc 0.4.33 keeps one list of code
   chunks per process and does not lock freeing against compiling, so CI crashed in
   orc_code_allocate_codemem. The plain C loops give the same pixels; a 12-megapixel photo's resize takes
   about 115 ms instead of 82, and a flat-lay is no slower. */
static inline void wd_vips_disable_orc(void) { vips_vector_set_enabled(FALSE); }
static inline int wd_vips_orc_enabled(void) { return vips_vector_isenabled() ? 1 : 0; }

/* Caps glibc's malloc arenas. libvips runs every pipeline on short-lived worker threads; with the default
   (8 per core) each gets an arena and freed image buffers stay scattered across them, so resident memory
   ratchets up run after run. With 2 it stays flat. */
static inline void wd_limit_malloc_arenas(int count) { mallopt(M_ARENA_MAX, count); }

/* Fixes glibc's mmap threshold. By default it starts at 128 KB and rises (up to 32 MB) each time a large block
   is freed, after which libvips' strip buffers come from the arenas and stay there once freed: the peak then
   wandered between 77 and 86 MB from run to run of the benchmark. Fixed at `bytes` (and the trim threshold at
   twice that), such buffers are mapped and unmapped whole: 73-77 MB, with no measurable cost in time. */
static inline void wd_fix_mmap_threshold(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_TRIM_THRESHOLD, 2 * bytes);
}


/* --- Loading ------------------------------------------------------------ */

/* Header-only open: pixels are decoded later, in one streaming pass. */
static inline VipsImage *wd_image_new_from_buffer(const void *buf, size_t len, int fail_on) {
    return vips_image_new_from_buffer(buf, len, "",
        "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", (VipsFailOn)fail_on, NULL);
}

/* JPEG shrink-on-load: libjpeg decodes straight at 1/shrink size (1, 2, 4 or 8). */
static inline int wd_jpegload_buffer(void *buf, size_t len, VipsImage **out, int shrink, int fail_on) {
    return vips_jpegload_buffer(buf, len, out, "shrink", shrink,
        "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", (VipsFailOn)fail_on, NULL);
}

/* WebP shrink-on-load: libwebp decodes straight at scale × size. */
static inline int wd_webpload_buffer(void *buf, size_t len, VipsImage **out, double scale, int fail_on) {
    return vips_webpload_buffer(buf, len, out, "scale", scale,
        "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", (VipsFailOn)fail_on, NULL);
}

/* Converts an image carrying an ICC profile (Display P3, Adobe RGB…) to sRGB, so stripping the profile is safe. */
static inline int wd_icc_to_srgb(VipsImage *in, VipsImage **out) {
    return vips_icc_transform(in, out, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_PERCEPTUAL, NULL);
}

static inline int wd_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height, int size) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", (VipsSize)size, NULL);
}

/* --- Saving (strip removes EXIF, XMP, IPTC and ICC) ----------------------- */

/* subsample: 0 lets libvips choose (4:2:0 below Q90, none from Q90 up), 1 always 4:2:0 as cameras save. */
static inline int wd_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, int quality, int subsample) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE,
        "subsample_mode", subsample ? VIPS_FOREIGN_SUBSAMPLE_ON : VIPS_FOREIGN_SUBSAMPLE_AUTO, NULL);
}

static inline int wd_pngsave_buffer(VipsImage *in, void **buf, size_t *len) {
    return vips_pngsave_buffer(in, buf, len, "strip", TRUE, NULL);
}

static inline int wd_webpsave_buffer(VipsImage *in, void **buf, size_t *len, int quality) {
    return vips_webpsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, NULL);
}

/* compression: VIPS_FOREIGN_HEIF_COMPRESSION_HEVC or _AV1 (AVIF). */
static inline int wd_heifsave_buffer(VipsImage *in, void **buf, size_t *len, int quality, int compression) {
    return vips_heifsave_buffer(in, buf, len, "Q", quality, "strip", TRUE,
        "compression", (VipsForeignHeifCompression)compression, NULL);
}

/* --- Pixel operations ---------------------------------------------------- */

/* Decodes the whole pipeline into memory; the result no longer needs the input buffer. */
static inline VipsImage *wd_copy_memory(VipsImage *in) { return vips_image_copy_memory(in); }

static inline int wd_avg(VipsImage *in, double *out) { return vips_avg(in, out, NULL); }

static inline int wd_autorot(VipsImage *in, VipsImage **out) { return vips_autorot(in, out, NULL); }

static inline int wd_flatten(VipsImage *in, VipsImage **out, double r, double g, double b) {
    double ink[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(ink, 3);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int wd_colourspace_srgb(VipsImage *in, VipsImage **out) {
    return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, NULL);
}

static inline int wd_cast_uchar(VipsImage *in, VipsImage **out) { return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL); }

/* Tags an image built here (already 8-bit, 3 bands) as sRGB without touching pixels. */
static inline int wd_copy_as_srgb(VipsImage *in, VipsImage **out) {
    return vips_copy(in, out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
}

static inline int wd_extract_band(VipsImage *in, VipsImage **out, int band) { return vips_extract_band(in, out, band, NULL); }

/* out = in * a + b; with a one-band input and three-element arrays the output has three bands. */
static inline int wd_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n) {
    return vips_linear(in, out, a, b, n, NULL);
}

static inline int wd_add(VipsImage *left, VipsImage *right, VipsImage **out) { return vips_add(left, right, out, NULL); }

static inline int wd_bandjoin(VipsImage **in, VipsImage **out, int n) { return vips_bandjoin(in, out, n, NULL); }

static inline int wd_join(VipsImage *in1, VipsImage *in2, VipsImage **out, int horizontal, int shim,
    double r, double g, double b) {
    double ink[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(ink, 3);
    int result = vips_join(in1, in2, out, horizontal ? VIPS_DIRECTION_HORIZONTAL : VIPS_DIRECTION_VERTICAL,
        "expand", TRUE, "shim", shim, "background", background, "align", VIPS_ALIGN_CENTRE, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int wd_arrayjoin(VipsImage **in, VipsImage **out, int n, int across, int shim,
    double r, double g, double b) {
    double ink[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(ink, 3);
    int result = vips_arrayjoin(in, out, n, "across", across, "shim", shim, "background", background,
        "halign", VIPS_ALIGN_CENTRE, "valign", VIPS_ALIGN_CENTRE, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int wd_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height,
    double r, double g, double b) {
    double ink[3] = { r, g, b };
    VipsArrayDouble *background = vips_array_double_new(ink, 3);
    int result = vips_embed(in, out, x, y, width, height,
        "extend", VIPS_EXTEND_BACKGROUND, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

static inline int wd_insert(VipsImage *main, VipsImage *sub, VipsImage **out, int x, int y) {
    return vips_insert(main, sub, out, x, y, NULL);
}

static inline int wd_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

static inline int wd_resize(VipsImage *in, VipsImage **out, double scale) { return vips_resize(in, out, scale, NULL); }

/* kernel: a VipsKernel (VIPS_KERNEL_LINEAR, VIPS_KERNEL_LANCZOS3…). */
static inline int wd_resize_kernel(VipsImage *in, VipsImage **out, double scale, int kernel) {
    return vips_resize(in, out, scale, "kernel", (VipsKernel)kernel, NULL);
}

/* --- Creating ------------------------------------------------------------ */

/* A one-band 0..255 mask of the text; font is a Pango description like "sans bold 40". */
static inline int wd_text(VipsImage **out, const char *text, const char *font, int dpi) {
    return vips_text(out, text, "font", font, "dpi", dpi, NULL);
}

static inline int wd_black(VipsImage **out, int width, int height, int bands) {
    return vips_black(out, width, height, "bands", bands, NULL);
}

static inline int wd_xyz(VipsImage **out, int width, int height) { return vips_xyz(out, width, height, NULL); }

static inline int wd_perlin(VipsImage **out, int width, int height, int cell_size, int seed) {
    return vips_perlin(out, width, height, "cell_size", cell_size, "seed", seed, NULL);
}

static inline int wd_gaussnoise(VipsImage **out, int width, int height, double sigma, double mean, int seed) {
    return vips_gaussnoise(out, width, height, "sigma", sigma, "mean", mean, "seed", seed, NULL);
}

#endif
