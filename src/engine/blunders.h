// Blunder counters: measurements of the mistakes a human opponent punishes (issue 36), counted
// from the states and actions of a played game. The interface is game-agnostic; each game
// implements it against its own state beside its rules (games/<game>/blunders.h) and hands it
// out through its GameModule (engine/game_module.h). The counters only describe what a seat
// did: nothing in the search reads them. Definitions: docs/ai.md, "Blunder counters".
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/policy.h"

namespace pacwar::engine {

// Watches one game from its initial state: every action applied (chance outcomes included),
// then the last state. Stateful: one counter per game.
class BlunderCounter {
 public:
  virtual ~BlunderCounter() = default;
  // The counters' names ("suicide", ...), in the order of counts()'s columns.
  virtual std::vector<std::string> names() const = 0;
  // `action` was applied to `before`, by `seat` (kChanceSeat for chance), giving `after`.
  virtual void observe(const State& before, ActionCode action, int seat, const State& after) = 0;
  // The game ended (or was stopped) in `last`; called once, after the last observe().
  virtual void finish(const State& last) = 0;
  // counts()[seat][i]: how often `seat` did names()[i] so far.
  virtual std::vector<std::vector<long long>> counts() const = 0;
};

// A BlunderCounter written against its game's state type S (engine/policy.h, module_state).
template <class S>
class BlunderCounterOf : public BlunderCounter {
 public:
  void observe(const State& before, ActionCode action, int seat, const State& after) final {
    observe_state(module_state<S>(before), action, seat, module_state<S>(after));
  }
  void finish(const State& last) final { finish_state(module_state<S>(last)); }
  virtual void observe_state(const S& before, ActionCode action, int seat, const S& after) = 0;
  virtual void finish_state(const S& last) = 0;
};

// The counts of some games, per seat: the decisions (actions of the seat with at least two
// legal actions) and each counter's count. A value type; tallies of the same game add up.
struct BlunderTally {
  std::vector<std::string> names;              // the counters, as BlunderCounter::names
  std::vector<long long> decisions;            // per seat
  std::vector<std::vector<long long>> counts;  // per seat, per name

  // A tally of `seats` seats with nothing counted yet.
  static BlunderTally empty(std::vector<std::string> names, int seats);
  bool is_empty() const { return names.empty(); }
  // Adds `other` (same names and seats; an empty `other` adds nothing, and an empty tally
  // takes `other`'s shape).
  void add(const BlunderTally& other);
  // Adds `other`'s figures of `seat` only (the ladder: a player's games on one side).
  void add_seat(const BlunderTally& other, int seat);
  // Adds a finished game's counter.
  void add(const BlunderCounter& counter, const std::vector<long long>& seat_decisions);
  // {"decisions": 812, "suicide": {"count": 3, "per_100": 0.37}, ...} of one seat.
  Json seat_json(int seat) const;
  // "japanese: 812 decisions; suicide 3 (0.37/100), ..." (no newline).
  std::string seat_text(int seat, const std::string& seat_name) const;
};

}  // namespace pacwar::engine
