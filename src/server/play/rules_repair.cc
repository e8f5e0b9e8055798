#include "server/play/rules_repair.h"

#include "server/notify/notices.h"

namespace pacwar::server {
namespace {

std::string version_text(const std::string& version) {
  return version.empty() ? "unknown (before versions)" : version;
}

}  // namespace

std::string problem_line(const ReplayProblem& p) {
  return "game " + p.game.id + " (" + p.game.game + ", " +
         std::string(to_string(p.game.state.status)) + ", began under rules " +
         version_text(p.game.rules_version) + ", this server plays " + p.rules_now +
         "): stored action " + std::to_string(p.index) + " of " + std::to_string(p.length) +
         (p.action.empty() ? "" : " '" + p.action + "'") + " no longer replays: " + p.error;
}

int report_replay_problems(const GameService& games, std::ostream& out) {
  const auto problems = games.check_games(/*changed_rules_only=*/true);
  for (const ReplayProblem& p : problems) out << "pacwar: " << problem_line(p) << "\n";
  if (!problems.empty()) {
    out << "pacwar: " << problems.size() << (problems.size() == 1 ? " game stops" : " games stop")
        << " until repaired: `pacwar games repair --db ...` resumes each at its last legal "
           "action and tells its players (docs/deploy.md, \"Rule fixes and games in "
           "progress\").\n";
  }
  out << std::flush;
  return static_cast<int>(problems.size());
}

std::optional<RepairResult> repair_game(GameService& games, Platform& platform,
                                        const std::string& id) {
  auto result = games.repair(id);
  if (!result) return result;
  engine::Json facts = {{"rules_before", result->problem.game.rules_version},
                        {"rules_now", result->problem.rules_now},
                        {"taken_back", result->taken_back},
                        {"move", result->status.version}};
  platform.post_server_note(id, "A correction of the rules: " + repair_text(facts));
  return result;
}

}  // namespace pacwar::server
