// Driving any game by action ids, chance outcomes included: scripted dice and draws for tests
// and tools. Nothing here checks seats or keeps a log of actions; Session does that for play.
#pragma once

#include <string>
#include <vector>

#include "engine/game.h"

namespace pacwar::engine {

// The codes that may be applied now: the legal actions, or the chance outcomes.
inline std::vector<ActionCode> applicable(const State& state) {
  if (!state.is_chance()) return state.legal_actions();
  std::vector<ChanceOutcome> outcomes;
  state.chance_outcomes(outcomes);
  std::vector<ActionCode> codes;
  codes.reserve(outcomes.size());
  for (const auto& o : outcomes) codes.push_back(o.action);
  return codes;
}

inline std::vector<std::string> applicable_ids(const State& state) {
  std::vector<std::string> ids;
  for (ActionCode code : applicable(state)) ids.push_back(state.action_id(code));
  return ids;
}

inline bool is_applicable(const State& state, const std::string& id) {
  for (ActionCode code : applicable(state))
    if (state.action_id(code) == id) return true;
  return false;
}

// Applies the action or chance outcome with text id `id`. On failure returns false and, if
// `error` is given, says what was legal; the state is unchanged.
inline bool apply_scripted(State& state, const std::string& id, LogSink* log,
                           std::string* error = nullptr) {
  for (ActionCode code : applicable(state))
    if (state.action_id(code) == id) {
      state.apply(code, log);
      return true;
    }
  if (error != nullptr) {
    *error = "'" + id + "' is not legal at '" + state.prompt() + "'; legal:";
    for (const auto& legal : applicable_ids(state)) *error += " [" + legal + "]";
  }
  return false;
}

}  // namespace pacwar::engine
