#include "witp/ledgers.h"

#include <algorithm>

#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/china_47.h"

namespace pacwar::witp {
namespace {

const std::vector<std::string> kLossCauses = {"mining", "submarines", "to-msu", "other"};
const std::vector<std::string> kConversionSources = {"msu", "apb", "ao"};

std::string str(const Json& object, const char* key) { return object.value(key, std::string()); }

}  // namespace

MerchantShipping read_merchant_shipping(const Json& books) {
  MerchantShipping ledger;
  if (!books.contains("merchant_shipping")) return ledger;
  const Json& json = books["merchant_shipping"];
  if (!json["msp"].is_null()) ledger.msp = json["msp"].get<std::int64_t>();
  for (const Json& loss : json["losses"]) {
    ledger.losses.push_back({str(loss, "cycle"), str(loss, "cause"),
                             loss["msp"].get<std::int64_t>(), str(loss, "where"),
                             str(loss, "section")});
  }
  for (const Json& item : json["pending"]) {
    ledger.pending.push_back(
        {str(item, "arrives"), item["msp"].get<std::int64_t>(), str(item, "source")});
  }
  return ledger;
}

void write(Json& books, const MerchantShipping& ledger) {
  Json losses = Json::array();
  for (const MspLoss& loss : ledger.losses) {
    Json entry = {
        {"cycle", loss.cycle}, {"cause", loss.cause}, {"msp", loss.msp}, {"section", loss.section}};
    if (!loss.where.empty()) entry["where"] = loss.where;
    losses.push_back(entry);
  }
  Json pending = Json::array();
  for (const MspConversion& item : ledger.pending) {
    pending.push_back({{"arrives", item.arrives}, {"msp", item.msp}, {"source", item.source}});
  }
  books["merchant_shipping"] = {{"msp", ledger.msp ? Json(*ledger.msp) : Json(nullptr)},
                                {"losses", losses},
                                {"pending", pending}};
}

MiningAttacks read_mining_attacks(const Json& books) {
  MiningAttacks ledger;
  if (!books.contains("mining_attacks")) return ledger;
  ledger.cycle = str(books["mining_attacks"], "cycle");
  ledger.hexes = books["mining_attacks"]["hexes"].get<std::vector<std::string>>();
  return ledger;
}

void write(Json& books, const MiningAttacks& ledger) {
  books["mining_attacks"] = {{"cycle", ledger.cycle}, {"hexes", ledger.hexes}};
}

ChinaLedger read_china(const Json& books) {
  ChinaLedger ledger;
  if (!books.contains("china")) return ledger;
  const Json& json = books["china"];
  if (!json["surrendered"].is_null()) ledger.surrendered = json["surrendered"].get<std::string>();
  for (const Json& check : json["garrison"]) {
    ledger.garrison.push_back({str(check, "cycle"), check["points"].get<std::int64_t>(),
                               check["sufficient"].get<bool>()});
  }
  return ledger;
}

void write(Json& books, const ChinaLedger& ledger) {
  Json garrison = Json::array();
  for (const GarrisonCheck& check : ledger.garrison) {
    garrison.push_back(
        {{"cycle", check.cycle}, {"points", check.points}, {"sufficient", check.sufficient}});
  }
  books["china"] = {{"surrendered", ledger.surrendered ? Json(*ledger.surrendered) : Json(nullptr)},
                    {"garrison", garrison}};
}

RailcapDemolitions read_railcap_demolitions(const Json& books) {
  RailcapDemolitions ledger;
  if (!books.contains("railcap_demolitions")) return ledger;
  for (const auto& [country, entry] : books["railcap_demolitions"].items()) {
    ledger[country] = {str(entry, "cycle"), entry["tq_check_passed"].get<bool>(),
                       entry["railcap_destroyed"].get<std::int64_t>()};
  }
  return ledger;
}

void write(Json& books, const RailcapDemolitions& ledger) {
  Json json = Json::object();
  for (const auto& [country, entry] : ledger) {
    json[country] = {{"cycle", entry.cycle},
                     {"tq_check_passed", entry.tq_check_passed},
                     {"railcap_destroyed", entry.railcap_destroyed}};
  }
  books["railcap_demolitions"] = json;
}

void check_ledgers(SchemaChecker& check, const Json& books, const std::string& root) {
  if (books.contains("merchant_shipping")) {
    const Json& json = books["merchant_shipping"];
    const std::string at = root + ".merchant_shipping";
    const std::string rule = "56.4, 57 merchant shipping";
    if (check.object(json, at, rule)) {
      check.fields(json, at, {"msp", "losses", "pending"}, {}, rule);
      if (!json.value("msp", Json()).is_null()) {
        check.integer(json["msp"], at + ".msp", 0, kMostPoints, "57: the Japanese MSP total");
      }
      if (check.array(json.value("losses", Json()), at + ".losses", rule)) {
        for (std::size_t i = 0; i < json["losses"].size(); ++i) {
          const Json& loss = json["losses"][i];
          const std::string item = at + ".losses[" + std::to_string(i) + "]";
          if (!check.object(loss, item, rule)) continue;
          check.fields(loss, item, {"cycle", "cause", "msp", "section"}, {"where"}, rule);
          check.cycle_label(loss.value("cycle", Json()), item + ".cycle", rule);
          check.word(loss.value("cause", Json()), item + ".cause", kLossCauses, rule);
          check.integer(loss.value("msp", Json()), item + ".msp", 0, kMostPoints, rule);
          check.text(loss.value("section", Json()), item + ".section", rule);
          if (loss.contains("where")) check.text(loss["where"], item + ".where", rule);
        }
      }
      if (check.array(json.value("pending", Json()), at + ".pending", "57.5.1")) {
        for (std::size_t i = 0; i < json["pending"].size(); ++i) {
          const Json& item = json["pending"][i];
          const std::string path = at + ".pending[" + std::to_string(i) + "]";
          if (!check.object(item, path, "57.5.1")) continue;
          check.fields(item, path, {"arrives", "msp", "source"}, {}, "57.5.1");
          check.cycle_label(item.value("arrives", Json()), path + ".arrives", "57.5.1");
          check.integer(item.value("msp", Json()), path + ".msp", 0, kMostPoints, "57.5.1");
          check.word(item.value("source", Json()), path + ".source", kConversionSources,
                     "57.5.1, 57.5.3, 57.5.4");
        }
      }
    }
  }
  if (books.contains("mining_attacks")) {
    const Json& json = books["mining_attacks"];
    const std::string at = root + ".mining_attacks";
    if (check.object(json, at, "56.4.4")) {
      check.fields(json, at, {"cycle", "hexes"}, {}, "56.4.4");
      check.cycle_label(json.value("cycle", Json()), at + ".cycle", "56.4.4");
      if (check.array(json.value("hexes", Json()), at + ".hexes", "56.4.4")) {
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < json["hexes"].size(); ++i) {
          const std::string path = at + ".hexes[" + std::to_string(i) + "]";
          if (!check.text(json["hexes"][i], path, "56.4.4")) continue;
          const std::string hex = json["hexes"][i].get<std::string>();
          if (std::find(seen.begin(), seen.end(), hex) != seen.end()) {
            check.fail(path, hex + " mined twice in one Strategic G/T (56.4.4: once)");
          }
          seen.push_back(hex);
        }
      }
    }
  }
  if (books.contains("china")) {
    const Json& json = books["china"];
    const std::string at = root + ".china";
    if (check.object(json, at, "47.17")) {
      check.fields(json, at, {"surrendered", "garrison"}, {}, "47.17");
      if (!json.value("surrendered", Json()).is_null()) {
        check.cycle_label(json["surrendered"], at + ".surrendered", "47.17");
      }
      if (check.array(json.value("garrison", Json()), at + ".garrison", "47.17")) {
        for (std::size_t i = 0; i < json["garrison"].size(); ++i) {
          const Json& item = json["garrison"][i];
          const std::string path = at + ".garrison[" + std::to_string(i) + "]";
          if (!check.object(item, path, "47.17")) continue;
          check.fields(item, path, {"cycle", "points", "sufficient"}, {}, "47.17");
          check.cycle_label(item.value("cycle", Json()), path + ".cycle", "47.17");
          if (check.integer(item.value("points", Json()), path + ".points", 0, kMostPoints,
                            "47.17 garrison points") &&
              check.boolean(item.value("sufficient", Json()), path + ".sufficient", "47.17") &&
              item["sufficient"].get<bool>() !=
                  (item["points"].get<std::int64_t>() >= kChinaGarrisonRequired)) {
            check.fail(path + ".sufficient", "must say whether the points reach " +
                                                 std::to_string(kChinaGarrisonRequired) +
                                                 " (47.17)");
          }
        }
      }
    }
  }
  if (books.contains("railcap_demolitions")) {
    const Json& json = books["railcap_demolitions"];
    const std::string at = root + ".railcap_demolitions";
    if (check.object(json, at, "35.7.1")) {
      for (const auto& [country, entry] : json.items()) {
        const std::string path = at + "." + country;
        if (!check.object(entry, path, "35.7.1: one attempt per country")) continue;
        check.fields(entry, path, {"cycle", "tq_check_passed", "railcap_destroyed"}, {}, "35.7.1");
        check.cycle_label(entry.value("cycle", Json()), path + ".cycle", "35.7.1");
        check.boolean(entry.value("tq_check_passed", Json()), path + ".tq_check_passed", "35.7.1");
        check.integer(entry.value("railcap_destroyed", Json()), path + ".railcap_destroyed", 0,
                      kMostPoints, "35.7.1");
      }
    }
  }
}

