// The Pacific War: invariants checked after every action in self-play and tests.
#include <bit>
#include <memory>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

// Steps at which no action is half done (the entry's extra, a Rest, state.h): the control markers
// must be up to date and no OZ may hold both sides' units.
bool at_rest(const PwState& s) {
  switch (s.step_entry().extra) {
    case Rest::Busy:
      return false;
    case Rest::AtRest:
      return true;
    case Rest::BetweenMoves:
      return s.move.kind == MoveKind::None;
  }
  return false;
}

bool in_combat_or_reaction(const PwState& s) {
  return s.combat.oz >= 0 || s.step == Step::Reaction || s.step == Step::CounterPick ||
         s.step == Step::Pursuit || s.step == Step::RetreatDestination;
}

std::string unit_where(const PwState& s, int u) {
  return s.content().units[u].id + " (loc " + std::to_string(s.units[u].loc) + ")";
}

// The card-event state (card_state.h) agrees with the step and the cards.
std::string check_card_events(const PwState& s) {
  const EventState& e = s.events;
  const Content& c = s.content();
  if (e.window != CardWindow::None && s.combat.oz < 0) return "a card window outside combat";
  if (s.step == Step::CombatCards && e.window == CardWindow::None)
    return "9.0.1 card prompt without a window";
  if ((s.step == Step::EventDraw || s.step == Step::EventDiscard) &&
      (e.count_left <= 0 || e.victim < 0 || e.victim > 1))
    return "an event's discard or draw with nothing left to do";
  for (auto m = e.strategic_used; m != 0; m &= m - 1)
    if (const int i = std::countr_zero(m);
        i < 2 * c.num_cards() && !card_end(s, i / 2, i % 2).strategic_event)
      return "a Strategic Event marker flipped for an ordinary event";
  for (int oz = 0; oz < kMaxOz; ++oz)
    if (e.port_defence[oz] < 0) return "negative port defence";
  if (e.extra_actions < 0) return "negative extra Strategy Actions";
  return {};
}

// 8.10.1, 8.11, 8.12, 8.2: whether unit `u`, which changed place in the transition, was allowed
// to move; "" if so.
std::string check_moved_unit(const PwState& before, const PwState& after, Act act, bool phase_over,
                             int u) {
  const Content& c = after.content();
  const UnitState& a = before.units[u];
  const UnitState& b = after.units[u];
  if (a.loc == kLocSunk && b.loc != kLocSunk) return "a sunk unit came back: " + c.units[u].id;
  if (a.loc == kLocRemoved && b.loc != kLocRemoved)
    return "a removed unit came back: " + c.units[u].id;
  // 8.9.3: "an OZ that already has an LBA present cannot have another one moved there" if it is
  // a Base (an enemy Port held as a Base is a Base, 12.3; the Fleet Train's acts as a Port, 8.7).
  // LBA already there when a Fleet Train marker goes may stay (docs/rulings.md 63).
  if (c.units[u].is_lba() && b.loc < kMaxOz && b.loc != a.loc) {
    const int side = c.units[u].side;
    const bool own_port = c.ozs[b.loc].port && after.port_owner[b.loc] == side;
    const bool fleet_train =
        side == kAllied && (before.fleet_train_oz == b.loc || after.fleet_train_oz == b.loc);
    if (!own_port && !fleet_train && count_lba(after, side, b.loc) > 1)
      return "an LBA moved to a Base that has one (8.9.3, 12.3): " + c.units[u].id;
  }
  if (a.loc >= kMaxOz || b.loc >= kMaxOz) return {};
  if (phase_over && before.after == AfterAction::EndPhase) return {};
  // A unit moved from one OZ to another: was it allowed to?
  if (before.step == Step::ChooseDestination && before.move.kind == MoveKind::Normal &&
      c.units[u].side == before.move.side) {
    if (!(a.flags & kSelected)) return "a unit outside the group moved: " + c.units[u].id;
    if (!(a.flags & kReady)) return "an Ops Complete unit made a Normal Move: " + c.units[u].id;
    if (b.flags & kReady) return "a moved unit was not flipped to Ops Complete: " + c.units[u].id;
  }
  if (before.step == Step::CounterPick && c.units[u].side == before.seat) {
    if (act.kind != Kind::Pick || act.a != u) return "a unit joined a counterattack unpicked";
    if (!(a.flags & kReady) || c.units[u].speed < 1)
      return "an ineligible unit counterattacked: " + c.units[u].id;
  }
  if (before.step == Step::ChooseDestination && before.move.kind == MoveKind::Lba &&
      u != before.move.unit && c.units[u].side == before.move.side && !after.units[u].pend_hits)
    return "a unit other than the redeployed LBA moved: " + c.units[u].id;
  if (before.step == Step::Init1 || before.step == Step::Init2 || before.step == Step::Init3)
    return "a unit moved when a card was discarded for the Initiative: " + c.units[u].id;
  return {};
}

