// Shared helpers of the War in the Pacific (Rule Book II) calculators: input checks that name the
// offending field, and the exact integer rounding rules the rule book uses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace pacwar::witp {

using engine::Json;

// Throws engine::UsageError "<field>: must be at least 0 (got -3)" and the like.
void require_non_negative(std::string_view field, std::int64_t value);
void require_range(std::string_view field, std::int64_t value, std::int64_t low, std::int64_t high);
void require_at_most(std::string_view field, std::int64_t value, std::string_view other,
                     std::int64_t limit);

// Integer division of non-negative numbers, rounded as the rule book asks.
std::int64_t div_floor(std::int64_t num, std::int64_t den);
std::int64_t div_ceil(std::int64_t num, std::int64_t den);
std::int64_t div_round_half_up(std::int64_t num, std::int64_t den);    // "rounding .5 up"
std::int64_t div_round_half_down(std::int64_t num, std::int64_t den);  // "rounding .5 down"

}  // namespace pacwar::witp
