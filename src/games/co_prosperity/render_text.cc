#include "games/co_prosperity/render_text.h"

#include <sstream>
#include <vector>

namespace pacwar::co_prosperity {
namespace {

using engine::Json;

constexpr std::size_t kWidth = 100;

// Appends words to `out`, wrapping lines at kWidth with `indent` spaces on continuation lines.
void wrapped(std::ostringstream& out, const std::string& head,
             const std::vector<std::string>& words, std::size_t indent) {
  std::string line = head;
  bool first = true;  // first word on this line
  for (const auto& w : words) {
    const std::string piece = (first ? "" : ", ") + w;
    if (!first && line.size() + piece.size() + 1 > kWidth) {
      out << line << ",\n";
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

std::string unit_text(const Json& u) {
  std::string s = u.value("id", "?");
  if (u.contains("steps")) {
    const int steps = u["steps"].get<int>();
    s += " (" + std::to_string(steps) + (steps == 1 ? " step)" : " steps)");
  }
  return s;
}

void header(std::ostringstream& out, const Json& v) {
  out << "Turn " << text(v, "turn");
  if (v.contains("year")) out << " (" << text(v, "year") << ")";
  if (v.contains("to_act")) {
    const Json& who = v["to_act"];
    out << "  to act: "
        << (who.is_number_integer() ? (who.get<int>() == 0   ? std::string("Japanese")
                                       : who.get<int>() == 1 ? std::string("Allied")
                                                             : std::string("chance"))
                                    : text(v, "to_act"));
  }
  if (v.contains("first")) out << "  first player: " << text(v, "first");
  out << "\n";
  if (v.contains("war") && v["war"].is_object()) {
    std::vector<std::string> at_war;
    for (const auto& [who, yes] : v["war"].items())
      at_war.push_back(who + (yes.is_boolean() && yes.get<bool>() ? " at war" : " at peace"));
    wrapped(out, "War: ", at_war, 5);
  }
  if (v.contains("pp") && v["pp"].is_object())
    out << "Production Points: Japanese " << text(v["pp"], "japanese") << ", Allied "
        << text(v["pp"], "allied") << "   Resource Points: " << text(v, "resource_points") << "\n";
}

}  // namespace

std::string render_text(const Json& v) {
  std::ostringstream out;
  header(out, v);
  std::vector<std::string> empty;
  if (v.contains("spaces") && v["spaces"].is_array()) {
    out << "\nSpaces:\n";
    for (const Json& s : v["spaces"]) {
      const std::string name = s.value("id", "?") + " [" + s.value("control", "none") + "]";
      if (!s.contains("units") || s["units"].empty()) {
        empty.push_back(name);
        continue;
      }
      std::vector<std::string> units;
      for (const Json& u : s["units"]) units.push_back(unit_text(u));
      wrapped(out, "  " + name + ": ", units, 6);
    }
    if (!empty.empty()) wrapped(out, "  No units: ", empty, 6);
  }
  if (v.contains("vladivostok") && !v["vladivostok"].empty()) {
    std::vector<std::string> units;
    for (const Json& u : v["vladivostok"]) units.push_back(u.is_object() ? unit_text(u) : u.dump());
    wrapped(out, "  Vladivostok: ", units, 6);
  }
  if (v.contains("production_track") && !v["production_track"].empty()) {
    std::vector<std::string> items;
    for (const Json& p : v["production_track"])
      items.push_back(p.value("id", "?") + " (" + text(p, "advances_left") + " to go)");
    wrapped(out, "Production Track: ", items, 4);
  }
  if (v.contains("pools") && !v["pools"].empty()) {
    std::vector<std::string> items;
    for (const Json& p : v["pools"])
      items.push_back(p.is_string() ? p.get<std::string>() : p.dump());
    wrapped(out, "Force pools: ", items, 4);
  }
  if (v.contains("hands") && v["hands"].is_object()) {
    for (const auto& [side, hand] : v["hands"].items()) {
      if (hand.contains("cards")) {
        out << side << " hand (" << text(hand, "count") << " cards):\n";
        for (const Json& c : hand["cards"])
          out << "  " << c.value("id", "?") << " " << c.value("name", "") << "\n";
      } else {
        out << side << " hand: " << text(hand, "count") << " cards\n";
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
