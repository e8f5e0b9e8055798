// The Co-Prosperity Sphere terminal board, drawn from a seat's view only: the turn and war
// status, every space with its control, attributes (2.1), routes (2.1.6, 2.1.7) and units as
// their counters read (2.2.1: type, steps, combat factor, attack priority, movement allowance),
// the Production Track, the Units Pools and the hands.
#include "games/co_prosperity/render_text.h"

#include <sstream>
#include <vector>

#include "engine/text.h"

namespace pacwar::co_prosperity {
namespace {

using engine::Json;

constexpr std::size_t kWidth = 100;

// Appends items to `out` after `head`, separated by `sep`, wrapping at kWidth with `indent`
// spaces on continuation lines.
void wrapped(std::ostringstream& out, const std::string& head,
             const std::vector<std::string>& items, std::size_t indent,
             const std::string& sep = ", ") {
  std::string line = head;
  bool first = true;  // first item on this line
  for (const auto& w : items) {
    const std::string piece = (first ? "" : sep) + w;
    if (!first && line.size() + piece.size() + 1 > kWidth) {
      out << line << sep.substr(0, sep.find(' ')) << "\n";
      line = std::string(indent, ' ') + w;
    } else {
      line += piece;
    }
    first = false;
  }
  out << line << "\n";
}

std::string text(const Json& j, const char* key) {
  if (!j.contains(key)) return "";
  const Json& v = j[key];
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

std::string pad(std::string s, std::size_t n) {
  if (s.size() < n) s.resize(n, ' ');
  return s;
}

std::string side_word(const std::string& s) {
  if (s == "japanese") return "Japanese";
  if (s == "allied") return "Allied";
  return s;
}

// One counter: "J-CV-1    CV   steps 2/2  factor 3        priority A  move 3 by sea".
std::string unit_line(const Json& u) {
  const std::string type = u.value("type", "?");
  std::string s = pad(u.value("id", "?"), 10) + pad(type, 5);
  if (u.contains("steps")) s += "steps " + text(u, "steps") + "/" + text(u, "max_steps") + "  ";
  if (type == "Air")
    return s + "no factor; control range 1 (3.5); bombs at 3 (8.8); strategic moves";
  const std::string att = text(u, "attack"), def = text(u, "defense");
  s += pad("factor " + (att == def ? att : att + " att/" + def + " def"), 20);
  s += "priority " + text(u, "priority") + "  ";
  if (type == "CV" || type == "BB")
    s += "move " + text(u, "movement") + " by sea";
  else if (type == "Mar")
    s += "move " + text(u, "movement") + " by sea or 1 by land";
  else
    s += "move 1 by land";
  if (u.value("naval_side", false)) s += "  [on its naval side, 8.2.4]";
  if (u.value("diverted", false)) s += "  [diverted as an air unit, 8.6.8]";
  return s;
}

std::string space_head(const Json& s) {
  std::string h = s.value("id", "?") + "  [" + side_word(s.value("control", "?")) + " control";
  if (s.contains("owner")) {
    h += "; " + text(s, "owner") + " space";
    if (s.value("home", false)) h += ", home";
    if (s.value("port", false)) h += ", port";
    if (s.value("oil", false)) h += ", oil (RP, 6.4)";
    const int pp = s.value("production", 0);
    if (pp > 0) h += ", " + engine::count_of(pp, "production square");
  }
  return h + "]";
}

std::vector<std::string> routes(const Json& s) {
  std::vector<std::string> out;
  if (!s.contains("routes")) return out;
  for (const Json& r : s["routes"]) {
    std::string item = r.value("kind", "?") + " " + r.value("to", "?");
    if (r.value("length", 1) > 1) item += " (" + text(r, "length") + ")";
    out.push_back(item);
  }
  return out;
}

void header(std::ostringstream& out, const Json& v) {
  out << "Turn " << text(v, "turn") << " of 6";
  if (v.contains("year")) out << " (" << text(v, "year") << ")";
  if (v.contains("to_act")) {
    const Json& who = v["to_act"];
    out << "   to act: "
        << (who.is_number_integer() ? (who.get<int>() == 0    ? std::string("Japanese")
                                       : who.get<int>() == 1  ? std::string("Allied")
                                       : who.get<int>() == -1 ? std::string("chance (die roll)")
                                                              : std::string("nobody"))
                                    : text(v, "to_act"));
  }
  if (v.contains("first")) out << "   first player: " << side_word(text(v, "first"));
  out << "\n";
  if (v.contains("winner")) out << "GAME OVER: " << side_word(text(v, "winner")) << " victory\n";
  if (v.contains("war") && v["war"].is_object()) {
    std::vector<std::string> items;
    for (const char* who : {"china", "us", "commonwealth"}) {
      if (!v["war"].contains(who)) continue;
      const std::string name = std::string(who) == "us"      ? "US"
                               : std::string(who) == "china" ? "China"
                                                             : "Commonwealth";
      items.push_back(name + (v["war"][who].get<bool>() ? " at war" : " not at war"));
    }
    wrapped(out, "War with Japan (7.0): ", items, 4);
  }
  if (v.contains("pp") && v["pp"].is_object())
    out << "Production Points (6.1, 6.2): Japanese " << text(v["pp"], "japanese") << ", Allied "
        << text(v["pp"], "allied") << "   Resource Points (6.4): " << text(v, "resource_points")
        << "\nReinforcements from the Atlantic (8.9): "
        << (v.value("atlantic_used", false) ? "used (Japan needs 7 spaces in 1944, 4.3)"
                                            : "not used (Japan needs 8 spaces in 1944, 4.3)")
        << "\n";
}

}  // namespace

std::string render_text(const Json& v) {
  std::ostringstream out;
  header(out, v);
  if (v.contains("spaces") && v["spaces"].is_array()) {
    out << "\nSpaces and units (unit: type, steps now/full, combat factor, attack priority "
           "A-D, movement):\n";
    for (const Json& s : v["spaces"]) {
      out << space_head(s) << "\n";
      const auto r = routes(s);
      if (!r.empty()) wrapped(out, "    routes: ", r, 12);
      if (s.contains("units"))
        for (const Json& u : s["units"]) out << "    " << unit_line(u) << "\n";
    }
  }
  if (v.contains("vladivostok") && !v["vladivostok"].empty()) {
    out << "Vladivostok (North Wind Rain, 5.1):\n";
    for (const Json& u : v["vladivostok"])
      out << "    " << (u.is_object() ? unit_line(u) : u.dump()) << "\n";
  }
  if (v.contains("production_track") && !v["production_track"].empty()) {
    std::vector<std::string> items;
    for (const Json& p : v["production_track"]) {
      std::string item = p.value("id", "?") + " (" +
                         engine::count_of(p.value("advances_left", 0), "advance") + " to the map";
      const Json turn = v.value("turn", Json());
      if (turn.is_number_integer() && (p.value("placed_turn", 0) == turn.get<int>() ||
                                       p.value("advanced_turn", 0) == turn.get<int>()))
        item += ", not again this turn";
      items.push_back(item + ")");
    }
    wrapped(out, "Production Track (8.4.2): ", items, 4);
  }
  if (v.contains("pools") && !v["pools"].empty()) {
    std::vector<std::string> items;
    for (const Json& p : v["pools"])
      items.push_back(p.is_string() ? p.get<std::string>() : p.dump());
    wrapped(out, "Units Pools: ", items, 4);
  }
  if (v.contains("hands") && v["hands"].is_object()) {
    for (const char* side : {"japanese", "allied"}) {
      if (!v["hands"].contains(side)) continue;
      const Json& hand = v["hands"][side];
      if (hand.contains("cards")) {
        out << side_word(side) << " hand (" << engine::count_of(hand.value("count", 0), "card")
            << ", action icons 6.3):\n";
        for (const Json& c : hand["cards"]) {
          std::vector<std::string> icons;
          for (const Json& i : c.value("icons", Json::array()))
            icons.push_back(i.get<std::string>());
          wrapped(out, "  " + c.value("id", "?") + " " + c.value("name", "") + ": ", icons, 6,
                  " / ");
        }
      } else {
        out << side_word(side) << " hand: " << engine::count_of(hand.value("count", 0), "card")
            << " (hidden)\n";
      }
    }
  }
  if (v.contains("played") && !v["played"].empty()) {
    std::vector<std::string> items;
    for (const Json& p : v["played"])
      items.push_back(p.is_string() ? p.get<std::string>() : p.dump());
    wrapped(out, "Played this turn: ", items, 4);
  }
  return out.str();
}

}  // namespace pacwar::co_prosperity
