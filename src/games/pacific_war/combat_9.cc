// 9.0 Combat: rounds bought with MP (9.1), Airstrike then Surface Combat, hit determination
// with column shifts (9.2.1-9.2.3), hit allocation spread evenly (9.2.4), damage dice and heavy
// armor (9.2.5), resolution order (9.3), the winner (9.4); retreats are in retreat_9_5.cc.
// Turn 0's one-sided raids (5.0 Phases I and II, 15.1) and LBA strikes (9.0.2) use the same
// fire machinery. Card events (9.0.1) change columns, strengths, order and allocation through
// CombatCtx::mods; their windows are opened here and held in combat_cards_9_0_1.cc.
#include <algorithm>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

enum RetreatStage : std::uint8_t {
  kAfterAir = 1,      // 9.1.1: attacker, then defender
  kAfterSurface = 2,  // 9.1.2: attacker, then defender
  kBeforeRound = 3,   // 9.4: defender, before another round
  kAttackerWon = 4,   // 9.4: attacker may stay or retreat
};

int defender(const PwState& s) { return 1 - s.combat.attacker; }

bool is_target(const PwState& s, int unit, int firing) {
  const CombatCtx& cb = s.combat;
  if (s.units[unit].loc != cb.oz || side_of(s, unit) == firing) return false;
  const UnitDef& d = s.content().units[unit];
  if (cb.raid_phase == kLbaStrikePhase) return is_strike_target(s, unit);
  if (cb.part == CombatPart::Surface)  // 9.2.4: LBA only by airstrike, or with J07 Bombardment
    return d.is_naval() || (cb.mods.lba_surface & (1u << firing)) != 0;
  return true;
}

int count_carriers(const PwState& s, int side, int oz);

// 9.1.1: "To participate in this part of the Combat Round, the Attacker must have at least one
// Aircraft Carrier, while the Defender must have at least one Aircraft Carrier and/or at least
// one LBA unit." Each side's condition is its own (docs/rulings.md 14).
bool side_takes_part_in_air(const PwState& s, int side) {
  const int oz = s.combat.oz;
  if (count_carriers(s, side, oz) > 0) return true;
  return side != s.combat.attacker && has_lba(s, side, oz);
}

bool side_fires_air(const PwState& s, int side) {
  return side_takes_part_in_air(s, side) && airstrike_strength(s, side, s.combat.oz) > 0;
}

int count_carriers(const PwState& s, int side, int oz) {
  int n = 0;
  for_each_unit(units_in(s, oz), [&](int u) {
    if (side_of(s, u) == side && counts_as_carrier(s, u)) ++n;
  });
  return n;
}

// 9.1.1: Airstrike Combat is ignored only if neither side takes part in it.
bool airstrike_part_happens(const PwState& s) {
  return side_takes_part_in_air(s, s.combat.attacker) || side_takes_part_in_air(s, defender(s));
}

bool surface_possible(const PwState& s) {
  return gunnery_strength(s, kJapanese, s.combat.oz) > 0 ||
         gunnery_strength(s, kAllied, s.combat.oz) > 0 ||
         torpedo_cruisers_in(s, s.combat.oz);  // 13.2: gunnery still to be rolled
}

// The targets are in the combat's OZ (is_target): only its units are asked.
bool has_targets(const PwState& s, int firing) {
  return any_unit(units_in(s, s.combat.oz), [&](int u) { return is_target(s, u, firing); });
}

void next_fire(PwState& s, Log log);
void apply_results(PwState& s, Log log);
void end_of_part(PwState& s, Log log);
void end_of_round(PwState& s, Log log);

void ask_retreat(PwState& s, int side, RetreatStage stage) {
  s.combat.retreat_stage = stage;
  s.combat.retreat_asker = static_cast<std::int8_t>(side);
  s.step = Step::RetreatDecision;
  s.seat = static_cast<std::int8_t>(side);
}

void end_combat(PwState& s, int winner, Log log) {
  const int oz = s.combat.oz;
  const int attacker = s.combat.attacker;
  if (winner >= 0)
    log_line(
        log, [&] { return side_name(winner) + " win the combat at " + oz_name(s, oz) + "."; },
        "9.4");
  else
    log_line(
        log, [&] { return "The combat at " + oz_name(s, oz) + " ends with no winner."; }, "9.4");
  s.combat = CombatCtx{};
  if (advanced_combat_over(s, oz, attacker, log)) return;  // 13.7 Seabees
  finish_action(s, log);
}

