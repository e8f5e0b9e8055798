// 13.0 Advanced Rules, each switched on by its option (options.h): the Ise/Hyuga conversion
// (13.1), the torpedo cruisers Oi and Kitakami (13.2), the battleship Shinano (13.3), Kasagi and
// Ibuki (13.4), HMS Victorious (13.5), the Australian Divisions (13.6), the Seabees / MAGIC /
// Fleet Train markers (13.7) and the Battle marker (13.8). 13.9 (De Ruyter) has no rules.
// The base rules files call in here at a few named points (rules.h); rulings: docs/rulings.md.
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

bool on(const PwState& s, Rule rule) { return s.options().on(rule); }

Rule rule_of(const PwState& s, int u) { return s.content().units[u].rule; }

// The advanced counter `u` stands in for (13.1 / 13.3), or -1.
int replaced_unit(const PwState& s, int u) {
  const std::string& id = s.content().units[u].replaces;
  return id.empty() ? -1 : s.content().unit_index(id);
}

// An advanced counter in play replaces `u` (Ise by Ise-CVB, Shinano by Shinano-BB).
bool replaced_in_play(const PwState& s, int u) {
  const Content& c = s.content();
  for (int v = 0; v < c.num_units(); ++v)
    if (c.units[v].advanced && replaced_unit(s, v) == u && s.units[v].loc != kLocRemoved &&
        s.units[v].loc != kLocPool)
      return true;
  return false;
}

// Sunk, or removed for good by damage; not withdrawn (6.2), converted, or never in play.
bool lost(const PwState& s, int u) {
  const UnitDef& d = s.content().units[u];
  const UnitState& us = s.units[u];
  if (us.loc == kLocSunk) return true;
  if (us.loc != kLocRemoved || d.advanced || replaced_in_play(s, u)) return false;
  return d.withdraw_turn == 0 || s.turn < d.withdraw_turn;
}

int carriers_lost(const PwState& s, int side) {
  int n = 0;
  for (int u : s.content().side_units[side])
    if (s.content().units[u].type == UnitType::Carrier && lost(s, u)) ++n;
  return n;
}

int japanese_naval_lost(const PwState& s) {
  int n = 0;
  for (int u : s.content().side_units[kJapanese])
    if (s.content().units[u].is_naval() && lost(s, u)) ++n;
  return n;
}

void to_track(PwState& s, int u, int turn, Log log, const std::string& why,
              const std::string& rule) {
  set_loc(s, u, kLocTrack);
  s.units[u].turn = static_cast<std::uint8_t>(turn);
  s.units[u].flags = kReady;
  log_line(
      log, [&] { return unit_name(s, u) + " " + why + " (Turn " + std::to_string(turn) + ")."; },
      rule);
}

void remove_unit(PwState& s, int u, Log log, const std::string& why, const std::string& rule) {
  set_loc(s, u, kLocRemoved);
  s.units[u].flags = 0;
  if (!why.empty())
    log_line(
        log, [&] { return unit_name(s, u) + " " + why + "."; }, rule);
}

// 13.1 and 13.3 at the beginning of the conversion turn.
void conversions(PwState& s, Log log) {
  const Content& c = s.content();
  const bool carrier_lost = carriers_lost(s, kJapanese) > 0;
  for (int u = 0; u < c.num_units(); ++u) {
    if (!c.units[u].advanced || s.units[u].loc != kLocPool) continue;
    const Rule rule = rule_of(s, u);
    const int old = replaced_unit(s, u);
    if (rule == Rule::IseHyuga && on(s, Rule::IseHyuga)) {
      if (!carrier_lost) {
        remove_unit(s, u, log, "is not converted: no Japanese carrier has been lost", "13.1");
      } else if (old < 0 || lost(s, old)) {
        remove_unit(s, u, log, "cannot be converted: the battleship was destroyed", "13.1");
      } else {
        remove_unit(s, old, log, "goes to the Navy Yards for conversion", "13.1");
        to_track(s, u, c.units[u].arrive_turn, log, "will arrive as a carrier-battleship", "13.1");
      }
    } else if (rule == Rule::Shinano && on(s, Rule::Shinano)) {
      if (carrier_lost || old < 0 || lost(s, old)) {
        remove_unit(s, u, log, "is not used: the carrier Shinano stays in the game", "13.3");
      } else {
        remove_unit(s, old, log, "is not converted to a carrier", "13.3");
        to_track(s, u, c.units[u].arrive_turn, log, "will arrive as a battleship", "13.3");
      }
    }
  }
}

