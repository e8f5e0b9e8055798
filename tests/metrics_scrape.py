#!/usr/bin/env python3
"""Scrapes a real `pacwar serve`'s /metrics and parses it with the Prometheus client's own
text-format parser (python3-prometheus-client), after a few requests: the families of
src/server/ops/metrics.h exist with sane values, route labels are patterns (no game id), and
/healthz answers 200. Registered in CMakeLists.txt as the ctest `metrics.scrape`.

Also checks that every metric deploy/grafana-pacwar.json queries is one the server exports.

Usage: metrics_scrape.py PATH/TO/pacwar [PATH/TO/grafana-pacwar.json]
"""
import http.client
import json
import re
import subprocess
import sys
import tempfile

from prometheus_client.parser import text_string_to_metric_families


def request(port, method, path, body=None, cookie=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers=headers)
    response = conn.getresponse()
    data = response.read().decode()
    return response.status, response.getheader("Set-Cookie"), data


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="pacwar-metrics-") as tmp:
        server = subprocess.Popen(
            [binary, "serve", "--port", "0", "--host", "127.0.0.1", "--db",
             "sqlite:" + tmp + "/pacwar.db", "--ai-workers", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = server.stdout.readline()
            port = int(line.split("127.0.0.1:")[1].split("/")[0])

            status, set_cookie, _ = request(port, "POST", "/api/signup",
                                            {"username": "scraper", "password": "password123"})
            assert status == 201, status
            cookie = set_cookie.split(";")[0]
            status, _, text = request(port, "POST", "/api/games",
                                      {"game": "pacific-war", "seat": "japanese",
                                       "opponent": "random"}, cookie)
            assert status == 201, text
            game = json.loads(text)["id"]
            for _ in range(3):
                assert request(port, "GET", "/api/games/" + game, cookie=cookie)[0] == 200
            assert request(port, "GET", "/api/games/ffff", cookie=cookie)[0] == 404
            assert request(port, "GET", "/no/such/path")[0] == 404

            # A live game page held open while the metrics are read.
            stream = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            stream.request("GET", "/api/games/" + game + "/events", headers={"Cookie": cookie})
            events = stream.getresponse()
            assert events.status == 200, events.status
            events.fp.readline()  # the first event: the stream is open

            status, _, health = request(port, "GET", "/healthz")
            assert status == 200, health
            assert json.loads(health)["status"] == "ok", health

            status, _, text = request(port, "GET", "/metrics")
            assert status == 200, status
            stream.close()
        finally:
            server.kill()
            server.wait()

    families = {f.name: f for f in text_string_to_metric_families(text)}
    expected = {
        "pacwar_http_request_duration_seconds": "histogram",
        "pacwar_http_responses": "counter",
        "pacwar_db_errors": "counter",
        "pacwar_ai_decision_seconds": "histogram",
        "pacwar_games": "gauge",
        "pacwar_games_loaded": "gauge",
        "pacwar_event_streams_open": "gauge",
        "pacwar_ai_jobs_queued": "gauge",
        "pacwar_ai_jobs_waiting": "gauge",
        "pacwar_ai_job_oldest_wait_seconds": "gauge",
        "pacwar_notices": "gauge",
    }
    for name, kind in expected.items():
        assert name in families, (name, sorted(families))
        assert families[name].type == kind, (name, families[name].type)

    def samples(name, suffix=""):
        return [s for s in families[name].samples if s.name == name + suffix]

    counts = {(s.labels["method"], s.labels["route"]): s.value
              for s in samples("pacwar_http_request_duration_seconds", "_count")}
    assert counts[("GET", "/api/games/:param")] == 4, counts
    assert counts[("POST", "/api/signup")] == 1, counts
    assert counts[("POST", "/api/games")] == 1, counts
    assert counts[("GET", "/healthz")] == 1, counts
    assert counts[("GET", "/api/games/:param/events")] == 1, counts
    assert ("GET", "none") in counts, counts
    for method, route in counts:
        assert game not in route and "ffff" not in route, route
    buckets = [s for s in samples("pacwar_http_request_duration_seconds", "_bucket")
               if s.labels["route"] == "/api/games/:param" and s.labels["le"] == "+Inf"]
    assert buckets and buckets[0].value == 4, buckets
    games = {s.labels["status"]: s.value for s in samples("pacwar_games")}
    assert games["active"] == 1, games
    assert samples("pacwar_event_streams_open")[0].value == 1
    assert samples("pacwar_games_loaded")[0].value >= 1
    assert samples("pacwar_ai_jobs_queued")[0].value >= 0
    notices = {s.labels["state"]: s.value for s in samples("pacwar_notices")}
    assert set(notices) == {"pending", "failed"}, notices
    errors = {s.labels["where"]: s.value for s in samples("pacwar_db_errors", "_total")}
    assert errors["request"] == 0, errors
    responses = {s.labels["code"]: s.value for s in samples("pacwar_http_responses", "_total")}
    assert responses["2xx"] >= 7 and responses["4xx"] == 2, responses
    if len(sys.argv) > 2:
        with open(sys.argv[2]) as f:
            dashboard = json.load(f)
        exprs = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
        for name in set(re.findall(r"pacwar_[a-z_]+", " ".join(exprs))):
            base = re.sub(r"_(bucket|count|sum|total)$", "", name)
            assert base in families, ("the dashboard queries an unknown metric", name)
    print("metrics.scrape: %d families parsed, %d route series" % (len(families), len(counts)))


if __name__ == "__main__":
    main()