void start_round(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  log_line(
      log,
      [&] { return "Combat round " + std::to_string(cb.round) + " at " + oz_name(s, cb.oz) + "."; },
      "9.1");
  if (airstrike_part_happens(s)) {
    cb.part = CombatPart::Air;
    cb.fired = 0;
    cb.mods.fire_windows = 0;
    next_fire(s, log);
    return;
  }
  log_line(log, "No Airstrike Combat: neither side has an Aircraft Carrier or a defending LBA.",
           "9.1.1");
  if (surface_possible(s)) {
    s.step = Step::SurfaceDecision;
    s.seat = cb.attacker;
    return;
  }
  end_of_round(s, log);
}

// The CRT column for `side`'s fire now, before the die (9.2.1, 9.2.2).
int fire_column(const PwState& s, int side) {
  const CombatCtx& cb = s.combat;
  const CrtDef& crt = s.content().crt;
  if (cb.part == CombatPart::Raid) return cb.column;
  const int strength = card_strength(s, side, cb.part,
                                     cb.part == CombatPart::Air ? airstrike_strength(s, side, cb.oz)
                                                                : gunnery_strength(s, side, cb.oz));
  int column = crt.column_for(strength);
  if (column < 0) return -1;
  column += card_column_shift(s, side, cb.part);  // 9.2.2 "use text on the Card"
  if (cb.part == CombatPart::Air) {
    const int foe = 1 - side;
    if (count_carriers(s, foe, cb.oz) > count_carriers(s, side, cb.oz)) --column;
    if (has_lba(s, foe, cb.oz)) --column;
  }
  if (column < 0) return -1;  // shifted off the left of the chart: no hits
  return std::min(column, static_cast<int>(crt.columns.size()) - 1);
}

void next_fire(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  if (cb.part == CombatPart::Raid) {  // Turn 0 raids are one-sided
    end_of_part(s, log);
    return;
  }
  // 9.3: the Attacker resolves first, then the Defender; losses apply together. An event
  // may make one side's fire resolve first, its losses applied before the other side fires.
  const int first = cb.mods.first[cb.part == CombatPart::Surface ? 1 : 0];
  const int order[2] = {first >= 0 ? first : cb.attacker, first >= 0 ? 1 - first : defender(s)};
  for (int side : order) {
    if (cb.fired & (1u << side)) continue;
    if (first >= 0 && side != first) apply_results(s, log);  // the first fire's losses
    const bool fires =
        cb.part == CombatPart::Air ? side_fires_air(s, side) : gunnery_strength(s, side, cb.oz) > 0;
    if (fires && has_targets(s, side) && !(cb.mods.fire_windows & (1u << side))) {
      cb.mods.fire_windows |= static_cast<std::uint8_t>(1u << side);
      if (fire_window_wanted(s, side)) {  // 9.0.1: during this side's combat resolution
        open_card_window(s, CardWindow::Fire, side, log);
        return;
      }
    }
    cb.fired |= static_cast<std::uint8_t>(1u << side);
    if (!fires) continue;
    if (!has_targets(s, side)) {
      log_line(
          log, [&] { return side_name(side) + " have nothing to fire at."; }, "9.2.4");
      continue;
    }
    const int column = fire_column(s, side);
    if (column < 0) {
      log_line(
          log, [&] { return side_name(side) + " fire off the left of the chart: no hits."; },
          "9.2.2");
      continue;
    }
    cb.firing = static_cast<std::int8_t>(side);
    cb.column = static_cast<std::int8_t>(column);
    s.step = Step::FireDie;
    return;
  }
  end_of_part(s, log);
}

void roll_damage_or_continue(PwState& s, Log log);

void allocate_or_continue(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  const UnitMask here = units_in(s, cb.oz);  // the targets are there (is_target)
  while (cb.hits_left > 0) {
    const bool tc_first = torpedo_cruisers_first(s);  // 13.2
    int min_hits = 255, candidates = 0;
    for_each_unit(here, [&](int u) {
      if (!is_target(s, u, cb.firing) || (tc_first && !is_torpedo_cruiser(s, u))) return;
      const int h = s.units[u].pend_hits;
      if (h < min_hits) {
        min_hits = h;
        candidates = 0;
      }
      if (h == min_hits) ++candidates;
    });
    if (candidates == 0) {
      cb.hits_left = 0;  // nothing left to hit
      break;
    }
    if (candidates > cb.hits_left) {
      s.step = Step::Allocate;  // a real choice: who gets the next hit (9.2.4)
      s.seat = cb.allocator;
      return;
    }
    for_each_unit(here, [&](int u) {  // every candidate must take one: no choice
      if (is_target(s, u, cb.firing) && (!tc_first || is_torpedo_cruiser(s, u)) &&
          s.units[u].pend_hits == min_hits) {
        ++s.units[u].pend_hits;
        --cb.hits_left;
        log_line(
            log, [&] { return unit_name(s, u) + " takes a hit."; }, "9.2.4");
      }
    });
  }
  s.dmg_unit = -1;
  roll_damage_or_continue(s, log);
}

