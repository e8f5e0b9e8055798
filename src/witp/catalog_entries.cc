// The calculators of the catalog: argument lists and the calls into the section modules.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "witp/air_attrition_37.h"
#include "witp/air_training_58.h"
#include "witp/catalog.h"
#include "witp/catalog_args.h"
#include "witp/command_points_28.h"
#include "witp/fortification_39_7.h"
#include "witp/generals_26.h"
#include "witp/mining_56.h"
#include "witp/ms_conversion_57.h"
#include "witp/mtb_60_5.h"
#include "witp/supply_32.h"
#include "witp/tokyo_express_31_1.h"

namespace pacwar::witp {
namespace {

using namespace catalog_args;  // NOLINT(google-build-using-namespace)

std::vector<Calculator> command_point_calculators() {
  return {
      {"cp-gearing",
       "28.4",
       "gearing limit on CPs newly assigned to a HQ",
       {integer("previous-cycle-cps", "CPs newly assigned to the HQ last cycle"),
        integer_or("requested-cps", "CPs to assign this cycle", "0"),
        flag("newly-deployed", "the HQ is newly deployed (not merely redeployed)"),
        integer_or("side-allotment", "the side's CP allotment this cycle", "0")},
       false,
       [](Args& args, const Tables&) {
         GearingInput input;
         input.previous_cycle_cps = args.integer("previous-cycle-cps");
         input.requested_cps = args.integer("requested-cps");
         input.newly_deployed = args.flag("newly-deployed");
         input.side_allotment = args.integer("side-allotment");
         return to_json(gearing_limit(input));
       }},
      {"cp-future-ops",
       "28.5",
       "add CPs to the future operations pool",
       {bounded(integer("cps-added", "CPs added this Strategic G/T (at most 50)"), 0, 50),
        bounded(integer("cycles-ahead", "cycles ahead of the designated cycle (1-6)"), 1, 6),
        integer_or("pool-cps", "CPs already in the pool", "0")},
       false,
       [](Args& args, const Tables&) {
         FutureOpsInput input;
         input.cps_added = args.integer("cps-added");
         input.cycles_ahead = args.integer("cycles-ahead");
         input.pool_cps = args.integer("pool-cps");
         return to_json(future_ops_add(input));
       }},
      {"cp-reserve",
       "28.6.1",
       "CPs recorded when placed into reserve",
       {text("side", "allied or japanese"), integer("cps-placed", "CPs placed into reserve"),
        integer_or("cycle-total", "the side's CPs this cycle (needed for Allied: 50% cap)", ""),
        integer_or("ms-points", "Japanese MS Point total (needed for Japanese)", "")},
       true,
       [](Args& args, const Tables& tables) {
         ReserveInput input;
         input.side = parse_side("--side", args.text("side"));
         input.cps_placed = args.integer("cps-placed");
         if (input.side == Side::kAllied) {
           input.cycle_total = args.integer("cycle-total");
         } else {
           input.ms_points = args.integer("ms-points");
         }
         return to_json(reserve_placement(input, tables));
       }},
      {"cp-reserve-draw",
       "28.6.3",
       "CPs a HQ receives when spending reserve CPs",
       {integer("cps-spent", "reserve CPs spent"),
        flag("isolated", "the receiving HQ is isolated")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t spent = args.integer("cps-spent");
         return Json{{"section", "28.6.3"},
                     {"received", reserve_received(spent, args.flag("isolated"))}};
       }},
      {"cp-lend",
       "28.8",
       "CPs received when one HQ lends CPs to another",
       {integer("cps-sent", "CPs sent")},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "28.8"}, {"received", lending_received(args.integer("cps-sent"))}};
       }},
      {"cp-carry-over",
       "28.9",
       "CPs carried over at the end of a cycle",
       {integer_or("reserve-cps", "CPs in the side's reserve", "0"),
        list("hq-cps", "unused CPs of each HQ (repeat or list)")},
       false,
       [](Args& args, const Tables&) {
         CarryOverInput input;
         input.reserve_cps = args.integer("reserve-cps");
         input.hq_cps = args.integers("hq-cps");
         return to_json(carry_over(input));
       }},
      {"tokyo-express",
       "31.1",
       "CPs to establish or maintain the Tokyo Express and the ground steps it links",
       {integer_or("e-rating", "E rating of the commanding admiral (negative), to establish", ""),
        flag("maintain", "maintained in a later Strategic G/T: 2 CPs (31.1.4)"),
        die_or("dice", "2D6: ground steps linked for the coming cycle (31.1.5)", 2, 6)},
       false,
       [](Args& args, const Tables&) {
         const bool maintain = args.flag("maintain");
         if (maintain == args.has("e-rating")) {
           throw engine::UsageError(
               "--e-rating or --maintain: give one (establish with the admiral's E rating, or "
               "maintain)");
         }
         Json json = {{"section", "31.1"}};
         json["cps"] = maintain ? kTokyoExpressMaintainCps
                                : tokyo_express_establish_cps(args.integer("e-rating"));
         if (args.has("dice")) {
           json["ground_steps_linked"] = tokyo_express_steps_linked(args.die("dice", 2, 6));
         }
         return json;
       }},
      {"emergency-link",
       "31.5",
       "CP cost of activating a unit on an emergency command link",
       {integer("activation-cost", "the unit's activation cost")},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "31.5"},
                     {"total_cps", emergency_link_cost(args.integer("activation-cost"))}};
       }},
      {"emergency-sortie",
       "33.1.4",
       "CP cost and deficit penalty of an emergency reaction TF",
       {integer("base-cps", "CPs to activate the ships normally"),
        choice("range", "range band the triggering TF was first spotted at: short, medium, long",
               {"short", "medium", "long"}),
        flag("hq-activated", "the controlling HQ was already activated"),
        integer("cps-available", "CPs available (HQ, reserve, lending HQs)"),
        bounded(
            integer_or("si-level", "the reacting side's Strategic Intelligence level (1-4)", "1"),
            1, 4)},
       false,
       [](Args& args, const Tables&) {
         EmergencySortieInput input;
         input.base_cps = args.integer("base-cps");
         input.range = parse_range("--range", args.text("range"));
         input.hq_activated = args.flag("hq-activated");
         input.cps_available = args.integer("cps-available");
         input.si_level = args.integer("si-level");
         return to_json(emergency_sortie(input));
       }},
  };
}

