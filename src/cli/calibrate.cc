#include "cli/calibrate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "ai/agent.h"
#include "ai/policy.h"
#include "analysis/analysis.h"
#include "engine/errors.h"
#include "engine/rng.h"

namespace pacwar::cli {
namespace {

constexpr int kBins = 10;
constexpr double kClampProbability = 1e-6;  // log loss of a certain miss stays finite

}  // namespace

CalibrationStats calibration_stats(const std::vector<std::pair<double, bool>>& samples) {
  CalibrationStats stats;
  stats.bins.resize(kBins);
  for (int b = 0; b < kBins; ++b) {
    stats.bins[static_cast<std::size_t>(b)].low = b / static_cast<double>(kBins);
    stats.bins[static_cast<std::size_t>(b)].high = (b + 1) / static_cast<double>(kBins);
  }
  stats.samples = static_cast<int>(samples.size());
  if (samples.empty()) return stats;
  double wins = 0;
  for (const auto& [p, won] : samples) {
    const double y = won ? 1.0 : 0.0;
    wins += y;
    stats.brier += (p - y) * (p - y);
    const double q = std::clamp(p, kClampProbability, 1.0 - kClampProbability);
    stats.log_loss -= won ? std::log(q) : std::log(1.0 - q);
    const int b = std::clamp(static_cast<int>(p * kBins), 0, kBins - 1);
    ReliabilityBin& bin = stats.bins[static_cast<std::size_t>(b)];
    ++bin.count;
    bin.mean_predicted += p;
    bin.observed += y;
  }
  const double n = static_cast<double>(samples.size());
  stats.brier /= n;
  stats.log_loss /= n;
  stats.base_rate = wins / n;
  stats.base_brier = stats.base_rate * (1.0 - stats.base_rate);
  for (ReliabilityBin& bin : stats.bins) {
    if (bin.count == 0) continue;
    bin.mean_predicted /= bin.count;
    bin.observed /= bin.count;
  }
  return stats;
}

double PlattFit::apply(double raw) const {
  const double v = 2.0 * raw - 1.0;
  return 1.0 / (1.0 + std::exp(-(a * v + b)));
}

PlattFit fit_platt(const std::vector<std::pair<double, bool>>& samples) {
  PlattFit fit;
  for (int step = 0; step < 50 && !samples.empty(); ++step) {
    double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
    for (const auto& [raw, won] : samples) {
      const double v = 2.0 * raw - 1.0;
      const double p = fit.apply(raw);
      const double e = (won ? 1.0 : 0.0) - p;
      const double w = p * (1.0 - p);
      ga += e * v;
      gb += e;
      haa += w * v * v;
      hab += w * v;
      hbb += w;
    }
    const double det = haa * hbb - hab * hab;
    if (std::abs(det) < 1e-12) break;
    const double da = (hbb * ga - hab * gb) / det;
    const double db = (haa * gb - hab * ga) / det;
    fit.a += std::clamp(da, -5.0, 5.0);
    fit.b += std::clamp(db, -5.0, 5.0);
    if (std::abs(da) + std::abs(db) < 1e-10) break;
  }
  return fit;
}

namespace {

// Fits the analysis view's map on the raw samples and writes it with its provenance.
void write_fit(const std::vector<std::pair<double, bool>>& samples, const CalibrateConfig& config,
               const engine::Game& game, int games) {
  const analysis::WinCalibration map = analysis::WinCalibration::fit(samples);
  std::vector<std::pair<double, bool>> mapped = samples;
  for (auto& sample : mapped) sample.first = map.apply(sample.first);
  engine::Json json = map.to_json();
  json["game"] = game.name();
  json["provenance"] = {
      {"command", "pacwar calibrate " + game.name() + " --player " + config.player +
                      " --analysis " + config.analysis + " --games " +
                      std::to_string(config.games) + " --seed " + std::to_string(config.seed) +
                      " --fit FILE"},
      {"method",
       "isotonic regression (pool adjacent violators) on 20 equal-count bins of the raw win "
       "probability of the analysis search, over every decision with two or more legal actions "
       "of self-play games; linear between knots"},
      {"games", games},
      {"decisions", samples.size()},
      {"brier_raw", calibration_stats(samples).brier},
      {"brier_fitted_in_sample", calibration_stats(mapped).brier}};
  std::ofstream out(config.fit);
  if (!out) throw engine::UsageError("calibrate: cannot write '" + config.fit + "'");
  out << json.dump(2) << "\n";
}

}  // namespace

CalibrateResult run_calibrate(std::shared_ptr<const engine::Game> game,
                              const engine::Options& options, const CalibrateConfig& config,
                              std::ostream* progress) {
  if (config.games < 1) throw engine::UsageError("calibrate: --games must be at least 1");
  // The evaluator the player searches with (eval=model: the learned value model).
  const auto spec = ai::parse_agent_spec(config.player);
  if (!spec) throw engine::UsageError("calibrate: unknown player '" + config.player + "'");
  const ai::GamePolicies policies = ai::agent_policies(*spec, game->name(), game->num_seats());
  if (config.analysis.empty() && !config.fit.empty()) {
    throw engine::UsageError("calibrate: --fit needs --analysis (it fits the analysis view's map)");
  }
  MatchConfig match = config.match;
  if (config.analysis.empty()) {
    // The evaluator on a world drawn from the acting seat's view: it never sees the true hidden
    // cards, as the analysis view of a player would not.
    match.probe = [&policies](const engine::State& state, int seat, engine::Rng& rng) {
      auto world = state.clone();
      world->resample_hidden(seat, rng);
      std::vector<double> values;
      ai::evaluate_or_score(policies, *world, values);
      return (1.0 + values[static_cast<std::size_t>(seat)]) / 2.0;
    };
  } else {
    // What the analysis view shows: its search's value of the preferred action, the hidden
    // cards drawn from the seat's view in every iteration (search_config refuses oracle and
    // time budgets). The raw number here; the game's shipped map (WinCalibration), through
    // which players see it, is applied after the games.
    analysis::AnalysisConfig analysis_config;
    analysis_config.player = config.analysis;
    const ai::MctsConfig search = analysis::search_config(analysis_config);
    match.probe = [search, name = game->name()](const engine::State& state, int, engine::Rng& rng) {
      return analysis::position_win_probability(state, search, name, rng.next());
    };
  }
  const analysis::WinCalibration shown = config.analysis.empty() || !config.fit.empty()
                                             ? analysis::WinCalibration{}
                                             : analysis::WinCalibration::for_game(game->name());
  std::vector<MatchGame> games;
  for (int k = 0; k < config.games; ++k) {
    std::vector<std::string> players(static_cast<std::size_t>(game->num_seats()), config.player);
    games.push_back(
        {players, engine::splitmix64(config.seed ^ static_cast<std::uint64_t>(k) * 0x9E37ULL)});
  }
  std::vector<std::pair<double, bool>> samples;
  std::vector<std::pair<double, bool>> even;  // games 0, 2, 4, ...: Platt fit
  std::vector<std::pair<double, bool>> odd;   // 1, 3, 5, ...: held out
  CalibrateResult result;
  const auto start = std::chrono::steady_clock::now();
  int finished = 0;
  play_matches(game, options, games, match, [&](std::size_t g, const MatchOutcome& outcome) {
    ++finished;
    if (!outcome.finished) {
      ++result.unfinished;  // no result to score its predictions against
    } else {
      for (const auto& [seat, p] : outcome.probes) {
        samples.emplace_back(p, outcome.winner == seat);
        (g % 2 == 0 ? even : odd).emplace_back(p, outcome.winner == seat);
      }
    }
    if (progress != nullptr) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      *progress << "calibrate: "
                << progress_line(static_cast<std::size_t>(finished), games.size(), seconds)
                << std::endl;
    }
    return true;
  });
  result.games = finished;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!shown.identity()) {
    result.map_file = analysis::WinCalibration::path_for(game->name());
    result.raw = calibration_stats(samples);
    for (auto* set : {&samples, &even, &odd}) {
      for (auto& sample : *set) sample.first = shown.apply(sample.first);
    }
  }
  if (!config.fit.empty()) write_fit(samples, config, *game, result.games);
  result.stats = calibration_stats(samples);
  result.platt = fit_platt(even);
  result.raw_held_out = calibration_stats(odd);
  for (auto& sample : odd) sample.first = result.platt.apply(sample.first);
  result.platt_held_out = calibration_stats(odd);
  if (!config.svg.empty()) {
    std::ofstream out(config.svg);
    if (!out) throw engine::UsageError("calibrate: cannot write '" + config.svg + "'");
    out << reliability_svg(
        result.stats, result.platt_held_out,
        game->name() + ", " +
            (config.analysis.empty() ? "evaluator" : "analysis (" + config.analysis + ")") +
            " of " + config.player + " self-play (" + std::to_string(result.games) + " games)",
        config.analysis.empty()   ? "raw evaluator"
        : result.map_file.empty() ? "analysis, raw"
                                  : "analysis, mapped");
  }
  return result;
}

