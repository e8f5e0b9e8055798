#include "ai/co_prosperity_policy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/state.h"

namespace pacwar::ai {
namespace {

namespace cp = pacwar::co_prosperity;

// Tuning constants of the evaluation (a tanh squash of a weighted sum).
constexpr double kSpreadBase = 1.5;     // space margin divided by this plus ...
constexpr double kSpreadPerTurn = 1.0;  // ... this per End of Turn Phase still to come
constexpr double kOneHomeNation = 0.6;  // one Allied nation's home space held (half of 4.1)
constexpr double kSuddenVictory = 3.0;  // two nations (4.1), or Japan lost (4.2): decided
constexpr double kMaterialWeight = 1.0;
constexpr double kCardWeight = 0.05;

double unit_value(const cp::UnitDef& def) { return def.attack + def.defense + 1.0; }

}  // namespace

CoProsperityScore score_co_prosperity(const engine::State& state) {
  const auto* s = dynamic_cast<const cp::CpsState*>(&state);
  if (s == nullptr) throw std::invalid_argument("not a Co-Prosperity state");
  const cp::Content& c = s->content();
  const cp::Control ctl = cp::compute_control(*s);
  CoProsperityScore score;
  score.spaces = cp::japanese_space_count(*s, ctl);
  score.needed = s->atlantic_used ? 7 : 8;
  unsigned nations = 0;
  for (int sp = 0; sp < cp::kNumSpaces; ++sp) {
    const cp::SpaceDef& d = c.spaces[static_cast<std::size_t>(sp)];
    if (!d.home) continue;
    if (d.nation == cp::kJapan) {
      if (ctl[static_cast<std::size_t>(sp)] == cp::kAllied) score.japan_lost = true;
    } else if (ctl[static_cast<std::size_t>(sp)] == cp::kJapanese) {
      nations |= 1u << d.nation;
    }
  }
  score.home_nations = std::popcount(nations);
  score.turns_left = std::max(1, cp::kLastTurn - s->turn + 1);

  std::array<double, 2> strength{};
  for (int u = 0; u < c.num_units(); ++u) {
    const cp::UnitState& us = s->units[static_cast<std::size_t>(u)];
    if (us.loc == cp::kLocPool || us.loc == cp::kLocRemoved) continue;
    const cp::UnitDef& def = c.units[static_cast<std::size_t>(u)];
    // Units on the Production Track count at half: they are coming, not there.
    const double steps = us.loc == cp::kLocTrack ? 0.5 * def.steps : us.steps;
    strength[static_cast<std::size_t>(c.side(u))] += steps * unit_value(def);
  }
  const double total = strength[0] + strength[1];
  score.material = total > 0.0 ? 2.0 * (strength[0] / total - 0.5) : 0.0;
  score.cards = cp::hand_size(*s, cp::kJapanese) - cp::hand_size(*s, cp::kAllied);

  double x = (score.spaces - score.needed + 0.5) /
                 (kSpreadBase + kSpreadPerTurn * (score.turns_left - 1)) +
             kMaterialWeight * score.material + kCardWeight * score.cards;
  if (score.home_nations >= 2) x += kSuddenVictory;
  if (score.home_nations == 1) x += kOneHomeNation;
  if (score.japan_lost) x -= kSuddenVictory;
  score.value = std::tanh(x);
  return score;
}

void CoProsperityEvaluator::evaluate(const engine::State& state,
                                     std::vector<double>& values) const {
  const double value = score_co_prosperity(state).value;
  values.assign(2, 0.0);
  values[0] = value;
  values[1] = -value;
}

engine::ActionCode CoProsperityPlayout::pick(const engine::State& state,
                                             const std::vector<engine::ActionCode>& legal,
                                             engine::Rng& rng) const {
  const auto& s = static_cast<const cp::CpsState&>(state);
  const int side = state.current_seat();
  bool destinations = false;
  for (const engine::ActionCode action : legal) {
    if (cp::decode(action).kind == cp::Kind::To) destinations = true;
  }
  cp::Control ctl{};
  if (destinations) ctl = cp::compute_control(s);
  auto weight = [&](engine::ActionCode action) {
    const cp::Act act = cp::decode(action);
    switch (act.kind) {
      case cp::Kind::Pass:
      case cp::Kind::NoReaction:
        return 0.3;
      case cp::Kind::Play:
      case cp::Kind::React:
        return 2.0;
      case cp::Kind::To: {
        // Into a space the enemy controls (combat or capture), home spaces most of all.
        if (act.a < 0 || act.a >= cp::kNumSpaces || side < 0) return 1.0;
        if (ctl[static_cast<std::size_t>(act.a)] == side) return 1.0;
        return s.content().spaces[static_cast<std::size_t>(act.a)].home ? 6.0 : 3.0;
      }
      default:
        return 1.0;
    }
  };
  double total = 0.0;
  for (const engine::ActionCode action : legal) total += weight(action);
  double target = rng.uniform() * total;
  for (const engine::ActionCode action : legal) {
    target -= weight(action);
    if (target < 0.0) return action;
  }
  return legal.back();
}

}  // namespace pacwar::ai
