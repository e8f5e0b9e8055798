#include "ai/agent.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ai/v1/mcts.h"
#include "ai/v2/mcts.h"
#include "ai/value_model.h"
#include "engine/errors.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::ai {
namespace {

class RandomAgent final : public Agent {
 public:
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    legal_.clear();
    state.legal_actions(legal_);
    if (legal_.empty()) throw std::logic_error("random: no legal action at " + state.prompt());
    engine::Rng rng(seed);
    return legal_[rng.below(static_cast<std::uint32_t>(legal_.size()))];
  }

 private:
  std::vector<engine::ActionCode> legal_;
};

class HeuristicAgent final : public Agent {
 public:
  explicit HeuristicAgent(GamePolicies policies)
      : player_(HeuristicConfig{}, std::move(policies)) {}
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    return player_.choose(state, seed);
  }

 private:
  HeuristicPlayer player_;
};

class MctsAgent final : public Agent {
 public:
  MctsAgent(MctsConfig config, GamePolicies policies) : mcts_(config, std::move(policies)) {}
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    return mcts_.search(state, seed).action;
  }
  // A managed time budget also remembers: the time bank of the decisions so far
  // (ai/time_manager.h).
  bool remembers() const override {
    const MctsConfig& config = mcts_.config();
    return config.reuse_tree > 0 || config.mast_keep > 0.0 ||
           (config.time_manage && config.time_ms > 0.0);
  }

 private:
  Mcts mcts_;
};

// The frozen search of 940a9ac (src/ai/v1/).
class MctsV1Agent final : public Agent {
 public:
  MctsV1Agent(v1::MctsConfig config, v1::GamePolicies policies)
      : mcts_(config, std::move(policies)) {}
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    return mcts_.search(state, seed).action;
  }

 private:
  v1::Mcts mcts_;
};

// The frozen search of c4de046 (src/ai/v2/), with the game's settings of then by default.
class MctsV2Agent final : public Agent {
 public:
  MctsV2Agent(v2::MctsConfig config, v2::GamePolicies policies)
      : mcts_(config, std::move(policies)) {}
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    return mcts_.search(state, seed).action;
  }
  bool remembers() const override { return mcts_.config().reuse_tree > 0; }

 private:
  v2::Mcts mcts_;
};

// The game's doctrine player (engine/doctrine.h) for each seat it is asked about, deciding on
// a clone whose hidden information is redrawn from the seat's view (as the search does), so it
// never reads what its seat cannot see. A game without a doctrine: its playout policy's pick.
class DoctrineAgent final : public Agent {
 public:
  DoctrineAgent(const std::string& game, int seats)
      : module_(find_module(game)),
        policies_(policies_for(game, seats)),
        doctrines_(static_cast<std::size_t>(seats)) {}
  engine::ActionCode choose(const engine::State& state, std::uint64_t seed) override {
    const int seat = state.current_seat();
    if (seat < 0) throw std::logic_error("doctrine: nobody to decide for (chance or terminal)");
    legal_.clear();
    state.legal_actions(legal_);
    if (legal_.empty()) throw std::logic_error("doctrine: no legal action at " + state.prompt());
    if (legal_.size() == 1) return legal_.front();
    engine::Rng rng(engine::splitmix64(seed ^ 0x646f637472ULL));  // "doctr"
    std::unique_ptr<engine::State> world = state.clone();
    world->resample_hidden(seat, rng);
    const auto index = static_cast<std::size_t>(seat);
    if (index >= doctrines_.size()) doctrines_.resize(index + 1);
    if (!doctrines_[index] && module_ && module_->doctrine) {
      doctrines_[index] = module_->doctrine(seat);
    }
    if (doctrines_[index]) return doctrines_[index]->choose(*world, legal_, rng);
    return policies_.playout->pick(*world, legal_, rng);
  }