engine::Json to_json(const CalibrateResult& result, const CalibrateConfig& config,
                     const engine::Game& game) {
  engine::Json bins = engine::Json::array();
  for (const ReliabilityBin& bin : result.stats.bins) {
    bins.push_back({{"low", bin.low},
                    {"high", bin.high},
                    {"count", bin.count},
                    {"mean_predicted", bin.mean_predicted},
                    {"observed", bin.observed}});
  }
  return {{"game", game.name()},
          {"player", config.player},
          {"predictor", config.analysis.empty() ? "evaluator" : "analysis " + config.analysis},
          {"map", result.map_file.empty() ? engine::Json() : engine::Json(result.map_file)},
          {"brier_raw", result.map_file.empty() ? result.stats.brier : result.raw.brier},
          {"log_loss_raw", result.map_file.empty() ? result.stats.log_loss : result.raw.log_loss},
          {"games", result.games},
          {"unfinished", result.unfinished},
          {"seed", config.seed},
          {"samples", result.stats.samples},
          {"brier", result.stats.brier},
          {"log_loss", result.stats.log_loss},
          {"base_rate", result.stats.base_rate},
          {"base_brier", result.stats.base_brier},
          {"reliability", bins},
          {"platt",
           {{"a", result.platt.a},
            {"b", result.platt.b},
            {"fitted_on", "even-numbered games"},
            {"held_out_samples", result.platt_held_out.samples},
            {"held_out_brier_raw", result.raw_held_out.brier},
            {"held_out_brier", result.platt_held_out.brier},
            {"held_out_log_loss_raw", result.raw_held_out.log_loss},
            {"held_out_log_loss", result.platt_held_out.log_loss}}},
          {"svg", config.svg},
          {"seconds", result.seconds}};
}

