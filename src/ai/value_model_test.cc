// The learned value model: the trainer recovers a known logistic model, a malformed model file
// is refused with its file, field and reason, the shipped models load and play.
#include "ai/value_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

using engine::Json;

// Standard normal by Box-Muller from the project's generator.
double normal(engine::Rng& rng) {
  const double u = std::max(rng.uniform(), 1e-300);
  const double v = rng.uniform();
  return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
}

TEST(AiValueModel, TrainerRecoversAKnownLogisticModel) {
  // p = sigmoid(0.4 + 1.5 x0 - 0.8 x1 + 0 x2), x0 ~ N(3, 2), x1 ~ N(-1, 0.5), x2 ~ N(0, 1).
  const std::vector<double> truth = {1.5, -0.8, 0.0};
  const double bias = 0.4;
  engine::Rng rng(20);
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i < 40000; ++i) {
    std::vector<double> row = {3.0 + 2.0 * normal(rng), -1.0 + 0.5 * normal(rng), normal(rng)};
    double z = bias;
    for (std::size_t j = 0; j < row.size(); ++j) z += truth[j] * (row[j] - (j == 0 ? 3.0 : 0.0));
    y.push_back(rng.uniform() < 1.0 / (1.0 + std::exp(-z)) ? 1.0 : 0.0);
    x.push_back(std::move(row));
  }
  const LogisticFit fit = logistic_fit(x, y, 1e-6);
  ASSERT_EQ(fit.weights.size(), 3u);
  // Back to the raw scale: w_raw = w / scale, b_raw = b - sum w_raw * mean.
  double raw_bias = fit.bias;
  for (std::size_t j = 0; j < 3; ++j) {
    const double w = fit.weights[j] / fit.scale[j];
    EXPECT_NEAR(w, truth[j], 0.08) << "weight " << j;
    raw_bias -= w * fit.mean[j];
  }
  EXPECT_NEAR(raw_bias, bias - truth[0] * 3.0, 0.15);
  EXPECT_LT(fit.iterations, 30);
  // Deterministic: the same data give the same model.
  const LogisticFit again = logistic_fit(x, y, 1e-6);
  EXPECT_EQ(again.weights, fit.weights);
  EXPECT_EQ(again.bias, fit.bias);
}

Json valid_model() {
  return Json{{"format", kValueModelFormat}, {"game", "g"},        {"kind", "logistic"},
              {"features", {"a", "b"}},      {"mean", {0.0, 1.0}}, {"scale", {1.0, 2.0}},
              {"weights", {0.5, -0.25}},     {"bias", 0.1},        {"provenance", "test"}};
}

std::string refusal(const Json& json) {
  const std::string file = ::testing::TempDir() + "malformed_value_model.json";
  {
    std::ofstream out(file);
    out << json.dump();
  }
  try {
    load_value_model(file, "g", {"a", "b"});
  } catch (const engine::DataError& error) {
    std::remove(file.c_str());
    const std::string message = error.what();
    EXPECT_NE(message.find(file), std::string::npos) << message;
    return message.substr(file.size());
  }
  std::remove(file.c_str());
  ADD_FAILURE() << "accepted: " << json.dump();
  return "";
}

TEST(AiValueModel, MalformedModelFileFailsWithFileFieldAndReason) {
  const ValueModel model = parse_value_model(valid_model(), "m.json", "g", {"a", "b"});
  const std::vector<double> x = {2.0, 3.0};
  EXPECT_NEAR(model.logit(x), 0.1 + 0.5 * 2.0 - 0.25 * 1.0, 1e-12);

  Json json = valid_model();
  json.erase("weights");
  EXPECT_EQ(refusal(json), ": weights: missing");
  json = valid_model();
  json["weights"] = {0.5};
  EXPECT_EQ(refusal(json), ": weights: 1 values for 2 features");
  json = valid_model();
  json["mean"][1] = "one";
  EXPECT_EQ(refusal(json), ": mean[1]: not a number");
  json = valid_model();
  json["scale"][0] = 0.0;
  EXPECT_EQ(refusal(json), ": scale[0]: not above 0");
  json = valid_model();
  json["features"] = {"b", "a"};
  EXPECT_EQ(refusal(json), ": features: not the features g computes: a, b");
  json = valid_model();
  json["game"] = "other";
  EXPECT_EQ(refusal(json), ": game: expected \"g\"");
  json = valid_model();
  json["format"] = "v0";
  EXPECT_EQ(refusal(json), std::string(": format: expected \"") + kValueModelFormat + "\"");
  json = valid_model();
  json["bias"] = nullptr;
  EXPECT_EQ(refusal(json), ": bias: not a number");
  EXPECT_THROW(load_value_model("/nonexistent/value_model.json", "g", {"a"}), engine::DataError);
}

TEST(AiValueModel, ShippedModelsLoadAndPlayLegalMoves) {
  for (const std::string name : {"pacific-war", "co-prosperity"}) {
    const auto game = find_game(name);
    const auto spec = parse_agent_spec("mcts:30,eval=model");
    ASSERT_TRUE(spec.has_value());
    EXPECT_TRUE(spec->model_eval);
    const GamePolicies policies = agent_policies(*spec, name, game->num_seats());
    const auto* evaluator = dynamic_cast<const ModelEvaluator*>(policies.evaluator.get());
    ASSERT_NE(evaluator, nullptr) << name;
    EXPECT_TRUE(evaluator->model().provenance.contains("trained_by")) << name;
    const auto state = engine::random_state(*game, 120, 5);
    std::vector<double> values;
    policies.evaluator->evaluate(*state, values);
    ASSERT_EQ(values.size(), 2u);
    EXPECT_GT(values[0], -1.0);
    EXPECT_LT(values[0], 1.0);
    EXPECT_EQ(values[1], -values[0]);
    auto agent = make_agent(*spec, name, game->num_seats());
    std::vector<engine::ActionCode> legal;
    state->legal_actions(legal);
    const engine::ActionCode action = agent->choose(*state, 7);
    EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end());
  }
  EXPECT_FALSE(parse_agent_spec("mcts-v1:30,eval=model").has_value());
  EXPECT_FALSE(parse_agent_spec("mcts:30,eval=magic").has_value());
  // eval=blend: the mean of the model's and the game's values.
  const auto game = find_game("pacific-war");
  const auto state = engine::random_state(*game, 200, 9);
  std::vector<double> model_values, game_values, blend_values;
  agent_policies(*parse_agent_spec("mcts,eval=model"), "pacific-war", 2)
      .evaluator->evaluate(*state, model_values);
  agent_policies(*parse_agent_spec("mcts"), "pacific-war", 2)
      .evaluator->evaluate(*state, game_values);
  agent_policies(*parse_agent_spec("mcts,eval=blend"), "pacific-war", 2)
      .evaluator->evaluate(*state, blend_values);
  EXPECT_NEAR(blend_values[0], 0.5 * (model_values[0] + game_values[0]), 1e-12);
  EXPECT_NEAR(blend_values[1], -blend_values[0], 1e-12);
  EXPECT_TRUE(parse_agent_spec("heuristic,eval=model").has_value());
  EXPECT_FALSE(parse_agent_spec("heuristic,c=1").has_value());
}

}  // namespace
}  // namespace pacwar::ai
