// 3.0 Set-Up: fixed placement (3.1), the Allied split of the US forces at Pearl Harbor or Samoa
// (one unit at a time), markers (3.3). The game then starts with the 1939 Production Phase.
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

int next_split(const CpsState& s) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u)
    if (c.units[u].setup == "split" && s.units[u].loc == kLocPool) return u;
  return -1;
}

}  // namespace

void start_game(CpsState& s) {
  const Content& c = s.content();
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitDef& d = c.units[u];
    UnitState& st = s.units[u];
    st = UnitState{};
    if (d.setup == "pool" || d.setup == "split") continue;
    st.steps = static_cast<std::uint8_t>(d.reduced ? 1 : d.steps);
    if (d.setup == "track") {
      st.loc = kLocTrack;
      st.track_left = static_cast<std::uint8_t>(c.advances(d.type));
    } else {
      st.loc = static_cast<std::uint8_t>(c.space_index(d.setup));
    }
  }
  s.cards.fill(CardLoc::Out);
  s.turn = 1;
  s.step = Step::SetupSplit;
  s.seat = kAllied;
}

void legal_setup(const CpsState& s, Out& out) {
  const int u = next_split(s);
  if (u < 0) return;
  for (const char* id : {"Pearl-Harbor", "Samoa"})
    out.push_back(encode(Kind::Place, u, s.content().space_index(id)));
}

void apply_setup(CpsState& s, Act a, Log log) {
  const UnitDef& d = s.content().units[a.a];
  s.units[a.a].loc = static_cast<std::uint8_t>(a.b);
  s.units[a.a].steps = static_cast<std::uint8_t>(d.reduced ? 1 : d.steps);
  log_line(
      log, [&] { return unit_name(s, a.a) + " set up at " + space_name(s, a.b) + "."; }, "3.1");
  if (next_split(s) < 0) begin_turn(s, log);
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 3.1 Setup (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

constexpr StepRules kSetupSteps[] = {
    {Step::SetupSplit, "setup-split", Actor::Seat, "setup", "3.1", false, kNoKind, nullptr,
     legal_setup, apply_setup,
     [](const CpsState&) -> std::string {
       return "3.1: place the US forces at Pearl Harbor or Samoa";
     }},
};

}  // namespace

std::span<const StepRules> setup_steps() { return kSetupSteps; }

}  // namespace pacwar::co_prosperity
