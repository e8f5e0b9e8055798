#include "ai/value_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"

namespace pacwar::ai {
namespace {

using engine::DataError;
using engine::Json;

const Json& field(const Json& json, const std::string& file, const std::string& name) {
  if (!json.contains(name)) throw DataError(file, name, "missing");
  return json.at(name);
}

double finite_number(const Json& value, const std::string& file, const std::string& name) {
  if (!value.is_number()) throw DataError(file, name, "not a number");
  const double x = value.get<double>();
  if (!std::isfinite(x)) throw DataError(file, name, "not a finite number");
  return x;
}

std::vector<double> numbers(const Json& json, const std::string& file, const std::string& name,
                            std::size_t count) {
  const Json& array = field(json, file, name);
  if (!array.is_array()) throw DataError(file, name, "not an array");
  if (array.size() != count) {
    throw DataError(
        file, name,
        std::to_string(array.size()) + " values for " + std::to_string(count) + " features");
  }
  std::vector<double> out;
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(finite_number(array[i], file, name + "[" + std::to_string(i) + "]"));
  }
  return out;
}

double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// Solves a x = b (n x n, row-major, symmetric positive definite) by Gaussian elimination with
// partial pivoting; a and b are overwritten.
std::vector<double> solve(std::vector<double> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t pivot = k;
    for (std::size_t r = k + 1; r < n; ++r) {
      if (std::abs(a[r * n + k]) > std::abs(a[pivot * n + k])) pivot = r;
    }
    if (std::abs(a[pivot * n + k]) < 1e-300) throw std::runtime_error("singular system");
    if (pivot != k) {
      for (std::size_t c = 0; c < n; ++c) std::swap(a[k * n + c], a[pivot * n + c]);
      std::swap(b[k], b[pivot]);
    }
    for (std::size_t r = k + 1; r < n; ++r) {
      const double f = a[r * n + k] / a[k * n + k];
      if (f == 0.0) continue;
      for (std::size_t c = k; c < n; ++c) a[r * n + c] -= f * a[k * n + c];
      b[r] -= f * b[k];
    }
  }
  std::vector<double> x(n, 0.0);
  for (std::size_t k = n; k-- > 0;) {
    double s = b[k];
    for (std::size_t c = k + 1; c < n; ++c) s -= a[k * n + c] * x[c];
    x[k] = s / a[k * n + k];
  }
  return x;
}

}  // namespace

double ValueModel::logit(std::span<const double> x) const {
  double z = bias;
  for (std::size_t i = 0; i < weights.size(); ++i) z += weights[i] * (x[i] - mean[i]) / scale[i];
  return z;
}

double ValueModel::probability(std::span<const double> x) const { return sigmoid(logit(x)); }

ValueModel parse_value_model(const Json& json, const std::string& file, const std::string& game,
                             const std::vector<std::string>& expected_features) {
  if (!json.is_object()) throw DataError(file, "(top level)", "not a JSON object");
  const Json& format = field(json, file, "format");
  if (!format.is_string() || format.get<std::string>() != kValueModelFormat) {
    throw DataError(file, "format", std::string("expected \"") + kValueModelFormat + "\"");
  }
  ValueModel model;
  const Json& game_field = field(json, file, "game");
  if (!game_field.is_string() || game_field.get<std::string>() != game) {
    throw DataError(file, "game", "expected \"" + game + "\"");
  }
  model.game = game;
  const Json& kind = field(json, file, "kind");
  if (!kind.is_string() || kind.get<std::string>() != "logistic") {
    throw DataError(file, "kind", "expected \"logistic\" (the only model kind)");
  }
  const Json& names = field(json, file, "features");
  if (!names.is_array()) throw DataError(file, "features", "not an array");
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!names[i].is_string()) {
      throw DataError(file, "features[" + std::to_string(i) + "]", "not a string");
    }
    model.features.push_back(names[i].get<std::string>());
  }
  if (model.features != expected_features) {
    std::string expected;
    for (const std::string& name : expected_features) {
      expected += (expected.empty() ? "" : ", ") + name;
    }
    throw DataError(file, "features", "not the features " + game + " computes: " + expected);
  }
  if (model.features.size() > kMaxFeatures) {
    throw DataError(file, "features", "more than " + std::to_string(kMaxFeatures));
  }
  const std::size_t n = model.features.size();
  model.mean = numbers(json, file, "mean", n);
  model.scale = numbers(json, file, "scale", n);
  for (std::size_t i = 0; i < n; ++i) {
    if (!(model.scale[i] > 0.0)) {
      throw DataError(file, "scale[" + std::to_string(i) + "]", "not above 0");
    }
  }
  model.weights = numbers(json, file, "weights", n);
  model.bias = finite_number(field(json, file, "bias"), file, "bias");
  if (json.contains("provenance")) model.provenance = json.at("provenance");
  return model;
}