// 9.2.5: the firing side rolls one die per hit on each Naval unit.
// The targets are in the combat's OZ (is_target), after the unit whose dice were just rolled.
void roll_damage_or_continue(PwState& s, Log log) {
  const Content& c = s.content();
  const bool dice = any_unit(units_from(units_in(s, s.combat.oz), s.dmg_unit + 1), [&](int u) {
    if (!is_target(s, u, s.combat.firing) || s.units[u].pend_hits == 0) return false;
    const UnitDef& d = c.units[u];
    if (d.is_lba() || d.defense == 0) return false;  // no dice: LBA turns, 0-defense sinks
    s.dmg_unit = static_cast<std::int16_t>(u);
    s.dmg_dice_left = s.units[u].pend_hits;
    s.step = Step::DamageDie;
    return true;
  });
  if (dice) return;
  s.dmg_unit = -1;
  next_fire(s, log);
}

// Applies the results of one part to unit `u` (with hits pending): it turns, sinks, shrugs the
// hits off or goes to the Turn Track for repairs (9.2.4, 9.2.5).
void apply_unit_results(PwState& s, int u, Log log) {
  const Content& c = s.content();
  UnitState& us = s.units[u];
  const UnitDef& d = c.units[u];
  const int hits = us.pend_hits;
  const int damage = us.pend_dmg;
  const bool six = (us.flags & kSix) != 0;
  us.pend_hits = 0;
  us.pend_dmg = 0;
  us.flags &= static_cast<std::uint8_t>(~kSix);
  if (d.is_lba()) {
    const int back = return_turn(s, hits);
    if (back > kLastTurn) {
      set_loc(s, u, kLocRemoved);
      log_line(
          log,
          [&] { return unit_name(s, u) + " is destroyed (would return after the last Turn)."; },
          "9.2.4");
    } else {
      set_loc(s, u, kLocTrack);
      us.turn = static_cast<std::uint8_t>(back);
      us.flags = kReady | kRepairing;
      log_line(
          log, [&] { return unit_name(s, u) + " returns on Turn " + std::to_string(back) + "."; },
          "9.2.4");
    }
    return;
  }
  if (d.defense == 0 || six || damage > d.defense) {
    set_loc(s, u, kLocSunk);
    us.flags = 0;
    log_line(
        log,
        [&] {
          return unit_name(s, u) + " is sunk" +
                 (six && damage <= d.defense ? " (a 6 against heavy armor)" : "") + ".";
        },
        "9.2.5");
    return;
  }
  if (damage == 0) {
    log_line(
        log, [&] { return unit_name(s, u) + " shrugs off the hits (heavy armor)."; }, "9.2.5");
    return;
  }
  const int back = return_turn(s, damage);
  if (back > kLastTurn) {
    set_loc(s, u, kLocRemoved);
    us.flags = 0;
    log_line(
        log, [&] { return unit_name(s, u) + " is damaged beyond the end of the war: removed."; },
        "9.2.5");
  } else {
    set_loc(s, u, kLocTrack);
    us.turn = static_cast<std::uint8_t>(back);
    us.flags = kReady | kRepairing;
    log_line(
        log,
        [&] {
          return unit_name(s, u) + " is damaged: returns on Turn " + std::to_string(back) + ".";
        },
        "9.2.5");
  }
}

// Applies the results of one part (airstrike, surface, raid) to both sides at once: the units
// in the combat's OZ with hits (the mask is a copy: set_loc takes them out of units_at).
void apply_results(PwState& s, Log log) {
  for_each_unit(units_in(s, s.combat.oz), [&](int u) {
    if (s.units[u].pend_hits > 0) apply_unit_results(s, u, log);
  });
}

