// The Pacific War's blunder counters (engine/blunders.h; issue 36): what a side did that a
// human opponent punishes, counted from the states and actions of a game. Each counter's exact
// definition and its rules are in docs/ai.md, "Blunder counters", and above its code in
// blunders.cc. Measurements only: the search never reads them.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/blunders.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {

// The counters, in the order of PwBlunders::names().
enum class Blunder : std::size_t {
  Suicide,          // 9.0, 9.2.5: an attacking group sunk in its battle having scored no hit
  IdleInitiative,   // 8.2, 8.3: a card discarded for the Initiative, then no action taken
  CardsLeft,        // 7.1, 8.4: cards left in hand when the game ends
  OpsCompleteIdle,  // 10.4, 10.5: a capital ship left Ops Complete that a free return readied
  RoundTrip,        // 8.9, 8.10, 8.11: a Strategy Action move back to where the units started
  Count
};

class PwBlunders final : public engine::BlunderCounterOf<PwState> {
 public:
  std::vector<std::string> names() const override;
  std::vector<std::vector<long long>> counts() const override;
  void observe_state(const PwState& before, engine::ActionCode action, int seat,
                     const PwState& after) override;
  void finish_state(const PwState& last) override;

  long long count(int side, Blunder blunder) const {
    return counts_[static_cast<std::size_t>(side)][static_cast<std::size_t>(blunder)];
  }

 private:
  void add(int side, Blunder blunder) {
    ++counts_[static_cast<std::size_t>(side)][static_cast<std::size_t>(blunder)];
  }
  void watch_battle(const PwState& before, engine::ActionCode action, const PwState& after);
  void end_battle(const PwState& after);
  void watch_initiative(const PwState& before, engine::ActionCode action, int seat);
  void watch_readying(const PwState& before, const PwState& after);
  void note_returns(const PwState& s);  // at a 10.4 prompt: the ships a free return would ready
  void watch_round_trips(const PwState& before, engine::ActionCode action, int seat,
                         const PwState& after);

  std::array<std::array<long long, static_cast<std::size_t>(Blunder::Count)>, 2> counts_{};
  // The battle under way (9.0): its OZ, attacker, the attacker's units there at its start, and
  // whether the attacker's fire scored a hit (9.2.3).
  int battle_oz_ = -1;
  int attacker_ = -1;
  UnitMask attackers_{};
  bool attacker_hit_ = false;
  // 8.2: the side's last own action was a discard for the Initiative.
  std::array<bool, 2> paid_initiative_{};
  // 10.4: per side, the Ops Complete capital ships that could Return to Port to a Port that
  // readies them for free (10.5), taken at the start of the side's 10.4 sub-phase of `turn`.
  std::array<UnitMask, 2> could_ready_{};
  std::array<int, 2> could_ready_turn_{{-1, -1}};
  // Round trips: the turn watched, the Strategy Action moves numbered in it, and per unit where
  // it stood before its first Strategy Action move of the turn (-1: none yet) and in which move.
  int turn_ = -1;
  int move_ = 0;
  std::array<std::int16_t, kMaxUnits> origin_{};
  std::array<int, kMaxUnits> origin_move_{};
};

std::unique_ptr<engine::BlunderCounter> make_blunder_counter();

}  // namespace pacwar::pacific_war
