// view(seat): what a seat may know. The opponent's hand and the Allied declaration discards are
// shown as counts only; everything on the map and the tracks is public.
#include "games/co_prosperity/rules.h"
#include "games/co_prosperity/steps.h"

namespace pacwar::co_prosperity {
namespace {

// A unit as a player reads its counter (2.2.1): type, steps, combat factor(s), attack
// priority and movement allowance.
engine::Json unit_json(const CpsState& s, int u) {
  const UnitDef& d = s.content().units[u];
  engine::Json j = {{"id", d.id},
                    {"nation", nation_name(d.nation)},
                    {"type", type_name(d.type)},
                    {"steps", s.units[u].steps},
                    {"max_steps", d.steps}};
  if (d.type != UnitType::Air) {
    j["attack"] = d.attack;
    j["defense"] = d.defense;
    j["priority"] = std::string(1, static_cast<char>('A' + d.priority));
  }
  j["movement"] = d.movement;
  if (s.units[u].flags & kNavalSide) j["naval_side"] = true;
  if (s.units[u].flags & kDiverted) j["diverted"] = true;
  return j;
}

}  // namespace

engine::Json CpsState::view(int viewer) const {
  const Content& c = *content_;
  const ControlOf ctl_of(*this);
  const Control& ctl = *ctl_of;
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
  v["phase"] = step_rules(step).phase;
  // The step of the table of steps (steps.h) by its stable name: the tutorial's key.
  v["step"] = step_rules(step).name;
  // The combat in progress (8.6, 8.8): public, where it is fought and by whom.
  if (is_combat_step(step) && combat.space >= 0)
    v["combat"] = {{"oz", space_name(*this, combat.space)},
                   {"attacker", combat.attacker == kJapanese ? "japanese" : "allied"},
                   {"bombing", combat.bombing}};
  engine::Json spaces = engine::Json::array();
  for (int n = 0; n < kNumNodes; ++n) {
    engine::Json sp = {{"id", space_name(*this, n)},
                       {"control", ctl[n] == kJapanese ? "japanese" : "allied"}};
    if (n < kNumSpaces) {
      const SpaceDef& d = c.spaces[n];
      sp["owner"] = nation_name(d.nation);  // background colour (2.1.1)
      sp["home"] = d.home;
      sp["port"] = d.port;
      sp["oil"] = d.oil;
      sp["production"] = d.production;
    }
    engine::Json routes = engine::Json::array();
    for (const engine::Edge& e : c.graph.edges(n))
      routes.push_back({{"to", space_name(*this, e.to)},
                        {"kind", e.kind == kSea ? "sea" : "land"},
                        {"length", e.length}});
    sp["routes"] = routes;
    engine::Json us = engine::Json::array();
    for (int u = 0; u < c.num_units(); ++u)
      if (units[u].loc == n) us.push_back(unit_json(*this, u));
    sp["units"] = us;
    spaces.push_back(sp);
  }
  v["spaces"] = spaces;
  engine::Json track = engine::Json::array(), pool = engine::Json::array(),
               vlad = engine::Json::array();
  for (int u = 0; u < c.num_units(); ++u) {
    if (units[u].loc == kLocTrack)
      track.push_back({{"id", c.units[u].id},
                       {"type", type_name(c.units[u].type)},
                       {"advances_left", units[u].track_left},
                       {"placed_turn", units[u].placed_turn},
                       {"advanced_turn", units[u].advanced_turn}});
    if (units[u].loc == kLocPool) pool.push_back(c.units[u].id);
    if (units[u].loc == kVladivostok) vlad.push_back(unit_json(*this, u));
  }
  v["production_track"] = track;
  v["pools"] = pool;
  v["vladivostok"] = vlad;
  // 3.1: the US units the Allied player still splits between Pearl Harbor and Samoa, the one
  // asked about first (the order of next_split), with the steps they will be set up with; only
  // to the seat placing them.
  if (step == Step::SetupSplit && viewer == seat) {
    engine::Json split = engine::Json::array();
    for (int u = 0; u < c.num_units(); ++u) {
      const UnitDef& d = c.units[u];
      if (d.setup != "split" || units[u].loc != kLocPool) continue;
      engine::Json j = unit_json(*this, u);
      j["steps"] = d.reduced ? 1 : d.steps;
      split.push_back(j);
    }
    if (!split.empty()) v["setup_pool"] = {{"placing", split.front()["id"]}, {"units", split}};
  }
  engine::Json hands = engine::Json::object();
  for (int side : {kJapanese, kAllied}) {
    engine::Json h;
    h["count"] = hand_size(*this, side);
    if (viewer == side) {
      h["cards"] = engine::Json::array();
      for (int k = 0; k < kNumCards; ++k)
        if (cards[k] == CardLoc::Hand && c.cards[k].side == side) {
          engine::Json icons = engine::Json::array();
          for (const CardIcon& i : c.cards[k].icons) icons.push_back(icon_text(i));
          h["cards"].push_back(
              {{"id", c.cards[k].id}, {"name", c.cards[k].name}, {"icons", icons}});
        }
    }
    hands[side == kJapanese ? "japanese" : "allied"] = h;
  }
  v["hands"] = hands;
  engine::Json played = engine::Json::array();
  for (int k = 0; k < kNumCards; ++k)
    if (cards[k] == CardLoc::Played) played.push_back(c.cards[k].id + " " + c.cards[k].name);
  v["played"] = played;
  return v;
}

}  // namespace pacwar::co_prosperity
