// Every section that the log and the menus cite exists in the game's rules (the numbered
// sections listed in data/GAME/sections.json), and the sections cited by a decision's menu
// labels and by the first log line its action writes belong to the step that asked: the
// prompt's own section, one above or below it, or a pair listed in kRelated with its reason.
// Checked over whole random games of both games, with every optional rule switched on too.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "engine/data_dir.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar {
namespace {

// The section numbers in `text` ("8.2 (4)" gives 8.2; "6.3.2, 8.4, 8.5.2" gives three).
std::vector<std::string> sections_in(const std::string& text) {
  static const std::regex number(R"((?:^|[^\d.])(\d{1,2}\.\d{1,2}(?:\.\d{1,2})*)(?![\d]))");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1].str());
  return out;
}

// The sections a menu label cites: those in its last "(...)" group (a card's own text, before
// it, may quote other sections).
std::vector<std::string> label_sections(const std::string& label) {
  const auto close = label.rfind(')');
  const auto open = label.rfind('(', close);
  if (close == std::string::npos || open == std::string::npos) return {};
  return sections_in(label.substr(open + 1, close - open - 1));
}

std::set<std::string> known_sections(const std::string& game) {
  std::ifstream in(game_data_dir(game) + "/sections.json");
  const engine::Json doc = engine::Json::parse(in);
  std::set<std::string> out;
  for (const auto& s : doc.at("sections")) out.insert(s.at("id").get<std::string>());
  return out;
}

// One section is the other, contains it ("8.10" and "8.10.1"; X.0 is the chapter X), or both
// are parts of one section ("8.6.6" and "8.6.8").
bool same_family(std::string a, std::string b) {
  auto chapter = [](std::string& x) {
    if (x.size() > 2 && x.compare(x.size() - 2, 2, ".0") == 0) x.resize(x.size() - 2);
  };
  chapter(a);
  chapter(b);
  auto within = [](const std::string& inner, const std::string& outer) {
    return inner == outer ||
           (inner.size() > outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
            inner[outer.size()] == '.');
  };
  auto parent = [](const std::string& x) {
    const auto dot = x.rfind('.');
    return x.find('.') == dot ? std::string() : x.substr(0, dot);  // only for N.N.N
  };
  return within(a, b) || within(b, a) || (!parent(a).empty() && parent(a) == parent(b));
}

struct Related {
  const char* game;
  const char* prompt;  // the section the prompt cites
  std::set<std::string> cited;
  const char* why;
};

// The prompts whose choices, or the phases that follow them at once, are sections of their
// own. Every other citation must be of the prompt's own family, or in kAnywhere below.
const std::vector<Related> kRelated = {
    {"pacific-war",
     "8.3",
     {"8.2", "8.6", "8.7", "8.8", "8.9", "8.10", "8.11", "13.7"},
     "8.3 lists the Strategy Actions: each is a section of its own, 13.7's free Fleet Train "
     "among them; 8.2 when the player takes none"},
    {"pacific-war",
     "8.2",
     {"8.3", "13.7"},
     "the Initiative leads to the Strategy Action (8.3) or, on a tie, to 13.7 MAGIC"},
    {"pacific-war",
     "8.12",
     {"9.0", "9.1", "9.5"},
     "after a reaction the combat begins (9.0, 9.1) or the defenders retreat (9.5)"},
    {"pacific-war", "9.4", {"9.5"}, "9.4's winner may retreat, by 9.5"},
    {"pacific-war", "9.5", {"9.1"}, "a side that stays fights another round (9.1)"},
    {"pacific-war", "13.7", {"8.2"}, "declining MAGIC ends the Strategy Phase (8.2)"},
    {"pacific-war",
     "13.6",
     {"7.0"},
     "the Australian Divisions close the Reinforcements Phase; the card draw follows (7.0)"},
    {"pacific-war", "14.2", {"7.0"}, "the Japanese set-up draw follows 7.0"},
    {"pacific-war",
     "10.4",
     {"10.5", "11.0", "12.2", "12.3"},
     "10.4's Done ends the Supply Phase: ships ready (10.5), control is checked (12.0) and the "
     "Victory Phase follows (11.0)"},
    {"pacific-war",
     "10.5",
     {"11.0", "12.2", "12.3"},
     "readying is the Supply Phase's last step: control is checked (12.0) and the Victory Phase "
     "follows (11.0)"},
    {"co-prosperity",
     "8.0",
     {"5.1", "6.3", "6.4"},
     "an operation is a card's icon (6.3; North Wind Rain's is 5.1) or a Resource Point used "
     "instead (6.4)"},
    {"co-prosperity", "8.2", {"8.6"}, "a naval move into enemy units starts a combat (8.6)"},
    {"co-prosperity", "8.3", {"8.6"}, "a ground move into enemy units starts a combat (8.6)"},
    {"co-prosperity", "7.1", {"8.0"}, "the Operations Phase follows the declarations"},
    {"co-prosperity", "7.2", {"8.0"}, "the Operations Phase follows the declarations"},
    {"co-prosperity", "7.3", {"8.0"}, "the Operations Phase follows the Special Operations"},
    {"co-prosperity",
     "9.0",
     {"4.0", "5.1", "6.0"},
     "the last End of Turn move ends the turn: victory is checked (4.0), and the next turn "
     "begins (5.1 North Wind Rain, 6.0 Production)"},
};

