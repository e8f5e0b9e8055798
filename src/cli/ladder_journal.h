// The ladder's journal (`pacwar ladder --journal FILE`): one JSON line per finished game,
// appended as the game ends, so that a long ladder can be stopped and resumed (a later run of
// the same command plays only the games the file does not hold yet) and split over sessions.
// A journal belongs to one build: before resuming, the ladder plays one of its games again
// (one whose players are fixed by its seed) and refuses the file if that game now goes another
// way (a rule or search change since).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli/match.h"
#include "engine/game.h"

namespace pacwar::cli {

// What decides a game's course besides its players and seed; a journal line made with other
// settings is refused, not mixed in.
struct JournalSettings {
  std::string game;          // the game's name
  engine::Options options;   // normalized game options
  int threads = 1;           // search threads of each player
  int max_actions = 100000;  // actions before a game counts as unfinished
};

struct JournalEntry {
  std::vector<std::string> players;  // per seat
  std::uint64_t seed = 0;            // the game's own seed (MatchGame::seed)
  MatchOutcome outcome;              // winner, finished, actions, digest, ms per seat
};

struct Journal {
  std::vector<JournalEntry> entries;  // in file order
  // Bytes up to the end of the last whole line: a run killed while writing a line leaves it cut
  // short at the end of the file, and the next run cuts it off before appending.
  std::uintmax_t whole_bytes = 0;
};

// The journal at `path`; empty when the file does not exist. Throws engine::UsageError naming
// the file, the line, the field and the reason for a line that is not a journal entry or was
// made with other settings.
Journal read_ladder_journal(const std::string& path, const JournalSettings& settings);

// The journal line (without its newline) of a finished game.
std::string journal_line(const JournalSettings& settings, const MatchGame& game,
                         const MatchOutcome& outcome);

}  // namespace pacwar::cli