ValueModel load_value_model(const std::string& file, const std::string& game,
                            const std::vector<std::string>& expected_features) {
  return parse_value_model(engine::read_data_file(file), file, game, expected_features);
}

Json to_json(const ValueModel& model) {
  Json json = Json::object();
  json["format"] = kValueModelFormat;
  json["game"] = model.game;
  json["kind"] = "logistic";
  json["features"] = model.features;
  json["mean"] = model.mean;
  json["scale"] = model.scale;
  json["weights"] = model.weights;
  json["bias"] = model.bias;
  json["provenance"] = model.provenance;
  return json;
}

std::string value_model_path(const std::string& game) {
  return game_data_dir(game) + "/value_model.json";
}

ModelEvaluator::ModelEvaluator(std::shared_ptr<const engine::ViewFeatures> features,
                               ValueModel model, std::shared_ptr<const engine::Evaluator> blend)
    : features_(std::move(features)), model_(std::move(model)), blend_(std::move(blend)) {
  if (!features_ || features_->names() != model_.features) {
    throw std::invalid_argument("value model: the features do not match the game's");
  }
}

void ModelEvaluator::evaluate(const engine::State& state, std::vector<double>& values) const {
  std::array<double, kMaxFeatures> x{};
  const std::size_t n = model_.features.size();
  const int seat = std::max(0, state.current_seat());
  features_->compute(state, seat, std::span<double>(x.data(), n));
  double value = 2.0 * model_.probability(std::span<const double>(x.data(), n)) - 1.0;
  if (blend_) {
    blend_->evaluate(state, values);
    value = 0.5 * (value + values[0]);
  }
  values.assign(2, 0.0);
  values[0] = value;
  values[1] = -value;
}

LogisticFit logistic_fit(const std::vector<std::vector<double>>& x, const std::vector<double>& y,
                         double l2) {
  if (x.empty() || x.size() != y.size()) throw std::invalid_argument("logistic_fit: no data");
  const std::size_t d = x.front().size();
  const double n = static_cast<double>(x.size());
  LogisticFit fit;
  fit.mean.assign(d, 0.0);
  fit.scale.assign(d, 0.0);
  for (const auto& row : x) {
    if (row.size() != d) throw std::invalid_argument("logistic_fit: ragged rows");
    for (std::size_t j = 0; j < d; ++j) fit.mean[j] += row[j] / n;
  }
  for (const auto& row : x) {
    for (std::size_t j = 0; j < d; ++j)
      fit.scale[j] += (row[j] - fit.mean[j]) * (row[j] - fit.mean[j]) / n;
  }
  for (double& s : fit.scale) s = s > 1e-12 ? std::sqrt(s) : 1.0;  // a constant feature stays 1
  // Parameters: theta[0] the bias, theta[1..d] the weights on standardised features.
  const std::size_t p = d + 1;
  std::vector<double> theta(p, 0.0);
  std::vector<double> z(p);
  double previous = INFINITY;
  for (int iteration = 0; iteration < 100; ++iteration) {
    std::vector<double> gradient(p, 0.0);
    std::vector<double> hessian(p * p, 0.0);
    double loss = 0.0;
    for (std::size_t r = 0; r < x.size(); ++r) {
      z[0] = 1.0;
      for (std::size_t j = 0; j < d; ++j) z[j + 1] = (x[r][j] - fit.mean[j]) / fit.scale[j];
      double eta = 0.0;
      for (std::size_t j = 0; j < p; ++j) eta += theta[j] * z[j];
      const double q = sigmoid(eta);
      const double qc = std::clamp(q, 1e-12, 1.0 - 1e-12);
      loss -= y[r] * std::log(qc) + (1.0 - y[r]) * std::log(1.0 - qc);
      const double w = std::max(q * (1.0 - q), 1e-12);
      for (std::size_t j = 0; j < p; ++j) {
        gradient[j] += (y[r] - q) * z[j];
        for (std::size_t k = 0; k <= j; ++k) hessian[j * p + k] += w * z[j] * z[k];
      }
    }
    for (std::size_t j = 1; j < p; ++j) {
      loss += 0.5 * l2 * theta[j] * theta[j];
      gradient[j] -= l2 * theta[j];
      hessian[j * p + j] += l2;
    }
    for (std::size_t j = 0; j < p; ++j) {
      for (std::size_t k = j + 1; k < p; ++k) hessian[j * p + k] = hessian[k * p + j];
    }
    const std::vector<double> step = solve(hessian, gradient);
    for (std::size_t j = 0; j < p; ++j) theta[j] += step[j];
    fit.iterations = iteration + 1;
    double size = 0.0;
    for (const double s : step) size = std::max(size, std::abs(s));
    if (size < 1e-9 || std::abs(previous - loss) < 1e-12 * n) break;
    previous = loss;
  }
  fit.bias = theta[0];
  fit.weights.assign(theta.begin() + 1, theta.end());
  return fit;
}

}  // namespace pacwar::ai
