#include "cli/value_data.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>

#include "ai/agent.h"
#include "ai/policy.h"
#include "engine/errors.h"
#include "engine/rng.h"

namespace pacwar::cli {
namespace {

constexpr std::uint64_t kRecordStream = 0x7265636F7264ULL;  // "record"
constexpr std::uint64_t kSplitStream = 0x73706C6974ULL;     // "split"
constexpr int kFixedColumns = 4;                            // game, seat, evaluator_p0, result0

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(line);
  while (std::getline(in, part, sep)) parts.push_back(part);
  if (!line.empty() && line.back() == sep) parts.emplace_back();
  return parts;
}

std::string format_number(double value) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : std::string("nan");
}

}  // namespace

RecordResult run_record(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                        const RecordConfig& config, std::ostream* progress) {
  if (config.games < 1) throw engine::UsageError("record: --games must be at least 1");
  const auto spec = ai::parse_agent_spec(config.player);
  if (!spec) throw engine::UsageError("record: unknown player '" + config.player + "'");
  const ai::GamePolicies policies = ai::policies_for(game->name(), game->num_seats());
  if (!policies.features) {
    throw engine::UsageError("record: " + game->name() + " defines no features");
  }
  std::ofstream out(config.out);
  if (!out) throw engine::UsageError("record: cannot write '" + config.out + "'");
  const std::vector<std::string>& names = policies.features->names();
  MatchConfig match = config.match;
  // A world drawn from the acting seat's view: the features and the evaluator never see the
  // true hidden cards (the features read only public parts, test AiValueModel.*Hidden*).
  match.record = [&policies, &names](const engine::State& state, int seat, engine::Rng& rng) {
    auto world = state.clone();
    world->resample_hidden(seat, rng);
    std::vector<double> row(names.size() + 2);
    row[0] = seat;
    std::vector<double> values;
    ai::evaluate_or_score(policies, *world, values);
    row[1] = (1.0 + values[0]) / 2.0;
    policies.features->compute(*world, seat, std::span<double>(row.data() + 2, names.size()));
    return row;
  };
  std::vector<MatchGame> games;
  for (int k = 0; k < config.games; ++k) {
    games.push_back(
        {std::vector<std::string>(static_cast<std::size_t>(game->num_seats()), config.player),
         engine::splitmix64(config.seed ^ kRecordStream ^
                            static_cast<std::uint64_t>(k) * 0x9E37ULL)});
  }
  out << "# pacwar value data: " << game->name() << ", " << config.games << " self-play games of "
      << config.player << ", seed " << config.seed
      << "; one row per decision with >= 2 legal actions; features of the acting seat's view\n";
  if (!config.command.empty()) out << "# command: " << config.command << "\n";
  out << "game,seat,evaluator_p0,result0";
  for (const std::string& name : names) out << "," << name;
  out << "\n";
  RecordResult result;
  const auto start = std::chrono::steady_clock::now();
  int finished = 0;
  play_matches(game, options, games, match, [&](std::size_t g, const MatchOutcome& outcome) {
    ++finished;
    if (!outcome.finished) {
      ++result.unfinished;
    } else {
      const double result0 = outcome.winner == 0 ? 1.0 : outcome.winner < 0 ? 0.5 : 0.0;
      for (const std::vector<double>& row : outcome.records) {
        out << g << "," << static_cast<int>(row[0]) << "," << format_number(row[1]) << ","
            << result0;
        for (std::size_t i = 2; i < row.size(); ++i) out << "," << format_number(row[i]);
        out << "\n";
        ++result.positions;
      }
    }
    if (progress != nullptr) {
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      *progress << "record: "
                << progress_line(static_cast<std::size_t>(finished), games.size(), seconds)
                << std::endl;
    }
    return true;
  });
  result.games = finished;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!out) throw engine::UsageError("record: writing '" + config.out + "' failed");
  return result;
}

ValueData read_value_data(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw engine::DataError(file, "(file)", "cannot be read");
  ValueData data;
  std::string line;
  int number = 0;
  bool have_columns = false;
  std::size_t columns = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string where = "line " + std::to_string(number);
    if (line.empty()) continue;
    if (line.rfind("# ", 0) == 0) {
      data.header.push_back(line.substr(2));
      continue;
    }
    const std::vector<std::string> parts = split(line, ',');
    if (!have_columns) {
      const std::vector<std::string> fixed = {"game", "seat", "evaluator_p0", "result0"};
      if (parts.size() <= fixed.size() || !std::equal(fixed.begin(), fixed.end(), parts.begin())) {
        throw engine::DataError(file, where,
                                "expected the columns game,seat,evaluator_p0,result0 and "
                                "the features");
      }
      data.features.assign(parts.begin() + kFixedColumns, parts.end());
      columns = parts.size();
      have_columns = true;
      continue;
    }
    if (parts.size() != columns) {
      throw engine::DataError(
          file, where,
          std::to_string(parts.size()) + " values for " + std::to_string(columns) + " columns");
    }
    std::vector<double> values(columns);
    for (std::size_t i = 0; i < columns; ++i) {
      const std::string& text = parts[i];
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), values[i]);
      if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(values[i])) {
        throw engine::DataError(file, where + ", column " + std::to_string(i + 1),
                                "'" + text + "' is not a finite number");
      }
    }
    data.game.push_back(static_cast<int>(values[0]));
    data.seat.push_back(static_cast<int>(values[1]));
    data.evaluator_p0.push_back(values[2]);
    data.result0.push_back(values[3]);
    data.x.emplace_back(values.begin() + kFixedColumns, values.end());
  }
  if (!have_columns) throw engine::DataError(file, "(header)", "no column line");
  if (data.x.empty()) throw engine::DataError(file, "(rows)", "no positions");
  return data;
}

