// Positions for the search tests: a seeded random game's position where the acting seat has a
// choice, and another world of it that differs only in what that seat cannot see.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/game.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai::testing {

// A position of seeded random play, at least `actions` actions in, where the acting seat has at
// least `min_legal` actions (and, with `hidden`, something it cannot see: drawing the hidden
// cards again changes it); null when the game ends first.
inline std::unique_ptr<engine::State> position(const std::string& name, std::uint64_t seed,
                                               int actions, std::size_t min_legal,
                                               bool hidden = false) {
  const auto game = find_game(name);
  auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
  engine::RandomPlayer player;
  engine::Rng rng(seed);
  for (int done = 0; !state->is_terminal(); ++done) {
    if (done >= actions && !state->is_chance() && state->legal_actions().size() >= min_legal) {
      auto other = state->clone();
      engine::Rng probe(seed + 99);
      other->resample_hidden(state->current_seat(), probe);
      if (!hidden || other->hash() != state->hash()) return state;
    }
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
  return nullptr;
}

// `state` with the cards its acting seat cannot see drawn again (up to 100 tries from `seed`)
// so that the true state differs; null when no draw changed it.
inline std::unique_ptr<engine::State> hidden_variant(const engine::State& state,
                                                     std::uint64_t seed) {
  for (std::uint64_t k = 0; k < 100; ++k) {
    auto candidate = state.clone();
    engine::Rng rng(seed * 7 + k);
    candidate->resample_hidden(state.current_seat(), rng);
    if (candidate->hash() != state.hash()) return candidate;
  }
  return nullptr;
}

// The no-peeking tests' pairs: six seeded positions of `name` (2 seats) where the acting seat
// cannot see something, each with its hidden_variant; `check(state, other, seed)` is called on
// each pair whose views for the acting seat are equal (a position without a variant is
// skipped). Fails unless at least three pairs were checked.
template <class Check>
void for_each_hidden_pair(const std::string& name, Check&& check) {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto state = position(name, seed, 40 + 60 * static_cast<int>(seed), 2, true);
    ASSERT_NE(state, nullptr) << name << " seed " << seed;
    const auto other = hidden_variant(*state, seed);
    if (!other) continue;
    ASSERT_EQ(state->view(state->current_seat()), other->view(state->current_seat()));
    ++compared;
    check(*state, *other, seed);
  }
  EXPECT_GE(compared, 3) << name;
}

}  // namespace pacwar::ai::testing
