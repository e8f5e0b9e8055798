// Strategic Intelligence (42.0): each side's SI level for a cycle (42.1.2 chits 1-4 Allied, 1-3
// Japanese; SI +1 chits, 42.5.3; Doolittle +1, 42.6; JN-25 code changes, 42.8), the Sigint and
// Magic capabilities from the SI differential (42.2.2, optional 42.2.3), Sigint plot cards
// (42.3.1), Sigint deception (42.3.5), the Magic draw (42.4) and the Yamamoto Mission (42.7).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "witp/chit_cups.h"
#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

// 42.5.3: the drawn Japanese level raised by the SI +1 chits picked before it (at most +2),
// never above 3.
std::int64_t japanese_si_level(std::int64_t drawn, std::int64_t si_plus_chits);

// 42.6 / 42.8: the drawn Allied level plus a Doolittle Raid +1 (never above 4), less 2 when a
// JN-25 Code Change takes effect (never below 1; ruling R18).
std::int64_t allied_si_level(std::int64_t drawn, bool doolittle, bool jn25_effective);

// 42.8: a JN-25 Code Change takes effect on 2D6 doubles or 7.
bool jn25_takes_effect(std::int64_t first_die, std::int64_t second_die);
// 42.8: JN-25 counters at the outset: 1D6 + 1, at most 6.
std::int64_t jn25_counters(std::int64_t die);

struct SiEffects {
  std::int64_t differential = 0;  // Allied level - Japanese level
  std::int64_t sigint = 0;
  std::int64_t magic = 0;
  std::int64_t deception = 0;  // 42.3.5: US SI level / 2, rounded up
};
// 42.2.2 fixed capabilities.
SiEffects si_effects(std::int64_t allied_level, std::int64_t japanese_level);

// 42.2.3 optional random capabilities. +1: the lower die; +2: a pre-designated die for both
// (sigint_die given, magic_die absent) or one die each; +3: the total for both.
struct RandomSiInput {
  std::int64_t allied_level = 1;
  std::int64_t japanese_level = 1;
  std::int64_t first_die = 1;
  std::int64_t second_die = 1;
  std::string plus_two = "designate-first";  // designate-first, designate-second, split
};
SiEffects random_si_effects(const RandomSiInput& input);
Json to_json(const SiEffects& effects);

// 42.3.1: each number rolled lets the Allies see 10% of the Japanese TF plot cards; the total
// is rounded up (ruling R19) and never more than the cards.
std::int64_t sigint_cards(std::int64_t die, std::int64_t plot_cards);

// 42.4: draws `count` Magic chits without replacement; Draw (1D6)/(2D6) chits add that many
// draws and go back after the cycle's drawing.
struct MagicDraw {
  std::vector<std::string> chits;
  std::vector<std::int64_t> extra_rolls;
};
MagicDraw draw_magic(const ChitCups& cups, std::int64_t count, engine::Rng& rng);

// 42.7 the Yamamoto Mission: 75% (rounded up) of the HQ's CPs for the cycle are lost.
std::int64_t yamamoto_cps_lost(std::int64_t hq_cps);

// 42.7 all six effects. Yamamoto is eliminated; his HQ and each non-army HQ in its Command
// Radius lose 75% (rounded up) of the CPs allocated to them for the cycle, never more than they
// have left (ruling R29); the reserve loses the percentage (standard rounding) the 2D6 gives on
// the Bombardment of Air Points Table's column of the reserve's CP total, and those CPs go into
// a special future operations pool one cycle ahead; Koga's change of command costs 10 CPs from
// the reserve or the HQ's remaining allotment, never below 0; Japan gets 2D6 SI +1 chits.
enum class KogaPaidFrom { kReserve, kHq, kNone };
KogaPaidFrom parse_koga_paid_from(const std::string& field, const std::string& text);
struct YamamotoHq {
  std::int64_t allocated = 0;  // CPs allocated to the HQ for the cycle
  std::int64_t left = 0;       // of them, not yet spent or lent
};
struct YamamotoInput {
  YamamotoHq hq;                   // the HQ Adm. Yamamoto commanded
  std::vector<YamamotoHq> others;  // non-army HQs within its Command Radius
  std::int64_t reserve_cps = 0;    // the Japanese reserve pool now
  std::int64_t reserve_dice = 0;   // 2D6 (not rolled when the reserve is empty)
  KogaPaidFrom koga = KogaPaidFrom::kReserve;
  std::int64_t si_dice = 2;  // 2D6: SI +1 chits
};
struct YamamotoResult {
  std::int64_t hq_lost = 0;
  std::vector<std::int64_t> others_lost;
  std::int64_t reserve_column = 0;
  std::int64_t reserve_percent = 0;
  std::int64_t reserve_lost = 0;  // into the special future operations pool, 1 cycle ahead
  std::int64_t koga_cps = 0;      // paid for Koga's change of command
  std::int64_t hq_left = 0;       // after the loss and Koga
  std::int64_t reserve_left = 0;  // after the loss and Koga
  std::int64_t si_plus_chits = 0;
};
YamamotoResult yamamoto_mission(const YamamotoInput& input, const Tables& tables);
Json to_json(const YamamotoResult& result);

}  // namespace pacwar::witp
