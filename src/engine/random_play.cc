#include "engine/random_play.h"

#include <stdexcept>

namespace pacwar::engine {

ActionCode sample_outcome(const std::vector<ChanceOutcome>& outcomes, Rng& rng) {
  if (outcomes.empty()) throw std::logic_error("chance acts but offers no outcome");
  double total = 0.0;
  for (const ChanceOutcome& outcome : outcomes) total += outcome.probability;
  const double target = rng.uniform() * total;
  double cumulative = 0.0;
  for (const ChanceOutcome& outcome : outcomes) {
    cumulative += outcome.probability;
    if (target < cumulative) return outcome.action;
  }
  // Rounding: fall back on the last outcome that can happen at all.
  for (auto it = outcomes.rbegin(); it != outcomes.rend(); ++it) {
    if (it->probability > 0.0) return it->action;
  }
  return outcomes.back().action;
}

ActionCode RandomPlayer::pick(const State& state, Rng& player_rng, Rng& chance_rng) {
  if (state.is_chance()) {
    outcomes_.clear();
    state.chance_outcomes(outcomes_);
    return sample_outcome(outcomes_, chance_rng);
  }
  actions_.clear();
  state.legal_actions(actions_);
  if (actions_.empty()) {
    throw std::logic_error("seat " + std::to_string(state.current_seat()) +
                           " must act but has no legal action at " + state.prompt());
  }
  return actions_[player_rng.below(static_cast<std::uint32_t>(actions_.size()))];
}

void play_random_actions(Session& session, int actions, std::uint64_t seed) {
  Rng rng(seed);
  for (int i = 0; i < actions && !session.state().is_terminal(); ++i) {
    if (session.state().is_chance()) {
      session.resolve_chance();
      continue;
    }
    const auto legal = session.legal_ids();
    session.apply_id(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

std::unique_ptr<State> random_state(const Game& game, int actions, std::uint64_t seed) {
  auto state = game.new_initial_state(game.normalize_options(Json::object()));
  RandomPlayer player;
  Rng rng(seed);
  for (int i = 0; i < actions && !state->is_terminal(); ++i)
    state->apply(player.pick(*state, rng, rng), nullptr);
  return state;
}

}  // namespace pacwar::engine
