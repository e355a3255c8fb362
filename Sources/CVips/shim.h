#ifndef SITEGEN_CVIPS_SHIM_H
#define SITEGEN_CVIPS_SHIM_H
// libvips for the Imaging module: its operations take variable argument lists, which Swift cannot
// call, so each one sitegen uses has a fixed-argument function here. Errors are left in
// libvips' error buffer (sg_vips_error) for the caller to read.
//
// libvips is opened (dlopen) when the first image is worked on, never at start-up: it brings about
// a hundred libraries, whose loading took 35 ms and 21 MB of every run of sitegen, most of which
// never touch an image. Every libvips and GLib function used here is reached through
// `sg_vips_api()`, and the binary is not linked with libvips (Package.swift gives this module
// only the headers' folders).
#include <vips/vips.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/// The libvips and GLib functions this file calls, found in the library once it is opened.
typedef struct {
    int loaded;
    char problem[512];
    __typeof__(vips_version) *version;
    __typeof__(vips_init) *init;
    __typeof__(g_log_set_handler) *log_set_handler;
    __typeof__(vips_concurrency_set) *concurrency_set;
    __typeof__(vips_cache_set_max) *cache_set_max;
    __typeof__(vips_cache_set_max_mem) *cache_set_max_mem;
    __typeof__(g_strdup) *strdup;
    __typeof__(vips_error_buffer) *error_buffer;
    __typeof__(vips_error_clear) *error_clear;
    __typeof__(g_free) *free;
    __typeof__(g_malloc) *malloc;
    __typeof__(g_malloc0) *malloc0;
    __typeof__(vips_version_string) *version_string;
    __typeof__(g_object_ref) *object_ref;
    __typeof__(g_object_unref) *object_unref;
    __typeof__(vips_image_new_from_buffer) *image_new_from_buffer;
    __typeof__(vips_thumbnail_buffer) *thumbnail_buffer;
    __typeof__(vips_image_copy_memory) *image_copy_memory;
    __typeof__(vips_thumbnail_image) *thumbnail_image;
    __typeof__(vips_image_new_from_memory_copy) *image_new_from_memory_copy;
    __typeof__(vips_webpsave_buffer) *webpsave_buffer;
    __typeof__(vips_jpegsave_buffer) *jpegsave_buffer;
    __typeof__(vips_pngsave_buffer) *pngsave_buffer;
    __typeof__(vips_image_get_n_pages) *image_get_n_pages;
    __typeof__(vips_colourspace) *colourspace;
    __typeof__(vips_image_hasalpha) *image_hasalpha;
    __typeof__(vips_bandjoin_const1) *bandjoin_const1;
    __typeof__(vips_cast) *cast;
    __typeof__(vips_image_write_to_memory) *image_write_to_memory;
    __typeof__(vips_image_get_width) *image_get_width;
    __typeof__(vips_image_get_height) *image_get_height;
    __typeof__(vips_image_new) *image_new;
    __typeof__(vips_image_init_fields) *image_init_fields;
    __typeof__(vips_image_pipelinev) *image_pipelinev;
    __typeof__(vips_image_generate) *image_generate;
    __typeof__(vips_image_set_int) *image_set_int;
    __typeof__(vips_image_set_array_int) *image_set_array_int;
} sg_vips_functions;

static inline sg_vips_functions *sg_vips_table(void) {
    static sg_vips_functions table;
    return &table;
}

