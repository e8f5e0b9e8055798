// FROZEN: the search of main at commit c4de046 (player `mcts-v2`), the fixed baseline of
// issue 42. Do not change what it decides; src/ai/v2/decisions_test.cc checks recorded
// decisions. Copied from src/ai/rave.cc into namespace ai::v2.
#include "ai/v2/rave.h"

#include <algorithm>
#include <cmath>

namespace pacwar::ai::v2 {

void MoveRecord::index() {
  std::size_t size = 64;
  int bits = 6;
  while (size < 2 * moves_.size()) {
    size *= 2;
    ++bits;
  }
  if (slots_.size() < size) {
    slots_.assign(size, Slot{});
    shift_ = 64 - bits;
    stamp_ = 0;
  }
  if (++stamp_ == 0) {  // the stamps wrapped: forget every old slot
    std::fill(slots_.begin(), slots_.end(), Slot{});
    stamp_ = 1;
  }
  const std::size_t mask = slots_.size() - 1;
  for (const Entry& e : moves_) {
    std::size_t i = slot_of(e.key);
    while (slots_[i].stamp == stamp_ && slots_[i].key != e.key) i = (i + 1) & mask;
    slots_[i] = Slot{e.key, e.index, stamp_};  // moves come in order: the last index stays
  }
  indexed_ = true;
}

long long MoveRecord::last_index(int seat, engine::ActionCode action) const {
  if (!indexed_) return -1;
  const std::uint64_t k = seat_action_key(seat, action);
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = slot_of(k); slots_[i].stamp == stamp_; i = (i + 1) & mask) {
    if (slots_[i].key == k) return slots_[i].index;
  }
  return -1;
}

double rave_beta(double rave_k, std::uint32_t visits) {
  if (rave_k <= 0.0) return 0.0;
  return std::sqrt(rave_k / (3.0 * static_cast<double>(visits) + rave_k));
}

double rave_value(double rave_k, std::uint32_t visits, double total, const AmafStats& amaf) {
  const double mean = total / std::max(1.0, static_cast<double>(visits));
  if (rave_k <= 0.0 || amaf.visits == 0) return mean;
  const double beta = rave_beta(rave_k, visits);
  return (1.0 - beta) * mean + beta * amaf.total / static_cast<double>(amaf.visits);
}

}  // namespace pacwar::ai::v2
