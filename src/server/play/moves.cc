// GameService's moves of a player: an action, undo, resignation and the loss on time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/json_writer.h"
#include "games/registry.h"
#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/notify/notices.h"
#include "server/play/clocks.h"
#include "server/play/game_json.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

using engine::Json;

// Action ids are printable text: a control byte (a NUL would cut messages short) is refused with
// its position before the id reaches the rules.
std::string action_text_problem(const std::string& id) {
  for (std::size_t i = 0; i < id.size(); ++i) {
    const auto c = static_cast<unsigned char>(id[i]);
    if (c < 0x20 || c == 0x7f) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02x", c);
      return "field 'action' has the control character " + std::string(code) + " at position " +
             std::to_string(i) + "; an action id is printable text (the legal ones are in 'legal')";
    }
  }
  return "";
}

using engine::Json;

std::int64_t version_of(const Json& body) {
  return integer_field(body, "version", " (the version of the state you saw)");
}

// The optional "log_since" of a request body: absent or null means the whole log.
std::int64_t log_since_of(const Json& body) {
  const std::int64_t since =
      optional_integer_field(body, "log_since", " (a log line index)").value_or(0);
  if (since < 0)
    throw field_error("log_since", "must be a non-negative integer (a log line index)");
  return since;
}

// Whether `user` may make a move with `version` in `game` as it stands (act's checks, without
// their answers).
bool may_act(const GameRecord& game, const std::string& user, std::int64_t version) {
  const GameStatus& s = game.state;
  if (s.status != PlayStatus::kActive || s.version != version || s.to_move < 0) return false;
  const auto seat = static_cast<std::size_t>(s.to_move);
  return seat < game.seats.size() && game.seats[seat].username == user;
}

}  // namespace

std::string GameService::act(const std::string& user, const std::string& id, const Json& body) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  const std::string action = string_field(body, "action", " (an action id)");
  const std::int64_t version = version_of(body);
  const std::int64_t log_since = log_since_of(body);
  Locked live = get(id, Freshness::kNoticed);
  if (!live.checked && !may_act(live->record, user, version)) {
    // What the notices vouched for refuses the move: the store says whether it is current (a
    // change of another process whose notice is still on its way).
    check_with_store(*live.game);
  }
  const int seat = seat_of(*live.game, user);
  check_log_since(*live.game, seat, log_since);
  const GameStatus& s = live->record.state;
  if (s.status == PlayStatus::kFinished) throw ApiError(409, "the game is over");
  if (s.status == PlayStatus::kWaiting)
    throw ApiError(409, "the game waits for the invited player");
  if (version != s.version) {
    throw ApiError(409,
                   "stale version " + std::to_string(version) + ": the game is at version " +
                       std::to_string(s.version) + "; load it again",
                   {{"version", s.version}});
  }
  if (s.to_move != seat) {
    throw ApiError(
        403, "not your turn: " + to_move_name(live->session->game(), s.to_move) + " is to act");
  }
  if (const std::string problem = action_text_problem(action); !problem.empty()) {
    throw ApiError(400, problem, {{"legal", live->session->legal_ids()}});
  }
  try {
    live->session->apply_id(action, seat);
  } catch (const engine::UsageError& e) {
    throw ApiError(400, e.what(), {{"legal", live->session->legal_ids()}});
  }
  try {
    live->session->resolve_chance();
  } catch (...) {
    if (auto record = store_.load_game(id)) reload(*live.game, std::move(*record));
    throw;
  }
  // A computer player that does not search answers in this request, stored in the same change:
  // its moves are in the answer, and the user's event stream need not carry them.
  std::vector<AgentMoveAtOnce> at_once;
  try {
    at_once = play_at_once(*live.game);
  } catch (const std::exception& e) {
    // The person's action alone, as before (the same action and chance outcomes): a worker
    // takes the computer's turn and reports what goes wrong.
    std::fprintf(stderr, "pacwar serve: game %s: the computer's moves at once failed: %s\n",
                 id.c_str(), e.what());
    at_once.clear();
    if (auto record = store_.load_game(id)) reload(*live.game, std::move(*record));
    live->session->apply_id(action, seat);
    live->session->resolve_chance();
  }
  commit(*live.game, version, status_now(*live.game), "", 0, {}, std::move(at_once));
  live->changed_by = user;
  after_change(*live.game);
  return answer(*live.game, seat, log_since);
}

std::string GameService::undo(const std::string& user, const std::string& id, const Json& body) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  const std::int64_t version = version_of(body);
  Locked live = get(id);
  const int seat = seat_of(*live.game, user);
  const GameStatus& s = live->record.state;
  if (s.status != PlayStatus::kActive)
    throw ApiError(409, "nothing to undo: the game is " + std::string(to_string(s.status)));
  if (version != s.version) {
    throw ApiError(409,
                   "stale version " + std::to_string(version) + ": the game is at version " +
                       std::to_string(s.version) + "; load it again",
                   {{"version", s.version}});
  }
  if (!live->session->undo(seat)) {
    throw ApiError(409,
                   "nothing to undo: only your own last action may be taken back, and not after "
                   "a die roll, a card draw or a revealed card");
  }
  live->answers.clear();  // the log was cut
  ++live->log_cuts;
  commit(*live.game, version - 1, status_now(*live.game));
  live->changed_by = user;
  after_change(*live.game);
  return answer(*live.game, seat);
}

std::string GameService::resign(const std::string& user, const std::string& id) {
  // A resignation holds whatever the game's last move was: when a computer player's move (of
  // this or another process) lands between the load and the change, it is made again.
  for (int attempt = 0;; ++attempt) {
    Locked live = get(id);
    const int seat = seat_of(*live.game, user);
    if (live->record.state.status == PlayStatus::kFinished) throw ApiError(409, "the game is over");
    GameStatus status = status_now(*live.game);
    status.status = PlayStatus::kFinished;
    status.to_move = engine::kTerminalSeat;
    status.resigned = seat;
    status.winner = live->session->game().num_seats() == 2 ? 1 - seat : kNoWinner;
    try {
      commit(*live.game, status.version, status);
    } catch (const ChangedMeanwhile&) {
      if (attempt >= 4) throw;
      continue;
    }
    live->changed_by = user;
    after_change(*live.game);
    return answer(*live.game, seat);
  }
}

std::string GameService::end_on_time(const std::string& id, int loser, const std::string& user) {
  Locked live = get(id);
  const int seat = user.empty() ? -1 : seat_of(*live.game, user);
  const GameStatus& s = live->record.state;
  if (s.status != PlayStatus::kActive)
    throw ApiError(409, "the game is " + std::string(to_string(s.status)));
  if (s.to_move != loser) {
    throw ApiError(409, "the time of " + live->session->game().seat_name(loser) +
                            " did not run out on its turn: it is no longer to move");
  }
  if (seat == loser) throw ApiError(403, "it is your own time that ran out");
  GameStatus status = status_now(*live.game);
  status.status = PlayStatus::kFinished;
  status.to_move = engine::kTerminalSeat;
  status.winner = live->session->game().num_seats() == 2 ? 1 - loser : kNoWinner;
  commit(*live.game, status.version, status);
  live->changed_by = user;
  after_change(*live.game);
  return seat >= 0 ? answer(*live.game, seat) : std::string();
}

}  // namespace pacwar::server
