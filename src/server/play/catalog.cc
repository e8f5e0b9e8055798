#include "server/play/catalog.h"

#include <filesystem>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"

namespace pacwar::server {
namespace {

using engine::Json;

Json read_json(const std::filesystem::path& file) { return engine::read_data_file(file.string()); }

}  // namespace

Catalog::Catalog(const GameService& games) {
  Json list = Json::array();
  for (const std::string& name : games.game_names()) {
    auto game = games.game(name);
    // The game's title and its switchable rules: data/<game>/game.json, when the game has one.
    const std::filesystem::path file = std::filesystem::path(game_data_dir(name)) / "game.json";
    const Json entry = std::filesystem::exists(file) ? read_json(file) : Json::object();
    Json seats = Json::array();
    for (int s = 0; s < game->num_seats(); ++s) seats.push_back(game->seat_name(s));
    Json options = Json::array();
    if (entry.contains("options")) {
      for (const Json& option : entry["options"]) {
        if (!option.contains("id") || !option["id"].is_string()) {
          throw engine::DataError(file.string(), "options", "an id is missing");
        }
        // Offer only the rules this version implements.
        try {
          game->normalize_options({{"rules", {option["id"]}}});
        } catch (const std::invalid_argument&) {
          continue;
        }
        options.push_back({{"id", option["id"]}, {"label", option.value("label", "")}});
      }
    }
    list.push_back({{"name", name},
                    {"title", entry.value("title", name)},
                    {"seats", seats},
                    {"options", options}});

    Json content = Json::object();
    const std::filesystem::path dir = game_data_dir(name);
    if (std::filesystem::is_directory(dir)) {
      for (const auto& item : std::filesystem::directory_iterator(dir)) {
        // game.json is in the catalog above and geo.json in web/geo.js, not in the content.
        const std::string file_name = item.path().filename().string();
        if (item.path().extension() == ".json" && file_name != "game.json" &&
            file_name != "geo.json") {
          content[item.path().stem().string()] = read_json(item.path());
        }
      }
    }
    content_[name] = content.dump();
  }
  Json opponents = Json::array({"human"});
  for (const std::string& level : agent_levels()) opponents.push_back(level);
  catalog_ = Json{{"games", list}, {"opponents", opponents}}.dump();
}

const std::string* Catalog::content_json(const std::string& game) const {
  auto it = content_.find(game);
  return it == content_.end() ? nullptr : &it->second;
}

}  // namespace pacwar::server
