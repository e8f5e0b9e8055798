#include "engine/session.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "engine/errors.h"
#include "engine/hex.h"
#include "engine/random_play.h"

namespace pacwar::engine {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) {
    if (!text.empty()) text += ", ";
    text += item;
  }
  return text.empty() ? "(none)" : text;
}

std::string seat_text(const Game& game, int seat) {
  if (seat == kChanceSeat) return "chance";
  if (seat == kTerminalSeat) return "nobody (the game is over)";
  return game.seat_name(seat);
}

Options normalized(const Game& game, const Options& options) {
  try {
    return game.normalize_options(options);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("options: ") + e.what());
  }
}

// Save file validation helpers: every message starts with "save file: ".
[[noreturn]] void bad_save(const std::string& reason) { throw UsageError("save file: " + reason); }

const Json& field(const Json& save, const char* name) {
  auto it = save.find(name);
  if (it == save.end()) bad_save(std::string("field '") + name + "' is missing");
  return *it;
}

}  // namespace

Session::Session(std::shared_ptr<const Game> game, Options options, std::uint64_t seed)
    : game_(std::move(game)), seed_(seed) {
  if (!game_) throw UsageError("no game");
  options_ = normalized(*game_, options);
  state_ = game_->new_initial_state(options_);
}

std::vector<std::string> Session::legal_ids() const {
  std::vector<std::string> ids;
  if (state_->is_chance()) {
    std::vector<ChanceOutcome> outcomes;
    state_->chance_outcomes(outcomes);
    ids.reserve(outcomes.size());
    for (const ChanceOutcome& outcome : outcomes) ids.push_back(state_->action_id(outcome.action));
  } else if (!state_->is_terminal()) {
    std::vector<ActionCode> actions;
    state_->legal_actions(actions);
    ids.reserve(actions.size());
    for (ActionCode action : actions) ids.push_back(state_->action_id(action));
  }
  return ids;
}

ActionCode Session::find_action(std::string_view id, std::vector<std::string>* legal_out) const {
  std::vector<ActionCode> candidates;
  if (state_->is_chance()) {
    std::vector<ChanceOutcome> outcomes;
    state_->chance_outcomes(outcomes);
    for (const ChanceOutcome& outcome : outcomes) candidates.push_back(outcome.action);
  } else if (!state_->is_terminal()) {
    state_->legal_actions(candidates);
  }
  ActionCode found = kNoAction;
  for (ActionCode action : candidates) {
    std::string action_id = state_->action_id(action);
    if (found == kNoAction && action_id == id) found = action;
    if (legal_out != nullptr) legal_out->push_back(std::move(action_id));
  }
  return found;
}

