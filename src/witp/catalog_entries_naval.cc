// Catalog entries: naval repair, salvage, maximum effort, yard periods (36) and naval
// attrition (37.2).
#include <sstream>
#include <string>
#include <vector>

#include "witp/catalog.h"
#include "witp/catalog_args.h"
#include "witp/chit_cups.h"
#include "witp/command_points_28.h"
#include "witp/naval_attrition_37_2.h"
#include "witp/naval_repair_36.h"

namespace pacwar::witp::catalog_args {
namespace {

// A comma-separated list of words ("CV,DD"); empty for "".
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::stringstream stream(text);
  std::string word;
  while (std::getline(stream, word, ',')) {
    if (!word.empty()) words.push_back(word);
  }
  return words;
}

}  // namespace

std::vector<Calculator> naval_calculators() {
  return {
      {"naval-repair",
       "36.1",
       "G/Ts to repair a damaged ship (Naval Damage Repair Tables)",
       {text("ship", "ship type, e.g. CV, BB, DD"),
        bounded(integer("damage", "damage level 1-4 (D1-D4)"), 1, 4),
        die("dice", "2D6 repair roll", 2, 6), text_or("side", "allied or japanese", "allied"),
        flag("cw", "a Commonwealth ship"),
        choice("port",
               "other, us-west-coast, us-east-coast, african-coast, soerabaja, "
               "australian-major",
               {"other", "us-west-coast", "us-east-coast", "african-coast", "soerabaja",
                "australian-major"},
               "other"),
        flag("capital-ship-under-repair",
             "US West Coast: an Allied capital ship is already under repair there"),
        flag("maximum-effort", "the repair is a maximum effort (36.4.4)")},
       true,
       [](Args& args, const Tables& tables) {
         RepairInput input;
         input.ship_type = args.text("ship");
         input.damage = args.integer("damage");
         input.dice = args.die("dice", 2, 6);
         input.japanese = parse_side("--side", args.text("side")) == Side::kJapanese;
         input.cw = args.flag("cw");
         input.port = parse_repair_port("--port", args.text("port"));
         input.capital_ship_under_repair = args.flag("capital-ship-under-repair");
         input.maximum_effort = args.flag("maximum-effort");
         return to_json(repair_duration(input, tables));
       }},
      {"salvage",
       "36.2",
       "Salvage Table: cycles until a ship sunk in port is salvaged",
       {die("die", "1D6", 1, 6),
        choice("port", "major, minor or anchorage", {"major", "minor", "anchorage"}, "minor")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t die = args.die("die", 1, 6);
         const std::int64_t cycles =
             salvage_cycles(die, parse_salvage_port("--port", args.text("port")));
         Json json = {{"section", "36.2"}, {"salvageable", cycles > 0}};
         if (cycles > 0) {
           json["cycles"] = cycles;
           json["damage_level_when_salvaged"] = 4;
         }
         return json;
       }},
      {"maximum-effort",
       "36.4.2",
       "CP cost of a maximum effort repair (Maximum Effort Repair Table)",
       {die("die", "1D6", 1, 6), flag("us-cv", "the ship is a US CV (+1 DRM)"),
        flag("japanese", "a Japanese repair (cost doubled)"),
        integer("cps-available", "CPs in the port's HQ and the reserve")},
       true,
       [](Args& args, const Tables& tables) {
         MaximumEffortInput input;
         input.die = args.die("die", 1, 6);
         input.us_cv = args.flag("us-cv");
         input.japanese = args.flag("japanese");
         input.cps_available = args.integer("cps-available");
         return to_json(maximum_effort(input, tables));
       }},
      {"yard-period",
       "36.5",
       "yard periods a ship owes this game-year (36.5, 36.6.3)",
       {text("ship", "ship type, e.g. CV, BB, CA"), integer("year", "game-year, e.g. 43"),
        flag("reinforcement", "the ship arrived as a reinforcement this year"),
        integer_or("refits-missed", "cycles this year without the required refit", "0"),
        integer_or("consecutive-missed", "consecutive cycles just ended without refit", "0"),
        integer_or("yard-periods-done", "yard periods completed this year", "0"),
        integer_or("activation-cost", "the ship's CP activation cost", "0")},
       false,
       [](Args& args, const Tables&) {
         YardInput input;
         input.ship_type = args.text("ship");
         input.year = args.integer("year");
         input.reinforcement_this_year = args.flag("reinforcement");
         input.refits_missed = args.integer("refits-missed");
         input.consecutive_missed = args.integer("consecutive-missed");
         input.yard_periods_done = args.integer("yard-periods-done");
         input.activation_cost = args.integer("activation-cost");
         return to_json(yard_requirement(input));
       }},
      {"attrition-timing",
       "37.2.3",
       "G/T and Naval Phase in which naval attrition is resolved",
       {die("gt-die", "1D6 for the G/T (5-6: roll again)", 1, 6),
        die("phase-die", "1D6 for the Naval Phase", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const auto gt = attrition_gt(args.die("gt-die", 1, 6));
         Json json = {{"section", "37.2.3"}};
         if (!gt) {
           json["roll_again"] = true;
           return json;
         }
         json["gt"] = *gt;
         json["naval_phase"] = attrition_naval_phase(args.die("phase-die", 1, 6));
         return json;
       }},
      {"attrition-draw",
       "37.2.2",
       "draw a naval attrition chit (chances, or a seeded draw)",
       {choice("cup", "allied (US and CW) or japanese", {"allied", "japanese"}),
        text_or("removed", "unmarked chits drawn earlier this year, e.g. CV,DD", ""),
        flag("draw", "draw a chit with the engine's RNG (needs --seed)")},
       false,
       [](Args& args, const Tables&) {
         const AttritionCup cup = parse_attrition_cup("--cup", args.text("cup"));
         const std::vector<std::string> removed =
             args.has("removed") ? words_of(args.text("removed")) : std::vector<std::string>{};
         const ChitCups cups = load_chit_cups(default_chit_cups_file());
         const std::vector<Chit> contents = cup_contents(cups, cup, removed);
         Json json = {{"section", "37.2.2"},
                      {"chits_in_cup", contents.size()},
                      {"chances", class_chances(contents)}};
         if (args.flag("draw")) {
           const AttritionDraw draw =
               draw_attrition_chit(contents, args.rng("draw a naval attrition chit"));
           json["drawn"] = draw.chit.name;
           json["asterisk"] = draw.chit.returned;
           json["leaves_cup_for_the_year"] = draw.leaves_cup;
           json["next"] = draw.chit.name == "blank"
                              ? "no naval attrition this cycle"
                              : "roll 1D6 on the Naval Attrition Table (chartbook) for class " +
                                    draw.chit.name;
         }
         return json;
       },
       true},
      {"sub-attrition",
       "37.2.5",
       "submarine attrition: 2D6 of 7 loses one on-map sub point",
       {die("dice", "2D6", 2, 6)},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "37.2.5"},
                     {"sub_points_lost", submarine_attrition(args.die("dice", 2, 6)) ? 1 : 0}};
       }},
  };
}

}  // namespace pacwar::witp::catalog_args
