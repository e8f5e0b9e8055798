// The ledgers a War in the Pacific campaign keeps beside the CP books, each a typed record read
// from and written to the campaign file's books (and checked by the campaign schema):
// - merchant shipping (56.4, 57): the Japanese MSP total on the General Record Track, the MSPs
//   lost by cause, and MSU/APB/AO conversions waiting one cycle on the Reinforcement Schedule
//   (57.5.1);
// - strategic mining attacks (56.4.4): each Resource or homeland port hex mined at most once per
//   Strategic G/T;
// - China after its surrender (47.17): the surrender and each garrison count against the 216
//   points required;
// - Railcap demolitions (35.7.1): at most one attempt per country or territory per game.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "witp/campaign_schema.h"
#include "witp/common.h"

namespace pacwar::witp {

struct MspLoss {
  std::string cycle;  // the cycle label of the Strategic G/T (or G/T) of the loss
  std::string cause;  // mining (56.4), submarines (57.3), to-msu (57.5.2) or other
  std::int64_t msp = 0;
  std::string where;    // the hex mined, or empty
  std::string section;  // the rule the loss comes from
};
struct MspConversion {
  std::string arrives;  // the cycle at whose Strategic G/T the MSPs join the total (57.5.1)
  std::int64_t msp = 0;
  std::string source;  // msu, apb or ao (57.5.1, 57.5.3, 57.5.4)
};
struct MerchantShipping {
  std::optional<std::int64_t> msp;  // unknown until set from the scenario
  std::vector<MspLoss> losses;
  std::vector<MspConversion> pending;
};

struct MiningAttacks {
  std::string cycle;  // the Strategic G/T at the end of this cycle
  std::vector<std::string> hexes;
};

struct GarrisonCheck {
  std::string cycle;
  std::int64_t points = 0;
  bool sufficient = false;
};
struct ChinaLedger {
  std::optional<std::string> surrendered;  // the cycle China surrendered (47.17)
  std::vector<GarrisonCheck> garrison;
};

struct RailcapDemolitionEntry {
  std::string cycle;
  bool tq_check_passed = false;
  std::int64_t railcap_destroyed = 0;
};
using RailcapDemolitions = std::map<std::string, RailcapDemolitionEntry>;  // by country

// Readers take the books (absent ledgers read empty); writers put the ledger back.
MerchantShipping read_merchant_shipping(const Json& books);
void write(Json& books, const MerchantShipping& ledger);
MiningAttacks read_mining_attacks(const Json& books);
void write(Json& books, const MiningAttacks& ledger);
ChinaLedger read_china(const Json& books);
void write(Json& books, const ChinaLedger& ledger);
RailcapDemolitions read_railcap_demolitions(const Json& books);
void write(Json& books, const RailcapDemolitions& ledger);

// The schema of the four ledgers (called by check_books).
void check_ledgers(SchemaChecker& check, const Json& books, const std::string& root);

// Book changes on the ledgers; each returns its summary line or throws engine::UsageError with
// nothing changed. `cycle` is the books' cycle.
std::string set_msp_total(Json& books, std::int64_t msp);
// Takes MSPs off the total for `cause`; more than the total takes the total (the GR Track does
// not go below 0).
std::string lose_msp(Json& books, std::int64_t cycle, const std::string& cause, std::int64_t msp,
                     const std::string& where, const std::string& section);
// 57.5.1: converted MSPs arrive at the next cycle's Strategic G/T.
std::string convert_to_msp(Json& books, std::int64_t cycle, std::int64_t msp,
                           const std::string& source);
// 57.5.1: the conversions due by this cycle's Strategic G/T join the total (segment A.4).
std::string msp_arrivals(Json& books, std::int64_t cycle);
// 56.4.4: records a mining attack on `hex`, refused if it was mined this Strategic G/T.
// `field` names the hex as the user typed it (--hex for the calculator, where= for the book).
void record_mining_attack(Json& books, std::int64_t cycle, const std::string& hex,
                          const std::string& field = "--hex");
// 47.17
std::string china_surrender(Json& books, std::int64_t cycle);
std::string record_garrison(Json& books, std::int64_t cycle, std::int64_t points);
// 35.7.1: refused when the country's one attempt was made.
std::string record_railcap_demolition(Json& books, std::int64_t cycle, const std::string& country,
                                      bool passed, std::int64_t destroyed);

// The lines the Strategic G/T checklist shows for the ledgers.
std::string merchant_shipping_status(const Json& books);
std::string china_garrison_status(const Json& books);

}  // namespace pacwar::witp
