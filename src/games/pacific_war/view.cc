// The Pacific War: the redacted view of a seat (JSON) and the state hash.
#include <cstring>
#include <utility>
#include <vector>

#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {
namespace {

const char* step_name(Step s) {
  switch (s) {
    case Step::SetupAllied:
    case Step::SetupJapanese:
    case Step::SetupDraw:
      return "setup";
    case Step::YamamotoDie:
    case Step::YamamotoColumn:
      return "turn-0";
    case Step::ReinforceLba:
    case Step::KasagiIbuki:
    case Step::Divisions:
      return "reinforcements";
    case Step::DrawCards:
    case Step::OilDie:
      return "card-draw";
    case Step::Isolation:
    case Step::Invasion:
    case Step::SupplyMoves:
    case Step::Readying:
      return "supply";
    case Step::GameOver:
      return "game-over";
    default:
      return "strategy";
  }
}

// A unit's counter as the view shows it. Members are emplaced one by one: the web server builds
// a few hundred of these for every state answer (bench/view_bench.cc).
engine::Json unit_json(const PwState& s, int u) {
  const UnitDef& d = s.content().units[u];
  engine::Json j = engine::Json::object();
  auto& o = j.get_ref<engine::Json::object_t&>();
  o.emplace("id", d.id);
  o.emplace("name", d.name);
  o.emplace("side", side_name(d.side));
  o.emplace("airstrike", d.airstrike);
  o.emplace("gunnery", d.gunnery);
  o.emplace("defense", d.defense);
  o.emplace("armored", d.armored);
  o.emplace("speed", d.speed);
  o.emplace("lba", d.is_lba());
  o.emplace("capital", d.capital);
  o.emplace("ready", is_ready(s, u));
  if (s.units[u].flags & kSelected) o.emplace("selected", true);
  if (s.units[u].pend_hits) o.emplace("pending_hits", s.units[u].pend_hits);
  return j;
}

engine::Json card_json(const PwState& s, int card, int side) {
  const CardEnd& e = card_end(s, card, side);
  return {{"id", e.id},
          {"name", e.name},
          {"category", e.category},
          {"strategic_event", e.strategic_event},
          {"text", e.text}};
}

// 13.x / 15.x markers and values, all public (empty when no such rule is on).
engine::Json advanced_view(const PwState& s) {
  const Content& c = s.content();
  const RuleOptions& o = s.options();
  engine::Json a = engine::Json::object();
  if (o.has("13.6"))
    a["australian_divisions"] = s.adv.divisions_oz >= 0 ? c.ozs[s.adv.divisions_oz].id
                                : s.adv.divisions_oz == kDivisionsGone ? "removed"
                                                                       : "not arrived";
  if (o.has("13.7")) a["seabees_magic_used_this_turn"] = s.adv.marker_turn == s.turn;
  if (o.has("13.8")) {
    const int oz = battle_marker_oz(s);
    a["battle_marker"] =
        oz < 0 ? engine::Json{{"where", "game-events-box"}}
               : engine::Json{{"where", c.ozs[oz].id}, {"side_up", side_name(s.combat.attacker)}};
  }
  for (int u : c.side_units[kJapanese])
    if (s.combat.oz >= 0 && s.combat.part == CombatPart::Surface && is_torpedo_cruiser(s, u) &&
        s.units[u].loc == s.combat.oz)
      a["torpedo_gunnery"][c.units[u].id] = torpedo_gunnery(s, u);
  if (o.has("15.2") && s.adv.oil_turn == s.turn) a["oil_reserve_die_cards"] = s.adv.oil_bonus;
  return a;
}

class Hasher {
 public:
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h_ = (h_ ^ b[i]) * 0x100000001B3ULL;
  }
  template <typename T>
  void value(const T& v) {
    bytes(&v, sizeof(v));
  }
  std::uint64_t get() const { return h_; }

 private:
  std::uint64_t h_ = 0xCBF29CE484222325ULL;
};

}  // namespace

