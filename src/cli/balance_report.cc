// The balance lab's HTML report: plain HTML with inline SVG plots, no script (docs/balance.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "cli/balance.h"
#include "cli/match.h"

namespace pacwar::cli {
namespace {

constexpr int kWidth = 760;
constexpr const char* kSeatColours[] = {"#8c1c13", "#1f4e8c", "#2e7d32", "#c98a00"};

std::string esc(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string num(double x, int digits = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, x);
  return buffer;
}

std::string pct(double p) { return num(100.0 * p, 1) + "%"; }

struct Bar {
  std::string label;
  double value = 0;
  double low = std::nan("");  // an interval, when known
  double high = std::nan("");
  std::string colour = "#4a6a8a";
  std::string text;  // shown after the bar
};

// Horizontal bars on a 0..`max` scale.
std::string bars(const std::vector<Bar>& items, double max, const std::string& title) {
  const int label_w = 280;
  const int row = 22;
  const int plot_w = kWidth - label_w - 190;
  const int height = row * static_cast<int>(items.size()) + 30;
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << height
    << "' role='img' aria-label='" << esc(title) << "'>";
  auto x = [&](double v) { return label_w + plot_w * std::clamp(v / max, 0.0, 1.0); };
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Bar& b = items[i];
    const double y = 4 + row * static_cast<double>(i);
    o << "<text x='" << label_w - 6 << "' y='" << y + 14 << "' font-size='12' text-anchor='end'>"
      << esc(b.label.size() > 48 ? b.label.substr(0, 46) + "…" : b.label) << "</text>";
    o << "<rect x='" << label_w << "' y='" << y + 3 << "' width='" << num(x(b.value) - label_w)
      << "' height='" << row - 8 << "' fill='" << b.colour << "'/>";
    if (!std::isnan(b.low)) {
      o << "<line x1='" << num(x(b.low)) << "' x2='" << num(x(b.high)) << "' y1='" << y + row / 2.0
        << "' y2='" << y + row / 2.0 << "' stroke='#000' stroke-width='1.5'/>";
      for (double v : {b.low, b.high})
        o << "<line x1='" << num(x(v)) << "' x2='" << num(x(v)) << "' y1='" << y + 5 << "' y2='"
          << y + row - 5 << "' stroke='#000'/>";
    }
    o << "<text x='" << num(std::max(x(b.value), std::isnan(b.high) ? 0.0 : x(b.high)) + 4)
      << "' y='" << y + 14 << "' font-size='11'>" << esc(b.text) << "</text>";
  }
  const double axis_y = 6 + row * static_cast<double>(items.size());
  o << "<line x1='" << label_w << "' x2='" << label_w + plot_w << "' y1='" << axis_y << "' y2='"
    << axis_y << "' stroke='#999'/>";
  for (int k = 0; k <= 4; ++k) {
    const double v = max * k / 4.0;
    o << "<text x='" << num(x(v)) << "' y='" << axis_y + 14
      << "' font-size='10' text-anchor='middle' fill='#555'>"
      << (max == 1.0 ? pct(v) : num(v, max >= 10 ? 0 : 1)) << "</text>";
  }
  o << "</svg>";
  return o.str();
}

// Quantile bands by turn of one measure over the games (a game counts until its last turn).
std::string bands(const std::vector<BalanceGame>& games, const std::string& key,
                  const std::string& colour, const std::string& title) {
  int turns = 0;
  for (const BalanceGame& g : games) {
    const auto it = g.by_turn.find(key);
    if (it != g.by_turn.end()) turns = std::max(turns, static_cast<int>(it->second.size()));
  }
  if (turns == 0) return "";
  struct Q {
    double p10, p25, p50, p75, p90;
    int n;
  };
  std::vector<Q> q(static_cast<std::size_t>(turns));
  double low = 0, high = 1;
  for (int t = 0; t < turns; ++t) {
    std::vector<double> values;
    for (const BalanceGame& g : games) {
      const auto it = g.by_turn.find(key);
      if (it == g.by_turn.end() || static_cast<int>(it->second.size()) <= t) continue;
      const double v = it->second[static_cast<std::size_t>(t)];
      if (!std::isnan(v)) values.push_back(v);
    }
    Q& z = q[static_cast<std::size_t>(t)];
    z = {quantile(values, 0.1),  quantile(values, 0.25), quantile(values, 0.5),
         quantile(values, 0.75), quantile(values, 0.9),  static_cast<int>(values.size())};
    if (z.n > 0) {
      low = std::min(low, z.p10);
      high = std::max(high, z.p90);
    }
  }
  const int h = 200, left = 50, right = 20, top = 10, bottom = 30;
  auto x = [&](double t) {
    return left + (kWidth - left - right) * (turns <= 1 ? 0.0 : t / (turns - 1));
  };
  auto y = [&](double v) { return top + (h - top - bottom) * (1 - (v - low) / (high - low)); };
  std::ostringstream o;
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << h
    << "' role='img' aria-label='" << esc(title) << "'>";
  auto polygon = [&](double Q::*lo, double Q::*hi, const char* opacity) {
    std::string up, down;
    for (int t = 0; t < turns; ++t) {
      const Q& z = q[static_cast<std::size_t>(t)];
      if (z.n == 0) continue;
      up += num(x(t)) + "," + num(y(z.*hi)) + " ";
      down = num(x(t)) + "," + num(y(z.*lo)) + " " + down;
    }
    o << "<polygon points='" << up << down << "' fill='" << colour << "' fill-opacity='" << opacity
      << "'/>";
  };
  polygon(&Q::p10, &Q::p90, "0.15");
  polygon(&Q::p25, &Q::p75, "0.3");
  std::string line;
  for (int t = 0; t < turns; ++t) {
    const Q& z = q[static_cast<std::size_t>(t)];
    if (z.n > 0) line += num(x(t)) + "," + num(y(z.p50)) + " ";
  }
  o << "<polyline points='" << line << "' fill='none' stroke='" << colour << "' stroke-width='2'/>";
  if (low < 0 && high > 0)
    o << "<line x1='" << left << "' x2='" << kWidth - right << "' y1='" << num(y(0)) << "' y2='"
      << num(y(0)) << "' stroke='#999' stroke-dasharray='4 3'/>";
  for (int k = 0; k <= 4; ++k) {
    const double v = low + (high - low) * k / 4.0;
    o << "<text x='" << left - 4 << "' y='" << num(y(v) + 4)
      << "' font-size='10' text-anchor='end' fill='#555'>" << num(v, 0) << "</text>";
  }
  for (int t = 0; t < turns; ++t) {
    o << "<text x='" << num(x(t)) << "' y='" << h - 12
      << "' font-size='10' text-anchor='middle' fill='#555'>" << t << "</text>";
  }
  o << "<text x='" << kWidth / 2 << "' y='" << h - 1
    << "' font-size='10' text-anchor='middle' fill='#555'>turn (value at its end; median, "
       "25–75% and 10–90% of the games still going)</text></svg>";
  return o.str();
}

std::vector<Bar> win_bars(const BalanceRun& run, const std::vector<std::string>& seats) {
  std::vector<Bar> items;
  const int n = static_cast<int>(run.games.size());
  for (std::size_t s = 0; s < seats.size(); ++s) {
    int w = 0;
    for (const BalanceGame& g : run.games) w += g.winner == static_cast<int>(s) ? 1 : 0;
    const auto [low, high] = wilson(w, n);
    items.push_back({seats[s] + " wins", static_cast<double>(w) / n, low, high, kSeatColours[s % 4],
                     pct(static_cast<double>(w) / n) + " [" + pct(low) + ", " + pct(high) + "] (" +
                         std::to_string(w) + "/" + std::to_string(n) + ")"});
  }
  int other = 0;
  for (const BalanceGame& g : run.games) other += g.winner < 0 ? 1 : 0;
  if (other > 0) {
    const auto [low, high] = wilson(other, n);
    items.push_back({"draw or unfinished", static_cast<double>(other) / n, low, high, "#888",
                     std::to_string(other) + "/" + std::to_string(n)});
  }
  return items;
}

std::string histogram(const std::vector<double>& values, const std::string& what) {
  if (values.empty()) return "";
  const double lo = *std::min_element(values.begin(), values.end());
  const double hi = *std::max_element(values.begin(), values.end());
  const int bins = std::clamp(static_cast<int>(std::sqrt(values.size())), 1, 20);
  const double width = std::max(1.0, std::ceil((hi - lo + 1) / bins));
  std::vector<Bar> items;
  for (int b = 0; b < bins; ++b) {
    const double from = lo + b * width;
    if (from > hi) break;
    int count = 0;
    for (double v : values) count += (v >= from && v < from + width) ? 1 : 0;
    items.push_back({num(from, 0) + "–" + num(from + width - 1, 0) + " " + what,
                     static_cast<double>(count), std::nan(""), std::nan(""), "#6a7f5a",
                     std::to_string(count)});
  }
  double max = 1;
  for (const Bar& b : items) max = std::max(max, b.value);
  return bars(items, max, "histogram of " + what);
}

}  // namespace

