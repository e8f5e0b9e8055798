// A learned value model: logistic regression on a game's features of a seat's view
// (engine/features.h), p(seat 0 wins) = 1 / (1 + exp(-(bias + sum_i w_i (x_i - mean_i) /
// scale_i))). Trained by `pacwar train` (logistic_fit below) on positions recorded by
// `pacwar record`, shipped as data/<game>/value_model.json with its provenance, and used by the
// search as `mcts:...,eval=model` through ModelEvaluator.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/features.h"
#include "engine/game.h"
#include "engine/policy.h"

namespace pacwar::ai {

inline constexpr const char* kValueModelFormat = "pacwar-value-model-1";
// Features per game at most (the evaluator keeps them on the stack).
inline constexpr std::size_t kMaxFeatures = 64;

struct ValueModel {
  std::string game;
  std::vector<std::string> features;  // names, in the order the game computes them
  std::vector<double> mean;           // standardisation: (x - mean) / scale
  std::vector<double> scale;          // > 0
  std::vector<double> weights;
  double bias = 0;
  engine::Json provenance = engine::Json::object();  // how it was trained (free-form)

  double logit(std::span<const double> x) const;
  // The probability that seat 0 wins.
  double probability(std::span<const double> x) const;
};

// Reads a model from JSON. Throws engine::DataError naming `file`, the field and the reason:
// wrong format or game, features other than `expected_features` (names and order), arrays of
// the wrong length, values that are not finite numbers, a scale not above 0.
ValueModel parse_value_model(const engine::Json& json, const std::string& file,
                             const std::string& game,
                             const std::vector<std::string>& expected_features);
// Reads `file` (DataError when it is missing or not JSON, as above otherwise).
ValueModel load_value_model(const std::string& file, const std::string& game,
                            const std::vector<std::string>& expected_features);
engine::Json to_json(const ValueModel& model);
// data/<game>/value_model.json in the game's data directory (engine/data_dir.h).
std::string value_model_path(const std::string& game);

// The model as the search's evaluator: features of the position from the view of the seat to
// act (seat 0 at chance), values[0] = 2p - 1, values[1] = -values[0] (two seats). With `blend`
// (eval=blend), the mean of that and the blend evaluator's values.
class ModelEvaluator final : public engine::Evaluator {
 public:
  ModelEvaluator(std::shared_ptr<const engine::ViewFeatures> features, ValueModel model,
                 std::shared_ptr<const engine::Evaluator> blend = nullptr);
  void evaluate(const engine::State& state, std::vector<double>& values) const override;
  const ValueModel& model() const { return model_; }

 private:
  std::shared_ptr<const engine::ViewFeatures> features_;
  ValueModel model_;
  std::shared_ptr<const engine::Evaluator> blend_;
};

// Logistic regression by Newton's method (iteratively reweighted least squares) with an L2
// penalty `l2` on the weights (not the bias), on standardised features. `y` in [0, 1] (a draw
// is 0.5). Deterministic: the same data give the same model.
struct LogisticFit {
  std::vector<double> mean, scale, weights;
  double bias = 0;
  int iterations = 0;
};
LogisticFit logistic_fit(const std::vector<std::vector<double>>& x, const std::vector<double>& y,
                         double l2);

}  // namespace pacwar::ai