// A group of ships is being formed or moved (8.9.2, 8.10.1, 8.12, 10.4): its picked ships are
// all where the group is (move.at; the OZ it starts from while picking).
bool moving_group(const PwState& s) {
  return s.step == Step::PickGroup || s.step == Step::Pursuit ||
         (s.step == Step::ChooseDestination &&
          (s.move.kind == MoveKind::Normal || s.move.kind == MoveKind::Return));
}

// Each unit's own checks, one message per problem, in the order of the units.
std::string check_units(const PwState& s) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitState& us = s.units[u];
    const bool valid = us.loc < c.num_ozs() || us.loc == kLocPool || us.loc == kLocTrack ||
                       us.loc == kLocSunk || us.loc == kLocRemoved;
    if (!valid) return "unit in no valid place: " + unit_where(s, u);
    if (us.loc < kMaxOz && c.units[u].side == kJapanese && c.ozs[us.loc].japanese_forbidden)
      return "Japanese unit in a forbidden OZ: " + unit_where(s, u);
    if (us.loc == kLocTrack && (us.turn < 1 || us.turn > kLastTurn))
      return "unit on the Turn Track outside Turns 1-5: " + unit_where(s, u);
    if (us.loc != kLocPool && us.loc != kLocRemoved && c.units[u].advanced &&
        !s.options().on(c.units[u].rule))  // the loader parsed advanced_rule into rule
      return "advanced unit in play without its rule: " + unit_where(s, u);
    if (s.step != Step::PickGroup && s.step != Step::ChooseDestination &&
        !in_combat_or_reaction(s) && (us.flags & kSelected))
      return "unit still selected outside a move: " + unit_where(s, u);
    // legal_pick_group and the moves look for the group's ships in its OZ only.
    if (moving_group(s) && (us.flags & kSelected) &&
        (us.loc != s.move.at || c.units[u].side != s.move.side))
      return "a unit picked for the group is not in its OZ: " + unit_where(s, u);
    if (s.combat.oz < 0 && (us.pend_hits || us.pend_dmg))
      return "pending hits outside combat: " + unit_where(s, u);
  }
  return {};
}

// A quick pass that finds no problem where check_units finds none (it runs after every action
// of a checked self-play): true if check_units may have something to say. It also recounts the
// derived counts per OZ into `counted`.
bool units_suspect(const PwState& s, UnitCounts& counted) {
  const Content& c = s.content();
  const bool may_be_selected =
      s.step == Step::PickGroup || s.step == Step::ChooseDestination || in_combat_or_reaction(s);
  const bool picking = moving_group(s);
  const bool in_combat = s.combat.oz >= 0;
  const int num_ozs = c.num_ozs();
  bool suspect = false;
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitState us = s.units[u];
    if (us.loc < num_ozs) {
      count_unit(counted, c, u, us.loc);
    } else if (us.loc == kLocTrack) {
      suspect |= us.turn < 1 || us.turn > kLastTurn;
    } else {
      suspect |= us.loc != kLocPool && us.loc != kLocSunk && us.loc != kLocRemoved;
    }
    if (us.flags & kSelected)
      suspect |= !may_be_selected ||
                 (picking && (us.loc != s.move.at || c.unit_hot[u].side != s.move.side));
    if (!in_combat) suspect |= (us.pend_hits | us.pend_dmg) != 0;
  }
  // On the map or on the Turn Track (not in the pool, not removed), Advanced units need their
  // rule; Japanese units never stand in the OZs closed to them.
  for_each_unit(c.advanced_units, [&](int u) {
    const int loc = s.units[u].loc;
    suspect |= loc != kLocPool && loc != kLocRemoved && !s.options().on(c.units[u].rule);
  });
  const std::uint32_t japanese = counted.naval_ozs[kJapanese] | counted.lba_ozs[kJapanese];
  return suspect || (japanese & c.japanese_forbidden_mask) != 0;
}

}  // namespace

