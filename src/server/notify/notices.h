// What a notice says (turn notifications): built from a game's public record only (the game,
// the seats' players, whose turn, the move number, the result), never from a seat's view, so
// no hidden information (a hand, a card id, the deck) can reach a webhook, a mailbox or a
// browser. GameService builds the notices of a change (change_notices) and the store writes them
// in the change's transaction; the worker (notice_worker.h) renders them (notice_text).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/notify/notice_queue.h"
#include "server/db/store.h"

namespace pacwar::server {

// The public body of a notice of `kind` for the player of `seat` of `record` in `status`:
// {"game_id","game","seat","opponent","to_move","your_turn","move","status","winner",
// "resigned","path"}.
engine::Json notice_body(const GameRecord& record, const engine::Game& game, int seat,
                         const GameStatus& status);

// The notices `change` sends (change.before is the status before it): "turn" to the player
// whose turn it becomes in a game between people (not within a turn, not on undo), "game_end"
// to every person playing when the game ends (but the one who resigned or made the last move).
std::vector<QueuedNotice> change_notices(const GameRecord& record, const engine::Game& game,
                                         const GameChange& change);

// "invite_accepted" to the players of `record` other than `joined` (the seat just taken).
std::vector<QueuedNotice> accepted_notices(const GameRecord& record, const engine::Game& game,
                                           int joined);

// What a rules repair did (GameService::repair): the rules version the game began with, the one
// it goes on with, and how many stored actions were taken back.
struct RepairFacts {
  std::string rules_before;
  std::string rules_now;
  std::int64_t taken_back = 0;
};
// "rules_repair" to every person playing `record`, now in `status` after the repair: sent to
// every channel the user set up, whatever kinds they chose (user_settings.h: never silent).
std::vector<QueuedNotice> repair_notices(const GameRecord& record, const engine::Game& game,
                                         const GameStatus& status, const RepairFacts& facts);
// What a repair did, in one sentence for the players (the notice's and the game chat's words).
std::string repair_text(const engine::Json& body);

// The message of a notice: one line for people, with `title` for the game and `link` (the
// game's page) at the end.
std::string notice_text(const std::string& kind, const engine::Json& body, const std::string& title,
                        const std::string& link);
// A subject line for e-mail.
std::string notice_subject(const std::string& kind, const engine::Json& body,
                           const std::string& title);

}  // namespace pacwar::server
