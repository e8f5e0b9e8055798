#include "cli/ladder.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <tuple>

#include "cli/ladder_journal.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "engine/rng.h"

namespace pacwar::cli {

namespace {

using Done = std::map<std::tuple<std::string, std::string, std::uint64_t>, MatchOutcome>;

// Plays a game the journal holds again; throws engine::UsageError when it goes another way.
void verify_journal_game(const std::shared_ptr<const engine::Game>& game,
                         const engine::Options& options, const MatchGame& match,
                         const LadderConfig& config, const Done& done) {
  const MatchOutcome& held = done.at({match.players[0], match.players[1], match.seed});
  MatchOutcome now;
  MatchConfig one = config.match;
  one.jobs = 1;
  play_matches(game, options, {match}, one, [&](std::size_t, const MatchOutcome& outcome) {
    now = outcome;
    return true;
  });
  if (now.digest == held.digest) return;
  throw engine::UsageError(
      "ladder journal " + config.journal + ": the game of " + match.players[0] + " against " +
      match.players[1] + " with seed " + std::to_string(match.seed) +
      ", played again, went another way (" + std::to_string(now.actions) + " actions, winner " +
      std::to_string(now.winner) + "; the journal says " + std::to_string(held.actions) +
      " actions, winner " + std::to_string(held.winner) +
      "): the file was made by another build (rules or search changed since); start a new "
      "journal");
}

}  // namespace

LadderResult run_ladder(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                        const LadderConfig& config, std::ostream* progress) {
  const auto n = config.players.size();
  if (n < 2) throw engine::UsageError("ladder: give at least two players (--players A,B)");
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (config.players[i] == config.players[j]) {
        throw engine::UsageError("ladder: player '" + config.players[i] + "' given twice");
      }
    }
  }
  if (game->num_seats() != 2) throw engine::UsageError("ladder: two-seat games only");
  // Game k of pairing (i, j) uses the same seed from both sides. Games are played round by
  // round (game k of every pairing before game k + 1 of any), so that a ladder stopped part way
  // has played every pairing about as often: its journal's first rounds rate as `--games K`.
  struct Slot {
    std::size_t first, second;  // players in seats 0 and 1
  };
  std::vector<MatchGame> games;
  std::vector<Slot> slots;
  for (int k = 0; k < config.games; ++k) {
    std::uint64_t pairing = 0;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j, ++pairing) {
        const std::uint64_t seed = engine::splitmix64(
            config.seed ^ engine::splitmix64(pairing * 1000003ULL + static_cast<std::uint64_t>(k)));
        games.push_back({{config.players[i], config.players[j]}, seed});
        slots.push_back({i, j});
        games.push_back({{config.players[j], config.players[i]}, seed});
        slots.push_back({j, i});
      }
    }
  }
  LadderResult result;
  result.players.resize(n);
  result.score.assign(n, std::vector<double>(n, 0.0));
  result.games.assign(n, std::vector<double>(n, 0.0));
  std::vector<std::vector<double>> ms(n);
  std::map<std::pair<std::size_t, std::size_t>, SeatedResult> seated;
  for (std::size_t p = 0; p < n; ++p) {
    result.players[p].name = config.players[p];
    result.players[p].seat_wins.assign(2, 0.0);
    result.players[p].seat_games.assign(2, 0.0);
  }
  // Adds a finished game to the tallies.
  auto record = [&](std::size_t g, const MatchOutcome& outcome) {
    const Slot slot = slots[g];
    const double first = outcome.winner == 0 ? 1.0 : outcome.winner == 1 ? 0.0 : 0.5;
    if (!outcome.finished) ++result.unfinished;
    SeatedResult& r = seated[{slot.first, slot.second}];
    r.first = static_cast<int>(slot.first);
    r.second = static_cast<int>(slot.second);
    r.games += 1;
    r.first_score += first;
    result.score[slot.first][slot.second] += first;
    result.score[slot.second][slot.first] += 1.0 - first;
    result.games[slot.first][slot.second] += 1;
    result.games[slot.second][slot.first] += 1;
    result.players[slot.first].seat_games[0] += 1;
    result.players[slot.second].seat_games[1] += 1;
    result.players[slot.first].seat_wins[0] += outcome.winner == 0 ? 1 : 0;
    result.players[slot.second].seat_wins[1] += outcome.winner == 1 ? 1 : 0;
    result.players[slot.first].blunders.add_seat(outcome.blunders, 0);
    result.players[slot.second].blunders.add_seat(outcome.blunders, 1);
    for (const double t : outcome.ms[0]) ms[slot.first].push_back(t);
    for (const double t : outcome.ms[1]) ms[slot.second].push_back(t);
  };
  // The games the journal holds already count as they ended; the others are played.
  const JournalSettings settings{game->name(), game->normalize_options(options),
                                 config.match.threads, config.match.max_actions};
  std::vector<std::size_t> to_play;
  if (config.journal.empty()) {
    for (std::size_t g = 0; g < games.size(); ++g) to_play.push_back(g);
  } else {
    Done done;
    Journal read = read_ladder_journal(config.journal, settings);
    for (JournalEntry& entry : read.entries) {
      done.try_emplace({entry.players[0], entry.players[1], entry.seed}, std::move(entry.outcome));
    }
    std::error_code missing;
    if (std::filesystem::file_size(config.journal, missing) > read.whole_bytes && !missing) {
      std::filesystem::resize_file(config.journal, read.whole_bytes);  // a line cut short
    }
    std::optional<std::size_t> check;  // a held game to play again
    for (std::size_t g = 0; g < games.size(); ++g) {
      const auto it = done.find({games[g].players[0], games[g].players[1], games[g].seed});
      if (it == done.end()) {
        to_play.push_back(g);
      } else {
        record(g, it->second);
        ++result.resumed;
        if (!check && reproducible(games[g].players[0], config.match.threads) &&
            reproducible(games[g].players[1], config.match.threads)) {
          check = g;
        }
      }
    }
    if (check) verify_journal_game(game, options, games[*check], config, done);
  }
  std::ofstream journal;
  if (!config.journal.empty() && !to_play.empty()) {
    journal.open(config.journal, std::ios::app);
    if (!journal) throw engine::UsageError("ladder: cannot write the journal " + config.journal);
  }
  std::vector<MatchGame> playing;
  for (const std::size_t g : to_play) playing.push_back(games[g]);
  MatchConfig match_config = config.match;
  match_config.blunders = true;  // docs/ai.md, "Blunder counters"
  const auto start = std::chrono::steady_clock::now();
  std::size_t finished = 0;
  play_matches(
      game, options, playing, match_config, [&](std::size_t i, const MatchOutcome& outcome) {
        const std::size_t g = to_play[i];
        record(g, outcome);
        if (journal.is_open()) {
          journal << journal_line(settings, games[g], outcome)
                  << std::endl;  // flushed: kept if killed
          if (!journal)
            throw engine::UsageError("ladder: cannot write the journal " + config.journal);
        }
        ++finished;
        if (progress != nullptr) {
          const double seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          *progress << "ladder: " << progress_line(finished, playing.size(), seconds) << std::endl;
        }
        return true;
      });
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<SeatedResult> results;
  for (const auto& [key, r] : seated) results.push_back(r);
  const auto random = std::find(config.players.begin(), config.players.end(), "random");
  const int anchor =
      random == config.players.end() ? 0 : static_cast<int>(random - config.players.begin());
  result.anchor = config.players[static_cast<std::size_t>(anchor)];
  const Ratings ratings = fit_ratings(static_cast<int>(n), results, anchor);
  result.seat_advantage = ratings.seat_advantage;
  for (std::size_t p = 0; p < n; ++p) {
    LadderPlayer& player = result.players[p];
    player.elo = ratings.elo[p];
    player.margin = ratings.margin[p];
    for (std::size_t q = 0; q < n; ++q) {
      player.games += result.games[p][q];
      player.score += result.score[p][q];
    }
    double sum = 0;
    for (const double t : ms[p]) sum += t;
    player.mean_ms = ms[p].empty() ? 0.0 : sum / static_cast<double>(ms[p].size());
    player.p95_ms = quantile(ms[p], 0.95);
  }
  return result;
}

