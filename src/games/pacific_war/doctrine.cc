#include "games/pacific_war/doctrine.h"

#include <algorithm>
#include <string>

#include "games/pacific_war/actions.h"
#include "games/pacific_war/ai_policy.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {
namespace {

// A move or a stand is safe when the side brings this many times the enemy's power.
constexpr double kSafeOdds = 1.3;
// Below this share of the enemy's power a stack leaves (evacuates, retreats).
constexpr double kLeaveOdds = 0.7;
constexpr double kUnsafe = -5.0;  // a destination where the group is outgunned
constexpr double kTie = 1e-9;
// The Allied counter-stroke: from this turn (the Essex carriers are in), at these odds.
constexpr int kCounterStrokeTurn = 4;
constexpr double kCounterStrokeOdds = 0.8;
// Per unit of own power already in a port over the moving group's, before the counter-stroke.
constexpr double kJoinWeight = 0.5;
// A move worth a card for the Initiative (destination_score), and with a big hand any useful one.
constexpr double kStrikeWorth = 4.0;
constexpr double kUsefulMove = 1.0;
constexpr int kAlliedSpareCards = 5;
// The share of a target's plan bonus that an OZ next to it is worth (staging for the next move).
constexpr double kStagingShare = 0.3;
// The Allies open the restricted routes (8.8) from this turn, with at least this many cards.
constexpr int kOpenRoutesTurn = 3;
constexpr int kOpenRoutesCards = 4;

// The fighting power of a unit: its strengths, halved when Ops Complete (it may not attack).
double unit_power(const PwState& s, int u) {
  const UnitDef& d = s.content().units[static_cast<std::size_t>(u)];
  const double fire = d.airstrike + d.gunnery;
  return (is_ready(s, u) ? fire : 0.5 * fire) + 0.3 * d.defense;
}

// What a unit is worth keeping: capital ships most, carriers above all.
double unit_worth(const PwState& s, int u) {
  const UnitDef& d = s.content().units[static_cast<std::size_t>(u)];
  double worth = d.airstrike + d.gunnery + d.defense + 1.0;
  if (d.capital) worth *= 2.0;
  if (d.is_carrier()) worth *= 1.5;
  return worth;
}

double power_at(const PwState& s, int side, int oz) {
  double power = 0.0;
  for_each_unit(units_in(s, oz), [&](int u) {
    if (side_of(s, u) == side) power += unit_power(s, u);
  });
  return power;
}

// The group being formed or moved (its units are marked kSelected).
double group_power(const PwState& s, int side) {
  double power = 0.0;
  for (int u : s.content().side_units[static_cast<std::size_t>(side)]) {
    if (on_map(s, u) && (s.units[static_cast<std::size_t>(u)].flags & kSelected) != 0) {
      power += unit_power(s, u);
    }
  }
  return power;
}

int oz_named(const PwState& s, const char* id) { return s.content().oz_index(id); }

bool enemy_port(const PwState& s, int side, int oz) {
  return s.content().ozs[static_cast<std::size_t>(oz)].port &&
         s.port_owner[static_cast<std::size_t>(oz)] == other(side);
}

// The plan's objectives now: what the side most wants to hold or take.
double plan_bonus(const PwState& s, int side, int oz) {
  const OzDef& d = s.content().ozs[static_cast<std::size_t>(oz)];
  if (side == kJapanese) {
    // The Southern Resource Area first, then a perimeter held: retake any port of the
    // perimeter the Allies took.
    if (oz == oz_named(s, "Philippines") || oz == oz_named(s, "Singapore")) return 4.0;
    if (oz == s.content().oz_borneo) return s.turn <= 2 ? 3.0 : 2.0;
    if (d.port && d.initial_port_owner == kJapanese &&
        s.port_owner[static_cast<std::size_t>(oz)] == kAllied) {
      return 5.0;  // Japan's own ports back
    }
    return 0.0;
  }
  // The Allies: the counter-stroke of Turns 4-5 at the ports Japan took.
  if (d.port && d.initial_port_owner == kAllied &&
      s.port_owner[static_cast<std::size_t>(oz)] == kJapanese) {
    return s.turn >= 4 ? 5.0 : 3.0;
  }
  if (d.port && s.port_owner[static_cast<std::size_t>(oz)] == kJapanese && s.turn >= 4) return 2.0;
  return 0.0;
}

// The odds a move needs: the Allied counter-stroke of Turns 4-5 accepts an even fight.
double safe_odds(const PwState& s, int side) {
  return side == kAllied && s.turn >= kCounterStrokeTurn ? kCounterStrokeOdds : kSafeOdds;
}

// The worth of sending a group of `power` to `oz` (a Normal move), against what is there.
double destination_score(const PwState& s, int side, int oz, double power) {
  const double enemy = power_at(s, other(side), oz);
  if (enemy > 0.0 && power < safe_odds(s, side) * enemy) {
    return kUnsafe * (1.0 + enemy / (power + 1.0));
  }
  const OzDef& d = s.content().ozs[static_cast<std::size_t>(oz)];
  double value = plan_bonus(s, side, oz);
  if (enemy_port(s, side, oz)) value += 1.0 + d.vp;  // an invasion in the Supply Phase (10.2)
  if (enemy > 0.0) value += 1.0 + enemy / 10.0;      // a fight it wins
  if (!d.port && s.base_marker[static_cast<std::size_t>(oz)] != side) value += 0.5;  // a Base
  // The Allies step towards the ports Japan took: an OZ next to one (the next move strikes it).
  if (side == kAllied) {
    double next_to = 0.0;
    for (const auto& n : s.content().neighbors[static_cast<std::size_t>(oz)]) {
      next_to = std::max(next_to, plan_bonus(s, side, n.oz));
    }
    value += kStagingShare * next_to;
  }
  // The fleet kept together: joining own ships in a port it can use, before the counter-stroke.
  if (side == kAllied && s.turn < kCounterStrokeTurn && usable_port(s, side, oz)) {
    value += kJoinWeight * power_at(s, side, oz) / (power + 1.0);
  }
  // A friendly port threatened by enemy ships next door is worth guarding.
  if (d.port && s.port_owner[static_cast<std::size_t>(oz)] == side && d.vp > 0) {
    for (const auto& n : s.content().neighbors[static_cast<std::size_t>(oz)]) {
      if (has_naval(s, other(side), n.oz)) {
        value += 0.5 * d.vp;
        break;
      }
    }
  }
  return value;
}

// What staying in `oz` is worth to `side`: an enemy Port its ships hold alone is invaded in
// the Supply Phase (10.2), so it is not given up for a lesser move.
double stay_value(const PwState& s, int side, int oz) {
  if (!enemy_port(s, side, oz) || !has_naval(s, side, oz) || has_units(s, other(side), oz)) {
    return 0.0;
  }
  return 1.0 + s.content().ozs[static_cast<std::size_t>(oz)].vp + plan_bonus(s, side, oz);
}

// The best destination score a Normal move from `oz` could reach with every eligible ship,
// found by playing the move forward on a copy (All or the lone ship, then the destinations).
double best_move_from(const PwState& s, int side, engine::ActionCode move_from) {
  PwState copy = s;
  copy.apply(move_from, nullptr);
  std::vector<engine::ActionCode> legal;
  for (int guard = 0; guard < 64 && copy.step == Step::PickGroup; ++guard) {
    legal.clear();
    copy.legal_actions(legal);
    const auto all = std::find(legal.begin(), legal.end(), encode(Kind::All));
    copy.apply(all != legal.end() ? *all : legal.front(), nullptr);
  }
  if (copy.step != Step::ChooseDestination || copy.current_seat() != side) return 0.0;
  legal.clear();
  copy.legal_actions(legal);
  const double power = group_power(copy, side);
  double best = kUnsafe * 10.0;
  for (const engine::ActionCode to : legal) {
    const Act act = decode(to);
    if (act.kind != Kind::To || act.a == copy.move.from) continue;
    best = std::max(best, destination_score(copy, side, act.a, power));
  }
  return best;
}

// Whether a card spent on the Initiative buys a real action: a move the plan wants. Japan, short
// of cards, spends them in Turns 1-2 for the southern strike; the Allies, with cards to spare,
// whenever a move is worth it (a big hand for any useful move: cards past the hand limit are
// lost, 7.1).
bool wants_initiative(const PwState& s, int side) {
  const int cards = hand_size(s, side);
  double wanted = kStrikeWorth;
  if (side == kJapanese) {
    if (s.turn > 2 || cards < 2) return false;
  } else if (cards >= kAlliedSpareCards) {
    wanted = kUsefulMove;
  } else if (cards < 3) {
    return false;
  }
  PwState copy = s;
  copy.step = Step::ChooseAction;
  copy.seat = static_cast<std::int8_t>(side);
  copy.active = static_cast<std::int8_t>(side);
  std::vector<engine::ActionCode> legal;
  copy.legal_actions(legal);
  for (const engine::ActionCode action : legal) {
    const Act act = decode(action);
    if (act.kind == Kind::MoveFrom &&
        best_move_from(copy, side, action) - stay_value(copy, side, act.a) >= wanted) {
      return true;
    }
  }
  return false;
}

// The units of `side` in the combat OZ.
double combat_power(const PwState& s, int side) { return power_at(s, side, s.combat.oz); }

double capital_ships_at(const PwState& s, int side, int oz) {
  double n = 0.0;
  for_each_unit(units_in(s, oz), [&](int u) {
    if (side_of(s, u) == side && s.content().unit_hot[static_cast<std::size_t>(u)].capital) n += 1;
  });
  return n;
}

// Ops Complete ships of `side` at `oz` a card would ready (10.5, 8.6), capital ships first.
double readied_worth(const PwState& s, int side, int oz) {
  const bool port = usable_port(s, side, oz);
  double worth = 0.0;
  for_each_unit(units_in(s, oz), [&](int u) {
    const auto& hot = s.content().unit_hot[static_cast<std::size_t>(u)];
    if (hot.side != side || !hot.naval || is_ready(s, u)) return;
    if (hot.capital && !port) return;
    worth += hot.capital ? 1.0 : 0.3;
  });
  return worth;
}

}  // namespace

