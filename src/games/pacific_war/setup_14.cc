// 14.0 Game Set-Up: fixed placements, the Allied [LAC] choices (14.1), the Japanese free
// placement (14.2), the Japanese opening hand and the markers (14.3).
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

bool rule_unit_in_play(const PwState& s, const UnitDef& d) {
  if (!d.advanced) return true;
  return s.options().on(d.rule);  // the loader parsed advanced_rule into d.rule
}

int next_unplaced(const PwState& s, SetupKind kind) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (c.units[u].setup == kind && s.units[u].loc == kLocPool && rule_unit_in_play(s, c.units[u]))
      return u;
  return -1;
}

void place(PwState& s, int unit, int oz) {
  set_loc(s, unit, oz);
  s.units[unit].flags = kReady;
}

void place_markers(PwState& s) {
  const Content& c = s.content();
  for (int oz = 0; oz < c.num_ozs(); ++oz) set_base_marker(s, oz, -1);
  update_control(s, nullptr);               // 14.3: Base markers following the control rules
  for (int oz = 0; oz < c.num_ozs(); ++oz)  // 14.3.1: regardless of placement
    if (!c.ozs[oz].port && c.ozs[oz].initial_base_marker >= -1)
      set_base_marker(s, oz, c.ozs[oz].initial_base_marker);
}

void advance_setup(PwState& s, Log log) {
  if (s.step == Step::SetupAllied) {
    s.pending_unit = static_cast<std::int16_t>(next_unplaced(s, SetupKind::AlliedChoice));
    if (s.pending_unit >= 0) return;
    s.step = Step::SetupJapanese;
    s.seat = kJapanese;
  }
  if (s.step == Step::SetupJapanese) {
    s.pending_unit = static_cast<std::int16_t>(next_unplaced(s, SetupKind::JapaneseFree));
    if (s.pending_unit >= 0) return;
    s.step = Step::SetupDraw;
    s.draw_left[kJapanese] = static_cast<std::int8_t>(s.content().japanese_initial_hand);
    log_line(log, "The Japanese player draws the opening hand.", "14.2");
  }
  if (s.step == Step::SetupDraw && s.draw_left[kJapanese] > 0 && deck_size(s) > 0) return;
  place_markers(s);
  begin_turn_zero(s, log);
}

}  // namespace

void start_game(PwState& s) {
  const Content& c = s.content();
  for (int i = 0; i < c.num_cards(); ++i) s.cards[i] = CardLoc::Deck;
  for (int oz = 0; oz < c.num_ozs(); ++oz)  // 14.3: Port markers
    set_port_owner(s, oz, c.ozs[oz].port ? c.ozs[oz].initial_port_owner : -1);
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitDef& d = c.units[u];
    UnitState& us = s.units[u];
    us = UnitState{};
    if (!rule_unit_in_play(s, d)) {
      us.loc = kLocRemoved;
      continue;
    }
    if (waits_for_condition(s, u)) continue;  // 13.1, 13.3-13.5: in the pool until decided
    switch (d.setup) {
      case SetupKind::AtOz:
        place(s, u, d.setup_oz);
        break;
      case SetupKind::Reinforcement:
        us.loc = kLocTrack;
        us.turn = static_cast<std::uint8_t>(d.arrive_turn);
        us.flags = kReady;
        break;
      default:
        us.loc = kLocPool;  // placed by a choice, or on Turn 0
        break;
    }
  }
  recount(s);
  s.step = Step::SetupAllied;
  s.seat = kAllied;
  advance_setup(s, nullptr);
}

void legal_setup(const PwState& s, Out& out) {
  const Content& c = s.content();
  const UnitDef& d = c.units[s.pending_unit];
  for (int oz : d.choice_ozs) {
    if (d.setup == SetupKind::JapaneseFree && d.capital && !c.ozs[oz].port) continue;  // 14.2
    if (d.is_lba() && !c.ozs[oz].port && count_lba(s, d.side, oz) > 0) continue;       // 8.9.3
    out.push_back(encode(Kind::Place, s.pending_unit, oz));
  }
}

void apply_setup(PwState& s, Act act, Log log) {
  place(s, act.a, act.b);
  log_line(
      log,
      [&] {
        return side_name(side_of(s, act.a)) + " set up " + unit_name(s, act.a) + " at " +
               oz_name(s, act.b) + ".";
      },
      s.step == Step::SetupAllied ? "14.1" : "14.2");
  advance_setup(s, log);
}

void apply_setup_draw(PwState& s, Act act, Log log) {
  draw_card(s, act.a, kJapanese, log);
  --s.draw_left[kJapanese];
  advance_setup(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 14.0 Game Set-Up (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kSetupSteps[] = {
    {Step::SetupAllied, "setup-allied", Actor::Seat, "setup", "14.1", Rest::Busy, kNoKind, nullptr,
     legal_setup, apply_setup,
     []([[maybe_unused]] const PwState& s) -> std::string {
       // The counter's set-up code LAC is spelled out: the Allied player picks one of its OZs.
       std::string where;
       const auto& ozs = s.content().units.at(static_cast<std::size_t>(s.pending_unit)).choice_ozs;
       for (std::size_t i = 0; i < ozs.size(); ++i) {
         where += (i == 0 ? "" : i + 1 == ozs.size() ? " or " : ", ") + oz_name(s, ozs[i]);
       }
       return "14.1 Allied set-up: where does " + unit_name(s, s.pending_unit) +
              " start? (set-up code LAC, the Allied player's choice: " + where + ")";
     }},
    {Step::SetupJapanese, "setup-japanese", Actor::Seat, "setup", "14.2", Rest::Busy, kNoKind,
     nullptr, legal_setup, apply_setup,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "14.2 Japanese set-up: where does " + unit_name(s, s.pending_unit) + " start?";
     }},
    {Step::SetupDraw, "setup-draw", Actor::Chance, "setup", "14.2", Rest::Busy, kEveryKind,
     card_draw_outcomes, nullptr, apply_setup_draw,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "14.2 The Japanese player draws four Resource Cards";
     }},
};

}  // namespace

std::span<const StepRules> setup_steps() { return kSetupSteps; }

}  // namespace pacwar::pacific_war
