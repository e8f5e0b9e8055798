#include "games/pacific_war/ai_policy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "engine/best_actions.h"
#include "games/pacific_war/actions.h"
#include "games/pacific_war/doctrine.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/state.h"

namespace pacwar::pacific_war {
namespace {

namespace pw = pacwar::pacific_war;

// Tuning constants of the evaluation (a logistic-like squash of a weighted sum).
// Projected VP margins are divided by this spread, which grows with the Victory Phases left:
// the further the end, the less a margin today decides the game.
constexpr double kMarginSpread = 2.0;
constexpr double kMarginSpreadPerTurn = 1.5;
// Per unit of (own fraction afloat - foe's). 0.75 since 24 November 2026 (was 1.5): the search
// at 1,000 iterations scored better with it (docs/ai.md, "The material weight").
constexpr double kMaterialWeight = 0.75;
constexpr double kCardWeight = 0.08;      // per card in hand
constexpr double kLaterTurnWeight = 0.5;  // weight of control persisting into later turns
// A port the side can invade in the coming Supply Phase (10.2: naval units present, no enemy
// units, Ground Strength from the units plus cards in hand reaching the Port's VP value) counts
// this share of its VP as already won: the enemy may still come back before then.
constexpr double kInvasionShare = 0.7;

double unit_strength(const pw::UnitDef& def) {
  return static_cast<double>(def.airstrike + def.gunnery + def.defense) + 1.0;
}

// Fraction (0..1) of the strength `side` has brought into the game that is still afloat,
// weighted by readiness: Ready 1, Ops Complete 0.8, under repair 0.5, sunk 0.
double material(const pw::PwState& s, int side) {
  const pw::Content& c = s.content();
  double have = 0.0;
  double total = 0.0;
  for (int u = 0; u < c.num_units(); ++u) {
    const pw::UnitDef& def = c.units[static_cast<std::size_t>(u)];
    if (def.side != side) continue;
    const pw::UnitState& us = s.units[static_cast<std::size_t>(u)];
    if (us.loc == pw::kLocPool || us.loc == pw::kLocRemoved) continue;
    if (us.loc == pw::kLocTrack && (us.flags & pw::kRepairing) == 0) continue;  // not arrived
    const double strength = unit_strength(def);
    total += strength;
    if (us.loc == pw::kLocSunk) continue;
    if (us.loc == pw::kLocTrack) {
      have += 0.5 * strength;
    } else {
      have += (us.flags & pw::kReady) != 0 ? strength : 0.8 * strength;
    }
  }
  return total > 0.0 ? have / total : 0.0;
}

double kind_weight(pw::Kind kind) {
  switch (kind) {
    case pw::Kind::Capture:
      return 10.0;
    case pw::Kind::All:
      return 4.0;
    case pw::Kind::Ground:
      return 4.0;
    case pw::Kind::MoveFrom:
    case pw::Kind::Ready:
      return 2.0;
    case pw::Kind::Counterattack:
      return 1.5;
    case pw::Kind::FleetTrain:
      return 0.5;
    case pw::Kind::Skip:
      return 0.2;
    case pw::Kind::Resupply:
      return 0.5;
    default:
      return 1.0;
  }
}

// VPs per Victory Phase that `side` would add by invading the enemy ports it sits in (10.2),
// spending cards of its hand on the cheapest shortfalls first. Everything read here is public
// (unit positions, port markers, hand sizes).
double invasion_potential(const pw::PwState& s, int side) {
  const pw::Content& c = s.content();
  std::array<int, pw::kMaxOz> points{};
  std::array<std::uint8_t, pw::kMaxOz> present{};  // bit per side; 4: a naval unit of `side`
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = s.units[static_cast<std::size_t>(u)].loc;
    if (loc >= pw::kMaxOz || loc >= c.num_ozs()) continue;
    const pw::UnitDef& def = c.units[static_cast<std::size_t>(u)];
    present[static_cast<std::size_t>(loc)] |= static_cast<std::uint8_t>(1u << def.side);
    if (def.side != side || !def.is_naval()) continue;
    present[static_cast<std::size_t>(loc)] |= 4u;
    if (def.type != pw::UnitType::TorpedoCruiser) {  // 13.2
      points[static_cast<std::size_t>(loc)] += def.airstrike + def.gunnery;
    }
  }
  struct Target {
    int shortfall;
    int vp;
  };
  std::array<Target, pw::kMaxOz> targets{};
  int n = 0;
  const int per = std::max(1, c.ground_points_per_strength);
  for (int oz = 0; oz < c.num_ozs(); ++oz) {
    const pw::OzDef& d = c.ozs[static_cast<std::size_t>(oz)];
    const auto o = static_cast<std::size_t>(oz);
    if (!d.port || s.port_owner[o] != 1 - side || (present[o] & 4u) == 0) continue;
    if ((present[o] & (1u << (1 - side))) != 0) continue;
    targets[static_cast<std::size_t>(n++)] = {std::max(0, d.vp - points[o] / per), d.vp};
  }
  std::sort(targets.begin(), targets.begin() + n,
            [](const Target& x, const Target& y) { return x.shortfall < y.shortfall; });
  int cards = pw::hand_size(s, side);
  double gain = 0.0;
  for (int i = 0; i < n; ++i) {
    const Target& t = targets[static_cast<std::size_t>(i)];
    if (t.shortfall > cards) break;
    cards -= t.shortfall;
    gain += t.vp;
  }
  return gain;
}

}  // namespace

