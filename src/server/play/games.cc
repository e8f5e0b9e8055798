#include "server/play/games.h"

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

namespace pacwar::server {
namespace {

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

// Seeds of computer players: the same stream as terminal play (src/cli/play.cc), so a move
// depends only on the game's seed and the length of its log.
constexpr std::uint64_t kAiPlayerStream = 0x6169ULL;  // "ai"

std::string to_move_name(const engine::Game& game, int seat) {
  if (seat == engine::kChanceSeat) return "chance";
  if (seat < 0) return "";
  return game.seat_name(seat);
}

Json name_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

Json result_json(const engine::Game& game, const GameStatus& s) {
  if (s.status != PlayStatus::kFinished) return nullptr;
  Json result = {{"winner", s.winner >= 0 ? Json(game.seat_name(s.winner)) : Json(nullptr)}};
  if (s.resigned >= 0) result["resigned"] = game.seat_name(s.resigned);
  return result;
}

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

}  // namespace

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string iso_time(std::int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

const std::vector<std::string>& agent_levels() {
  static const std::vector<std::string> levels = {"random",      "heuristic", "mcts:easy",
                                                  "mcts:normal", "mcts:hard", "mcts:expert"};
  return levels;
}

std::int64_t GameService::now() const { return clock_ ? clock_() : now_ms(); }

std::vector<GameRules> registered_games() {
  std::vector<GameRules> games;
  for (const engine::GameModule& module : pacwar::game_modules()) {
    if (module.rules_version < 1) {
      throw std::logic_error("game " + module.name + " has no rules version (GameModule)");
    }
    auto game = pacwar::find_game(module.name);
    if (game) games.push_back({std::move(game), std::to_string(module.rules_version)});
  }
  return games;
}

GameService::GameService(Store& store, Notifier& notifier, std::vector<GameRules> games)
    : store_(store), notifier_(notifier) {
  for (GameRules& rules : games) {
    const std::string name = rules.game->name();
    if (rules.version.empty()) {
      throw std::invalid_argument("game " + name + " has no rules version");
    }
    names_.push_back(name);
    games_[name] = std::move(rules);
  }
}

std::shared_ptr<const engine::Game> GameService::game(const std::string& name) const {
  auto it = games_.find(name);
  return it == games_.end() ? nullptr : it->second.game;
}

std::string GameService::rules_version(const std::string& name) const {
  auto it = games_.find(name);
  return it == games_.end() ? "" : it->second.version;
}

std::size_t GameService::loaded_games() {
  std::lock_guard lock(cache_mutex_);
  return cache_.size();
}

std::size_t GameService::remembered_agents() {
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    std::lock_guard lock(cache_mutex_);
    for (const auto& [id, live] : cache_) games.push_back(live);
  }
  std::size_t kept = 0;
  for (const auto& live : games) {
    std::lock_guard lock(live->mutex);
    for (const auto& [spec, agent] : live->agents) kept += agent != nullptr;
  }
  return kept;
}

void GameService::forget(const std::string& id) {
  {
    std::lock_guard lock(cache_mutex_);
    cache_.erase(id);
  }
  notifier_.publish(id);
}

std::unique_ptr<engine::Session> GameService::replay_session(const GameRecord& record) const {
  auto game = this->game(record.game);
  if (!game) throw std::runtime_error("game " + record.id + ": unknown game '" + record.game + "'");
  auto session = std::make_unique<engine::Session>(game, record.options, record.seed);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    try {
      session->apply_id(record.actions[i].id);
    } catch (const engine::UsageError& e) {
      // The operator's log says what and where; the player is told the game waits for a repair.
      std::fprintf(stderr,
                   "pacwar: game %s (%s, rules %s; this server plays rules %s): stored action "
                   "%zu '%s' cannot be replayed: %s; `pacwar games repair` resumes it at its "
                   "last legal action (docs/deploy.md)\n",
                   record.id.c_str(), record.game.c_str(),
                   record.rules_version.empty() ? "unknown" : record.rules_version.c_str(),
                   rules_version(record.game).c_str(), i, record.actions[i].id.c_str(), e.what());
      throw ApiError(503,
                     "game " + record.id +
                         " cannot go on: a correction of the rules made one of its moves illegal. "
                         "The server's operator has been told and can resume it at its last "
                         "legal move; both players will be notified");
    }
  }
  return session;
}

