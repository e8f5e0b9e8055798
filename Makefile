# pacwar: the two commands of the README, and a few more for developers.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan

.PHONY: run test deps build build-asan test-release test-asan test-postgres test-cluster test-e2e bench bench-server format clean

# The web server: open the address it prints. Terminal play: build/pacwar play pacific-war.
PORT ?= 8080
DB ?= sqlite:pacwar.db
run: deps build
	./$(BUILD)/pacwar serve --port $(PORT) --db $(DB)

test: deps build build-asan test-release test-asan test-postgres test-cluster test-e2e

deps:
	@bash scripts/install-deps.sh

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

build-asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPACWAR_SANITIZE=ON -DPACWAR_BENCH=OFF >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The sanitizer run plays fewer self-play games: it checks memory and UB, not volume.
test-asan: build-asan
	cd $(ASAN_BUILD) && PACWAR_SELFPLAY_GAMES=60 ctest --output-on-failure -j $(JOBS)

# The server tests again on a throwaway local PostgreSQL cluster (installs postgresql if missing).
test-postgres: build
	bash scripts/test-postgres.sh $(BUILD)

# PostgreSQL + nginx + 3 servers + 2 AI workers on loopback, 100 games through nginx while a
# server and a worker are killed (about a minute; installs postgresql and nginx if missing); see
# docs/deploy.md and scripts/test-cluster.sh.
test-cluster: build
	bash scripts/test-cluster.sh $(BUILD)

# The browser UI in a real browser (Playwright + Debian's chromium); see scripts/test-e2e.sh.
test-e2e: build
	PACWAR_BIN=$(CURDIR)/$(BUILD)/pacwar bash scripts/test-e2e.sh

bench: build
	./$(BUILD)/pacwar_bench

# Load test of the web server on 127.0.0.1 (100 games against `random`, 20 s); see
# docs/performance.md, "Web server".
bench-server: build
	./$(BUILD)/pacwar_server_load --games 100 --seconds 20

format:
	find src tests bench -name '*.cc' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
