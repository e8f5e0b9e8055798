#include "cli/play.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <istream>
#include <map>
#include <ostream>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/render.h"

namespace pacwar::cli {
namespace {

using engine::Session;
using engine::UsageError;

constexpr std::uint64_t kRandomPlayerStream = 0x72616E646F6DULL;  // "random"
constexpr std::uint64_t kAiPlayerStream = 0x6169ULL;              // "ai"

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.size() < 9 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

// What the loop is for, as bits (a command names the modes that offer it): a game in play, a
// game that has just ended in play, or a finished game loaded to be read (nothing to save: it is
// its save file).
enum Mode : unsigned { kPlay = 1, kGameOver = 2, kReview = 4, kEveryMode = 7 };

// The commands of the loop and the modes that offer them: `help` lists them, and a game over
// names them.
struct Command {
  const char* name;
  const char* help;
  unsigned modes;
};

constexpr Command kCommands[] = {
    {"NUMBER", "take the action with that number (a card's line: choose its target next)", kPlay},
    {"ACTION-ID", "take the action with that exact id (e.g. the text after the number)", kPlay},
    {"back", "from a card's list of targets back to all the actions", kPlay},
    {"undo", "take back your last action (not a chance outcome or a reveal)", kPlay},
    {"save FILE", "save the game to FILE", kPlay | kGameOver},
    {"log", "show the game log as you may see it", kEveryMode},
    {"map", "draw the map: areas, Sea Routes, control and units", kEveryMode},
    {"board",
     "show the board and the actions again (the board is otherwise\n"
     "              shown once per phase; the log lines say what changed)",
     kPlay},
    {"board", "show the final board again", kGameOver | kReview},
    {"help", "show this help", kEveryMode},
    {"quit", "leave the game without saving (exit works too)", kPlay | kGameOver},
    {"quit", "leave the review (exit works too)", kReview},
};

class PlayLoop {
 public:
  PlayLoop(Session& session, const std::vector<PlayerSpec>& players, std::istream& in,
           std::ostream& out, const BoardRenderer& render, int ai_threads, Mode mode)
      : session_(session), players_(players), in_(in), out_(out), render_(render), mode_(mode) {
    const int seats = session_.game().num_seats();
    if (static_cast<int>(players_.size()) != seats) {
      throw UsageError("play: " + std::to_string(players_.size()) + " players given for " +
                       std::to_string(seats) + " seats");
    }
    int humans = 0;
    agents_.resize(players_.size());
    for (int seat = 0; seat < seats; ++seat) {
      const PlayerSpec& player = players_[static_cast<std::size_t>(seat)];
      if (player.kind == PlayerKind::kHuman) {
        ++humans;
        observer_ = seat;
      } else if (player.kind != PlayerKind::kRandom) {
        const auto spec = ai::parse_agent_spec(player.name);
        if (!spec) throw UsageError("play: unknown player '" + player.name + "'");
        if (mode_ == kPlay) {
          agents_[static_cast<std::size_t>(seat)] =
              ai::make_agent(*spec, session_.game().name(), seats, ai_threads);
        }
      }
    }
    // With several humans at one terminal (or none), automatic moves show public lines only.
    if (humans != 1) observer_ = -1;
  }

  int run() {
    if (mode_ == kReview) return review();
    while (true) {
      const engine::State& state = session_.state();
      if (state.is_terminal()) {
        mode_ = kGameOver;
        return review();
      }
      if (state.is_chance()) {
        const std::size_t from = session_.log().size();
        session_.resolve_chance();
        print_lines(from, observer_);
        continue;
      }
      const int seat = state.current_seat();
      if (players_[static_cast<std::size_t>(seat)].kind == PlayerKind::kRandom) {
        play_random(seat);
        continue;
      }
      if (agents_[static_cast<std::size_t>(seat)]) {
        play_agent(seat);
        continue;
      }
      if (!human_turn(seat)) return 0;
    }
  }

 private:
  // One line of the menu: an action, or several that form one group (State::action_group),
  // as indexes into legal_.
  struct MenuLine {
    std::vector<std::size_t> actions;
    std::string group;  // the group's label; empty for a single action
  };

