#ifndef PARLEY_HEAP_STATS_H
#define PARLEY_HEAP_STATS_H

#include <stddef.h>

/// Bytes the allocator has handed out and not yet had back (glibc's mallinfo2), or 0 where
/// the C library cannot say. Swift cannot import mallinfo2 from the Glibc module.
size_t parley_heap_bytes_in_use(void);

#endif
