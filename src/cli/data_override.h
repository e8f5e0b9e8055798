// `--data-override FILE`: an owner's corrections to a game's reconstructed data, as a JSON patch
// (RFC 6902) over the files of data/GAME/ (docs/balance.md):
//
//   {"game": "co-prosperity",
//    "patch": [{"op": "replace", "path": "/units.json/units/0/attack", "value": 3}]}
//
// Each op's path starts with the data file's name. The patch is checked op by op (the file
// exists, the field exists, a replaced value keeps its JSON type), then the game is loaded from the
// patched files, so that its own checks run too; every error names the override file, the data
// file, the field and the reason. The same mechanism serves `balance`, `play` and `serve`.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "engine/game.h"

namespace pacwar::cli {

struct DataOverride {
  std::string source;                          // the override file, for messages ("" if none)
  std::string game;                            // "pacific-war"
  engine::Json patch = engine::Json::array();  // RFC 6902 operations
};

// Reads and checks the form of FILE; throws engine::UsageError.
DataOverride read_data_override(const std::string& file);

// A copy of the data directory (every game's files) in a new temporary directory, with
// `override` and then `extra` (more operations, e.g. a sweep's) applied to its game's files and
// that game loaded once from them to check them. Removed when destroyed.
class OverriddenData {
 public:
  OverriddenData(const DataOverride& override, const engine::Json& extra = engine::Json::array());
  ~OverriddenData();
  OverriddenData(const OverriddenData&) = delete;
  OverriddenData& operator=(const OverriddenData&) = delete;

  // The data root (holding GAME/ directories), as PACWAR_DATA takes it.
  const std::filesystem::path& root() const { return root_; }
  // The game loaded from the patched files.
  std::shared_ptr<const engine::Game> game() const { return game_; }

 private:
  std::filesystem::path root_;
  std::shared_ptr<const engine::Game> game_;
};

// For `play` and `serve`: nullptr when `file` is empty; else the checked, patched data, whose
// root becomes PACWAR_DATA of this process (engine/data_dir.h), so that everything that loads the
// game (the server's games, the AI, the boards) loads the corrected data. Keep it alive as long.
std::unique_ptr<OverriddenData> use_data_override(const std::string& file);

// The game `name` loaded from `root`/`name`/ (nullptr for an unknown name).
std::shared_ptr<const engine::Game> load_game_from(const std::string& name,
                                                   const std::filesystem::path& root);

// The value at `path` ("/units.json/units/0/attack") of `game`'s data with `override` applied;
// throws UsageError when there is none.
engine::Json data_value(const DataOverride& override, const std::string& path);

}  // namespace pacwar::cli
