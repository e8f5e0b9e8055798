// Greater East Asia Co-Prosperity Sphere's blunder counters (engine/blunders.h; issue 36): what
// a side did that a human opponent punishes, counted from the states and actions of a game.
// Each counter's exact definition and its rules are in docs/ai.md, "Blunder counters", and
// above its code in blunders.cc. Measurements only: the search never reads them.
//
// No idle_initiative here: a card or a Resource Point is only ever spent on an Operation that
// the legal actions guarantee can be carried out (8.0: a stack that moves, a unit developed or
// replenished), so no spent card is followed by no action.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/blunders.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {

// The counters, in the order of CpsBlunders::names().
enum class Blunder : std::size_t {
  Suicide,    // 8.2.3, 8.3, 8.6, 8.6.5: an attacking stack eliminated having done no damage
  CardsLeft,  // 6.0: cards discarded unplayed at a turn's end (and left when the game ends)
  RoundTrip,  // 8.0-8.3: a card's or RP's move back to where the units stood before
  Count
};

class CpsBlunders final : public engine::BlunderCounterOf<CpsState> {
 public:
  std::vector<std::string> names() const override;
  std::vector<std::vector<long long>> counts() const override;
  void observe_state(const CpsState& before, engine::ActionCode action, int seat,
                     const CpsState& after) override;
  void finish_state(const CpsState& last) override;

  long long count(int side, Blunder blunder) const {
    return counts_[static_cast<std::size_t>(side)][static_cast<std::size_t>(blunder)];
  }

 private:
  void add(int side, Blunder blunder, long long n = 1) {
    counts_[static_cast<std::size_t>(side)][static_cast<std::size_t>(blunder)] += n;
  }
  void watch_battle(const CpsState& before, const CpsState& after);
  void end_battle(const CpsState& after);
  void watch_cards(const CpsState& before, const CpsState& after);
  void watch_round_trips(const CpsState& before, engine::ActionCode action, int seat,
                         const CpsState& after);

  std::array<std::array<long long, static_cast<std::size_t>(Blunder::Count)>, 2> counts_{};
  // The battle under way (8.6): its space, attacker, the attacker's units there at its start
  // (bit per unit) and whether any defending unit lost a step in it.
  int battle_ = -1;
  int attacker_ = -1;
  std::uint64_t attackers_ = 0;
  bool damage_done_ = false;
  // Round trips: the turn watched, the paid Operations numbered in it, and per unit where it
  // stood before its first paid move of the turn (-1: none yet) and in which Operation.
  int turn_ = -1;
  int op_ = 0;
  std::array<int, kMaxUnits> origin_{};
  std::array<int, kMaxUnits> origin_op_{};
};

std::unique_ptr<engine::BlunderCounter> make_blunder_counter();

}  // namespace pacwar::co_prosperity
