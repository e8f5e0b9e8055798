// Catalog entries: ahistoric gains (34.2.8), rail (35), engineering and fortifications (39),
// cadre units and surrender (44), China (47), seaplane bases (60.8).
#include <string>
#include <vector>

#include "engine/errors.h"
#include "witp/cadre_44_4_5.h"
#include "witp/cargo_aps_31_3.h"
#include "witp/catalog.h"
#include "witp/catalog_args.h"
#include "witp/china_47.h"
#include "witp/engineering_39_1.h"
#include "witp/fortification_39_7.h"
#include "witp/hq_costs_29.h"
#include "witp/initiative_34_2_8.h"
#include "witp/last_man_27_8.h"
#include "witp/production_52_4.h"
#include "witp/rail_35.h"
#include "witp/seaplane_60_8.h"
#include "witp/strategic_bombing_55.h"
#include "witp/surrender_44.h"

namespace pacwar::witp::catalog_args {

std::vector<Calculator> ground_calculators() {
  return {
      {"last-man-drm",
       "27.8.1",
       "split of the odds DRMs in an attack on a last man defense",
       {integer("odds", "N of the N:1 odds"),
        integer_or("combat", "DRMs added to the attacker's combat DR", "0"),
        integer_or("enemy-casualty", "DRMs added to the enemy's minimum casualty DR", "0"),
        integer_or("own-casualty", "DRMs taken off the attacker's minimum casualty DR", "0")},
       false,
       [](Args& args, const Tables&) {
         LastManInput input;
         input.odds = args.integer("odds");
         input.combat = args.integer("combat");
         input.enemy_casualty = args.integer("enemy-casualty");
         input.own_casualty = args.integer("own-casualty");
         return to_json(last_man_drms(input));
       }},
      {"hq-cost",
       "29.3",
       "CPs to activate, redeploy or reintroduce a HQ",
       {choice("action", "activate, redeploy, reintroduce or reintroduce-involuntary",
               {"activate", "redeploy", "reintroduce", "reintroduce-involuntary"}, "activate"),
        integer_or("printed-cost", "activation: the HQ's printed cost (after its commander)", "0"),
        flag("from-reserve", "activation CPs come from the reserve (29.3.2)"),
        flag("no-commander", "the HQ has no commander (29.3.7)")},
       false,
       [](Args& args, const Tables&) {
         HqCostInput input;
         input.action = parse_hq_action("--action", args.text("action"));
         input.printed_cost = args.integer("printed-cost");
         input.from_reserve = args.flag("from-reserve");
         input.no_commander = args.flag("no-commander");
         const HqCostResult result = hq_cost(input);
         return Json{{"section", "29.3"}, {"cps", result.cps}, {"basis", result.basis}};
       }},
      {"cargo-aps",
       "31.3.1",
       "cargo APs removed for an air transport emergency command link",
       {integer_or("ground-steps", "ground steps to be linked", "0"),
        integer_or("bomber-aps", "BMR or HVY BMR APs to be linked", "0"),
        flag("monsoon", "the start or end airfield is in a monsoon hex")},
       true,
       [](Args& args, const Tables& tables) {
         CargoApInput input;
         input.ground_steps = args.integer("ground-steps");
         input.bomber_aps = args.integer("bomber-aps");
         input.monsoon = args.flag("monsoon");
         return to_json(cargo_aps(input, tables));
       }},
      {"production-gearing",
       "52.4.1",
       "most units of a type the US may initiate this Production Phase",
       {integer("previous", "units of the type initiated in the previous Production Phase")},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "52.4.1"},
                     {"at_most", production_gearing_limit(args.integer("previous"))}};
       }},
      {"cv-gearing",
       "52.4.1",
       "optional 1942 US CV gearing roll after the 4th CV",
       {die("die", "1D6", 1, 6),
        integer_or("roll-number", "1 for the first roll, +1 each Strategic G/T after", "1")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t die = args.die("die", 1, 6);
         return Json{{"section", "52.4.1"},
                     {"no_more_cvs_in_1942", cv_gearing_stops(die, args.integer("roll-number"))}};
       }},
      {"ahistoric-gain",
       "34.2.8",
       "Strategic Initiative shift for a Japanese ahistoric gain",
       {die("primary-die", "the nominated primary die", 1, 6),
        die("other-die", "the other die", 1, 6), flag("airfield", "an airfield (+1)"),
        flag("minor-port", "a minor port (+2)"), flag("major-port", "a major port (+3)"),
        flag("hawaiian", "any Hawaiian island (+2)")},
       false,
       [](Args& args, const Tables&) {
         AhistoricGainInput input;
         input.primary_die = args.die("primary-die", 1, 6);
         input.other_die = args.die("other-die", 1, 6);
         input.airfield = args.flag("airfield");
         input.minor_port = args.flag("minor-port");
         input.major_port = args.flag("major-port");
         input.hawaiian = args.flag("hawaiian");
         return to_json(ahistoric_gain(input));
       }},
      {"railcap",
       "35.1.1",
       "Railcap a rail move uses",
       {choice("unit", "mech, engineer, cavalry, brigade (other, up to Bde.) or division (larger)",
               {"mech", "engineer", "cavalry", "brigade", "division"}),
        integer("steps", "ground steps moved"), flag("entrain", "the unit entrains"),
        flag("detrain", "the unit detrains"), integer_or("hexes", "rail hexes traversed", "0")},
       false,
       [](Args& args, const Tables&) {
         RailcapInput input;
         input.unit = parse_rail_unit("--unit", args.text("unit"));
         input.steps = args.integer("steps");
         input.entrain = args.flag("entrain");
         input.detrain = args.flag("detrain");
         input.hexes = args.integer("hexes");
         return to_json(railcap_used(input));
       }},
      {"rail-movement",
       "35.2.3",
       "rail and ground movement combined in one G/T",
       {integer_or("rail-hexes", "hexes moved by rail", ""),
        integer_or("ground-mps-spent", "ground MPs already spent", "")},
       false,
       [](Args& args, const Tables&) {
         Json json = {{"section", "35.2.3"}};
         if (args.has("rail-hexes")) {
           json["ground_mps_left"] = ground_mps_after_rail(args.integer("rail-hexes"));
         }
         if (args.has("ground-mps-spent")) {
           json["rail_hexes_allowed"] = rail_hexes_after_ground(args.integer("ground-mps-spent"));
         }
         if (json.size() == 1) {
           throw engine::UsageError("--rail-hexes or --ground-mps-spent: give one");
         }
         return json;
       }},
      {"rail-repair",
       "35.3.4",
       "rail hex damage levels repaired",
       {choice("method", "unit, engineer or cps", {"unit", "engineer", "cps"}),
        integer_or("cps", "CPs spent (unit, engineer)", ""),
        integer_or("activation-cost", "the unit's activation cost (unit, engineer)", ""),
        die_or("first-die", "cps: the nominated first die (CP cost)", 1, 6),
        die_or("second-die", "cps: the second die", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const std::string method = args.text("method");
         if (method == "cps") {
           const std::int64_t first = args.die("first-die", 1, 6);
           const RailCpRepair repair = rail_repair_by_cps(first, args.die("second-die", 1, 6));
           return Json{{"section", "35.3.4"}, {"cps", repair.cps}, {"levels", repair.levels}};
         }
         const std::int64_t cps = args.integer("cps");
         const std::int64_t cost = args.integer("activation-cost");
         if (method == "unit") {
           return Json{{"section", "35.3.4"}, {"levels", rail_repair_by_unit(cps, cost)}};
         }
         if (method == "engineer") {
           return Json{{"section", "35.3.4"}, {"levels", rail_repair_by_engineer(cps, cost)}};
         }
         throw engine::UsageError("--method: must be unit, engineer or cps (got '" + method + "')");
       }},
      {"railcap-raise",
       "35.5",
       "CPs to restore or increase a country's Railcap",
       {integer("current", "current Railcap"), integer("initial", "initial Railcap"),
        integer("maximum", "maximum Railcap"), integer("points", "Railcap points to add"),
        flag("engineer", "an unbroken engineer is at a Rail Center")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t current = args.integer("current");
         const std::int64_t initial = args.integer("initial");
         const std::int64_t maximum = args.integer("maximum");
         const RailcapRaise result = railcap_raise(current, initial, maximum,
                                                   args.integer("points"), args.flag("engineer"));
         return Json{{"section", "35.5"},
                     {"restored", result.restored},
                     {"increased", result.increased},
                     {"cps", result.cps},
                     {"railcap", result.railcap}};
       }},
      {"railcap-capture",
       "35.6.1",
       "Railcap captured with a Rail Center (Bombardment of Air Points Table, 176+ column)",
       {integer("railcap", "Railcap assigned to the Rail Center"), die("dice", "2D6", 2, 6),
        integer_or("cps", "CPs spent for +1 DRM each", "0")},
       true,
       [](Args& args, const Tables& tables) {
         RailcapStrike input;
         input.railcap = args.integer("railcap");
         input.dice = args.die("dice", 2, 6);
         input.drm = args.integer("cps");
         const RailcapStrikeResult result = railcap_strike(input, tables);
         return Json{{"section", "35.6.1"},
                     {"modified_dr", result.modified_dr},
                     {"percent", result.percent},
                     {"railcap_captured", result.railcap}};
       }},
      {"railcap-demolition",
       "35.7.1",
       "Railcap destroyed by a demolition attempt (TQ check, then the 176+ column of the "
       "Bombardment of Air Points Table)",
       {choice("tq-check",
               "pass or fail: the lead unit's TQ check, made by Rule Book I with all its modifiers "
               "(Japanese +1, 41.1.3)",
               {"pass", "fail"}),
        integer("railcap", "Railcap assigned to the Rail Center"),
        die_or("dice", "2D6, when the TQ check passed", 2, 6),
        integer_or("cps", "CPs spent for +1 DRM each", "0"),
        integer_or("broken-units",
                   "broken units of the demolishing side in the country, claimed by the enemy "
                   "at -1 each",
                   "0"),
        flag("engineer-lead", "the lead unit is an ENGR (+2, 41.1.7)")},
       true,
       [](Args& args, const Tables& tables) {
         RailcapDemolition input;
         const std::string check = args.text("tq-check");
         if (check != "pass" && check != "fail") {
           throw engine::UsageError("--tq-check: must be pass or fail (got '" + check + "')");
         }
         input.tq_check_passed = check == "pass";
         input.railcap = args.integer("railcap");
         input.cps = args.integer("cps");
         input.broken_units = args.integer("broken-units");
         input.engineer_lead = args.flag("engineer-lead");
         if (input.tq_check_passed) {
           if (!args.has("dice"))
             throw engine::UsageError("--dice: required when the TQ check passed");
           input.dice = args.die("dice", 2, 6);
         } else if (args.has("dice")) {
           throw engine::UsageError("--dice: no roll after a failed TQ check (35.7.1)");
         }
         return to_json(railcap_demolition(input, tables));
       }},
      {"railcap-bombing",
       "55.7.1",
       "Railcap lost for the next cycle to strategic bombing",
       {integer("railcap", "the country's Railcap"), integer("strength", "bombardment strength"),
        die("dice", "2D6", 2, 6), integer_or("drm", "net DRM", "0")},
       true,
       [](Args& args, const Tables& tables) {
         RailcapStrike input;
         input.capture = false;
         input.railcap = args.integer("railcap");
         input.strength = args.integer("strength");
         input.dice = args.die("dice", 2, 6);
         input.drm = args.integer("drm");
         const RailcapStrikeResult result = railcap_strike(input, tables);
         return Json{{"section", "55.7.1"},
                     {"column", result.column},
                     {"modified_dr", result.modified_dr},
                     {"percent", result.percent},
                     {"railcap_lost_next_cycle", result.railcap}};
       }},
      {"engineers",
       "39.1.9",
       "completion time of a project hastened by several ENGRs",
       {integer("normal-gts", "completion time for one ENGR"),
        integer("engineers", "activated ENGR units on the project")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t normal = args.integer("normal-gts");
         const HastenedResult result = hastened_construction(normal, args.integer("engineers"));
         return Json{{"section", "39.1.9"}, {"gts", result.gts}, {"minimum_gts", result.floor_gts}};
       }},
      {"fort-upgrade",
       "39.7.2",
       "fortification strength or size upgrade roll",
       {text("side", "allied or japanese"), die("dice", "2D6", 2, 6),
        integer_or("drm", "net DRM from the Engineering Tasks Summary", "0"),
        choice("upgrade", "strength or size", {"strength", "size"}, "strength"),
        integer("strength", "current strength level"), integer("size", "current size level")},
       false,
       [](Args& args, const Tables&) {
         FortUpgradeInput input;
         const std::string side = args.text("side");
         if (side != "allied" && side != "japanese") {
           throw engine::UsageError("--side: must be allied or japanese (got '" + side + "')");
         }
         input.japanese = side == "japanese";
         input.dice = args.die("dice", 2, 6);
         input.drm = args.integer("drm");
         input.kind = parse_fort_upgrade("--upgrade", args.text("upgrade"));
         input.strength = args.integer("strength");
         input.size = args.integer("size");
         return to_json(fort_upgrade(input));
       }},
      {"fort-capture",
       "39.7.4",
       "strength of a captured enemy fortification",
       {integer("original", "the enemy fort's strength level"),
        integer_or("damage", "damage levels present", "0"), die("die", "1D6", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t original = args.integer("original");
         const std::int64_t damage = args.integer("damage");
         return Json{{"section", "39.7.4"},
                     {"strength", captured_fort_strength(original, damage, args.die("die", 1, 6))},
                     {"size", "the enemy fort's size level"}};
       }},
      {"demolition",
       "41.1.4",
       "demolition of an A/F, port or Co-Prosperity Sphere Resource hex (176+ column of the "
       "Bombardment of Ports & Airbases Table)",
       {choice("tq-check",
               "pass or fail: the unit's TQ check by Rule Book I (Japanese +1 DRM, 41.1.3)",
               {"pass", "fail"}),
        die_or("die", "1D6, when the TQ check passed", 1, 6),
        flag("engineer", "the unit is an ENGR (+2, 41.1.7)")},
       true,
       [](Args& args, const Tables& tables) {
         const std::string check = args.text("tq-check");
         if (check != "pass" && check != "fail") {
           throw engine::UsageError("--tq-check: must be pass or fail (got '" + check + "')");
         }
         const bool passed = check == "pass";
         if (passed != args.has("die")) {
           throw engine::UsageError("--die: give it exactly when the TQ check passed (41.1.3)");
         }
         const FacilityDemolitionResult result = facility_demolition(
             passed, passed ? args.die("die", 1, 6) : 0, args.flag("engineer"), tables);
         Json json = {{"section", "41.1.4"}, {"tq_check", passed ? "passed" : "failed"}};
         if (result.attempted) {
           json["modified_dr"] = result.modified_dr;
           json["result"] = bombardment_result_name(result.result);
         } else {
           json["result"] = "no demolition in the hex this G/T; the units deactivate (41.1.3)";
         }
         return json;
       }},
      {"cadre-release",
       "44.4.5",
       "a CW cadre unit's TQ, steps and early-release CPs",
       {integer("printed-tq", "printed TQ"), integer("printed-steps", "printed steps"),
        integer("years-early", "game-years before the historical release year")},
       false,
       [](Args& args, const Tables&) {
         CadreInput input;
         input.printed_tq = args.integer("printed-tq");
         input.printed_steps = args.integer("printed-steps");
         input.years_early = args.integer("years-early");
         return to_json(cadre_release(input));
       }},
      {"cadre-replacement",
       "44.4.5",
       "cadre steps and CPs for ground replacement steps",
       {integer("replacement-steps", "ground replacement steps wanted")},
       false,
       [](Args& args, const Tables&) {
         const CadreReplacement cost = cadre_replacement_cost(args.integer("replacement-steps"));
         return Json{{"section", "44.4.5"}, {"cadre_steps", cost.cadre_steps}, {"cps", cost.cps}};
       }},
      {"surrender",
       "44.1.5",
       "Australian (44.1.5) or Indian (44.4.4) surrender roll",
       {choice("country", "australia or india", {"australia", "india"}),
        integer_or("states", "Australia: states Japan controls (of 6)", "0"),
        integer_or("rail-centers", "India: Indian rail centers Japan captured (of 3)", "0"),
        integer_or("cities", "India: Indian cities Japan captured", "0"), die("dice", "2D6", 2, 6),
        integer_or("japanese-cps", "CPs Japan spends on the roll", "0"),
        integer_or("allied-cps", "CPs the Allies spend on the roll", "0"),
        flag("ports-bonus",
             "Australia: a Japanese-held Australian major port; India: Colombo and Trincomalee"),
        integer_or("australian-ground-units", "Australia: Australian ground units", "0")},
       false,
       [](Args& args, const Tables&) {
         SurrenderInput input;
         input.country = parse_surrender_country("--country", args.text("country"));
         input.states = args.integer("states");
         input.rail_centers = args.integer("rail-centers");
         input.cities = args.integer("cities");
         input.dice = args.die("dice", 2, 6);
         input.japanese_cps = args.integer("japanese-cps");
         input.allied_cps = args.integer("allied-cps");
         input.ports_bonus = args.flag("ports-bonus");
         input.australian_ground_units = args.integer("australian-ground-units");
         return to_json(input.country, surrender_roll(input));
       }},
      {"java-surrender",
       "44.5.5",
       "captured victory points in Java (12 surrenders it)",
       {integer_or("major-ports", "major ports Japan controls (3 VPs each)", "0"),
        integer_or("minor-ports", "minor ports (2 VPs each)", "0"),
        integer_or("airfield-levels", "sum of the captured airfields' current levels", "0")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t major = args.integer("major-ports");
         const std::int64_t minor = args.integer("minor-ports");
         const JavaResult result = java_surrender(major, minor, args.integer("airfield-levels"));
         return Json{{"section", "44.5.5"}, {"vps", result.vps}, {"surrenders", result.surrenders}};
       }},
      {"chinese-replacements",
       "47.6.2",
       "Chinese replacement steps from a faction's provincial points",
       {integer("provincial-points", "provincial points the faction controls")},
       false,
       [](Args& args, const Tables&) {
         return Json{
             {"section", "47.6.2"},
             {"replacement_steps", chinese_replacement_steps(args.integer("provincial-points"))}};
       }},
      {"china-garrison",
       "47.17",
       "Japanese garrison points in China after a Chinese surrender",
       {list("tq", "TQ of each Japanese ground unit"),
        list("steps", "steps of each unit, in the same order"),
        integer_or("aps", "FTR and BMR APs on A/Fs in China", "0")},
       false,
       [](Args& args, const Tables&) {
         const std::vector<std::int64_t> tqs = args.integers("tq");
         const std::vector<std::int64_t> steps = args.integers("steps");
         if (tqs.size() != steps.size()) {
           throw engine::UsageError("--steps: give one per --tq (" + std::to_string(tqs.size()) +
                                    " TQs, " + std::to_string(steps.size()) + " steps)");
         }
         std::vector<GarrisonUnit> units;
         for (std::size_t i = 0; i < tqs.size(); ++i) units.push_back({tqs[i], steps[i]});
         return to_json(china_garrison(units, args.integer("aps")));
       }},
      {"seaplane-base",
       "60.8.2",
       "G/Ts and CPs to build a seaplane base level",
       {integer_or("level", "level to build (1 or 2)", "1"),
        integer_or("engineers", "activated ENGR units present", "0"),
        integer_or("tq", "TQ of the building non-ENGR unit", ""),
        integer_or("units", "non-ENGR units building", "1")},
       false,
       [](Args& args, const Tables&) {
         SeaplaneInput input;
         input.level = args.integer("level");
         input.engineers = args.integer("engineers");
         if (input.engineers == 0) input.tq = args.integer("tq");
         input.units = args.integer("units");
         return to_json(seaplane_construction(input));
       }},
      {"seaplane-aa",
       "60.8.5",
       "AA value and air capacity of a seaplane base",
       {integer("level", "S/P base level (1 or 2)"), integer_or("port-aa", "the port's AA", "0"),
        integer_or("capacity", "seaplane Air Capacity", ""),
        flag("isolated", "the base is isolated")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t level = args.integer("level");
         Json json = {{"section", "60.8.5"}, {"aa", seaplane_aa(level, args.integer("port-aa"))}};
         const bool isolated = args.flag("isolated");
         if (args.has("capacity")) {
           json["capacity"] = seaplane_capacity(args.integer("capacity"), isolated);
         }
         return json;
       }},
  };
}

}  // namespace pacwar::witp::catalog_args
