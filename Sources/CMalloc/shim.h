#ifndef CROPPER_CMALLOC_SHIM_H
#define CROPPER_CMALLOC_SHIM_H
/* mallopt, malloc_trim: the allocator policy of the window (HeapPolicy) and of batches (BatchHeap). In libc: nothing to link. */
#include <malloc.h>
#endif
