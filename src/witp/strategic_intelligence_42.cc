#include "witp/strategic_intelligence_42.h"

#include <algorithm>

#include "engine/errors.h"

namespace pacwar::witp {

std::int64_t japanese_si_level(std::int64_t drawn, std::int64_t si_plus_chits) {
  require_range("drawn", drawn, 1, 3);
  require_non_negative("si-plus-chits", si_plus_chits);
  return std::min<std::int64_t>(3, drawn + std::min<std::int64_t>(2, si_plus_chits));
}

std::int64_t allied_si_level(std::int64_t drawn, bool doolittle, bool jn25_effective) {
  require_range("drawn", drawn, 1, 4);
  std::int64_t level = std::min<std::int64_t>(4, drawn + (doolittle ? 1 : 0));
  if (jn25_effective) level = std::max<std::int64_t>(1, level - 2);
  return level;
}

bool jn25_takes_effect(std::int64_t first_die, std::int64_t second_die) {
  require_range("first-die", first_die, 1, 6);
  require_range("second-die", second_die, 1, 6);
  return first_die == second_die || first_die + second_die == 7;
}

std::int64_t jn25_counters(std::int64_t die) {
  require_range("die", die, 1, 6);
  return std::min<std::int64_t>(6, die + 1);
}

SiEffects si_effects(std::int64_t allied_level, std::int64_t japanese_level) {
  require_range("allied-level", allied_level, 1, 4);
  require_range("japanese-level", japanese_level, 1, 3);
  SiEffects effects;
  effects.differential = allied_level - japanese_level;
  switch (effects.differential) {
    case 1:
      effects.sigint = 2;
      effects.magic = 2;
      break;
    case 2:
      effects.sigint = 3;
      effects.magic = 5;
      break;
    case 3:
      effects.sigint = 5;
      effects.magic = 8;
      break;
    default:
      break;
  }
  effects.deception = div_ceil(allied_level, 2);
  return effects;
}

SiEffects random_si_effects(const RandomSiInput& input) {
  SiEffects effects = si_effects(input.allied_level, input.japanese_level);
  require_range("first-die", input.first_die, 1, 6);
  require_range("second-die", input.second_die, 1, 6);
  switch (effects.differential) {
    case 1:
      effects.sigint = effects.magic = std::min(input.first_die, input.second_die);
      break;
    case 2:
      if (input.plus_two == "designate-first") {
        effects.sigint = effects.magic = input.first_die;
      } else if (input.plus_two == "designate-second") {
        effects.sigint = effects.magic = input.second_die;
      } else if (input.plus_two == "split") {
        effects.sigint = input.first_die;
        effects.magic = input.second_die;
      } else {
        throw engine::UsageError(
            "plus-two: must be designate-first, designate-second or split (got '" + input.plus_two +
            "')");
      }
      break;
    case 3:
      effects.sigint = effects.magic = input.first_die + input.second_die;
      break;
    default:
      break;
  }
  return effects;
}

Json to_json(const SiEffects& effects) {
  return {{"section", "42.2"},
          {"si_differential", effects.differential},
          {"sigint_uses", effects.sigint},
          {"magic_draw", effects.magic},
          {"sigint_deceptions", effects.deception}};
}

std::int64_t sigint_cards(std::int64_t die, std::int64_t plot_cards) {
  require_range("die", die, 1, 6);
  require_non_negative("plot-cards", plot_cards);
  return std::min(plot_cards, div_ceil(die * plot_cards, 10));
}

MagicDraw draw_magic(const ChitCups& cups, std::int64_t count, engine::Rng& rng) {
  require_range("chits", count, 0, 62);
  std::vector<Chit> cup = cups.magic;
  MagicDraw draw;
  std::int64_t left = count;
  while (left > 0 && !cup.empty()) {
    const auto index = rng.below(static_cast<std::uint32_t>(cup.size()));
    const std::string name = cup[index].name;
    cup.erase(cup.begin() + index);
    --left;
    draw.chits.push_back(name);
    if (name == "Draw (1D6)" || name == "Draw (2D6)") {
      const std::int64_t dice = name == "Draw (1D6)" ? 1 : 2;
      std::int64_t extra = 0;
      for (std::int64_t i = 0; i < dice; ++i) extra += 1 + rng.below(6);
      draw.extra_rolls.push_back(extra);
      left += extra;
    }
  }
  return draw;
}

std::int64_t yamamoto_cps_lost(std::int64_t hq_cps) {
  require_non_negative("hq-cps", hq_cps);
  return div_ceil(hq_cps * 3, 4);
}

KogaPaidFrom parse_koga_paid_from(const std::string& field, const std::string& text) {
  if (text == "reserve") return KogaPaidFrom::kReserve;
  if (text == "hq") return KogaPaidFrom::kHq;
  if (text == "none") return KogaPaidFrom::kNone;
  throw engine::UsageError(
      field + ": must be reserve, hq or none (Adm. Koga not unassigned) (got '" + text + "')");
}

namespace {

std::int64_t hq_loss(const YamamotoHq& hq, const std::string& field) {
  require_non_negative(field + " allocated", hq.allocated);
  require_non_negative(field + " left", hq.left);
  // Ruling R29: CPs already spent or lent cannot be lost again.
  return std::min(yamamoto_cps_lost(hq.allocated), hq.left);
}

}  // namespace

YamamotoResult yamamoto_mission(const YamamotoInput& input, const Tables& tables) {
  require_non_negative("reserve-cps", input.reserve_cps);
  require_range("si-dice", input.si_dice, 2, 12);
  YamamotoResult result;
  // 2. 75% (rounded up) of the CPs allocated to Yamamoto's HQ for the cycle; 3. the same for
  // each non-army HQ within its Command Radius.
  result.hq_lost = hq_loss(input.hq, "hq");
  result.hq_left = input.hq.left - result.hq_lost;
  for (const YamamotoHq& other : input.others) {
    result.others_lost.push_back(hq_loss(other, "other hq"));
  }
  // 4. 2D6 on the column of the reserve's CP total; the percentage, standard rounding.
  result.reserve_left = input.reserve_cps;
  if (input.reserve_cps > 0) {
    require_range("reserve-dice", input.reserve_dice, 2, 12);
    const Tables::AirPointsResult cell =
        tables.air_points_percent(input.reserve_cps, input.reserve_dice);
    result.reserve_column = cell.column;
    result.reserve_percent = cell.percent;
    result.reserve_lost = div_round_half_up(input.reserve_cps * cell.percent, 100);
    result.reserve_left -= result.reserve_lost;
  }
  // 5. Koga's change of command: 10 CPs, never forcing the payer below 0.
  if (input.koga == KogaPaidFrom::kReserve) {
    result.koga_cps = std::min<std::int64_t>(10, result.reserve_left);
    result.reserve_left -= result.koga_cps;
  } else if (input.koga == KogaPaidFrom::kHq) {
    result.koga_cps = std::min<std::int64_t>(10, result.hq_left);
    result.hq_left -= result.koga_cps;
  }
  // 6. 2D6 SI +1 chits.
  result.si_plus_chits = input.si_dice;
  return result;
}

Json to_json(const YamamotoResult& result) {
  Json json = {{"section", "42.7"},
               {"yamamoto_eliminated", true},
               {"hq_cps_lost", result.hq_lost},
               {"hq_cps_left", result.hq_left},
               {"other_hqs_cps_lost", result.others_lost},
               {"reserve_cps_lost", result.reserve_lost},
               {"special_future_ops_pool_next_cycle", result.reserve_lost},
               {"reserve_cps_left", result.reserve_left},
               {"koga_change_of_command_cps", result.koga_cps},
               {"japanese_si_plus_chits", result.si_plus_chits}};
  if (result.reserve_column > 0 || result.reserve_percent > 0) {
    json["reserve_column"] = result.reserve_column;
    json["reserve_percent"] = result.reserve_percent;
  }
  return json;
}

}  // namespace pacwar::witp
