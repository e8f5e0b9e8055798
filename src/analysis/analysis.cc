#include "analysis/analysis.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "ai/agent.h"
#include "ai/policy.h"
#include "engine/errors.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"

namespace pacwar::analysis {
namespace {

using engine::ActionCode;
using engine::Json;
using engine::State;
using engine::UsageError;

constexpr int kChanceSteps = 10000;  // chance outcomes followed at most before a seat acts

double probability(double value) { return std::clamp((1.0 + value) / 2.0, 0.0, 1.0); }

// Resolves chance in `world` by sampling with `rng` until a seat acts or the game ends.
void sample_chance(State& world, engine::Rng& rng) {
  std::vector<engine::ChanceOutcome> outcomes;
  for (int step = 0; step < kChanceSteps && world.is_chance(); ++step) {
    world.chance_outcomes(outcomes);
    double r = rng.uniform();
    ActionCode pick = outcomes.back().action;
    for (const engine::ChanceOutcome& outcome : outcomes) {
      r -= outcome.probability;
      if (r < 0) {
        pick = outcome.action;
        break;
      }
    }
    world.apply(pick, nullptr);
  }
}

// The value for `seat` of `world` (drawn from that seat's view) by a search of whoever acts in it;
// the game is zero-sum between two seats, so the other seat's value is negated.
double search_value(const State& world, int seat, const ai::MctsConfig& search,
                    const std::string& game, std::uint64_t seed) {
  if (world.is_terminal()) return world.returns()[static_cast<std::size_t>(seat)];
  ai::Mcts mcts(search, ai::policies_for(game, 2));
  const ai::MctsResult result = mcts.search(world, seed);
  const auto it = std::find(result.actions.begin(), result.actions.end(), result.action);
  const double value = result.values[static_cast<std::size_t>(it - result.actions.begin())];
  return world.current_seat() == seat ? value : -value;
}

// The mean value for the seat to act in `state` of taking `action`, over `count` worlds drawn
// from its view, each followed by chance sampled and a search of iterations / count.
double follow_up_value(const State& state, ActionCode action, const ai::MctsConfig& search,
                       int count, const std::string& game, std::uint64_t seed) {
  const int seat = state.current_seat();
  ai::MctsConfig small = search;
  small.iterations = std::max(20, search.iterations / std::max(1, count));
  double sum = 0;
  for (int k = 0; k < count; ++k) {
    engine::Rng rng = engine::Rng::for_step(seed, static_cast<std::uint64_t>(k));
    auto world = state.clone();
    world->resample_hidden(seat, rng);
    world->apply(action, nullptr);
    sample_chance(*world, rng);
    sum += search_value(*world, seat, small, game, rng.next());
  }
  return sum / std::max(1, count);
}

std::vector<ActionValue> top_actions(const State& state, const ai::MctsResult& result,
                                     std::size_t count, const WinCalibration& calibration) {
  std::vector<std::size_t> order(result.actions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (result.visits[a] != result.visits[b]) return result.visits[a] > result.visits[b];
    return result.values[a] > result.values[b];
  });
  std::vector<ActionValue> top;
  for (std::size_t i = 0; i < order.size() && top.size() < count; ++i) {
    const std::size_t k = order[i];
    top.push_back({state.action_id(result.actions[k]), state.action_label(result.actions[k]),
                   calibration.apply(probability(result.values[k])), result.visits[k]});
  }
  return top;
}

Json to_json(const ActionValue& value) {
  return {{"id", value.id},
          {"label", value.label},
          {"win_probability", value.win_probability},
          {"visits", value.visits}};
}

double rounded(double x) { return std::round(x * 10000.0) / 10000.0; }

}  // namespace

std::string mark_for_loss(double loss) {
  if (loss >= kBlunderLoss) return "blunder";
  if (loss >= kMistakeLoss) return "mistake";
  if (loss >= kInaccuracyLoss) return "inaccuracy";
  return "";
}

