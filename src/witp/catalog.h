// The catalog of War in the Pacific calculators as the command line and other front ends see
// them: each has a name, the rule section it implements, its named arguments, and a function
// from arguments (and the player's tables) to a JSON result. Front-end independent.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "witp/common.h"
#include "witp/tables.h"

namespace pacwar::witp {

enum class ArgKind {
  kInteger,      // a whole number
  kFlag,         // present or not
  kText,         // a word from a list the calculator names
  kIntegerList,  // one or more whole numbers
  kDie,          // a die or dice total as rolled, or "roll" for the engine's seeded dice
  kCycle,        // a cycle as the cycle track reads, 0/C/YY (book changes)
};

struct ArgSpec {
  std::string name;  // without the leading "--"
  ArgKind kind = ArgKind::kInteger;
  std::string help;
  bool required = true;       // not used for flags
  std::string default_value;  // when not required (integer, text, die)
  std::int64_t dice = 1;      // kDie: number of dice rolled
  std::int64_t sides = 6;     // kDie: sides of each die (a d10 reads 0-9)
  // How a form shows it (filled in by describe_arg where the entry leaves them out):
  std::string label;                 // words, "Activation cost"; derived from the name if empty
  std::vector<std::string> choices;  // kText: the words it takes ("japanese", "allied")
  bool open_choices = false;         // choices are suggestions (a datalist), not the only words
  std::optional<std::int64_t> min;   // kInteger/kDie/kIntegerList: bounds the rules set
  std::optional<std::int64_t> max;
  std::string section;  // the rule section of this field where it has its own
};

// The words of a field for forms: label, choices, bounds (a die's from its dice and sides).
ArgSpec describe_arg(ArgSpec spec);
// The form label of an argument name: "activation-cost" -> "Activation cost", "cps" -> "CPs".
std::string label_of(const std::string& name);
// The label of a choice word: "japanese" -> "Japanese", "us-west-coast" -> "US West Coast".
std::string choice_label(const std::string& word);

// A refusal in a form's words: the argument it concerns (its name, for the page to mark) and a
// sentence naming the field by its label ("Activation cost is required.").
struct FormProblem {
  std::string arg;
  std::string message;
};
// The first missing or ill-typed value of `values` against `args` (out of bounds, not a whole
// number, not one of the choices, not an argument at all); nullopt when all are well formed.
// `required_why` is appended to "X is required" (e.g. " when the result is posted").
std::optional<FormProblem> form_problem(
    const std::vector<ArgSpec>& args, const std::map<std::string, std::vector<std::string>>& values,
    const std::string& required_why = "");
// A calculator's own refusal ("--cps-added: must be from 1 to 50 (got 60)") in form words:
// every "--name" of its arguments becomes its label ("CPs added must be from 1 to 50 (got 60).");
// `arg` names the first argument it mentions.
FormProblem in_form_words(const std::vector<ArgSpec>& args, const std::string& message);

// The values given for one calculator run. Each value read is echoed into inputs().
class Args {
 public:
  explicit Args(std::map<std::string, std::vector<std::string>> values,
                std::optional<std::uint64_t> seed = std::nullopt);

  std::int64_t integer(const std::string& name);
  bool flag(const std::string& name);
  std::string text(const std::string& name);
  std::vector<std::int64_t> integers(const std::string& name);
  // A die roll: the given number, or "roll": rolled with engine::Rng from the seed.
  std::int64_t die(const std::string& name, std::int64_t dice, std::int64_t sides);

  const Json& inputs() const { return inputs_; }
  // The engine's seeded RNG shared with the dice of this run; a UsageError naming `why` when
  // no seed was given.
  engine::Rng& rng(const std::string& why);
  bool has(const std::string& name) const;
  // True when the value given is "roll" (the engine's dice, rolled only if needed).
  bool is_roll(const std::string& name) const;

 private:
  const std::string& single(const std::string& name) const;

  std::map<std::string, std::vector<std::string>> values_;
  std::optional<std::uint64_t> seed_;
  std::optional<engine::Rng> rng_;
  Json inputs_ = Json::object();
};

struct Calculator {
  std::string name;
  std::string section;
  std::string summary;
  std::vector<ArgSpec> args;
  bool uses_tables = false;
  std::function<Json(Args&, const Tables&)> run;
  bool uses_seed = false;  // draws chits or rolls with the engine's RNG (needs --seed)
};

// Every calculator, in rule-section order.
const std::vector<Calculator>& calculators();
const Calculator* find_calculator(const std::string& name);

// Runs a calculator: the result JSON holds "calculator", "section", "inputs" and "result".
// Arguments left out take their defaults; a missing required one is a UsageError naming it.
Json run_calculator(const Calculator& calculator,
                    std::map<std::string, std::vector<std::string>> values, const Tables& tables,
                    std::optional<std::uint64_t> seed = std::nullopt);

}  // namespace pacwar::witp
