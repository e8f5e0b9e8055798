// check_invariants and check_transition: what must always hold in a Co-Prosperity state.
#include <array>
#include <bit>

#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {

std::string CpsState::check_invariants() const {
  const Content& c = *content_;
  const bool in_combat = is_combat_step(step);
  std::array<NodeMask, 2> occupied{};  // spaces with units of each side
  for (int u = 0; u < c.num_units(); ++u) {
    const UnitState& st = units[u];
    const UnitDef& d = c.units[u];
    const bool placed = on_map(st.loc) || st.loc == kVladivostok || st.loc == kLocTrack;
    if (!placed && st.loc != kLocPool && st.loc != kLocRemoved)
      return d.id + ": bad location " + std::to_string(st.loc);
    if (placed && (st.steps < 1 || st.steps > d.steps)) return d.id + ": bad steps";
    if (!placed && st.steps != 0) return d.id + ": steps off the map";
    if (st.loc == kLocTrack && (st.track_left < 1 || st.track_left > c.advances(d.type)))
      return d.id + ": bad Production Track box";
    if (st.loc == kVladivostok && d.type != UnitType::Vet)
      return d.id + ": only a veteran in Vladivostok";
    if (st.loc == kRetreatJapanese && c.side(u) != kJapanese) return d.id + ": wrong Retreat Box";
    if (st.loc == kRetreatAllied && c.side(u) != kAllied) return d.id + ": wrong Retreat Box";
    if (in_space(st.loc)) occupied[c.side(u)] |= NodeMask{1} << st.loc;
    // Naval units only reach spaces joined by a sea route.
    if (in_space(st.loc) && (d.type == UnitType::CV || d.type == UnitType::BB) &&
        c.sea_neighbours[st.loc] == 0)
      return d.id + ": naval unit inland at " + space_name(*this, st.loc);
    if (!in_combat && (st.flags & (kDiverted | kFires | kNavalSide)))
      return d.id + ": combat flag outside combat";
    if (d.nation == kCommonwealth && !cw_war && in_space(st.loc) && c.is_naval(u) &&
        st.loc != c.singapore && c.spaces[st.loc].nation != kCommonwealth)
      return d.id + ": Commonwealth naval unit moved while not at war";
  }
  if (!in_combat && (occupied[kJapanese] & occupied[kAllied]) != 0)
    return "both sides in " +
           space_name(*this, std::countr_zero(occupied[kJapanese] & occupied[kAllied])) +
           " outside combat";
  int hands[2] = {0, 0};
  for (int k = 0; k < kNumCards; ++k) hands[c.cards[k].side] += cards[k] == CardLoc::Hand;
  for (int side : {0, 1})
    if (hands[side] > pp[side]) return "hand larger than PP";
  if (pp[0] > 4 || pp[1] > 10) return "PP out of range";
  if (turn < 1 || turn > kLastTurn) return "bad turn";
  if (rp < 0 || rp > 2) return "bad RP";
  if (japan_declared && !us_war && !cw_war) return "Japan declared war on nobody";
  if (allied_declared && !us_war) return "Allied declaration without US at war";
  if (step == Step::GameOver && winner_ < 0) return "game over without a winner";
  if (step != Step::GameOver && winner_ >= 0) return "winner before the end";
  if (nwr_done && c.north_wind_card >= 0 && cards[c.north_wind_card] != CardLoc::Removed)
    return "North Wind Rain card back";
  return "";
}

std::string CpsState::check_transition(const engine::State& before_state,
                                       engine::ActionCode action) const {
  const auto& before = static_cast<const CpsState&>(before_state);
  (void)action;
  const Content& c = *content_;
  if (turn < before.turn) return "turn went backwards";
  if (before.us_war && !us_war) return "the US left the war";
  if (before.cw_war && !cw_war) return "the Commonwealth left the war";
  if (before.atlantic_used && !atlantic_used) return "Atlantic option came back";
  for (int k = 0; k < kNumCards; ++k)
    if (before.cards[k] == CardLoc::Removed && cards[k] != CardLoc::Removed)
      return "a removed card came back";
  for (int u = 0; u < c.num_units(); ++u) {
    if (before.units[u].loc == kLocRemoved && units[u].loc != kLocRemoved)
      return c.units[u].id + " came back into the game";
    // 7.4.1: Commonwealth units do not move while not at war.
    if (!before.cw_war && !cw_war && c.unit_nation[u] == kCommonwealth &&
        on_map(before.units[u].loc) && units[u].loc != before.units[u].loc &&
        units[u].loc != kLocPool)
      return c.units[u].id + " moved while the Commonwealth is not at war";
    // Air units never enter enemy spaces.
    if (c.is_air(u) && in_space(units[u].loc) && units[u].loc != before.units[u].loc) {
      for (int v = 0; v < c.num_units(); ++v)
        if (units[v].loc == units[u].loc && c.side(v) != c.side(u))
          return c.units[u].id + " moved next to enemy units";
    }
  }
  if (before.step == Step::GameOver) return "action after the game ended";
  // Choosing cards, declaring war and paying for it move no unit (7.3's transfer aside).
  if (before.step == Step::ChooseCards || before.step == Step::DiscardCost)
    for (int u = 0; u < c.num_units(); ++u)
      if (units[u].loc != before.units[u].loc || units[u].steps != before.units[u].steps)
        return c.units[u].id + " changed during the Production Phase or the war cost";
  // A Japanese hand never exceeds the PP, and cards leave a hand only by play or discard.
  for (int k = 0; k < kNumCards; ++k)
    if (before.cards[k] == CardLoc::Played && cards[k] == CardLoc::Hand)
      return c.cards[k].id + " went back from play to the hand";
  return "";
}

}  // namespace pacwar::co_prosperity