  enum class Handled { kNo, kYes, kQuit };

  std::string seat_name(int seat) const { return session_.game().seat_name(seat); }

  // "japanese's view", or "the public view" for a spectator.
  std::string view_name(int seat) const {
    return seat < 0 ? "the public view" : seat_name(seat) + "'s view";
  }

  void print_lines(std::size_t from, int seat) {
    const auto& log = session_.log();
    for (std::size_t i = from; i < log.size(); ++i) {
      if (!log[i].visible(seat)) continue;
      out_ << "  " << log[i].text;
      if (!log[i].rule.empty()) out_ << "  [" << log[i].rule << "]";
      out_ << "\n";
    }
  }

  // The seat, and the turn and phase as its view names them.
  std::string phase_key(int seat) const {
    try {
      const engine::Json view = session_.state().view(seat);
      std::string key = std::to_string(seat);  // hotseat: each seat sees its own board
      if (view.contains("turn")) key += view["turn"].dump();
      if (view.contains("phase")) {
        key.push_back('/');
        key.append(view["phase"].dump());
      }
      return key;
    } catch (const std::exception&) {
      return "";
    }
  }

  void show_map(int seat) {
    try {
      const std::string map = render_map(session_.game().name(), session_.state().view(seat));
      out_ << (map.empty() ? "No text map for this game: `board` shows the board.\n" : map);
    } catch (const std::exception& e) {
      out_ << "(map unavailable: " << e.what() << ")\n";
    }
  }

  void show_board(int seat) {
    try {
      out_ << render_(session_.state().view(seat));
    } catch (const std::exception& e) {
      out_ << "(board unavailable: " << e.what() << ")";
    }
    out_ << "\n";
  }

  void play_random(int seat) {
    std::vector<engine::ActionCode> actions = session_.state().legal_actions();
    if (actions.empty()) throw std::logic_error(seat_name(seat) + " has no legal action");
    engine::Rng rng =
        engine::Rng::for_step(session_.seed() ^ kRandomPlayerStream, session_.history_ids().size());
    const std::size_t from = session_.log().size();
    session_.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    print_lines(from, observer_);
  }

  void play_agent(int seat) {
    const std::uint64_t seed = engine::splitmix64(
        session_.seed() ^ kAiPlayerStream ^ engine::splitmix64(session_.history_ids().size()));
    const engine::ActionCode action =
        agents_[static_cast<std::size_t>(seat)]->choose(session_.state(), seed);
    const std::size_t from = session_.log().size();
    session_.apply(action);
    print_lines(from, observer_);
  }

  // The menu's lines: each action alone, except that actions of one group (two or more with
  // the same State::action_group label, e.g. one card event on a dozen targets) share one line,
  // where the first of them stands.
  void build_menu() {
    const engine::State& state = session_.state();
    legal_ = state.legal_actions();
    menu_.clear();
    open_group_ = kNone;
    std::vector<std::string> groups;
    std::map<std::string, std::size_t> members;
    for (const engine::ActionCode action : legal_) {
      groups.push_back(state.action_group(action).label);
      if (!groups.back().empty()) ++members[groups.back()];
    }
    std::map<std::string, std::size_t> line_of;  // group label -> its line
    for (std::size_t i = 0; i < legal_.size(); ++i) {
      const std::string& group = groups[i];
      if (group.empty() || members[group] < 2) {
        menu_.push_back({{i}, ""});
        continue;
      }
      const auto [it, added] = line_of.emplace(group, menu_.size());
      if (added) menu_.push_back({{}, group});
      menu_[it->second].actions.push_back(i);
    }
  }

  void print_action(std::size_t number, const std::string& id, const std::string& text) {
    out_ << "  " << number << ". " << id;
    if (text != id) out_ << "  -  " << text;
    out_ << "\n";
  }