std::optional<ReplayProblem> GameService::replay_problem(const GameRecord& record) const {
  ReplayProblem problem;
  problem.rules_now = rules_version(record.game);
  problem.length = static_cast<std::int64_t>(record.actions.size());
  auto game = this->game(record.game);
  if (!game) {
    problem.error = "unknown game '" + record.game + "'";
  } else {
    try {
      engine::Session session(game, record.options, record.seed);
      for (const ActionRecord& action : record.actions) {
        problem.action = action.id;
        session.apply_id(action.id);
        ++problem.index;
      }
      return std::nullopt;
    } catch (const std::exception& e) {  // UsageError, or the options no longer valid
      problem.error = e.what();
    }
  }
  problem.game = record;
  problem.game.actions.clear();
  return problem;
}

std::optional<ReplayProblem> GameService::check_game(const std::string& id) const {
  const auto record = store_.load_game(id);
  if (!record) return std::nullopt;
  return replay_problem(*record);
}

std::vector<ReplayProblem> GameService::check_games(bool changed_rules_only) const {
  std::vector<ReplayProblem> problems;
  for (const GameRecord& game : store_.unfinished_games()) {
    if (changed_rules_only && game.rules_version == rules_version(game.game)) continue;
    if (auto problem = check_game(game.id)) problems.push_back(std::move(*problem));
  }
  return problems;
}

std::optional<RepairResult> GameService::repair(const std::string& id) {
  auto record = store_.load_game(id);
  if (!record) throw ApiError(404, "no game '" + id + "'");
  auto problem = replay_problem(*record);
  if (!problem) return std::nullopt;
  if (record->state.status == PlayStatus::kFinished) {
    throw ApiError(409, "game " + id +
                            " is finished: its result stands, and only games in "
                            "progress are repaired");
  }
  auto game = this->game(record->game);
  if (!game) throw ApiError(409, "game " + id + ": " + problem->error + "; it cannot be repaired");
  // The kept actions, then chance with the game's seed (as after any action).
  auto live = std::make_shared<LiveGame>();
  live->session = std::make_unique<engine::Session>(game, record->options, record->seed);
  for (std::int64_t i = 0; i < problem->index; ++i) {
    live->session->apply_id(record->actions[static_cast<std::size_t>(i)].id);
  }
  live->session->resolve_chance();
  record->actions.clear();
  live->record = *record;
  GameStatus status = status_now(*live);
  RepairResult result;
  result.taken_back = problem->length - problem->index;
  const RepairFacts facts{record->rules_version, rules_version(record->game), result.taken_back};
  commit(*live, problem->index, status, "", 0, repair_notices(live->record, *game, status, facts));
  {
    std::lock_guard lock(cache_mutex_);
    cache_.erase(id);  // this process replays it from the store when asked for
  }
  after_change(*live);
  result.problem = std::move(*problem);
  result.status = live->record.state;
  return result;
}

void GameService::reload(LiveGame& live, GameRecord record) {
  live.session = replay_session(record);
  live.answers.clear();
  record.actions.clear();
  record.actions.shrink_to_fit();
  live.record = std::move(record);
}

bool GameService::catch_up(LiveGame& live) {
  const std::vector<std::string>& ids = live.session->history_ids();
  const auto have = static_cast<std::int64_t>(ids.size());
  if (have == 0) return false;
  // From the last action this process has: it must still be there, unchanged.
  auto record = store_.load_game_from(live.record.id, have - 1);
  if (!record || record->actions.empty() || record->actions.front().id != ids.back() ||
      have - 1 + static_cast<std::int64_t>(record->actions.size()) != record->state.version) {
    return false;
  }
  try {
    for (std::size_t i = 1; i < record->actions.size(); ++i) {
      live.session->apply_id(record->actions[i].id);
    }
  } catch (const engine::UsageError&) {
    return false;  // the caller replays the whole stored log (and reports it if it fails)
  }
  record->actions.clear();
  live.record = std::move(*record);
  return true;
}

