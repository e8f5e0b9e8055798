// The check of a game's "Learn to play" texts (data/<game>/tutorial.json, web/tutorial.js),
// shared by the games' tutorial_test.cc: exactly one entry per step of the game's table of steps,
// named as the view names the step, citing the step's rule section (or saying why it cites
// another), with its texts filled in, and a finish made of steps of the table.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/data_dir.h"
#include "engine/game.h"

namespace pacwar::games::testing {

// What the check needs of one step of a game's table of steps.
struct StepFacts {
  std::string name;  // StepRules::name, the view's "step"
  std::string rule;  // the section the prompt cites
  bool chance;       // a die or a card draw
  bool seat;         // a seat acts (not chance, not the end of the game)
};

inline bool filled(const engine::Json& entry, const char* key) {
  return entry.contains(key) && entry[key].is_string() && !entry[key].get<std::string>().empty();
}

inline void check_tutorial(const std::string& game, const std::vector<StepFacts>& steps) {
  using engine::Json;
  const auto file = std::filesystem::path(game_data_dir(game)) / "tutorial.json";
  std::ifstream stream(file);
  ASSERT_TRUE(stream.good()) << file;
  const Json tutorial = Json::parse(stream, nullptr, false);
  ASSERT_FALSE(tutorial.is_discarded()) << file << " is not valid JSON";
  ASSERT_TRUE(tutorial.is_object());
  ASSERT_TRUE(tutorial.contains("provenance"));
  EXPECT_TRUE(filled(tutorial["provenance"], "source"));
  EXPECT_TRUE(filled(tutorial["provenance"], "note"));
  EXPECT_TRUE(filled(tutorial, "intro"));
  EXPECT_TRUE(filled(tutorial, "closing"));
  EXPECT_TRUE(filled(tutorial, "seat"));
  EXPECT_TRUE(filled(tutorial, "opponent"));
  ASSERT_TRUE(tutorial.contains("steps") && tutorial["steps"].is_array());

  std::map<std::string, const StepFacts*> by_name;
  for (const StepFacts& step : steps)
    EXPECT_TRUE(by_name.emplace(step.name, &step).second) << "two steps are named " << step.name;
  std::set<std::string> seen;
  for (const Json& entry : tutorial["steps"]) {
    ASSERT_TRUE(filled(entry, "step")) << entry.dump();
    const std::string name = entry["step"].get<std::string>();
    const auto it = by_name.find(name);
    ASSERT_NE(it, by_name.end()) << "tutorial.json names an unknown step: " << name;
    EXPECT_TRUE(seen.insert(name).second) << "tutorial.json has two entries for " << name;
    const StepFacts& step = *it->second;
    // The section the step table cites, unless the entry says why it cites another.
    if (!filled(entry, "section_differs"))
      EXPECT_EQ(entry.value("section", ""), step.rule) << name;
    else
      EXPECT_TRUE(filled(entry, "section")) << name;
    EXPECT_TRUE(filled(entry, "title")) << name;
    EXPECT_TRUE(filled(entry, "explain")) << name;
    // A seat's step says what to click and why a wrong click is refused; a die or card draw is
    // marked as chance (nothing to click), and so is only a chance step.
    EXPECT_EQ(entry.value("chance", false), step.chance) << name;
    if (step.seat) {
      EXPECT_TRUE(filled(entry, "click")) << name;
      EXPECT_TRUE(filled(entry, "why_not")) << name;
    }
  }
  for (const StepFacts& step : steps)
    EXPECT_TRUE(seen.count(step.name)) << "tutorial.json has no entry for step " << step.name;

  // Where the tutorial ends (web/tutorial.js): after the player's action at `after`, at the
  // first of the `at` steps; all of them steps of the table.
  ASSERT_TRUE(tutorial.contains("finish"));
  const Json& finish = tutorial["finish"];
  ASSERT_TRUE(filled(finish, "after"));
  EXPECT_TRUE(by_name.count(finish["after"].get<std::string>())) << finish.dump();
  ASSERT_TRUE(finish.contains("at") && finish["at"].is_array() && !finish["at"].empty());
  for (const Json& name : finish["at"])
    EXPECT_TRUE(name.is_string() && by_name.count(name.get<std::string>())) << name.dump();
}

}  // namespace pacwar::games::testing
