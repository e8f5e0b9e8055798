#include "games/co_prosperity/ai_policy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/state.h"

namespace pacwar::co_prosperity {
namespace {

namespace cp = pacwar::co_prosperity;

// Tuning constants of the evaluation (a tanh squash of a weighted sum).
constexpr double kSpreadBase = 1.5;     // space margin divided by this plus ...
constexpr double kSpreadPerTurn = 1.0;  // ... this per End of Turn Phase still to come
constexpr double kOneHomeNation = 0.6;  // one Allied nation's home space held (half of 4.1)
constexpr double kSuddenVictory = 3.0;  // two nations (4.1), or Japan lost (4.2): decided
constexpr double kMaterialWeight = 1.0;

// Playout weights (CoProsperityPlayout).
constexpr double kPassWeight = 0.3;        // passing or not reacting, against ...
constexpr double kPlayWeight = 2.0;        // ... playing a card or reacting
constexpr double kAbandonWeight = 0.15;    // a move that costs the side a space it controls
constexpr double kCaptureWeight = 4.0;     // into an empty space the enemy controls ...
constexpr double kHomeFactor = 2.0;        // ... times this for a home space
constexpr double kGoodAttackWeight = 3.0;  // attacking with at least kGoodOdds ...
constexpr double kEvenAttackWeight = 1.0;  // ... at least even ...
constexpr double kBadAttackWeight = 0.2;   // ... or worse
constexpr double kGoodOdds = 1.5;

double unit_value(const cp::UnitDef& def) { return def.attack + def.defense + 1.0; }

// Twice the turn, plus one in its End of Turn Phase (9.0): the phases in the order of play.
int phase_clock(const cp::CpsState& s) {
  const bool end_of_turn = s.step == cp::Step::EndTurnMove || s.step == cp::Step::EndTurnDest ||
                           s.step == cp::Step::EndTurnStack;
  return 2 * s.turn + (end_of_turn ? 1 : 0);
}

// Combat factors times steps (8.6.2) of `group` attacking against the enemy units at `space`.
double attack_odds(const cp::CpsState& s, int side, int space, std::uint64_t group) {
  const cp::Content& c = s.content();
  double attack = 0.0;
  double defense = 0.0;
  for (int u = 0; u < c.num_units(); ++u) {
    const cp::UnitState& us = s.units[static_cast<std::size_t>(u)];
    const cp::UnitDef& def = c.units[static_cast<std::size_t>(u)];
    if ((group >> u) & 1u) attack += us.steps * def.attack;
    if (us.loc == space && c.side(u) != side) defense += us.steps * def.defense;
  }
  return defense > 0.0 ? attack / defense : kGoodOdds;
}

// The playout's relative weight of each action of `legal` (legal in `s`): operations over
// passing, moves into spaces the enemy controls, reactions. The whole list matters (whether it
// has destinations; how many End of Turn moves it offers).
class PlayoutWeight {
 public:
  PlayoutWeight(const cp::CpsState& s, const std::vector<engine::ActionCode>& legal)
      : s_(s),
        c_(s.content()),
        side_(s.current_seat()),
        // End of Turn strategic movement (9.0) is optional: finishing weighs as much as all the
        // moves together, so that a playout moves about one unit there instead of shuffling
        // them all.
        end_turn_done_(std::max<double>(1.0, static_cast<double>(legal.size()) - 1.0)) {
    for (const engine::ActionCode action : legal) {
      if (cp::decode(action).kind == cp::Kind::To) {
        ctl_of_.emplace(s);  // asked only for destinations
        break;
      }
    }
  }