// 13.5: HMS Victorious arrives the turn after the third Allied carrier is lost; gone on Turn 4.
void victorious(PwState& s, Log log) {
  const Content& c = s.content();
  for (int u : c.side_units[kAllied]) {
    if (!c.units[u].advanced || rule_of(s, u) != Rule::Victorious || s.units[u].loc != kLocPool)
      continue;
    if (c.units[u].withdraw_turn > 0 && s.turn >= c.units[u].withdraw_turn)
      remove_unit(s, u, log, "", "13.5");
    else if (carriers_lost(s, kAllied) >= c.advanced.victorious_carriers)
      to_track(s, u, s.turn, log,
               "joins the Allies: " + std::to_string(carriers_lost(s, kAllied)) +
                   " Allied carriers have been lost",
               "13.5");
  }
}

std::vector<int> kasagi_ibuki_waiting(const PwState& s) {
  std::vector<int> out;
  for (int u : s.content().side_units[kJapanese])
    if (s.content().units[u].advanced && rule_of(s, u) == Rule::KasagiIbuki &&
        s.units[u].loc == kLocPool)
      out.push_back(u);
  return out;
}

// 13.4: count the turn just ended; after the last counted turn the unearned ones are removed.
void kasagi_ibuki(PwState& s, Log log) {
  const AdvancedRulesDef& a = s.content().advanced;
  const int ended = s.turn - 1;
  if (ended >= 1 && ended <= a.kasagi_ibuki_last_turn &&
      japanese_naval_lost(s) == s.adv.japanese_lost_mark) {
    log_line(
        log,
        [&] { return "No Japanese Naval unit was lost on Turn " + std::to_string(ended) + "."; },
        "13.4");
    ++s.adv.kasagi_ibuki_due;
  }
  if (ended >= a.kasagi_ibuki_last_turn && s.adv.kasagi_ibuki_due == 0)
    for (int u : kasagi_ibuki_waiting(s)) remove_unit(s, u, log, "", "13.4");
}

bool divisions_in_play(const PwState& s) { return s.adv.divisions_oz >= 0; }

// 13.6: an OZ the Australian Divisions may be placed on (rulings: Allied-owned Ports only).
bool divisions_target(const PwState& s, int oz) {
  if (!is_friendly_controlled(s, kAllied, oz) || has_units(s, kJapanese, oz)) return false;
  return !s.content().ozs[oz].port || s.port_owner[oz] == kAllied;
}

void remove_divisions(PwState& s, Log log, const std::string& why, const std::string& rule) {
  log_line(
      log, [&] { return "The Australian Divisions are removed from the game: " + why + "."; },
      rule);
  s.adv.divisions_oz = kDivisionsGone;
}

bool seabees_target(const PwState& s, int lba) {
  const int oz = s.adv.seabees_oz;
  return s.content().units[lba].is_lba() && s.units[lba].loc < kMaxOz && s.units[lba].loc != oz;
}

bool marker_available(const PwState& s) {
  return on(s, Rule::SeabeesMagic) && s.turn >= s.content().advanced.markers_from_turn &&
         s.adv.marker_turn != s.turn;
}

int torpedo_slot(const PwState& s, int unit) {
  int slot = 0;
  for (int u = 0; u < unit; ++u)
    if (s.content().units[u].type == UnitType::TorpedoCruiser) ++slot;
  return slot < 2 ? slot : -1;
}

}  // namespace

bool waits_for_condition(const PwState& s, int unit) {
  const UnitDef& d = s.content().units[unit];
  if (!d.advanced || !s.options().on(d.rule)) return false;
  return d.rule == Rule::IseHyuga || d.rule == Rule::Shinano || d.rule == Rule::KasagiIbuki ||
         d.rule == Rule::Victorious;
}

void advanced_turn_start(PwState& s, Log log) {
  const AdvancedRulesDef& a = s.content().advanced;
  if (on(s, Rule::KasagiIbuki)) kasagi_ibuki(s, log);
  if (s.turn == a.conversion_turn) conversions(s, log);
  if (on(s, Rule::Victorious)) victorious(s, log);
  s.adv.japanese_lost_mark = static_cast<std::int8_t>(japanese_naval_lost(s));
}