bool Session::is_legal(ActionCode action) const {
  if (state_->is_chance()) {
    std::vector<ChanceOutcome> outcomes;
    state_->chance_outcomes(outcomes);
    return std::any_of(outcomes.begin(), outcomes.end(),
                       [action](const ChanceOutcome& o) { return o.action == action; });
  }
  if (state_->is_terminal()) return false;
  const std::vector<ActionCode> actions = state_->legal_actions();
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

void Session::apply_id(std::string_view id, int seat) {
  const int to_act = state_->current_seat();
  if (to_act == kTerminalSeat) {
    throw UsageError("illegal action '" + std::string(id) + "': the game is over");
  }
  if (seat >= 0 && seat != to_act) {
    const std::string who =
        seat < game_->num_seats() ? game_->seat_name(seat) : "seat " + std::to_string(seat);
    throw UsageError("not your turn: " + who + " may not act now; " + seat_text(*game_, to_act) +
                     " acts at " + state_->prompt());
  }
  std::vector<std::string> legal;
  const ActionCode action = find_action(id, &legal);
  if (action == kNoAction) {
    throw UsageError("illegal action '" + std::string(id) + "' at " + state_->prompt() +
                     "; legal: " + join(legal));
  }
  record(action);
}

void Session::apply(ActionCode action) {
  if (!is_legal(action)) {
    throw UsageError("illegal action code " + std::to_string(action) + " at " + state_->prompt() +
                     "; legal: " + join(legal_ids()));
  }
  record(action);
}

void Session::record(ActionCode action) {
  const int seat = state_->current_seat();
  std::string id = state_->action_id(action);
  const bool barrier = seat == kChanceSeat || state_->is_undo_barrier(action);
  VectorLog lines;
  try {
    state_->apply(action, &lines);
  } catch (...) {
    rebuild(codes_.size());  // the state may be half-changed: replay it as it was
    throw;
  }
  codes_.push_back(action);
  ids_.push_back(std::move(id));
  seats_.push_back(seat);
  barriers_.push_back(barrier ? 1 : 0);
  log_sizes_.push_back(log_.size());
  for (LogLine& line : lines.lines) log_.push_back(std::move(line));
}

void Session::resolve_chance() {
  while (state_->is_chance()) {
    std::vector<ChanceOutcome> outcomes;
    state_->chance_outcomes(outcomes);
    Rng rng = Rng::for_step(seed_, ids_.size());
    record(sample_outcome(outcomes, rng));
  }
}

bool Session::can_undo(int seat) const {
  return seat >= 0 && !seats_.empty() && seats_.back() == seat && barriers_.back() == 0;
}

bool Session::undo(int seat) {
  if (!can_undo(seat)) return false;
  rebuild(codes_.size() - 1);
  return true;
}

void Session::rebuild(std::size_t length) {
  auto state = game_->new_initial_state(options_);
  for (std::size_t i = 0; i < length; ++i) state->apply(codes_[i], nullptr);
  state_ = std::move(state);
  if (length < codes_.size()) {
    log_.resize(log_sizes_[length]);
    codes_.resize(length);
    ids_.resize(length);
    seats_.resize(length);
    barriers_.resize(length);
    log_sizes_.resize(length);
  }
}

Json Session::save() const {
  Json save = Json::object();
  save["format_version"] = kSaveFormatVersion;
  save["game"] = game_->name();
  save["options"] = options_;
  save["seed"] = seed_;
  save["actions"] = ids_;
  save["state_hash"] = to_hex(state_->hash());
  return save;
}

Session Session::load(
    const Json& save,
    const std::function<std::shared_ptr<const Game>(const std::string&)>& find_game) {
  if (!save.is_object()) bad_save("must be a JSON object");

  const Json& version = field(save, "format_version");
  if (!version.is_number_integer()) bad_save("field 'format_version' must be an integer");
  if (version.get<std::int64_t>() != kSaveFormatVersion) {
    bad_save("unknown format version " + version.dump() + " (this pacwar reads version " +
             std::to_string(kSaveFormatVersion) + ")");
  }

  const Json& game_name = field(save, "game");
  if (!game_name.is_string()) bad_save("field 'game' must be a string");

  const Json& options = field(save, "options");
  if (!options.is_object()) bad_save("field 'options' must be an object");

  const Json& seed = field(save, "seed");
  if (!seed.is_number_integer() || (!seed.is_number_unsigned() && seed.get<std::int64_t>() < 0)) {
    bad_save("field 'seed' must be an unsigned integer");
  }

  const Json& actions = field(save, "actions");
  if (!actions.is_array()) bad_save("field 'actions' must be an array of strings");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (!actions[i].is_string()) {
      bad_save("field 'actions[" + std::to_string(i) + "]' must be a string");
    }
  }

  const Json& hash_text = field(save, "state_hash");
  std::optional<std::uint64_t> expected;
  if (hash_text.is_string()) expected = parse_hex(hash_text.get<std::string>());
  if (!expected) bad_save("field 'state_hash' must be a string of 1 to 16 hex digits");

  const std::string name = game_name.get<std::string>();
  std::shared_ptr<const Game> game = find_game ? find_game(name) : nullptr;
  if (!game) bad_save("unknown game '" + name + "'");

  std::optional<Session> session;
  try {
    session.emplace(std::move(game), options, seed.get<std::uint64_t>());
  } catch (const UsageError& e) {
    bad_save(e.what());
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string& id = actions[i].get_ref<const std::string&>();
    try {
      session->apply_id(id);
    } catch (const UsageError& e) {
      bad_save("action " + std::to_string(i) + " '" + id + "' cannot be replayed: " + e.what());
    }
  }
  const std::uint64_t actual = session->state().hash();
  if (actual != *expected) {
    throw UsageError("save file does not match: state hash " + to_hex(actual) + " expected " +
                     to_hex(*expected));
  }
  return std::move(*session);
}

}  // namespace pacwar::engine