// Sections that any prompt's choice may cite ("prompt" is unused).
const std::vector<Related> kAnywhere = {
    {"pacific-war",
     "",
     {"4.5", "4.6"},
     "card events are played at many prompts, as each card's text says"},
    {"pacific-war",
     "",
     {"12.2", "12.3"},
     "control is checked at the end of every Strategy Action (12.0), whichever choice ends it"},
};

// `cited` belongs to a step whose prompt cites `asked` (one section or several).
bool related(const std::string& game, const std::vector<std::string>& asked,
             const std::string& cited) {
  for (const std::string& prompt : asked) {
    if (same_family(prompt, cited)) return true;
    for (const Related& r : kRelated)
      if (r.game == game && prompt == r.prompt)
        for (const std::string& c : r.cited)
          if (same_family(c, cited)) return true;
  }
  for (const Related& r : kAnywhere)
    if (r.game == game && r.cited.count(cited) != 0) return true;
  return false;
}

std::string joined(const std::vector<std::string>& sections) {
  std::string out;
  for (const auto& s : sections) out += (out.empty() ? "" : ", ") + s;
  return out;
}

struct Collector : engine::LogSink {
  std::vector<engine::LogLine> lines;
  void add(engine::LogLine line) override { lines.push_back(std::move(line)); }
};

void check_game(const std::string& name, const engine::Json& options, int games) {
  const auto game = find_game(name);
  ASSERT_NE(game, nullptr);
  const std::set<std::string> known = known_sections(name);
  ASSERT_GT(known.size(), 50u) << name;
  std::set<std::string> reported;  // each problem once, with its first example
  auto problem = [&](const std::string& key, const std::string& example) {
    if (reported.insert(key).second) ADD_FAILURE() << name << ": " << key << ", e.g. " << example;
  };
  auto check_known = [&](const std::string& section, const std::string& where) {
    if (known.count(section) == 0) problem("section " + section + " is not in the rules", where);
  };
  engine::Rng rng(20261127);
  std::vector<engine::ActionCode> actions;
  std::vector<engine::ChanceOutcome> outcomes;
  for (int g = 0; g < games; ++g) {
    auto state = game->new_initial_state(game->normalize_options(options));
    for (int n = 0; n < 5000 && !state->is_terminal(); ++n) {
      const std::string prompt = state->prompt();
      const std::vector<std::string> asked = sections_in(prompt);
      for (const auto& s : asked) check_known(s, "prompt \"" + prompt + "\"");
      const bool chance = state->is_chance();
      engine::ActionCode action;
      if (chance) {
        state->chance_outcomes(outcomes);
        action = outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].action;
      } else {
        state->legal_actions(actions);
        for (engine::ActionCode a : actions) {
          const std::string label = state->action_label(a);
          for (const auto& s : label_sections(label)) {
            check_known(s, "label \"" + label + "\"");
            if (!asked.empty() && !related(name, asked, s))
              problem("a menu label at a " + joined(asked) + " prompt cites " + s,
                      "\"" + label + "\" at \"" + prompt + "\"");
          }
        }
        action = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
      }
      Collector log;
      const std::string label = chance ? std::string() : state->action_label(action);
      state->apply(action, &log);
      for (std::size_t i = 0; i < log.lines.size(); ++i) {
        const engine::LogLine& line = log.lines[i];
        for (const auto& s : sections_in(line.rule)) {
          check_known(s, "log \"" + line.text + "\"");
          if (i == 0 && !asked.empty() && !related(name, asked, s))
            problem("the first log line after a " + joined(asked) + " prompt cites " + s,
                    "\"" + line.text + "\" after \"" + (chance ? state->action_id(action) : label) +
                        "\" at \"" + prompt + "\"");
        }
      }
    }
  }
}

TEST(LogSections, PacificWarCitesSectionsOfTheRulesAndOfTheStep) {
  check_game("pacific-war", engine::Json::object(), 30);
  check_game("pacific-war", engine::Json::parse(R"({"rules": ["all"]})"), 30);
}

TEST(LogSections, CoProsperityCitesSectionsOfTheRulesAndOfTheStep) {
  check_game("co-prosperity", engine::Json::object(), 30);
}

}  // namespace
}  // namespace pacwar
