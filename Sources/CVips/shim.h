#ifndef SITEGEN_CVIPS_SHIM_H
#define SITEGEN_CVIPS_SHIM_H
// libvips for the Imaging module: its operations take variable argument lists, which Swift cannot
// call, so each one sitegen uses has a fixed-argument function here. Errors are left in
// libvips' error buffer (sg_vips_error) for the caller to read.
#include <vips/vips.h>
#include <string.h>

static inline void sg_vips_ignore(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {}

/// Starts libvips once, with one thread per operation (sitegen runs operations on every core
/// itself) and no operation cache (sitegen caches results by content hash); 0 on success.
/// libvips' warnings are not printed: a damaged image is an error (`fail_on`), which sitegen
/// reports with the file's name, and a warning would only repeat it, once for each row.
static inline int sg_vips_start(void) {
    if (VIPS_INIT("sitegen")) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, sg_vips_ignore, NULL);
    vips_concurrency_set(1);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    return 0;
}

/// libvips' error messages since they were last cleared, then clears them.
static inline char *sg_vips_take_error(void) {
    char *text = g_strdup(vips_error_buffer());
    vips_error_clear();
    return text;
}

static inline void sg_vips_free(void *pointer) { g_free(pointer); }

/// libvips' version, such as "8.14.1".
static inline const char *sg_vips_version(void) { return vips_version_string(); }
static inline void sg_vips_unref(VipsImage *image) { if (image) g_object_unref(image); }

/// An image from encoded bytes (its first page or frame), read from the top down once.
static inline VipsImage *sg_vips_load(const void *data, size_t length) {
    return vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// `data` shrunk to `width` pixels wide (never enlarged), turned by its EXIF orientation.
static inline VipsImage *sg_vips_thumbnail(const void *data, size_t length, int width) {
    VipsImage *out = NULL;
    // libvips 8.14 passes thumbnail's own fail_on to file loaders only; a buffer's loader takes it as an option string.
    if (vips_thumbnail_buffer((void *)data, length, &out, width, "height", 10000000, "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL)) return NULL;
    return out;
}

/// `data` shrunk to `width` pixels wide like sg_vips_thumbnail, decoded into memory so that more
/// can be made of it without decoding the file again.
static inline VipsImage *sg_vips_thumbnail_in_memory(const void *data, size_t length, int width) {
    VipsImage *lazy = sg_vips_thumbnail(data, length, width);
    if (!lazy) return NULL;
    VipsImage *held = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return held;
}

/// `image` (already decoded) shrunk to `width` pixels wide, never enlarged.
static inline VipsImage *sg_vips_shrink(VipsImage *image, int width) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, width, "height", 10000000, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    return out;
}

/// An image of `width` × `height` RGBA pixels (8 bits a channel, not premultiplied), copied.
static inline VipsImage *sg_vips_from_rgba(const void *pixels, int width, int height) {
    VipsImage *image = vips_image_new_from_memory_copy(pixels, (size_t)width * height * 4, width, height, 4, VIPS_FORMAT_UCHAR);
    if (image) image->Type = VIPS_INTERPRETATION_sRGB;
    return image;
}

static inline int sg_vips_webp(VipsImage *image, int quality, int lossless, void **data, size_t *length) {
    return vips_webpsave_buffer(image, data, length, "Q", quality, "lossless", lossless, "strip", TRUE, "effort", 4, NULL);
}

static inline int sg_vips_jpeg(VipsImage *image, int quality, void **data, size_t *length) {
    return vips_jpegsave_buffer(image, data, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int sg_vips_png(VipsImage *image, void **data, size_t *length) {
    return vips_pngsave_buffer(image, data, length, "strip", TRUE, "compression", 6, NULL);
}

/// Page (frame) `page` of an animated image, or the one image of any other.
static inline VipsImage *sg_vips_load_page(const void *data, size_t length, int page) {
    if (page <= 0) return vips_image_new_from_buffer(data, length, "", "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    return vips_image_new_from_buffer(data, length, "", "page", page, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/// How many pages (frames) an image has: 1 for a still one.
static inline int sg_vips_pages(VipsImage *image) { return vips_image_get_n_pages(image); }

/// The image's pixels as sRGB RGBA, 8 bits a channel; g_free the result.
static inline void *sg_vips_rgba(VipsImage *image, size_t *length) {
    VipsImage *srgb = NULL, *alpha = NULL, *bytes = NULL;
    void *pixels = NULL;
    if (vips_colourspace(image, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return NULL;
    if (vips_image_hasalpha(srgb)) {
        alpha = srgb;
        g_object_ref(alpha);
    } else if (vips_bandjoin_const1(srgb, &alpha, 255, NULL)) {
        g_object_unref(srgb);
        return NULL;
    }
    if (!vips_cast(alpha, &bytes, VIPS_FORMAT_UCHAR, NULL)) pixels = vips_image_write_to_memory(bytes, length);
    g_object_unref(srgb);
    g_object_unref(alpha);
    if (bytes) g_object_unref(bytes);
    return pixels;
}

static inline int sg_vips_width(VipsImage *image) { return vips_image_get_width(image); }
static inline int sg_vips_height(VipsImage *image) { return vips_image_get_height(image); }

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
    sg_vips_animation_sequence *sequence = g_new0(sg_vips_animation_sequence, 1);
    sequence->frame = -1;
    sequence->pixels = g_malloc((size_t)animation->width * animation->height * 4);
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
        memcpy(VIPS_REGION_ADDR(out, area->left, y), row, (size_t)area->width * 4);
    }
    return 0;
}

static inline int sg_vips_animation_stop(void *seq, void *a, void *b) {
    sg_vips_animation_sequence *sequence = (sg_vips_animation_sequence *)seq;
    g_free(sequence->pixels);
    g_free(sequence);
    return 0;
}

/// An animated WebP of `frames` frames of `width` × `height`, each drawn by `source` when the
/// encoder reaches it (so that only a frame is held at a time), shown for `delays[i]` ms each.
static inline int sg_vips_animated_webp(
    int width, int height, int frames, const int *delays, sg_vips_frame_source source, void *context, int quality,
    void **data, size_t *length
) {
    sg_vips_animation animation = { width, height, frames, source, context };
    VipsImage *image = vips_image_new();
    vips_image_init_fields(image, width, height * frames, 4, VIPS_FORMAT_UCHAR, VIPS_CODING_NONE, VIPS_INTERPRETATION_sRGB, 1.0, 1.0);
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, NULL)
        || vips_image_generate(image, sg_vips_animation_start, sg_vips_animation_generate, sg_vips_animation_stop, &animation, NULL)) {
        g_object_unref(image);
        return -1;
    }
    vips_image_set_int(image, "page-height", height);
    vips_image_set_array_int(image, "delay", delays, frames);
    vips_image_set_int(image, "loop", 0);
    int result = vips_webpsave_buffer(image, data, length, "Q", quality, "strip", TRUE, "effort", 4, NULL);
    g_object_unref(image);
    return result;
}

#endif