void GameService::unload_idle(std::chrono::steady_clock::time_point now) {
  const auto every =
      std::min<std::chrono::steady_clock::duration>(unload_after_, std::chrono::minutes(1));
  if (now - last_unload_ < every) return;
  last_unload_ = now;
  for (auto it = cache_.begin(); it != cache_.end();) {
    // use_count 1: only the cache holds it (no request or computer player has it now).
    if (now - it->second->last_used >= unload_after_ && it->second.use_count() == 1) {
      it = cache_.erase(it);
    } else {
      ++it;
    }
  }
}

GameService::Locked GameService::get(const std::string& id) {
  std::shared_ptr<LiveGame> live;
  {
    std::lock_guard lock(cache_mutex_);
    const auto now = std::chrono::steady_clock::now();
    unload_idle(now);
    if (auto it = cache_.find(id); it != cache_.end()) {
      live = it->second;
      live->last_used = now;
    }
  }
  if (!live) {
    auto record = store_.load_game(id);
    if (!record) throw ApiError(404, "no game '" + id + "'");
    auto fresh = std::make_shared<LiveGame>();
    reload(*fresh, std::move(*record));
    std::lock_guard lock(cache_mutex_);
    fresh->last_used = std::chrono::steady_clock::now();
    live = cache_.emplace(id, std::move(fresh)).first->second;
  }
  Locked locked{live, std::unique_lock(live->mutex)};
  // Another server process may have changed the game: the store's revision says.
  const auto revision = store_.game_revision(id);
  if (!revision) throw ApiError(404, "no game '" + id + "'");
  if (*revision != live->record.revision && !catch_up(*live)) {
    auto record = store_.load_game(id);
    if (!record) throw ApiError(404, "no game '" + id + "'");
    reload(*live, std::move(*record));
  }
  return locked;
}

int GameService::seat_of(const LiveGame& live, const std::string& user) const {
  for (std::size_t seat = 0; seat < live.record.seats.size(); ++seat) {
    if (live.record.seats[seat].username == user) return static_cast<int>(seat);
  }
  throw ApiError(403, "you are not a player of game " + live.record.id);
}

int GameService::viewer_seat(const LiveGame& live, const std::string& user) const {
  for (std::size_t seat = 0; seat < live.record.seats.size(); ++seat) {
    if (live.record.seats[seat].username == user) return static_cast<int>(seat);
  }
  if (may_watch_ && may_watch_(live.record.id)) return kSpectator;
  throw ApiError(403, "you are not a player of game " + live.record.id + " and it is not public");
}

GameStatus GameService::status_now(const LiveGame& live) const {
  GameStatus s = live.record.state;
  s.version = static_cast<std::int64_t>(live.session->history_ids().size());
  s.updated_ms = now();
  if (s.status == PlayStatus::kFinished) return s;  // resigned
  const engine::State& state = live.session->state();
  s.to_move = state.current_seat();
  if (state.is_terminal()) {
    s.status = PlayStatus::kFinished;
    s.winner = state.winner();
    if (s.winner < 0) s.winner = kNoWinner;
    return s;
  }
  s.status = PlayStatus::kActive;
  for (const SeatRecord& seat : live.record.seats) {
    if (seat.empty()) s.status = PlayStatus::kWaiting;
  }
  return s;
}

bool GameService::agent_to_move(const LiveGame& live) const {
  const int seat = live.record.state.to_move;
  return live.record.state.status == PlayStatus::kActive && seat >= 0 &&
         static_cast<std::size_t>(seat) < live.record.seats.size() &&
         !live.record.seats[static_cast<std::size_t>(seat)].agent.empty();
}