std::string balance_report(const BalanceResult& result, const BalanceConfig& config) {
  const BalanceRun& run = result.base;
  const auto& seats = result.seats;
  const int n = static_cast<int>(run.games.size());
  std::ostringstream o;
  o << "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Balance: "
    << esc(config.game) << "</title></head><body>\n";
  o << "<h1>Balance of " << esc(config.game) << "</h1>\n<p>" << n << " games of <code>"
    << esc(config.player) << "</code> against itself, seed " << config.seed;
  if (!config.data_override.empty())
    o << ", data corrected by <code>" << esc(config.data_override) << "</code>";
  o << ", options <code>" << esc(config.options.dump()) << "</code>; " << num(result.seconds, 0)
    << " s. Command: <code>pacwar balance " << esc(config.game) << " --player "
    << esc(config.player) << " --games " << config.games << " --seed " << config.seed;
  if (!config.data_override.empty()) o << " --data-override " << esc(config.data_override);
  for (const std::string& f : config.sweeps) o << " --sweep " << esc(f);
  o << "</code></p>\n";

  o << "<h2>Win rate by side</h2><p>With 95% Wilson score intervals.</p>\n"
    << bars(win_bars(run, seats), 1.0, "win rate by side") << "\n";

  std::vector<double> actions, turns;
  for (const BalanceGame& g : run.games) {
    actions.push_back(g.actions);
    turns.push_back(g.turns);
  }
  o << "<h2>Game length</h2><p>Actions (chance included): median " << num(quantile(actions, 0.5), 0)
    << ", 10–90% " << num(quantile(actions, 0.1), 0) << "–" << num(quantile(actions, 0.9), 0)
    << ". Last turn reached: median " << num(quantile(turns, 0.5), 0) << ".</p>\n"
    << histogram(actions, "actions") << "\n"
    << histogram(turns, "turns") << "\n";

  o << "<h2>Victory Points and spaces held by turn</h2>\n";
  std::vector<std::string> keys;
  for (const BalanceGame& g : run.games)
    for (const auto& [key, series] : g.by_turn)
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  for (const std::string& key : keys) {
    std::string colour = "#444";
    std::string title = key;
    for (std::size_t s = 0; s < seats.size(); ++s)
      if (key == "held:" + seats[s]) {
        colour = kSeatColours[s % 4];
        title = "spaces (OZs) " + seats[s] + " controls";
      }
    if (key == "vp") title = "Victory Points (+ " + seats[0] + ", − " + seats[1] + ")";
    o << "<h3>" << esc(title) << "</h3>\n" << bands(run.games, key, colour, title) << "\n";
  }

  std::map<std::string, int> ends;
  for (const BalanceGame& g : run.games) ++ends[g.end];
  std::vector<Bar> end_bars;
  for (const auto& [end, count] : ends)
    end_bars.push_back({end, static_cast<double>(count) / n, std::nan(""), std::nan(""), "#7a5a8a",
                        std::to_string(count)});
  std::sort(end_bars.begin(), end_bars.end(),
            [](const Bar& a, const Bar& b) { return a.value > b.value; });
  o << "<h2>How games end</h2><p>The last public log line of each game (numbers as N).</p>\n"
    << bars(end_bars, 1.0, "how games end") << "\n";

  std::map<std::string, int> cards;
  for (const BalanceGame& g : run.games)
    for (const auto& [card, count] : g.cards) cards[card] += count;
  std::vector<Bar> card_bars;
  for (const auto& [card, count] : cards)
    card_bars.push_back({card, static_cast<double>(count) / n, std::nan(""), std::nan(""),
                         card.rfind(seats[0], 0) == 0 ? kSeatColours[0] : kSeatColours[1],
                         num(static_cast<double>(count) / n, 2) + " a game"});
  std::sort(card_bars.begin(), card_bars.end(),
            [](const Bar& a, const Bar& b) { return a.value > b.value; });
  if (card_bars.size() > 30) card_bars.resize(30);
  double card_max = 0.1;
  for (const Bar& b : card_bars) card_max = std::max(card_max, b.value);
  o << "<h2>Card and event use</h2><p>Actions that reveal a card (an undo barrier of a seat), "
       "per game; the 30 most used.</p>\n"
    << bars(card_bars, card_max, "card and event use") << "\n";

  if (!result.sweeps.empty()) {
    o << "<h2>Sensitivity</h2><p>Each value changed by −1 and +1, the same " << n
      << " seeds (common random numbers): " << esc(seats[0])
      << "'s win rate with 95% Wilson intervals.</p>\n<table border='1' cellpadding='4'>"
         "<tr><th>field</th><th>value</th><th>"
      << esc(seats[0]) << " win rate</th><th>change</th></tr>\n";
    auto rate = [&](const BalanceRun& r) {
      int w = 0;
      for (const BalanceGame& g : r.games) w += g.winner == 0 ? 1 : 0;
      return std::pair<int, int>{w, static_cast<int>(r.games.size())};
    };
    const auto [base_w, base_n] = rate(run);
    const double base_rate = static_cast<double>(base_w) / base_n;
    for (const auto& sweep : result.sweeps) {
      std::vector<Bar> points;
      std::vector<std::pair<std::string, const BalanceRun*>> rows = {
          {sweep.runs[0].value.dump(), &sweep.runs[0]},
          {sweep.base_value.dump() + " (as is)", &run},
          {sweep.runs[1].value.dump(), &sweep.runs[1]}};
      for (const auto& [label, r] : rows) {
        if (!r->refused.empty()) {
          o << "<tr><td><code>" << esc(sweep.field) << "</code></td><td>" << esc(label)
            << "</td><td colspan='2'>refused by the game's data checks: " << esc(r->refused)
            << "</td></tr>\n";
          continue;
        }
        const auto [w, m] = rate(*r);
        const auto [low, high] = wilson(w, m);
        const double p = static_cast<double>(w) / m;
        points.push_back({sweep.field + " = " + label, p, low, high, kSeatColours[0], pct(p)});
        o << "<tr><td><code>" << esc(sweep.field) << "</code></td><td>" << esc(label) << "</td><td>"
          << pct(p) << " [" << pct(low) << ", " << pct(high) << "]</td><td>"
          << (r == &run ? "" : (p >= base_rate ? "+" : "") + num(100 * (p - base_rate), 1) + " pt")
          << "</td></tr>\n";
      }
      o << "<tr><td colspan='4'>" << bars(points, 1.0, "sensitivity of " + sweep.field)
        << "</td></tr>\n";
    }
    o << "</table>\n";
  }
  o << "</body></html>\n";
  return o.str();
}

}  // namespace pacwar::cli
