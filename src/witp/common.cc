#include "witp/common.h"

#include <string>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

std::string field_error(std::string_view field, const std::string& what, std::int64_t value) {
  return std::string(field) + ": " + what + " (got " + std::to_string(value) + ")";
}

void require_division(std::int64_t num, std::int64_t den) {
  if (num < 0 || den <= 0) {
    throw engine::UsageError("internal: division " + std::to_string(num) + "/" +
                             std::to_string(den) + " outside the non-negative domain");
  }
}

}  // namespace

void require_non_negative(std::string_view field, std::int64_t value) {
  if (value < 0) throw engine::UsageError(field_error(field, "must be at least 0", value));
}

void require_range(std::string_view field, std::int64_t value, std::int64_t low,
                   std::int64_t high) {
  if (value < low || value > high) {
    throw engine::UsageError(field_error(
        field, "must be from " + std::to_string(low) + " to " + std::to_string(high), value));
  }
}

void require_at_most(std::string_view field, std::int64_t value, std::string_view other,
                     std::int64_t limit) {
  if (value > limit) {
    throw engine::UsageError(field_error(
        field, "must not exceed " + std::string(other) + " (" + std::to_string(limit) + ")",
        value));
  }
}

std::int64_t div_floor(std::int64_t num, std::int64_t den) {
  require_division(num, den);
  return num / den;
}

std::int64_t div_ceil(std::int64_t num, std::int64_t den) {
  require_division(num, den);
  return (num + den - 1) / den;
}

std::int64_t div_round_half_up(std::int64_t num, std::int64_t den) {
  require_division(num, den);
  return (2 * num + den) / (2 * den);
}

std::int64_t div_round_half_down(std::int64_t num, std::int64_t den) {
  require_division(num, den);
  const std::int64_t quotient = num / den;
  return 2 * (num % den) > den ? quotient + 1 : quotient;
}

}  // namespace pacwar::witp