std::string reliability_svg(const CalibrationStats& stats, const CalibrationStats& platt,
                            const std::string& title, const std::string& label) {
  // A 400 x 400 plot area at (60, 40); predicted on x, observed on y.
  constexpr double kLeft = 60, kTop = 40, kSize = 400;
  auto x = [&](double p) { return kLeft + p * kSize; };
  auto y = [&](double p) { return kTop + (1.0 - p) * kSize; };
  std::string svg;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"500\" "
                "viewBox=\"0 0 600 500\" font-family=\"sans-serif\" font-size=\"12\">\n"
                "<rect width=\"600\" height=\"500\" fill=\"white\"/>\n"
                "<text x=\"260\" y=\"22\" text-anchor=\"middle\" font-size=\"13\">%s</text>\n",
                title.c_str());
  svg += buf;
  for (int t = 0; t <= 10; ++t) {
    const double p = t / 10.0;
    std::snprintf(buf, sizeof buf,
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                  "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.1f</text>\n"
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.1f</text>\n",
                  x(p), y(0), x(p), y(1), x(0), y(p), x(1), y(p), x(p), y(0) + 16, p, x(0) - 6,
                  y(p) + 4, p);
    svg += buf;
  }
  std::snprintf(buf, sizeof buf,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" "
                "stroke-dasharray=\"4 4\"/>\n"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">predicted win probability "
                "of the seat to act</text>\n"
                "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 "
                "%.1f)\">fraction of those decisions won</text>\n",
                x(0), y(0), x(1), y(1), x(0.5), y(0) + 34, y(0.5), y(0.5));
  svg += buf;
  std::string points;
  int largest = 1;
  for (const ReliabilityBin& bin : stats.bins) largest = std::max(largest, bin.count);
  for (const ReliabilityBin& bin : stats.bins) {
    if (bin.count == 0) continue;
    const double r = 3.0 + 9.0 * std::sqrt(static_cast<double>(bin.count) / largest);
    std::snprintf(buf, sizeof buf,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#2a6fb0\" "
                  "fill-opacity=\"0.6\"><title>%d decisions: predicted %.3f, won %.3f</title>"
                  "</circle>\n",
                  x(bin.mean_predicted), y(bin.observed), r, bin.count, bin.mean_predicted,
                  bin.observed);
    svg += buf;
    std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", points.empty() ? "" : " ", x(bin.mean_predicted),
                  y(bin.observed));
    points += buf;
  }
  svg += "<polyline fill=\"none\" stroke=\"#2a6fb0\" points=\"" + points + "\"/>\n";
  std::string fitted;
  for (const ReliabilityBin& bin : platt.bins) {
    if (bin.count == 0) continue;
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"#d2691e\">"
                  "<title>Platt, held out: %d decisions: predicted %.3f, won %.3f</title></rect>\n",
                  x(bin.mean_predicted) - 3.5, y(bin.observed) - 3.5, bin.count, bin.mean_predicted,
                  bin.observed);
    svg += buf;
    std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", fitted.empty() ? "" : " ", x(bin.mean_predicted),
                  y(bin.observed));
    fitted += buf;
  }
  svg += "<polyline fill=\"none\" stroke=\"#d2691e\" points=\"" + fitted + "\"/>\n";
  std::snprintf(buf, sizeof buf,
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#2a6fb0\">%s (circles): Brier "
                "%.3f (no skill %.3f), log loss %.3f, %d decisions</text>\n"
                "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d2691e\">Platt-scaled (squares), held-out "
                "games: Brier %.3f, log loss %.3f, %d decisions</text>\n</svg>\n",
                x(0) + 8, y(1) + 16, label.c_str(), stats.brier, stats.base_brier, stats.log_loss,
                stats.samples, x(0) + 8, y(1) + 32, platt.brier, platt.log_loss, platt.samples);
  svg += buf;
  return svg;
}

}  // namespace pacwar::cli
