// libFuzzer target: the game content files (data/pacific-war/*.json, data/co-prosperity/*.json).
// The first byte picks a file of one of the two games; the rest replaces that file in a copy of
// the game's data directory, which is then loaded. A bad file must be refused with an error
// naming it (engine::DataError / UsageError); anything else is a finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "engine/data_dir.h"
#include "engine/errors.h"
#include "games/co_prosperity/content.h"
#include "games/pacific_war/content.h"

namespace {

struct Copies {
  std::filesystem::path root;
  Copies() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "pacwar-fuzz-content-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    root = pattern;
    for (const char* game : {"pacific-war", "co-prosperity"}) {
      std::filesystem::copy(pacwar::game_data_dir(game), root / game,
                            std::filesystem::copy_options::recursive);
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Copies copies;
  static const char* kPacificWar[] = {"map.json", "units.json", "cards.json", "crt.json",
                                      "rules.json"};
  static const char* kCoProsperity[] = {"map.json", "units.json", "cards.json"};
  if (size == 0) return 0;
  const bool pw = data[0] % 2 == 0;
  const std::string game = pw ? "pacific-war" : "co-prosperity";
  const std::string file = pw ? kPacificWar[(data[0] / 2) % 5] : kCoProsperity[(data[0] / 2) % 3];
  const std::filesystem::path dir = copies.root / game;
  const std::filesystem::path path = dir / file;
  const std::filesystem::path original = std::filesystem::path(pacwar::game_data_dir(game)) / file;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data) + 1, static_cast<std::streamsize>(size - 1));
  }
  try {
    if (pw) {
      (void)pacwar::pacific_war::load_content(dir.string());
    } else {
      (void)pacwar::co_prosperity::load_content(dir.string());
    }
  } catch (const pacwar::engine::DataError&) {
  } catch (const pacwar::engine::UsageError&) {
  }
  std::filesystem::copy_file(original, path, std::filesystem::copy_options::overwrite_existing);
  return 0;
}
