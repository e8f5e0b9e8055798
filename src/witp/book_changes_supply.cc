// The book changes of supply and Japan's merchant shipping: the Base Log's supply distances
// (32.1.1), MSPs (57), China's surrender garrison (47.17). Each entry beside its function.
#include <cstdint>
#include <optional>
#include <string>

#include "engine/errors.h"
#include "witp/base_log.h"
#include "witp/book_entries.h"
#include "witp/campaign.h"
#include "witp/china_47.h"
#include "witp/ledgers.h"
#include "witp/supply_32.h"

namespace pacwar::witp::book_entries {
namespace {

// MSPs as typed after msp= (57: 0 or more).
std::int64_t msp_field(BookFields& fields) {
  const std::int64_t msp = fields.integer("msp");
  require_range("msp=", msp, 0, kMostPoints);
  return msp;
}

std::string base(Json& books, BookFields& fields, const Tables& tables) {
  const std::string name = fields.text("name");
  const std::string side = side_key(fields);
  SupplyDistanceInput input;
  input.ucs_distance = fields.integer("ucs-distance");
  input.supply_base_distance = fields.integer("supply-base-distance");
  require_non_negative("ucs-distance=", input.ucs_distance);
  require_non_negative("supply-base-distance=", input.supply_base_distance);
  SupplyDistanceResult result = supply_distance(input);
  std::string category_note;
  if (!result.category) {
    try {
      result = supply_distance(input, tables);
    } catch (const engine::UsageError& e) {
      category_note = e.what();
    }
  }
  BaseLog log = read_base_log(books);
  BaseEntry& entry = log[name];
  entry = BaseEntry{side,         input.ucs_distance, input.supply_base_distance,
                    result.total, result.category,    std::nullopt};
  if (!category_note.empty()) entry.category_note = category_note;
  write(books, log);
  return name + ": Total Supply Distance " + std::to_string(result.total) + ", category " +
         (result.category ? *result.category : "unknown (" + category_note + ")");
}

std::string msp_loss(Json& books, BookFields& fields, std::int64_t cycle) {
  const std::string cause = fields.text("cause");
  if (cause != "mining" && cause != "submarines" && cause != "other") {
    throw engine::UsageError("cause=: mining (56.4), submarines (57.3) or other, not '" + cause +
                             "' (MSPs taken to MSUs: msp-to-msu)");
  }
  const std::string section = cause == "mining" ? "56.4" : cause == "submarines" ? "57.3" : "57";
  const std::int64_t msp = msp_field(fields);
  const std::string where = fields.has("where") ? fields.text("where") : "";
  if (cause == "mining") record_mining_attack(books, cycle, where, "where=");
  return lose_msp(books, cycle, cause, msp, where, section);
}

}  // namespace

std::vector<BookChange> supply_changes() {
  using namespace fields;
  return {
      {"base",
       "32.1.1",
       "A base's Total Supply Distance (Base Log)",
       {text("name", "base"), side(), number("ucs-distance", "hexes to the UCS"),
        number("supply-base-distance", "hexes to the supply base")},
       [](BookEdit& e) { return base(e.books, e.fields, e.tables); }},
      {"msp-total",
       "57",
       "Set Japan's MSP total (General Record Track)",
       {number("msp", "MSPs")},
       [](BookEdit& e) { return set_msp_total(e.books, msp_field(e.fields)); }},
      {"msp-loss",
       "57.3",
       "MSPs lost",
       {number("msp", "MSPs lost"), choice("cause", "cause", {"submarines", "mining", "other"}),
        text("where", "hex (mining: once per Strategic G/T, 56.4.4)", false)},
       [](BookEdit& e) { return msp_loss(e.books, e.fields, e.cycle); }},
      {"msp-to-msu",
       "57.5.2",
       "MSPs taken to tactical MSUs",
       {number("msp", "MSPs")},
       [](BookEdit& e) {
         return lose_msp(e.books, e.cycle, "to-msu", msp_field(e.fields), "", "57.5.2") +
                "; the MSUs arrive on the map one cycle later (57.5.2)";
       }},
      {"msp-arrivals",
       "57.5.1",
       "Converted MSPs due join the total",
       {},
       [](BookEdit& e) { return msp_arrivals(e.books, e.cycle); }},
      {"china-surrender",
       "47.17",
       "China surrenders: garrison of 216 points",
       {},
       [](BookEdit& e) { return china_surrender(e.books, e.cycle); }},
  };
}

}  // namespace pacwar::witp::book_entries
