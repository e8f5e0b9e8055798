// The learned value model's inputs (engine/features.h) are built from the seat's view only:
// changing what the seat cannot see (the opponent's hand, the deck's order) leaves them as they
// were, in both games. Reached through each game's GameModule, as the search reaches them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/features.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar {
namespace {

std::vector<double> features_of(const engine::ViewFeatures& features, const engine::State& state,
                                int seat) {
  std::vector<double> out(features.names().size(), -12345.0);
  features.compute(state, seat, out);
  return out;
}

void expect_view_only(const std::string& name) {
  const auto module = find_module(name);
  ASSERT_TRUE(module.has_value());
  ASSERT_TRUE(module->search);
  const auto features = module->search().features;
  ASSERT_NE(features, nullptr) << name;
  ASSERT_FALSE(features->names().empty());
  const auto game = find_game(name);
  int foe_hand_changed = 0;
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const auto state = engine::random_state(*game, 20 + 37 * static_cast<int>(seed), seed);
    if (state->is_terminal()) continue;
    for (int seat = 0; seat < 2; ++seat) {
      const std::vector<double> real = features_of(*features, *state, seat);
      for (const double x : real) ASSERT_NE(x, -12345.0) << name << ": a feature not written";
      engine::Rng rng(seed * 100 + static_cast<std::uint64_t>(seat));
      for (int k = 0; k < 8; ++k) {
        auto world = state->clone();
        world->resample_hidden(seat, rng);  // another hand for the opponent, same seat view
        ASSERT_EQ(world->view(seat), state->view(seat));
        if (world->view(1 - seat) != state->view(1 - seat)) ++foe_hand_changed;
        EXPECT_EQ(features_of(*features, *world, seat), real)
            << name << ", seed " << seed << ", seat " << seat;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100);
  // The test means something only if the opponent's hidden cards did change (they cannot where
  // the opponent holds no card or the deck is empty).
  EXPECT_GT(foe_hand_changed, 40) << name << ": " << compared << " worlds";
}

TEST(AiValueFeatures, UnchangedWhenTheOpponentsHiddenHandChangesPacificWar) {
  expect_view_only("pacific-war");
}

TEST(AiValueFeatures, UnchangedWhenTheOpponentsHiddenHandChangesCoProsperity) {
  expect_view_only("co-prosperity");
}

}  // namespace
}  // namespace pacwar
