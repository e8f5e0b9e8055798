// The "Learn to play" texts (data/pacific-war/tutorial.json, web/tutorial.js): exactly one entry
// per Step of the table of steps (steps.h), named as the view names the step, citing the step's
// rule section (or saying why it cites another), with its texts filled in.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include "engine/data_dir.h"
#include "engine/game.h"
#include "engine/random_play.h"
#include "games/pacific_war/game.h"
#include "games/pacific_war/steps.h"
#include "games/registry.h"

namespace pacwar::pacific_war {
namespace {

using engine::Json;

Json load_tutorial() {
  const auto file = std::filesystem::path(game_data_dir("pacific-war")) / "tutorial.json";
  std::ifstream stream(file);
  EXPECT_TRUE(stream.good()) << file;
  Json json = Json::parse(stream, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << file << " is not valid JSON";
  return json;
}

bool filled(const Json& entry, const char* key) {
  return entry.contains(key) && entry[key].is_string() && !entry[key].get<std::string>().empty();
}

TEST(PacificWarTutorial, OneEntryPerStepWithItsSection) {
  const Json tutorial = load_tutorial();
  ASSERT_TRUE(tutorial.is_object());
  ASSERT_TRUE(tutorial.contains("provenance"));
  EXPECT_TRUE(filled(tutorial["provenance"], "source"));
  EXPECT_TRUE(filled(tutorial["provenance"], "note"));
  EXPECT_TRUE(filled(tutorial, "intro"));
  EXPECT_TRUE(filled(tutorial, "closing"));
  ASSERT_TRUE(tutorial.contains("steps") && tutorial["steps"].is_array());

  std::map<std::string, Step> by_name;
  for (std::size_t i = 0; i < kNumSteps; ++i) {
    const Step step = static_cast<Step>(i);
    EXPECT_TRUE(by_name.emplace(step_rules(step).name, step).second)
        << "two steps are named " << step_rules(step).name;
  }
  std::set<std::string> seen;
  for (const Json& entry : tutorial["steps"]) {
    ASSERT_TRUE(filled(entry, "step")) << entry.dump();
    const std::string name = entry["step"].get<std::string>();
    const auto it = by_name.find(name);
    ASSERT_NE(it, by_name.end()) << "tutorial.json names an unknown step: " << name;
    EXPECT_TRUE(seen.insert(name).second) << "tutorial.json has two entries for " << name;
    const StepRules& rules = step_rules(it->second);
    // The section the step table cites, unless the entry says why it cites another.
    if (!filled(entry, "section_differs"))
      EXPECT_EQ(entry.value("section", ""), rules.rule) << name;
    else
      EXPECT_TRUE(filled(entry, "section")) << name;
    EXPECT_TRUE(filled(entry, "title")) << name;
    EXPECT_TRUE(filled(entry, "explain")) << name;
    // A seat's step says what to click and why a wrong click is refused; a die or card draw
    // is marked as chance (nothing to click), and so is only a chance step.
    const bool chance = entry.value("chance", false);
    EXPECT_EQ(chance, rules.actor == Actor::Chance) << name;
    if (rules.actor == Actor::Seat) {
      EXPECT_TRUE(filled(entry, "click")) << name;
      EXPECT_TRUE(filled(entry, "why_not")) << name;
    }
  }
  for (const auto& [name, step] : by_name)
    EXPECT_TRUE(seen.count(name)) << "tutorial.json has no entry for step " << name;

  // Where the tutorial ends (web/tutorial.js): after the player's action at `after`, at the
  // first of the `at` steps; all of them steps of the table.
  ASSERT_TRUE(tutorial.contains("finish"));
  const Json& finish = tutorial["finish"];
  ASSERT_TRUE(filled(finish, "after"));
  EXPECT_TRUE(by_name.count(finish["after"].get<std::string>())) << finish.dump();
  ASSERT_TRUE(finish.contains("at") && finish["at"].is_array() && !finish["at"].empty());
  for (const Json& name : finish["at"])
    EXPECT_TRUE(name.is_string() && by_name.count(name.get<std::string>())) << name.dump();
  EXPECT_TRUE(filled(tutorial, "seat"));
  EXPECT_TRUE(filled(tutorial, "opponent"));
}

// The view names the step by the same name as the table, for both seats and spectators.
TEST(PacificWarTutorial, ViewNamesTheStep) {
  const auto game = find_game("pacific-war");
  engine::RandomPlayer player;
  engine::Rng rng(7);
  auto state = game->new_initial_state(game->normalize_options(Json::object()));
  const auto& pw = static_cast<const PwState&>(*state);
  for (int moves = 0; moves < 150 && !state->is_terminal(); ++moves) {
    for (int seat = -1; seat <= 1; ++seat)
      ASSERT_EQ(state->view(seat).value("step", ""), step_rules(pw.step).name);
    state->apply(player.pick(*state, rng, rng), nullptr);
  }
}

}  // namespace
}  // namespace pacwar::pacific_war