void GameService::after_change(const LiveGame& live) {
  notifier_.publish(live.record.id);
  if (agent_queue_ && agent_to_move(live)) agent_queue_(live.record.id);
}

void GameService::commit(LiveGame& live, std::int64_t keep, GameStatus status,
                         const std::string& worker, std::int64_t think_ms,
                         std::vector<QueuedNotice> more_notices) {
  GameChange change;
  change.keep = keep;
  change.status = std::move(status);
  change.worker = worker;
  change.think_ms = think_ms;
  change.before = live.record.state;
  change.notices = change_notices(live.record, live.session->game(), change);
  for (QueuedNotice& notice : more_notices) change.notices.push_back(std::move(notice));
  {
    const int seat = change.status.to_move;
    change.agent_job = change.status.status == PlayStatus::kActive && seat >= 0 &&
                       static_cast<std::size_t>(seat) < live.record.seats.size() &&
                       !live.record.seats[static_cast<std::size_t>(seat)].agent.empty();
  }
  const auto& ids = live.session->history_ids();
  const auto& seats = live.session->history_seats();
  for (std::size_t i = static_cast<std::size_t>(keep); i < ids.size(); ++i) {
    change.append.push_back({ids[i], seats[i]});
  }
  std::optional<std::int64_t> revision;
  try {
    revision = store_.change_game(live.record.id, live.record.revision, change);
  } catch (...) {
    // Nothing was written: put the game back as the store has it.
    if (auto record = store_.load_game(live.record.id)) reload(live, std::move(*record));
    throw;
  }
  if (!revision) {
    if (auto record = store_.load_game(live.record.id)) reload(live, std::move(*record));
    throw ChangedMeanwhile(409, "the game changed meanwhile; load it again",
                           {{"version", live.record.state.version}});
  }
  const bool finished_now = live.record.state.status != PlayStatus::kFinished &&
                            change.status.status == PlayStatus::kFinished;
  live.record.revision = *revision;
  live.record.state = change.status;
  if (finished_now && on_finish_) {
    try {
      on_finish_(live.record);  // the move is stored: a failure here must not undo it
    } catch (const std::exception& e) {
      std::fprintf(stderr, "pacwar serve: game %s finished, rating failed: %s\n",
                   live.record.id.c_str(), e.what());
    }
  }
}

GameService::SeatAnswer& GameService::seat_log(LiveGame& live, int seat) const {
  // A spectator's answer is kept after the seats'.
  const auto slot = static_cast<std::size_t>(seat < 0 ? live.session->game().num_seats() : seat);
  if (live.answers.size() <= slot) live.answers.resize(slot + 1);
  SeatAnswer& a = live.answers[slot];
  const std::vector<engine::LogLine>& lines = live.session->log();
  if (lines.size() < a.log_read) a = SeatAnswer();  // the log was cut
  for (; a.log_read < lines.size(); ++a.log_read) {
    const engine::LogLine& line = lines[a.log_read];
    if (!line.visible(seat)) continue;
    a.line_starts.push_back(a.log.size());
    a.log += ",{\"rule\":";
    engine::JsonWriter::append_string(a.log, line.rule);
    a.log += ",\"text\":";
    engine::JsonWriter::append_string(a.log, line.text);
    a.log += '}';
  }
  return a;
}

void GameService::check_log_since(LiveGame& live, int seat, std::int64_t since) const {
  const auto lines = static_cast<std::int64_t>(seat_log(live, seat).line_starts.size());
  if (since > lines) {
    throw ApiError(400, "log_since " + std::to_string(since) + " is past the log: your seat has " +
                            std::to_string(lines) + " log lines");
  }
}

