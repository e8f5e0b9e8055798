#include "witp/catalog.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/errors.h"
#include "witp/chit_cups.h"

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

// Words written as the rule book writes them, not as capitalised words.
std::string rule_word(const std::string& word) {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::map<std::string, std::string>& words =
      *new const std::map<std::string, std::string>{
          {"cps", "CPs"},  {"cp", "CP"},   {"msp", "MSP"}, {"ms", "MS"},       {"hq", "HQ"},
          {"hqs", "HQs"},  {"aps", "APs"}, {"ap", "AP"},   {"si", "SI"},       {"tq", "TQ"},
          {"tf", "TF"},    {"cw", "CW"},   {"us", "US"},   {"e", "E"},         {"drm", "DRM"},
          {"dr", "DR"},    {"mtb", "MTB"}, {"ftr", "FTR"}, {"bmr", "BMR"},     {"msu", "MSU"},
          {"apb", "APB"},  {"ao", "AO"},   {"pp", "PP"},   {"rp", "RP"},       {"gt", "G/T"},
          {"gts", "G/Ts"}, {"ss", "SS"},   {"aa", "AA"},   {"anzac", "ANZAC"}, {"ndp", "NDP"},
          {"d1", "D1"},    {"d2", "D2"},   {"d3", "D3"},   {"d4", "D4"},       {"s", "S"}};
  auto it = words.find(word);
  return it == words.end() ? word : it->second;
}

std::string words_of_name(const std::string& name, bool title) {
  std::string out;
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    std::string w = rule_word(word);
    if (w == word && (title || out.empty())) {
      w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
    }
    if (!out.empty()) out += ' ';
    out += w;
    word.clear();
  };
  for (char ch : name) {
    if (ch == '-' || ch == '_' || ch == ' ') {
      flush();
    } else {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    }
  }
  flush();
  return out;
}

// The ship classes of the naval attrition cups (data/witp/chit_cups.json), offered for a ship
// type; none when the data cannot be read (the field stays free text).
std::vector<std::string> read_ship_types() {
  std::vector<std::string> types;
  try {
    const ChitCups cups = load_chit_cups(default_chit_cups_file());
    for (const auto* cup : {&cups.allied_attrition, &cups.japanese_attrition}) {
      for (const Chit& chit : *cup) {
        if (chit.name != "blank" &&
            std::find(types.begin(), types.end(), chit.name) == types.end()) {
          types.push_back(chit.name);
        }
      }
    }
  } catch (const engine::DataError&) {
    return {};
  }
  std::sort(types.begin(), types.end());
  return types;
}

// Read once: the forms describe every field on every request.
const std::vector<std::string>& ship_types() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& types =
      *new const std::vector<std::string>(read_ship_types());
  return types;
}

bool parses_integer(const std::string& text, std::int64_t& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && ptr == end && !text.empty() && value >= -1000000000 &&
         value <= 1000000000;
}

std::string bounds_words(const ArgSpec& spec) {
  if (spec.min && spec.max) {
    return " from " + std::to_string(*spec.min) + " to " + std::to_string(*spec.max);
  }
  if (spec.min) return " of at least " + std::to_string(*spec.min);
  if (spec.max) return " of at most " + std::to_string(*spec.max);
  return "";
}

std::string choice_list(const ArgSpec& spec) {
  std::string out;
  for (std::size_t i = 0; i < spec.choices.size(); ++i) {
    if (i > 0) out += i + 1 == spec.choices.size() ? " or " : ", ";
    out += choice_label(spec.choices[i]);
  }
  return out;
}

}  // namespace

std::string label_of(const std::string& name) { return words_of_name(name, false); }

std::string choice_label(const std::string& word) {
  if (word.empty()) return word;
  // Ship types and codes stay as written ("CV", "D1").
  if (std::any_of(word.begin(), word.end(),
                  [](char ch) { return std::isupper(static_cast<unsigned char>(ch)) != 0; })) {
    return word;
  }
  return words_of_name(word, true);
}

ArgSpec describe_arg(ArgSpec spec) {
  if (spec.label.empty()) spec.label = label_of(spec.name);
  if (spec.kind == ArgKind::kText && spec.choices.empty()) {
    if (spec.name == "side") spec.choices = {"japanese", "allied"};
    if (spec.name == "ship") {
      spec.choices = ship_types();
      spec.open_choices = true;
    }
  }
  if (spec.kind == ArgKind::kDie && !spec.min && !spec.max) {
    const bool d10 = spec.sides == 10;
    spec.min = d10 ? 0 : spec.dice;
    spec.max = spec.dice * (d10 ? 9 : spec.sides);
  }
  return spec;
}