ai::MctsConfig search_config(const AnalysisConfig& config) {
  const auto spec = ai::parse_agent_spec(config.player);
  if (!spec || spec->kind != ai::AgentSpec::Kind::kMcts) {
    throw UsageError("analysis player '" + config.player +
                     "': expected an mcts spec (mcts, mcts:easy|normal, mcts:N)");
  }
  if (spec->mcts.iterations <= 0 || spec->mcts.time_ms > 0) {
    throw UsageError("analysis player '" + config.player +
                     "': give an iteration budget (mcts:N; mcts:4000 is the old hard), so that "
                     "the analysis is the same for a seed");
  }
  if (spec->model_eval) {
    throw UsageError("analysis player '" + config.player +
                     "': the analysis searches with the game's evaluator (no eval=model or "
                     "eval=blend)");
  }
  if (config.determinizations < 1) throw UsageError("analysis: determinizations must be >= 1");
  ai::MctsConfig search = spec->mcts;
  search.threads = std::max(1, config.threads);
  search.see_hidden = false;
  search.reuse_tree = 0;
  // The calibration maps (data/<game>/win_calibration.json) were fitted on searches with the
  // UCB constant 0.7: a smaller one moves visits, and with them the root's mean, towards the
  // best action. The analysis keeps 0.7 unless its player spec gives `,c=X`.
  if (search.exploration < 0.0) search.exploration = kCalibratedExploration;
  return search;
}

double position_win_probability(const State& state, const ai::MctsConfig& search,
                                const std::string& game, std::uint64_t seed,
                                const WinCalibration& calibration) {
  ai::Mcts mcts(search, ai::policies_for(game, 2));
  const ai::MctsResult result = mcts.search(state, seed);
  const auto it = std::find(result.actions.begin(), result.actions.end(), result.action);
  return calibration.apply(
      probability(result.values[static_cast<std::size_t>(it - result.actions.begin())]));
}

namespace {

DecisionAnalysis search_decision(const State& state, ActionCode taken, const ai::MctsConfig& search,
                                 int determinizations, const std::string& game, std::uint64_t seed,
                                 const WinCalibration& calibration) {
  DecisionAnalysis d;
  d.seat = state.current_seat();
  d.prompt = state.prompt();
  d.taken = state.action_id(taken);
  ai::Mcts mcts(search, ai::policies_for(game, 2));
  const ai::MctsResult result = mcts.search(state, seed);
  d.top = top_actions(state, result, 3, calibration);
  std::size_t best = 0;
  std::size_t taken_index = result.actions.size();
  for (std::size_t k = 0; k < result.actions.size(); ++k) {
    if (result.actions[k] == result.action) best = k;
    if (result.actions[k] == taken) taken_index = k;
  }
  d.best = state.action_id(result.actions[best]);
  d.best_label = state.action_label(result.actions[best]);
  d.before = calibration.apply(probability(result.values[best]));
  d.taken_visits = taken_index < result.actions.size() ? result.visits[taken_index] : 0;
  const long long enough = std::max<long long>(20, search.iterations / 20);
  if (taken == result.action) {
    d.after = d.before;
  } else if (d.taken_visits >= enough) {
    d.after = calibration.apply(probability(result.values[taken_index]));
  } else {
    // The search hardly tried the action taken: both it and the preferred action are estimated
    // again the same way (the same worlds for both), so their difference is fair.
    d.follow_up = true;
    const std::uint64_t follow_seed = engine::splitmix64(seed ^ 0xA11A5E5ULL);
    d.before = calibration.apply(probability(
        follow_up_value(state, result.action, search, determinizations, game, follow_seed)));
    d.after = calibration.apply(
        probability(follow_up_value(state, taken, search, determinizations, game, follow_seed)));
  }
  d.loss = std::max(0.0, d.before - d.after);
  d.mark = mark_for_loss(d.loss);
  return d;
}

}  // namespace

