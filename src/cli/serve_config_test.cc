// `pacwar serve --config FILE` (src/cli/server_commands.cc): the file's options are taken, the
// command line wins over them, and a bad file stops the binary with a message naming the file and
// the option.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "server/test_support.h"
#include "tests/pacwar_binary.h"

namespace pacwar::server::testing {
namespace {

// The binary's output (stdout and stderr) and its exit code.
std::string run_serve(const std::string& args, int& code) {
  const std::string command = ::pacwar::testing::pacwar_binary() + " serve " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char buffer[4096];
  while (pipe != nullptr && fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
  const int status = pipe != nullptr ? pclose(pipe) : -1;
  code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

std::string write_file(const TempDir& dir, const std::string& name, const std::string& text) {
  const std::string path = (dir.path() / name).string();
  std::ofstream(path) << text;
  return path;
}

TEST(ServeConfig, BadFilesStopWithTheFileAndTheOptionNamed) {
  TempDir dir;
  const struct {
    const char* text;
    const char* message;
  } cases[] = {
      {"port = 0\ncolour = \"blue\"\n", "'colour' is not an option of pacwar serve"},
      {"port = 99999\n", "--port: Value 99999 not in range"},
      {"threads = many\n", "--threads"},
      {"[serve]\nport = 0\n", "[serve]: no sections"},
      {"config = \"other.conf\"\n", "'config' is not an option"},
  };
  int n = 0;
  for (const auto& c : cases) {
    const std::string file = write_file(dir, "bad" + std::to_string(++n) + ".conf", c.text);
    int code = 0;
    const std::string out = run_serve("--config " + file, code);
    EXPECT_EQ(code, 2) << c.text << out;
    EXPECT_NE(out.find("--config " + file + ": " + c.message), std::string::npos) << c.text << out;
  }
  int code = 0;
  const std::string missing = (dir.path() / "missing.conf").string();
  const std::string out = run_serve("--config " + missing, code);
  EXPECT_EQ(code, 2) << out;
  EXPECT_NE(out.find("--config " + missing), std::string::npos) << out;
}

TEST(ServeConfig, TakesTheFileAndTheCommandLineWins) {
  TempDir dir;
  // A database the server cannot open: the file is read, so the server fails on it.
  const std::string file =
      write_file(dir, "pacwar.conf",
                 "# comment\nport = 0\nhost = \"127.0.0.1\"\ndb = \"sqlite:" +
                     (dir.path() / "no-such-dir" / "pacwar.db").string() +
                     "\"\ntrust-proxy = [\"127.0.0.1\", \"::1\"]\ninvite-days = 2.5\n");
  int code = 0;
  const std::string out = run_serve("--config " + file, code);
  EXPECT_NE(code, 0) << out;
  EXPECT_NE(out.find("no-such-dir"), std::string::npos) << out;
  // The same file with --db on the command line (ServerProcess passes one): it serves.
  ServerProcess server("sqlite:" + (dir.path() / "pacwar.db").string(), {"--config", file});
  EXPECT_GT(server.port(), 0);
}

}  // namespace
}  // namespace pacwar::server::testing
