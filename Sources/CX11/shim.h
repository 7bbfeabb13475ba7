#ifndef CROPPER_CX11_SHIM_H
#define CROPPER_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput2.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <locale.h>

/* Function-like macros and variadics do not import into Swift. */
static inline int cx11_destroy_image(XImage *image) { return XDestroyImage(image); }
static inline unsigned long cx11_get_pixel(XImage *image, int x, int y) { return XGetPixel(image, x, y); }
static inline XIC cx11_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* Xlib's default error handler exits the process; ours records the last error instead,
   so optional features (MIT-SHM on a remote display) can be tried and given up. */
static int cx11_last_error_code = 0;
static int cx11_record_error(Display *display, XErrorEvent *event) {
    (void)display;
    cx11_last_error_code = event->error_code;
    return 0;
}
static inline void cx11_install_error_handler(void) { XSetErrorHandler(cx11_record_error); }
static inline int cx11_take_error(void) {
    int code = cx11_last_error_code;
    cx11_last_error_code = 0;
    return code;
}

/* System V shared memory for MIT-SHM: IPC_PRIVATE and the (void *)-1 failure value are macros. */
static inline int cx11_shm_create(size_t size) { return shmget(IPC_PRIVATE, size, IPC_CREAT | 0600); }
static inline char *cx11_shm_attach(int shmid) {
    void *address = shmat(shmid, NULL, 0);
    return address == (void *)-1 ? NULL : (char *)address;
}
static inline void cx11_shm_remove(int shmid) { shmctl(shmid, IPC_RMID, NULL); }
static inline void cx11_shm_detach(char *address) { if (address) shmdt(address); }

/* XInput 2's event masks: XISetMask and XIMaskIsSet are macros, XIMaskLen too. */
static inline void cx11_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx11_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit) != 0; }
static inline int cx11_xi_mask_length(void) { return XIMaskLen(XI_LASTEVENT); }

static inline void cx11_set_locale(void) {
    setlocale(LC_CTYPE, "");
    XSetLocaleModifiers("");
}
#endif
