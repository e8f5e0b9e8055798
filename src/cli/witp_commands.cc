#include "cli/witp_commands.h"

#include <iostream>
#include <optional>

#include "engine/data_file.h"
#include "engine/errors.h"
#include "witp/campaign.h"
#include "witp/catalog.h"
#include "witp/postings.h"
#include "witp/strategic_turn_50.h"
#include "witp/tables.h"

namespace pacwar::cli {
namespace {

// One calculator subcommand and the values its options receive.
struct CalculatorCommand {
  const witp::Calculator* calculator = nullptr;
  CLI::App* app = nullptr;
  std::map<std::string, std::vector<std::string>> values;
  std::map<std::string, bool> flags;
  std::string tables_file = witp::kDefaultTablesFile;
  std::uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;
  // One step from result to book (witp/postings.h).
  const witp::Posting* posting = nullptr;
  std::string campaign_file;
  std::map<std::string, std::vector<std::string>> post_values;
};

}  // namespace

struct WitpCommands::State {
  CLI::App* witp = nullptr;
  std::vector<std::unique_ptr<CalculatorCommand>> calculators;
  CLI::App* list = nullptr;
  CLI::App* tables_check = nullptr;
  std::string tables_check_file = witp::kDefaultTablesFile;
  // Campaign book commands.
  CLI::App* new_campaign = nullptr;
  CLI::App* show = nullptr;
  CLI::App* undo = nullptr;
  CLI::App* log = nullptr;
  CLI::App* strategic_turn = nullptr;
  CLI::App* book = nullptr;
  std::string campaign_file;
  std::string start_cycle = "0/1/42";
  std::vector<std::string> book_args;
  std::string book_tables = witp::kDefaultTablesFile;
  std::uint64_t turn_seed = 0;
  std::string turn_tables = witp::kDefaultTablesFile;
  CLI::Option* turn_seed_option = nullptr;
};

WitpCommands::WitpCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.witp = app.add_subcommand("witp", "War in the Pacific (Rule Book II) campaign assistant");
  s.witp->require_subcommand(1);
  s.witp->footer("Calculators print JSON. Run 'pacwar witp list' for every calculator.");

  s.list = s.witp->add_subcommand("list", "list the calculators and their rule sections");
  s.tables_check = s.witp->add_subcommand("tables-check", "validate a chartbook tables file");
  s.tables_check->add_option("file", s.tables_check_file, "the tables file")->required();

  for (const witp::Calculator& calculator : witp::calculators()) {
    auto command = std::make_unique<CalculatorCommand>();
    command->calculator = &calculator;
    command->app = s.witp->add_subcommand(calculator.name,
                                          calculator.summary + " (" + calculator.section + ")");
    bool has_die = false;
    for (const witp::ArgSpec& spec : calculator.args) {
      const std::string option = "--" + spec.name;
      std::string help = spec.help;
      if (!spec.required && !spec.default_value.empty()) help += " [" + spec.default_value + "]";
      if (spec.kind == witp::ArgKind::kFlag) {
        command->app->add_flag(option, command->flags[spec.name], help);
        continue;
      }
      if (spec.kind == witp::ArgKind::kDie) {
        help += "; or 'roll' with --seed";
        has_die = true;
      }
      CLI::Option* added = command->app->add_option(option, command->values[spec.name], help);
      if (spec.kind != witp::ArgKind::kIntegerList) added->expected(1);
      if (spec.required) added->required();
    }
    if (calculator.uses_tables) {
      command->app->add_option("--tables", command->tables_file,
                               "the chartbook tables file [data/witp/tables.json]");
    }
    if (has_die || calculator.uses_seed) {
      command->seed_option = command->app->add_option("--seed", command->seed,
                                                      "seed of the engine's dice and chit draws");
    }
    command->posting = witp::find_posting(calculator.name);
    if (command->posting != nullptr) {
      command->app->add_option("--campaign", command->campaign_file,
                               "post the result to this campaign file: " + command->posting->what);
      for (const witp::ArgSpec& spec : command->posting->args) {
        command->app
            ->add_option("--" + spec.name, command->post_values[spec.name],
                         spec.help + " (with --campaign)")
            ->expected(1);
      }
    }
    s.calculators.push_back(std::move(command));
  }