std::string set_msp_total(Json& books, std::int64_t msp) {
  require_range("msp", msp, 0, kMostPoints);
  MerchantShipping ledger = read_merchant_shipping(books);
  ledger.msp = msp;
  write(books, ledger);
  return "Japanese MSP total " + std::to_string(msp) + " (57, General Record Track)";
}

std::string lose_msp(Json& books, std::int64_t cycle, const std::string& cause, std::int64_t msp,
                     const std::string& where, const std::string& section) {
  require_range("msp", msp, 0, kMostPoints);
  if (std::find(kLossCauses.begin(), kLossCauses.end(), cause) == kLossCauses.end()) {
    throw engine::UsageError("cause: mining, submarines, to-msu or other (got '" + cause + "')");
  }
  MerchantShipping ledger = read_merchant_shipping(books);
  if (!ledger.msp) {
    throw engine::UsageError(
        "the books hold no Japanese MSP total yet: book FILE msp-total msp=N (from the "
        "scenario's General Record Track) comes first");
  }
  const std::int64_t lost = std::min(msp, *ledger.msp);
  ledger.msp = *ledger.msp - lost;
  ledger.losses.push_back({cycle_label(cycle), cause, lost, where, section});
  write(books, ledger);
  std::string summary = "Japan loses " + std::to_string(lost) + " MSPs (" + cause +
                        (where.empty() ? "" : ", " + where) + ", " + section +
                        "): " + std::to_string(*ledger.msp) + " left";
  if (lost < msp) summary += " (" + std::to_string(msp) + " asked; the total is 0)";
  return summary;
}

