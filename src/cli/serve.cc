#include "cli/serve.h"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <ctime>
#include <filesystem>
#include <ostream>
#include <thread>

#include "engine/data_dir.h"

namespace pacwar::cli {

int run_serve(const server::ServerConfig& config, std::ostream& out) {
  // Every thread started from here on blocks SIGINT and SIGTERM; one thread waits for them and
  // stops the server, which then returns from run().
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  server::ApiServer server(config);
  const int port = server.bind();
  const std::string host = config.host == "0.0.0.0" ? "localhost" : config.host;
  // One line (the tests read only the first): where the game data and web files come from too,
  // so that an installed binary shows it reads its package's files (scripts/test-deb.sh).
  out << "pacwar: serving on http://" << host << ":" << port << "/ (database " << config.db
      << "; game data from "
      << std::filesystem::path(game_data_dir("server")).parent_path().string()
      << ", web files from " << (config.web_dir.empty() ? "none" : config.web_dir)
      << "); open it in a browser. Ctrl-C stops the server.\n"
      << std::flush;
  std::atomic<bool> done{false};
  std::thread waiter([&server, &done, signals] {
    const timespec tick{0, 200'000'000};
    while (!done) {
      if (sigtimedwait(&signals, nullptr, &tick) > 0) {
        server.stop();
        return;
      }
    }
  });
  server.run();
  done = true;  // run() also returns when the server fails
  waiter.join();
  out << "pacwar: server stopped.\n";
  return 0;
}

}  // namespace pacwar::cli
