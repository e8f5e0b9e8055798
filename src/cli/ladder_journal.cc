#include "cli/ladder_journal.h"

#include <cmath>
#include <fstream>

#include "engine/errors.h"

namespace pacwar::cli {
namespace {

using engine::Json;

class LineError {
 public:
  LineError(const std::string& path, int line) : where_(path + " line " + std::to_string(line)) {}
  [[noreturn]] void fail(const std::string& field, const std::string& reason) const {
    throw engine::UsageError("ladder journal " + where_ + ": " + field + ": " + reason);
  }

 private:
  std::string where_;
};

const Json& field(const Json& entry, const char* name, const LineError& error) {
  const auto it = entry.find(name);
  if (it == entry.end()) error.fail(name, "missing");
  return *it;
}

template <typename T>
T typed(const Json& entry, const char* name, const LineError& error) {
  const Json& value = field(entry, name, error);
  if constexpr (std::is_same_v<T, std::string>) {
    if (!value.is_string()) error.fail(name, "not a string");
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!value.is_boolean()) error.fail(name, "not true or false");
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    if (!value.is_number_unsigned()) error.fail(name, "not a non-negative integer");
  } else {
    if (!value.is_number_integer()) error.fail(name, "not an integer");
  }
  return value.get<T>();
}

// The settings must be the ladder's: a game played otherwise is another measurement.
void check_settings(const Json& entry, const JournalSettings& settings, const LineError& error) {
  const std::string game = typed<std::string>(entry, "game", error);
  if (game != settings.game)
    error.fail("game", "'" + game + "', this ladder plays '" + settings.game + "'");
  if (field(entry, "options", error) != settings.options) {
    error.fail("options", field(entry, "options", error).dump() + ", this ladder plays with " +
                              settings.options.dump());
  }
  const int threads = typed<int>(entry, "threads", error);
  if (threads != settings.threads) {
    error.fail("threads",
               std::to_string(threads) + ", this ladder uses " + std::to_string(settings.threads));
  }
  const int max_actions = typed<int>(entry, "max_actions", error);
  if (max_actions != settings.max_actions) {
    error.fail("max_actions", std::to_string(max_actions) + ", this ladder uses " +
                                  std::to_string(settings.max_actions));
  }
}

// {"names": [...], "decisions": [J, A], "counts": [[...], [...]]} (journal_line).
engine::BlunderTally parse_blunders(const Json& json, const LineError& error) {
  const char* shape = "not {names, decisions, counts} of two seats";
  if (!json.is_object() || !json.contains("names") || !json.contains("decisions") ||
      !json.contains("counts"))
    error.fail("blunders", shape);
  const Json& names = json["names"];
  const Json& decisions = json["decisions"];
  const Json& counts = json["counts"];
  if (!names.is_array() || !decisions.is_array() || decisions.size() != 2 || !counts.is_array() ||
      counts.size() != 2)
    error.fail("blunders", shape);
  std::vector<std::string> list;
  for (const Json& n : names) {
    if (!n.is_string()) error.fail("blunders", shape);
    list.push_back(n.get<std::string>());
  }
  engine::BlunderTally tally = engine::BlunderTally::empty(list, 2);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    if (!decisions[seat].is_number_integer() || decisions[seat].get<long long>() < 0 ||
        !counts[seat].is_array() || counts[seat].size() != list.size())
      error.fail("blunders", shape);
    tally.decisions[seat] = decisions[seat].get<long long>();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Json& n = counts[seat][i];
      if (!n.is_number_integer() || n.get<long long>() < 0) error.fail("blunders", shape);
      tally.counts[seat][i] = n.get<long long>();
    }
  }
  return tally;
}

JournalEntry parse_entry(const Json& entry, const LineError& error) {
  JournalEntry result;
  const Json& players = field(entry, "players", error);
  if (!players.is_array() || players.size() != 2) error.fail("players", "not two player specs");
  for (const Json& p : players) {
    if (!p.is_string()) error.fail("players", "not two player specs");
    result.players.push_back(p.get<std::string>());
  }
  result.seed = typed<std::uint64_t>(entry, "seed", error);
  const int winner = typed<int>(entry, "winner", error);
  if (winner < -1 || winner > 1) error.fail("winner", "not -1, 0 or 1");
  result.outcome.winner = winner;
  result.outcome.finished = typed<bool>(entry, "finished", error);
  if (!result.outcome.finished && winner != -1) error.fail("winner", "an unfinished game has none");
  result.outcome.actions = typed<int>(entry, "actions", error);
  result.outcome.digest = typed<std::uint64_t>(entry, "digest", error);
  if (result.outcome.actions < 0) error.fail("actions", "negative");
  const Json& ms = field(entry, "ms", error);
  if (!ms.is_array() || ms.size() != 2) error.fail("ms", "not two lists of milliseconds");
  for (const Json& seat : ms) {
    if (!seat.is_array()) error.fail("ms", "not two lists of milliseconds");
    std::vector<double>& times = result.outcome.ms.emplace_back();
    for (const Json& t : seat) {
      if (!t.is_number() || !std::isfinite(t.get<double>()) || t.get<double>() < 0.0) {
        error.fail("ms", "not a list of non-negative numbers");
      }
      times.push_back(t.get<double>());
    }
  }
  if (entry.contains("blunders"))
    result.outcome.blunders = parse_blunders(entry["blunders"], error);
  return result;
}

}  // namespace

Journal read_ladder_journal(const std::string& path, const JournalSettings& settings) {
  Journal journal;
  std::ifstream in(path, std::ios::binary);
  if (!in) return journal;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    // A last line without its newline was cut short while it was written: that game is played
    // again (even when the cut left valid JSON, e.g. a cut number).
    if (in.eof()) break;
    const std::uintmax_t end = journal.whole_bytes + text.size() + 1;
    if (text.empty()) {
      journal.whole_bytes = end;
      continue;
    }
    const LineError error(path, number);
    Json entry;
    try {
      entry = Json::parse(text);
    } catch (const Json::parse_error&) {
      error.fail("line", "not JSON");
    }
    if (!entry.is_object()) error.fail("line", "not a JSON object");
    check_settings(entry, settings, error);
    journal.entries.push_back(parse_entry(entry, error));
    journal.whole_bytes = end;
  }
  return journal;
}

std::string journal_line(const JournalSettings& settings, const MatchGame& game,
                         const MatchOutcome& outcome) {
  Json ms = Json::array();
  for (const std::vector<double>& seat : outcome.ms) {
    Json times = Json::array();
    // Hundredths of a millisecond: the ladder's mean and p95 need no more.
    for (const double t : seat) times.push_back(std::round(t * 100.0) / 100.0);
    ms.push_back(std::move(times));
  }
  Json entry = {{"game", settings.game},
                {"options", settings.options},
                {"threads", settings.threads},
                {"max_actions", settings.max_actions},
                {"players", game.players},
                {"seed", game.seed},
                {"winner", outcome.winner},
                {"finished", outcome.finished},
                {"actions", outcome.actions},
                {"digest", outcome.digest},
                {"ms", ms}};
  if (!outcome.blunders.is_empty()) {
    entry["blunders"] = {{"names", outcome.blunders.names},
                         {"decisions", outcome.blunders.decisions},
                         {"counts", outcome.blunders.counts}};
  }
  return entry.dump();
}

}  // namespace pacwar::cli