DecisionAnalysis analyse_decision(const State& state, ActionCode taken,
                                  const ai::MctsConfig& search, int determinizations,
                                  const std::string& game, std::uint64_t seed,
                                  const WinCalibration& calibration) {
  DecisionAnalysis d =
      search_decision(state, taken, search, determinizations, game, seed, calibration);
  if (d.mark.empty()) return d;
  // A mark is given only when a second, independent search (another seed: other worlds, other
  // playouts) finds the loss too: two searches of one position differ by more than the marks'
  // steps at small budgets (docs/analysis.md, "The search's own noise"), and a mark must not be
  // the luck of one. The decision is shown as the search that found the smaller loss saw it.
  DecisionAnalysis again = search_decision(state, taken, search, determinizations, game,
                                           engine::splitmix64(seed ^ 0x5EC0D5EEDULL), calibration);
  again.rechecked = true;
  again.other_loss = d.loss;
  if (again.loss < d.loss) return again;
  d.rechecked = true;
  d.other_loss = again.loss;
  return d;
}

Hint hint(const State& state, const ai::MctsConfig& search, const std::string& game,
          const std::vector<std::string>& seat_names, std::uint64_t seed, int line_length,
          const WinCalibration& calibration) {
  Hint h;
  h.seat = state.current_seat();
  h.prompt = state.prompt();
  ai::Mcts mcts(search, ai::policies_for(game, 2));
  const ai::MctsResult result = mcts.search(state, seed);
  h.top = top_actions(state, result, 3, calibration);
  // The main line: the best action in a world drawn from the seat's view, then each seat's
  // choice by a smaller search of that world (whose hidden cards are sampled, never the real
  // ones) and chance by its likeliest outcome.
  engine::Rng rng = engine::Rng::for_step(seed, 0x4C1E);
  auto world = state.clone();
  world->resample_hidden(h.seat, rng);
  ai::MctsConfig small = search;
  small.iterations = std::max(20, search.iterations / 4);
  ActionCode next = result.action;
  std::vector<engine::ChanceOutcome> outcomes;
  for (int step = 0; step < line_length && !world->is_terminal(); ++step) {
    const int who = world->current_seat();
    std::string name;
    if (who == engine::kChanceSeat) {
      world->chance_outcomes(outcomes);
      const auto likeliest = std::max_element(
          outcomes.begin(), outcomes.end(),
          [](const auto& a, const auto& b) { return a.probability < b.probability; });
      next = likeliest->action;
      name = "chance";
    } else {
      if (step > 0) {
        ai::Mcts line_search(small, ai::policies_for(game, 2));
        next = line_search.search(*world, rng.next()).action;
      }
      name = static_cast<std::size_t>(who) < seat_names.size()
                 ? seat_names[static_cast<std::size_t>(who)]
                 : "seat " + std::to_string(who);
    }
    // What another seat or chance did in the sampled world is shown only when it reveals nothing
    // (a card played or drawn there is a guess, and would read like a leak).
    std::string title = name;
    if (!title.empty())
      title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    if (who == engine::kChanceSeat) {
      h.main_line.push_back("chance");
      h.main_line_labels.push_back("Chance");
    } else if (who != h.seat && world->is_undo_barrier(next)) {
      h.main_line.push_back(name + ": (hidden)");
      h.main_line_labels.push_back(title + ": (hidden)");
    } else {
      h.main_line.push_back(name + ": " + world->action_id(next));
      h.main_line_labels.push_back(title + ": " + world->action_label(next));
    }
    world->apply(next, nullptr);
  }
  return h;
}

Json to_json(const DecisionAnalysis& d) {
  Json top = Json::array();
  for (const ActionValue& value : d.top) top.push_back(to_json(value));
  return {{"seat", d.seat},
          {"prompt", d.prompt},
          {"taken", d.taken},
          {"best", d.best},
          {"best_label", d.best_label},
          {"before", rounded(d.before)},
          {"after", rounded(d.after)},
          {"loss", rounded(d.loss)},
          {"mark", d.mark},
          {"taken_visits", d.taken_visits},
          {"follow_up", d.follow_up},
          {"rechecked", d.rechecked},
          {"other_loss", rounded(d.other_loss)},
          {"top", top}};
}

