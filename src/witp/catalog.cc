#include "witp/catalog.h"

#include <charconv>

#include "engine/errors.h"

namespace pacwar::witp {
namespace {

std::int64_t parse_integer(const std::string& name, const std::string& text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || ptr != end || text.empty()) {
    throw engine::UsageError("--" + name + ": not a whole number: '" + text + "'");
  }
  // Keep products of counts far from overflow.
  require_range("--" + name, value, -1000000000, 1000000000);
  return value;
}

}  // namespace

Args::Args(std::map<std::string, std::vector<std::string>> values,
           std::optional<std::uint64_t> seed)
    : values_(std::move(values)), seed_(seed) {}

bool Args::has(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && !it->second.empty();
}

bool Args::is_roll(const std::string& name) const {
  auto it = values_.find(name);
  return it != values_.end() && it->second.size() == 1 && it->second.front() == "roll";
}

const std::string& Args::single(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.empty()) {
    throw engine::UsageError("--" + name + ": required");
  }
  if (it->second.size() > 1) throw engine::UsageError("--" + name + ": give it once");
  return it->second.front();
}

std::int64_t Args::integer(const std::string& name) {
  const std::int64_t value = parse_integer(name, single(name));
  inputs_[name] = value;
  return value;
}

bool Args::flag(const std::string& name) {
  auto it = values_.find(name);
  const bool value = it != values_.end() && !it->second.empty() && it->second.front() != "false";
  inputs_[name] = value;
  return value;
}

std::string Args::text(const std::string& name) {
  const std::string value = single(name);
  inputs_[name] = value;
  return value;
}

std::vector<std::int64_t> Args::integers(const std::string& name) {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.empty()) {
    throw engine::UsageError("--" + name + ": required");
  }
  std::vector<std::int64_t> result;
  for (const std::string& text : it->second) result.push_back(parse_integer(name, text));
  inputs_[name] = result;
  return result;
}

std::int64_t Args::die(const std::string& name, std::int64_t dice, std::int64_t sides) {
  const std::string& text = single(name);
  if (text != "roll") return integer(name);
  if (!seed_) throw engine::UsageError("--" + name + ": 'roll' needs --seed");
  if (!rng_) rng_.emplace(*seed_);
  std::int64_t total = 0;
  std::vector<std::int64_t> faces;
  for (std::int64_t i = 0; i < dice; ++i) {
    // A d10 reads 0 to 9 (0 counting as ten where the rule says so); a d6 reads 1 to 6.
    const std::int64_t face =
        static_cast<std::int64_t>(rng_->below(static_cast<std::uint32_t>(sides))) +
        (sides == 10 ? 0 : 1);
    faces.push_back(face);
    total += face;
  }
  inputs_[name] = total;
  inputs_[name + "_rolled"] = faces;
  return total;
}

engine::Rng& Args::rng(const std::string& why) {
  if (!seed_) throw engine::UsageError("--seed: required to " + why);
  if (!rng_) rng_.emplace(*seed_);
  inputs_["seed"] = *seed_;
  return *rng_;
}

const Calculator* find_calculator(const std::string& name) {
  for (const Calculator& calculator : calculators()) {
    if (calculator.name == name) return &calculator;
  }
  return nullptr;
}

Json run_calculator(const Calculator& calculator,
                    std::map<std::string, std::vector<std::string>> values, const Tables& tables,
                    std::optional<std::uint64_t> seed) {
  for (const ArgSpec& spec : calculator.args) {
    auto& given = values[spec.name];
    if (spec.kind == ArgKind::kFlag) continue;
    if (given.empty() && !spec.required && !spec.default_value.empty()) {
      given.push_back(spec.default_value);
    }
    if (given.empty() && spec.required) throw engine::UsageError("--" + spec.name + ": required");
  }
  for (const auto& [name, given] : values) {
    bool known = false;
    for (const ArgSpec& spec : calculator.args) known = known || spec.name == name;
    if (!known && !given.empty()) {
      throw engine::UsageError("--" + name + ": not an argument of " + calculator.name);
    }
  }
  Args args(std::move(values), seed);
  Json result;
  try {
    result = calculator.run(args, tables);
  } catch (const engine::UsageError& e) {
    // Name the option as typed: "--japanese-si-levels", not the calculator's field name.
    const std::string message = e.what();
    for (const ArgSpec& spec : calculator.args) {
      if (message.rfind(spec.name + ":", 0) == 0) throw engine::UsageError("--" + message);
    }
    throw;
  }
  return {{"calculator", calculator.name},
          {"section", calculator.section},
          {"inputs", args.inputs()},
          {"result", std::move(result)}};
}

}  // namespace pacwar::witp
