// 5.0 Turn Zero (December 1941): Phase I Tora, Tora, Tora; Phase II Air Raid Malaysia;
// Phase III A Day of Infamy; Phase IV The Sleeping Giant Awakens; Phase V Victory Fever.
// Optional Rule 15.1 (Yamamoto's Original Plan) adds a strike after Phase I.
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

void phase_three_to_five(PwState& s, Log log) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitDef& d = c.units[u];
    if (s.units[u].loc != kLocPool) continue;
    if (d.setup == SetupKind::PearlStrike) {
      set_loc(s, u, static_cast<std::uint8_t>(c.oz_japan));
      s.units[u].flags = kReady;
    } else if (d.setup == SetupKind::PearlHarbor) {
      set_loc(s, u, static_cast<std::uint8_t>(c.oz_hawaii));
      s.units[u].flags = kReady;
    }
  }
  log_line(log, "Phase III: the Pearl Harbor strike force returns to Japan, Ready.", "5.0");
  log_line(log, "Phase IV: the [PH] units are placed in the Hawaiian Islands.", "5.0");
  log_line(log, "Phase V: Turn 0 is over; no Victory Points are counted.", "5.0");
  update_control(s, log);
  begin_turn(s, log);
}

}  // namespace

void begin_turn_zero(PwState& s, Log log) {
  s.turn = 0;
  log_line(log, "Turn 0 (December 1941) begins.", "5.0");
  begin_raid(s, kPearlHarborRaid, log);
}

void after_raid(PwState& s, Log log) {
  const int phase = s.combat.raid_phase;
  s.combat = CombatCtx{};
  if (phase == kPearlHarborRaid && s.options().on(Rule::Yamamoto)) {
    s.step = Step::YamamotoDie;
    return;
  }
  if (phase == kPearlHarborRaid || phase == kThirdWaveRaid) {
    begin_raid(s, kMalayaRaid, log);
    return;
  }
  phase_three_to_five(s, log);
}

void apply_yamamoto_die(PwState& s, Act act, Log log) {
  if (act.a >= 5) {
    log_line(
        log,
        [&] {
          return "Yamamoto's original plan: a third wave strikes Pearl Harbor (die " +
                 std::to_string(act.a) + ").";
        },
        "15.1");
    s.step = Step::YamamotoColumn;
    return;
  }
  log_line(
      log, [&] { return "Nagumo turns back: no third wave (die " + std::to_string(act.a) + ")."; },
      "15.1");
  begin_raid(s, kMalayaRaid, log);
}

void apply_yamamoto_column(PwState& s, Act act, Log log) {
  const char* label = act.a == 1 ? "3" : act.a <= 3 ? "6-7" : act.a <= 5 ? "10-12" : "16-19";
  s.yamamoto_column = static_cast<std::int8_t>(s.content().crt.column_by_label(label));
  log_line(
      log, [&] { return std::string("The third wave uses the [") + label + "] column."; }, "15.1");
  begin_raid(s, kThirdWaveRaid, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 5.0 Turn Zero (15.1 Yamamoto) (steps.h) ----

namespace pacwar::pacific_war {
namespace {

constexpr StepRules kTurnZeroSteps[] = {
    {Step::YamamotoDie, "yamamoto-die", Actor::Chance, "turn-0", "15.1", Rest::Busy, kEveryKind,
     die_outcomes, nullptr, apply_yamamoto_die,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "15.1 Yamamoto's Original Plan: 5-6 launches a third wave";
     }},
    {Step::YamamotoColumn, "yamamoto-column", Actor::Chance, "turn-0", "15.1", Rest::Busy,
     kEveryKind, die_outcomes, nullptr, apply_yamamoto_column,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return "15.1 The third wave's column";
     }},
};

}  // namespace

std::span<const StepRules> turn_zero_steps() { return kTurnZeroSteps; }

}  // namespace pacwar::pacific_war
