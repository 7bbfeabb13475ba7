#ifndef CROPPER_CPNG_SHIM_H
#define CROPPER_CPNG_SHIM_H
#include <png.h>

/* PNG_IMAGE_PNG_SIZE_MAX is a macro: the most bytes png_image_write_to_memory can need for this image. */
static inline size_t cpng_image_png_size_max(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}
#endif
