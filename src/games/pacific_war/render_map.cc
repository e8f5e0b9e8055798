// The Pacific War: the text map (the terminal's `map` command). See render_text.h.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "games/pacific_war/render_text.h"

namespace pacwar::pacific_war {
namespace {

constexpr int kMapWidth = 100;
constexpr int kMapHeight = 34;

struct Canvas {
  std::vector<std::string> rows = std::vector<std::string>(kMapHeight, std::string(kMapWidth, ' '));
  void put(int x, int y, char ch) {
    if (x >= 0 && x < kMapWidth && y >= 0 && y < kMapHeight) rows[y][x] = ch;
  }
  void text(int x, int y, const std::string& s) {
    x = std::clamp(x, 0, std::max(0, kMapWidth - static_cast<int>(s.size())));
    for (std::size_t i = 0; i < s.size(); ++i) put(x + static_cast<int>(i), y, s[i]);
  }
};

int col(const OzDef& d) {
  return static_cast<int>(std::lround(d.x / 1000.0 * (kMapWidth - 12))) + 1;
}
int row(const OzDef& d) {
  return static_cast<int>(std::lround(d.y / 900.0 * (kMapHeight - 2))) + 1;
}

// A route as a line of dots (':' for a restricted route), with an 'o' for its Nav Point.
void draw_route(Canvas& canvas, const OzDef& a, const OzDef& b, const RouteDef& r, bool open) {
  const int x0 = col(a), y0 = row(a), x1 = col(b), y1 = row(b);
  const int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
  const char ch = r.restricted ? (open ? ':' : ' ') : '.';
  if (r.restricted && !open) {  // closed: a sparse dotted line
    for (int i = 1; i < steps; i += 3)
      canvas.put(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, ':');
  } else {
    for (int i = 1; i < steps; ++i)
      canvas.put(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, ch);
  }
  if (r.nav_point) canvas.put((x0 + x1) / 2, (y0 + y1) / 2, 'o');
}

std::string label(const engine::Json& oz, const OzDef& d) {
  auto text = [&](const char* key) {
    return oz.contains(key) && oz[key].is_string() ? oz[key].get<std::string>() : std::string();
  };
  const std::string ctl = text("control");
  int units[2] = {0, 0};
  if (oz.contains("units") && oz["units"].is_array())
    for (const auto& u : oz["units"])
      if (u.contains("side") && u["side"].is_string())
        ++units[u["side"].get<std::string>() == "Japanese" ? 0 : 1];
  std::string name;  // whole words, at most 12 letters ("Hawaiian Islands" -> "Hawaiian")
  for (std::size_t at = 0; at < d.name.size();) {
    std::size_t end = d.name.find(' ', at);
    if (end == std::string::npos) end = d.name.size();
    const std::string word = d.name.substr(at, end - at);
    if (!name.empty() && name.size() + 1 + word.size() > 12) break;
    name += (name.empty() ? "" : " ") + word;
    at = end + 1;
  }
  std::string out =
      (d.port ? "[" : "(") + name + " " + (ctl.empty() ? std::string("-") : ctl.substr(0, 1));
  if (units[0]) out += " j" + std::to_string(units[0]);
  if (units[1]) out += " a" + std::to_string(units[1]);
  if (d.port && !text("base_marker").empty()) out += " B" + text("base_marker").substr(0, 1);
  return out + (d.port ? "]" : ")");
}

}  // namespace

std::string render_map(const engine::Json& view, const Content& content) {
  Canvas canvas;
  const bool open = view.value("restricted_routes_open", false);
  for (const RouteDef& r : content.routes)
    draw_route(canvas, content.ozs[r.a], content.ozs[r.b], r, open);
  const engine::Json none = engine::Json::object();
  for (int i = 0; i < content.num_ozs(); ++i) {
    const OzDef& d = content.ozs[i];
    const engine::Json* oz = &none;
    if (view.contains("ozs") && view["ozs"].is_array())
      for (const auto& o : view["ozs"])
        if (o.value("id", "") == d.id) oz = &o;
    const std::string l = label(*oz, d);
    canvas.text(col(d) - static_cast<int>(l.size()) / 2, row(d), l);
  }
  std::string out = "THE PACIFIC WAR - map\n";
  for (const std::string& r : canvas.rows) {
    const auto end = r.find_last_not_of(' ');
    out += (end == std::string::npos ? std::string() : r.substr(0, end + 1)) + "\n";
  }
  out +=
      "[Port] (Base), then the controller (J/A, - neither), Japanese (j) and Allied (a) units,\n"
      "B = an enemy Base marker on the Port. Sea Routes '.', Nav Point 'o' (2 MP, no air\n"
      "superiority across it), restricted routes ':' (sparse while closed, 8.8).\n";
  return out;
}

}  // namespace pacwar::pacific_war
