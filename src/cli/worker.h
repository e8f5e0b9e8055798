// `pacwar worker`: a process that only plays the computer players' turns. It claims their jobs
// from the database (src/server/ai/ai_jobs.h), thinks and commits the moves, until SIGINT or
// SIGTERM. Any number of workers, on any machine, share one PostgreSQL database with the
// `pacwar serve` processes (which then run with --ai-workers 0); see docs/deploy.md.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>

namespace pacwar::cli {

struct WorkerConfig {
  std::string db;    // postgresql://... (or sqlite:FILE, beside serve processes on one machine)
  std::string name;  // in the store's ai_moves; default worker-HOST-PID
  int threads = 2;   // thinker threads
  int nice = 0;      // a worker machine thinks at the normal priority
  std::string ai_ratings;  // the computer levels' ratings; empty: data/server/ai_ratings.json
  std::chrono::milliseconds lease{std::chrono::seconds(30)};
  std::chrono::milliseconds poll{500};
};

// Prints one line when it starts and one when it stops; returns the exit code.
int run_worker(const WorkerConfig& config, std::ostream& out);

}  // namespace pacwar::cli