GameService::SeatAnswer& GameService::seat_answer(LiveGame& live, int seat) const {
  SeatAnswer& a = seat_log(live, seat);
  if (a.revision == live.record.revision) return a;

  // The keys in sorted order, as nlohmann::json writes an object (docs/api.md shows them).
  const engine::Game& game = live.session->game();
  const engine::State& state = live.session->state();
  const GameStatus& s = live.record.state;
  const bool your_turn = seat >= 0 && s.status == PlayStatus::kActive && s.to_move == seat;
  a.head.clear();
  engine::JsonWriter w(a.head);
  w.begin_object();
  w.field("can_undo", seat >= 0 && s.status == PlayStatus::kActive && live.session->can_undo(seat));
  w.field("game", live.record.game);
  w.field("id", live.record.id);
  w.key("legal");
  w.begin_array();
  if (your_turn) {
    for (engine::ActionCode action : state.legal_actions()) {
      w.begin_object();
      // A menu group (State::action_group): the web page shows its actions as one button.
      if (const engine::ActionGroup group = state.action_group(action); !group.label.empty()) {
        w.field("choice", group.choice);
        w.field("group", group.label);
      }
      w.field("id", state.action_id(action));
      w.field("label", state.action_label(action));
      w.end_object();
    }
  }
  w.end_array();
  w.key("log");

  a.tail.assign(1, ',');
  engine::JsonWriter t(a.tail);
  t.field("options", live.record.options);
  t.key("prompt");
  if (your_turn) {
    t.value(state.prompt());
  } else {
    t.null();
  }
  t.field("result", result_json(game, s));
  t.field("seat", seat >= 0 ? Json(game.seat_name(seat)) : Json(nullptr));
  Json seats = Json::object();
  for (std::size_t i = 0; i < live.record.seats.size(); ++i) {
    const SeatRecord& r = live.record.seats[i];
    seats[game.seat_name(static_cast<int>(i))] =
        !r.username.empty() ? Json(r.username) : name_or_null(r.agent);
  }
  t.field("seats", seats);
  if (seat < 0) t.field("spectator", true);
  t.field("status", to_string(s.status));
  t.field("to_move", s.status == PlayStatus::kFinished
                         ? Json(nullptr)
                         : name_or_null(to_move_name(game, s.to_move)));
  t.field("updated", iso_time(s.updated_ms));
  t.field("version", s.version);
  t.key("view");
  state.write_view(seat, t);
  t.field("your_turn", your_turn);
  t.end_object();
  a.whole.clear();
  a.revision = live.record.revision;
  return a;
}

std::string GameService::answer(LiveGame& live, int seat, std::int64_t log_since) const {
  SeatAnswer& a = seat_answer(live, seat);
  if (log_since == 0 && !a.whole.empty()) return a.whole;
  const auto first = static_cast<std::size_t>(log_since);
  // The lines from `first` on, without the comma before the first of them.
  const std::size_t from = first < a.line_starts.size() ? a.line_starts[first] + 1 : a.log.size();
  std::string text;
  text.reserve(a.head.size() + a.log.size() - from + a.tail.size() + 32);
  text += a.head;
  text += '[';
  text.append(a.log, from);
  text += "],\"log_from\":";
  text += std::to_string(log_since);
  text += a.tail;
  if (log_since == 0) a.whole = text;
  return text;
}

Json GameService::create(const std::string& user, const Json& body) {
  return create(user, parse_create_request(body));
}