std::string convert_to_msp(Json& books, std::int64_t cycle, std::int64_t msp,
                           const std::string& source) {
  require_range("msp", msp, 0, kMostPoints);
  if (std::find(kConversionSources.begin(), kConversionSources.end(), source) ==
      kConversionSources.end()) {
    throw engine::UsageError("ship: msu, apb or ao (got '" + source + "')");
  }
  if (cycle >= kLastCycle) {
    throw engine::UsageError("msp: the game ends before " + source +
                             " conversions could arrive (57.5.1: one cycle later)");
  }
  MerchantShipping ledger = read_merchant_shipping(books);
  ledger.pending.push_back({cycle_label(cycle + 1), msp, source});
  write(books, ledger);
  return std::to_string(msp) + " MSPs from " + source + " on the Reinforcement Schedule for " +
         cycle_label(cycle + 1) + "'s Strategic G/T (57.5.1)";
}

std::string msp_arrivals(Json& books, std::int64_t cycle) {
  MerchantShipping ledger = read_merchant_shipping(books);
  std::int64_t arrived = 0;
  std::vector<MspConversion> kept;
  for (const MspConversion& item : ledger.pending) {
    if (parse_cycle("arrives", item.arrives) <= cycle) {
      arrived += item.msp;
    } else {
      kept.push_back(item);
    }
  }
  if (arrived > 0 && !ledger.msp) {
    throw engine::UsageError(
        "the books hold no Japanese MSP total yet: book FILE msp-total msp=N comes first");
  }
  if (arrived == 0) return "no converted MSPs arrive this Strategic G/T (57.5.1)";
  ledger.pending = kept;
  ledger.msp = *ledger.msp + arrived;
  write(books, ledger);
  return std::to_string(arrived) +
         " converted MSPs join the Japanese total (57.5.1): " + std::to_string(*ledger.msp);
}

