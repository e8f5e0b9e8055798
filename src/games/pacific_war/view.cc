// The Pacific War: the redacted view of a seat (JSON) and the state hash.
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/json_writer.h"
#include "games/pacific_war/rules.h"
#include "games/pacific_war/steps.h"

namespace pacwar::pacific_war {
namespace {

const char* phase_of(Step s) { return step_rules(s).phase; }

// A unit's counter as the view shows it, its keys in sorted order (JsonWriter): the parts that
// never change were written once (prepare_view_text). The web server writes a few hundred of
// these for every new state answer (bench/view_bench.cc).
void write_unit(engine::JsonWriter& w, const PwState& s, int u, bool on_track) {
  const Content::ViewText& text = s.content().unit_view[static_cast<std::size_t>(u)];
  std::string& out = w.begin_raw();
  out += text.head;  // airstrike ... name
  if (s.units[u].pend_hits) {
    out += ",\"pending_hits\":";
    out += std::to_string(s.units[u].pend_hits);
  }
  out += is_ready(s, u) ? ",\"ready\":true" : ",\"ready\":false";
  if (on_track) {
    out += (s.units[u].flags & kRepairing) != 0 ? ",\"repairing\":true" : ",\"repairing\":false";
  }
  if (s.units[u].flags & kSelected) out += ",\"selected\":true";
  out += text.tail;  // side, speed
  w.end_raw();
}

void write_card(engine::JsonWriter& w, const PwState& s, int card, int side) {
  const CardEnd& e = card_end(s, card, side);
  w.begin_object();
  w.field("category", e.category);
  w.field("id", e.id);
  w.field("name", e.name);
  w.field("strategic_event", e.strategic_event);
  w.field("text", e.text);
  w.end_object();
}

// 13.x / 15.x markers and values, all public (empty when no such rule is on).
engine::Json advanced_view(const PwState& s) {
  const Content& c = s.content();
  const RuleOptions& o = s.options();
  engine::Json a = engine::Json::object();
  if (o.on(Rule::AustralianDivisions))
    a["australian_divisions"] = s.adv.divisions_oz >= 0 ? c.ozs[s.adv.divisions_oz].id
                                : s.adv.divisions_oz == kDivisionsGone ? "removed"
                                                                       : "not arrived";
  if (o.on(Rule::SeabeesMagic)) a["seabees_magic_used_this_turn"] = s.adv.marker_turn == s.turn;
  if (o.on(Rule::BattleMarker)) {
    const int oz = battle_marker_oz(s);
    a["battle_marker"] =
        oz < 0 ? engine::Json{{"where", "game-events-box"}}
               : engine::Json{{"where", c.ozs[oz].id}, {"side_up", side_name(s.combat.attacker)}};
  }
  for (int u : c.side_units[kJapanese])
    if (s.combat.oz >= 0 && s.combat.part == CombatPart::Surface && is_torpedo_cruiser(s, u) &&
        s.units[u].loc == s.combat.oz)
      a["torpedo_gunnery"][c.units[u].id] = torpedo_gunnery(s, u);
  if (o.on(Rule::OilReserves) && s.adv.oil_turn == s.turn)
    a["oil_reserve_die_cards"] = s.adv.oil_bonus;
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

void prepare_view_text(Content& c) {
  c.unit_view.clear();
  for (const UnitDef& d : c.units) {
    Content::ViewText text;
    engine::JsonWriter head(text.head);
    head.begin_object();
    head.field("airstrike", d.airstrike);
    head.field("armored", d.armored);
    head.field("capital", d.capital);
    head.field("defense", d.defense);
    head.field("gunnery", d.gunnery);
    head.field("id", d.id);
    head.field("lba", d.is_lba());
    head.field("name", d.name);
    text.tail += ',';  // (+= rather than =: GCC 12 warns wrongly about "=")
    engine::JsonWriter tail(text.tail);
    tail.field("side", side_name(d.side));
    tail.field("speed", d.speed);
    tail.end_object();
    c.unit_view.push_back(std::move(text));
  }
  c.oz_view.clear();
  for (const OzDef& d : c.ozs) {
    Content::ViewText text;  // members of an object the view began (begin_raw adds the comma)
    engine::JsonWriter head(text.head);
    head.field("id", d.id);
    head.field("name", d.name);
    head.field("port", d.port);
    engine::JsonWriter tail(text.tail);
    tail.field("vp", d.vp);
    tail.end_object();
    c.oz_view.push_back(std::move(text));
  }
}

engine::Json PwState::view(int viewer) const {
  std::string text;
  engine::JsonWriter w(text);
  write_view(viewer, w);
  return engine::Json::parse(text);
}

// The view is written as text, its keys in sorted order, so that it is the same JSON, byte for
// byte, as the tree view() returns (state_test checks it).
void PwState::write_view(int viewer, engine::JsonWriter& w) const {
  const Content& c = *content_;
  // Each Ocean Zone's units and each Turn Track box's, in unit order (one pass over the units).
  std::vector<std::vector<int>> in_oz(static_cast<std::size_t>(c.num_ozs()));
  std::map<std::string, std::vector<int>> track;  // by turn as text, as JSON objects sort keys
  std::vector<int> lost;
  for (int u = 0; u < c.num_units(); ++u) {
    const int loc = units[u].loc;
    if (loc >= 0 && loc < c.num_ozs()) {
      in_oz[static_cast<std::size_t>(loc)].push_back(u);
    } else if (loc == kLocTrack) {
      track[std::to_string(units[u].turn)].push_back(u);
    } else if (loc == kLocSunk) {
      lost.push_back(u);
    }
  }

  w.begin_object();
  w.field("active", active >= 0 ? side_name(active) : "");
  if (engine::Json a = advanced_view(*this); !a.empty()) w.field("advanced", a);
  if (combat.oz >= 0) {
    w.key("combat");
    w.begin_object();
    w.field("attacker", side_name(combat.attacker));
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
    if (!mods.empty()) w.field("card_effects", mods);
    const bool firing = combat.firing >= 0;
    if (firing && combat.column >= 0 && combat.column < static_cast<int>(c.crt.columns.size()))
      w.field("column", c.crt.columns[combat.column].label);
    if (firing) w.field("firing", side_name(combat.firing));
    w.field("hits_left", combat.hits_left);
    w.field("mp_left", combat.mp);
    w.field("oz", c.ozs[combat.oz].id);
    w.field("part", combat.part == CombatPart::Air       ? "airstrike"
                    : combat.part == CombatPart::Surface ? "surface"
                                                         : "raid");
    w.field("round", combat.round);
    w.end_object();
  }
  w.field("deck_count", deck_size(*this));
  w.key("discards");
  w.begin_array();
  for (int i = 0; i < c.num_cards(); ++i) {
    if (cards[i] != CardLoc::Discard) continue;
    w.begin_object();
    w.field("allied", c.cards[i].allied.id + " " + c.cards[i].allied.name);
    w.field("japanese", c.cards[i].japanese.id + " " + c.cards[i].japanese.name);
    w.end_object();
  }
  w.end_array();
  w.field("fleet_train", fleet_train_oz >= 0 ? c.ozs[fleet_train_oz].id : "");
  w.field("game", "pacific-war");
  w.key("hands");
  w.begin_object();
  for (int side : {kAllied, kJapanese}) {  // "allied" < "japanese"
    w.key(side == kJapanese ? "japanese" : "allied");
    w.begin_object();
    if (viewer == side) {
      w.key("cards");
      w.begin_array();
      for (int card : hand(*this, side)) write_card(w, *this, card, side);
      w.end_array();
    }
    w.field("count", hand_size(*this, side));
    w.end_object();
  }
  w.end_object();
  if ((step == Step::InitDieAllied || step == Step::ChooseAction) && dice[0] > 0) {
    w.key("initiative_dice");
    w.begin_array();
    w.value(dice[0]);
    w.value(dice[1]);
    w.end_array();
  }
  w.key("ozs");
  w.begin_array();
  for (int oz = 0; oz < c.num_ozs(); ++oz) {
    const OzDef& d = c.ozs[oz];
    const int ctl = controller(*this, oz);
    const Content::ViewText& text = c.oz_view[static_cast<std::size_t>(oz)];
    w.begin_object();
    if (adv.divisions_oz == oz) w.field("australian_divisions", true);  // 13.6
    if (base_marker[oz] >= 0) w.field("base_marker", side_name(base_marker[oz]));
    if (contested[oz]) w.field("contested", true);
    w.field("control", ctl < 0 ? "" : side_name(ctl));
    w.begin_raw() += text.head;  // id, name, port
    w.end_raw();
    if (d.port) w.field("port_owner", side_name(port_owner[oz]));
    w.key("units");
    w.begin_array();
    for (int u : in_oz[static_cast<std::size_t>(oz)]) write_unit(w, *this, u, false);
    w.end_array();
    w.begin_raw() += text.tail;  // vp, and the end of the object
    w.end_raw();
  }
  w.end_array();
  std::string phase = phase_of(step);
  if (phase == "strategy" && turn == 0) phase = "turn-0";  // 5.0: no Strategy Phase on Turn 0
  if (phase == "strategy" && move.supply &&
      (step == Step::PickGroup || step == Step::ChooseDestination))
    phase = "supply";  // 10.4 uses the movement steps
  w.field("phase", phase);
  std::map<std::string, int> defence;  // 10.2.1
  for (int oz = 0; oz < c.num_ozs(); ++oz)
    if (events.port_defence[oz] > 0) defence[c.ozs[oz].id] = events.port_defence[oz];
  if (!defence.empty()) {
    w.key("port_defence");
    w.begin_object();
    for (const auto& [id, amount] : defence) w.field(id, amount);
    w.end_object();
  }
  w.field("prompt", prompt());
  w.field("restricted_routes_open", routes_open);
  w.key("rules");
  w.begin_array();
  for (const auto& id : options_.ids()) w.value(id);
  w.end_array();
  // 14.1 / 14.2: the units the seat setting up still has to place, the one asked about first
  // (the order of next_unplaced); only to that seat, whose own units they are.
  if ((step == Step::SetupAllied || step == Step::SetupJapanese) && pending_unit >= 0 &&
      viewer == seat) {
    const SetupKind kind =
        step == Step::SetupAllied ? SetupKind::AlliedChoice : SetupKind::JapaneseFree;
    w.key("setup_pool");
    w.begin_object();
    w.field("placing", c.units[pending_unit].id);
    w.key("units");
    w.begin_array();
    for (int u = 0; u < c.num_units(); ++u)
      if (c.units[u].setup == kind && units[u].loc == kLocPool) {
        // Not in play yet: the counter's printed values only (no "ready").
        const Content::ViewText& text = c.unit_view[static_cast<std::size_t>(u)];
        std::string& out = w.begin_raw();
        out += text.head;
        out += text.tail;
        w.end_raw();
      }
    w.end_array();
    w.end_object();
  }
  // The step of the table of steps (steps.h) by its stable name: the tutorial's key
  // (web/tutorial.js).
  w.field("step", step_rules(step).name);
  w.key("strategic_events_played");  // 4.6: the flipped Strategic Event markers
  w.begin_array();
  for (int i = 0; i < c.num_cards(); ++i)
    for (int side : {kJapanese, kAllied})
      if (strategic_used(*this, i, side)) w.value(card_end(*this, i, side).id);
  w.end_array();
  w.key("sunk");
  w.begin_array();
  for (int u : lost) w.value(c.units[u].id);
  w.end_array();
  w.field("to_act", current_seat() >= 0                     ? side_name(current_seat())
                    : current_seat() == engine::kChanceSeat ? "chance"
                                                            : "none");
  w.field("turn", turn);
  w.key("turn_track");
  w.begin_object();
  for (const auto& [box, list] : track) {
    w.key(box);
    w.begin_array();
    for (int u : list) write_unit(w, *this, u, true);
    w.end_array();
  }
  w.end_object();
  w.field("viewer", viewer < 0 ? "spectator" : side_name(viewer));
  w.field("vp", vp);  // + Japanese, - Allied
  if (winner_ >= 0) w.field("winner", side_name(winner_));
  w.end_object();
}

// Fields listed once: hash() below names every field of PwState that affects play
// (card_state_digest covers `events` and `combat.mods`; `moves_`, `steps_` and the derived counts
// naval_count / lba_count / units_at / naval_ozs / lba_ozs and the control masks marker_ozs /
// port_ozs / contested_ozs are left
// out on purpose). The sizes below fail to compile when
// a field is added to one of these structs: hash the new field here (and show it in view() if
// public, check it in invariants.cc), then update the size.
static_assert(sizeof(UnitState) == 5, "UnitState changed: hash the new field, then update");
static_assert(sizeof(MoveCtx) == 10, "MoveCtx changed: hash the new field, then update");
static_assert(sizeof(CombatCtx) == 40, "CombatCtx changed: hash the new field, then update");
static_assert(sizeof(CombatMods) == 24, "CombatMods changed: card_state_digest, then update");
static_assert(sizeof(AdvancedState) == 10, "AdvancedState changed: hash the field, then update");
static_assert(sizeof(EventState) == 48, "EventState changed: card_state_digest, then update");
static_assert(sizeof(PwState) == 2216, "PwState changed: hash the new field, then update");

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
