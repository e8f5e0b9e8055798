#include "cli/data_override.h"

#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

namespace fs = std::filesystem;
using engine::Json;
using engine::UsageError;

std::string type_name(const Json& j) {
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "true or false";
  if (j.is_array()) return "an array";
  if (j.is_object()) return "an object";
  return "null";
}

// The data files of `game` by name ("units.json"), read from its data directory.
Json read_files(const std::string& game) {
  Json files = Json::object();
  const fs::path dir = game_data_dir(game);
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    files[entry.path().filename().string()] = engine::read_data_file(entry.path().string());
  }
  return files;
}

// Applies `ops` to `files` one at a time with a precise message for each refusal.
void apply_ops(Json& files, const Json& ops, const std::string& source, const std::string& game) {
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Json& op = ops[i];
    const std::string where = (source.empty() ? std::string("data override") : source) +
                              ": patch[" + std::to_string(i) + "]";
    if (!op.is_object() || !op.contains("op") || !op["op"].is_string() || !op.contains("path") ||
        !op["path"].is_string()) {
      throw UsageError(where + ": expected {\"op\", \"path\"[, \"value\"]}");
    }
    const std::string kind = op["op"];
    if (kind != "replace" && kind != "add" && kind != "remove" && kind != "test") {
      throw UsageError(where + ": op '" + kind + "' is not one of replace, add, remove, test");
    }
    const std::string path = op["path"];
    const auto slash = path.find('/', 1);
    const std::string file =
        path.substr(1, slash == std::string::npos ? std::string::npos : slash - 1);
    const std::string field = slash == std::string::npos ? "" : path.substr(slash);
    if (path.empty() || path[0] != '/' || !files.contains(file)) {
      std::string known;
      for (auto it = files.begin(); it != files.end(); ++it)
        known += (known.empty() ? "" : ", ") + it.key();
      throw UsageError(where + ": data/" + game + "/" + file +
                       ": no such data file (files: " + known + ")");
    }
    const std::string named = where + ": data/" + game + "/" + file + ", field " +
                              (field.empty() ? "(whole file)" : field);
    if (kind != "remove" && !op.contains("value"))
      throw UsageError(named + ": the op needs a value");
    Json::json_pointer pointer;
    try {
      pointer = Json::json_pointer(path);
    } catch (const Json::exception& e) {
      throw UsageError(named + ": not a JSON pointer (" + e.what() + ")");
    }
    if (kind == "replace") {
      if (!files.contains(pointer)) throw UsageError(named + ": no such field");
      const Json& old = files.at(pointer);
      const Json& value = op["value"];
      if (type_name(old) != type_name(value)) {
        throw UsageError(named + ": expected " + type_name(old) + " (now " + old.dump() +
                         "), got " + type_name(value));
      }
    }
    try {
      files = files.patch(Json::array({op}));
    } catch (const Json::exception& e) {
      throw UsageError(named + ": " + e.what());
    }
  }
}

fs::path fresh_temp_dir() {
  std::random_device device;
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path dir = fs::temp_directory_path() /
                   ("pacwar-data-" + std::to_string(device()) + std::to_string(device()));
    if (fs::create_directory(dir)) return dir;
  }
  throw std::runtime_error("cannot create a temporary directory");
}

}  // namespace

DataOverride read_data_override(const std::string& file) {
  const Json json = engine::read_user_file(file, "--data-override file");
  if (!json.is_object() || !json.contains("game") || !json["game"].is_string()) {
    throw UsageError(file + ": field 'game' must name the game, e.g. \"pacific-war\"");
  }
  if (!find_game(json["game"].get<std::string>())) {
    throw UsageError(file + ": field 'game': unknown game '" + json["game"].get<std::string>() +
                     "'");
  }
  if (!json.contains("patch") || !json["patch"].is_array()) {
    throw UsageError(file + ": field 'patch' must be an array of JSON patch operations");
  }
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (it.key() != "game" && it.key() != "patch" && it.key() != "note") {
      throw UsageError(file + ": unknown field '" + it.key() + "' (fields: game, patch, note)");
    }
  }
  DataOverride o;
  o.source = file;
  o.game = json["game"];
  o.patch = json["patch"];
  Json files = read_files(o.game);
  apply_ops(files, o.patch, o.source, o.game);  // the form of every op, before any use
  return o;
}

std::shared_ptr<const engine::Game> load_game_from(const std::string& name, const fs::path& root) {
  const std::optional<engine::GameModule> module = find_module(name);
  return module ? module->load_game((root / name).string()) : nullptr;
}

OverriddenData::OverriddenData(const DataOverride& override, const Json& extra)
    : root_(fresh_temp_dir()) {
  try {
    for (const std::string& name : game_names()) {
      fs::copy(game_data_dir(name), root_ / name, fs::copy_options::recursive);
    }
    Json files = read_files(override.game);
    apply_ops(files, override.patch, override.source, override.game);
    apply_ops(files, extra, "--sweep", override.game);
    for (auto it = files.begin(); it != files.end(); ++it) {
      std::ofstream out(root_ / override.game / it.key());
      out << it.value().dump(2) << "\n";
    }
    try {
      game_ = load_game_from(override.game, root_);
    } catch (const engine::DataError& e) {
      // The message names the temporary copy: name the data directory instead.
      std::string reason = e.what();
      const std::string temp = root_.string() + "/";
      for (auto at = reason.find(temp); at != std::string::npos; at = reason.find(temp)) {
        reason.replace(at, temp.size(), "data/");
      }
      const std::string who = !extra.empty() ? "--sweep " + extra[0].value("path", "") + " = " +
                                                   extra[0].value("value", Json()).dump()
                              : override.source.empty() ? std::string("data override")
                                                        : override.source;
      throw UsageError(who + ": the patched data is refused: " + reason);
    }
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
    throw;
  }
}

OverriddenData::~OverriddenData() {
  std::error_code ignored;
  fs::remove_all(root_, ignored);
}

std::unique_ptr<OverriddenData> use_data_override(const std::string& file) {
  if (file.empty()) return nullptr;
  auto data = std::make_unique<OverriddenData>(read_data_override(file));
  setenv("PACWAR_DATA", data->root().c_str(), 1);
  return data;
}

Json data_value(const DataOverride& override, const std::string& path) {
  Json files = read_files(override.game);
  apply_ops(files, override.patch, override.source, override.game);
  Json::json_pointer pointer;
  try {
    pointer = Json::json_pointer(path);
  } catch (const Json::exception& e) {
    throw UsageError("--sweep " + path + ": not a JSON pointer (" + e.what() + ")");
  }
  if (!files.contains(pointer)) {
    throw UsageError("--sweep " + path + ": no such field in data/" + override.game + "/");
  }
  return files.at(pointer);
}

}  // namespace pacwar::cli
