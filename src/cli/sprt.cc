#include "cli/sprt.h"

#include <chrono>
#include <cstdio>
#include <map>

#include "engine/errors.h"
#include "engine/rng.h"

namespace pacwar::cli {

SprtResult run_sprt(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                    const SprtConfig& config, std::ostream* progress) {
  if (game->num_seats() != 2) throw engine::UsageError("sprt: two-seat games only");
  SprtResult result;
  result.sprt = Sprt(config.elo0, config.elo1, config.alpha, config.beta);
  result.new_seat_wins.assign(2, 0);
  std::vector<MatchGame> games;
  for (int k = 0; k < config.max_pairs; ++k) {
    const std::uint64_t seed =
        engine::splitmix64(config.seed ^ engine::splitmix64(static_cast<std::uint64_t>(k)));
    games.push_back({{config.new_player, config.base_player}, seed});
    games.push_back({{config.base_player, config.new_player}, seed});
  }
  std::map<std::size_t, MatchOutcome> pending;  // finished games of pairs not yet counted
  std::size_t next_pair = 0;
  std::vector<double> new_ms;
  std::vector<double> base_ms;
  const auto start = std::chrono::steady_clock::now();
  play_matches(game, options, games, config.match, [&](std::size_t g, const MatchOutcome& outcome) {
    pending[g] = outcome;
    while (pending.count(2 * next_pair) != 0 && pending.count(2 * next_pair + 1) != 0) {
      double score = 0;
      for (std::size_t side = 0; side < 2; ++side) {
        const MatchOutcome& o = pending[2 * next_pair + side];
        const int new_seat = static_cast<int>(side);  // side 0: new in seat 0
        if (o.winner == new_seat) {
          score += 1;
          ++result.new_wins;
          ++result.new_seat_wins[side];
        } else if (o.winner == 1 - new_seat) {
          ++result.base_wins;
        } else {
          score += 0.5;
          ++result.draws;
        }
        for (const double t : o.ms[side]) new_ms.push_back(t);
        for (const double t : o.ms[1 - side]) base_ms.push_back(t);
        pending.erase(2 * next_pair + side);
      }
      result.sprt.add_pair(score);
      ++next_pair;
      if (progress != nullptr) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char line[200];
        std::snprintf(line, sizeof line,
                      "sprt: %d pairs, LLR %.2f [%.2f, %.2f], score %.1f%%, %.0f s",
                      result.sprt.pairs(), result.sprt.llr(), result.sprt.lower_bound(),
                      result.sprt.upper_bound(), 100.0 * result.sprt.score(), seconds);
        *progress << line << std::endl;
      }
      if (result.sprt.status() != Sprt::Status::kContinue) return false;
    }
    return true;
  });
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.new_p95_ms = quantile(new_ms, 0.95);
  result.base_p95_ms = quantile(base_ms, 0.95);
  return result;
}

engine::Json to_json(const SprtResult& result, const SprtConfig& config, const engine::Game& game) {
  const auto& c = result.sprt.pentanomial();
  engine::Json seats = engine::Json::object();
  for (int s = 0; s < 2; ++s) {
    seats[game.seat_name(s)] = result.new_seat_wins[static_cast<std::size_t>(s)];
  }
  return {{"game", game.name()},
          {"new", config.new_player},
          {"base", config.base_player},
          {"elo0", config.elo0},
          {"elo1", config.elo1},
          {"alpha", config.alpha},
          {"beta", config.beta},
          {"seed", config.seed},
          {"result", to_string(result.sprt.status())},
          {"llr", result.sprt.llr()},
          {"lower_bound", result.sprt.lower_bound()},
          {"upper_bound", result.sprt.upper_bound()},
          {"pairs", result.sprt.pairs()},
          {"games", 2 * result.sprt.pairs()},
          {"pentanomial", {c[0], c[1], c[2], c[3], c[4]}},
          {"new_wins", result.new_wins},
          {"base_wins", result.base_wins},
          {"draws", result.draws},
          {"new_wins_by_seat", seats},
          {"score", result.sprt.score()},
          {"elo", result.sprt.elo()},
          {"elo_95", result.sprt.elo_margin()},
          {"new_p95_ms", result.new_p95_ms},
          {"base_p95_ms", result.base_p95_ms},
          {"jobs", config.match.jobs},
          {"threads", config.match.threads},
          {"seconds", result.seconds}};
}

}  // namespace pacwar::cli