Json to_json(const Hint& h) {
  Json top = Json::array();
  for (const ActionValue& value : h.top) top.push_back(to_json(value));
  return {{"seat", h.seat},
          {"prompt", h.prompt},
          {"top", top},
          {"main_line", h.main_line},
          {"main_line_labels", h.main_line_labels}};
}

int seat_by_name(const engine::Game& game, const std::string& name) {
  std::string names;
  for (int seat = 0; seat < game.num_seats(); ++seat) {
    if (game.seat_name(seat) == name || std::to_string(seat) == name) return seat;
    names += (names.empty() ? "" : ", ") + game.seat_name(seat);
  }
  throw UsageError("unknown seat '" + name + "' (seats: " + names + ")");
}

Json analyse_game(const Json& save, int seat, const AnalysisConfig& config,
                  const Progress& progress) {
  const ai::MctsConfig search = search_config(config);
  // Load once to validate the whole save (illegal actions, hash) before any search.
  const engine::Session loaded = engine::Session::load(save, find_game);
  const engine::Game& game = loaded.game();
  if (seat < 0 || seat >= game.num_seats()) throw UsageError("analysis: no such seat");
  engine::Session replay(loaded.game_ptr(), loaded.options(), loaded.seed());
  const WinCalibration calibration = WinCalibration::for_game(game.name());
  const std::vector<std::string>& ids = loaded.history_ids();
  const std::vector<int>& seats = loaded.history_seats();
  // The decisions to analyse: the seat's, with a choice.
  std::vector<std::size_t> decisions;
  {
    engine::Session scan(loaded.game_ptr(), loaded.options(), loaded.seed());
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (seats[i] == seat && scan.state().legal_actions().size() >= 2) decisions.push_back(i);
      scan.apply_id(ids[i]);
    }
  }
  const int total = static_cast<int>(decisions.size());
  if (progress && !progress(0, total)) return Json();
  Json moves = Json::array();
  std::size_t next = 0;
  int counts[3] = {0, 0, 0};
  double loss_sum = 0;
  for (std::size_t i = 0; i < ids.size() && next < decisions.size(); ++i) {
    if (i == decisions[next]) {
      const State& state = replay.state();
      ActionCode taken = 0;
      for (ActionCode action : state.legal_actions()) {
        if (state.action_id(action) == ids[i]) taken = action;
      }
      const std::uint64_t seed =
          engine::splitmix64(config.seed ^ (0x9E3779B97F4A7C15ULL * (i + 1)));
      const DecisionAnalysis d = analyse_decision(state, taken, search, config.determinizations,
                                                  game.name(), seed, calibration);
      Json move = to_json(d);
      move["index"] = i;
      move["move"] = next + 1;
      moves.push_back(std::move(move));
      loss_sum += d.loss;
      if (d.mark == "inaccuracy") ++counts[0];
      if (d.mark == "mistake") ++counts[1];
      if (d.mark == "blunder") ++counts[2];
      ++next;
      if (progress && !progress(static_cast<int>(next), total)) return Json();
    }
    replay.apply_id(ids[i]);
  }
  return {{"game", game.name()},
          {"seat", seat},
          {"seat_name", game.seat_name(seat)},
          {"player", config.player},
          {"seed", config.seed},
          {"finished", loaded.state().is_terminal()},
          {"winner", loaded.state().is_terminal() ? loaded.state().winner() : -1},
          {"actions", ids.size()},
          {"decisions", total},
          // Win probabilities through the game's shipped map (WinCalibration), or raw without one.
          {"calibrated", !calibration.identity()},
          {"thresholds",
           {{"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}}},
          {"summary",
           {{"inaccuracies", counts[0]},
            {"mistakes", counts[1]},
            {"blunders", counts[2]},
            {"mean_loss", total > 0 ? rounded(loss_sum / total) : 0.0}}},
          {"moves", moves}};
}

}  // namespace pacwar::analysis
