#include "cli/serve.h"

#include <pthread.h>
#include <signal.h>

#include <ostream>
#include <thread>

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
  out << "pacwar: serving on http://" << host << ":" << port << "/ (database " << config.db
      << "); open it in a browser. Ctrl-C stops the server.\n"
      << std::flush;
  std::thread waiter([&server, signals] {
    int signal = 0;
    sigwait(&signals, &signal);
    server.stop();
  });
  server.run();
  // run() also returns when the server fails: wake the waiter if no signal came.
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  out << "pacwar: server stopped.\n";
  return 0;
}

}  // namespace pacwar::cli
