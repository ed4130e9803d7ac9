#include "CHeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
size_t ca_heap_bytes_in_use(void) {
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return stats.size_in_use;
}
#elif defined(__linux__)
#include <malloc.h>
#endif
#if defined(__GLIBC__) && !defined(__APPLE__)
size_t ca_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#elif !defined(__APPLE__)
size_t ca_heap_bytes_in_use(void) { return 0; }
#endif
