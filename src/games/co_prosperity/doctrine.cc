#include "games/co_prosperity/doctrine.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "engine/random_play.h"
#include "games/co_prosperity/ai_policy.h"
#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {
namespace {

constexpr double kTie = 1e-9;
// Japan goes to war on the US and the Commonwealth only when its production is at least this
// share of the Allies'.
constexpr double kWarShare = 0.8;
// An attack needs at least this ratio of attack to defence factors (8.6.2). 1.5 won fewer
// games against the heuristic player on both sides.
constexpr double kAttackOdds = 1.0;
// Japan declares war on the Commonwealth alone from this turn (1 = 1939).
constexpr int kCommonwealthWarTurn = 3;
// The look-ahead's share of a score: below every rule's step, so it only orders the actions
// the rules rank equal.
constexpr double kLookAheadShare = 0.1;

double unit_worth(const CpsState& s, int u) {
  const UnitDef& d = s.content().units[static_cast<std::size_t>(u)];
  return d.attack + d.defense + 1.0;
}

// Whether moving the units of `group` off `space` leaves Japan's home space without a Japanese
// unit (4.2). (The same rule for the Allies' home spaces and ports lost them games against the
// heuristic player: their few units must move.)
bool ungarrisons(const CpsState& s, int side, int space, std::uint64_t group) {
  if (side != kJapanese || space != s.content().japan) return false;
  for (int u = 0; u < s.content().num_units(); ++u) {
    if (s.units[static_cast<std::size_t>(u)].loc == space && s.content().side(u) == side &&
        ((group >> u) & 1u) == 0) {
      return false;
    }
  }
  return true;
}

// Attack (factors times steps) of `group` against the defence of the enemy at `space`.
double odds(const CpsState& s, int side, int space, std::uint64_t group) {
  const Content& c = s.content();
  double attack = 0.0;
  double defense = 0.0;
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitState& us = s.units[static_cast<std::size_t>(u)];
    const UnitDef& d = c.units[static_cast<std::size_t>(u)];
    if ((group >> u) & 1u) attack += us.steps * d.attack;
    if (us.loc == space && c.side(u) != side) defense += us.steps * d.defense;
  }
  return defense > 0.0 ? attack / defense : 10.0;
}

// Where the plan has no rule, a look one step ahead: the game's evaluation for `side` after
// `action` and the dice that follow it (one sampled world).
double look_ahead(const CpsState& s, int side, engine::ActionCode action, engine::Rng& rng) {
  std::unique_ptr<engine::State> world = s.clone();
  world->apply(action, nullptr);
  std::vector<engine::ChanceOutcome> outcomes;
  for (int step = 0; step < 64 && world->is_chance(); ++step) {
    outcomes.clear();
    world->chance_outcomes(outcomes);
    world->apply(engine::sample_outcome(outcomes, rng), nullptr);
  }
  if (world->is_terminal()) return world->returns()[static_cast<std::size_t>(side)];
  const double value = score_co_prosperity(*world).value;
  return side == kJapanese ? value : -value;
}

}  // namespace

