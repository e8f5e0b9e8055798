#include "cli/worker.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <memory>
#include <ostream>
#include <string_view>

#include "engine/data_dir.h"
#include "server/ai/agent_runner.h"
#include "server/ai/analysis_service.h"
#include "server/community/platform.h"
#include "server/db/db.h"
#include "server/db/pg_listener.h"
#include "server/db/store.h"
#include "server/notify/notifier.h"
#include "server/play/games.h"

namespace pacwar::cli {

int run_worker(const WorkerConfig& config, std::ostream& out) {
  // Every thread started from here on blocks SIGINT and SIGTERM; this one waits for them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  std::string name = config.name;
  if (name.empty()) {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    name = std::string("worker-") + host + "-" + std::to_string(getpid());
  }
  server::Store store(server::open_database(config.db));
  server::Notifier notifier;  // no event streams here: the serve processes announce the moves
  server::GameService games(store, notifier);
  // A rated game the computer's move ends here is rated here (platform.h).
  server::Platform platform(
      store.database(), games,
      config.ai_ratings.empty() ? game_data_dir("server") + "/ai_ratings.json" : config.ai_ratings);
  games.set_on_finish([&platform](const server::GameRecord& g) { platform.game_finished(g); });
  store.queue_missing_ai_jobs(server::now_ms());
  server::AgentRunner::Options options;
  options.name = name;
  options.threads = config.threads;
  options.nice = config.nice;
  options.lease = config.lease;
  options.poll = config.poll;
  server::AgentRunner runner(games, store, options);
  // A computer player that moves again (or the other seat's) is this worker's at once.
  games.set_agent_queue(&runner);
  // Post-game analyses queued by the servers (docs/analysis.md): one thread, at the same nice.
  server::AnalysisService::Options analysis;
  analysis.worker = name;
  analysis.nice = config.nice;
  server::AnalysisService analyses(store, analysis);
  // PostgreSQL: a change that leaves a computer player's turn for any worker says so in its
  // notice (pg_listener.h); look at once. (A notice this server cannot read: look too.)
  std::unique_ptr<server::PgListener> listener;
  if (store.database().kind() == "postgresql") {
    listener = std::make_unique<server::PgListener>(
        config.db, server::kGamesChannel,
        server::PgListener::Callbacks{[&runner](std::string_view payload) {
                                        if (payload == server::kSessionsNotice) return;
                                        const auto notice = server::parse_game_notice(payload);
                                        if (!notice || notice->job) runner.wake();
                                      },
                                      [&runner] { runner.wake(); }, nullptr});
  }
  out << "pacwar worker " << name << ": playing the computer players' turns of " << config.db
      << " with " << config.threads << " threads. Ctrl-C stops it.\n"
      << std::flush;
  while (sigwaitinfo(&signals, nullptr) < 0) {
  }
  listener.reset();
  out << "pacwar worker " << name << ": stopped after " << runner.moves() << " moves.\n";
  return 0;
}

}  // namespace pacwar::cli