bool advanced_reinforcement_prompt(PwState& s, Log log) {
  if (s.adv.kasagi_ibuki_due > 0) {
    const std::vector<int> waiting = kasagi_ibuki_waiting(s);
    if (waiting.size() > 1) {
      s.step = Step::KasagiIbuki;
      s.seat = kJapanese;
      return true;
    }
    s.adv.kasagi_ibuki_due = 0;
    if (waiting.size() == 1)
      to_track(s, waiting[0], s.content().units[waiting[0]].arrive_turn, log,
               "is completed as a reinforcement", "13.4");
    if (s.turn > s.content().advanced.kasagi_ibuki_last_turn)
      for (int u : kasagi_ibuki_waiting(s)) remove_unit(s, u, log, "", "13.4");
  }
  if (on(s, Rule::AustralianDivisions) && s.turn >= s.content().advanced.divisions_turn &&
      s.adv.divisions_turn != s.turn && s.adv.divisions_oz != kDivisionsGone) {
    s.step = Step::Divisions;
    s.seat = kAllied;
    return true;
  }
  return false;
}

// ---- The legal actions of each 13.x prompt (its entry below) ----

static void legal_kasagi_ibuki(const PwState& s, Out& out) {
  for (int u : kasagi_ibuki_waiting(s)) out.push_back(encode(Kind::AddUnit, u));
}

static void legal_divisions(const PwState& s, Out& out) {
  const Content& c = s.content();
  for (int oz = 0; oz < c.num_ozs(); ++oz)
    if (oz != s.adv.divisions_oz && divisions_target(s, oz))
      out.push_back(encode(Kind::Divisions, oz));
  if (divisions_in_play(s) || out.empty()) out.push_back(encode(Kind::Stay));
}

static void legal_seabees(const PwState& s, Out& out) {
  for (int u : s.content().side_units[kAllied])
    if (seabees_target(s, u)) out.push_back(encode(Kind::SeabeesLba, u));
  out.push_back(encode(Kind::Decline));
}

static void legal_magic([[maybe_unused]] const PwState& s, Out& out) {
  out.push_back(encode(Kind::Magic));
  out.push_back(encode(Kind::Decline));
}

void apply_advanced(PwState& s, Act act, Log log) {
  switch (act.kind) {
    case Kind::AddUnit:
      to_track(s, act.a, s.content().units[act.a].arrive_turn, log,
               "is completed as a reinforcement", "13.4");
      if (--s.adv.kasagi_ibuki_due == 0 && s.turn > s.content().advanced.kasagi_ibuki_last_turn)
        for (int u : kasagi_ibuki_waiting(s)) remove_unit(s, u, log, "", "13.4");
      resume_reinforcements(s, log);
      return;
    case Kind::Divisions:
      log_line(
          log,
          [&] {
            return std::string("The Australian Divisions ") +
                   (divisions_in_play(s) ? "redeploy to " : "arrive at ") + oz_name(s, act.a) + ".";
          },
          "13.6");
      s.adv.divisions_oz = static_cast<std::int8_t>(act.a);
      s.adv.divisions_turn = s.turn;
      resume_reinforcements(s, log);
      return;
    case Kind::Stay:  // 13.6: the Divisions stay where they are
      s.adv.divisions_turn = s.turn;
      resume_reinforcements(s, log);
      return;
    case Kind::RemoveDivisions:
      remove_divisions(s, log, "the Japanese invade " + oz_name(s, act.a), "13.6.1");
      s.committed[act.a] = 0;
      update_control(s, log);
      return;
    case Kind::SeabeesLba:
      log_line(
          log,
          [&] {
            return "Seabees: " + unit_name(s, act.a) + " redeploys to " +
                   oz_name(s, s.adv.seabees_oz) + ".";
          },
          "13.7");
      set_loc(s, act.a, s.adv.seabees_oz);
      s.adv.marker_turn = s.turn;
      s.adv.seabees_oz = -1;
      finish_action(s, log);
      return;
    case Kind::Magic:
      log_line(log, "MAGIC: the Allied player executes one last Strategy Action.", "13.7");
      s.adv.marker_turn = s.turn;
      s.after = AfterAction::EndPhase;
      start_strategy_action(s, kAllied, log);
      return;
    case Kind::FreeFleetTrain:
      s.fleet_train_oz = static_cast<std::int8_t>(act.a);
      --s.fleet_trains_left;
      s.fleet_train_turn = s.turn;
      log_line(
          log,
          [&] { return "Allied place a Fleet Train at " + oz_name(s, act.a) + " without a card."; },
          "13.7");
      finish_action(s, log);
      return;
    case Kind::Decline:
      if (s.step == Step::Seabees) {
        s.adv.seabees_oz = -1;
        finish_action(s, log);
      } else {  // MAGIC declined: the tie ends the Strategy Phase
        end_strategy_phase_now(s, log);
      }
      return;
    default:
      return;
  }
}

