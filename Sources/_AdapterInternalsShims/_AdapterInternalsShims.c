//===----------------------------------------------------------------------===//
//
// This source file is part of the CollectionAdapters open source project.
//
//===----------------------------------------------------------------------===//

#include "_AdapterInternalsShims.h"

#include <pthread.h>

__UINTPTR_TYPE__ _ca_current_thread_by_call(void) {
  return (__UINTPTR_TYPE__)pthread_self();
}
