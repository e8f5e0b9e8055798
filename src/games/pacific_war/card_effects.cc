// The Pacific War: the card-event primitives (card_effects.h) applied to the state, and when an
// event may be played (4.5, 4.6, 8.4, 8.5). The flows that offer events are in events_8_5.cc
// (Strategy Phase, interrupts, invasions) and combat_cards_9_0_1.cc (combat, LBA strikes).
#include "games/pacific_war/card_effects.h"

#include <algorithm>

#include "engine/text.h"
#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

const char* timing_name(Timing t) {
  static const char* const names[] = {"action",  "interrupt", "combat_start", "combat",
                                      "surface", "fire",      "invasion"};
  return names[static_cast<int>(t)];
}

const char* effect_name(EffectType t) {
  static const char* const names[] = {
      "column_shift",  "strength",         "fire_first",         "allocate_hits", "retreat",
      "redraw_hand",   "discard",          "ground_strength",    "port_defence",  "cancel_action",
      "lba_strike",    "surface_hits_lba", "victory_points",     "extra_action",  "ready_units",
      "exhaust_units", "repair",           "early_reinforcement"};
  static_assert(sizeof(names) / sizeof(names[0]) == static_cast<int>(EffectType::Count));
  return names[static_cast<int>(t)];
}

const char* part_name(CombatPartSel p) {
  static const char* const names[] = {"air", "surface", "both"};
  return names[static_cast<int>(p)];
}

const char* unit_filter_name(UnitFilter f) {
  static const char* const names[] = {"all", "carrier", "capital", "non_capital"};
  return names[static_cast<int>(f)];
}

const char* action_filter_name(ActionFilter f) {
  static const char* const names[] = {"any", "naval_move", "lba_redeploy"};
  return names[static_cast<int>(f)];
}

EventTarget effect_target(EffectType t) {
  switch (t) {
    case EffectType::GroundStrength:
      return EventTarget::InvasionPort;
    case EffectType::PortDefence:
      return EventTarget::DefendedPort;
    case EffectType::ReadyUnits:
      return EventTarget::OwnUnitsOz;
    case EffectType::LbaStrike:
      return EventTarget::StrikeOz;
    case EffectType::Repair:
      return EventTarget::RepairingUnit;
    case EffectType::EarlyReinforcement:
      return EventTarget::ReinforcementUnit;
    default:
      return EventTarget::None;
  }
}

namespace {

int end_bit(int card, int side) { return 2 * card + side; }

const Effect* find_effect(const CardEvent& ev, EffectType t) {
  for (const Effect& e : ev.effects)
    if (e.type == t) return &e;
  return nullptr;
}

// The own LBAs that could strike `oz` (9.0.2): on the map, next to it without a Nav Point.
std::vector<int> strikers(const PwState& s, int side, int oz) {
  std::vector<int> out;
  for (int u : s.content().side_units[side]) {
    const int at = s.units[u].loc;
    if (s.content().units[u].is_lba() && at < kMaxOz && at != oz && air_adjacent(s, at, oz))
      out.push_back(u);
  }
  return out;
}

// Whether strikers(s, side, oz) has someone: an OZ other than `oz` with the side's LBA, next to
// it without a Nav Point (neighbors_1mp is air_adjacent for every pair of OZs).
bool has_striker(const PwState& s, int side, int oz) {
  return (s.lba_ozs[static_cast<std::size_t>(side)] &
          neighbors_1mp(s)[static_cast<std::size_t>(oz)] & ~oz_bit(oz)) != 0;
}

bool has_strike_target(const PwState& s, int side, int oz, UnitFilter f) {
  if (has_units(s, side, oz) || !has_naval(s, 1 - side, oz)) return false;
  return any_unit(ships_at(s, 1 - side, oz),
                  [&](int u) { return unit_matches(s.content().units[u], f); });
}

int part_index(CombatPartSel p) { return p == CombatPartSel::Surface ? 1 : 0; }

// Applies `f` to each combat part the selector names.
template <typename F>
void for_parts(CombatPartSel p, F&& f) {
  if (p != CombatPartSel::Surface) f(0);
  if (p != CombatPartSel::Air) f(1);
}

}  // namespace

