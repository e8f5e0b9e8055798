// The Pacific War: the terminal board. See render_text.h.
#include "games/pacific_war/render_text.h"

#include <algorithm>
#include <charconv>
#include <utility>
#include <vector>

namespace pacwar::pacific_war {
namespace {

using engine::Json;

// ---- tolerant readers of the view ----

const Json* member(const Json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

std::string text(const Json& j, const char* key) {
  const Json* m = member(j, key);
  return m && m->is_string() ? m->get<std::string>() : std::string();
}

int number(const Json& j, const char* key, int fallback = 0) {
  const Json* m = member(j, key);
  return m && m->is_number_integer() ? m->get<int>() : fallback;
}

bool flag(const Json& j, const char* key, bool fallback = false) {
  const Json* m = member(j, key);
  return m && m->is_boolean() ? m->get<bool>() : fallback;
}

// The elements of an array member (empty when absent or not an array).
std::vector<const Json*> items(const Json& j, const char* key) {
  std::vector<const Json*> out;
  const Json* m = member(j, key);
  if (m && m->is_array())
    for (const Json& e : *m) out.push_back(&e);
  return out;
}

// "Japanese" -> "J", "Allied" -> "A", "" -> "none".
std::string side_letter(const std::string& side) {
  if (side == "Japanese") return "J";
  if (side == "Allied") return "A";
  return side.empty() ? "none" : side;
}

std::string rtrim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// Collects output lines, wrapping lists at kBoardWidth.
class Board {
 public:
  void line(const std::string& s) { out_ += rtrim(s) + "\n"; }
  void blank() { out_ += "\n"; }

  // `head` followed by `parts` joined with `sep`; continuation lines are indented by
  // `indent` spaces. A line never breaks inside a part.
  void wrapped(const std::string& head, const std::vector<std::string>& parts,
               const std::string& sep, std::size_t indent) {
    const std::string tail = rtrim(sep);  // ends a line that is continued
    std::string current = head;
    bool first = true;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const std::string& part = parts[i];
      const std::string piece = (first ? "" : sep) + part;
      const std::size_t room = i + 1 < parts.size() ? tail.size() : 0;
      if (!first && current.size() + piece.size() + room > kBoardWidth) {
        line(current + tail);
        current = std::string(indent, ' ') + part;
      } else {
        current += piece;
      }
      first = false;
    }
    line(current);
  }

  // Prose (card text) wrapped word by word.
  void paragraph(const std::string& prose, std::size_t indent) {
    std::vector<std::string> words;
    std::string word;
    for (char ch : prose) {
      if (ch == ' ' || ch == '\n' || ch == '\t') {
        if (!word.empty()) words.push_back(std::move(word));
        word.clear();
      } else {
        word += ch;
      }
    }
    if (!word.empty()) words.push_back(std::move(word));
    if (!words.empty()) wrapped(std::string(indent, ' '), words, " ", indent);
  }

  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// ---- pieces of the board ----

std::string vp_words(int vp) {
  if (vp > 0) return std::to_string(vp) + " Japanese";
  if (vp < 0) return std::to_string(-vp) + " Allied";
  return "0";
}

// "Akagi 4/0/2/3", "Yamato 0/6/4*/2", "LBA-J1 A3", then (OC) when Ops Complete (and `on_map`)
// and other marks.
std::string unit_text(const Json& u, bool on_map) {
  std::string t;
  if (flag(u, "lba")) {
    const std::string id = text(u, "id");
    t = (id.empty() ? text(u, "name") : id) + " A" + std::to_string(number(u, "airstrike"));
  } else {
    const std::string name = text(u, "name");
    t = (name.empty() ? text(u, "id") : name) + " " + std::to_string(number(u, "airstrike")) + "/" +
        std::to_string(number(u, "gunnery")) + "/" + std::to_string(number(u, "defense")) +
        (flag(u, "armored") ? "*" : "") + "/" + std::to_string(number(u, "speed"));
  }
  if (on_map && !flag(u, "ready", true)) t += " (OC)";
  if (flag(u, "selected")) t += " (selected)";
  if (const int hits = number(u, "pending_hits"); hits > 0)
    t += " (" + std::to_string(hits) + (hits == 1 ? " hit)" : " hits)");
  if (flag(u, "repairing")) t += " (repair)";
  return t;
}

// Units grouped by side: Japanese first, then Allied, then anything else.
void unit_lines(Board& b, const std::vector<const Json*>& units, bool on_map) {
  std::vector<std::string> sides = {"Japanese", "Allied"};
  for (const Json* u : units) {
    const std::string side = text(*u, "side");
    if (std::find(sides.begin(), sides.end(), side) == sides.end()) sides.push_back(side);
  }
  for (const std::string& side : sides) {
    std::vector<std::string> parts;
    for (const Json* u : units)
      if (text(*u, "side") == side) parts.push_back(unit_text(*u, on_map));
    if (parts.empty()) continue;
    const std::string head = "    " + (side.empty() ? std::string("?") : side) + ": ";
    b.wrapped(head, parts, ", ", head.size());
  }
}

std::string oz_name_of(const Json& view, const std::string& id) {
  for (const Json* oz : items(view, "ozs"))
    if (text(*oz, "id") == id) {
      const std::string name = text(*oz, "name");
      return name.empty() ? id : name;
    }
  return id;
}

// 13.x markers: the Battle marker (13.8), Seabees / MAGIC (13.7), torpedo gunnery (13.2).
void advanced_line(Board& b, const Json& view) {
  const Json* a = member(view, "advanced");
  if (!a || !a->is_object()) return;
  std::vector<std::string> parts;
  if (const Json* battle = member(*a, "battle_marker"); battle && battle->is_object()) {
    const std::string where = text(*battle, "where");
    parts.push_back(where == "game-events-box" ? "Battle marker: Game Events box"
                                               : "Battle marker: " + oz_name_of(view, where) +
                                                     ", " + text(*battle, "side_up") + " side up");
  }
  if (a->contains("seabees_magic_used_this_turn"))
    parts.push_back(flag(*a, "seabees_magic_used_this_turn") ? "Seabees/MAGIC: used this turn"
                                                             : "Seabees/MAGIC: available");
  if (const std::string d = text(*a, "australian_divisions"); d == "removed" || d == "not arrived")
    parts.push_back("Australian Divisions: " + d);  // else shown in their OZ
  if (const Json* t = member(*a, "torpedo_gunnery"); t && t->is_object())
    for (auto it = t->begin(); it != t->end(); ++it)
      if (it.value().is_number_integer())
        parts.push_back(it.key() + " torpedo gunnery " + std::to_string(it.value().get<int>()));
  if (!parts.empty()) b.wrapped("", parts, " | ", 0);
}

void header(Board& b, const Json& view) {
  std::string top = "THE PACIFIC WAR - Turn " + std::to_string(number(view, "turn"));
  if (const std::string phase = text(view, "phase"); !phase.empty()) top += ", " + phase;
  top += " | VP: " + vp_words(number(view, "vp"));
  top += " | Restricted routes: ";
  top += flag(view, "restricted_routes_open") ? "open" : "closed";
  if (const std::string ft = text(view, "fleet_train"); !ft.empty())
    top += " | Fleet Train: " + oz_name_of(view, ft);
  b.line(top);

  std::vector<std::string> parts;
  if (const std::string v = text(view, "viewer"); !v.empty()) parts.push_back("Viewing: " + v);
  if (const std::string a = text(view, "to_act"); !a.empty()) parts.push_back("To act: " + a);
  if (const std::string a = text(view, "active"); !a.empty()) parts.push_back("Active: " + a);
  const Json* dice = member(view, "initiative_dice");
  if (dice && dice->is_array() && dice->size() == 2 && (*dice)[0].is_number_integer() &&
      (*dice)[1].is_number_integer()) {
    parts.push_back("Initiative dice: Japanese " + std::to_string((*dice)[0].get<int>()) +
                    ", Allied " + std::to_string((*dice)[1].get<int>()));
  }
  if (!parts.empty()) b.wrapped("", parts, " | ", 0);
  if (const std::string w = text(view, "winner"); !w.empty()) b.line("GAME OVER: " + w + " win.");
  advanced_line(b, view);
}

// An OZ deserves its own block when it holds units or a marker worth reading.
bool has_block(const Json& oz, const std::string& fleet_train) {
  return !items(oz, "units").empty() || !text(oz, "base_marker").empty() || flag(oz, "contested") ||
         flag(oz, "australian_divisions") ||
         (!fleet_train.empty() && text(oz, "id") == fleet_train);
}

// Said of a Base during set-up, before 14.3 places its marker, instead of "control none".
constexpr const char* kMarkerLater = "markers placed after set-up (14.3)";

// An OZ's controller: "J", "A", "none", or kMarkerLater.
std::string control_of(const Json& view, const Json& oz) {
  const std::string side = text(oz, "control");
  if (side.empty() && !flag(oz, "port") && text(view, "phase") == "setup") return kMarkerLater;
  return side_letter(side);
}

std::string oz_title(const Json& oz) {
  const std::string name = text(oz, "name");
  return name.empty() ? text(oz, "id") : name;
}

void oz_block(Board& b, const Json& view, const Json& oz, const std::string& fleet_train) {
  std::string t = oz_title(oz);
  const bool port = flag(oz, "port");
  const int vp = number(oz, "vp");
  if (port) {
    t += vp > 0 ? " [Port VP " + std::to_string(vp) + "]" : " [Port]";
  } else {
    t += " (Base)";
  }
  const std::string control = control_of(view, oz);
  t += control == kMarkerLater ? "  " + control : "  control " + control;
  const std::string marker = text(oz, "base_marker");
  const std::string owner = text(oz, "port_owner");
  if (port && !marker.empty() && !owner.empty() && marker != owner)
    t += ", " + owner + " port held as a " + marker + " base";
  if (flag(oz, "contested")) t += ", contested";
  if (!fleet_train.empty() && text(oz, "id") == fleet_train) t += ", Fleet Train";
  if (flag(oz, "australian_divisions")) t += ", Australian Divisions (13.6)";
  b.line("  " + t);
  unit_lines(b, items(oz, "units"), true);
}

void map_section(Board& b, const Json& view) {
  const std::string fleet_train = text(view, "fleet_train");
  b.line(
      "Operation Zones (units A/G/D/S: Airstrike/Gunnery/Defense/Speed, * armored, "
      "(OC) Ops Complete)");
  std::vector<std::string> quiet;
  std::vector<std::string> unmarked;  // Bases during set-up
  for (const Json* oz : items(view, "ozs")) {
    if (has_block(*oz, fleet_train)) {
      oz_block(b, view, *oz, fleet_train);
    } else if (const std::string control = control_of(view, *oz); control == kMarkerLater) {
      unmarked.push_back(oz_title(*oz));
    } else {
      quiet.push_back(oz_title(*oz) + " (" + control + ")");
    }
  }
  if (!quiet.empty()) b.wrapped("  No units: ", quiet, ", ", 4);
  if (!unmarked.empty())
    b.wrapped("  No units, " + std::string(kMarkerLater) + ": ", unmarked, ", ", 4);
}

void track_section(Board& b, const Json& view) {
  const Json* track = member(view, "turn_track");
  if (!track || !track->is_object() || track->empty()) {
    b.line("Turn Track: empty");
    return;
  }
  std::vector<std::pair<int, std::string>> turns;
  for (const auto& [key, value] : track->items()) {
    int t = 0;
    const auto [end, error] = std::from_chars(key.data(), key.data() + key.size(), t);
    turns.emplace_back(error == std::errc() && end == key.data() + key.size() ? t : 1000, key);
  }
  std::sort(turns.begin(), turns.end());
  b.line("Turn Track (arriving; (repair) = back from repairs):");
  for (const auto& [t, key] : turns) {
    std::vector<const Json*> units;
    const Json& arriving = (*track)[key];
    if (arriving.is_array())
      for (const Json& u : arriving) units.push_back(&u);
    b.line("  Turn " + key + ":");
    unit_lines(b, units, false);
  }
}

void sunk_section(Board& b, const Json& view) {
  std::vector<std::string> names;
  for (const Json* s : items(view, "sunk"))
    if (s->is_string()) names.push_back(s->get<std::string>());
  if (names.empty()) {
    b.line("Sunk: none");
  } else {
    b.wrapped("Sunk: " + std::to_string(names.size()) + " - ", names, ", ", 4);
  }
}

void hand_lines(Board& b, const Json& hands, const char* key, const std::string& side) {
  const Json* hand = member(hands, key);
  if (!hand) return;
  const int count = number(*hand, "count");
  const Json* cards = member(*hand, "cards");
  if (!cards || !cards->is_array()) {
    b.line("  " + side + " hand: " + std::to_string(count) + (count == 1 ? " card" : " cards"));
    return;
  }
  b.line("  " + side + " hand (" + std::to_string(count) + (count == 1 ? " card):" : " cards):"));
  for (const Json& card : *cards) {
    std::string t = "    " + text(card, "id") + " " + text(card, "name");
    std::string tags = text(card, "category");
    if (flag(card, "strategic_event"))
      tags += tags.empty() ? "strategic event" : ", strategic event";
    if (!tags.empty()) t += " [" + tags + "]";
    b.line(t);
    b.paragraph(text(card, "text"), 8);
  }
}

void cards_section(Board& b, const Json& view) {
  b.line("Cards: deck " + std::to_string(number(view, "deck_count")));
  if (const Json* hands = member(view, "hands")) {
    hand_lines(b, *hands, "japanese", "Japanese");
    hand_lines(b, *hands, "allied", "Allied");
  }
  std::vector<std::string> discards;
  for (const Json* d : items(view, "discards")) {
    if (d->is_string()) {
      discards.push_back(d->get<std::string>());
    } else {
      const std::string j = text(*d, "japanese");
      const std::string a = text(*d, "allied");
      discards.push_back(j.empty() || a.empty() ? j + a : j + " / " + a);
    }
  }
  if (discards.empty()) {
    b.line("  Discards: none");
  } else {
    b.wrapped("  Discards: ", discards, "; ", 4);
  }
}

void combat_section(Board& b, const Json& view) {
  const Json* c = member(view, "combat");
  if (!c || !c->is_object()) return;
  std::string t = "Combat in " + oz_name_of(view, text(*c, "oz")) + ": " + text(*c, "attacker") +
                  " attacking, round " + std::to_string(number(*c, "round"));
  if (const std::string part = text(*c, "part"); !part.empty()) t += ", " + part;
  t += ", attacker MP left " + std::to_string(number(*c, "mp_left"));
  std::vector<std::string> parts = {t};
  if (const std::string firing = text(*c, "firing"); !firing.empty()) {
    std::string f = firing + " firing";
    if (const std::string column = text(*c, "column"); !column.empty())
      f += " on CRT column " + column;
    parts.push_back(f);
  }
  if (const int hits = number(*c, "hits_left"); hits > 0)
    parts.push_back(std::to_string(hits) + (hits == 1 ? " hit" : " hits") + " to allocate");
  b.wrapped("", parts, "; ", 4);
}

}  // namespace

std::string render_text(const Json& view) {
  Board b;
  header(b, view);
  b.blank();
  map_section(b, view);
  b.blank();
  track_section(b, view);
  sunk_section(b, view);
  cards_section(b, view);
  combat_section(b, view);
  return b.take();
}

}  // namespace pacwar::pacific_war
