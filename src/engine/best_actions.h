// The best actions of a prompt by a score, for the playout policies that follow a rule of
// thumb at some prompts (a game's doctrine, engine/doctrine.h): pick one of them, or mix them
// into the policy's weights with the same probabilities.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace pacwar::engine {

// Scores within this of the best are the best too.
inline constexpr double kBestScoreTie = 1e-9;

// The best score of `legal` (never empty) by `score` (ActionCode -> double, higher is better)
// and how many actions have it; each action's score also goes to `scores` when given (room for
// legal.size()).
struct BestScore {
  double score = -1e300;
  int count = 0;
};
template <class Score>
BestScore best_score(const std::vector<ActionCode>& legal, Score&& score,
                     double* scores = nullptr) {
  BestScore best;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double value = score(legal[i]);
    if (scores != nullptr) scores[i] = value;
    if (value > best.score + kBestScoreTie) {
      best = {value, 1};
    } else if (value > best.score - kBestScoreTie) {
      ++best.count;
    }
  }
  return best;
}

// One of the best actions of `legal` by `score`, each as likely. Each score is worked out once
// when `legal` has at most 64 actions, else twice (with the same result).
template <class Score>
ActionCode pick_best(const std::vector<ActionCode>& legal, Score&& score, Rng& rng) {
  std::array<double, 64> scores;
  const bool buffered = legal.size() <= scores.size();
  const BestScore best = best_score(legal, score, buffered ? scores.data() : nullptr);
  auto left = rng.below(static_cast<std::uint32_t>(best.count));
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double value = buffered ? scores[i] : score(legal[i]);
    if (value > best.score - kBestScoreTie && left-- == 0) return legal[i];
  }
  return legal.back();  // not reached: `score` is the same function both times
}

// `out` (probabilities over `legal`, summing to 1) when a policy picks one of the best actions
// by `score` with probability `share` and otherwise as `out` says.
template <class Score>
void mix_best(const std::vector<ActionCode>& legal, Score&& score, double share,
              std::vector<double>& out) {
  const BestScore best = best_score(legal, score);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    out[i] *= 1.0 - share;
    if (score(legal[i]) > best.score - kBestScoreTie) out[i] += share / best.count;
  }
}

}  // namespace pacwar::engine
