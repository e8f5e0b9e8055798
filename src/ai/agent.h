// Computer players by name: "random", "heuristic", "mcts", "mcts:N" (N iterations),
// "mcts:easy|normal" (200 / 1,000 iterations), "mcts:hard|expert" (1 s / 3 s a decision on two
// threads, managed: ai/mcts.h, mcts_level), "mcts:Nms" (N milliseconds per decision); mcts-v1 and
// mcts-v2 keep their own levels (hard = 4,000 iterations, no expert); a search spec may add
// ",c=X" (UCB exploration constant), ",depth=N" (playout depth), ",reuse=0|1" (tree reuse
// between decisions, off by default; mcts-v1 never reuses) and ",split=even|shared" (how threads
// divide an iteration budget; shared by default), e.g. "mcts:2000,c=0.5". ",tm=1" (mcts, oracle)
// manages a time budget: Nms becomes the mean per searched decision of a game, with early stops
// and close calls paid from the time saved (ai/time_manager.h; ",tmmax=X" caps a decision at X
// means, ",tmclose=R" sets what a close call is).
// ",eval=model" (mcts, oracle and heuristic: "heuristic,eval=model") scores positions with the
// learned value model of data/<game>/value_model.json (ai/value_model.h) instead of the game's
// hand-written evaluator ("eval=game", the default); ",eval=blend" the mean of the two.
// "doctrine" plays the game's hand-written plan for its seat (engine/doctrine.h; docs/ai.md,
// "Doctrine players"), deciding on a world redrawn from its seat's view.
// "mcts-v1[:...]" is the frozen search of commit 940a9ac (src/ai/v1/), the fixed baseline of the
// rating ladder. "oracle[:...]" searches the TRUE state, hidden cards included: a measurement
// of what hidden information costs, never offered to players (play and serve refuse it).
// "mcts-v2[:...]" (",c=X", ",depth=N" and ",reuse=0|1" only) is the frozen search of commit
// c4de046 (src/ai/v2/), the baseline of issue 42.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ai/heuristic.h"
#include "ai/mcts.h"
#include "engine/game.h"

namespace pacwar::ai {

struct AgentSpec {
  enum class Kind {
    kRandom,
    kHeuristic,
    kMcts,
    kMctsV1,
    kOracle,
    kMctsV2,    // the frozen search of c4de046 (src/ai/v2/)
    kDoctrine,  // the game's doctrine player (engine/doctrine.h)
  };
  Kind kind = Kind::kRandom;
  MctsConfig mcts;          // kMcts, kMctsV1, kMctsV2, kOracle (budget, threads, c, depth)
  bool model_eval = false;  // eval=model: the learned value model (kMcts, kOracle, kHeuristic)
  bool blend_eval = false;  // eval=blend: the mean of the model and the game's evaluator
};

// nullopt for an unknown name.
std::optional<AgentSpec> parse_agent_spec(std::string_view text);

class Agent {
 public:
  virtual ~Agent() = default;
  // An action legal in `state` for the seat to act; the same (visible state, seed) give the
  // same action when the budget is in iterations and the agent does not remember().
  virtual engine::ActionCode choose(const engine::State& state, std::uint64_t seed) = 0;
  // Whether a choice also draws on the agent's earlier searches in the game (tree reuse, a kept
  // MAST table): such an agent plays as measured only when it is kept for the seat's next
  // decision.
  virtual bool remembers() const { return false; }
};

// `game` selects the evaluator and playout policy (eval=model: throws engine::DataError when the
// game's model file is missing or malformed); `threads` overrides the MCTS thread count
// when > 0; < 0 means one search thread per hardware thread; 0 keeps the spec's count.
// The policies an agent of `spec` searches with: the game's, with the learned value model as
// the evaluator for eval=model (engine::DataError when its file is missing or malformed).
GamePolicies agent_policies(const AgentSpec& spec, const std::string& game, int seats);

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const std::string& game, int seats,
                                  int threads = 0);

}  // namespace pacwar::ai