std::string advanced_action_id(const PwState& s, Act a) {
  const Content& c = s.content();
  switch (a.kind) {
    case Kind::AddUnit:
      return "add " + c.units.at(a.a).id;
    case Kind::Divisions:
      return "divisions " + c.ozs.at(a.a).id;
    case Kind::RemoveDivisions:
      return "remove-divisions " + c.ozs.at(a.a).id;
    case Kind::SeabeesLba:
      return "seabees " + c.units.at(a.a).id;
    case Kind::Magic:
      return "magic";
    case Kind::FreeFleetTrain:
      return "fleet-train-free " + c.ozs.at(a.a).id;
    default:
      return "unknown";
  }
}

std::string advanced_action_label(const PwState& s, Act a) {
  switch (a.kind) {
    case Kind::AddUnit:
      return "Complete " + unit_name(s, a.a) + " as a Turn 5 reinforcement (13.4)";
    case Kind::Divisions:
      return "Australian Divisions to " + oz_name(s, a.a) + " (13.6)";
    case Kind::RemoveDivisions:
      return "Invade " + oz_name(s, a.a) + ": remove the Australian Divisions (13.6.1)";
    case Kind::SeabeesLba:
      return "Seabees: redeploy " + unit_name(s, a.a) + " to " + oz_name(s, s.adv.seabees_oz) +
             " (13.7)";
    case Kind::Magic:
      return "MAGIC: execute one last Strategy Action (13.7)";
    case Kind::FreeFleetTrain:
      return "Fleet Train at " + oz_name(s, a.a) + " without a card (13.7)";
    case Kind::Stay:
      return s.step == Step::Divisions ? "The Australian Divisions stay (13.6)" : "";
    case Kind::Decline:
      return s.step == Step::Seabees ? "No Seabees redeployment (13.7)"
             : s.step == Step::Magic ? "No MAGIC: the Strategy Phase ends (8.2, 13.7)"
                                     : "";
    default:
      return "";
  }
}

// ---- 13.2 Torpedo Cruisers ----

bool is_torpedo_cruiser(const PwState& s, int unit) {
  return s.content().units[unit].type == UnitType::TorpedoCruiser;
}

bool torpedo_cruisers_in(const PwState& s, int oz) {
  const Content& c = s.content();
  for (int u : c.side_units[kJapanese])
    if (s.units[u].loc == oz && c.units[u].type == UnitType::TorpedoCruiser) return true;
  return false;
}

// The next torpedo cruiser in the combat without a roll for this round, or -1.
static int next_unrolled(const PwState& s) {
  const Content& c = s.content();
  for (int u : c.side_units[kJapanese])
    if (s.units[u].loc == s.combat.oz && c.units[u].type == UnitType::TorpedoCruiser) {
      const int slot = torpedo_slot(s, u);
      if (slot >= 0 && s.adv.torpedo[slot] < 0) return u;
    }
  return -1;
}

bool start_torpedo_dice(PwState& s) {
  s.adv.torpedo[0] = s.adv.torpedo[1] = -1;
  if (!on(s, Rule::TorpedoCruisers) || next_unrolled(s) < 0) return false;
  s.step = Step::TorpedoDie;
  return true;
}

void apply_torpedo_die(PwState& s, Act act, Log log) {
  const int u = next_unrolled(s);
  s.adv.torpedo[torpedo_slot(s, u)] = static_cast<std::int8_t>(act.a - 1);
  log_line(
      log,
      [&] {
        return unit_name(s, u) + " torpedo die " + std::to_string(act.a) + ": Gunnery Strength " +
               std::to_string(act.a - 1) + " this round.";
      },
      "13.2");
  if (next_unrolled(s) < 0) resume_surface_fire(s, log);
}

int torpedo_gunnery(const PwState& s, int unit) {
  if (s.combat.oz < 0 || s.combat.part != CombatPart::Surface || s.units[unit].loc != s.combat.oz ||
      !is_torpedo_cruiser(s, unit))
    return 0;
  const int slot = torpedo_slot(s, unit);
  return slot >= 0 && s.adv.torpedo[slot] > 0 ? s.adv.torpedo[slot] : 0;
}

