#ifndef CROPPER_CGLIB_SHIM_H
#define CROPPER_CGLIB_SHIM_H
// GLib's bookmark files, checksums, file-name collation keys, user folders and file URIs.
#include <glib.h>
#endif
