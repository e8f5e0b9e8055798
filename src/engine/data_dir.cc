#include "engine/data_dir.h"

#include <cstdlib>
#include <filesystem>

// Only this file sees PACWAR_SOURCE_DIR (see CMakeLists.txt), so the other objects do not
// depend on where the tree was checked out.
#ifndef PACWAR_SOURCE_DIR
#define PACWAR_SOURCE_DIR "."
#endif

namespace pacwar {

std::string source_dir() { return PACWAR_SOURCE_DIR; }

std::string installed_share_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  const fs::path share = exe.parent_path().parent_path() / "share" / "pacwar";
  return fs::is_directory(share / "data", ec) ? share.string() : "";
}

std::string game_data_dir(std::string_view game) {
  namespace fs = std::filesystem;
  const std::string name(game);
  if (const char* env = std::getenv("PACWAR_DATA"); env != nullptr && *env != '\0')
    return std::string(env) + "/" + name;
  if (const std::string share = installed_share_dir(); !share.empty())
    return (fs::path(share) / "data" / name).string();
  std::error_code ec;
  const fs::path local = fs::path("data") / name;
  if (fs::is_directory(local, ec)) return local.string();
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path beside = exe.parent_path().parent_path() / "data" / name;
    if (fs::is_directory(beside, ec)) return beside.string();
  }
  return (fs::path(PACWAR_SOURCE_DIR) / "data" / name).string();
}

}  // namespace pacwar