  void show_menu(int seat) {
    const engine::State& state = session_.state();
    out_ << "\n=== " << seat_name(seat) << " to act ===\n";
    // The board once per phase (and on `board`); between, the log lines printed after each
    // decision say what changed.
    const std::string phase = phase_key(seat);
    if (board_forced_ || phase != board_phase_) {
      show_board(seat);
      board_phase_ = phase;
      board_forced_ = false;
    }
    out_ << state.prompt() << "\n";
    build_menu();
    for (std::size_t n = 0; n < menu_.size(); ++n) {
      const MenuLine& line = menu_[n];
      if (line.group.empty()) {
        const engine::ActionCode action = legal_[line.actions.front()];
        print_action(n + 1, state.action_id(action), state.action_label(action));
      } else {
        out_ << "  " << (n + 1) << ". " << line.group << "  [" << line.actions.size()
             << " choices]\n";
      }
    }
    out_ << "Enter a number, an action id, or a command (help).\n";
  }

  // The actions of one group, numbered from 1 for the next input.
  void open_group(std::size_t line) {
    const engine::State& state = session_.state();
    open_group_ = line;
    out_ << menu_[line].group << ":\n";
    std::size_t number = 0;
    for (const std::size_t i : menu_[line].actions) {
      print_action(++number, state.action_id(legal_[i]), state.action_group(legal_[i]).choice);
    }
    out_ << "Enter a number, an action id, back (all the actions), or a command (help).\n";
  }

  // The commands that every mode shares (kCommands); kNo for any other input.
  Handled command(const std::string& line, int seat) {
    if (line == "quit" || line == "exit") {
      out_ << (saved_at_ == session_.history_ids().size()
                   ? "Quit.\n"
                   : "Quit (not saved since the last move).\n");
      return Handled::kQuit;
    }
    if (line == "help") {
      show_help();
    } else if (line == "board") {
      if (mode_ == kPlay) {
        menu_shown_for_ = kNever;
        board_forced_ = true;
      } else {
        show_board(seat);
      }
    } else if (line == "map") {
      show_map(seat);
    } else if (line == "log") {
      out_ << "Game log (" << view_name(seat) << "):\n";
      print_lines(0, seat);
    } else if (offers("save") && (line == "save" || line.rfind("save ", 0) == 0)) {
      save(trim(line.substr(4)));
    } else {
      return Handled::kNo;
    }
    return Handled::kYes;
  }

  // Returns false when the human quits or the input ends.
  bool human_turn(int seat) {
    if (menu_shown_for_ != session_.history_ids().size()) {
      show_menu(seat);
      menu_shown_for_ = session_.history_ids().size();
    }
    out_ << seat_name(seat) << "> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      out_ << "\nEnd of input: leaving the game (not saved).\n";
      return false;
    }
    line = trim(line);
    if (line.empty()) return true;
    switch (command(line, seat)) {
      case Handled::kQuit:
        return false;
      case Handled::kYes:
        return true;
      case Handled::kNo:
        break;
    }
    if (line == "undo") {
      undo(seat);
    } else if (line == "back") {
      if (open_group_ == kNone) {
        out_ << "No list of targets is open: choose a numbered line.\n";
      } else {
        menu_shown_for_ = kNever;  // the whole menu again
      }
    } else if (all_digits(line)) {
      choose(seat, line);
    } else {
      act(seat, line);
    }
    return true;
  }

  // A number: from the open group's actions, or from the menu (a group's line opens it).
  void choose(int seat, const std::string& text) {
    const std::size_t number = std::stoul(text);
    const std::size_t count =
        open_group_ == kNone ? menu_.size() : menu_[open_group_].actions.size();
    if (number < 1 || number > count) {
      out_ << "No action number " << text << ": choose 1 to " << count << ".\n";
    } else if (open_group_ != kNone) {
      act(seat, session_.state().action_id(legal_[menu_[open_group_].actions[number - 1]]));
    } else if (!menu_[number - 1].group.empty()) {
      open_group(number - 1);
    } else {
      act(seat, session_.state().action_id(legal_[menu_[number - 1].actions.front()]));
    }
  }

