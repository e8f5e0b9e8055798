#include "witp/generals_26.h"

#include <cctype>

#include "engine/errors.h"

namespace pacwar::witp {

std::string imparting_name(Imparting imparting) {
  switch (imparting) {
    case Imparting::kOnSite:
      return "on-site";
    case Imparting::kHq:
      return "hq";
    case Imparting::kNone:
      return "none";
  }
  return "none";
}

Imparting which_general(const ImpartingInput& input) {
  require_range("die", input.die, 1, 6);
  const std::int64_t modified = input.die - (input.hq_commander_admiral ? 1 : 0);
  if (modified <= 3) return input.on_site_present ? Imparting::kOnSite : Imparting::kNone;
  return input.isolated ? Imparting::kNone : Imparting::kHq;
}

std::vector<RatingOption> parse_rating(const std::string& field, const std::string& text) {
  std::vector<RatingOption> options;
  std::size_t at = 0;
  auto fail = [&](const std::string& why) -> void {
    throw engine::UsageError(field + ": cannot read rating '" + text + "': " + why +
                             " (write e.g. +2 (6)/+1)");
  };
  auto skip_spaces = [&] {
    while (at < text.size() && text[at] == ' ') ++at;
  };
  auto read_number = [&]() -> std::int64_t {
    std::int64_t value = 0;
    const std::size_t start = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
      value = value * 10 + (text[at++] - '0');
      if (value > 1000) fail("number too large");
    }
    if (at == start) fail("a number expected at position " + std::to_string(start + 1));
    return value;
  };
  while (true) {
    skip_spaces();
    std::int64_t sign = 1;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) sign = text[at++] == '-' ? -1 : 1;
    RatingOption option;
    option.value = sign * read_number();
    skip_spaces();
    if (at < text.size() && text[at] == '(') {
      ++at;
      skip_spaces();
      option.min_die = read_number();
      if (option.min_die < 1 || option.min_die > 6) fail("a required die must be 1 to 6");
      skip_spaces();
      if (at >= text.size() || text[at] != ')') fail("')' expected");
      ++at;
      skip_spaces();
    }
    options.push_back(option);
    if (at == text.size()) break;
    if (text[at] != '/') fail("'/' expected at position " + std::to_string(at + 1));
    ++at;
  }
  return options;
}

std::int64_t rating_for_die(const std::vector<RatingOption>& options, std::int64_t die) {
  require_range("die", die, 1, 6);
  for (const RatingOption& option : options) {
    if (die >= option.min_die) return option.value;
  }
  return 0;
}

std::int64_t modified_tq(const TqInput& input) {
  require_non_negative("printed-tq", input.printed_tq);
  require_range("modifier", input.modifier, -2, 2);
  const std::int64_t tq = std::max<std::int64_t>(0, input.printed_tq + input.modifier);
  return input.halved ? div_ceil(tq, 2) : tq;
}

std::int64_t ground_mp_allowance(std::int64_t mp_modifier) {
  require_range("mp-modifier", mp_modifier, -1, 2);
  return 6 + mp_modifier;
}

std::string elimination_name(EliminationResult result) {
  switch (result) {
    case EliminationResult::kEliminated:
      return "eliminated";
    case EliminationResult::kTurnTrack:
      return "turn-track";
    case EliminationResult::kNoEffect:
      return "no-effect";
  }
  return "no-effect";
}

EliminationResult general_elimination(std::int64_t dice) {
  require_range("dice", dice, 2, 12);
  if (dice <= 4) return EliminationResult::kEliminated;
  if (dice <= 6) return EliminationResult::kTurnTrack;
  return EliminationResult::kNoEffect;
}

}  // namespace pacwar::witp
