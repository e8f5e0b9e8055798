// Prior knowledge in the search tree (`mcts:...,prior=W` and `,puct=C`): the game's playout
// policy says how likely it is to pick each legal action (engine::PlayoutPolicy::weights), and
// the tree uses that as a prior P(a) when it chooses among a node's children:
//
// * progressive bias (Chaslot et al. 2008): UCB + W·P(a)/(1 + n(a));
// * PUCT (Rosin 2011; as AlphaZero uses it): Q(a) + C·P(a)·√N(a)/(1 + n(a)), where N(a) is the
//   availability count of a (how often it was legal at the node: the single-observer ISMCTS's
//   stand-in for the parent's visits), replacing the UCB term;
// * first-play urgency: an action not yet tried at the node is not tried before all others (as
//   plain UCB does); it competes with the tried ones with the mean value of those as its Q
//   (minus `fpu`), n = 0 and N = the node's visits, so a high prior gets it tried early and a
//   low one may never be.
//
// Off unless W or C is set; `mcts-v1` never uses it.
//
// The doctrine as a prior (`mcts:...,dprior=M`, issue 42): at a tree node visited at least
// `dpmin` times the game's doctrine player (engine/doctrine.h) chooses once, on the world of
// that iteration (drawn from the searching seat's view: never the true hidden state), and the
// child of its choice gets doctrine_bonus() on top of its UCB value whenever it is legal; it is
// also expanded before the node's other untried actions. So near-ties go to the doctrine's
// choice, and an action whose mean is better by more than about 2M/√N still gets most visits.
// `,dpseat=own` asks the doctrine at the searching seat's nodes only (the opponent's model is
// left to UCB); `,dpsteps=sound` only at the prompts where the game's doctrine declares itself
// a sound prior (engine::Doctrine::sound_prior: rules of the game, such as hit allocation, not
// a plan); elsewhere the node is searched as without `dprior`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pacwar::ai {

struct PriorSettings {
  double exploration = 0.7;  // the UCB constant (not used with PUCT)
  double bias = 0.0;         // W of progressive bias; 0 = none
  double puct = 0.0;         // C of PUCT; 0 = UCB
  double fpu = 0.0;          // first-play urgency: subtracted from the tried actions' mean

  bool on() const { return bias > 0.0 || puct > 0.0; }
};

// One legal action at a node: its prior and, once tried, its statistics for the seat choosing.
struct PriorArm {
  double prior = 0.0;
  std::uint32_t visits = 0;     // 0: not tried yet at this node
  std::uint32_t available = 0;  // iterations in which it was legal here
  double total = 0.0;           // sum of rewards
};

// The index of the arm to follow (the first of equal scores); `node_visits` is how often the
// node was visited. `arms` must not be empty.
std::size_t choose_arm(const std::vector<PriorArm>& arms, std::uint32_t node_visits,
                       const PriorSettings& settings);

// The doctrine's bonus for a child tried `visits` times and legal `available` times at its
// node: M·√available/(1 + visits) (PUCT's term with prior mass M), so at equal means the
// doctrine's choice is visited about M·√N/Δ times more than a rival worse by Δ would need.
double doctrine_bonus(double mass, std::uint32_t available, std::uint32_t visits);

}  // namespace pacwar::ai
