// 9.0 End of Turn (free strategic moves one unit at a time, the naval stacking limit), the
// North Wind Rain upkeep and failure (5.1) and the victory conditions (4.0).
#include <array>
#include <bit>
#include <set>
#include <stdexcept>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

int vladivostok_unit(const CpsState& s) {
  for (int u = 0; u < s.content().num_units(); ++u)
    if (s.units[u].loc == kVladivostok) return u;
  return -1;
}

// 9.0: at most one naval unit per side in a space without a port. The rules do not say what
// happens to the others: the owner chooses the one that stays and the others go to his Retreat
// Box (docs/rulings.md). Returns the first space still over the limit, or -1.
int overstacked(const CpsState& s, int side) {
  const Content& c = s.content();
  for (int sp = 0; sp < kNumSpaces; ++sp) {
    if (c.spaces[sp].port) continue;
    int n = 0;
    for (int u = 0; u < c.num_units(); ++u)
      n += s.units[u].loc == sp && c.side(u) == side && c.is_naval(u);
    if (n > 1) return sp;
  }
  return -1;
}

void end_turn_checks(CpsState& s, Log log) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const int vet = vladivostok_unit(s);
  if (vet >= 0 && (s.nwr_failed || ctl[s.content().port_arthur] != kJapanese ||
                   (s.nwr_turn < s.turn && !s.nwr_sustained))) {
    s.units[vet] = UnitState{};
    s.units[vet].loc = kLocRemoved;
    s.vladivostok_gone = true;
    log_line(
        log,
        [&] {
          return "North Wind Rain fails: " + unit_name(s, vet) + " is removed from the game.";
        },
        "5.1");
  }
  s.nwr_failed = false;
  const int sudden = sudden_victory(s, ctl);
  if (sudden == kAllied) return end_game(s, kAllied, "Allied sudden victory: Japan is taken", log);
  if (sudden == kJapanese)
    return end_game(s, kJapanese, "Japanese sudden victory: two Allied home spaces", log);
  if (s.turn >= kLastTurn) {
    const int count = japanese_space_count(s, ctl);
    const int need = s.atlantic_used ? 7 : 8;  // 8.9
    const std::string why = "Japan controls " + std::to_string(count) + " spaces at the end of " +
                            "1944 (needs " + std::to_string(need) + ")";
    return end_game(s, count >= need ? kJapanese : kAllied, why, log);
  }
  ++s.turn;
  begin_turn(s, log);
}

}  // namespace

void end_of_operations(CpsState& s, Log log) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  if (vladivostok_unit(s) >= 0 && ctl[s.content().port_arthur] != kJapanese) s.nwr_failed = true;
  begin_end_of_turn(s, log);
}

void begin_end_of_turn(CpsState& s, Log log) {
  log_line(log, "End of Turn Phase.", "9.0");
  for (auto& u : s.units) u.flags = 0;
  s.op = OpCtx{};
  s.eot_side = s.first;
  s.eot_done = 0;
  s.step = Step::EndTurnMove;
  s.seat = s.eot_side;
}

void legal_end_turn(const CpsState& s, Out& out) {
  const ControlOf ctl_of(s);
  const Control& ctl = *ctl_of;
  const Content& c = s.content();
  if (s.step == Step::EndTurnStack) {
    for (int u = 0; u < c.num_units(); ++u)
      if (s.units[u].loc == s.op.from && c.side(u) == s.eot_side && c.is_naval(u))
        out.push_back(encode(Kind::Keep, u));
    return;
  }
  if (s.step == Step::EndTurnDest) {
    for (NodeMask m = strategic_destination_mask(s, ctl, std::uint64_t{1} << s.op.unit,
                                                 s.units[s.op.unit].loc);
         m != 0; m &= m - 1)
      out.push_back(encode(Kind::To, std::countr_zero(m)));
    return;
  }
  // Each connected part of the side's nodes is searched once (UnitReach).
  UnitReach reach(s, ctl);
  for (std::uint64_t g = c.side_units[s.eot_side]; g != 0; g &= g - 1) {
    const int u = std::countr_zero(g);
    const int loc = s.units[u].loc;
    if (!on_map(loc) || (s.units[u].flags & kMovedEot)) continue;
    if (reach.destinations(u, loc) != 0) out.push_back(encode(Kind::Move, u));
  }
  out.push_back(encode(Kind::Done));
}

