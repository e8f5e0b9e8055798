// 9.0.1 Use of Resource Cards in Combat: at the beginning of a combat, of each Surface Combat,
// and before a side's fire (for events played "during a side's combat resolution"), the
// Japanese player may play one card, then the Allied player one, and so on until both pass in
// turn. 9.0.2: an event may let an LBA start a combat, here one Airstrike by that LBA against
// the enemy Naval units of an adjacent OZ (docs/rulings.md).
#include <algorithm>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

bool part_matches(CombatPartSel want, CombatPart part) {
  if (want == CombatPartSel::Both) return true;
  return (want == CombatPartSel::Surface) == (part == CombatPart::Surface);
}

bool fits_window(const PwState& s, int card, int side, CardWindow window, int fire_side) {
  const CardEvent& ev = card_end(s, card, side).event;
  switch (window) {
    case CardWindow::Start:
      if (ev.timing != Timing::CombatStart && ev.timing != Timing::Combat) return false;
      break;
    case CardWindow::Surface:
      if (ev.timing != Timing::Combat && ev.timing != Timing::Surface) return false;
      break;
    case CardWindow::Fire:
      if (ev.timing != Timing::Fire || ev.needs.fire != fire_side ||
          !part_matches(ev.needs.fire_part, s.combat.part))
        return false;
      break;
    case CardWindow::None:
      return false;
  }
  return event_available(s, card, side);
}

bool can_play(const PwState& s, int side, CardWindow window, int fire_side) {
  for (int card : hand(s, side))
    if (fits_window(s, card, side, window, fire_side)) return true;
  return false;
}

const Effect& strike_effect(const PwState& s) {
  const CardEvent& ev = card_end(s, s.events.pending_card, s.events.pending_side).event;
  for (const Effect& e : ev.effects)
    if (e.type == EffectType::LbaStrike) return e;
  throw std::logic_error("lba_strike event without an lba_strike effect");
}

bool strike_target(const PwState& s, int unit) {
  const UnitDef& d = s.content().units[unit];
  if (s.units[unit].loc != s.combat.oz || d.side == s.combat.attacker || !d.is_naval())
    return false;
  return unit_matches(d, static_cast<UnitFilter>(s.combat.mods.strike_filter));
}

void begin_strike(PwState& s, int unit, Log log) {
  const Effect& e = strike_effect(s);
  const int side = s.events.pending_side;
  const CombatMods kept = s.combat.mods;
  s.combat = CombatCtx{};
  s.combat.mods = kept;
  s.combat.oz = s.events.pending_target;
  s.combat.attacker = static_cast<std::int8_t>(side);
  s.combat.round = 1;
  s.combat.part = CombatPart::Raid;
  s.combat.raid_phase = kLbaStrikePhase;
  s.combat.mods.strike_unit = static_cast<std::int16_t>(unit);
  s.combat.mods.strike_filter = static_cast<std::uint8_t>(e.units);
  s.combat.mods.shift[side][0] = static_cast<std::int8_t>(s.combat.mods.shift[side][0] + e.amount);
  s.events.pending_card = s.events.pending_side = s.events.pending_target = -1;
  log_line(
      log,
      [&] {
        return unit_name(s, unit) + " starts a combat: it strikes the " + side_name(1 - side) +
               " Naval units in " + oz_name(s, s.combat.oz) + ".";
      },
      "9.0.2");
  open_card_window(s, CardWindow::Start, -1, log);
}

}  // namespace

void open_card_window(PwState& s, CardWindow window, int fire_side, Log log) {
  if (!events_usable(s) ||
      (!can_play(s, kJapanese, window, fire_side) && !can_play(s, kAllied, window, fire_side))) {
    combat_after_window(s, window, log);
    return;
  }
  s.events.window = window;
  s.events.window_fire = static_cast<std::int8_t>(fire_side);
  s.events.window_passed = 0;
  s.events.window_next = kJapanese;  // 9.0.1: the Japanese player first
  advance_card_window(s, log);
}

bool fire_window_wanted(const PwState& s, int fire_side) {
  return events_usable(s) && (can_play(s, kJapanese, CardWindow::Fire, fire_side) ||
                              can_play(s, kAllied, CardWindow::Fire, fire_side));
}

void advance_card_window(PwState& s, Log log) {
  EventState& e = s.events;
  for (;;) {
    if (e.window_passed == 3) {  // both passed in turn: the window closes
      const CardWindow window = e.window;
      e.window = CardWindow::None;
      e.window_fire = -1;
      e.window_passed = 0;
      combat_after_window(s, window, log);
      return;
    }
    const int side = e.window_next;
    if (!can_play(s, side, e.window, e.window_fire)) {  // nothing to play: a pass, unasked
      e.window_passed |= static_cast<std::uint8_t>(1u << side);
      e.window_next = static_cast<std::int8_t>(1 - side);
      continue;
    }
    s.step = Step::CombatCards;
    s.seat = static_cast<std::int8_t>(side);
    return;
  }
}

