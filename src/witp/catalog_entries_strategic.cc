// Catalog entries: strategic intelligence and Magic (42), strategic bombing and A-bombs (55).
#include <string>
#include <vector>

#include "engine/errors.h"
#include "witp/catalog.h"
#include "witp/catalog_args.h"
#include "witp/chit_cups.h"
#include "witp/command_points_28.h"
#include "witp/strategic_bombing_55.h"
#include "witp/strategic_intelligence_42.h"

namespace pacwar::witp::catalog_args {

std::vector<Calculator> strategic_calculators() {
  return {
      {"si-level",
       "42.5.3",
       "a side's SI level for the cycle from the chit drawn and its modifiers",
       {text("side", "allied or japanese"), integer("drawn", "the SI level chit drawn"),
        integer_or("si-plus-chits", "Japanese: SI +1 chits picked before the level chit", "0"),
        flag("doolittle", "Allied: a Doolittle Raid +1 counter this cycle (42.6)"),
        flag("jn25", "Allied: a JN-25 Code Change takes effect this cycle (42.8)")},
       false,
       [](Args& args, const Tables&) {
         const Side side = parse_side("--side", args.text("side"));
         const std::int64_t drawn = args.integer("drawn");
         std::int64_t level = 0;
         if (side == Side::kJapanese) {
           level = japanese_si_level(drawn, args.integer("si-plus-chits"));
         } else {
           level = allied_si_level(drawn, args.flag("doolittle"), args.flag("jn25"));
         }
         return Json{{"section", "42.5.3"}, {"si_level", level}};
       }},
      {"si-effects",
       "42.2.2",
       "Sigint uses and Magic draws from the SI differential (optional 42.2.3 with dice)",
       {bounded(integer("allied-level", "Allied SI level 1-4"), 1, 4),
        bounded(integer("japanese-level", "Japanese SI level 1-3"), 1, 3),
        integer_or("first-die", "42.2.3 optional: first die of 2D6", ""),
        integer_or("second-die", "42.2.3 optional: second die", ""),
        choice("plus-two", "42.2.3 at +2: designate-first, designate-second or split",
               {"designate-first", "designate-second", "split"}, "designate-first")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t allied = args.integer("allied-level");
         const std::int64_t japanese = args.integer("japanese-level");
         if (!args.has("first-die")) return to_json(si_effects(allied, japanese));
         RandomSiInput input;
         input.allied_level = allied;
         input.japanese_level = japanese;
         input.first_die = args.integer("first-die");
         input.second_die = args.integer("second-die");
         input.plus_two = args.text("plus-two");
         Json json = to_json(random_si_effects(input));
         json["section"] = "42.2.3";
         return json;
       }},
      {"sigint-cards",
       "42.3.1",
       "Japanese TF plot cards a Sigint event lets the Allies see",
       {die("die", "1D6", 1, 6), integer("plot-cards", "Japanese TF plot cards")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t die = args.die("die", 1, 6);
         return Json{{"section", "42.3.1"},
                     {"cards", sigint_cards(die, args.integer("plot-cards"))}};
       }},
      {"magic-draw",
       "42.4",
       "draw Magic chits from the 62-chit cup with the engine's RNG",
       {integer("chits", "Magic chits to draw")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t count = args.integer("chits");
         const ChitCups cups = load_chit_cups(default_chit_cups_file());
         const MagicDraw draw = draw_magic(cups, count, args.rng("draw Magic chits"));
         return Json{{"section", "42.4"},
                     {"drawn", draw.chits},
                     {"extra_draw_rolls", draw.extra_rolls},
                     {"japanese_si_plus_chits_per_chit_played", 1}};
       },
       true},
      {"yamamoto",
       "42.7",
       "the Yamamoto Mission: CPs lost by Yamamoto's HQ, the HQs in its radius and the reserve "
       "(Bombardment of Air Points Table), Koga's cost and Japan's SI +1 chits",
       {integer("hq-cps", "CPs allocated this cycle to the HQ Yamamoto commanded"),
        integer_or("hq-left", "of them, CPs not yet spent or lent (default: all)", ""),
        make("other-hq-cps", ArgKind::kIntegerList,
             "CPs allocated this cycle to each non-army HQ in its Command Radius", false),
        make("other-hq-left", ArgKind::kIntegerList,
             "of them, CPs not yet spent or lent, in the same order (default: all)", false),
        integer("reserve-cps", "CPs in the Japanese reserve pool"),
        die_or("reserve-dice", "2D6 on the reserve's column (when the reserve holds CPs)", 2, 6),
        choice("koga-paid-from",
               "reserve or hq: who pays Koga's 10 CPs; none if Adm. Koga is not unassigned",
               {"reserve", "hq", "none"}),
        die("si-dice", "2D6: Japan's SI +1 chits", 2, 6)},
       true,
       [](Args& args, const Tables& tables) {
         YamamotoInput input;
         input.hq.allocated = args.integer("hq-cps");
         input.hq.left = args.has("hq-left") ? args.integer("hq-left") : input.hq.allocated;
         require_at_most("--hq-left", input.hq.left, "--hq-cps", input.hq.allocated);
         if (args.has("other-hq-cps")) {
           const std::vector<std::int64_t> allocated = args.integers("other-hq-cps");
           std::vector<std::int64_t> left = allocated;
           if (args.has("other-hq-left")) {
             left = args.integers("other-hq-left");
             if (left.size() != allocated.size()) {
               throw engine::UsageError("--other-hq-left: give one value per --other-hq-cps");
             }
           }
           for (std::size_t i = 0; i < allocated.size(); ++i) {
             require_at_most("--other-hq-left", left[i], "--other-hq-cps", allocated[i]);
             input.others.push_back({allocated[i], left[i]});
           }
         } else if (args.has("other-hq-left")) {
           throw engine::UsageError("--other-hq-left: needs --other-hq-cps");
         }
         input.reserve_cps = args.integer("reserve-cps");
         if (input.reserve_cps > 0) {
           if (!args.has("reserve-dice")) {
             throw engine::UsageError("--reserve-dice: required when the reserve holds CPs");
           }
           input.reserve_dice = args.die("reserve-dice", 2, 6);
         }
         input.koga = parse_koga_paid_from("--koga-paid-from", args.text("koga-paid-from"));
         input.si_dice = args.die("si-dice", 2, 6);
         return to_json(yamamoto_mission(input, tables));
       }},
      {"jn25",
       "42.8",
       "does a JN-25 Code Change take effect (2D6 doubles or 7)",
       {die("first-die", "first die", 1, 6), die("second-die", "second die", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t first = args.die("first-die", 1, 6);
         const bool effective = jn25_takes_effect(first, args.die("second-die", 1, 6));
         return Json{{"section", "42.8"},
                     {"takes_effect", effective},
                     {"allied_si_change", effective ? -2 : 0}};
       }},
      {"strategic-aa",
       "55.3.1",
       "AA value of a Japanese homeland center against a strategic strike",
       {integer_or("resource-value", "Resource Center point value, if it is the target", "0"),
        integer_or("facilities-aa", "AA value of the port and A/F in the hex", "0"),
        integer_or("industrial-centers", "Industrial Centers in the hex", "0")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t resource = args.integer("resource-value");
         const std::int64_t facilities = args.integer("facilities-aa");
         return Json{
             {"section", "55.3.1"},
             {"aa", homeland_center_aa(resource, facilities, args.integer("industrial-centers"))}};
       }},
      {"strike-split",
       "55.3.3",
       "a strategic strike above 176 bombardment strength divided",
       {integer("strength", "bombardment strength of the strike")},
       false,
       [](Args& args, const Tables&) {
         return Json{{"section", "55.3.3"},
                     {"strikes", split_strategic_strike(args.integer("strength"))}};
       }},
      {"strategic-strike",
       "55.3",
       "damage by one strategic strike (or carrier raid) on a Japanese center (Bombardment of "
       "Ports & Airbases Table)",
       {integer("strength", "bombardment strength of the surviving APs (at most 176, 55.3.3)"),
        die("dice", "2D6", 2, 6),
        integer_or("drm", "net DRM of the bombardment procedure (Rule Book I)", "0"),
        flag("red-industrial-center", "the target is an Industrial Center printed in red"),
        die_or("red-die", "1D6 added for a red Industrial Center", 1, 6),
        flag("carrier-raid", "a carrier raid during a regular G/T (55.3.4)"),
        die_or("raid-first-die", "carrier raid: first die of the column shift 2D6", 1, 6),
        die_or("raid-second-die", "carrier raid: second die of the column shift 2D6", 1, 6),
        choice("current-damage", "the center's damage now: none, S, D1-D4",
               {"none", "S", "D1", "D2", "D3", "D4"}, "none"),
        flag("incendiary", "a fire-bombing strike (from 0/3/45, 55.5)"),
        flag("fire-bombed", "the center already carries a Fire Bombing marker (55.5.1)")},
       true,
       [](Args& args, const Tables& tables) {
         StrategicStrikeInput input;
         input.strength = args.integer("strength");
         if (input.strength > 176) {
           throw engine::UsageError(
               "--strength: above 176 the strike divides (55.3.3): pacwar "
               "witp strike-split --strength " +
               std::to_string(input.strength) + ", then one roll each");
         }
         input.dice = args.die("dice", 2, 6);
         input.drm = args.integer("drm");
         input.red_industrial_center = args.flag("red-industrial-center");
         if (input.red_industrial_center != args.has("red-die")) {
           throw engine::UsageError("--red-die: give it exactly when --red-industrial-center");
         }
         if (input.red_industrial_center) input.red_die = args.die("red-die", 1, 6);
         input.carrier_raid = args.flag("carrier-raid");
         if (input.carrier_raid != args.has("raid-first-die") ||
             input.carrier_raid != args.has("raid-second-die")) {
           throw engine::UsageError(
               "--raid-first-die, --raid-second-die: give both exactly when --carrier-raid");
         }
         if (input.carrier_raid) {
           input.raid_first_die = args.die("raid-first-die", 1, 6);
           input.raid_second_die = args.die("raid-second-die", 1, 6);
         }
         input.current_damage = parse_damage_level("--current-damage", args.text("current-damage"));
         input.incendiary = args.flag("incendiary");
         input.current_incendiary = args.flag("fire-bombed");
         return to_json(strategic_strike(input, tables));
       }},
      {"bomb-repair",
       "55.4",
       "Japanese bomb damage repair attempt",
       {bounded(integer("damage", "damage level: 0 suppressed, 1-4 D1-D4"), 0, 4),
        die("die", "1D6", 1, 6),
        integer_or("attempt", "repair attempt number this Strategic G/T", "1"),
        flag("outside-japan-no-engineer", "the target is outside Japan with no ENGR unit"),
        flag("fire-bombed", "the damage is incendiary (55.5)")},
       false,
       [](Args& args, const Tables&) {
         BombRepairInput input;
         input.damage = args.integer("damage");
         input.die = args.die("die", 1, 6);
         input.attempt = args.integer("attempt");
         input.outside_japan_without_engineer = args.flag("outside-japan-no-engineer");
         input.fire_bombed = args.flag("fire-bombed");
         return to_json(bomb_damage_repair(input));
       }},
      {"fire-bomb-si",
       "55.5.4",
       "Strategic Initiative shift from a successful fire-bombing raid",
       {die("d10", "1D10 (0 reads zero)", 1, 10),
        integer("damage-levels", "damage levels the raid inflicted"),
        integer("si-level", "current Strategic Initiative level"),
        flag("allied-favour", "the SI level is in the Allies' favour")},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t d10 = args.die("d10", 1, 10);
         const std::int64_t levels = args.integer("damage-levels");
         const FireBombSiResult result =
             fire_bombing_si(d10, levels, args.integer("si-level"), args.flag("allied-favour"));
         return Json{{"section", "55.5.4"},
                     {"modified_dr", result.modified},
                     {"si_shift", result.shift ? 1 : 0}};
       }},
      {"abomb-dud",
       "55.6.1",
       "is the 1st A-bomb a dud (2D10 reading 00)",
       {die("first-d10", "first 1D10", 1, 10), die("second-d10", "second 1D10", 1, 10)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t first = args.die("first-d10", 1, 10);
         return Json{{"section", "55.6.1"},
                     {"dud", first_abomb_dud(first, args.die("second-d10", 1, 10))}};
       }},
      {"abomb-collateral",
       "55.6.2",
       "Japanese replacement level and reserve CPs after an A-bomb",
       {integer("replacement-level", "Japanese ground replacement level"),
        integer("reserve-cps", "CPs in the Japanese reserve"), die("replacement-die", "1D6", 1, 6),
        die("reserve-die", "1D6", 1, 6)},
       false,
       [](Args& args, const Tables&) {
         const std::int64_t level = args.integer("replacement-level");
         const std::int64_t reserve = args.integer("reserve-cps");
         const std::int64_t first = args.die("replacement-die", 1, 6);
         const AbombCollateral result =
             abomb_collateral(level, reserve, first, args.die("reserve-die", 1, 6));
         return Json{{"section", "55.6.2"},
                     {"replacement_level", result.replacement_level},
                     {"reserve_cps", result.reserve_cps},
                     {"damage", "D4 on every port, A/F and rail line in the hex"}};
       }},
      {"abomb-available",
       "55.6.3",
       "is a 3rd or 4th A-bomb available",
       {flag("two-used-in-8-45", "both A-bombs were used in G/T 0/8/45"),
        integer_or("bombs-received", "A-bombs received so far", "2"),
        integer("gts-after-9-45", "Strategic G/Ts after 0/9/45 (0 at 0/9/45)"),
        die("d10", "1D10 (0 reads ten)", 1, 10)},
       false,
       [](Args& args, const Tables&) {
         const bool used = args.flag("two-used-in-8-45");
         const std::int64_t received = args.integer("bombs-received");
         const std::int64_t gts = args.integer("gts-after-9-45");
         return to_json(abomb_availability(used, received, gts, args.die("d10", 1, 10)));
       }},
  };
}

}  // namespace pacwar::witp::catalog_args