engine::Json PwState::view(int viewer) const {
  const Content& c = *content_;
  engine::Json v;
  v["game"] = "pacific-war";
  v["viewer"] = viewer < 0 ? "spectator" : side_name(viewer);
  v["turn"] = turn;
  v["phase"] = step_name(step);
  v["prompt"] = prompt();
  v["to_act"] = current_seat() >= 0                     ? side_name(current_seat())
                : current_seat() == engine::kChanceSeat ? "chance"
                                                        : "none";
  v["vp"] = vp;  // + Japanese, - Allied
  v["active"] = active >= 0 ? side_name(active) : "";
  v["restricted_routes_open"] = routes_open;
  v["fleet_train"] = fleet_train_oz >= 0 ? c.ozs[fleet_train_oz].id : "";
  v["rules"] = std::move(options_.to_json()["rules"]);
  if (winner_ >= 0) v["winner"] = side_name(winner_);
  // Each Ocean Zone's units, in unit order (one pass over the units).
  std::vector<engine::Json> units_at(static_cast<std::size_t>(c.num_ozs()), engine::Json::array());
  engine::Json track = engine::Json::object();
  engine::Json lost = engine::Json::array();
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = units[u].loc;
    if (loc >= 0 && loc < c.num_ozs()) {
      units_at[static_cast<std::size_t>(loc)].push_back(unit_json(*this, u));
    } else if (loc == kLocTrack) {
      engine::Json j = unit_json(*this, u);
      j["repairing"] = (units[u].flags & kRepairing) != 0;
      track[std::to_string(units[u].turn)].push_back(std::move(j));
    } else if (loc == kLocSunk) {
      lost.push_back(c.units[u].id);
    }
  }
  engine::Json ozs = engine::Json::array();
  ozs.get_ref<engine::Json::array_t&>().reserve(static_cast<std::size_t>(c.num_ozs()));
  for (int oz = 0; oz < c.num_ozs(); ++oz) {
    const OzDef& d = c.ozs[oz];
    const int ctl = controller(*this, oz);
    engine::Json o = {{"id", d.id},
                      {"name", d.name},
                      {"port", d.port},
                      {"vp", d.vp},
                      {"control", ctl < 0 ? "" : side_name(ctl)}};
    if (d.port) o["port_owner"] = side_name(port_owner[oz]);
    if (base_marker[oz] >= 0) o["base_marker"] = side_name(base_marker[oz]);
    if (contested[oz]) o["contested"] = true;
    if (adv.divisions_oz == oz) o["australian_divisions"] = true;  // 13.6
    o["units"] = std::move(units_at[static_cast<std::size_t>(oz)]);
    ozs.push_back(std::move(o));
  }
  v["ozs"] = std::move(ozs);
  v["turn_track"] = std::move(track);
  v["sunk"] = std::move(lost);
  engine::Json hands = engine::Json::object();
  for (int side : {kJapanese, kAllied}) {
    engine::Json h;
    h["count"] = hand_size(*this, side);
    if (viewer == side) {
      h["cards"] = engine::Json::array();
      for (int card : hand(*this, side)) h["cards"].push_back(card_json(*this, card, side));
    }
    hands[side == kJapanese ? "japanese" : "allied"] = std::move(h);
  }
  v["hands"] = std::move(hands);
  v["deck_count"] = deck_size(*this);
  engine::Json discards = engine::Json::array();
  for (int i = 0; i < c.num_cards(); ++i)
    if (cards[i] == CardLoc::Discard)
      discards.push_back({{"japanese", c.cards[i].japanese.id + " " + c.cards[i].japanese.name},
                          {"allied", c.cards[i].allied.id + " " + c.cards[i].allied.name}});
  v["discards"] = std::move(discards);
  engine::Json used = engine::Json::array();  // 4.6: the flipped Strategic Event markers
  for (int i = 0; i < c.num_cards(); ++i)
    for (int side : {kJapanese, kAllied})
      if (strategic_used(*this, i, side)) used.push_back(card_end(*this, i, side).id);
  v["strategic_events_played"] = std::move(used);
  engine::Json defence = engine::Json::object();
  for (int oz = 0; oz < c.num_ozs(); ++oz)
    if (events.port_defence[oz] > 0) defence[c.ozs[oz].id] = events.port_defence[oz];
  if (!defence.empty()) v["port_defence"] = std::move(defence);  // 10.2.1
  if (combat.oz >= 0) {
    v["combat"] = {{"oz", c.ozs[combat.oz].id},
                   {"attacker", side_name(combat.attacker)},
                   {"round", combat.round},
                   {"mp_left", combat.mp},
                   {"part", combat.part == CombatPart::Air       ? "airstrike"
                            : combat.part == CombatPart::Surface ? "surface"
                                                                 : "raid"},
                   {"hits_left", combat.hits_left}};
    const CombatMods& m = combat.mods;  // card effects in force (9.0.1)
    engine::Json mods = engine::Json::object();
    for (int side : {kJapanese, kAllied})
      for (int p = 0; p < 2; ++p) {
        const std::string key = side_name(side) + (p == 0 ? " airstrike" : " surface");
        if (m.shift[side][p] != 0) mods[key]["column_shift"] = m.shift[side][p];
        if (m.multiply[side][p] != m.divide[side][p])
          mods[key]["strength"] =
              std::to_string(m.multiply[side][p]) + "/" + std::to_string(m.divide[side][p]);
        if (m.allocator[side][p] >= 0)
          mods[key]["hits_allocated_by"] = side_name(m.allocator[side][p]);
      }
    for (int p = 0; p < 2; ++p)
      if (m.first[p] >= 0) mods[p == 0 ? "airstrike" : "surface"]["first"] = side_name(m.first[p]);
    for (int side : {kJapanese, kAllied})
      if (m.lba_surface & (1u << side)) mods[side_name(side) + " surface"]["may_hit_lba"] = true;
    if (!mods.empty()) v["combat"]["card_effects"] = std::move(mods);
    if (combat.firing >= 0) {
      v["combat"]["firing"] = side_name(combat.firing);
      if (combat.column >= 0 && combat.column < static_cast<int>(c.crt.columns.size()))
        v["combat"]["column"] = c.crt.columns[combat.column].label;
    }
  }
  if (engine::Json a = advanced_view(*this); !a.empty()) v["advanced"] = std::move(a);
  if (step == Step::InitDieAllied || step == Step::ChooseAction) {
    if (dice[0] > 0) v["initiative_dice"] = {dice[0], dice[1]};
  }
  return v;
}

