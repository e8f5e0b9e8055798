#include "witp/postings.h"

#include "engine/errors.h"
#include "witp/base_log.h"
#include "witp/catalog_args.h"
#include "witp/command_points_28.h"
#include "witp/ledgers.h"

namespace pacwar::witp {
namespace {

using catalog_args::text;
using catalog_args::text_or;

ArgSpec side_arg() { return text("side", "allied or japanese: the side whose HQ pays the CPs"); }
ArgSpec hq_arg() { return text("hq", "the HQ that pays the CPs (28.2)"); }

std::int64_t number(const Json& run, const char* key) {
  const Json& result = run.at("result");
  if (!result.contains(key) || !result[key].is_number_integer()) {
    throw engine::UsageError("internal: " + run.value("calculator", std::string()) + " gave no '" +
                             key + "' to post");
  }
  return result[key].get<std::int64_t>();
}

std::string spend(Json& books, std::int64_t cycle, Args& args, const std::string& side,
                  std::int64_t cps, const std::string& what) {
  return spend_cps(books, cycle, side, args.text("hq"), cps, what);
}

}  // namespace

const std::vector<Posting>& postings() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<Posting>& list = *new const std::vector<Posting>{
      {"tokyo-express", "CPs spent by the Japanese HQ (31.1, 31.4)", {hq_arg()}},
      {"emergency-link", "CPs spent by the HQ (31.5)", {side_arg(), hq_arg()}},
      {"seaplane-base", "CPs spent by the HQ (60.8.2)", {side_arg(), hq_arg()}},
      {"cadre-release", "CPs spent by the Allied HQ (44.4.5)", {hq_arg()}},
      {"cadre-replacement", "CPs spent by the Allied HQ (44.4.5)", {hq_arg()}},
      {"hq-cost", "CPs spent by the HQ paying (29.3)", {side_arg(), hq_arg()}},
      {"railcap-raise", "CPs spent by the HQ (35.5)", {side_arg(), hq_arg()}},
      {"naval-repair",
       "the ship entered in the Ship Repair Log with the G/Ts of each level (36.0, 36.1)",
       {text("name", "the ship's name in the Ship Repair Log (36.0)"),
        text_or("note", "a note kept with the entry", "")}},
      {"maximum-effort",
       "the maximum effort's CPs spent by the HQ controlling the port (36.4.3)",
       {side_arg(), hq_arg()}},
      {"supply-distance",
       "the base's distances and category in the Base Log (32.1.1)",
       {text("base", "the base's name in the Base Log"),
        text("side", "allied or japanese: whose base")}},
      {"mining",
       "MSPs lost to mining and the hex mined this Strategic G/T (56.4, 56.4.4)",
       {text("hex", "the Resource or homeland port hex mined (56.4.4: once per Strategic G/T)")}},
      {"msp-conversion", "MSPs on the Reinforcement Schedule for the next cycle (57.5.1)", {}},
      {"china-garrison", "the China garrison count after the surrender (47.17)", {}},
      {"railcap-demolition",
       "the country's one Railcap demolition attempt, and its CPs (35.7.1)",
       {text("country", "the country or territory (one attempt per game)"),
        text_or("side", "the side whose HQ pays the CPs for DRMs", ""),
        text_or("hq", "the HQ that pays the CPs for DRMs", "")}},
  };
  return list;
}

const Posting* find_posting(const std::string& calculator) {
  for (const Posting& posting : postings()) {
    if (posting.calculator == calculator) return &posting;
  }
  return nullptr;
}

