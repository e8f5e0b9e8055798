#include "analysis/suite.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

#include "ai/agent.h"
#include "analysis/analysis.h"
#include "engine/data_dir.h"
#include "engine/data_file.h"
#include "engine/errors.h"
#include "engine/hex.h"
#include "games/registry.h"

namespace pacwar::analysis {
namespace {

using engine::DataError;
using engine::Json;
using engine::UsageError;

std::string text_of(const Json& object, const std::string& key, const std::string& file,
                    const std::string& where) {
  if (!object.contains(key) || !object[key].is_string() || object[key].get<std::string>().empty())
    throw DataError(file, where + "." + key, "must be a non-empty string");
  return object[key].get<std::string>();
}

std::vector<std::string> texts_of(const Json& object, const std::string& key,
                                  const std::string& file, const std::string& where) {
  std::vector<std::string> out;
  if (!object.contains(key)) return out;
  if (!object[key].is_array()) throw DataError(file, where + "." + key, "must be an array");
  for (const Json& item : object[key]) {
    if (!item.is_string() || item.get<std::string>().empty())
      throw DataError(file, where + "." + key, "must hold non-empty strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

SuitePosition read_position(const Json& item, const std::string& file, std::size_t index) {
  const std::string where = "positions[" + std::to_string(index) + "]";
  if (!item.is_object()) throw DataError(file, where, "must be an object");
  SuitePosition p;
  p.id = text_of(item, "id", file, where);
  const std::string named = where + " (" + p.id + ")";
  p.theme = text_of(item, "theme", file, named);
  p.sections = texts_of(item, "sections", file, named);
  p.game = text_of(item, "game", file, named);
  if (!item.contains("at") || !item["at"].is_number_unsigned())
    throw DataError(file, named + ".at", "must be a count of actions (0 or more)");
  p.at = item["at"].get<int>();
  p.state_hash = text_of(item, "state_hash", file, named);
  p.seat = text_of(item, "seat", file, named);
  p.good = texts_of(item, "good", file, named);
  p.acceptable = texts_of(item, "acceptable", file, named);
  p.blunder = texts_of(item, "blunder", file, named);
  p.why = text_of(item, "why", file, named);
  return p;
}

std::set<std::string> known_sections(const std::string& game) {
  const Json doc = engine::read_data_file(game_data_dir(game) + "/sections.json");
  std::set<std::string> out;
  if (doc.contains("sections") && doc["sections"].is_array())
    for (const Json& s : doc["sections"])
      if (s.contains("id") && s["id"].is_string()) out.insert(s["id"].get<std::string>());
  return out;
}

struct Tally {
  int positions = 0;
  int good = 0;
  int acceptable = 0;
  int blunder = 0;
  int other = 0;

  void add(Verdict verdict) {
    ++positions;
    switch (verdict) {
      case Verdict::kGood:
        ++good;
        break;
      case Verdict::kAcceptable:
        ++acceptable;
        break;
      case Verdict::kBlunder:
        ++blunder;
        break;
      case Verdict::kOther:
        ++other;
        break;
    }
  }
  void write(Json& out) const {
    out["positions"] = positions;
    out["good"] = good;
    out["acceptable"] = acceptable;
    out["blunder"] = blunder;
    out["other"] = other;
    out["good_rate"] = positions > 0 ? static_cast<double>(good) / positions : 0.0;
    out["blunder_rate"] = positions > 0 ? static_cast<double>(blunder) / positions : 0.0;
  }
};

}  // namespace

std::string verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kGood:
      return "good";
    case Verdict::kAcceptable:
      return "acceptable";
    case Verdict::kBlunder:
      return "blunder";
    case Verdict::kOther:
      return "other";
  }
  return "other";
}

Suite load_suite(const std::string& game, const std::string& directory) {
  if (!find_game(game)) throw UsageError("unknown game '" + game + "'");
  Suite suite;
  suite.game = game;
  suite.directory = directory.empty() ? game_data_dir(game) + "/suite" : directory;
  const std::string file = suite.directory + "/suite.json";
  if (!std::filesystem::exists(file))
    throw UsageError("the game " + game + " has no test suite (no " + file + ")");
  const Json doc = engine::read_data_file(file);
  if (!doc.is_object() || !doc.contains("themes") || !doc["themes"].is_object())
    throw DataError(file, "themes", "must be an object of theme names and what each tests");
  for (const auto& [name, text] : doc["themes"].items()) {
    if (!text.is_string()) throw DataError(file, "themes." + name, "must be a string");
    suite.themes[name] = text.get<std::string>();
  }
  if (!doc.contains("positions") || !doc["positions"].is_array())
    throw DataError(file, "positions", "must be an array");
  std::set<std::string> ids;
  for (std::size_t i = 0; i < doc["positions"].size(); ++i) {
    SuitePosition p = read_position(doc["positions"][i], file, i);
    if (!ids.insert(p.id).second) throw DataError(file, p.id, "the id is used twice");
    if (!suite.themes.contains(p.theme))
      throw DataError(file, p.id + ".theme", "'" + p.theme + "' is not one of the themes");
    if (!suite.games.contains(p.game)) {
      const std::string save_file = suite.directory + "/games/" + p.game + ".json";
      suite.games[p.game] = engine::read_data_file(save_file);
    }
    suite.positions.push_back(std::move(p));
  }
  return suite;
}

engine::Session position_session(const Suite& suite, const SuitePosition& position) {
  const std::string where = suite.directory + "/suite.json";
  const Json& save = suite.games.at(position.game);
  if (!save.contains("actions") || !save["actions"].is_array() ||
      static_cast<std::size_t>(position.at) > save["actions"].size()) {
    throw DataError(where, position.id + ".at",
                    "the game " + position.game + " has fewer than " + std::to_string(position.at) +
                        " actions");
  }
  Json cut = save;
  Json actions = Json::array();
  for (int i = 0; i < position.at; ++i)
    actions.push_back(save["actions"][static_cast<std::size_t>(i)]);
  cut["actions"] = std::move(actions);
  cut["state_hash"] = position.state_hash;
  try {
    return engine::Session::load(cut, [](const std::string& name) { return find_game(name); });
  } catch (const UsageError& e) {
    throw DataError(where, position.id,
                    std::string("the position does not load (a rule change may have moved "
                                "it): ") +
                        e.what());
  }
}

bool label_matches(const std::string& label, const std::string& id) {
  if (!label.empty() && label.back() == '*')
    return id.compare(0, label.size() - 1, label, 0, label.size() - 1) == 0;
  return label == id;
}

Verdict verdict_for(const SuitePosition& position, const std::string& id) {
  const auto any = [&id](const std::vector<std::string>& labels) {
    return std::any_of(labels.begin(), labels.end(),
                       [&id](const std::string& label) { return label_matches(label, id); });
  };
  // A blunder label wins over a broader good pattern ("to *" good, "to Japan" a blunder).
  if (any(position.blunder)) return Verdict::kBlunder;
  if (any(position.good)) return Verdict::kGood;
  if (any(position.acceptable)) return Verdict::kAcceptable;
  return Verdict::kOther;
}

std::vector<std::string> check_position(const Suite& suite, const SuitePosition& position) {
  std::vector<std::string> problems;
  const auto problem = [&](const std::string& text) {
    problems.push_back(position.id + ": " + text);
  };
  std::optional<engine::Session> session;
  try {
    session.emplace(position_session(suite, position));
  } catch (const std::exception& e) {
    problem(e.what());
    return problems;
  }
  const engine::State& state = session->state();
  const auto game = find_game(suite.game);
  if (state.is_terminal() || state.is_chance()) {
    problem("no seat decides there (the game is over or chance acts)");
    return problems;
  }
  int seat = -1;
  try {
    seat = seat_by_name(*game, position.seat);
  } catch (const engine::UsageError& e) {
    problem(e.what());
  }
  if (seat != state.current_seat())
    problem("the seat to decide is " + game->seat_name(state.current_seat()) + ", not " +
            position.seat);
  const std::vector<std::string> legal = session->legal_ids();
  if (legal.size() < 2) problem("only one legal action: nothing to choose");
  if (position.good.empty()) problem("no good action is labelled");
  for (const auto& [name, labels] :
       {std::pair<std::string, const std::vector<std::string>*>{"good", &position.good},
        {"acceptable", &position.acceptable},
        {"blunder", &position.blunder}}) {
    for (const std::string& label : *labels) {
      if (std::none_of(legal.begin(), legal.end(),
                       [&label](const std::string& id) { return label_matches(label, id); }))
        problem(name + " label '" + label + "' matches no legal action");
    }
  }
  // The same label in two lists says two things of one action (a blunder may still carve an
  // exception out of a broader good pattern).
  std::map<std::string, int> lists_of;
  for (const auto* labels : {&position.good, &position.acceptable, &position.blunder})
    for (const std::string& label : std::set<std::string>(labels->begin(), labels->end()))
      if (++lists_of[label] == 2) problem("'" + label + "' is in two lists");
  bool any_good = false;
  for (const std::string& id : legal)
    any_good = any_good || verdict_for(position, id) == Verdict::kGood;
  if (!any_good) problem("no legal action is good once the blunders are taken out");
  if (position.sections.empty()) problem("it cites no rule section");
  const std::set<std::string> known = known_sections(suite.game);
  bool cited = false;
  for (const std::string& section : position.sections) {
    if (!known.contains(section)) problem("section " + section + " is not in the rules");
    cited = cited || position.why.find(section) != std::string::npos;
  }
  if (!cited) problem("its reason cites none of its sections");
  return problems;
}

namespace {

// The positions of `theme` (all when empty) and `ids` (all when empty); UsageError for an unknown
// theme or when none is left.
std::vector<const SuitePosition*> chosen_positions(const Suite& suite, const std::string& theme,
                                                   const std::vector<std::string>& ids) {
  if (!theme.empty() && !suite.themes.contains(theme)) {
    std::string names;
    for (const auto& [name, text] : suite.themes) names += (names.empty() ? "" : ", ") + name;
    throw UsageError("unknown theme '" + theme + "' (themes: " + names + ")");
  }
  std::vector<const SuitePosition*> chosen;
  for (const SuitePosition& p : suite.positions) {
    if (!theme.empty() && p.theme != theme) continue;
    if (!ids.empty() && std::find(ids.begin(), ids.end(), p.id) == ids.end()) continue;
    chosen.push_back(&p);
  }
  if (chosen.empty()) throw UsageError("no position of the suite matches");
  return chosen;
}

}  // namespace

Json run_suite(const Suite& suite, const SuiteConfig& config, const SuiteProgress& progress) {
  const auto spec = ai::parse_agent_spec(config.player);
  if (!spec) throw UsageError("unknown player '" + config.player + "'");
  if (spec->kind == ai::AgentSpec::Kind::kOracle)
    throw UsageError("the oracle sees the hidden cards: the suite measures players that do not");
  const std::vector<const SuitePosition*> chosen =
      chosen_positions(suite, config.theme, config.ids);

  const auto game = find_game(suite.game);
  Tally all;
  std::map<std::string, Tally> by_theme;
  Json results = Json::array();
  int done = 0;
  for (const SuitePosition* p : chosen) {
    const engine::Session session = position_session(suite, *p);
    const engine::State& state = session.state();
    // A fresh player for each position: no memory of another position's search.
    auto agent = ai::make_agent(*spec, suite.game, game->num_seats(), config.threads);
    const std::uint64_t seed = config.seed * 1000003u + static_cast<std::uint64_t>(done);
    const auto start = std::chrono::steady_clock::now();
    const engine::ActionCode action = agent->choose(state, seed);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const std::string id = state.action_id(action);
    const Verdict verdict = verdict_for(*p, id);
    all.add(verdict);
    by_theme[p->theme].add(verdict);
    results.push_back({{"id", p->id},
                       {"theme", p->theme},
                       {"seat", p->seat},
                       {"chose", id},
                       {"label", state.action_label(action)},
                       {"verdict", verdict_name(verdict)},
                       {"ms", ms}});
    ++done;
    if (progress) progress(done, static_cast<int>(chosen.size()));
  }
  Json out = {{"game", suite.game}, {"player", config.player}, {"seed", config.seed}};
  all.write(out);
  Json themes = Json::object();
  for (const auto& [name, tally] : by_theme) {
    Json t = Json::object();
    tally.write(t);
    themes[name] = std::move(t);
  }
  out["themes"] = std::move(themes);
  out["results"] = std::move(results);
  return out;
}

Json analyse_suite(const Suite& suite, const SuiteConfig& config, const AnalysisConfig& analysis,
                   const SuiteProgress& progress) {
  const ai::MctsConfig search = search_config(analysis);  // UsageError for a refused spec
  const std::vector<const SuitePosition*> chosen =
      chosen_positions(suite, config.theme, config.ids);
  const WinCalibration calibration = WinCalibration::for_game(suite.game);
  // Marks by kind, for the blunders and for the good actions.
  std::map<std::string, std::map<std::string, int>> marks;
  std::map<std::string, int> analysed;
  Json results = Json::array();
  int done = 0;
  for (const SuitePosition* p : chosen) {
    const engine::Session session = position_session(suite, *p);
    const engine::State& state = session.state();
    std::vector<engine::ActionCode> codes;
    state.legal_actions(codes);
    Json result = {{"id", p->id}, {"theme", p->theme}, {"seat", p->seat}};
    const std::uint64_t seed = config.seed * 1000003u + static_cast<std::uint64_t>(done);
    for (const auto& kind_verdict : {std::pair<std::string, Verdict>{"blunder", Verdict::kBlunder},
                                     {"good", Verdict::kGood}}) {
      const std::string& kind = kind_verdict.first;
      const Verdict verdict = kind_verdict.second;
      const auto it = std::find_if(codes.begin(), codes.end(), [&](engine::ActionCode code) {
        return verdict_for(*p, state.action_id(code)) == verdict;
      });
      if (it == codes.end()) continue;
      const DecisionAnalysis d = analyse_decision(state, *it, search, analysis.determinizations,
                                                  suite.game, seed, calibration);
      ++analysed[kind];
      ++marks[kind][d.mark.empty() ? "none" : d.mark];
      result[kind] = {{"action", d.taken},
                      {"label", state.action_label(*it)},
                      {"mark", d.mark},
                      {"loss", d.loss},
                      {"best", d.best}};
    }
    if (result.contains("blunder") || result.contains("good")) results.push_back(std::move(result));
    ++done;
    if (progress) progress(done, static_cast<int>(chosen.size()));
  }
  Json out = {{"game", suite.game}, {"analysis", analysis.player}, {"seed", config.seed}};
  for (const std::string kind : {"blunder", "good"}) {
    Json counts = {{"analysed", analysed[kind]}};
    int marked = 0;
    for (const std::string mark : {"inaccuracy", "mistake", "blunder"}) {
      counts[mark] = marks[kind][mark];
      marked += marks[kind][mark];
    }
    counts["marked"] = marked;
    out[kind + "s"] = std::move(counts);
  }
  out["results"] = std::move(results);
  return out;
}

Json save_decisions(const Json& save, int from, int to, bool views) {
  const engine::Session full =
      engine::Session::load(save, [](const std::string& name) { return find_game(name); });
  const std::vector<std::string>& ids = full.history_ids();
  const std::vector<int>& seats = full.history_seats();
  const auto game = full.game_ptr();
  engine::Session session(game, full.options(), full.seed());
  const int end =
      to < 0 ? static_cast<int>(ids.size()) : std::min(to, static_cast<int>(ids.size()));
  // The decision at `at` of seat `seat`; `chose` is null for the one the save ends at.
  const auto decision = [&](const engine::State& state, int at, int seat, const Json& chose) {
    Json legal = Json::array();
    std::vector<engine::ActionCode> codes;
    state.legal_actions(codes);
    for (engine::ActionCode code : codes)
      legal.push_back({{"id", state.action_id(code)}, {"label", state.action_label(code)}});
    Json d = {{"at", at},
              {"seat", game->seat_name(seat)},
              {"move", state.move_number()},
              {"turn", state.turn_number()},
              {"state_hash", engine::to_hex(state.hash())},
              {"prompt", state.prompt()},
              {"chose", chose},
              {"legal", std::move(legal)}};
    if (views) d["view"] = state.view(seat);
    return d;
  };
  Json out = Json::array();
  for (int i = 0; i < end; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    if (i >= from && seats[k] != engine::kChanceSeat)
      out.push_back(decision(session.state(), i, seats[k], ids[k]));
    session.apply_id(ids[k]);
  }
  const engine::State& last = session.state();
  if (end == static_cast<int>(ids.size()) && end >= from && !last.is_terminal() &&
      !last.is_chance())
    out.push_back(decision(last, end, last.current_seat(), nullptr));
  return out;
}

}  // namespace pacwar::analysis
