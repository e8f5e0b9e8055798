// 11.0 Victory Phase: Port VPs, the Base majority point, the cumulative VP track, automatic
// victory at the end of Turns 4 and 5 (11.1.2, 11.1.3); capturing Japan (11.1.1) ends the game
// at once (supply_10.cc).
#include <cstdlib>
#include <stdexcept>

#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {

int port_vp(const PwState& s, int side) {
  const Content& c = s.content();
  int total = 0;
  for (int oz = 0; oz < c.num_ozs(); ++oz)
    if (c.ozs[oz].port && s.port_owner[oz] == side && controller(s, oz) == side)
      total += c.ozs[oz].vp;
  return total;
}

int base_count(const PwState& s, int side) {
  const Content& c = s.content();
  int n = 0;
  for (int oz = 0; oz < c.num_ozs(); ++oz) {
    if (!c.ozs[oz].port && s.base_marker[oz] == side) ++n;
    if (c.ozs[oz].port && s.port_owner[oz] != side && s.base_marker[oz] == side) ++n;  // 11.0
  }
  return n;
}

void end_game(PwState& s, int winner, const std::string& why, Log log) {
  s.winner_ = static_cast<std::int8_t>(winner);
  s.step = Step::GameOver;
  s.seat = -1;
  log_line(
      log, [&] { return why + " " + side_name(winner) + " victory."; }, "11.0");
}

void victory_phase(PwState& s, Log log) {
  const int jp = port_vp(s, kJapanese);
  const int al = port_vp(s, kAllied);
  const int jb = base_count(s, kJapanese);
  const int ab = base_count(s, kAllied);
  const int bonus = jb > ab ? 1 : ab > jb ? -1 : 0;
  s.vp = static_cast<std::int8_t>(s.vp + (jp - al) + bonus);
  auto track = [](int vp) {
    return vp == 0 ? std::string("0")
                   : std::to_string(std::abs(vp)) + (vp > 0 ? " Japanese" : " Allied");
  };
  log_line(
      log,
      [&] {
        return "Victory Points: Japanese Ports " + std::to_string(jp) + ", Allied Ports " +
               std::to_string(al) + "; Bases " + std::to_string(jb) + " to " + std::to_string(ab) +
               ". The marker moves to " + track(s.vp) + ".";
      },
      "11.0");
  if (s.turn == 4) {  // 11.1.2
    if (s.vp >= 5) return end_game(s, kJapanese, "End of Turn 4: 5 or more Japanese VPs.", log);
    if (s.vp <= -1) return end_game(s, kAllied, "End of Turn 4: the Allies lead.", log);
  }
  if (s.turn >= kLastTurn) {  // 11.1.3
    if (s.vp <= -5) return end_game(s, kAllied, "End of Turn 5: 5 or more Allied VPs.", log);
    return end_game(s, kJapanese, "End of Turn 5: the Allies have 4 VPs or fewer.", log);
  }
  if (s.fleet_train_oz >= 0) {  // 8.7: removed at the end of the Turn
    log_line(log, "The Fleet Train marker is removed at the end of the Turn.", "8.7");
    s.fleet_train_oz = -1;
  }
  begin_turn(s, log);
}

}  // namespace pacwar::pacific_war

// ---- The steps of 11.0 Victory (steps.h) ----

namespace pacwar::pacific_war {
namespace {

void apply_game_over(PwState&, Act, Log) { throw std::logic_error("the game is over"); }

constexpr StepRules kVictorySteps[] = {
    {Step::GameOver, "game-over", Actor::Terminal, "game-over", "11.1", Rest::Busy, kNoKind,
     nullptr, nullptr, apply_game_over,
     []([[maybe_unused]] const PwState& s) -> std::string {
       return s.winner_ >= 0 ? "Game over: " + side_name(s.winner_) + " victory" : "Game over";
     }},
};

}  // namespace

std::span<const StepRules> victory_steps() { return kVictorySteps; }

}  // namespace pacwar::pacific_war