double PacificWarDoctrine::score(const PwState& s, engine::ActionCode action) const {
  const Act act = decode(action);
  const int side = side_;
  switch (s.step) {
    case Step::Allocate:
      // 9.2.4: the side hit puts it on its cheapest unit; a firing side that allocates
      // (airstrikes) on the enemy's most valuable one.
      if (act.kind != Kind::Hit) return 0.0;
      return side_of(s, act.a) == side ? -unit_worth(s, act.a) : unit_worth(s, act.a);
    case Step::Init1:
    case Step::Init2:
    case Step::Init3:
      if (act.kind == Kind::Decline) return 0.0;
      return wants_initiative(s, side) ? 1.0 : -1.0;
    case Step::ChooseAction:
      switch (act.kind) {
        case Kind::MoveFrom: {
          const double best = best_move_from(s, side, action) - stay_value(s, side, act.a);
          return best > 0.0 ? 1.0 + best : -1.0;
        }
        case Kind::ReturnFrom:  // Ops Complete ships home to ready, unless they hold a port
          if (stay_value(s, side, act.a) > 0.0) return -2.0;
          return readied_worth(s, side, act.a) > 0.0 && !usable_port(s, side, act.a) ? 0.8 : -1.0;
        case Kind::Resupply:
          return readied_worth(s, side, act.b) >= 2.0 ? 0.5 : -1.0;
        case Kind::Pass:
        case Kind::Skip:
          return 0.0;
        case Kind::OpenRoutes:  // 8.8: the way to the ports Japan took
          return s.turn >= kOpenRoutesTurn && hand_size(s, side) >= kOpenRoutesCards ? 1.2 : -0.5;
        default:
          return -0.5;  // events, fleet trains, redeployments: when nothing better
      }
    case Step::PickGroup:
    case Step::CounterPick:  // the fleet kept together
      if (act.kind == Kind::All) return 2.0;
      return act.kind == Kind::Pick ? 1.0 : 0.0;
    case Step::ChooseDestination:
      if (act.kind != Kind::To) return 0.0;
      if (s.move.kind == MoveKind::Normal) {
        return destination_score(s, side, act.a, group_power(s, side));
      }
      if (s.move.kind == MoveKind::Return) {  // the port that readies most, then the largest
        const OzDef& d = s.content().ozs[static_cast<std::size_t>(act.a)];
        return (d.major_port ? 2.0 : 0.0) + 0.1 * d.vp;
      }
      // LBA: to a port the plan wants, or one under threat.
      return plan_bonus(s, side, act.a) + 0.3 * s.content().ozs[static_cast<std::size_t>(act.a)].vp;
    case Step::Reaction: {
      const double mine = power_at(s, side, s.move.at);
      const double theirs = group_power(s, other(side));
      if (act.kind == Kind::Evacuate) return mine < kLeaveOdds * theirs ? 2.0 : -1.0;
      if (act.kind == Kind::Counterattack) return mine >= kSafeOdds * theirs ? 1.5 : -1.0;
      return 0.0;
    }
    case Step::RetreatDecision: {
      const double mine = combat_power(s, side);
      const double theirs = combat_power(s, other(side));
      if (act.kind == Kind::Retreat) return mine < kLeaveOdds * theirs ? 1.0 : -1.0;
      return 0.0;
    }
    case Step::SurfaceDecision:
    case Step::ContinueDecision: {
      const double mine = combat_power(s, side);
      const double theirs = combat_power(s, other(side));
      const bool fight = act.kind == Kind::Surface || act.kind == Kind::Continue;
      return fight == (mine >= kSafeOdds * theirs) ? 1.0 : 0.0;
    }
    case Step::RetreatDestination:
      if (act.kind != Kind::RetreatTo) return 0.0;
      return (usable_port(s, side, act.a) ? 1.0 : 0.0) +
             (s.content().ozs[static_cast<std::size_t>(act.a)].major_port ? 0.5 : 0.0);
    case Step::Invasion:
      if (act.kind == Kind::Capture) return 10.0;
      if (act.kind == Kind::Ground) {  // cards for a port it can take
        return 1.0 + s.content().ozs[static_cast<std::size_t>(act.b)].vp;
      }
      return 0.5;
    case Step::Readying:
      if (act.kind == Kind::Ready) {
        const double worth = readied_worth(s, side, act.b);
        return worth >= 1.0 ? 1.0 + worth : -1.0;
      }
      return 0.0;
    case Step::SupplyMoves:
      if (act.kind == Kind::ReturnFrom) {
        if (stay_value(s, side, act.a) > 0.0) return -2.0;
        return readied_worth(s, side, act.a) > 0.0 && !usable_port(s, side, act.a) ? 1.0 : -1.0;
      }
      return act.kind == Kind::Done ? 0.0 : -0.5;
    case Step::CombatCards:
    case Step::Interrupt:
      // A card when a fleet is at stake: two capital ships in the fight.
      if (act.kind == Kind::Event) {
        const int oz = s.step == Step::CombatCards ? s.combat.oz : s.move.at;
        return oz >= 0 && capital_ships_at(s, side, oz) >= 2.0 ? 1.0 : -1.0;
      }
      return 0.0;
    case Step::SetupJapanese:
      // The southern strike force gathers at Indochina; capital ships in Japan.
      if (act.kind == Kind::Place) {
        return act.b == s.content().oz_indochina ? 1.0 : act.b == s.content().oz_japan ? 0.5 : 0.0;
      }
      return 0.0;
    case Step::SetupAllied:  // LBA where Japan strikes first: the Philippines and Singapore
      if (act.kind == Kind::Place) return plan_bonus(s, kJapanese, act.b);
      return 0.0;
    default:
      return 0.0;
  }
}

bool PacificWarDoctrine::sound_prior_in(const PwState& state) const {
  return state.step == Step::Allocate || state.step == Step::Reaction ||
         state.step == Step::RetreatDecision;
}

engine::ActionCode PacificWarDoctrine::choose_in(const PwState& state,
                                                 const std::vector<engine::ActionCode>& legal,
                                                 engine::Rng& rng) const {
  // The plan's best; among equals the playout policy's heaviest, then the seed.
  const PacificWarPlayout playout;
  double best_score = -1e18;
  double best_weight = -1.0;
  std::vector<engine::ActionCode> best;
  for (const engine::ActionCode action : legal) {
    const double value = score(state, action);
    const double weight = playout.weight(state, action);
    if (value > best_score + kTie || (value > best_score - kTie && weight > best_weight + kTie)) {
      best_score = value;
      best_weight = weight;
      best.assign(1, action);
    } else if (value > best_score - kTie && weight > best_weight - kTie) {
      best.push_back(action);
    }
  }
  return best[rng.below(static_cast<std::uint32_t>(best.size()))];
}

}  // namespace pacwar::pacific_war