static inline void sg_vips_open(void) {
    sg_vips_functions *api = sg_vips_table();
    char name[64];
#ifdef __APPLE__
    snprintf(name, sizeof name, "libvips.%d.dylib", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
#else
    snprintf(name, sizeof name, "libvips.so.%d", VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
#endif
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(api->problem, sizeof api->problem, "cannot open %s: %s", name, dlerror());
        return;
    }
#define SG_VIPS_FIND(field, symbol) \
    if (!(*(void **)&api->field = dlsym(library, #symbol))) { \
        snprintf(api->problem, sizeof api->problem, "%s has no %s", name, #symbol); \
        return; \
    }
    SG_VIPS_FIND(version, vips_version)
    SG_VIPS_FIND(init, vips_init)
    SG_VIPS_FIND(log_set_handler, g_log_set_handler)
    SG_VIPS_FIND(concurrency_set, vips_concurrency_set)
    SG_VIPS_FIND(cache_set_max, vips_cache_set_max)
    SG_VIPS_FIND(cache_set_max_mem, vips_cache_set_max_mem)
    SG_VIPS_FIND(strdup, g_strdup)
    SG_VIPS_FIND(error_buffer, vips_error_buffer)
    SG_VIPS_FIND(error_clear, vips_error_clear)
    SG_VIPS_FIND(free, g_free)
    SG_VIPS_FIND(malloc, g_malloc)
    SG_VIPS_FIND(malloc0, g_malloc0)
    SG_VIPS_FIND(version_string, vips_version_string)
    SG_VIPS_FIND(object_ref, g_object_ref)
    SG_VIPS_FIND(object_unref, g_object_unref)
    SG_VIPS_FIND(image_new_from_buffer, vips_image_new_from_buffer)
    SG_VIPS_FIND(thumbnail_buffer, vips_thumbnail_buffer)
    SG_VIPS_FIND(image_copy_memory, vips_image_copy_memory)
    SG_VIPS_FIND(thumbnail_image, vips_thumbnail_image)
    SG_VIPS_FIND(image_new_from_memory_copy, vips_image_new_from_memory_copy)
    SG_VIPS_FIND(webpsave_buffer, vips_webpsave_buffer)
    SG_VIPS_FIND(jpegsave_buffer, vips_jpegsave_buffer)
    SG_VIPS_FIND(pngsave_buffer, vips_pngsave_buffer)
    SG_VIPS_FIND(image_get_n_pages, vips_image_get_n_pages)
    SG_VIPS_FIND(colourspace, vips_colourspace)
    SG_VIPS_FIND(image_hasalpha, vips_image_hasalpha)
    SG_VIPS_FIND(bandjoin_const1, vips_bandjoin_const1)
    SG_VIPS_FIND(cast, vips_cast)
    SG_VIPS_FIND(image_write_to_memory, vips_image_write_to_memory)
    SG_VIPS_FIND(image_get_width, vips_image_get_width)
    SG_VIPS_FIND(image_get_height, vips_image_get_height)
    SG_VIPS_FIND(image_new, vips_image_new)
    SG_VIPS_FIND(image_init_fields, vips_image_init_fields)
    SG_VIPS_FIND(image_pipelinev, vips_image_pipelinev)
    SG_VIPS_FIND(image_generate, vips_image_generate)
    SG_VIPS_FIND(image_set_int, vips_image_set_int)
    SG_VIPS_FIND(image_set_array_int, vips_image_set_array_int)
#undef SG_VIPS_FIND
    api->loaded = 1;
}

/// The functions, the library opened by the first call (once, whichever thread makes it).
static inline sg_vips_functions *sg_vips_api(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, sg_vips_open);
    return sg_vips_table();
}

/// Why libvips could not be opened, or NULL when it was.
static inline const char *sg_vips_open_problem(void) {
    sg_vips_functions *api = sg_vips_api();
    return api->loaded ? NULL : api->problem;
}

static inline void sg_vips_ignore(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Starts libvips once, with one thread per operation (sitegen runs operations on every core
/// itself) and no operation cache (sitegen caches results by content hash); 0 on success.
/// libvips' warnings are not printed: a damaged image is an error (`fail_on`), which sitegen
/// reports with the file's name, and a warning would only repeat it, once for each row.
static inline int sg_vips_start(void) {
    sg_vips_functions *api = sg_vips_api();
    if (!api->loaded) return -1;
    // VIPS_INIT's check: the library's ABI is the one these headers describe.
    if (api->version(3) - api->version(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) return -1;
    if (api->init("sitegen")) return -1;
    sg_vips_api()->log_set_handler("VIPS", G_LOG_LEVEL_WARNING, sg_vips_ignore, NULL);
    sg_vips_api()->concurrency_set(1);
    sg_vips_api()->cache_set_max(0);
    sg_vips_api()->cache_set_max_mem(0);
    return 0;
}

/// libvips' error messages since they were last cleared, then clears them.
static inline char *sg_vips_take_error(void) {
    if (!sg_vips_api()->loaded) return NULL;
    char *text = sg_vips_api()->strdup(sg_vips_api()->error_buffer());
    sg_vips_api()->error_clear();
    return text;
}

static inline void sg_vips_free(void *pointer) { if (pointer) sg_vips_api()->free(pointer); }

/// libvips' version, such as "8.14.1".
static inline const char *sg_vips_version(void) { return sg_vips_api()->loaded ? sg_vips_api()->version_string() : "none"; }
static inline void sg_vips_unref(VipsImage *image) { if (image) sg_vips_api()->object_unref(image); }

/// An image from encoded bytes (its first page or frame), read from the top down once.
static inline VipsImage *sg_vips_load(const void *data, size_t length) {
    return sg_vips_api()->image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// `data` shrunk to `width` pixels wide (never enlarged), turned by its EXIF orientation.
static inline VipsImage *sg_vips_thumbnail(const void *data, size_t length, int width) {
    VipsImage *out = NULL;
    // libvips 8.14 passes thumbnail's own fail_on to file loaders only; a buffer's loader takes it as an option string.
    if (sg_vips_api()->thumbnail_buffer((void *)data, length, &out, width, "height", 10000000, "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL)) return NULL;
    return out;
}

/// `data` shrunk to `width` pixels wide like sg_vips_thumbnail, decoded into memory so that more
/// can be made of it without decoding the file again.
static inline VipsImage *sg_vips_thumbnail_in_memory(const void *data, size_t length, int width) {
    VipsImage *lazy = sg_vips_thumbnail(data, length, width);
    if (!lazy) return NULL;
    VipsImage *held = sg_vips_api()->image_copy_memory(lazy);
    sg_vips_api()->object_unref(lazy);
    return held;
}

/// `image` (already decoded) shrunk to exactly `width` × `height` pixels: a size the page states,
/// which shrinking in two steps could miss by a pixel of rounding.
static inline VipsImage *sg_vips_shrink(VipsImage *image, int width, int height) {
    VipsImage *out = NULL;
    if (sg_vips_api()->thumbnail_image(image, &out, width, "height", height, "size", VIPS_SIZE_FORCE, NULL)) return NULL;
    return out;
}

/// An image of `width` × `height` RGBA pixels (8 bits a channel, not premultiplied), copied.
static inline VipsImage *sg_vips_from_rgba(const void *pixels, int width, int height) {
    VipsImage *image = sg_vips_api()->image_new_from_memory_copy(pixels, (size_t)width * height * 4, width, height, 4, VIPS_FORMAT_UCHAR);
    if (image) image->Type = VIPS_INTERPRETATION_sRGB;
    return image;
}

static inline int sg_vips_webp(VipsImage *image, int quality, int lossless, void **data, size_t *length) {
    return sg_vips_api()->webpsave_buffer(image, data, length, "Q", quality, "lossless", lossless, "strip", TRUE, "effort", 4, NULL);
}

static inline int sg_vips_jpeg(VipsImage *image, int quality, void **data, size_t *length) {
    return sg_vips_api()->jpegsave_buffer(image, data, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int sg_vips_png(VipsImage *image, void **data, size_t *length) {
    return sg_vips_api()->pngsave_buffer(image, data, length, "strip", TRUE, "compression", 6, NULL);
}

/// Page (frame) `page` of an animated image, or the one image of any other.
static inline VipsImage *sg_vips_load_page(const void *data, size_t length, int page) {
    if (page <= 0) return sg_vips_api()->image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    return sg_vips_api()->image_new_from_buffer(data, length, "", "page", page, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// How many pages (frames) an image has: 1 for a still one.
static inline int sg_vips_pages(VipsImage *image) { return sg_vips_api()->image_get_n_pages(image); }

/// The image's pixels as sRGB RGBA, 8 bits a channel; g_free the result.
static inline void *sg_vips_rgba(VipsImage *image, size_t *length) {
    VipsImage *srgb = NULL, *alpha = NULL, *bytes = NULL;
    void *pixels = NULL;
    if (sg_vips_api()->colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return NULL;
    if (sg_vips_api()->image_hasalpha(srgb)) {
        alpha = srgb;
        sg_vips_api()->object_ref(alpha);
    } else if (sg_vips_api()->bandjoin_const1(srgb, &alpha, 255, NULL)) {
        sg_vips_api()->object_unref(srgb);
        return NULL;
    }
    if (!sg_vips_api()->cast(alpha, &bytes, VIPS_FORMAT_UCHAR, NULL)) pixels = sg_vips_api()->image_write_to_memory(bytes, length);
    sg_vips_api()->object_unref(srgb);
    sg_vips_api()->object_unref(alpha);
    if (bytes) sg_vips_api()->object_unref(bytes);
    return pixels;
}

static inline int sg_vips_width(VipsImage *image) { return sg_vips_api()->image_get_width(image); }
static inline int sg_vips_height(VipsImage *image) { return sg_vips_api()->image_get_height(image); }

/// Draws frame `frame` of an animation into `rgba` (width × height × 4 bytes, not premultiplied);
/// 0 on success.
typedef int (*sg_vips_frame_source)(void *context, int frame, unsigned char *rgba);

typedef struct {
    int width, height, frames;
    sg_vips_frame_source source;
    void *context;
} sg_vips_animation;

typedef struct {
    int frame;
    unsigned char *pixels;
} sg_vips_animation_sequence;

static inline void *sg_vips_animation_start(VipsImage *out, void *a, void *b) {
    sg_vips_animation *animation = (sg_vips_animation *)a;
    sg_vips_animation_sequence *sequence = sg_vips_api()->malloc0(sizeof(sg_vips_animation_sequence));
    sequence->frame = -1;
    sequence->pixels = sg_vips_api()->malloc((size_t)animation->width * animation->height * 4);
    return sequence;
}

/// Fills a region of the frames stacked top to bottom, drawing each frame it needs once.
static inline int sg_vips_animation_generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
    sg_vips_animation *animation = (sg_vips_animation *)a;
    sg_vips_animation_sequence *sequence = (sg_vips_animation_sequence *)seq;
    VipsRect *area = &out->valid;
    for (int y = area->top; y < VIPS_RECT_BOTTOM(area); y++) {
        int frame = y / animation->height;
        if (frame != sequence->frame) {
            if (animation->source(animation->context, frame, sequence->pixels)) return -1;
            sequence->frame = frame;
        }
        const unsigned char *row = sequence->pixels + ((size_t)(y % animation->height) * animation->width + area->left) * 4;
        // VIPS_REGION_ADDR for 4 one-byte bands (that macro reads a table of libvips').
        unsigned char *target = (unsigned char *)out->data + (size_t)(y - out->valid.top) * VIPS_REGION_LSKIP(out) + (size_t)(area->left - out->valid.left) * 4;
        memcpy(target, row, (size_t)area->width * 4);
    }
    return 0;
}

static inline int sg_vips_animation_stop(void *seq, void *a, void *b) {
    sg_vips_animation_sequence *sequence = (sg_vips_animation_sequence *)seq;
    sg_vips_api()->free(sequence->pixels);
    sg_vips_api()->free(sequence);
    return 0;
}

/// An animated WebP of `frames` frames of `width` × `height`, each drawn by `source` when the
/// encoder reaches it (so that only a frame is held at a time), shown for `delays[i]` ms each.
static inline int sg_vips_animated_webp(
    int width, int height, int frames, const int *delays, sg_vips_frame_source source, void *context, int quality,
    void **data, size_t *length
) {
    sg_vips_animation animation = { width, height, frames, source, context };
    VipsImage *image = sg_vips_api()->image_new();
    sg_vips_api()->image_init_fields(image, width, height * frames, 4, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE, VIPS_INTERPRETATION_sRGB, 1.0, 1.0);
    if (sg_vips_api()->image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, NULL)
        || sg_vips_api()->image_generate(image, sg_vips_animation_start, sg_vips_animation_generate, sg_vips_animation_stop, &animation, NULL)) {
        sg_vips_api()->object_unref(image);
        return -1;
    }
    sg_vips_api()->image_set_int(image, "page-height", height);
    sg_vips_api()->image_set_array_int(image, "delay", delays, frames);
    sg_vips_api()->image_set_int(image, "loop", 0);
    int result = sg_vips_api()->webpsave_buffer(image, data, length, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    sg_vips_api()->object_unref(image);
    return result;
}

#endif
