#ifndef CROPPER_CINTL_SHIM_H
#define CROPPER_CINTL_SHIM_H
/* glibc's libintl (gettext) and the locale calls; both are in libc, nothing to link. */
#include <libintl.h>
#include <locale.h>
#include <langinfo.h>
#include <time.h>
#endif
