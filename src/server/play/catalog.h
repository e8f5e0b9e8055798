// What the browser needs to offer and draw games: the catalog (games, seats, rule options,
// opponents) and each game's public content (its data files).
#pragma once

#include <map>
#include <string>

#include "engine/game.h"
#include "server/play/games.h"

namespace pacwar::server {

class Catalog {
 public:
  // Reads each game's data files (data/<game>/: game.json gives its title and switchable rules)
  // for every game of `games`; throws engine::DataError naming the file for an invalid one.
  explicit Catalog(const GameService& games);

  // GET /api/catalog, serialized once.
  const std::string& catalog_json() const { return catalog_; }
  // GET /api/content/{game}: {"<file stem>": <file JSON>, ...}, or nullptr for an unknown game.
  const std::string* content_json(const std::string& game) const;

 private:
  std::string catalog_;
  std::map<std::string, std::string> content_;
};

}  // namespace pacwar::server