 private:
  std::optional<engine::GameModule> module_;
  GamePolicies policies_;
  std::vector<std::shared_ptr<const engine::Doctrine>> doctrines_;
  std::vector<engine::ActionCode> legal_;
};

std::optional<int> parse_positive(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value <= 0) return std::nullopt;
  return value;
}

std::optional<double> parse_non_negative(std::string_view text) {
  double value = 0.0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value >= 0.0)) {
    return std::nullopt;
  }
  return value;
}

// "c=0.5" (UCB exploration) or "depth=20" (playout depth) after a comma of an mcts spec.
bool parse_mcts_setting(std::string_view setting, AgentSpec& spec) {
  MctsConfig& config = spec.mcts;
  const std::size_t eq = setting.find('=');
  if (eq == std::string_view::npos) return false;
  const std::string_view key = setting.substr(0, eq);
  const std::string_view value = setting.substr(eq + 1);
  // mcts-v2 takes the settings of a player only, none of the search's experiments.
  if (spec.kind == AgentSpec::Kind::kMctsV2 && key != "c" && key != "depth" && key != "reuse") {
    return false;
  }
  if (key == "eval") {  // the learned value model or the game's evaluator
    if ((value != "model" && value != "game" && value != "blend") ||
        spec.kind == AgentSpec::Kind::kMctsV1) {
      return false;
    }
    spec.model_eval = value != "game";
    spec.blend_eval = value == "blend";
    return true;
  }
  if (spec.kind == AgentSpec::Kind::kHeuristic) return false;  // only eval= applies to it
  if (key == "c") {
    const auto c = parse_non_negative(value);
    if (!c) return false;
    config.exploration = *c;
    return true;
  }
  if (key == "reuse") {  // tree reuse between decisions (mcts only); default: the game's
    if (value != "0" && value != "1") return false;
    config.reuse_tree = value == "1" ? 1 : 0;
    return true;
  }
  if (key == "split") {  // split=even: a fixed share of the iterations per thread (reproducible)
    if (value != "even" && value != "shared") return false;
    config.even_split = value == "even";
    return true;
  }
  // Time management is the new search's (mcts-v1 stays the frozen player).
  if (key.substr(0, 2) == "tm" && spec.kind == AgentSpec::Kind::kMctsV1) return false;
  if (key == "tm") {  // time management of a time budget (ai/time_manager.h): off unless tm=1
    if (value != "0" && value != "1") return false;
    config.time_manage = value == "1";
    return true;
  }
  if (key == "tmmax") {  // the most a decision may use, in average budgets (>= 1)
    const auto factor = parse_non_negative(value);
    if (!factor || *factor < 1.0) return false;
    config.tm_max_factor = *factor;
    return true;
  }
  if (key == "tmclose") {  // runner-up / best root visits that make a close call (0 to 1)
    const auto ratio = parse_non_negative(value);
    if (!ratio || *ratio > 1.0) return false;
    config.tm_close = *ratio;
    return true;
  }
  if (key == "pw") {  // progressive widening constant (mcts only; 0 = off)
    const auto k = parse_non_negative(value);
    if (!k || spec.kind == AgentSpec::Kind::kMctsV1) return false;
    config.widening = *k;
    return true;
  }
  if (key == "rave" || key == "mast") {  // RAVE constant K, MAST ε in [0, 1] (mcts only; 0 = off)
    const auto x = parse_non_negative(value);
    if (!x || spec.kind == AgentSpec::Kind::kMctsV1 || (key == "mast" && *x > 1.0)) return false;
    (key == "rave" ? config.rave : config.mast) = *x;
    return true;
  }
  if (key == "mastkeep") {  // MAST's table kept between searches, weights × K (mcts only; 0 = off)
    const auto k = parse_non_negative(value);
    if (!k || *k >= 1.0 || spec.kind == AgentSpec::Kind::kMctsV1) return false;
    config.mast_keep = *k;
    return true;
  }
  if (key == "nst") {  // NST 2-grams with MAST, counted from K samples (mcts only; 0 = off)
    const auto k = parse_non_negative(value);
    if (!k || (*k > 0.0 && *k < 1.0) || spec.kind == AgentSpec::Kind::kMctsV1) return false;
    config.nst = *k;
    return true;
  }
  if (key == "mastexp") {  // MAST orders the expansions too (mcts only; 0 = off)
    if ((value != "0" && value != "1") || spec.kind == AgentSpec::Kind::kMctsV1) return false;
    config.mast_expand = value == "1" ? 1 : 0;
    return true;
  }
  if (key == "prior" || key == "puct" || key == "fpu") {  // ai/prior.h (mcts only; 0 = off)
    const auto x = parse_non_negative(value);
    if (!x || spec.kind == AgentSpec::Kind::kMctsV1) return false;
    (key == "prior" ? config.prior_bias : key == "puct" ? config.puct : config.fpu) = *x;
    return true;
  }
  if (key == "dprior" || key == "dpmin") {  // the doctrine as the tree's prior (mcts only; 0 = off)
    const auto x = parse_non_negative(value);
    if (!x || spec.kind == AgentSpec::Kind::kMctsV1 || (key == "dpmin" && *x != std::floor(*x)))
      return false;
    if (key == "dprior")
      config.doctrine_prior = *x;
    else
      config.doctrine_min_visits = static_cast<int>(std::min(*x, 1e9));
    return true;
  }
  if (key == "dpseat" || key == "dpsteps") {  // where the doctrine prior applies (mcts only)
    if (spec.kind == AgentSpec::Kind::kMctsV1) return false;
    const bool seat = key == "dpseat";
    if (value != "all" && value != (seat ? "own" : "sound")) return false;
    (seat ? config.doctrine_own_seat : config.doctrine_sound_steps) = value != "all";
    return true;
  }
  if (key == "depth") {
    const auto depth = parse_positive(value);
    if (!depth) return false;
    config.playout_depth = *depth;
    return true;
  }
  return false;
}

}  // namespace