bool torpedo_cruisers_first(const PwState& s) {
  const CombatCtx& cb = s.combat;
  if (cb.part != CombatPart::Surface || cb.firing != kAllied) return false;
  for (int u : s.content().side_units[kJapanese])
    if (s.units[u].loc == cb.oz && is_torpedo_cruiser(s, u) && s.units[u].pend_hits == 0)
      return true;
  return false;
}

// ---- 13.6 Australian Divisions ----

int divisions_ground_bonus(const PwState& s, int oz) { return s.adv.divisions_oz == oz ? 1 : 0; }

bool divisions_hold_base(const PwState& s, int oz) {
  return s.adv.divisions_oz == oz && !s.content().ozs[oz].port && s.base_marker[oz] == kAllied;
}

void divisions_port_captured(PwState& s, int oz, Log log) {
  if (s.adv.divisions_oz == oz) remove_divisions(s, log, oz_name(s, oz) + " is captured", "13.6.3");
}

void legal_divisions_invasion(const PwState& s, Out& out) {
  const int oz = s.adv.divisions_oz;
  if (s.seat != kJapanese || oz < 0 || s.content().ozs[oz].port || !has_naval(s, kJapanese, oz))
    return;
  const int have = ground_strength(s, kJapanese, oz) + s.committed[oz];
  if (have >= ground_needed(s, oz)) {
    out.push_back(encode(Kind::RemoveDivisions, oz));
    return;
  }
  for (int card : hand(s, kJapanese)) out.push_back(encode(Kind::Ground, card, oz));
}

// ---- 13.7 Seabees / MAGIC / Fleet Train ----

bool advanced_combat_over(PwState& s, int oz, int attacker, Log log) {
  (void)log;
  s.adv.torpedo[0] = s.adv.torpedo[1] = -1;
  if (!marker_available(s) || attacker != kAllied || oz < 0) return false;
  if (s.move.side != kAllied || s.move.kind != MoveKind::Normal) return false;
  if (!has_naval(s, kAllied, oz) || has_units(s, kJapanese, oz)) return false;
  // 8.9.3: one LBA per Base; a Japanese Port held as an Allied Base is a Base (12.3).
  const bool own_port = s.content().ozs[oz].port && s.port_owner[oz] == kAllied;
  if (!own_port && s.fleet_train_oz != oz && count_lba(s, kAllied, oz) > 0) return false;
  s.adv.seabees_oz = static_cast<std::int8_t>(oz);
  bool any = false;
  for (int u : s.content().side_units[kAllied]) any = any || seabees_target(s, u);
  if (!any) {
    s.adv.seabees_oz = -1;
    return false;
  }
  clear_unit_flag(s, kSelected);
  s.step = Step::Seabees;
  s.seat = kAllied;
  return true;
}

bool offer_magic(PwState& s, Log log) {
  (void)log;
  if (!marker_available(s)) return false;
  s.step = Step::Magic;
  s.seat = kAllied;
  return true;
}

bool fleet_train_is_free(const PwState& s) { return on(s, Rule::SeabeesMagic); }

// ---- 13.8 Battle marker ----

int battle_marker_oz(const PwState& s) {
  if (!on(s, Rule::BattleMarker) || s.combat.oz < 0 || s.combat.part == CombatPart::Raid) return -1;
  return s.combat.oz;
}

// ---- invariants ----