Json GameService::create(const std::string& user, const CreateGameRequest& request) {
  auto game = this->game(request.game);
  if (!game) throw ApiError(400, "unknown game '" + request.game + "'");

  int seat = -1;
  std::string seat_list;
  for (int s = 0; s < game->num_seats(); ++s) {
    if (game->seat_name(s) == request.seat) seat = s;
    seat_list += (s ? ", " : "") + game->seat_name(s);
  }
  if (seat < 0) {
    throw ApiError(400, "unknown seat '" + request.seat + "' (seats: " + seat_list + ")");
  }
  const Json& options = request.options;

  const std::string& who = request.opponent;
  const bool human = request.against_person();
  if (!human &&
      std::find(agent_levels().begin(), agent_levels().end(), who) == agent_levels().end()) {
    std::string levels = "human";
    for (const std::string& level : agent_levels()) levels += ", " + level;
    throw ApiError(400, "unknown opponent '" + who + "' (one of: " + levels + ")");
  }

  GameRecord record;
  record.clock = request.clock;
  record.id = random_token(8);
  record.game = game->name();
  record.seed = random_u64();
  record.created_ms = now();
  record.rules_version = rules_version(record.game);
  record.revision = 1;
  std::unique_ptr<engine::Session> session;
  try {
    session = std::make_unique<engine::Session>(game, options, record.seed);
  } catch (const engine::UsageError& e) {
    throw ApiError(400, e.what(), {{"field", "options"}});  // the game module's "options: ..."
  }
  record.options = session->options();
  session->resolve_chance();
  record.seats.resize(static_cast<std::size_t>(game->num_seats()));
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    if (static_cast<int>(s) == seat) {
      record.seats[s].username = user;
    } else if (!human) {
      record.seats[s].agent = who;
    }
  }
  // The invitation's token goes to the creator once, in this answer; the store keeps its hash.
  std::string invite;
  if (human) {
    invite = random_token(16);
    record.invite = token_hash(invite);
    record.invite_expires_ms = record.created_ms + invite_lifetime_.count();
  }
  for (std::size_t i = 0; i < session->history_ids().size(); ++i) {
    record.actions.push_back({session->history_ids()[i], session->history_seats()[i]});
  }

  auto live = std::make_shared<LiveGame>();
  live->session = std::move(session);
  live->record = record;
  live->record.invite.reset();
  live->record.state.status = PlayStatus::kActive;
  live->record.state = status_now(*live);
  record.state = live->record.state;
  store_.create_game(record);
  live->record.actions.clear();
  {
    std::lock_guard lock(cache_mutex_);
    cache_[record.id] = live;
  }
  {
    std::lock_guard lock(live->mutex);
    after_change(*live);
  }
  Json answer = {{"id", record.id}, {"invite", human ? Json(invite) : Json(nullptr)}};
  if (human) answer["invite_expires"] = iso_time(record.invite_expires_ms);
  return answer;
}

Json GameService::join(const std::string& user, const std::string& token) {
  return join_by_hash(user, token_hash(token));
}

Json GameService::join_by_hash(const std::string& user, const std::string& invite_hash) {
  std::optional<Store::Joined> joined;
  try {
    joined = store_.join_game(invite_hash, user, now());
  } catch (const InviteExpired& e) {
    throw ApiError(410, e.what());
  } catch (const std::invalid_argument& e) {
    throw ApiError(409, std::string("cannot join: ") + e.what());
  }
  if (!joined) throw ApiError(404, "no open invitation with this token (unknown or already used)");
  Locked live = get(joined->id);  // reloads: the store's revision moved
  // The game may start now: fix its status and announce it.
  GameStatus status = status_now(*live.game);
  if (status.status != live->record.state.status) {
    commit(*live.game, status.version, status);
  }
  {
    // Told after the join's own transaction: a notice lost to a crash here loses no move.
    auto c = store_.database().acquire();
    write_notices(*c, accepted_notices(live->record, live->session->game(), joined->seat), now());
  }
  after_change(*live.game);
  return {{"id", joined->id}, {"seat", live->session->game().seat_name(joined->seat)}};
}

Json GameService::lobby(const std::string& user) {
  Json games = Json::array();
  for (const GameRecord& g : store_.games_of(user)) {
    auto game = this->game(g.game);
    if (!game) continue;
    int seat = -1;
    Json opponent = nullptr;
    for (std::size_t s = 0; s < g.seats.size(); ++s) {
      if (g.seats[s].username == user) {
        seat = static_cast<int>(s);
      } else if (!g.seats[s].empty()) {
        opponent = !g.seats[s].username.empty() ? g.seats[s].username : g.seats[s].agent;
      }
    }
    const GameStatus& s = g.state;
    Json entry = {{"id", g.id},
                  {"game", g.game},
                  {"seat", game->seat_name(seat)},
                  {"opponent", opponent},
                  {"status", s.status},
                  {"to_move", s.status == PlayStatus::kFinished
                                  ? Json(nullptr)
                                  : name_or_null(to_move_name(*game, s.to_move))},
                  {"your_turn", s.status == PlayStatus::kActive && s.to_move == seat},
                  {"result", result_json(*game, s)},
                  {"version", s.version},
                  {"updated", iso_time(s.updated_ms)}};
    games.push_back(std::move(entry));
  }
  return {{"games", games}};
}

