// Rule fixes and games in progress (docs/deploy.md, "Rule fixes and games in progress"): every
// server game records the rules version it began with (GameModule::rules_version). A rule fix
// can make a stored log illegal; such a game is reported at start and by `pacwar games check`,
// and `pacwar games repair` resumes it at its last legal action, telling both players (a notice
// on each of their channels and a line of the server's in the game's chat), never silently.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "server/play/games.h"
#include "server/community/platform.h"

namespace pacwar::server {

// One line for the operator: the game, its rules versions, the action that no longer replays
// (its id and the rules' reason) and how far the log goes.
std::string problem_line(const ReplayProblem& problem);

// The check at start: replays every game not finished that began under another rules version
// than this server's, and writes a line for each one that no longer replays, then how to
// repair them. Returns how many.
int report_replay_problems(const GameService& games, std::ostream& out);

// Repairs game `id` (GameService::repair) and writes what happened in its chat as the server;
// nullopt when its log replays (nothing changes).
std::optional<RepairResult> repair_game(GameService& games, Platform& platform,
                                        const std::string& id);

}  // namespace pacwar::server