std::optional<FormProblem> form_problem(
    const std::vector<ArgSpec>& args, const std::map<std::string, std::vector<std::string>>& values,
    const std::string& required_why) {
  for (const auto& [name, given] : values) {
    if (given.empty()) continue;
    bool known = false;
    for (const ArgSpec& spec : args) known = known || spec.name == name;
    if (!known) return FormProblem{name, "This form has no field called " + label_of(name) + "."};
  }
  for (const ArgSpec& raw : args) {
    const ArgSpec spec = describe_arg(raw);
    if (spec.kind == ArgKind::kFlag) continue;
    auto it = values.find(spec.name);
    const bool given = it != values.end() && !it->second.empty();
    if (!given) {
      if (spec.required)
        return FormProblem{spec.name, spec.label + " is required" + required_why + "."};
      continue;
    }
    const std::vector<std::string>& words = it->second;
    if (spec.kind != ArgKind::kIntegerList && words.size() > 1) {
      return FormProblem{spec.name, spec.label + " takes one value."};
    }
    for (const std::string& word : words) {
      std::int64_t value = 0;
      switch (spec.kind) {
        case ArgKind::kInteger:
        case ArgKind::kIntegerList:
        case ArgKind::kDie: {
          if (spec.kind == ArgKind::kDie && word == "roll") break;
          const bool ok = parses_integer(word, value) && (!spec.min || value >= *spec.min) &&
                          (!spec.max || value <= *spec.max);
          if (ok) break;
          if (spec.kind == ArgKind::kDie) {
            return FormProblem{spec.name,
                               spec.label + " must be the dice as rolled, a whole number" +
                                   bounds_words(spec) + " (or “roll” for the server's dice)."};
          }
          if (spec.kind == ArgKind::kIntegerList) {
            return FormProblem{spec.name, spec.label + " must be whole numbers" +
                                              bounds_words(spec) + ", separated by spaces."};
          }
          return FormProblem{spec.name,
                             spec.label + " must be a whole number" + bounds_words(spec) + "."};
        }
        case ArgKind::kCycle:
        case ArgKind::kText:
          if (!spec.open_choices && !spec.choices.empty() &&
              std::find(spec.choices.begin(), spec.choices.end(), word) == spec.choices.end()) {
            return FormProblem{spec.name, spec.label + " must be " + choice_list(spec) + "."};
          }
          break;
        case ArgKind::kFlag:
          break;
      }
    }
  }
  return std::nullopt;
}

FormProblem in_form_words(const std::vector<ArgSpec>& args, const std::string& message) {
  FormProblem problem{"", message};
  // Longest names first, so that "--cps-added" is not read as "--cps".
  std::vector<ArgSpec> specs;
  for (const ArgSpec& spec : args) specs.push_back(describe_arg(spec));
  std::sort(specs.begin(), specs.end(),
            [](const ArgSpec& a, const ArgSpec& b) { return a.name.size() > b.name.size(); });
  std::string& text = problem.message;
  std::size_t first = std::string::npos;
  for (const ArgSpec& spec : specs) {
    std::string snake = spec.name;
    std::replace(snake.begin(), snake.end(), '-', '_');
    std::vector<std::string> forms = {"--" + spec.name + ": ", "--" + spec.name,
                                      spec.name + "=: ", spec.name + "="};
    if (snake != spec.name) forms.insert(forms.end(), {snake + ": ", snake});
    if (text.rfind(spec.name + ": ", 0) == 0) forms.push_back(spec.name + ": ");
    for (const std::string& form : forms) {
      for (std::size_t at = text.find(form); at != std::string::npos; at = text.find(form, at)) {
        const std::size_t after = at + form.size();
        const bool whole =
            after >= text.size() ||
            !(std::isalnum(static_cast<unsigned char>(text[after])) || text[after] == '-');
        const bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) ||
                                         text[at - 1] == '-' || text[at - 1] == '_');
        if (!starts || (!whole && form.back() != ' ')) {
          ++at;
          continue;
        }
        // "--x: must be ..." reads "X must be ..."; "--x: other words" reads "X: other words".
        std::string rest = text.substr(after);
        const bool verb =
            form.back() == ' ' && (rest.rfind("must", 0) == 0 || rest.rfind("is ", 0) == 0 ||
                                   rest.rfind("required", 0) == 0);
        std::string replacement = spec.label + (form.back() == ' ' ? (verb ? " " : ": ") : "");
        if (verb && rest.rfind("required", 0) == 0) replacement = spec.label + " is ";
        text.replace(at, form.size(), replacement);
        if (first == std::string::npos || at < first) {
          first = at;
          problem.arg = spec.name;
        }
        at += replacement.size();
      }
    }
  }
  if (!text.empty()) {
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    if (text.back() != '.' && text.back() != ')') text += '.';
    if (text.back() == ')') text += '.';
  }
  return problem;
}

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