std::string GameService::state_text(const std::string& user, const std::string& id,
                                    std::optional<std::int64_t> log_since) {
  if (log_since && *log_since < 0) {
    throw ApiError(400, "log_since must be a non-negative integer (a log line index)");
  }
  Locked live = get(id);
  const int seat = viewer_seat(*live.game, user);
  const std::int64_t since = log_since.value_or(0);
  check_log_since(*live.game, seat, since);
  return answer(*live.game, seat, since);
}

std::string GameService::act(const std::string& user, const std::string& id, const Json& body) {
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  const std::string action = string_field(body, "action", " (an action id)");
  const std::int64_t version = version_of(body);
  const std::int64_t log_since = log_since_of(body);
  Locked live = get(id);
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
  commit(*live.game, version, status_now(*live.game));
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
  commit(*live.game, version - 1, status_now(*live.game));
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
  after_change(*live.game);
  return seat >= 0 ? answer(*live.game, seat) : std::string();
}

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

GameService::Summary GameService::summary(const std::string& user, const std::string& id) {
  Locked live = get(id);
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
  return summary;
}

std::optional<GameService::AgentMove> GameService::think_agent(const std::string& id) {
  std::unique_ptr<engine::State> state;
  AgentMove move;
  std::string agent_name;
  std::string game_name;
  int seats = 0;
  std::uint64_t seed = 0;
  std::size_t seat = 0;
  std::shared_ptr<LiveGame> game;
  std::unique_ptr<ai::Agent> agent;
  {
    Locked live = get(id);
    if (!agent_to_move(*live.game)) return std::nullopt;
    state = live->session->state().clone();
    move.revision = live->record.revision;
    seat = static_cast<std::size_t>(live->record.state.to_move);
    agent_name = live->record.seats[seat].agent;
    if (seat < live->agents.size() && live->agents[seat].first == agent_name) {
      agent = std::move(live->agents[seat].second);  // this thinker's alone while it thinks
    }
    game = live.game;
    game_name = live->record.game;
    seats = live->session->game().num_seats();
    seed = engine::splitmix64(live->record.seed ^ kAiPlayerStream ^
                              engine::splitmix64(live->session->history_ids().size()));
  }
  const auto spec = ai::parse_agent_spec(agent_name);
  if (!spec) throw std::runtime_error("game " + id + ": unknown computer player " + agent_name);
  const auto start = std::chrono::steady_clock::now();
  // The level's own thread count (hard and expert search on two: ai::mcts_level).
  if (!agent) agent = ai::make_agent(*spec, game_name, seats, 0);
  move.action = agent->choose(*state, seed);
  move.think_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  if (agent->remembers()) {
    // Kept with the game (dropped with it when it leaves memory).
    const std::lock_guard lock(game->mutex);
    if (game->agents.size() <= seat) game->agents.resize(seat + 1);
    game->agents[seat] = {agent_name, std::move(agent)};
  }
  return move;
}

bool GameService::apply_agent(const std::string& id, const AgentMove& move,
                              const std::string& worker) {
  Locked live = get(id);
  if (live->record.revision != move.revision) return agent_to_move(*live.game);  // think again
  const std::int64_t version = live->record.state.version;
  live->session->apply(move.action);
  try {
    live->session->resolve_chance();
  } catch (...) {
    if (auto record = store_.load_game(id)) reload(*live.game, std::move(*record));
    throw;
  }
  commit(*live.game, version, status_now(*live.game), worker.empty() ? "embedded" : worker,
         move.think_ms);
  notifier_.publish(id);
  return agent_to_move(*live.game);
}

}  // namespace pacwar::server
