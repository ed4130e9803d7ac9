#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes currently allocated by the process's malloc (in use, not freed),
/// or 0 where the platform does not say.
size_t ca_heap_bytes_in_use(void);

#endif
