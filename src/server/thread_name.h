// Names the calling thread (Linux keeps 15 characters), so that `top -H`, `ps -L`, perf and
// gdb tell the server's threads apart: "http-worker", "db-sync", "ai-think" and so on.
#pragma once

#include <pthread.h>

namespace pacwar::server {

inline void name_this_thread(const char* name) { pthread_setname_np(pthread_self(), name); }

}  // namespace pacwar::server