bool unit_matches(const UnitDef& d, UnitFilter f) {
  switch (f) {
    case UnitFilter::All:
      return true;
    case UnitFilter::Carrier:
      return d.is_carrier();
    case UnitFilter::Capital:
      return d.capital;
    case UnitFilter::NonCapital:
      return !d.capital;
  }
  return false;
}

bool events_usable(const PwState& s) {
  // 8.4 exception (docs/rulings.md): events, Strategic Events included, may be used from the
  // Supply Phase of Turn 0 on; Turn 0 has no Supply Phase (5.0), so from Turn 1 on.
  return s.turn >= 1;
}

bool strategic_used(const PwState& s, int card, int side) {
  return (s.events.strategic_used >> end_bit(card, side)) & 1u;
}

bool event_available(const PwState& s, int card, int side) {
  const CardEnd& end = card_end(s, card, side);
  if (!events_usable(s)) return false;
  if (end.strategic_event && strategic_used(s, card, side)) return false;  // 4.6
  const Requirements& q = end.event.needs;
  if (!q.turns.empty() && std::find(q.turns.begin(), q.turns.end(), s.turn) == q.turns.end())
    return false;
  if (q.enemy_hand && hand_size(s, 1 - side) == 0) return false;
  if (!q.own_ready_in.empty()) {
    bool found = false;
    for (int u : s.content().side_units[side])
      if (s.units[u].loc < kMaxOz && is_ready(s, u) && s.content().units[u].is_naval() &&
          unit_matches(s.content().units[u], q.own_ready_units) &&
          std::find(q.own_ready_in.begin(), q.own_ready_in.end(), s.units[u].loc) !=
              q.own_ready_in.end())
        found = true;
    if (!found) return false;
  }
  const int oz = s.combat.oz;
  if (q.own_units_in_combat && (oz < 0 || !has_units(s, side, oz))) return false;
  if (q.enemy_lba_in_combat && (oz < 0 || !has_lba(s, 1 - side, oz))) return false;
  return true;
}

bool target_valid(const PwState& s, const CardEvent& ev, int side, int target) {
  const Content& c = s.content();
  switch (ev.target) {
    case EventTarget::None:
      return target == kNoTarget;
    case EventTarget::InvasionPort:
      // The cards' text ("+2 Ground Strength for one ... Port Invasion") asks only for an
      // invasion, not for one short of Ground Strength (docs/rulings.md 59).
      return target < c.num_ozs() && invasion_candidate(s, side, target);
    case EventTarget::DefendedPort:
      return target < c.num_ozs() && c.ozs[target].port && s.port_owner[target] == side &&
             !c.ozs[target].japanese_forbidden && s.events.port_defence[target] == 0;
    case EventTarget::OwnUnitsOz: {
      if (target >= c.num_ozs()) return false;
      const UnitFilter f = find_effect(ev, EffectType::ReadyUnits)->units;
      bool any = false;
      for_each_unit(ships_at(s, side, target),
                    [&](int u) { any = any || (!is_ready(s, u) && unit_matches(c.units[u], f)); });
      return any;
    }
    case EventTarget::StrikeOz:
      return target < c.num_ozs() &&
             has_strike_target(s, side, target, find_effect(ev, EffectType::LbaStrike)->units) &&
             has_striker(s, side, target);
    case EventTarget::RepairingUnit: {
      if (target >= c.num_units()) return false;
      const Effect* e = find_effect(ev, EffectType::Repair);
      const UnitState& us = s.units[target];
      return c.units[target].side == side && c.units[target].is_naval() && us.loc == kLocTrack &&
             ((us.flags & kRepairing) || e->new_ships) && us.turn > s.turn &&
             (us.turn - e->amount > s.turn || usable_port(s, side, e->oz));
    }
    case EventTarget::ReinforcementUnit: {
      if (target >= c.num_units()) return false;
      const Effect* e = find_effect(ev, EffectType::EarlyReinforcement);
      return c.units[target].side == side && c.units[target].is_naval() &&
             static_cast<int>(c.units[target].nation) == e->nation &&
             s.units[target].loc == kLocTrack && !(s.units[target].flags & kRepairing) &&
             s.units[target].turn == s.turn + 1;
    }
  }
  return false;
}

