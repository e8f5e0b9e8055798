// The Pacific War as an engine::Game.
#pragma once

#include <memory>

#include "engine/game.h"
#include "games/pacific_war/content.h"

namespace pacwar::pacific_war {

class PacificWarGame final : public engine::Game {
 public:
  explicit PacificWarGame(std::shared_ptr<const Content> content) : content_(std::move(content)) {}

  std::string name() const override { return "pacific-war"; }
  int num_seats() const override { return 2; }
  std::string seat_name(int seat) const override { return seat == 0 ? "japanese" : "allied"; }
  engine::Options normalize_options(const engine::Options& options) const override;
  std::unique_ptr<engine::State> new_initial_state(const engine::Options& options) const override;

  const Content& content() const { return *content_; }

 private:
  std::shared_ptr<const Content> content_;
};

}  // namespace pacwar::pacific_war
