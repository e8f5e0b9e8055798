// The path of the `pacwar` binary for tests and tools that start it as a process. Found at run
// time, not baked into the objects as a define, so that the compiled tests are the same in every
// checkout and a new clone's build is served by ccache (docs/performance.md, "Test suite"):
// $PACWAR_BINARY when set, else `pacwar` beside the running executable (build/pacwar_tests,
// build/pacwar_server_load and build-tsan/pacwar_tsan_tests all sit in their build directory).
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace pacwar::testing {

inline std::string pacwar_binary() {
  if (const char* env = std::getenv("PACWAR_BINARY"); env != nullptr && *env != '\0') return env;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return "pacwar";
  return (self.parent_path() / "pacwar").string();
}

}  // namespace pacwar::testing