void event_targets(const PwState& s, const CardEvent& ev, int side, std::vector<int>& out) {
  out.clear();
  if (ev.target == EventTarget::None) {
    out.push_back(kNoTarget);
    return;
  }
  const bool units =
      ev.target == EventTarget::RepairingUnit || ev.target == EventTarget::ReinforcementUnit;
  const int n = units ? s.content().num_units() : s.content().num_ozs();
  for (int t = 0; t < n; ++t) {
    // Both unit targets are on the Turn Track (target_valid): skip the others at once.
    if (units && s.units[t].loc != kLocTrack) continue;
    if (target_valid(s, ev, side, t)) out.push_back(t);
  }
}

std::vector<int> strike_units(const PwState& s, int side, int oz) { return strikers(s, side, oz); }

std::string event_target_id(const PwState& s, int card, int side, int target) {
  if (target == kNoTarget) return "";
  const EventTarget t = card_end(s, card, side).event.target;
  if (t == EventTarget::RepairingUnit || t == EventTarget::ReinforcementUnit)
    return s.content().units.at(target).id;
  return s.content().ozs.at(target).id;
}

std::string event_target_name(const PwState& s, int card, int side, int target) {
  if (target == kNoTarget) return "";
  const EventTarget t = card_end(s, card, side).event.target;
  if (t == EventTarget::RepairingUnit || t == EventTarget::ReinforcementUnit)
    return unit_name(s, target);
  return oz_name(s, target);
}

