#include "games/registry.h"

#include "games/co_prosperity/module.h"
#include "games/pacific_war/module.h"

namespace pacwar {

std::vector<engine::GameModule> game_modules() {
  return {pacific_war::game_module(), co_prosperity::game_module()};
}

std::optional<engine::GameModule> find_module(std::string_view name) {
  for (engine::GameModule& module : game_modules())
    if (module.name == name) return std::move(module);
  return std::nullopt;
}

std::shared_ptr<const engine::Game> find_game(const std::string& name) {
  const std::optional<engine::GameModule> module = find_module(name);
  return module ? module->make_game() : nullptr;
}

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const engine::GameModule& module : game_modules()) names.push_back(module.name);
  return names;
}

}  // namespace pacwar
