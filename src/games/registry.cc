#include "games/registry.h"

#include "games/co_prosperity/content.h"
#include "games/co_prosperity/game.h"
#include "games/pacific_war/content.h"
#include "games/pacific_war/game.h"

namespace pacwar {

std::shared_ptr<const engine::Game> find_game(const std::string& name) {
  if (name == "pacific-war")
    return std::make_shared<pacific_war::PacificWarGame>(
        pacific_war::load_content(pacific_war::default_data_dir()));
  if (name == "co-prosperity")
    return std::make_shared<co_prosperity::CoProsperityGame>(
        co_prosperity::load_content(co_prosperity::default_data_dir()));
  return nullptr;
}

std::vector<std::string> game_names() { return {"pacific-war", "co-prosperity"}; }

}  // namespace pacwar
