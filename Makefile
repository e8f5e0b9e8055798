# pacwar: the two commands of the README, and a few more for developers.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
TSAN_BUILD ?= build-tsan
FUZZ_SECONDS ?= 600
# Unity builds: each library compiled 16 files to a unit (CMakeLists.txt, PACWAR_UNITY), about a
# quarter of the CPU of one file a unit; UNITY=OFF for one file a unit (docs/performance.md).
UNITY ?= ON

.PHONY: run test deps build build-asan build-tsan test-release test-asan test-tsan test-postgres test-cluster test-e2e bench bench-server bench-cluster bench-notify bench-soak test-soak format clean ladder sprt calibrate calibrate-analysis bench-suite build-fuzz fuzz test-fuzz test-nginx deb test-deb

# The web server: open the address it prints. Terminal play: build/pacwar play pacific-war.
PORT ?= 8080
DB ?= sqlite:pacwar.db
run: deps build
	./$(BUILD)/pacwar serve --port $(PORT) --db $(DB)

# CI (.ci/run) runs exactly this. Each step is timed (wall, user+sys CPU, load average) and a
# table of the steps is printed at the end (scripts/timed-steps.sh; docs/performance.md, "Test
# suite"). A+B: two steps at once, one mostly waiting (sockets, sleeps, fixed durations) beside
# one that computes; never two that use the same build directory (each re-runs its cmake).
# test-deb (about 40 s: make deb's no-op build of build/, lintian, a short game) and test-soak
# (about 80 s, mostly waiting on sockets; it only runs build/'s binaries) beside the build-tsan
# compile, which uses build-tsan/ only.
TEST_STEPS := build build-asan+test-release test-asan build-tsan+test-deb+test-soak test-tsan test-postgres \
              test-cluster test-e2e test-nginx+test-fuzz
test: deps
	@bash scripts/timed-steps.sh $(MAKE) $(TEST_STEPS)

deps:
	@bash scripts/install-deps.sh

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DPACWAR_UNITY=$(UNITY) >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

# ASan+UBSan with clang: the tests, and the libFuzzer targets of fuzz/ on the same objects
# (make test-fuzz runs them from here; docs/performance.md, "Build time").
build-asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DPACWAR_SANITIZE=ON -DPACWAR_FUZZ=ON -DPACWAR_BENCH=OFF -DPACWAR_UNITY=$(UNITY) >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The sanitizer run plays fewer self-play games: it checks memory and UB, not volume.
test-asan: build-asan
	cd $(ASAN_BUILD) && PACWAR_SELFPLAY_GAMES=60 ctest --output-on-failure -j $(JOBS)

# ThreadSanitizer on the tests that run threads (MCTS on 2 threads, arena/self-play jobs, the
# server's workers, AI runner and notice worker): their own binary in build-tsan/ (Debug, -O1);
# the first race report fails the run. docs/architecture.md, "Build checks".
build-tsan:
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPACWAR_TSAN=ON -DPACWAR_BENCH=OFF -DPACWAR_UNITY=$(UNITY) >/dev/null
	cmake --build $(TSAN_BUILD) -j $(JOBS) --target pacwar_tsan_tests

# One process, alone: TSan slows the threaded tests 5-15 times, and beside another step (or as
# two shards) their waits for other threads ran out (Notices.DeadAndHangingEndpoints... once).
# `make test-tsan TSAN_SHARDS=2` splits them (scripts/gtest-shards.sh).
TSAN_SHARDS ?= 1
test-tsan: build-tsan
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  bash scripts/gtest-shards.sh $(TSAN_SHARDS) $(TSAN_BUILD)/pacwar_tsan_tests

# The server tests again on a throwaway local PostgreSQL cluster (installs postgresql if missing).
test-postgres: build
	bash scripts/test-postgres.sh $(BUILD)

# PostgreSQL + nginx + 3 servers + 2 AI workers on loopback, 100 games through nginx while a
# server and a worker are killed (about a minute; installs postgresql and nginx if missing); see
# docs/deploy.md and scripts/test-cluster.sh.
test-cluster: build
	bash scripts/test-cluster.sh $(BUILD)

# The same run held to the cross-process update target (p99 <= 100 ms): a benchmark.
# NOTIFY under heavy write load: transactions/s with and without the per-commit notice.
bench-notify: build
	bash scripts/bench-notify.sh $(BUILD)

bench-cluster: build
	PACWAR_CLUSTER_P99_MS=100 bash scripts/test-cluster.sh $(BUILD)

# The server under abuse on loopback (scripts/soak.py, docs/security.md "Soak"): 2,000 idle
# keep-alive connections, 200 slow request heads, 500 live game pages of 50 users with notices to
# a 9 s webhook, and 100 games acting at full speed, for 60 s; then the same with 256 descriptors,
# and behind nginx (deploy/nginx-cluster.conf; nginx from `make test-nginx`'s install).
# Prints the figures as JSON (also in $(BUILD)/soak.json) and fails on a criterion missed.
bench-soak: build
	python3 scripts/soak.py --build $(BUILD) --nginx --json $(BUILD)/soak.json