double CoProsperityDoctrine::score(const CpsState& s, engine::ActionCode action) const {
  const Act act = decode(action);
  const int side = side_;
  switch (s.step) {
    case Step::Allocate:  // the cheapest unit takes the hit; the enemy's dearest when we choose
      if (act.kind != Kind::Hit) return 0.0;
      return s.content().side(act.a) == side ? -unit_worth(s, act.a) : unit_worth(s, act.a);
    case Step::DeclareJapanese:
      // 6.2: war on the US gives the Allies 4 PP more; war on the Commonwealth alone gives
      // them nothing and opens its weakly held spaces (Singapore, Borneo, Rangoon).
      if (act.kind != Kind::Declare) return 0.0;
      if ((act.a >> kUS) & 1) return japanese_pp(s) >= kWarShare * allied_pp(s) ? 1.0 : -1.0;
      return s.turn >= kCommonwealthWarTurn ? 0.5 : -1.0;
    case Step::DeclareAllied:
      // 6.2 / 7.2.1: a war Japan declares gives the Allies 4 PP, their own 2 for a price in
      // cards; they leave it to Japan (declaring from 1940, 1941 or 1942 lost them games
      // against the heuristic player).
      return act.kind == Kind::Declare ? -1.0 : 0.0;
    case Step::Operations: {
      if (act.kind == Kind::Pass) return -0.5;
      if (act.kind != Kind::Play || side != kAllied) return 0.0;
      // 8.9 / 4.3: the Atlantic reinforcements cost the Allies a space of Japan's target; the
      // Allies call them only when Japan is far from it.
      const Content::CardHot& card = s.content().card_hot[static_cast<std::size_t>(act.a)];
      const int icon = act.b & 0x7F;
      if (icon < card.num_icons &&
          card.icons[static_cast<std::size_t>(icon)].icon == Icon::Atlantic &&
          japanese_space_count(s, *ControlOf(s)) >= 5) {
        return -1.0;
      }
      return 0.0;
    }
    case Step::Destination:
      // Into an enemy stack only at even odds or better.
      if (act.kind == Kind::To && act.a < kNumSpaces && has_units(s, other(side), act.a) &&
          odds(s, side, act.a, s.op.picked) < kAttackOdds) {
        return -2.0;
      }
      return 0.0;
    case Step::PickFrom:
    case Step::PickUnits:
      // A move that gives up a space it holds only when nothing else moves.
      if (act.kind == Kind::Pick) {
        const std::uint64_t group = s.op.picked | (std::uint64_t{1} << act.a);
        if (costs_control(s, side, group)) return -1.0;
        if (ungarrisons(s, side, s.units[static_cast<std::size_t>(act.a)].loc, group)) return -1.0;
      }
      return 0.0;
    case Step::EndTurnMove:
      // End of Turn moves: back from a Retreat Box; otherwise stay, keeping every space held.
      if (act.kind != Kind::Move) return 0.0;
      if (s.units[static_cast<std::size_t>(act.a)].loc >= kNumSpaces) return 1.0;
      if (costs_control(s, side, std::uint64_t{1} << act.a) ||
          ungarrisons(s, side, s.units[static_cast<std::size_t>(act.a)].loc,
                      std::uint64_t{1} << act.a)) {
        return -2.0;
      }
      return -0.2;
    default:
      return 0.0;
  }
}

bool CoProsperityDoctrine::sound_prior_in(const CpsState& state) const {
  return state.step == Step::Allocate;
}

engine::ActionCode CoProsperityDoctrine::choose_in(const CpsState& state,
                                                   const std::vector<engine::ActionCode>& legal,
                                                   engine::Rng& rng) const {
  // The plan's best; among equals (most often all: the plan has no rule here) the best look
  // ahead, then the playout policy's heaviest, then the seed.
  std::vector<double> weights;
  CoProsperityPlayout().weights_in(state, legal, weights);
  std::vector<double> scores(legal.size());
  double top = -1e18;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    scores[i] = score(state, legal[i]);
    top = std::max(top, scores[i]);
  }
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (scores[i] > top - kTie)
      scores[i] += kLookAheadShare * look_ahead(state, side_, legal[i], rng);
  }
  double best_score = -1e18;
  double best_weight = -1.0;
  std::vector<engine::ActionCode> best;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double value = scores[i];
    const double weight = weights[i];
    if (value > best_score + kTie || (value > best_score - kTie && weight > best_weight + kTie)) {
      best_score = value;
      best_weight = weight;
      best.assign(1, legal[i]);
    } else if (value > best_score - kTie && weight > best_weight - kTie) {
      best.push_back(legal[i]);
    }
  }
  return best[rng.below(static_cast<std::uint32_t>(best.size()))];
}

}  // namespace pacwar::co_prosperity