bool play_event(PwState& s, int card, int side, int target, Log log) {
  const CardEnd& end = card_end(s, card, side);
  const Content& c = s.content();
  discard(s, card);
  if (end.strategic_event)
    s.events.strategic_used |= 1u << end_bit(card, side);  // 4.6: the marker flips
  const std::string where =
      target == kNoTarget ? "" : " (" + event_target_name(s, card, side, target) + ")";
  log_line(
      log,
      [&] {
        return side_name(side) + " play " + end.id + " " + end.name +
               (end.strategic_event ? " as a Strategic Event" : " as an Event") + where + ": " +
               end.text;
      },
      end.strategic_event ? "4.6" : "4.5");
  CombatMods& m = s.combat.mods;
  for (const Effect& e : end.event.effects) {
    switch (e.type) {
      case EffectType::ColumnShift:
        for_parts(e.part, [&](int p) {
          m.shift[e.side][p] = static_cast<std::int8_t>(m.shift[e.side][p] + e.amount);
        });
        break;
      case EffectType::Strength:
        for_parts(e.part, [&](int p) {
          m.multiply[e.side][p] = static_cast<std::uint8_t>(m.multiply[e.side][p] * e.amount);
          m.divide[e.side][p] = static_cast<std::uint8_t>(m.divide[e.side][p] * e.divide);
        });
        break;
      case EffectType::FireFirst: {
        const int p = part_index(e.part);
        if (m.first[p] < 0) m.first[p] = static_cast<std::int8_t>(e.side);  // the first one stands
        break;
      }
      case EffectType::AllocateHits:
        for_parts(e.part,
                  [&](int p) { m.allocator[e.fire][p] = static_cast<std::int8_t>(e.side); });
        break;
      case EffectType::SurfaceHitsLba:
        m.lba_surface |= static_cast<std::uint8_t>(1u << e.side);
        break;
      case EffectType::Retreat:
        log_line(
            log, [&] { return side_name(e.side) + " retreat all their units; the combat ends."; },
            "9.5");
        s.events.window = CardWindow::None;
        s.combat.winner = static_cast<std::int8_t>(1 - e.side);
        start_retreat(s, e.side, s.combat.oz, log);
        return true;
      case EffectType::RedrawHand: {
        const int n = hand_size(s, e.side);
        for (int i : hand(s, e.side)) discard(s, i);
        for (int i = 0; i < c.num_cards(); ++i)
          if (s.cards[i] == CardLoc::Discard) s.cards[i] = CardLoc::Deck;
        log_line(
            log,
            [&] {
              return side_name(e.side) + " discard their " + engine::count_of(n, "card") +
                     "; the discards are shuffled into the deck.";
            },
            "7.4");
        s.events.victim = static_cast<std::int8_t>(e.side);
        s.events.count_left = static_cast<std::int8_t>(std::min(n, deck_size(s)));
        if (s.events.count_left == 0) return false;
        s.step = Step::EventDraw;
        return true;
      }
      case EffectType::Discard:
        s.events.victim = static_cast<std::int8_t>(e.side);
        s.events.count_left = static_cast<std::int8_t>(std::min(e.amount, hand_size(s, e.side)));
        if (s.events.count_left == 0) return false;
        s.step = Step::EventDiscard;
        s.seat = static_cast<std::int8_t>(e.side);
        return true;
      case EffectType::GroundStrength:
        s.committed[target] = static_cast<std::int8_t>(s.committed[target] + e.amount);
        break;
      case EffectType::PortDefence:
        s.events.port_defence[target] =
            static_cast<std::int8_t>(s.events.port_defence[target] + e.amount);
        log_line(
            log,
            [&] {
              return oz_name(s, target) + " needs " + std::to_string(ground_needed(s, target)) +
                     " Ground Strength to be captured this Turn.";
            },
            "10.2.1");
        break;
      case EffectType::CancelAction:
        return true;  // events_8_5.cc restarts the round
      case EffectType::LbaStrike:
        s.events.pending_card = static_cast<std::int8_t>(card);
        s.events.pending_side = static_cast<std::int8_t>(side);
        s.events.pending_target = static_cast<std::int8_t>(target);
        prepare_lba_strike(s, log);
        return true;
      case EffectType::VictoryPoints:
        s.vp = static_cast<std::int8_t>(s.vp + (e.side == kJapanese ? e.amount : -e.amount));
        log_line(
            log, [&] { return side_name(e.side) + " gain " + std::to_string(e.amount) + " VP."; },
            "11.0");
        break;
      case EffectType::ExtraAction:
        s.events.extra_actions = static_cast<std::int8_t>(s.events.extra_actions + e.amount);
        s.events.extra_filter = e.action;
        break;
      case EffectType::ReadyUnits:
        for (int u : c.side_units[side])
          if (s.units[u].loc == target && c.units[u].is_naval() && !is_ready(s, u) &&
              unit_matches(c.units[u], e.units)) {
            set_ready(s, u, true);
            log_line(
                log,
                [&] { return unit_name(s, u) + " is Ready (" + end.id + " " + end.name + ")."; },
                end.strategic_event ? "4.6" : "4.5");
          }
        break;
      case EffectType::ExhaustUnits:
        for (int u : c.side_units[e.side])
          if (s.units[u].loc == e.oz && c.units[u].is_naval() && is_ready(s, u) &&
              unit_matches(c.units[u], e.units)) {
            set_ready(s, u, false);
            log_line(
                log,
                [&] {
                  return unit_name(s, u) + " is Ops Complete (" + end.id + " " + end.name + ").";
                },
                end.strategic_event ? "4.6" : "4.5");
          }
        break;
      case EffectType::Repair: {
        UnitState& us = s.units[target];
        if (us.turn - e.amount <= s.turn) {  // ready now: at its yard, Ready
          set_loc(s, target, e.oz);
          us.flags = kReady;
          log_line(
              log,
              [&] {
                return unit_name(s, target) + " is repaired and returns to " + oz_name(s, e.oz) +
                       ".";
              },
              "9.2.5");
        } else {
          us.turn = static_cast<std::uint8_t>(us.turn - e.amount);
          log_line(
              log,
              [&] {
                return unit_name(s, target) + " now returns on Turn " + std::to_string(us.turn) +
                       ".";
              },
              "9.2.5");
        }
        break;
      }
      case EffectType::EarlyReinforcement:
        set_loc(s, target, e.oz);
        s.units[target].flags = kReady;
        log_line(
            log,
            [&] { return unit_name(s, target) + " arrives early at " + oz_name(s, e.oz) + "."; },
            "6.1");
        break;
      case EffectType::Count:
        break;
    }
  }
  return false;
}

int card_column_shift(const PwState& s, int side, CombatPart part) {
  return s.combat.mods.shift[side][part == CombatPart::Surface ? 1 : 0];
}

int card_strength(const PwState& s, int side, CombatPart part, int strength) {
  const int p = part == CombatPart::Surface ? 1 : 0;
  const int mul = s.combat.mods.multiply[side][p];
  const int div = s.combat.mods.divide[side][p];
  return (strength * mul + div - 1) / div;  // rounded up
}

