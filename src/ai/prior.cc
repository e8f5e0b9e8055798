#include "ai/prior.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pacwar::ai {

std::size_t choose_arm(const std::vector<PriorArm>& arms, std::uint32_t node_visits,
                       const PriorSettings& settings) {
  // First-play urgency: the mean reward of the arms tried so far.
  double tried_total = 0.0;
  double tried_visits = 0.0;
  for (const PriorArm& arm : arms) {
    tried_total += arm.total;
    tried_visits += arm.visits;
  }
  const double fpu = (tried_visits > 0.0 ? tried_total / tried_visits : 0.0) - settings.fpu;
  const double node_n = std::max(1.0, static_cast<double>(node_visits));
  std::size_t best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < arms.size(); ++i) {
    const PriorArm& arm = arms[i];
    const double n = arm.visits;
    const double available =
        arm.visits > 0 ? std::max(1.0, static_cast<double>(arm.available)) : node_n;
    const double q = arm.visits > 0 ? arm.total / n : fpu;
    double score = q + settings.bias * arm.prior / (1.0 + n);
    if (settings.puct > 0.0) {
      score += settings.puct * arm.prior * std::sqrt(available) / (1.0 + n);
    } else {
      score += settings.exploration * std::sqrt(std::log(available) / std::max(1.0, n));
    }
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

double doctrine_bonus(double mass, std::uint32_t available, std::uint32_t visits) {
  return mass * std::sqrt(static_cast<double>(std::max(1u, available))) /
         (1.0 + static_cast<double>(visits));
}

}  // namespace pacwar::ai
