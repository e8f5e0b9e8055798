// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/time_manager.h into namespace ai::v2.
// Time management of a search with a time budget (`mcts:Nms,tm=1`): N ms is the AVERAGE per
// searched decision of a game, not a fixed slice of each.
//
// * A decision with one legal action is never searched and costs nothing (Mcts::search).
// * Early stop: the search ends as soon as the root's most visited action cannot be overtaken
//   by the runner-up in the iterations the remaining time allows (the move is then the one a
//   full search would have made, unless the runner-up gained every remaining iteration).
// * The time a decision does not use goes into a bank; a decision whose two most visited root
//   actions are close when its N ms are up goes on, paid from the bank, up to max_factor × N.
// The bank never lends: a decision's allowance is N plus what earlier decisions saved (less
// what they overran), so the mean time per searched decision stays at most N (plus the clock's
// granularity of one check).
#pragma once

#include <cstddef>
#include <vector>

namespace pacwar::ai::v2 {

class TimeBank {
 public:
  // `average_ms` > 0: the mean per decision; `max_factor` >= 1: a decision's cap in averages.
  TimeBank(double average_ms, double max_factor);

  double average_ms() const { return average_ms_; }
  double bank_ms() const { return bank_ms_; }
  // The time the next decision aims at without extension: N, less any debt (never below a
  // quarter of N, so that a decision always searches a little).
  double soft_ms() const;
  // The most the next decision may use: N plus the bank, at most max_factor × N.
  double hard_ms() const;
  // Books a finished decision that took `used_ms`.
  void charge(double used_ms);

 private:
  double average_ms_;
  double max_factor_;
  double bank_ms_ = 0.0;
};

// The two largest of `visits` (0 for a missing runner-up).
struct TopTwo {
  long long best = 0;
  long long second = 0;
  // Counts one more action's visits.
  void add(long long v) {
    if (v > best) {
      second = best;
      best = v;
    } else if (v > second) {
      second = v;
    }
  }
};
TopTwo top_two(const std::vector<long long>& visits);

// True when the most visited action stays the most visited whatever the next
// `remaining_iterations` iterations do (the runner-up would need more than all of them).
bool decided(TopTwo top, double remaining_iterations);

// True when the runner-up has at least `close_ratio` of the best action's visits: a decision
// worth more time.
bool close_call(TopTwo top, double close_ratio);

}  // namespace pacwar::ai::v2
