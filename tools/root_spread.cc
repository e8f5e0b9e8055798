// How far apart a search's root actions lie in value, against the UCB exploration term: a
// measurement for tuning the exploration constant (docs/ai.md, "A smaller exploration
// constant"), not a test.
//
//   build/pacwar_root_spread GAME [C [ITERATIONS [GAMES]]]
//
// Plays GAMES seeded random games of GAME (seeds 1..GAMES) and, at every 25th action where the
// seat to act has at least three legal actions, searches that position with the game's shipped
// search at exploration constant C (default: the game's) and ITERATIONS (default 1,000). Prints
// the 10th, 50th and 90th percentiles of the spread of the visited root actions' mean values
// (best minus worst) and of the most visited action's share of the iterations, with the
// exploration term C·√(ln N / n) of a child holding a tenth of N iterations.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/mcts.h"
#include "ai/policy.h"
#include "cli/match.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace {

// The whole of `text` as a number of type T at least `least`; nothing otherwise.
template <typename T>
std::optional<T> number_at_least(std::string_view text, T least) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < least) return {};
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pacwar;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s GAME [C [ITERATIONS [GAMES]]]\n", argv[0]);
    return 2;
  }
  const std::string name = argv[1];
  const auto game = find_game(name);
  if (!game) {
    std::fprintf(stderr, "unknown game: %s\n", name.c_str());
    return 2;
  }
  const auto c = argc > 2 ? number_at_least(std::string_view(argv[2]), 0.0) : -1.0;
  const auto iterations = argc > 3 ? number_at_least(std::string_view(argv[3]), 1) : 1000;
  const auto games = argc > 4 ? number_at_least(std::string_view(argv[4]), 1) : 12;
  if (!c || !iterations || !games) {
    std::fprintf(stderr, "%s: C must be a number >= 0, ITERATIONS and GAMES whole numbers >= 1\n",
                 argv[0]);
    return 2;
  }
  ai::MctsConfig config;
  config.exploration = *c;  // negative: the game's
  config.iterations = *iterations;
  constexpr int kEvery = 25;

  std::vector<double> spreads;
  std::vector<double> shares;
  double exploration = 0.0;
  for (int g = 1; g <= *games; ++g) {
    const auto seed = static_cast<std::uint64_t>(g);
    auto state = game->new_initial_state(game->normalize_options(engine::Json::object()));
    ai::Mcts mcts(config, ai::policies_for(name, game->num_seats()));
    exploration = mcts.config().exploration;
    engine::Rng rng(seed);
    engine::RandomPlayer random;
    for (int done = 0; !state->is_terminal(); ++done) {
      if (done % kEvery == 0 && !state->is_chance() && state->legal_actions().size() >= 3) {
        const ai::MctsResult result =
            mcts.search(*state, seed * 100000 + static_cast<unsigned>(done));
        double best = -1e9;
        double worst = 1e9;
        long long top = 0;
        int visited = 0;
        for (std::size_t i = 0; i < result.actions.size(); ++i) {
          if (result.visits[i] == 0) continue;
          ++visited;
          best = std::max(best, result.values[i]);
          worst = std::min(worst, result.values[i]);
          top = std::max(top, result.visits[i]);
        }
        if (visited >= 2 && result.iterations > 0) {
          spreads.push_back(best - worst);
          shares.push_back(static_cast<double>(top) / static_cast<double>(result.iterations));
        }
      }
      state->apply(random.pick(*state, rng, rng), nullptr);
    }
  }
  const double n = static_cast<double>(config.iterations);
  std::printf(
      "%s c=%.2f iterations=%d positions=%zu\n"
      "value spread of the root actions p10/p50/p90: %.4f %.4f %.4f\n"
      "most visited action's share p10/p50/p90: %.3f %.3f %.3f\n"
      "exploration term of a child with a tenth of the iterations: %.4f\n",
      name.c_str(), exploration, config.iterations, spreads.size(), cli::quantile(spreads, 0.1),
      cli::quantile(spreads, 0.5), cli::quantile(spreads, 0.9), cli::quantile(shares, 0.1),
      cli::quantile(shares, 0.5), cli::quantile(shares, 0.9),
      exploration * std::sqrt(std::log(n) / (n / 10.0)));
  return 0;
}