std::string post_result(Campaign& campaign, const Json& run,
                        std::map<std::string, std::vector<std::string>> values) {
  const std::string name = run.value("calculator", std::string());
  const Posting* posting = find_posting(name);
  if (posting == nullptr) {
    throw engine::UsageError("--campaign: " + name + "'s result changes no book");
  }
  for (const ArgSpec& spec : posting->args) {
    if (spec.required && values[spec.name].empty()) {
      throw engine::UsageError("--" + spec.name + ": required with --campaign (" + spec.help + ")");
    }
  }
  Args args(values);
  const Json& inputs = run.at("inputs");
  std::string description = name;
  for (const auto& [key, given] : values) {
    for (const std::string& value : given) description += " --" + key + " " + value;
  }
  description += " => " + run.at("result").dump();
  const std::int64_t cycle = campaign.cycle();
  return campaign.change(description, [&](Json& books) -> std::string {
    if (name == "tokyo-express") {
      return spend(books, cycle, args, "japanese", number(run, "cps"), "the Tokyo Express (31.1)");
    }
    if (name == "emergency-link") {
      return spend(books, cycle, args, args.text("side"), number(run, "total_cps"),
                   "an emergency command link (31.5)");
    }
    if (name == "seaplane-base") {
      return spend(books, cycle, args, args.text("side"), number(run, "cps"),
                   "seaplane base construction (60.8.2)");
    }
    if (name == "cadre-release") {
      return spend(books, cycle, args, "allied", number(run, "early_release_cps"),
                   "a cadre unit's early release (44.4.5)");
    }
    if (name == "cadre-replacement") {
      return spend(books, cycle, args, "allied", number(run, "cps"),
                   "cadre ground replacement steps (44.4.5)");
    }
    if (name == "hq-cost") {
      if (inputs.value("from-reserve", false)) {
        throw engine::UsageError(
            "--from-reserve: CPs from the reserve are drawn with book FILE draw-reserve "
            "(28.6.3), then spent from the HQ");
      }
      return spend(books, cycle, args, args.text("side"), number(run, "cps"),
                   "a HQ's " + inputs.value("action", std::string("activation")) + " (29.3)");
    }
    if (name == "railcap-raise") {
      return spend(books, cycle, args, args.text("side"), number(run, "cps"),
                   "Railcap raised (35.5)");
    }
    if (name == "naval-repair") {
      RepairEntry entry;
      entry.ship = args.text("name");
      entry.side = side_name(parse_side("--side", inputs.at("side").get<std::string>()));
      entry.type = inputs.at("ship").get<std::string>();
      entry.damage = inputs.at("damage").get<std::int64_t>();
      entry.repair_dr = inputs.at("dice").get<std::int64_t>();
      entry.maximum_effort = inputs.value("maximum-effort", false);
      const Json& levels = run.at("result").at("gts_per_level");
      for (const char* level : {"D1", "D2", "D3", "D4"}) {
        if (levels.contains(level))
          entry.gts_per_level.push_back(levels[level].get<std::int64_t>());
      }
      if (args.has("note") && !args.text("note").empty()) entry.note = args.text("note");
      return enter_repair(books, cycle, std::move(entry));
    }
    if (name == "maximum-effort") {
      if (!run.at("result").value("maximum_effort", false)) {
        throw engine::UsageError(
            "--cps-available: the maximum effort is not affordable; 36.4.3 takes the HQ below "
            "0 CPs, which the books do not hold: record the repair without maximum effort");
      }
      return spend(books, cycle, args, args.text("side"), number(run, "cost"),
                   "a maximum effort repair (36.4.3)");
    }
    if (name == "supply-distance") {
      BaseLog log = read_base_log(books);
      BaseEntry entry;
      entry.side = side_name(parse_side("--side", args.text("side")));
      entry.ucs_distance = inputs.at("ucs-distance").get<std::int64_t>();
      entry.supply_base_distance = inputs.at("supply-base-distance").get<std::int64_t>();
      entry.total_supply_distance = number(run, "total_supply_distance");
      const Json& category = run.at("result").at("category");
      if (category.is_string()) {
        entry.category = category.get<std::string>();
      } else {
        entry.category_note = "not looked up (--distance-only)";
      }
      const std::string base = args.text("base");
      log[base] = entry;
      write(books, log);
      return base + ": Total Supply Distance " + std::to_string(entry.total_supply_distance) +
             ", category " + entry.category.value_or("unknown") + " (Base Log, 32.1.1)";
    }
    if (name == "mining") {
      const std::string hex = args.text("hex");
      record_mining_attack(books, cycle, hex);
      const std::string section = run.at("result").value("section", std::string("56.4"));
      return lose_msp(books, cycle, "mining", number(run, "msp_lost"), hex, section);
    }
    if (name == "msp-conversion") {
      return convert_to_msp(books, cycle, number(run, "msp_gained"),
                            inputs.value("ship", std::string("msu")));
    }
    if (name == "china-garrison")
      return record_garrison(books, cycle, number(run, "garrison_points"));
    if (name == "railcap-demolition") {
      const bool passed = run.at("result").value("tq_check", std::string()) == "passed";
      std::string summary = record_railcap_demolition(books, cycle, args.text("country"), passed,
                                                      number(run, "railcap_destroyed"));
      const std::int64_t cps = inputs.value("cps", std::int64_t{0});
      if (cps > 0) {
        if (!args.has("hq") || !args.has("side")) {
          throw engine::UsageError("--side and --hq: the HQ that paid the " + std::to_string(cps) +
                                   " CPs for DRMs (35.6)");
        }
        summary += "; " + spend(books, cycle, args, args.text("side"), cps,
                                "demolition DRMs (35.7.1, 35.6)");
      }
      return summary;
    }
    throw engine::UsageError("--campaign: " + name + "'s result changes no book");
  });
}

}  // namespace pacwar::witp