std::vector<Calculator> other_calculators() {
  return {
      {"general-imparts",
       "26.1.2",
       "which general imparts his ratings",
       {die("die", "1D6", 1, 6), flag("on-site", "an on-site general is present"),
        flag("admiral", "the HQ commander is an admiral"), flag("isolated", "the hex is isolated")},
       false,
       [](Args& args, const Tables&) {
         ImpartingInput input;
         input.die = args.die("die", 1, 6);
         input.on_site_present = args.flag("on-site");
         input.hq_commander_admiral = args.flag("admiral");
         input.isolated = args.flag("isolated");
         return Json{{"section", "26.1.2"}, {"imparts", imparting_name(which_general(input))}};
       }},
      {"general-rating",
       "26.2.1",
       "the value of a random rating such as '+2 (6)/+1'",
       {text("rating", "the rating as printed, e.g. '+2 (5)/+1 (2)'"), die("die", "1D6", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const auto options = parse_rating("--rating", args.text("rating"));
         return Json{{"section", "26.2.1"},
                     {"rating", rating_for_die(options, args.die("die", 1, 6))}};
       }},
      {"general-tq",
       "26.2.2",
       "a unit's TQ with the general's modifier, halved when required",
       {integer("printed-tq", "the unit's printed TQ"),
        integer("modifier", "the general's TQ modifier (-2 to +2)"),
        flag("halved", "the TQ is halved (e.g. the unit is broken)")},
       false,
       [](Args& args, const Tables&) {
         TqInput input;
         input.printed_tq = args.integer("printed-tq");
         input.modifier = args.integer("modifier");
         input.halved = args.flag("halved");
         return Json{{"section", "26.2.2"}, {"tq", modified_tq(input)}};
       }},
      {"general-mp",
       "26.2.3",
       "a ground unit's MP allowance with the general's MP modifier",
       {integer("mp-modifier", "the general's MP modifier (-1 to +2)")},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "26.2.3"},
                     {"mp", ground_mp_allowance(args.integer("mp-modifier"))}};
       }},
      {"general-elimination",
       "26.4",
       "General Elimination Table",
       {die("dice", "2D6", 2, 6)},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "26.4"},
                     {"result", elimination_name(general_elimination(args.die("dice", 2, 6)))}};
       }},
      {"supply-distance",
       "32.1.1",
       "Total Supply Distance (2y)x and penalty category",
       {integer("ucs-distance", "y: hexes to the nearest Ultimate Command Source"),
        integer("supply-base-distance", "x: hexes to the nearest friendly supply base"),
        flag("distance-only", "do not look up the penalty category")},
       true,
       [](Args& args, const Tables& tables) {
         SupplyDistanceInput input;
         input.ucs_distance = args.integer("ucs-distance");
         input.supply_base_distance = args.integer("supply-base-distance");
         return to_json(args.flag("distance-only") ? supply_distance(input)
                                                   : supply_distance(input, tables));
       }},
      {"supply-relief",
       "32.4.1",
       "supply penalty levels relieved by MS load capacity",
       {choice("category", "the base's penalty category (A-F)", {"A", "B", "C", "D", "E", "F"}),
        integer("supply-base-distance", "hexes to the nearest supply base"),
        integer("load-assigned", "MS load capacity assigned"),
        flag("isolated", "the base is isolated")},
       true,
       [](Args& args, const Tables& tables) {
         SupplyReliefInput input;
         input.category = args.text("category");
         input.supply_base_distance = args.integer("supply-base-distance");
         input.load_assigned = args.integer("load-assigned");
         input.isolated = args.flag("isolated");
         return to_json(supply_relief(input, tables));
       }},
      {"air-attrition",
       "37.1",
       "APs of an air block lost to attrition",
       {choice("nationality", "us, or japanese/cw/anzac/dutch/chinese/soviet",
               {"us", "japanese", "cw", "anzac", "dutch", "chinese", "soviet", "other"}, "other"),
        integer("aps", "APs of the block deployed"),
        integer_or("doubled", "of those, APs counting double", "0")},
       false,
       [](Args& args, const Tables&) {
         AirAttritionInput input;
         input.nationality = parse_nationality("--nationality", args.text("nationality"));
         input.aps = args.integer("aps");
         input.doubled = args.integer("doubled");
         return to_json(air_attrition(input));
       }},
      {"air-attrition-ratio",
       "37.1.3",
       "most IJAAF APs among Japanese FTR or BMR losses",
       {choice("block", "ftr or bmr", {"ftr", "bmr"}),
        integer("losses", "APs the block must lose")},
       false,
       [](Args& args, const Tables&) {
         const JapaneseBlock block = parse_japanese_block("--block", args.text("block"));
         const std::int64_t losses = args.integer("losses");
         const std::int64_t army = max_army_losses(block, losses);
         return Json{{"section", "37.1.3"}, {"max_army", army}, {"min_navy", losses - army}};
       }},
      {"elite-attrition",
       "37.1.7",
       "chance that the elite AP is the one attrited",
       {integer("elite", "elite APs at the airbase"),
        integer("non-elite", "non-elite APs at the airbase")},
       false,
       [](Args& args, const Tables&) {
         const EliteChance chance =
             elite_attrition_chance(args.integer("elite"), args.integer("non-elite"));
         return Json{{"section", "37.1.7"},
                     {"chance",
                      std::to_string(chance.numerator) + "/" + std::to_string(chance.denominator)}};
       }},
      {"fortification",
       "39.7.3",
       "effective fortification strength for the defending steps",
       {integer("strength", "strength level (1-14)"), integer("size", "size level"),
        integer("steps", "defending ground steps in the hex")},
       false,
       [](Args& args, const Tables&) {
         FortInput input;
         input.strength = args.integer("strength");
         input.size = args.integer("size");
         input.steps = args.integer("steps");
         return to_json(fortification(input));
       }},
      {"mining",
       "56.4.2, 56.4.3",
       "Japanese MSPs lost to a strategic mining mission",
       {integer("aps", "APs assigned against the hex"),
        choice("target", "resource, major-port or minor-port",
               {"resource", "major-port", "minor-port"}, "resource"),
        integer_or("resource-value", "Co-Prosperity Sphere Resource hex value (target resource)",
                   ""),
        die("die", "1D6", 1, 6), flag("extended-range", "mission at extended range"),
        integer_or("japanese-si-levels", "levels of Japanese Strategic Initiative (0-5, 34.0)",
                   "0"),
        flag("night", "mission flown at night")},
       false,
       [](Args& args, const Tables&) {
         MiningInput input;
         input.aps = args.integer("aps");
         input.target = parse_mining_target("--target", args.text("target"));
         if (input.target == MiningTarget::kResourceHex) {
           if (!args.has("resource-value")) {
             throw engine::UsageError(
                 "--resource-value: required for a Co-Prosperity Sphere Resource hex (56.4.2)");
           }
           input.resource_value = args.integer("resource-value");
         } else if (args.has("resource-value")) {
           throw engine::UsageError("--resource-value: a port target's value is 5 or 3 (56.4.3)");
         }
         input.die = args.die("die", 1, 6);
         input.extended_range = args.flag("extended-range");
         input.japanese_si_levels = args.integer("japanese-si-levels");
         input.night = args.flag("night");
         return to_json(strategic_mining(input));
       }},
      {"msp-conversion",
       "57.5.1",
       "strategic MSPs from tactical MSUs, APBs or AOs",
       {choice("ship", "msu, apb or ao", {"msu", "apb", "ao"}, "msu"),
        list("load", "load (AO: fuel) capacity of each unit removed")},
       false,
       [](Args& args, const Tables&) {
         MsConversionInput input;
         input.ship = parse_converted_ship("--ship", args.text("ship"));
         input.load_capacities = args.integers("load");
         return to_json(msu_to_msp(input));
       }},
      {"air-training",
       "58.1",
       "green APs of one type at an airbase upgraded by a training mission (58.1 B)",
       {integer("weeks", "the numbered training weeks counter"),
        integer("green-aps", "green APs of the type at the airbase"), die("dice", "2D6", 2, 6),
        flag("japanese-outside-japan", "Japanese APs training outside Japan"),
        die_or("adverse-first-die", "outside Japan: first die of the adverse 2D6", 1, 6),
        die_or("adverse-second-die", "outside Japan: second die of the adverse 2D6", 1, 6),
        die_or("d10", "1D10 (0-9; 0 reads as ten), when the 2D6 succeeds", 1, 10)},
       false,
       [](Args& args, const Tables&) {
         AirTrainingInput input;
         input.weeks = args.integer("weeks");
         input.green_aps = args.integer("green-aps");
         input.japanese_outside_japan = args.flag("japanese-outside-japan");
         if (input.japanese_outside_japan != args.has("adverse-first-die") ||
             input.japanese_outside_japan != args.has("adverse-second-die")) {
           throw engine::UsageError(
               "--adverse-first-die, --adverse-second-die: give both exactly with "
               "--japanese-outside-japan");
         }
         // The adverse 2D6 is rolled beforehand (58.1 B), then the training 2D6.
         if (input.japanese_outside_japan) {
           input.adverse_first_die = args.die("adverse-first-die", 1, 6);
           input.adverse_second_die = args.die("adverse-second-die", 1, 6);
         }
         input.dice = args.die("dice", 2, 6);
         const AirTrainingResult first = air_training_first_roll(input);
         // "--d10 roll" rolls only when the 2D6 succeeded.
         if (first.success != args.has("d10") && !(args.is_roll("d10") && !first.success)) {
           throw engine::UsageError(first.success ? "--d10: required: the 2D6 succeeded (58.1 B)"
                                                  : "--d10: no 1D10 after a failed 2D6 (58.1 B)");
         }
         if (first.success) input.d10 = args.die("d10", 1, 10);
         return to_json(air_training(input));
       }},
      {"mtb-available",
       "60.5.4",
       "MTB points available to attack a TF",
       {die("dice", "2D6", 2, 6), flag("located", "the TF was previously located"),
        flag("night", "the attack is at night"),
        integer_or("mtb-points", "MTB points in the MTBRon", "12")},
       false,
       [](Args& args, const Tables&) {
         MtbAvailableInput input;
         input.dice = args.die("dice", 2, 6);
         input.located = args.flag("located");
         input.night = args.flag("night");
         input.mtb_points = args.integer("mtb-points");
         return Json{{"section", "60.5.4"}, {"available", mtb_points_available(input)}};
       }},
      {"mtb-counterattack",
       "60.5.4",
       "MTB points sunk by the automatic counter-attack",
       {integer("screened", "MTB points screened"), die("dice", "2D6", 2, 6)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t screened = args.integer("screened");
         return Json{{"section", "60.5.4"},
                     {"sunk", mtb_counterattack_losses(screened, args.die("dice", 2, 6))}};
       }},
      {"mtb-air-attack",
       "60.5.6",
       "equivalent anti-ship value of APs attacking an MTBRon",
       {integer("aps", "attacking APs"), integer("air-combat", "Air Combat value at LOW"),
        integer_or("combat-result", "Air/Surface Damage Table result, if known", ""),
        integer_or("mtb-points", "MTB points present (with --combat-result)", "")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t aps = args.integer("aps");
         Json json = {{"section", "60.5.6"},
                      {"anti_ship_value", mtb_air_attack_value(aps, args.integer("air-combat"))}};
         if (args.has("combat-result")) {
           const std::int64_t result = args.integer("combat-result");
           json["mtb_sunk"] = mtb_air_losses(result, args.integer("mtb-points"));
         }
         return json;
       }},
      {"mtb-attrition",
       "60.5.8",
       "on-map MTB points lost to attrition",
       {integer("on-map-points", "on-map MTB points"), die("d10", "1D10 (0 reads 10)", 1, 10)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t points = args.integer("on-map-points");
         return Json{{"section", "60.5.8"},
                     {"lost", mtb_attrition_losses(points, args.die("d10", 1, 10))}};
       }},
  };
}

std::vector<int> section_numbers(const std::string& section) {
  std::vector<int> numbers;
  int value = 0;
  bool digits = false;
  for (char ch : section) {
    if (ch >= '0' && ch <= '9') {
      value = value * 10 + (ch - '0');
      digits = true;
    } else if (digits) {
      numbers.push_back(value);
      value = 0;
      digits = false;
      if (ch != '.') break;
    }
  }
  if (digits) numbers.push_back(value);
  return numbers;
}

}  // namespace

const std::vector<Calculator>& calculators() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<Calculator>& all = *new const std::vector<Calculator>([] {
    std::vector<Calculator> list = other_calculators();
    std::vector<Calculator> cps = command_point_calculators();
    list.insert(list.end(), cps.begin(), cps.end());
    for (auto more : {naval_calculators(), strategic_calculators(), ground_calculators()}) {
      list.insert(list.end(), more.begin(), more.end());
    }
    // Rule-section order, numerically ("28.6.1" before "28.10").
    std::stable_sort(list.begin(), list.end(), [](const Calculator& a, const Calculator& b) {
      return section_numbers(a.section) < section_numbers(b.section);
    });
    return list;
  }());
  return all;
}

}  // namespace pacwar::witp