void end_of_part(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  apply_results(s, log);
  if (cb.raid_phase == kLbaStrikePhase) {
    end_lba_strike(s, log);
    return;
  }
  if (cb.part == CombatPart::Raid) {
    after_raid(s, log);
    return;
  }
  const bool att = has_units(s, cb.attacker, cb.oz);
  const bool def = has_units(s, defender(s), cb.oz);
  if (!att || !def) {
    end_of_round(s, log);
    return;
  }
  ask_retreat(s, cb.attacker, cb.part == CombatPart::Air ? kAfterAir : kAfterSurface);
}

void end_of_round(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  const bool att = has_units(s, cb.attacker, cb.oz);
  const bool def = has_units(s, defender(s), cb.oz);
  if (!att) {
    end_combat(s, def ? defender(s) : -1, log);
    return;
  }
  if (!def) {
    cb.winner = cb.attacker;
    ask_retreat(s, cb.attacker, kAttackerWon);
    return;
  }
  if (cb.mp > 0) {
    s.step = Step::ContinueDecision;
    s.seat = cb.attacker;
    return;
  }
  log_line(log, "The Attacker has no Movement Points left and must retreat.", "9.5.2");
  cb.winner = static_cast<std::int8_t>(defender(s));
  start_retreat(s, cb.attacker, cb.oz, log);
}

}  // namespace

int airstrike_strength(const PwState& s, int side, int oz) {
  int total = 0;
  for_each_unit(units_in(s, oz), [&](int u) {
    if (side_of(s, u) == side) total += s.content().units[u].airstrike;
  });
  return total;
}

int gunnery_strength(const PwState& s, int side, int oz) {
  int total = 0;
  for_each_unit(units_in(s, oz), [&](int u) {
    if (side_of(s, u) == side && s.content().units[u].is_naval())
      total += s.content().units[u].gunnery + torpedo_gunnery(s, u);  // 13.2
  });
  return total;
}

void begin_combat(PwState& s, int oz, int attacker, int mp, Log log) {
  s.combat = CombatCtx{};
  s.combat.oz = static_cast<std::int8_t>(oz);
  s.combat.attacker = static_cast<std::int8_t>(attacker);
  s.combat.mp = static_cast<std::int8_t>(std::max(mp, 0));
  s.combat.round = 1;
  log_line(
      log,
      [&] {
        return "Combat at " + oz_name(s, oz) + ": " + side_name(attacker) + " attack with " +
               std::to_string(s.combat.mp) + " MP left.";
      },
      "9.0");
  open_card_window(s, CardWindow::Start, -1, log);  // 9.0.1, then the first round
}

void combat_after_window(PwState& s, CardWindow window, Log log) {
  if (s.combat.raid_phase == kLbaStrikePhase) {
    strike_fire(s, log);
  } else if (window == CardWindow::Start) {
    start_round(s, log);
  } else if (window == CardWindow::Surface && start_torpedo_dice(s)) {
    return;  // 13.2: the torpedo cruisers' dice, then the fire (resume_surface_fire)
  } else {
    next_fire(s, log);
  }
}

void begin_raid(PwState& s, int raid_phase, Log log) {
  const Content& c = s.content();
  s.combat = CombatCtx{};
  s.combat.raid_phase = static_cast<std::int8_t>(raid_phase);
  s.combat.part = CombatPart::Raid;
  s.combat.attacker = kJapanese;
  bool striker = true;
  if (raid_phase == kMalayaRaid) {  // Phase II: the LBA in Indochina against Singapore
    s.combat.oz = static_cast<std::int8_t>(c.oz_singapore);
    s.combat.column = static_cast<std::int8_t>(c.crt.column_by_label("6-7"));
    striker = has_lba(s, kJapanese, c.oz_indochina);
    log_line(log, "Phase II, Air Raid Malaysia: the Japanese LBA in Indochina strikes Singapore.",
             "5.0");
  } else {  // Phase I (and 15.1's third wave): the [H] carriers against Pearl Harbor
    s.combat.oz = static_cast<std::int8_t>(c.oz_hawaii);
    s.combat.column = static_cast<std::int8_t>(raid_phase == kThirdWaveRaid
                                                   ? s.yamamoto_column
                                                   : static_cast<int>(c.crt.columns.size()) -
                                                         1);  // the 31+ column
    log_line(
        log,
        [&] {
          return raid_phase == kThirdWaveRaid
                     ? "The third wave strikes Pearl Harbor."
                     : "Phase I, Tora, Tora, Tora: the [H] carriers strike Pearl Harbor.";
        },
        raid_phase == kThirdWaveRaid ? "15.1" : "5.0");
  }
  s.combat.firing = kJapanese;
  s.combat.fired = 1u << kJapanese;
  if (!striker || !has_targets(s, kJapanese)) {
    log_line(log, "No target: the raid has no effect.", "5.0");
    after_raid(s, log);
    return;
  }
  s.step = Step::FireDie;
}