  s.new_campaign = s.witp->add_subcommand("new", "create a campaign file (the books)");
  s.new_campaign->add_option("file", s.campaign_file, "the campaign file")->required();
  s.new_campaign->add_option("--cycle", s.start_cycle, "the first cycle, e.g. 0/1/42");
  s.show = s.witp->add_subcommand("show", "print a campaign file's books");
  s.show->add_option("file", s.campaign_file, "the campaign file")->required();
  s.log = s.witp->add_subcommand("log", "print a campaign file's change log");
  s.log->add_option("file", s.campaign_file, "the campaign file")->required();
  s.undo = s.witp->add_subcommand("undo", "undo the last change to a campaign file");
  s.undo->add_option("file", s.campaign_file, "the campaign file")->required();
  s.book = s.witp->add_subcommand("book", "change a campaign file's books");
  s.book->add_option("file", s.campaign_file, "the campaign file")->required();
  s.book->add_option("change", s.book_args, "the change: see 'pacwar witp book FILE help'")
      ->required()
      ->expected(1, -1);
  s.book->add_option("--tables", s.book_tables, "the chartbook tables file");
  s.book->footer(witp::book_command_help());
  s.strategic_turn =
      s.witp->add_subcommand("strategic-turn", "guided checklist of the Strategic G/T (50.0)");
  s.strategic_turn->add_option("file", s.campaign_file, "the campaign file")->required();
  s.strategic_turn->add_option("--tables", s.turn_tables, "the chartbook tables file");
  s.turn_seed_option =
      s.strategic_turn->add_option("--seed", s.turn_seed, "roll the dice the engine may roll");
}

WitpCommands::~WitpCommands() = default;

bool WitpCommands::selected() const { return state_->witp->parsed(); }

int WitpCommands::run(std::istream& in, std::ostream& out) const {
  const State& s = *state_;
  if (s.list->parsed()) {
    for (const witp::Calculator& calculator : witp::calculators()) {
      out << calculator.name << "  " << calculator.section << "  " << calculator.summary << "\n";
    }
    return 0;
  }
  if (s.tables_check->parsed()) {
    const witp::Json document = engine::read_user_file(s.tables_check_file, "tables file");
    int errors = 0;
    for (const witp::TableProblem& problem : witp::validate_tables(document)) {
      const bool incomplete = problem.problem.rfind("incomplete", 0) == 0;
      errors += incomplete ? 0 : 1;
      out << s.tables_check_file << ": " << problem.where << ": " << problem.problem << "\n";
    }
    out << s.tables_check_file << ": " << (errors == 0 ? "valid" : "invalid") << "\n";
    return errors == 0 ? 0 : 1;
  }
  for (const auto& command : s.calculators) {
    if (!command->app->parsed()) continue;
    std::map<std::string, std::vector<std::string>> values = command->values;
    for (const auto& [name, set] : command->flags) {
      if (set) values[name] = {"true"};
    }
    const witp::Tables tables = command->calculator->uses_tables
                                    ? witp::Tables::load(command->tables_file)
                                    : witp::Tables(command->tables_file);
    std::optional<std::uint64_t> seed;
    if (command->seed_option != nullptr && command->seed_option->count() > 0) seed = command->seed;
    for (const auto& [name, given] : command->post_values) {
      if (!given.empty() && command->campaign_file.empty()) {
        throw engine::UsageError("--" + name + ": only with --campaign FILE");
      }
    }
    witp::Json run = witp::run_calculator(*command->calculator, values, tables, seed);
    if (!command->campaign_file.empty()) {
      witp::Campaign campaign = witp::Campaign::open(command->campaign_file);
      run["book"] = witp::post_result(campaign, run, command->post_values);
      campaign.save();
    }
    out << run.dump(2) << "\n";
    return 0;
  }
  if (s.new_campaign->parsed()) {
    witp::Campaign::create(s.campaign_file, s.start_cycle);
    out << "created " << s.campaign_file << " at cycle " << s.start_cycle << "\n";
    return 0;
  }
  if (s.show->parsed()) {
    const witp::Campaign campaign = witp::Campaign::open(s.campaign_file);
    witp::Json books = campaign.books();
    books["cycle"] = witp::cycle_label(campaign.cycle());  // as the cycle track reads: 0/1/42
    out << books.dump(2) << "\n";
    return 0;
  }
  if (s.log->parsed()) {
    const witp::Campaign campaign = witp::Campaign::open(s.campaign_file);
    int number = 0;
    for (const witp::Json& entry : campaign.log()) {
      out << ++number << ". " << entry.value("change", "") << "\n   " << entry.value("summary", "")
          << "\n";
    }
    return 0;
  }
  if (s.undo->parsed()) {
    witp::Campaign campaign = witp::Campaign::open(s.campaign_file);
    out << "undone: " << campaign.undo() << "\n";
    campaign.save();
    return 0;
  }
  if (s.book->parsed()) {
    witp::Campaign campaign = witp::Campaign::open(s.campaign_file);
    out << witp::apply_book_command(campaign, s.book_args, witp::Tables::load(s.book_tables))
        << "\n";
    campaign.save();
    return 0;
  }
  if (s.strategic_turn->parsed()) {
    witp::Campaign campaign = witp::Campaign::open(s.campaign_file);
    std::optional<std::uint64_t> seed;
    if (s.turn_seed_option->count() > 0) seed = s.turn_seed;
    return witp::run_strategic_turn(campaign, witp::Tables::load(s.turn_tables), in, out, seed);
  }
  return 2;
}

}  // namespace pacwar::cli
