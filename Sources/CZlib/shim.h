#ifndef CROPPER_CZLIB_SHIM_H
#define CROPPER_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit is a macro that passes the header's version and struct size. */
static inline int cropper_inflate_init(z_streamp stream) {
    return inflateInit(stream);
}

/* deflateInit2 is a macro too. */
static inline int cropper_deflate_init(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
#endif