void apply_fire_die(PwState& s, Act act, Log log) {
  CombatCtx& cb = s.combat;
  const CrtDef& crt = s.content().crt;
  const int hits = crt.hits[cb.column][act.a - 1];
  log_line(
      log,
      [&] {
        return side_name(cb.firing) +
               (cb.part == CombatPart::Surface ? " surface fire" : " airstrike") + " on the [" +
               crt.columns[cb.column].label + "] column, die " + std::to_string(act.a) + ": " +
               std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + ".";
      },
      "9.2.3");
  cb.hits_left = static_cast<std::uint8_t>(hits);
  // 9.2.4: airstrike hits are allocated by the firing side, surface hits by the side hit.
  cb.allocator =
      cb.part == CombatPart::Surface ? static_cast<std::int8_t>(1 - cb.firing) : cb.firing;
  const int overridden = cb.mods.allocator[cb.firing][cb.part == CombatPart::Surface ? 1 : 0];
  if (overridden >= 0) cb.allocator = static_cast<std::int8_t>(overridden);  // an event
  allocate_or_continue(s, log);
}

void legal_allocate(const PwState& s, Out& out) {
  const bool tc_first = torpedo_cruisers_first(s);  // 13.2
  auto candidate = [&](int u) {
    return is_target(s, u, s.combat.firing) && (!tc_first || is_torpedo_cruiser(s, u));
  };
  const UnitMask here = units_in(s, s.combat.oz);  // the targets are there (is_target)
  int min_hits = 255;
  for_each_unit(here, [&](int u) {
    if (candidate(u)) min_hits = std::min<int>(min_hits, s.units[u].pend_hits);
  });
  for_each_unit(here, [&](int u) {
    if (candidate(u) && s.units[u].pend_hits == min_hits) out.push_back(encode(Kind::Hit, u));
  });
}

void apply_allocate(PwState& s, Act act, Log log) {
  ++s.units[act.a].pend_hits;
  --s.combat.hits_left;
  log_line(
      log,
      [&] {
        return side_name(s.combat.allocator) + " allocate a hit to " + unit_name(s, act.a) + ".";
      },
      "9.2.4");
  allocate_or_continue(s, log);
}

void apply_damage_die(PwState& s, Act act, Log log) {
  UnitState& us = s.units[s.dmg_unit];
  const UnitDef& d = s.content().units[s.dmg_unit];
  int value = act.a;
  if (d.armored) {
    if (act.a == 6) us.flags |= kSix;  // 9.2.5: a 6 sinks whatever the armor
    value = act.a - 1;
  }
  us.pend_dmg = static_cast<std::uint8_t>(us.pend_dmg + value);
  log_line(
      log,
      [&] {
        return "Damage die against " + unit_name(s, s.dmg_unit) + ": " + std::to_string(act.a) +
               (d.armored ? " (armored: " + std::to_string(value) + ")" : "") + ".";
      },
      "9.2.5");
  if (--s.dmg_dice_left == 0) roll_damage_or_continue(s, log);
}

// The legal actions of the three decisions of a combat (their entries below).
static void legal_retreat_decision([[maybe_unused]] const PwState& s, Out& out) {
  out.push_back(encode(Kind::Stay));
  out.push_back(encode(Kind::Retreat));
}

static void legal_surface_decision([[maybe_unused]] const PwState& s, Out& out) {
  out.push_back(encode(Kind::Surface));
  out.push_back(encode(Kind::NoSurface));
}

static void legal_continue_decision([[maybe_unused]] const PwState& s, Out& out) {
  out.push_back(encode(Kind::Continue));
  out.push_back(encode(Kind::EndCombat));
}