PacificWarScore score_pacific_war(const engine::State& state) {
  const auto* s = dynamic_cast<const pw::PwState*>(&state);
  if (s == nullptr) throw std::invalid_argument("not a Pacific War state");
  return score_pacific_war(*s);
}

PacificWarScore score_pacific_war(const pw::PwState& state) {
  const pw::PwState* s = &state;
  PacificWarScore score;
  score.vp_track = s->vp;
  const int jb = pw::base_count(*s, pw::kJapanese);
  const int ab = pw::base_count(*s, pw::kAllied);
  score.per_turn = pw::port_vp(*s, pw::kJapanese) - pw::port_vp(*s, pw::kAllied) +
                   (jb > ab   ? 1
                    : ab > jb ? -1
                              : 0);
  score.invasion = invasion_potential(*s, pw::kJapanese) - invasion_potential(*s, pw::kAllied);
  score.victory_phases_left = std::max(0, pw::kLastTurn - std::max<int>(s->turn, 1) + 1);
  score.japanese_material = material(*s, pw::kJapanese);
  score.allied_material = material(*s, pw::kAllied);
  score.material = score.japanese_material - score.allied_material;
  score.cards = pw::hand_size(*s, pw::kJapanese) - pw::hand_size(*s, pw::kAllied);
  double projected = score.vp_track;
  if (score.victory_phases_left > 0) {
    projected += (score.per_turn + kInvasionShare * score.invasion) *
                 (1.0 + kLaterTurnWeight * (score.victory_phases_left - 1));
  }
  // Japan wins at the end of Turn 5 unless the Allies lead by 5 (11.1.3); at the end of Turn 4
  // it needs 5 and loses at -1 (11.1.2): the middle of the band before Turn 5.
  const double margin = projected + (s->turn >= pw::kLastTurn ? 4.5 : 2.0);
  const double spread = kMarginSpread + kMarginSpreadPerTurn * score.victory_phases_left;
  const double x = margin / spread + kMaterialWeight * score.material + kCardWeight * score.cards;
  score.margin = margin;
  score.logit = x;
  score.value = std::tanh(x);
  return score;
}

void PacificWarEvaluator::evaluate_state(const pw::PwState& state,
                                         std::vector<double>& values) const {
  const double value = score_pacific_war(state).value;
  values.assign(2, 0.0);
  values[0] = value;
  values[1] = -value;
}

double PacificWarPlayout::weight(const pw::PwState& state, engine::ActionCode action) const {
  const pw::Act act = pw::decode(action);
  if (act.kind == pw::Kind::To) {
    // Destinations: an enemy Port (to invade it in the Supply Phase, 10.2) is worth the trip.
    const pw::PwState& s = state;
    const int side = state.current_seat();
    if (act.a >= 0 && act.a < s.content().num_ozs() && side >= 0) {
      const pw::OzDef& d = s.content().ozs[static_cast<std::size_t>(act.a)];
      if (d.port && s.port_owner[static_cast<std::size_t>(act.a)] == 1 - side) {
        return 2.0 + d.vp;
      }
    }
    return 1.0;
  }
  return kind_weight(act.kind);
}

bool PacificWarPlayout::combat_prompt(const pw::PwState& state) {
  switch (state.step) {
    case pw::Step::Allocate:          // 9.2.4
    case pw::Step::Reaction:          // 8.12
    case pw::Step::RetreatDecision:   // 9.1.1, 9.1.2, 9.4
    case pw::Step::SurfaceDecision:   // 9.1.2
    case pw::Step::ContinueDecision:  // 9.1.3
      return true;
    default:
      return false;
  }
}

engine::ActionCode PacificWarPlayout::pick_in(const pw::PwState& state,
                                              const std::vector<engine::ActionCode>& legal,
                                              engine::Rng& rng) const {
  if (combat_prompt(state) && rng.uniform() < kCombatByOdds) {
    const pw::PacificWarDoctrine doctrine(state.current_seat());
    return engine::pick_best(
        legal, [&](engine::ActionCode action) { return doctrine.score(state, action); }, rng);
  }
  double total = 0.0;
  for (const engine::ActionCode action : legal) total += weight(state, action);
  double target = rng.uniform() * total;
  for (const engine::ActionCode action : legal) {
    target -= weight(state, action);
    if (target < 0.0) return action;
  }
  return legal.back();
}

void PacificWarPlayout::weights_in(const pw::PwState& state,
                                   const std::vector<engine::ActionCode>& legal,
                                   std::vector<double>& out) const {
  out.resize(legal.size());
  double total = 0.0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    out[i] = weight(state, legal[i]);
    total += out[i];
  }
  for (double& w : out) w /= total;
  if (!combat_prompt(state)) return;
  const pw::PacificWarDoctrine doctrine(state.current_seat());
  engine::mix_best(
      legal, [&](engine::ActionCode action) { return doctrine.score(state, action); },
      kCombatByOdds, out);
}

}  // namespace pacwar::pacific_war
