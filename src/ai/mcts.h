// Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
// 2012), generic over engine::State.
//
// Every iteration clones the real state and calls resample_hidden(seat) with the searcher's own
// generator, so the search sees one world consistent with what the acting seat knows, then
// plays it with the game's real apply(). One tree per thread is shared by all those worlds: a
// node is a sequence of actions from the root; selection only considers the children legal in
// the current world and uses their availability counts (how often they were legal) in UCB.
// Chance acts by chance_outcomes probabilities. Playouts use the game's playout policy and stop
// after `playout_depth` actions (by default the game's), where the game's evaluator scores the
// position; a game may also set a horizon (PlayoutPolicy::stop) that neither the tree nor the
// playouts go past, so that every root action is scored at the same point of the game.
//
// Root parallelism: each thread has its own tree and generator; root visit counts are summed.
// With an iteration budget and one thread (or MctsConfig::even_split) the decision depends only
// on (visible state, seed, config); otherwise the threads share the budget as they are scheduled.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/policy.h"
#include "ai/time_manager.h"
#include "engine/game.h"

namespace pacwar::ai {

struct MctsConfig {
  int iterations = 1000;  // total over all threads; 0 = no limit (then time_ms must be set)
  double time_ms = 0.0;   // wall-clock budget per decision; 0 = none
  int threads = 1;        // 0 = one per hardware thread (root parallel on all cores)
  // UCB constant for rewards in [-1, 1] (`,c=X`); negative: the game's (GamePolicies::exploration),
  // the constant an SPRT run passed there (docs/ai.md).
  double exploration = -1.0;
  int playout_depth = 0;    // actions (chance included) played after leaving the tree; 0: the
                            // game's default (GamePolicies::playout_depth)
  bool see_hidden = false;  // oracle: search the true state (no resampling); measurement only
  // Keeps the subtree of the chosen action when the next search starts where that action led
  // (the same seat deciding again with nothing else between, as the seat sees it), and with it
  // MAST's table. `,reuse=1` / `,reuse=0`; negative: the game's (GamePolicies::reuse_tree), on
  // where an SPRT run passed it (docs/ai.md).
  int reuse_tree = -1;
  // With several threads and an iteration budget, each thread takes the next iteration from a
  // budget shared by all (no thread waits for another at the end of a search), so the split
  // between the threads, and with it the decision, depends on the scheduling. even_split gives
  // each thread a fixed share instead: reproducible for a seed, but the search lasts as long as
  // its slower thread (`,split=even` in a player spec).
  bool even_split = false;
  // Time management of a time budget (ai/time_manager.h, `,tm=1`): time_ms becomes the mean per
  // searched decision of this Mcts object (a game's player): a search stops once its best root
  // action is decided, and a close call goes on with the time saved, up to tm_max_factor ×
  // time_ms. On an iteration budget with one thread it only stops once the decision cannot
  // change (the same action as the full search, fewer iterations). Off by default until an SPRT
  // run passes it (docs/ai.md).
  // Progressive widening: a node visited n times considers at most widening × √n of the
  // actions legal in the world at hand, added in the playout policy's order (`,pw=K`); 0 = off
  // (every legal action is tried once before UCB chooses). Off until an SPRT run passes it.
  double widening = 0.0;
  // RAVE (ai/rave.h, `,rave=K`): the UCB value blends each child's mean with its all-moves-as-
  // first mean, β = √(K / (3n + K)); 0 = off. MAST (ai/mast.h, `,mast=E`): with probability E a
  // playout move is the legal action of best mean reward in the search so far; 0 = off. Both off
  // in a game until an SPRT run passes them there (docs/ai.md). Negative: the game's
  // (GamePolicies::rave, ::mast).
  double rave = -1.0;
  double mast = -1.0;
  // What MAST's table keeps from one search of this Mcts object (a game's player) to the next
  // (`,mastkeep=K`): every weight multiplied by K in [0, 1); 0 empties it (ai/mast.h).
  double mast_keep = 0.0;
  // MAST also orders a node's expansions (`,mastexp=1`): with probability E the untried action
  // of best MAST mean is expanded next, instead of the playout policy's pick. Negative: the
  // game's (GamePolicies::mast_expand); 0 off.
  int mast_expand = -1;
  // NST 2-grams with MAST (`,nst=K`, ai/mast.h): a MAST playout move scores each legal action
  // also by its mean after the iteration's previous decision, once that pair has K samples;
  // 0 off.
  double nst = 0.0;
  // Prior knowledge in the tree from the playout policy (ai/prior.h): progressive bias W
  // (`,prior=W`), PUCT constant C (`,puct=C`), first-play urgency reduction (`,fpu=X`). Off
  // (0) until an SPRT run passes it.
  double prior_bias = 0.0;
  double puct = 0.0;
  double fpu = 0.0;
  bool time_manage = false;
  double tm_max_factor = 3.0;  // `,tmmax=X`
  double tm_close = 0.5;       // runner-up / best root visits that make a close call; `,tmclose=X`
  // The game's doctrine as the tree's prior (ai/prior.h, `,dprior=M`): at a node visited at
  // least `doctrine_min_visits` times (`,dpmin=T`) the doctrine's choice, made on that
  // iteration's sampled world, gets doctrine_bonus(M) and is expanded first. 0: off (not
  // measured better: docs/ai.md, "Issue 42").
  double doctrine_prior = 0.0;
  int doctrine_min_visits = 8;
  // Where the doctrine prior applies: `,dpseat=own` only at the searching seat's nodes (the
  // opponent's are left to UCB); `,dpsteps=sound` only at the prompts where the game's doctrine
  // declares itself a sound prior (engine::Doctrine::sound_prior). Both off: every node.
  bool doctrine_own_seat = false;
  bool doctrine_sound_steps = false;
};

// The levels (docs/ai.md, "Levels with time budgets"): "easy" and "normal" are iteration
// budgets on one thread (200, 1,000; reproducible for a seed); "hard" and "expert" are what a
// person waits for: kHardMs and kExpertMs a searched decision on two threads, with time
// management when kLevelsManageTime (a decision takes at most max factor × the budget). The old
// 4,000-iteration "hard" is "mcts:4000". False for an unknown name.
inline constexpr double kHardMs = 1000.0;
inline constexpr double kExpertMs = 3000.0;
inline constexpr bool kLevelsManageTime = true;
inline constexpr double kHardMaxFactor = 2.0;    // at most 2 s a decision
inline constexpr double kExpertMaxFactor = 1.5;  // at most 4.5 s a decision (p95 target: 5 s)
bool mcts_level(const std::string& name, MctsConfig& config);

struct MctsResult {
  engine::ActionCode action = 0;
  long long iterations = 0;                 // over all threads
  std::vector<engine::ActionCode> actions;  // the root's legal actions
  std::vector<long long> visits;            // merged root visits, parallel to `actions`
  std::vector<double> values;  // mean reward of each root action for the acting seat (0 unvisited)
  double ms = 0.0;             // wall clock of the search
  bool stopped_early = false;  // time management: ended before its time because decided
};

class Mcts {
 public:
  Mcts(MctsConfig config, GamePolicies policies);
  ~Mcts();
  Mcts(const Mcts&) = delete;
  Mcts& operator=(const Mcts&) = delete;

  // Chooses an action for the seat to act in `root` (which must not be chance or terminal).
  // With reuse_tree, the result also depends on the previous search of this object (an
  // iteration budget stays deterministic for the same sequence of searches).
  MctsResult search(const engine::State& root, std::uint64_t seed);

  const MctsConfig& config() const { return config_; }
  // Time management: the time saved so far in this game (0 before the first managed search).
  double bank_ms() const { return bank_ ? bank_->bank_ms() : 0.0; }

 private:
  class Searcher;
  MctsConfig config_;
  GamePolicies policies_;
  std::vector<std::unique_ptr<Searcher>> searchers_;  // one per thread, reused between moves
  // The state after the last chosen action when the same seat decides next (tree reuse).
  std::uint64_t expected_hash_ = 0;
  int expected_seat_ = -1;
  engine::ActionCode last_action_ = 0;
  std::optional<TimeBank> bank_;  // time_manage: the time saved by earlier decisions
};

}  // namespace pacwar::ai
