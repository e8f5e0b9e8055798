#include "ai/rave.h"

#include <algorithm>
#include <cmath>

namespace pacwar::ai {

void MoveRecord::index() {
  last_.assign(moves_.begin(), moves_.end());
  // By key, then by index: the last entry of each key holds its largest index.
  std::sort(last_.begin(), last_.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.index < b.index;
  });
  std::size_t out = 0;
  for (std::size_t i = 0; i < last_.size(); ++i) {
    if (i + 1 < last_.size() && last_[i + 1].key == last_[i].key) continue;
    last_[out++] = last_[i];
  }
  last_.resize(out);
  sorted_ = true;
}

long long MoveRecord::last_index(int seat, engine::ActionCode action) const {
  if (!sorted_) return -1;
  const std::uint64_t k = seat_action_key(seat, action);
  const auto it = std::lower_bound(last_.begin(), last_.end(), k,
                                   [](const Entry& e, std::uint64_t v) { return e.key < v; });
  if (it == last_.end() || it->key != k) return -1;
  return it->index;
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

}  // namespace pacwar::ai
