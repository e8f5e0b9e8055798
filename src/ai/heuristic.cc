#include "ai/heuristic.h"

#include <stdexcept>

#include "engine/random_play.h"
#include "engine/rng.h"

namespace pacwar::ai {

engine::ActionCode HeuristicPlayer::choose(const engine::State& state, std::uint64_t seed) {
  const int seat = state.current_seat();
  if (seat < 0) throw std::logic_error("heuristic: nobody to decide for (chance or terminal)");
  legal_.clear();
  state.legal_actions(legal_);
  if (legal_.empty()) throw std::logic_error("heuristic: no legal action at " + state.prompt());
  if (legal_.size() == 1) return legal_.front();

  engine::Rng rng(engine::splitmix64(seed ^ 0x6865757269ULL));  // "heuri"
  constexpr double kTie = 1e-9;
  double best_value = -2.0;
  best_.clear();
  for (const engine::ActionCode action : legal_) {
    double sum = 0.0;
    int samples = 0;
    bool chance_followed = false;
    do {
      std::unique_ptr<engine::State> world = state.clone();
      world->resample_hidden(seat, rng);
      world->apply(action, nullptr);
      for (int step = 0; step < config_.max_chance_steps && world->is_chance(); ++step) {
        chance_followed = true;
        outcomes_.clear();
        world->chance_outcomes(outcomes_);
        world->apply(engine::sample_outcome(outcomes_, rng), nullptr);
      }
      evaluate_or_score(policies_, *world, values_);
      sum += values_[static_cast<std::size_t>(seat)];
      ++samples;
    } while (chance_followed && samples < config_.chance_samples);
    const double value = sum / samples;
    if (value > best_value + kTie) {
      best_value = value;
      best_.clear();
      best_.push_back(action);
    } else if (value > best_value - kTie) {
      best_.push_back(action);
    }
  }
  // Equal values (most moves change nothing measurable at once): the playout policy's taste.
  return best_.size() == 1 ? best_.front() : policies_.playout->pick(state, best_, rng);
}

}  // namespace pacwar::ai