void apply_combat_decision(PwState& s, Act act, Log log) {
  CombatCtx& cb = s.combat;
  const int att = cb.attacker;
  const int def = defender(s);
  switch (act.kind) {
    case Kind::Surface:
      log_line(log, "The Attacker fights Surface Combat.", "9.1.2");
      cb.part = CombatPart::Surface;
      cb.fired = 0;
      cb.mods.fire_windows = 0;
      open_card_window(s, CardWindow::Surface, -1, log);  // 9.0.1, then 13.2 and the fire
      return;
    case Kind::NoSurface:
      log_line(log, "The Attacker declines Surface Combat.", "9.1.2");
      end_of_round(s, log);
      return;
    case Kind::Continue:
      log_line(log, "The Attacker spends 1 MP for another round.", "9.1.3");
      --cb.mp;
      ask_retreat(s, def, kBeforeRound);
      return;
    case Kind::EndCombat:
      log_line(log, "The Attacker ends the combat and must retreat.", "9.1.3");
      cb.winner = static_cast<std::int8_t>(def);
      start_retreat(s, att, cb.oz, log);
      return;
    case Kind::Stay:
      if (cb.retreat_stage == kAttackerWon) {
        log_line(
            log, [&] { return "The Attacker stays in " + oz_name(s, cb.oz) + "."; }, "9.4");
        end_combat(s, att, log);
      } else if (s.seat == att) {
        ask_retreat(s, def, static_cast<RetreatStage>(cb.retreat_stage));
      } else if (cb.retreat_stage == kAfterAir) {
        if (surface_possible(s)) {
          s.step = Step::SurfaceDecision;
          s.seat = static_cast<std::int8_t>(att);
        } else {
          end_of_round(s, log);
        }
      } else if (cb.retreat_stage == kAfterSurface) {
        end_of_round(s, log);
      } else {  // kBeforeRound
        ++cb.round;
        start_round(s, log);
      }
      return;
    case Kind::Retreat: {
      const int side = s.seat;
      log_line(
          log, [&] { return side_name(side) + " retreat from " + oz_name(s, cb.oz) + "."; }, "9.5");
      if (cb.retreat_stage != kAttackerWon) cb.winner = static_cast<std::int8_t>(1 - side);
      start_retreat(s, side, cb.oz, log);
      return;
    }
    default:
      return;
  }
}

void combat_after_retreat(PwState& s, Log log) {
  CombatCtx& cb = s.combat;
  const int att = cb.attacker;
  if (cb.retreating == att || cb.retreat_stage == kAttackerWon) {
    end_combat(s, cb.winner, log);
    return;
  }
  // 9.5.3: the Defender retreated; the Attacker wins and may still retreat.
  cb.retreating = -1;
  if (has_units(s, att, cb.oz)) {
    cb.winner = static_cast<std::int8_t>(att);
    ask_retreat(s, att, kAttackerWon);
  } else {
    end_combat(s, att, log);
  }
}

void resume_surface_fire(PwState& s, Log log) { next_fire(s, log); }

}  // namespace pacwar::pacific_war

// ---- The steps of 9.0 Combat (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kCombatSteps[] = {
    {Step::FireDie, "fire-die", Actor::Chance, "strategy", "9.2.3", Rest::Busy, kEveryKind,
     die_outcomes, nullptr, apply_fire_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.2.3 " + side_name(s.combat.firing) + " hit die";
     }},
    {Step::Allocate, "allocate", Actor::Seat, "strategy", "9.2.4", Rest::Busy, kNoKind, nullptr,
     legal_allocate, apply_allocate,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.2.4 " + who(s) + ": allocate a hit (" + std::to_string(s.combat.hits_left) +
              " left)";
     }},
    {Step::DamageDie, "damage-die", Actor::Chance, "strategy", "9.2.5", Rest::Busy, kEveryKind,
     die_outcomes, nullptr, apply_damage_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.2.5 Damage die against " + unit_name(s, s.dmg_unit);
     }},
    {Step::RetreatDecision, "retreat-decision", Actor::Seat, "strategy", "9.5", Rest::Busy, kNoKind,
     nullptr, legal_retreat_decision, apply_combat_decision,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return s.combat.retreat_stage == kAttackerWon
                  ? "9.4 " + who(s) + " won: stay or retreat?"
                  : "9.5 " + who(s) + ": retreat from " + oz_name(s, s.combat.oz) + "?";
     }},
    {Step::SurfaceDecision, "surface-decision", Actor::Seat, "strategy", "9.1.2", Rest::Busy,
     kNoKind, nullptr, legal_surface_decision, apply_combat_decision,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.1.2 Attacker: fight Surface Combat?";
     }},
    {Step::ContinueDecision, "continue-decision", Actor::Seat, "strategy", "9.1.3", Rest::Busy,
     kNoKind, nullptr, legal_continue_decision, apply_combat_decision,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "9.1.3 Attacker: spend 1 of " + std::to_string(s.combat.mp) +
              " MP for another round, or end the combat and retreat?";
     }},
};

}  // namespace

std::span<const StepRules> combat_steps() { return kCombatSteps; }

}  // namespace pacwar::pacific_war