engine::Json to_json(const LadderResult& result, const LadderConfig& config,
                     const engine::Game& game) {
  engine::Json players = engine::Json::array();
  for (std::size_t p = 0; p < result.players.size(); ++p) {
    const LadderPlayer& player = result.players[p];
    engine::Json against = engine::Json::object();
    for (std::size_t q = 0; q < result.players.size(); ++q) {
      if (q == p) continue;
      against[result.players[q].name] = {{"games", result.games[p][q]},
                                         {"score", result.score[p][q]}};
    }
    engine::Json seats = engine::Json::object();
    for (int s = 0; s < 2; ++s) {
      seats[game.seat_name(s)] = {{"games", player.seat_games[static_cast<std::size_t>(s)]},
                                  {"wins", player.seat_wins[static_cast<std::size_t>(s)]}};
    }
    engine::Json entry = {{"name", player.name},
                          {"elo", player.elo},
                          {"elo_95", player.margin},
                          {"games", player.games},
                          {"score", player.score},
                          {"seats", seats},
                          {"mean_ms_per_decision", player.mean_ms},
                          {"p95_ms_per_decision", player.p95_ms},
                          {"against", against}};
    if (!player.blunders.is_empty()) {
      engine::Json blunders = engine::Json::object();
      for (int s = 0; s < 2; ++s) blunders[game.seat_name(s)] = player.blunders.seat_json(s);
      entry["blunders"] = blunders;
    }
    players.push_back(std::move(entry));
  }
  return {{"game", game.name()},
          {"players", players},
          {"anchor", result.anchor},
          {"seat_advantage_elo", result.seat_advantage},
          {"advantage_seat", game.seat_name(0)},
          {"games_per_pairing_and_side", config.games},
          {"seed", config.seed},
          {"jobs", config.match.jobs},
          {"threads", config.match.threads},
          {"unfinished", result.unfinished},
          {"from_journal", result.resumed},
          {"seconds", result.seconds}};
}

