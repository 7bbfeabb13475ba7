#ifndef CROPPER_CMALLOC_SHIM_H
#define CROPPER_CMALLOC_SHIM_H
/* mallopt, malloc_trim: the window process's allocator policy (HeapPolicy). In libc: nothing to link. */
#include <malloc.h>
#endif