std::optional<AgentSpec> parse_agent_spec(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma != std::string_view::npos) {
    auto spec = parse_agent_spec(text.substr(0, comma));
    if (!spec || spec->kind == AgentSpec::Kind::kRandom ||
        spec->kind == AgentSpec::Kind::kDoctrine) {
      return std::nullopt;
    }
    std::string_view rest = text.substr(comma + 1);
    while (true) {
      const std::size_t next = rest.find(',');
      if (!parse_mcts_setting(rest.substr(0, next), *spec)) return std::nullopt;
      if (next == std::string_view::npos) break;
      rest = rest.substr(next + 1);
    }
    return spec;
  }
  AgentSpec spec;
  if (text == "random") return spec;
  if (text == "heuristic") {
    spec.kind = AgentSpec::Kind::kHeuristic;
    return spec;
  }
  if (text == "doctrine") {
    spec.kind = AgentSpec::Kind::kDoctrine;
    return spec;
  }
  // The search players: a name, then optionally ":" and a budget.
  std::string_view name;
  for (const auto& [prefix, kind] :
       {std::pair<std::string_view, AgentSpec::Kind>{"mcts-v1", AgentSpec::Kind::kMctsV1},
        {"mcts-v2", AgentSpec::Kind::kMctsV2},
        {"oracle", AgentSpec::Kind::kOracle},
        {"mcts", AgentSpec::Kind::kMcts}}) {
    if (text.substr(0, prefix.size()) == prefix) {
      name = prefix;
      spec.kind = kind;
      break;
    }
  }
  if (name.empty()) return std::nullopt;
  // The frozen searches keep the levels of their commit (hard = 4,000 iterations, no expert).
  const auto level = [&spec](const std::string& level_name) {
    if (spec.kind == AgentSpec::Kind::kMctsV1) {
      v1::MctsConfig frozen;
      if (!v1::mcts_level(level_name, frozen)) return false;
      spec.mcts.iterations = frozen.iterations;
      return true;
    }
    if (spec.kind == AgentSpec::Kind::kMctsV2) {
      v2::MctsConfig frozen;
      if (!v2::mcts_level(level_name, frozen)) return false;
      spec.mcts.iterations = frozen.iterations;
      return true;
    }
    return mcts_level(level_name, spec.mcts);
  };
  level("normal");
  if (text == name) return spec;
  if (text.size() < name.size() + 2 || text[name.size()] != ':') return std::nullopt;
  const std::string_view arg = text.substr(name.size() + 1);
  if (level(std::string(arg))) return spec;
  if (arg.size() > 2 && arg.substr(arg.size() - 2) == "ms") {
    const auto ms = parse_positive(arg.substr(0, arg.size() - 2));
    if (!ms) return std::nullopt;
    spec.mcts.iterations = 0;
    spec.mcts.time_ms = *ms;
    return spec;
  }
  const auto iterations = parse_positive(arg);
  if (!iterations) return std::nullopt;
  spec.mcts.iterations = *iterations;
  return spec;
}

