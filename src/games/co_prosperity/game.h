// Greater East Asia Co-Prosperity Sphere as an engine::Game.
#pragma once

#include <memory>

#include "engine/game.h"
#include "games/co_prosperity/content.h"

namespace pacwar::co_prosperity {

class CoProsperityGame final : public engine::Game {
 public:
  explicit CoProsperityGame(std::shared_ptr<const Content> content)
      : content_(std::move(content)) {}

  std::string name() const override { return "co-prosperity"; }
  int num_seats() const override { return 2; }
  std::string seat_name(int seat) const override { return seat == 0 ? "japanese" : "allied"; }
  engine::Options normalize_options(const engine::Options& options) const override;
  std::unique_ptr<engine::State> new_initial_state(const engine::Options& options) const override;

 private:
  std::shared_ptr<const Content> content_;
};

}  // namespace pacwar::co_prosperity