std::uint64_t PwState::hash() const {
  Hasher h;
  const int n = content_->num_units();
  for (int u = 0; u < n; ++u) {
    const UnitState& us = units[u];
    h.value(us.loc);
    h.value(us.flags);
    h.value(us.turn);
    h.value(us.pend_hits);
    h.value(us.pend_dmg);
  }
  for (int i = 0; i < content_->num_cards(); ++i) h.value(cards[i]);
  for (int oz = 0; oz < content_->num_ozs(); ++oz) {
    h.value(port_owner[oz]);
    h.value(base_marker[oz]);
    h.value(contested[oz]);
    h.value(committed[oz]);
  }
  for (auto v : {static_cast<int>(step),
                 static_cast<int>(turn),
                 static_cast<int>(vp),
                 static_cast<int>(winner_),
                 static_cast<int>(active),
                 static_cast<int>(seat),
                 static_cast<int>(routes_open),
                 static_cast<int>(fleet_train_oz),
                 static_cast<int>(fleet_trains_left),
                 static_cast<int>(fleet_train_turn),
                 static_cast<int>(after),
                 static_cast<int>(dice[0]),
                 static_cast<int>(dice[1]),
                 static_cast<int>(die_winner),
                 static_cast<int>(passes),
                 static_cast<int>(draw_left[0]),
                 static_cast<int>(draw_left[1]),
                 static_cast<int>(draw_first),
                 static_cast<int>(supply_side),
                 static_cast<int>(pending_unit),
                 static_cast<int>(dmg_unit),
                 static_cast<int>(dmg_dice_left),
                 static_cast<int>(yamamoto_column),
                 static_cast<int>(move.kind),
                 static_cast<int>(move.side),
                 static_cast<int>(move.from),
                 static_cast<int>(move.unit),
                 static_cast<int>(move.at),
                 static_cast<int>(move.mp),
                 static_cast<int>(move.supply),
                 static_cast<int>(move.evacuating),
                 static_cast<int>(combat.oz),
                 static_cast<int>(combat.attacker),
                 static_cast<int>(combat.mp),
                 static_cast<int>(combat.round),
                 static_cast<int>(combat.part),
                 static_cast<int>(combat.firing),
                 static_cast<int>(combat.fired),
                 static_cast<int>(combat.column),
                 static_cast<int>(combat.hits_left),
                 static_cast<int>(combat.allocator),
                 static_cast<int>(combat.retreat_asker),
                 static_cast<int>(combat.retreat_stage),
                 static_cast<int>(combat.retreating),
                 static_cast<int>(combat.winner),
                 static_cast<int>(combat.raid_phase),
                 static_cast<int>(adv.japanese_lost_mark),
                 static_cast<int>(adv.kasagi_ibuki_due),
                 static_cast<int>(adv.divisions_oz),
                 static_cast<int>(adv.divisions_turn),
                 static_cast<int>(adv.marker_turn),
                 static_cast<int>(adv.seabees_oz),
                 static_cast<int>(adv.torpedo[0]),
                 static_cast<int>(adv.torpedo[1]),
                 static_cast<int>(adv.oil_turn),
                 static_cast<int>(adv.oil_bonus),
                 static_cast<int>(options_.bits)})
    h.value(v);
  h.value(card_state_digest(*this));
  return h.get();
}

}  // namespace pacwar::pacific_war
