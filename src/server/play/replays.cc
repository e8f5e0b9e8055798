// GameService's replay of a game, step by step, and a game's summary.
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

using engine::Json;

Json GameService::replay(const std::string& user, const std::string& id, std::int64_t step) {
  GameRecord record;
  int seat = -1;
  {
    Locked live = get(id);
    seat = viewer_seat(*live.game, user);
    if (live->record.state.status != PlayStatus::kFinished) {
      throw ApiError(409, "replays are for finished games; this one is " +
                              std::string(to_string(live->record.state.status)));
    }
    record = live->record;
    const auto& ids = live->session->history_ids();
    const auto& seats = live->session->history_seats();
    for (std::size_t i = 0; i < ids.size(); ++i) record.actions.push_back({ids[i], seats[i]});
  }
  const auto steps = static_cast<std::int64_t>(record.actions.size());
  if (step < 0 || step > steps) {
    throw ApiError(400, "step must be between 0 and " + std::to_string(steps));
  }
  record.actions.resize(static_cast<std::size_t>(step));
  // The label of this seat's own last action is read in the position it was taken in.
  Json action_label = nullptr;
  if (step > 0 && seat >= 0 && record.actions.back().seat == seat) {
    GameRecord before = record;
    before.actions.pop_back();
    const auto earlier = replay_session(before);
    const engine::State& st = earlier->state();
    for (engine::ActionCode code : st.legal_actions()) {
      if (st.action_id(code) == record.actions.back().id) action_label = st.action_label(code);
    }
  }
  const auto session = replay_session(record);
  Json log = Json::array();
  for (const engine::LogLine& line : session->log()) {
    if (line.visible(seat)) log.push_back({{"text", line.text}, {"rule", line.rule}});
  }
  const engine::Game& game = session->game();
  Json action = nullptr;
  Json by = nullptr;
  if (step > 0) {
    const ActionRecord& last = record.actions.back();
    by = last.seat == engine::kChanceSeat ? "chance" : game.seat_name(last.seat);
    // Only this seat's own action ids are shown: another seat's or chance's may name a card
    // that this seat never saw (the log lines say what it may know).
    if (seat >= 0 && last.seat == seat) action = last.id;
  }
  return {{"step", step},
          {"steps", steps},
          {"view", session->state().view(seat)},
          {"log", log},
          {"action", action},
          {"action_label", action_label},
          {"by", by},
          {"seat", seat >= 0 ? Json(game.seat_name(seat)) : Json(nullptr)}};
}

GameService::Summary GameService::summary(const std::string& user, const std::string& id,
                                          StreamLog* stream, bool ask_store) {
  // The streams read what the notices vouch for: a change of another process that this read
  // misses wakes them again with its notice.
  Locked live = get(id, ask_store ? Freshness::kChecked : Freshness::kNoticed);
  const int seat = viewer_seat(*live.game, user);
  const GameStatus& s = live->record.state;
  Summary summary;
  summary.revision = live->record.revision;
  summary.event = {{"version", s.version},
                   {"to_move", s.status == PlayStatus::kFinished
                                   ? Json(nullptr)
                                   : name_or_null(to_move_name(live->session->game(), s.to_move))},
                   {"your_turn", seat >= 0 && s.status == PlayStatus::kActive && s.to_move == seat},
                   {"status", s.status}};
  if (stream == nullptr || stream->revision == summary.revision) return summary;
  stream->revision = summary.revision;
  if (!live->changed_by.empty() && live->changed_by == user) return summary;
  const bool turn_or_end =
      s.status == PlayStatus::kFinished || summary.event["your_turn"].get<bool>();
  if (stream->turns_only && !turn_or_end) return summary;
  const auto lines = static_cast<std::int64_t>(seat_log(*live.game, seat).line_starts.size());
  // After a log cut the lines the stream sent may have changed: all of them again (a stream
  // that has sent none trusts the client's count, taken just before it opened).
  const bool cut = stream->cuts >= 0 && stream->cuts != live->log_cuts;
  const std::int64_t since = cut || stream->lines > lines ? 0 : stream->lines;
  summary.state = answer(*live.game, seat, since);
  stream->lines = lines;
  stream->cuts = live->log_cuts;
  return summary;
}

}  // namespace pacwar::server
