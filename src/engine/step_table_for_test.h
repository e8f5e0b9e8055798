// Test support for a game's table of steps (step_table.h), shared by the games' steps_test.cc:
// every step has one well-formed entry, and random games follow the table. Used by the
// *_test.cc files only.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/game.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "engine/step_table.h"

namespace pacwar::engine::testing {

// Every step has its own entry (the table's i-th entry is step i), well formed.
template <class Entry, std::size_t N>
void expect_every_step_has_one_entry(const StepTable<Entry, N>& table) {
  for (std::size_t i = 0; i < N; ++i) {
    ASSERT_NE(table[i], nullptr) << i;
    const Entry& entry = *table[i];
    EXPECT_EQ(static_cast<std::size_t>(entry.step), i);
    EXPECT_EQ(step_entry_problem(entry), "") << i;
  }
}

// Plays `games` random games (seeds 1, 2, ...; options_of(seed) their options) and checks at
// every step that chance acts exactly at the entries of StepActor::Chance and that a seat's
// step has legal actions; check(state, entry) checks what the game adds. The last entry of each
// game is StepActor::Terminal. `StateT` is the game's state (its step_entry() is the entry).
template <class StateT, class OptionsOf, class Check>
void expect_random_games_follow_table(const Game& game, int games, OptionsOf&& options_of,
                                      Check&& check) {
  RandomPlayer player;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
    Rng rng(seed);
    auto state = game.new_initial_state(game.normalize_options(options_of(seed)));
    const auto& typed = static_cast<const StateT&>(*state);
    while (!state->is_terminal()) {
      const auto& entry = typed.step_entry();
      EXPECT_EQ(state->is_chance(), entry.actor == StepActor::Chance) << entry.name;
      if (entry.actor == StepActor::Seat) {
        EXPECT_FALSE(state->legal_actions().empty()) << entry.name;
      }
      check(typed, entry);
      state->apply(player.pick(*state, rng, rng), nullptr);
    }
    EXPECT_EQ(typed.step_entry().actor, StepActor::Terminal);
  }
}

}  // namespace pacwar::engine::testing
