// view(seat): what a seat may know. The opponent's hand and the Allied declaration discards are
// shown as counts only; everything on the map and the tracks is public.
#include "games/co_prosperity/rules.h"

namespace pacwar::co_prosperity {

engine::Json CpsState::view(int viewer) const {
  const Content& c = *content_;
  const Control ctl = compute_control(*this);
  engine::Json v;
  v["game"] = "co-prosperity";
  v["turn"] = turn;
  v["year"] = kFirstYear - 1 + turn;
  v["prompt"] = prompt();
  v["to_act"] = current_seat();
  v["war"] = {{"us", us_war}, {"commonwealth", cw_war}, {"china", true}};
  v["pp"] = {{"japanese", pp[0]}, {"allied", pp[1]}};
  v["resource_points"] = rp;
  v["atlantic_used"] = atlantic_used;
  v["first"] = first == kJapanese ? "japanese" : "allied";
  if (winner_ >= 0) v["winner"] = winner_ == kJapanese ? "japanese" : "allied";
  engine::Json spaces = engine::Json::array();
  for (int n = 0; n < kNumNodes; ++n) {
    engine::Json sp = {{"id", space_name(*this, n)},
                       {"control", ctl[n] == kJapanese ? "japanese" : "allied"}};
    engine::Json us = engine::Json::array();
    for (int u = 0; u < c.num_units(); ++u)
      if (units[u].loc == n) us.push_back({{"id", c.units[u].id}, {"steps", units[u].steps}});
    sp["units"] = us;
    spaces.push_back(sp);
  }
  v["spaces"] = spaces;
  engine::Json track = engine::Json::array(), pool = engine::Json::array(),
               vlad = engine::Json::array();
  for (int u = 0; u < c.num_units(); ++u) {
    if (units[u].loc == kLocTrack)
      track.push_back({{"id", c.units[u].id}, {"advances_left", units[u].track_left}});
    if (units[u].loc == kLocPool) pool.push_back(c.units[u].id);
    if (units[u].loc == kVladivostok) vlad.push_back(c.units[u].id);
  }
  v["production_track"] = track;
  v["pools"] = pool;
  v["vladivostok"] = vlad;
  engine::Json hands = engine::Json::object();
  for (int side : {kJapanese, kAllied}) {
    engine::Json h;
    h["count"] = hand_size(*this, side);
    if (viewer == side) {
      h["cards"] = engine::Json::array();
      for (int k = 0; k < kNumCards; ++k)
        if (cards[k] == CardLoc::Hand && c.cards[k].side == side)
          h["cards"].push_back({{"id", c.cards[k].id}, {"name", c.cards[k].name}});
    }
    hands[side == kJapanese ? "japanese" : "allied"] = h;
  }
  v["hands"] = hands;
  engine::Json played = engine::Json::array();
  for (int k = 0; k < kNumCards; ++k)
    if (cards[k] == CardLoc::Played) played.push_back(c.cards[k].id);
  v["played"] = played;
  return v;
}

}  // namespace pacwar::co_prosperity