void apply_end_turn(CpsState& s, Act a, Log log) {
  switch (a.kind) {
    case Kind::Move: {
      s.op.unit = static_cast<std::int8_t>(a.a);
      s.step = Step::EndTurnDest;
      return;
    }
    case Kind::To: {
      const int u = s.op.unit;
      log_line(
          log,
          [&] {
            return unit_name(s, u) + " moves from " + space_name(s, s.units[u].loc) + " to " +
                   space_name(s, a.a) + ".";
          },
          "9.0");
      put_unit(s, u, a.a);
      s.units[u].flags |= kMovedEot;
      s.step = Step::EndTurnMove;
      return;
    }
    case Kind::Keep: {
      const Content& c = s.content();
      for (int u = 0; u < c.num_units(); ++u)
        if (u != a.a && s.units[u].loc == s.op.from && c.side(u) == s.eot_side && c.is_naval(u)) {
          put_unit(s, u, s.eot_side == kJapanese ? kRetreatJapanese : kRetreatAllied);
          log_line(
              log,
              [&] {
                return unit_name(s, u) + " exceeds the naval stacking limit at " +
                       space_name(s, s.op.from) + " and goes to the Retreat Box.";
              },
              "9.0");
        }
      [[fallthrough]];
    }
    default: {
      const int sp = overstacked(s, s.eot_side);
      if (sp >= 0) {
        s.op.from = static_cast<std::int8_t>(sp);
        s.step = Step::EndTurnStack;
        s.seat = s.eot_side;
        return;
      }
      s.step = Step::EndTurnMove;
      if (++s.eot_done >= 2) return end_turn_checks(s, log);
      s.eot_side = static_cast<std::int8_t>(other(s.eot_side));
      s.seat = s.eot_side;
      return;
    }
  }
}

int japanese_space_count(const CpsState& s, const Control& ctl) {
  int n = vladivostok_unit(s) >= 0 ? 1 : 0;  // 5.1
  for (int sp = 0; sp < kNumSpaces; ++sp) n += ctl[sp] == kJapanese;
  return n;
}

int sudden_victory(const CpsState& s, const Control& ctl) {
  if (ctl[s.content().japan] == kAllied) return kAllied;  // 4.2 (wins ties)
  std::set<int> nations;
  for (int sp = 0; sp < kNumSpaces; ++sp) {
    const SpaceDef& d = s.content().spaces[sp];
    if (d.home && d.nation != kJapan && ctl[sp] == kJapanese) nations.insert(d.nation);
  }
  return nations.size() >= 2 ? kJapanese : -1;  // 4.1
}

void end_game(CpsState& s, int winner, const std::string& why, Log log) {
  s.winner_ = static_cast<std::int8_t>(winner);
  s.step = Step::GameOver;
  s.seat = -1;
  log_line(
      log, [&] { return why + ": " + (winner == kJapanese ? "Japanese" : "Allied") + " victory."; },
      "4.0");
}

}  // namespace pacwar::co_prosperity

// ---- The steps of 9.0 End of Turn and 4.0 the end of the game (steps.h) ----

namespace pacwar::co_prosperity {
namespace {

void apply_game_over(CpsState&, Act, Log) { throw std::logic_error("the game is over"); }

constexpr StepRules kEndTurnSteps[] = {
    {Step::EndTurnMove, "end-turn-move", Actor::Seat, "end-of-turn", "9.0", false, kNoKind, nullptr,
     legal_end_turn, apply_end_turn,
     [](const CpsState& s) -> std::string {
       return "9.0: " + who(s) + " End of Turn strategic move";
     }},
    {Step::EndTurnDest, "end-turn-dest", Actor::Seat, "end-of-turn", "9.0", false, kNoKind, nullptr,
     legal_end_turn, apply_end_turn,
     [](const CpsState& s) -> std::string {
       return "9.0: destination of " + unit_name(s, s.op.unit);
     }},
    {Step::EndTurnStack, "end-turn-stack", Actor::Seat, "end-of-turn", "9.0", false, kNoKind,
     nullptr, legal_end_turn, apply_end_turn,
     [](const CpsState& s) -> std::string {
       return "9.0: " + who(s) + " naval unit that stays at " + space_name(s, s.op.from) +
              " (no port: one naval unit; the others go to the Retreat Box)";
     }},
    {Step::GameOver, "game-over", Actor::Terminal, "game-over", "4.0", false, kNoKind, nullptr,
     nullptr, apply_game_over, [](const CpsState&) -> std::string { return "4.0: game over"; }},
};

}  // namespace

std::span<const StepRules> end_turn_steps() { return kEndTurnSteps; }

}  // namespace pacwar::co_prosperity