void legal_combat_cards(const PwState& s, Out& out) {
  for (int card : hand(s, s.seat))
    if (fits_window(s, card, s.seat, s.events.window, s.events.window_fire))
      out.push_back(encode(Kind::Event, card, kNoTarget));
  out.push_back(encode(Kind::NoEvent));
}

void apply_combat_cards(PwState& s, Act act, Log log) {
  const int side = s.seat;
  EventState& e = s.events;
  e.window_next = static_cast<std::int8_t>(1 - side);
  if (act.kind == Kind::NoEvent) {
    e.window_passed |= static_cast<std::uint8_t>(1u << side);
    log_line(
        log, [&] { return side_name(side) + " play no card."; }, "9.0.1");
    advance_card_window(s, log);
    return;
  }
  e.window_passed = 0;  // the other player may answer
  if (play_event(s, act.a, side, act.b, log)) return;
  advance_card_window(s, log);
}

void prepare_lba_strike(PwState& s, Log log) {
  const std::vector<int> units = strike_units(s, s.events.pending_side, s.events.pending_target);
  if (units.size() == 1) {
    begin_strike(s, units[0], log);
    return;
  }
  s.step = Step::StrikeLba;
  s.seat = s.events.pending_side;
}

void legal_strike_lba(const PwState& s, Out& out) {
  for (int u : strike_units(s, s.events.pending_side, s.events.pending_target))
    out.push_back(encode(Kind::Strike, u));
}

void apply_strike_lba(PwState& s, Act act, Log log) { begin_strike(s, act.a, log); }

void strike_fire(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  const int side = cb.attacker;
  const Content& c = s.content();
  if (!(cb.mods.fire_windows & (1u << side))) {
    cb.mods.fire_windows |= static_cast<std::uint8_t>(1u << side);
    if (fire_window_wanted(s, side)) {
      open_card_window(s, CardWindow::Fire, side, log);
      return;
    }
  }
  bool any = false;
  for (int u = 0; u < c.num_units(); ++u) any = any || strike_target(s, u);
  const int strength =
      card_strength(s, side, CombatPart::Air, c.units[cb.mods.strike_unit].airstrike);
  int column = c.crt.column_for(strength);
  if (column >= 0) {
    column += card_column_shift(s, side, CombatPart::Air);
    const int foe = 1 - side;
    if (has_lba(s, foe, cb.oz)) --column;  // 9.2.2
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == cb.oz && side_of(s, u) == foe && counts_as_carrier(s, u)) {
        --column;  // the enemy has more Aircraft Carriers than a lone LBA
        break;
      }
    column = std::min(column, static_cast<int>(c.crt.columns.size()) - 1);
  }
  if (!any || column < 0) {
    log_line(
        log,
        [&] {
          return any ? "The strike falls off the left of the chart: no hits."
                     : "The strike finds nothing to hit.";
        },
        "9.2.2");
    end_lba_strike(s, log);
    return;
  }
  cb.firing = static_cast<std::int8_t>(side);
  cb.fired = static_cast<std::uint8_t>(1u << side);
  cb.column = static_cast<std::int8_t>(column);
  s.step = Step::FireDie;
}

void end_lba_strike(PwState& s, Log log) {
  log_line(
      log, [&] { return "The LBA strike at " + oz_name(s, s.combat.oz) + " is over."; }, "9.0.2");
  s.combat = CombatCtx{};
  finish_action(s, log);
}

bool is_strike_target(const PwState& s, int unit) { return strike_target(s, unit); }

}  // namespace pacwar::pacific_war

// ---- The steps of 9.0.1 combat cards and 9.0.2 LBA strikes (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kCombatCardSteps[] = {
    {Step::CombatCards, "combat-cards", Actor::Seat, "strategy", "9.0.1", Rest::Busy,
     kinds({Kind::Event}), nullptr, legal_combat_cards, apply_combat_cards,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.0.1 " + who(s) + ": play a card " +
              (s.events.window == CardWindow::Start ? std::string("at the beginning of the combat")
               : s.events.window == CardWindow::Surface
                   ? std::string("at the beginning of Surface Combat")
                   : "during the " + side_name(s.events.window_fire) + " combat resolution") +
              "?";
     }},
    {Step::StrikeLba, "strike-lba", Actor::Seat, "strategy", "9.0.2", Rest::Busy, kNoKind, nullptr,
     legal_strike_lba, apply_strike_lba,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.0.2 " + who(s) + ": which LBA strikes " + oz_name(s, s.events.pending_target) +
              "?";
     }},
};

}  // namespace

std::span<const StepRules> combat_card_steps() { return kCombatCardSteps; }

}  // namespace pacwar::pacific_war