void record_mining_attack(Json& books, std::int64_t cycle, const std::string& hex,
                          const std::string& field) {
  if (hex.empty()) throw engine::UsageError(field + ": the hex mined is required (56.4.4)");
  MiningAttacks ledger = read_mining_attacks(books);
  if (ledger.cycle != cycle_label(cycle)) ledger = {cycle_label(cycle), {}};
  if (std::find(ledger.hexes.begin(), ledger.hexes.end(), hex) != ledger.hexes.end()) {
    throw engine::UsageError(field + ": " + hex + " was already mined in the Strategic G/T of " +
                             ledger.cycle + " (56.4.4: each hex once per Strategic G/T)");
  }
  ledger.hexes.push_back(hex);
  write(books, ledger);
}

std::string china_surrender(Json& books, std::int64_t cycle) {
  ChinaLedger ledger = read_china(books);
  if (ledger.surrendered) {
    throw engine::UsageError("China surrendered in " + *ledger.surrendered + " (47.17)");
  }
  ledger.surrendered = cycle_label(cycle);
  write(books, ledger);
  return "China surrenders in " + cycle_label(cycle) + ": Japan must garrison China with " +
         std::to_string(kChinaGarrisonRequired) + " garrison points (47.17)";
}

std::string record_garrison(Json& books, std::int64_t cycle, std::int64_t points) {
  require_range("points", points, 0, kMostPoints);
  ChinaLedger ledger = read_china(books);
  if (!ledger.surrendered) {
    throw engine::UsageError(
        "China has not surrendered: the garrison requirement applies only after a Chinese "
        "surrender (47.17; book FILE china-surrender)");
  }
  const bool sufficient = points >= kChinaGarrisonRequired;
  ledger.garrison.push_back({cycle_label(cycle), points, sufficient});
  write(books, ledger);
  return "China garrison " + std::to_string(points) + " of " +
         std::to_string(kChinaGarrisonRequired) + " points" +
         (sufficient
              ? ": sufficient (47.17)"
              : ": short by " + std::to_string(kChinaGarrisonRequired - points) + " (47.17)");
}

std::string record_railcap_demolition(Json& books, std::int64_t cycle, const std::string& country,
                                      bool passed, std::int64_t destroyed) {
  if (country.empty()) throw engine::UsageError("--country: required (35.7.1)");
  require_range("railcap destroyed", destroyed, 0, kMostPoints);
  RailcapDemolitions ledger = read_railcap_demolitions(books);
  if (const auto it = ledger.find(country); it != ledger.end()) {
    throw engine::UsageError("--country: " + country +
                             "'s one Railcap demolition attempt was made in " + it->second.cycle +
                             " (35.7.1: one per game per country or territory)");
  }
  ledger[country] = {cycle_label(cycle), passed, destroyed};
  write(books, ledger);
  return country + ": Railcap demolition attempt " + (passed ? "made" : "failed (TQ check)") +
         ", " + std::to_string(destroyed) +
         " Railcap destroyed; no further attempt in this country (35.7.1)";
}

std::string merchant_shipping_status(const Json& books) {
  const MerchantShipping ledger = read_merchant_shipping(books);
  std::string status = "Japanese MSP total: " +
                       (ledger.msp ? std::to_string(*ledger.msp)
                                   : std::string("not in the books (book FILE msp-total msp=N)"));
  for (const MspConversion& item : ledger.pending) {
    status +=
        "; " + std::to_string(item.msp) + " converted (" + item.source + ") arrive " + item.arrives;
  }
  std::map<std::string, std::int64_t> by_cause;
  for (const MspLoss& loss : ledger.losses) by_cause[loss.cause] += loss.msp;
  if (!by_cause.empty()) {
    status += "; lost so far:";
    for (const auto& [cause, msp] : by_cause) status += " " + cause + " " + std::to_string(msp);
  }
  return status;
}

std::string china_garrison_status(const Json& books) {
  const ChinaLedger ledger = read_china(books);
  if (!ledger.surrendered) return "China has not surrendered (47.17 applies after a surrender).";
  std::string status = "China surrendered " + *ledger.surrendered + ": Japan must hold " +
                       std::to_string(kChinaGarrisonRequired) + " garrison points (47.17); ";
  if (ledger.garrison.empty()) return status + "no count recorded yet (china-garrison --campaign).";
  const GarrisonCheck& last = ledger.garrison.back();
  return status + "last count " + std::to_string(last.points) + " in " + last.cycle +
         (last.sufficient ? " (sufficient)" : " (short)");
}

}  // namespace pacwar::witp