std::string PwState::check_invariants() const {
  const Content& c = *content_;
  UnitCounts counted;
  if (units_suspect(*this, counted))
    if (std::string problem = check_units(*this); !problem.empty()) return problem;
  if (!counts_agree(*this, counted)) return "unit counts per OZ disagree with the units";
  if (!control_masks_agree(*this)) return "control marker masks disagree with the markers (12.0)";
  for (int side : {kJapanese, kAllied})
    if (hand_size(*this, side) >
        c.hand_limit[side] + (side == kJapanese ? oil_cards_so_far(*this) : 0))
      return side_name(side) + " hand over its limit (7.1, 15.2)";
  // Only Ports can break these (in the order of the OZs). 8.9.3's one LBA per Base is a limit
  // on moving there, checked in check_moved_unit.
  for (std::uint32_t m = c.port_mask; m != 0; m &= m - 1) {
    const int oz = std::countr_zero(m);
    if (c.ozs[oz].port && port_owner[oz] != kJapanese && port_owner[oz] != kAllied)
      return "Port without an owner: " + c.ozs[oz].id;
    if (c.ozs[oz].port && c.ozs[oz].japanese_forbidden && port_owner[oz] != kAllied)
      return "an always-Allied Port changed hands: " + c.ozs[oz].id;
  }
  if (std::string problem = check_card_events(*this); !problem.empty()) return problem;
  if (turn < 0 || turn > kLastTurn) return "turn out of range";
  if (std::string why = check_advanced_invariants(*this); !why.empty()) return why;
  if (step == Step::GameOver && winner_ < 0) return "game over without a winner";
  if (at_rest(*this)) {
    for (int oz = 0; oz < c.num_ozs(); ++oz)
      if (has_units(*this, kJapanese, oz) && has_units(*this, kAllied, oz))
        return "both sides' units in " + c.ozs[oz].id + " outside combat";
    PwState fresh = *this;  // control markers agree with a recomputation (12.0)
    update_control(fresh, nullptr);
    for (int oz = 0; oz < c.num_ozs(); ++oz)
      if (fresh.base_marker[oz] != base_marker[oz] || fresh.contested[oz] != contested[oz])
        return "control of " + c.ozs[oz].id + " disagrees with a recomputation";
  }
  return {};
}

std::string PwState::check_transition(const engine::State& before_state,
                                      engine::ActionCode code) const {
  const auto& before = static_cast<const PwState&>(before_state);
  const Act act = decode(code);
  // 13.7 MAGIC can make a move the last action of the phase: the Supply Phase (isolation) then
  // runs inside the same action, so the movement checks below do not apply to it.
  const bool phase_over = turn != before.turn || step == Step::Isolation ||
                          step == Step::Invasion || step == Step::SupplyMoves ||
                          step == Step::Readying || step == Step::GameOver;
  if ((before.events.strategic_used & ~events.strategic_used) != 0)
    return "a Strategic Event marker flipped back (4.6)";
  if (act.kind == Kind::Event) {  // 4.5, 4.6, 8.4: the card was in hand and its event free
    const int side = before.seat;
    const CardLoc own = side == kJapanese ? CardLoc::HandJapanese : CardLoc::HandAllied;
    if (before.cards[act.a] != own) return "an event played from a card not in hand";
    if (cards[act.a] == own) return "a played event card stayed in the hand";
    if (!events_usable(before)) return "an event played when 8.4 forbids it";
    if (card_end(before, act.a, side).strategic_event && strategic_used(before, act.a, side))
      return "a Strategic Event played twice (4.6)";
  }
  // Every check below is about a unit that changed place.
  const UnitMask moved = moved_units(before, *this);
  std::string problem;
  for_each_unit(moved, [&](int u) {
    if (problem.empty()) problem = check_moved_unit(before, *this, act, phase_over, u);
  });
  if (!problem.empty()) return problem;
  return check_advanced_transition(before, *this, act, moved);
}

}  // namespace pacwar::pacific_war
