#ifndef CROPPER_CX11_SHIM_H
#define CROPPER_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/* Function-like macros and variadics do not import into Swift. */
static inline int cx11_destroy_image(XImage *image) { return XDestroyImage(image); }
static inline unsigned long cx11_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline XIC cx11_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}
#endif