  void act(int seat, const std::string& id) {
    const std::size_t from = session_.log().size();
    try {
      session_.apply_id(id, seat);
    } catch (const UsageError& e) {
      out_ << "Refused: " << e.what() << "\n";
      return;
    }
    print_lines(from, seat);
  }

  void undo(int seat) {
    const auto& seats = session_.history_seats();
    const std::string last = seats.empty() ? "" : session_.history_ids().back();
    if (session_.undo(seat)) {
      out_ << "Undone: " << last << "\n";
      menu_shown_for_ = kNever;
      board_forced_ = true;
    } else if (seats.empty()) {
      out_ << "Cannot undo: nothing has happened yet.\n";
    } else if (seats.back() != seat) {
      out_ << "Cannot undo: the last action was not yours ("
           << (seats.back() < 0 ? std::string("chance") : seat_name(seats.back()))
           << " acted last).\n";
    } else {
      out_ << "Cannot undo '" << last
           << "': it revealed hidden information or was a chance outcome.\n";
    }
  }

  void save(const std::string& file) {
    if (file.empty()) {
      out_ << "Usage: save FILE\n";
      return;
    }
    std::ofstream stream(file);
    stream << session_.save().dump(2) << "\n";
    stream.close();
    if (!stream) {
      out_ << "Cannot write save file '" << file << "'.\n";
      return;
    }
    saved_at_ = session_.history_ids().size();
    out_ << "Saved to " << file << " ("
         << (session_.state().is_terminal() ? "read it again with" : "resume with")
         << ": pacwar load " << file << ").\n";
  }

  // Whether this mode offers the command `name` (kCommands).
  bool offers(std::string_view name) const {
    return std::any_of(std::begin(kCommands), std::end(kCommands), [&](const Command& c) {
      return std::string_view(c.name).substr(0, name.size()) == name && (c.modes & mode_) != 0;
    });
  }

  // "log, save FILE, board, map, help, quit": the commands of this mode.
  std::string command_list() const {
    std::string list;
    for (const Command& c : kCommands) {
      if ((c.modes & mode_) == 0) continue;
      list += (list.empty() ? "" : ", ") + std::string(c.name);
    }
    return list;
  }

  void show_help() {
    out_ << "Commands:\n";
    for (const Command& c : kCommands) {
      if ((c.modes & mode_) == 0) continue;
      const std::string name = c.name;
      out_ << "  " << name << std::string(name.size() < 12 ? 12 - name.size() : 1, ' ') << c.help
           << "\n";
    }
  }

  // "japanese won" or "a draw".
  std::string result_words() const {
    const int winner = session_.state().winner();
    return winner >= 0 ? seat_name(winner) + " won" : std::string("a draw");
  }

  void show_result() {
    const engine::State& state = session_.state();
    out_ << "\n=== Game over ===\n";
    show_board(observer_);
    const int winner = state.winner();
    if (winner >= 0) {
      out_ << "Winner: " << seat_name(winner) << "\n";
    } else {
      out_ << "Draw.\n";
    }
    const std::vector<double> returns = state.returns();
    for (std::size_t seat = 0; seat < returns.size(); ++seat) {
      out_ << "  " << seat_name(static_cast<int>(seat)) << ": " << returns[seat] << "\n";
    }
  }

  // A finished game: the result, then commands (kGameOver: as it ends in play; kReview: loaded,
  // read only) until quit or the end of input.
  int review() {
    if (mode_ == kReview) {
      saved_at_ = session_.history_ids().size();  // it is its save file
      out_ << session_.game().name() << ": the game is over, " << result_words() << " after "
           << session_.history_ids().size() << " actions. Read-only review: " << command_list()
           << ".\n";
    }
    show_result();
    if (mode_ == kGameOver) {
      out_ << "The game is over. Commands: " << command_list() << " (or end the input).\n";
    }
    const std::string where = mode_ == kReview ? "review" : "game over";
    while (true) {
      out_ << where << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << "\nEnd of input"
             << (saved_at_ == session_.history_ids().size() ? "." : " (the game was not saved).")
             << "\n";
        return 0;
      }
      line = trim(line);
      if (line.empty()) continue;
      const Handled handled = command(line, observer_);
      if (handled == Handled::kQuit) return 0;
      if (handled == Handled::kNo) {
        out_ << "The game is over" << (mode_ == kReview ? " and this review is read-only" : "")
             << ": '" << line << "' is not one of " << command_list() << ".\n";
      }
    }
  }