std::string check_advanced_invariants(const PwState& s) {
  const Content& c = s.content();
  const AdvancedState& a = s.adv;
  if (a.divisions_oz != kDivisionsOff && !on(s, Rule::AustralianDivisions))
    return "Australian Divisions in play without 13.6";
  if (a.divisions_oz >= c.num_ozs() || a.divisions_oz < kDivisionsGone)
    return "Australian Divisions in no valid place";
  if (a.divisions_oz >= 0) {
    const int oz = a.divisions_oz;
    if (c.ozs[oz].port ? s.port_owner[oz] != kAllied : s.base_marker[oz] != kAllied)
      return "Australian Divisions on " + c.ozs[oz].id + ", which the Allies lost (13.6)";
  }
  if (a.marker_turn >= 0 && (!on(s, Rule::SeabeesMagic) || a.marker_turn > s.turn ||
                             a.marker_turn < c.advanced.markers_from_turn))
    return "Seabees / MAGIC used outside 13.7";
  if (s.combat.oz < 0 && (a.torpedo[0] >= 0 || a.torpedo[1] >= 0))
    return "torpedo cruiser gunnery rolled outside combat (13.2)";
  for (int t : {a.torpedo[0], a.torpedo[1]})
    if (t > 5) return "torpedo cruiser gunnery above 5 (13.2)";
  if ((s.step == Step::Seabees) != (a.seabees_oz >= 0)) return "Seabees OZ outside its prompt";
  if (a.kasagi_ibuki_due < 0 || a.kasagi_ibuki_due > 2) return "Kasagi / Ibuki count out of range";
  std::string problem;  // only Advanced units wait for a condition
  for_each_unit(c.advanced_units, [&](int u) {
    if (!problem.empty() || s.units[u].loc != kLocPool || !waits_for_condition(s, u)) return;
    const Rule rule = c.units[u].rule;
    const bool decided = (rule == Rule::IseHyuga || rule == Rule::Shinano)
                             ? s.turn >= c.advanced.conversion_turn
                         : rule == Rule::KasagiIbuki
                             ? s.turn > c.advanced.kasagi_ibuki_last_turn
                             : c.units[u].withdraw_turn > 0 && s.turn >= c.units[u].withdraw_turn;
    if (decided && s.step != Step::KasagiIbuki && s.step != Step::ReinforceLba &&
        s.step != Step::Divisions)
      problem = "advanced unit still waiting after its rule decided: " + c.units[u].id;
  });
  return problem;
}

std::string check_advanced_transition(const PwState& before, const PwState& after, Act act,
                                      const UnitMask& moved) {
  const Content& c = after.content();
  if (before.adv.divisions_oz == kDivisionsGone && after.adv.divisions_oz != kDivisionsGone)
    return "the Australian Divisions came back (13.6.3)";
  if (before.adv.marker_turn == before.turn && after.turn == before.turn &&
      after.adv.marker_turn != before.adv.marker_turn)
    return "Seabees / MAGIC used twice in a turn (13.7)";
  std::string problem;
  for_each_unit(moved, [&](int u) {
    const std::uint8_t from = before.units[u].loc, to = after.units[u].loc;
    if (!problem.empty()) return;
    if (before.step == Step::Seabees &&
        (act.kind != Kind::SeabeesLba || act.a != u || to != before.adv.seabees_oz))
      problem = "a unit moved at the Seabees prompt other than the chosen LBA: " + c.units[u].id;
    else if (from == kLocPool && to == kLocTrack && c.units[u].advanced &&
             !waits_for_condition(before, u))
      problem = "an advanced unit left the pool without its rule: " + c.units[u].id;
  });
  return problem;
}

}  // namespace pacwar::pacific_war

// ---- The steps of 13.0 Advanced Rules (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kAdvancedSteps[] = {
    {Step::KasagiIbuki, "kasagi-ibuki", Actor::Seat, "reinforcements", "13.4", Rest::Busy, kNoKind,
     nullptr, legal_kasagi_ibuki, apply_advanced,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "13.4 Japanese: which carrier is completed for Turn 5, Kasagi or Ibuki?";
     }},
    {Step::Divisions, "divisions", Actor::Seat, "reinforcements", "13.6", Rest::Busy, kNoKind,
     nullptr, legal_divisions, apply_advanced,
     [](const PwState& s) -> std::string {
       return s.adv.divisions_oz >= 0 ? "13.6 Allied: redeploy the Australian Divisions from " +
                                            oz_name(s, s.adv.divisions_oz) + "?"
                                      : "13.6 Allied: where do the Australian Divisions arrive?";
     }},
    {Step::TorpedoDie, "torpedo-die", Actor::Chance, "strategy", "13.2", Rest::Busy, kEveryKind,
     die_outcomes, nullptr, apply_torpedo_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "13.2 Torpedo cruiser gunnery die (1d6 - 1)";
     }},
    {Step::Seabees, "seabees", Actor::Seat, "strategy", "13.7", Rest::Busy, kNoKind, nullptr,
     legal_seabees, apply_advanced,
     [](const PwState& s) -> std::string {
       return "13.7 Seabees: redeploy one Allied LBA to " + oz_name(s, s.adv.seabees_oz) + "?";
     }},
    {Step::Magic, "magic", Actor::Seat, "strategy", "13.7", Rest::Busy, kNoKind, nullptr,
     legal_magic, apply_advanced,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "13.7 MAGIC: the Initiative dice tied; execute one last Allied Strategy Action?";
     }},
};

}  // namespace

std::span<const StepRules> advanced_steps() { return kAdvancedSteps; }

}  // namespace pacwar::pacific_war