std::uint64_t card_state_digest(const PwState& s) {
  std::uint64_t h = 0x9E3779B97F4A7C15ULL;
  auto mix = [&h](std::uint64_t v) { h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2); };
  const EventState& e = s.events;
  mix(e.strategic_used);
  for (int v : {static_cast<int>(e.window), static_cast<int>(e.window_fire),
                static_cast<int>(e.window_passed), static_cast<int>(e.window_next),
                static_cast<int>(e.pending_card), static_cast<int>(e.pending_side),
                static_cast<int>(e.pending_target), static_cast<int>(e.victim),
                static_cast<int>(e.count_left), static_cast<int>(e.extra_actions),
                static_cast<int>(e.extra_filter), static_cast<int>(e.in_extra)})
    mix(static_cast<std::uint64_t>(v + 1000));
  for (auto d : e.port_defence) mix(static_cast<std::uint64_t>(d + 1000));
  const CombatMods& m = s.combat.mods;
  for (int side = 0; side < 2; ++side)
    for (int p = 0; p < 2; ++p) {
      mix(static_cast<std::uint64_t>(m.shift[side][p] + 1000));
      mix(m.multiply[side][p]);
      mix(m.divide[side][p]);
      mix(static_cast<std::uint64_t>(m.allocator[side][p] + 1000));
    }
  for (int v : {static_cast<int>(m.first[0]), static_cast<int>(m.first[1]),
                static_cast<int>(m.lba_surface), static_cast<int>(m.fire_windows),
                static_cast<int>(m.strike_filter), static_cast<int>(m.strike_unit)})
    mix(static_cast<std::uint64_t>(v + 1000));
  return h;
}

engine::Json card_event_json(const CardEnd& end, const Content& c) {
  const CardEvent& ev = end.event;
  engine::Json effects = engine::Json::array();
  for (const Effect& e : ev.effects) {
    engine::Json j = {{"type", effect_name(e.type)}};
    if (e.side >= 0) j["side"] = side_name(e.side);
    if (e.fire >= 0) j["fire"] = side_name(e.fire);
    switch (e.type) {
      case EffectType::ColumnShift:
      case EffectType::Strength:
      case EffectType::FireFirst:
      case EffectType::AllocateHits:
        j["part"] = part_name(e.part);
        break;
      default:
        break;
    }
    if (e.type == EffectType::Strength) {
      j["multiply"] = e.amount;
      j["divide"] = e.divide;
    } else if (e.amount != 0 || e.type == EffectType::LbaStrike) {
      j["amount"] = e.amount;
    }
    if (e.type == EffectType::LbaStrike || e.type == EffectType::ReadyUnits ||
        e.type == EffectType::ExhaustUnits)
      j["units"] = unit_filter_name(e.units);
    if (e.type == EffectType::ExtraAction) j["action"] = action_filter_name(e.action);
    if (e.type == EffectType::Repair) j["new_ships"] = e.new_ships;
    if (e.oz >= 0) j["oz"] = c.ozs[e.oz].id;
    if (e.type == EffectType::EarlyReinforcement) {
      static const char* const nations[] = {"Japan", "US", "Britain", "Netherlands", "Australia"};
      j["nation"] = nations[e.nation];
    }
    effects.push_back(j);
  }
  engine::Json req = engine::Json::object();
  const Requirements& q = ev.needs;
  if (!q.turns.empty()) req["turns"] = q.turns;
  if (q.fire >= 0) {
    req["fire"] = side_name(q.fire);
    req["part"] = part_name(q.fire_part);
  }
  if (q.own_units_in_combat) req["own_units_in_combat"] = true;
  if (q.enemy_lba_in_combat) req["enemy_lba_in_combat"] = true;
  if (q.enemy_hand) req["enemy_hand"] = true;
  if (!q.own_ready_in.empty()) {
    engine::Json list = engine::Json::array();
    for (int oz : q.own_ready_in) list.push_back(c.ozs[oz].id);
    req["own_ready_in"] = list;
    req["own_ready_units"] = unit_filter_name(q.own_ready_units);
  }
  return {{"id", end.id},
          {"name", end.name},
          {"category", end.category},
          {"timing", timing_name(ev.timing)},
          {"strategic_event", end.strategic_event},
          {"requires", req},
          {"effects", effects},
          {"text", end.text},
          {"provenance", {{"source", end.provenance.source}, {"note", end.provenance.note}}}};
}

}  // namespace pacwar::pacific_war
