// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/time_manager.cc into namespace ai::v2.
#include "ai/v2/time_manager.h"

#include <algorithm>
#include <stdexcept>

namespace pacwar::ai::v2 {

TimeBank::TimeBank(double average_ms, double max_factor)
    : average_ms_(average_ms), max_factor_(max_factor) {
  if (!(average_ms > 0.0) || !(max_factor >= 1.0)) {
    throw std::invalid_argument("time bank: average must be > 0 and the cap factor >= 1");
  }
}

double TimeBank::soft_ms() const {
  return std::max(0.25 * average_ms_, average_ms_ + std::min(0.0, bank_ms_));
}

double TimeBank::hard_ms() const {
  return std::clamp(average_ms_ + bank_ms_, soft_ms(), max_factor_ * average_ms_);
}

void TimeBank::charge(double used_ms) { bank_ms_ += average_ms_ - std::max(0.0, used_ms); }

TopTwo top_two(const std::vector<long long>& visits) {
  TopTwo top;
  for (const long long v : visits) top.add(v);
  return top;
}

bool decided(TopTwo top, double remaining_iterations) {
  return static_cast<double>(top.best - top.second) > remaining_iterations;
}

bool close_call(TopTwo top, double close_ratio) {
  return top.best > 0 &&
         static_cast<double>(top.second) >= close_ratio * static_cast<double>(top.best);
}

}  // namespace pacwar::ai::v2
