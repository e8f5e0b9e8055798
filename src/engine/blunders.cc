#include "engine/blunders.h"

#include <cstdio>
#include <utility>

namespace pacwar::engine {
namespace {

double per_100(long long count, long long decisions) {
  return decisions > 0 ? 100.0 * static_cast<double>(count) / static_cast<double>(decisions) : 0.0;
}

}  // namespace

BlunderTally BlunderTally::empty(std::vector<std::string> names, int seats) {
  BlunderTally tally;
  const auto n = names.size();
  tally.names = std::move(names);
  tally.decisions.assign(static_cast<std::size_t>(seats), 0);
  tally.counts.assign(static_cast<std::size_t>(seats), std::vector<long long>(n, 0));
  return tally;
}

void BlunderTally::add(const BlunderTally& other) {
  if (other.is_empty()) return;
  if (is_empty()) {
    *this = other;
    return;
  }
  for (std::size_t seat = 0; seat < decisions.size() && seat < other.decisions.size(); ++seat) {
    decisions[seat] += other.decisions[seat];
    for (std::size_t i = 0; i < names.size() && i < other.counts[seat].size(); ++i)
      counts[seat][i] += other.counts[seat][i];
  }
}

void BlunderTally::add_seat(const BlunderTally& other, int seat) {
  if (other.is_empty()) return;
  BlunderTally one = empty(other.names, static_cast<int>(other.decisions.size()));
  const auto s = static_cast<std::size_t>(seat);
  one.decisions[s] = other.decisions[s];
  one.counts[s] = other.counts[s];
  add(one);
}

void BlunderTally::add(const BlunderCounter& counter,
                       const std::vector<long long>& seat_decisions) {
  BlunderTally game = empty(counter.names(), static_cast<int>(seat_decisions.size()));
  game.decisions = seat_decisions;
  const std::vector<std::vector<long long>> counted = counter.counts();
  for (std::size_t seat = 0; seat < counted.size() && seat < game.counts.size(); ++seat)
    for (std::size_t i = 0; i < counted[seat].size() && i < game.names.size(); ++i)
      game.counts[seat][i] = counted[seat][i];
  add(game);
}

Json BlunderTally::seat_json(int seat) const {
  const auto s = static_cast<std::size_t>(seat);
  Json json = Json::object();
  json["decisions"] = decisions[s];
  for (std::size_t i = 0; i < names.size(); ++i)
    json[names[i]] = {{"count", counts[s][i]}, {"per_100", per_100(counts[s][i], decisions[s])}};
  return json;
}

std::string BlunderTally::seat_text(int seat, const std::string& seat_name) const {
  const auto s = static_cast<std::size_t>(seat);
  std::string text = seat_name + ": " + std::to_string(decisions[s]) + " decisions";
  for (std::size_t i = 0; i < names.size(); ++i) {
    char figure[96];
    std::snprintf(figure, sizeof figure, "%s %s %lld (%.2f/100)", i == 0 ? ";" : ",",
                  names[i].c_str(), counts[s][i], per_100(counts[s][i], decisions[s]));
    text += figure;
  }
  return text;
}

}  // namespace pacwar::engine