GamePolicies agent_policies(const AgentSpec& spec, const std::string& game, int seats) {
  GamePolicies policies = policies_for(game, seats);
  if (spec.model_eval) {
    if (!policies.features) {
      throw engine::DataError(value_model_path(game), "features",
                              "the game " + game + " defines no features for a value model");
    }
    policies.evaluator = std::make_shared<ModelEvaluator>(
        policies.features,
        load_value_model(value_model_path(game), game, policies.features->names()),
        spec.blend_eval ? policies.evaluator : nullptr);
  }
  return policies;
}

std::unique_ptr<Agent> make_agent(const AgentSpec& spec, const std::string& game, int seats,
                                  int threads) {
  switch (spec.kind) {
    case AgentSpec::Kind::kHeuristic:
      return std::make_unique<HeuristicAgent>(agent_policies(spec, game, seats));
    case AgentSpec::Kind::kMcts:
    case AgentSpec::Kind::kOracle: {
      MctsConfig config = spec.mcts;
      if (threads != 0) config.threads = threads > 0 ? threads : 0;  // 0: every core
      config.see_hidden = spec.kind == AgentSpec::Kind::kOracle;
      return std::make_unique<MctsAgent>(config, agent_policies(spec, game, seats));
    }
    case AgentSpec::Kind::kMctsV1: {
      v1::MctsConfig config;
      config.iterations = spec.mcts.iterations;
      config.time_ms = spec.mcts.time_ms;
      config.threads = threads != 0 ? (threads > 0 ? threads : 0) : spec.mcts.threads;
      if (spec.mcts.exploration >= 0.0) config.exploration = spec.mcts.exploration;  // else 0.7
      config.playout_depth = spec.mcts.playout_depth;
      return std::make_unique<MctsV1Agent>(config, v1::policies_for(game, seats));
    }
    case AgentSpec::Kind::kMctsV2: {
      v2::MctsConfig config;  // the game's c, depth and reuse unless the spec sets them
      config.iterations = spec.mcts.iterations;
      config.time_ms = spec.mcts.time_ms;
      config.threads = threads != 0 ? (threads > 0 ? threads : 0) : spec.mcts.threads;
      config.exploration = spec.mcts.exploration;
      config.playout_depth = spec.mcts.playout_depth;
      config.reuse_tree = spec.mcts.reuse_tree;
      return std::make_unique<MctsV2Agent>(config, v2::policies_for(game, seats));
    }
    case AgentSpec::Kind::kDoctrine:
      return std::make_unique<DoctrineAgent>(game, seats);
    case AgentSpec::Kind::kRandom:
      break;
  }
  return std::make_unique<RandomAgent>();
}

}  // namespace pacwar::ai