  static constexpr std::size_t kNever = static_cast<std::size_t>(-1);
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  Session& session_;
  const std::vector<PlayerSpec>& players_;
  std::vector<std::unique_ptr<ai::Agent>> agents_;  // computer players (null: human, random)
  std::istream& in_;
  std::ostream& out_;
  const BoardRenderer& render_;
  Mode mode_;
  int observer_ = -1;
  std::size_t menu_shown_for_ = kNever;  // history length when the menu was last shown
  std::string board_phase_;              // phase_key when the board was last shown
  bool board_forced_ = true;             // show the board with the next menu
  std::size_t saved_at_ = kNever;        // history length when last saved
  std::vector<engine::ActionCode> legal_;
  std::vector<MenuLine> menu_;      // the menu's lines over legal_
  std::size_t open_group_ = kNone;  // the menu line whose group's actions are listed
};

}  // namespace

std::optional<PlayerKind> parse_player_kind(std::string_view text) {
  const auto player = parse_player(text);
  return player ? std::optional<PlayerKind>(player->kind) : std::nullopt;
}

std::optional<PlayerSpec> parse_player(std::string_view text) {
  if (text == "human") return PlayerSpec{PlayerKind::kHuman, "human"};
  const auto spec = ai::parse_agent_spec(text);
  if (!spec) return std::nullopt;
  switch (spec->kind) {
    case ai::AgentSpec::Kind::kRandom:
      return PlayerSpec{PlayerKind::kRandom, std::string(text)};
    case ai::AgentSpec::Kind::kHeuristic:
      return PlayerSpec{PlayerKind::kHeuristic, std::string(text)};
    case ai::AgentSpec::Kind::kMcts:
    case ai::AgentSpec::Kind::kMctsV1:
    case ai::AgentSpec::Kind::kMctsV2:
      return PlayerSpec{PlayerKind::kMcts, std::string(text)};
    case ai::AgentSpec::Kind::kDoctrine:
      return PlayerSpec{PlayerKind::kDoctrine, std::string(text)};
    case ai::AgentSpec::Kind::kOracle:  // sees hidden cards: measurement only (arena, ladder)
      return std::nullopt;
  }
  return std::nullopt;
}

std::string to_string(PlayerKind kind) {
  switch (kind) {
    case PlayerKind::kHuman:
      return "human";
    case PlayerKind::kRandom:
      return "random";
    case PlayerKind::kHeuristic:
      return "heuristic";
    case PlayerKind::kMcts:
      return "mcts";
    case PlayerKind::kDoctrine:
      return "doctrine";
  }
  return "human";
}

int run_play(Session& session, const std::vector<PlayerSpec>& players, std::istream& in,
             std::ostream& out, const BoardRenderer& render, int ai_threads) {
  return PlayLoop(session, players, in, out, render, ai_threads, kPlay).run();
}

int run_play(Session& session, const std::vector<PlayerKind>& players, std::istream& in,
             std::ostream& out, const BoardRenderer& render) {
  std::vector<PlayerSpec> specs;
  for (const PlayerKind kind : players) specs.push_back(PlayerSpec{kind, to_string(kind)});
  return PlayLoop(session, specs, in, out, render, 1, kPlay).run();
}

int run_loaded(Session& session, const std::vector<PlayerSpec>& players, std::istream& in,
               std::ostream& out, const BoardRenderer& render) {
  if (session.state().is_terminal()) {
    return PlayLoop(session, players, in, out, render, 1, kReview).run();
  }
  out << "Resuming " << session.game().name() << " after " << session.history_ids().size()
      << " actions.\n";
  return PlayLoop(session, players, in, out, render, 1, kPlay).run();
}

}  // namespace pacwar::cli