  double operator()(engine::ActionCode action) const {
    const cp::Act act = cp::decode(action);
    switch (act.kind) {
      case cp::Kind::Pass:
      case cp::Kind::NoReaction:
        return kPassWeight;
      case cp::Kind::Play:
      case cp::Kind::React:
        return kPlayWeight;
      case cp::Kind::From: {
        // Movement (8.1-8.3) from a space with one unit of the side moves that unit.
        if (s_.step != cp::Step::PickFrom || act.a < 0 || act.a >= cp::kNumSpaces) return 1.0;
        std::uint64_t here = 0;
        for (int u = 0; u < c_.num_units(); ++u) {
          if (s_.units[static_cast<std::size_t>(u)].loc == act.a && c_.side(u) == side_)
            here |= std::uint64_t{1} << u;
        }
        return std::popcount(here) == 1 && costs_control(s_, side_, here) ? kAbandonWeight : 1.0;
      }
      case cp::Kind::Pick:
        // Movement (8.1-8.3): keep what the side controls.
        if (s_.step != cp::Step::PickUnits || act.a < 0 || act.a >= c_.num_units()) return 1.0;
        return costs_control(s_, side_, s_.op.picked | (std::uint64_t{1} << act.a)) ? kAbandonWeight
                                                                                    : 1.0;
      case cp::Kind::Move:
        // End of Turn strategic movement (9.0), one unit at a time: the same.
        if (act.a < 0 || act.a >= c_.num_units()) return 1.0;
        return costs_control(s_, side_, std::uint64_t{1} << act.a) ? kAbandonWeight : 1.0;
      case cp::Kind::To: {
        // Into a space the enemy controls: a capture if it is empty (3.4), home spaces most of
        // all (4.1); a combat (8.6) weighted by the odds of the moving group.
        if (act.a < 0 || act.a >= cp::kNumSpaces || side_ < 0) return 1.0;
        if ((**ctl_of_)[static_cast<std::size_t>(act.a)] == side_) return 1.0;
        const double home = c_.spaces[static_cast<std::size_t>(act.a)].home ? kHomeFactor : 1.0;
        if (s_.step != cp::Step::Destination || !cp::has_units(s_, 1 - side_, act.a))
          return kCaptureWeight * home;
        const double odds = attack_odds(s_, side_, act.a, s_.op.picked);
        if (odds >= kGoodOdds) return kGoodAttackWeight * home;
        return odds >= 1.0 ? kEvenAttackWeight * home : kBadAttackWeight;
      }
      case cp::Kind::Done:
        return s_.step == cp::Step::EndTurnMove ? end_turn_done_ : 1.0;
      default:
        return 1.0;
    }
  }

 private:
  const cp::CpsState& s_;
  const cp::Content& c_;
  int side_;
  double end_turn_done_;
  std::optional<cp::ControlOf> ctl_of_;
};

}  // namespace

CoProsperityScore score_co_prosperity(const engine::State& state) {
  const auto* s = dynamic_cast<const cp::CpsState*>(&state);
  if (s == nullptr) throw std::invalid_argument("not a Co-Prosperity state");
  return score_co_prosperity(*s);
}

CoProsperityScore score_co_prosperity(const cp::CpsState& state) {
  const cp::CpsState* s = &state;
  const cp::Content& c = s->content();
  const cp::ControlOf ctl_of(*s);
  const cp::Control& ctl = *ctl_of;
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

  double x = (score.spaces - score.needed + 0.5) /
                 (kSpreadBase + kSpreadPerTurn * (score.turns_left - 1)) +
             kMaterialWeight * score.material;
  if (score.home_nations >= 2) x += kSuddenVictory;
  if (score.home_nations == 1) x += kOneHomeNation;
  if (score.japan_lost) x -= kSuddenVictory;
  score.logit = x;
  score.value = std::tanh(x);
  return score;
}

void CoProsperityEvaluator::evaluate_state(const cp::CpsState& state,
                                           std::vector<double>& values) const {
  const double value = score_co_prosperity(state).value;
  values.assign(2, 0.0);
  values[0] = value;
  values[1] = -value;
}

engine::ActionCode CoProsperityPlayout::pick_in(const cp::CpsState& state,
                                                const std::vector<engine::ActionCode>& legal,
                                                engine::Rng& rng) const {
  const PlayoutWeight weight(state, legal);
  // Each weight worked out once (they ask control "what if" questions), unless the list is
  // longer than the buffer: then twice, with the same result.
  std::array<double, 128> weights;
  const bool buffered = legal.size() <= weights.size();
  double total = 0.0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const double w = weight(legal[i]);
    if (buffered) weights[i] = w;
    total += w;
  }
  double target = rng.uniform() * total;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    target -= buffered ? weights[i] : weight(legal[i]);
    if (target < 0.0) return legal[i];
  }
  return legal.back();
}

void CoProsperityPlayout::weights_in(const cp::CpsState& state,
                                     const std::vector<engine::ActionCode>& legal,
                                     std::vector<double>& out) const {
  const PlayoutWeight weight(state, legal);
  out.resize(legal.size());
  double total = 0.0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    out[i] = weight(legal[i]);
    total += out[i];
  }
  for (double& w : out) w /= total;
}

bool CoProsperityPlayout::stop_at(const cp::CpsState& root, const cp::CpsState& state) const {
  const int from = phase_clock(root);
  const int horizon = from % 2 == 0 ? from + 1 : from + 2;
  return phase_clock(state) >= horizon;
}

}  // namespace pacwar::co_prosperity