# make test's short run (about a minute, a tenth of the clients, 12 s each, no p99 bound). It
# uses build/ as built and does not rebuild it: in make test it runs beside test-deb, which does.
test-soak:
	python3 scripts/soak.py --build $(BUILD) --short

# The browser UI in a real browser (Playwright + Debian's chromium); see scripts/test-e2e.sh.
test-e2e: build
	PACWAR_BIN=$(CURDIR)/$(BUILD)/pacwar bash scripts/test-e2e.sh

# pacwar behind nginx with TLS (deploy/nginx.conf, a throwaway certificate, loopback only).
test-nginx: build
	bash scripts/test-nginx.sh $(BUILD)

# The Debian package (packaging/deb.cmake, CPack): $(BUILD)/pacwar_VERSION_ARCH.deb, from the
# pacwar target alone. test-deb checks it with lintian and plays a game from a throwaway root
# (dpkg -x, never installed here; scripts/test-deb.sh, docs/deploy.md).
deb:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DPACWAR_UNITY=$(UNITY) >/dev/null
	cmake --build $(BUILD) -j $(JOBS) --target pacwar
	rm -f $(BUILD)/pacwar_*.deb
	cd $(BUILD) && cpack -G DEB >/dev/null
	@ls $(BUILD)/pacwar_*.deb

test-deb:
	bash scripts/test-deb.sh $(BUILD)

# Coverage-guided fuzzing: libFuzzer targets of fuzz/ built with clang, ASan and UBSan.
# `make fuzz` runs each FUZZ_SECONDS (default 600) from an optimised build of its own (-O2); `make
# test` runs each 30 s from the corpus, $(JOBS) targets at a time, as built in build-asan/ (-O0,
# no second build). build-fuzz is one file a unit: clang's optimised sanitizer build gained no
# CPU from batches (docs/performance.md, "Build time").
build-fuzz:
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DPACWAR_FUZZ=ON -DPACWAR_BENCH=OFF -DPACWAR_UNITY=OFF >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target $(patsubst fuzz/%.cc,fuzz_%,$(wildcard fuzz/*.cc))

fuzz: build-fuzz
	bash scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

test-fuzz: build-asan
	FUZZ_JOBS=$(JOBS) bash scripts/fuzz.sh $(ASAN_BUILD) 30

bench: build
	./$(BUILD)/pacwar_bench

# Load test of the web server on 127.0.0.1 (100 games against `random`, 20 s); see
# docs/performance.md, "Web server".
bench-server: build
	./$(BUILD)/pacwar_server_load --games 100 --seconds 20

# Strength measurements of the computer players (docs/ai.md): long runs, not tests.
# make ladder GAME=co-prosperity GAMES=40 [JOURNAL=FILE: resumable]; make sprt GAME=pacific-war NEW=mcts:100ms BASE=mcts-v1:100ms
GAME ?= pacific-war
GAMES ?= 40
SEED ?= 1
# mcts:4000 is the old hard (4,000 iterations, one thread, reproducible for a seed); hard and
# expert are time budgets now (docs/ai.md, "Levels with time budgets").
LADDER_PLAYERS ?= random,heuristic,mcts-v1:normal,mcts:easy,mcts:normal,mcts:4000,oracle:normal
NEW ?= mcts:normal
BASE ?= mcts-v1:normal
ELO0 ?= 0
ELO1 ?= 20
ladder: build
	./$(BUILD)/pacwar ladder $(GAME) --players $(LADDER_PLAYERS) --games $(GAMES) --seed $(SEED) --jobs $(JOBS) $(if $(JOURNAL),--journal $(JOURNAL))
sprt: build
	./$(BUILD)/pacwar sprt $(GAME) --new $(NEW) --base $(BASE) --elo0 $(ELO0) --elo1 $(ELO1) --seed $(SEED) --jobs $(JOBS)
calibrate: build
	./$(BUILD)/pacwar calibrate $(GAME) --player $(NEW) --games $(GAMES) --seed $(SEED) --jobs $(JOBS)

# The strategic test suites (docs/suite.md): each player's share of good choices and blunders,
# per theme, in both games. make bench-suite SUITE_PLAYERS="mcts:4000 doctrine" (mcts:4000: the
# old 4,000-iteration hard, reproducible for a seed)
SUITE_PLAYERS ?= random heuristic mcts-v1:normal mcts:easy mcts:normal mcts:4000
bench-suite: build
	for game in pacific-war co-prosperity; do for player in $(SUITE_PLAYERS); do \
	  ./$(BUILD)/pacwar suite $$game --player $$player --seed $(SEED) || exit 1; done; done

# The win probability the analysis view shows, through data/$(GAME)/win_calibration.json
# (docs/ai.md, "Calibration of the analysis view"); FIT=FILE fits a new map instead.
calibrate-analysis: build
	./$(BUILD)/pacwar calibrate $(GAME) --player mcts:easy --analysis mcts:easy --games $(GAMES) --seed $(SEED) --jobs $(JOBS) --svg /tmp/calibration-analysis-$(GAME).svg $(if $(FIT),--fit $(FIT)) --json

format:
	find src tests bench -name '*.cc' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD) $(TSAN_BUILD)