TrainResult train_value_model(const std::string& game, const std::vector<std::string>& features,
                              const ValueData& data, const TrainConfig& config) {
  if (data.features != features) {
    throw engine::DataError(config.data, "features",
                            "the columns are not the features " + game + " computes now");
  }
  if (!(config.held_out >= 0.0 && config.held_out < 1.0)) {
    throw engine::UsageError("train: --held-out must be in [0, 1)");
  }
  // Whole games are held out (positions of one game share its result), chosen by the seed.
  auto held = [&config](int g) {
    const std::uint64_t h =
        engine::splitmix64(config.seed ^ kSplitStream ^ static_cast<std::uint64_t>(g));
    return static_cast<double>(h >> 11) * 0x1.0p-53 < config.held_out;
  };
  std::vector<std::vector<double>> train_x;
  std::vector<double> train_y;
  std::vector<std::size_t> test_rows;
  std::vector<int> train_games, test_games;
  for (std::size_t r = 0; r < data.x.size(); ++r) {
    const int g = data.game[r];
    if (held(g)) {
      test_rows.push_back(r);
      if (test_games.empty() || test_games.back() != g) test_games.push_back(g);
    } else {
      train_x.push_back(data.x[r]);
      train_y.push_back(data.result0[r]);
      if (train_games.empty() || train_games.back() != g) train_games.push_back(g);
    }
  }
  if (train_x.empty()) throw engine::UsageError("train: no positions left for training");
  const ai::LogisticFit fit = ai::logistic_fit(train_x, train_y, config.l2);
  TrainResult result;
  result.model.game = game;
  result.model.features = features;
  result.model.mean = fit.mean;
  result.model.scale = fit.scale;
  result.model.weights = fit.weights;
  result.model.bias = fit.bias;
  result.iterations = fit.iterations;
  result.train_games = static_cast<int>(train_games.size());
  result.train_positions = static_cast<int>(train_x.size());
  result.held_out_games = static_cast<int>(test_games.size());
  result.held_out_positions = static_cast<int>(test_rows.size());
  // Scored for the seat to act (p of that seat winning), as `pacwar calibrate` does; drawn
  // games have no winner to score.
  std::vector<std::pair<double, bool>> model_samples, evaluator_samples, train_samples;
  auto for_seat = [](double p0, int seat) { return seat == 0 ? p0 : 1.0 - p0; };
  for (const std::size_t r : test_rows) {
    if (data.result0[r] == 0.5) continue;
    const bool won = (data.result0[r] > 0.5) == (data.seat[r] == 0);
    model_samples.emplace_back(for_seat(result.model.probability(data.x[r]), data.seat[r]), won);
    evaluator_samples.emplace_back(for_seat(data.evaluator_p0[r], data.seat[r]), won);
  }
  for (std::size_t r = 0; r < data.x.size(); ++r) {
    if (held(data.game[r]) || data.result0[r] == 0.5) continue;
    const bool won = (data.result0[r] > 0.5) == (data.seat[r] == 0);
    train_samples.emplace_back(for_seat(result.model.probability(data.x[r]), data.seat[r]), won);
  }
  result.model_held_out = calibration_stats(model_samples);
  result.evaluator_held_out = calibration_stats(evaluator_samples);
  result.model_train = calibration_stats(train_samples);
  engine::Json provenance = engine::Json::object();
  provenance["trained_by"] = config.command;
  provenance["trainer"] =
      "pacwar train: logistic regression, Newton's method, L2 on standardised weights";
  provenance["seed"] = config.seed;
  provenance["l2"] = config.l2;
  provenance["held_out_share"] = config.held_out;
  provenance["data"] = {{"file", config.data},
                        {"description", data.header},
                        {"positions", data.x.size()},
                        {"train_games", result.train_games},
                        {"train_positions", result.train_positions},
                        {"held_out_games", result.held_out_games},
                        {"held_out_positions", result.held_out_positions}};
  provenance["held_out"] = {
      {"model",
       {{"brier", result.model_held_out.brier}, {"log_loss", result.model_held_out.log_loss}}},
      {"hand_written_evaluator",
       {{"brier", result.evaluator_held_out.brier},
        {"log_loss", result.evaluator_held_out.log_loss}}},
      {"no_skill_brier", result.model_held_out.base_brier}};
  result.model.provenance = provenance;
  return result;
}

engine::Json to_json(const TrainResult& result) {
  auto stats = [](const CalibrationStats& s) {
    return engine::Json{{"positions", s.samples},
                        {"brier", s.brier},
                        {"log_loss", s.log_loss},
                        {"no_skill_brier", s.base_brier}};
  };
  return engine::Json{{"game", result.model.game},
                      {"train_games", result.train_games},
                      {"train_positions", result.train_positions},
                      {"held_out_games", result.held_out_games},
                      {"held_out_positions", result.held_out_positions},
                      {"iterations", result.iterations},
                      {"model_train", stats(result.model_train)},
                      {"model_held_out", stats(result.model_held_out)},
                      {"evaluator_held_out", stats(result.evaluator_held_out)}};
}

}  // namespace pacwar::cli