std::string to_text(const LadderResult& result, const engine::Game& game) {
  std::vector<std::size_t> order(result.players.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return result.players[a].elo > result.players[b].elo;
  });
  std::string text;
  char line[256];
  std::snprintf(line, sizeof line, "%-22s %8s %7s %6s %7s %9s %9s\n", "player", "elo", "+-95%",
                "games", "score", "ms/dec", "p95 ms");
  text += line;
  for (const std::size_t p : order) {
    const LadderPlayer& player = result.players[p];
    std::snprintf(line, sizeof line, "%-22s %8.0f %7.0f %6.0f %6.1f%% %9.1f %9.1f\n",
                  player.name.c_str(), player.elo, player.margin, player.games,
                  player.games > 0 ? 100.0 * player.score / player.games : 0.0, player.mean_ms,
                  player.p95_ms);
    text += line;
  }
  text += "\nscore of row against column (both sides):\n";
  std::snprintf(line, sizeof line, "%-22s", "");
  text += line;
  for (const std::size_t q : order) {
    std::snprintf(line, sizeof line, " %12.12s", result.players[q].name.c_str());
    text += line;
  }
  text += "\n";
  for (const std::size_t p : order) {
    std::snprintf(line, sizeof line, "%-22s", result.players[p].name.c_str());
    text += line;
    for (const std::size_t q : order) {
      if (p == q) {
        std::snprintf(line, sizeof line, " %12s", "-");
      } else {
        std::snprintf(line, sizeof line, " %7.1f/%-4.0f", result.score[p][q], result.games[p][q]);
      }
      text += line;
    }
    text += "\n";
  }
  std::snprintf(
      line, sizeof line,
      "\n%s seat advantage: %.0f Elo; anchor %s = 0; %d unfinished; %d from the journal\n",
      game.seat_name(0).c_str(), result.seat_advantage, result.anchor.c_str(), result.unfinished,
      result.resumed);
  text += line;
  bool header = false;  // blunder counters (docs/ai.md): one line per player and side
  for (const std::size_t p : order) {
    const LadderPlayer& player = result.players[p];
    if (player.blunders.is_empty()) continue;
    if (!header) text += "\nblunders (count, per 100 decisions):\n";
    header = true;
    for (int s = 0; s < 2; ++s)
      text += player.name + " " + player.blunders.seat_text(s, game.seat_name(s)) + "\n";
  }
  return text;
}

std::vector<std::string> write_level_ratings(const std::string& file, const LadderResult& result,
                                             const std::string& game, const std::string& measured) {
  engine::Json data = engine::read_user_file(file, "ladder --ratings file");
  if (!data.is_object() || !data.contains("games") || !data["games"].is_object()) {
    throw engine::UsageError("ladder --ratings " + file + ": games: not an object of games");
  }
  engine::Json& levels = data["games"][game];
  if (!levels.is_object()) {
    throw engine::UsageError("ladder --ratings " + file + ": games." + game +
                             ": no computer levels of this game");
  }
  std::vector<std::string> written;
  for (const LadderPlayer& player : result.players) {
    if (!levels.contains(player.name)) continue;
    const bool anchor = player.name == result.anchor;
    char figure[64];
    if (anchor) {
      std::snprintf(figure, sizeof figure, "0 (anchor)");
    } else {
      std::snprintf(figure, sizeof figure, "%.0f ± %.0f", player.elo, player.margin);
    }
    // The figure is what the leaderboard shows; the command goes to "sources".
    levels[player.name] = {{"rating", std::round(1000.0 + player.elo)},
                           {"deviation", anchor ? 50.0 : std::round(player.margin / 1.96)},
                           {"ladder", figure}};
    written.push_back(player.name);
  }
  if (written.empty()) {
    throw engine::UsageError("ladder --ratings " + file + ": none of the ladder's players is a " +
                             "computer level of " + game + " there");
  }
  data["sources"][game] = measured;
  data["source"] =
      "pacwar ladder (docs/ai.md): each level's 'ladder' gives its Elo ± 95%, 'sources' the "
      "command and date that measured each game's";
  // Written beside and renamed over: a reader never sees half a file.
  const std::string temporary = file + ".new";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << data.dump(2) << "\n";
    if (!out) throw engine::UsageError("ladder --ratings " + temporary + ": cannot be written");
  }
  std::filesystem::rename(temporary, file);
  return written;
}

}  // namespace pacwar::cli
