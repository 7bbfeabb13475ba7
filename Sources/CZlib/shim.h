#ifndef CROPPER_CZLIB_SHIM_H
#define CROPPER_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit is a macro that passes the header's version and struct size. */
static inline int cropper_inflate_init(z_streamp stream) {
    return inflateInit(stream);
}
#endif
