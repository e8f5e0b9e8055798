#!/usr/bin/env python3
"""Makes tests/fixtures/schema-v1.sqlite: a database written by a pacwar of schema version 1 (the
schema before numbered migrations, issue 38), for the upgrade tests (server/db/migrations_test.cc).

  tools/make_schema_fixture.py --pacwar /path/to/old/pacwar [--out tests/fixtures/schema-v1.sqlite]

Starts `pacwar serve` on 127.0.0.1 with a fresh SQLite file and fills it through the HTTP API:
users alice, bob, carol and dave (password "password123"); Pacific War and Co-Prosperity games in
progress against a person and against the computer, a few actions each; a finished rated game
(carol resigned to dave); chat; a War in the Pacific campaign with a book change. Then stops the
server and VACUUMs the file. Loopback only; stdlib only. Run it from the source tree (the server
reads data/ and web/ from there).
"""
import argparse
import http.cookiejar
import json
import os
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

PASSWORD = "password123"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    def __init__(self, base, name):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.name = name

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(req) as r:
                status, text = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read()
        if status not in expect:
            raise RuntimeError("%s %s as %s: %d %s" % (method, path, self.name, status, text[:300]))
        return json.loads(text) if text else None

    def signup(self):
        self.call("POST", "/api/signup", {"username": self.name, "password": PASSWORD})


def play(clients, game_id, actions):
    """Makes `actions` actions in game `game_id`, each by whichever of `clients` is to move
    (waiting for a computer player's turn to pass)."""
    done = 0
    for _ in range(2000):
        if done >= actions:
            return
        moved = False
        for c in clients:
            state = c.call("GET", "/api/games/" + game_id)
            if state.get("status") != "active":
                raise RuntimeError("game %s is no longer active" % game_id)
            legal = state.get("legal") or []
            if legal:
                c.call("POST", "/api/games/%s/actions" % game_id,
                       {"action": legal[0]["id"], "version": state["version"]})
                done += 1
                moved = True
                break
        if not moved:
            time.sleep(0.05)
    raise RuntimeError("game %s: no turn came" % game_id)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--pacwar", required=True, help="the pacwar binary of the old schema")
    ap.add_argument("--out", default=os.path.join(here, "..", "tests", "fixtures", "schema-v1.sqlite"))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="schema-fixture-")
    db = os.path.join(tmp, "fixture.db")
    port = free_port()
    server = subprocess.Popen([args.pacwar, "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--db", "sqlite:" + db, "--ai-workers", "1"],
                              cwd=os.path.join(here, ".."),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = "http://127.0.0.1:%d" % port
    try:
        alice, bob, carol, dave = (Client(base, n) for n in ("alice", "bob", "carol", "dave"))
        for _ in range(200):
            try:
                alice.call("GET", "/api/catalog")
                break
            except OSError:
                time.sleep(0.1)
        for c in (alice, bob, carol, dave):
            c.signup()
        catalog = {g["name"]: g["seats"] for g in alice.call("GET", "/api/catalog")["games"]}

        # Between people: Pacific War (alice and bob), Co-Prosperity (carol and alice).
        g = alice.call("POST", "/api/games", {"game": "pacific-war", "seat": catalog["pacific-war"][0],
                                              "opponent": "human"})
        bob.call("POST", "/api/invites/" + g["invite"], {})
        play([alice, bob], g["id"], 4)
        alice.call("POST", "/api/games/%s/chat" % g["id"], {"text": "Good luck, bob"})
        bob.call("POST", "/api/games/%s/chat" % g["id"], {"text": "And to you"})

        g = carol.call("POST", "/api/games", {"game": "co-prosperity",
                                              "seat": catalog["co-prosperity"][0], "opponent": "human"})
        alice.call("POST", "/api/invites/" + g["invite"], {})
        play([carol, alice], g["id"], 3)
        carol.call("POST", "/api/games/%s/chat" % g["id"], {"text": "Banzai"})

        # Against the computer.
        g = bob.call("POST", "/api/games", {"game": "pacific-war", "seat": catalog["pacific-war"][1],
                                            "opponent": "random"})
        play([bob], g["id"], 3)
        g = dave.call("POST", "/api/games", {"game": "co-prosperity",
                                             "seat": catalog["co-prosperity"][0], "opponent": "random"})
        play([dave], g["id"], 3)

        # A finished rated game: carol resigns to dave.
        g = dave.call("POST", "/api/games", {"game": "pacific-war", "seat": catalog["pacific-war"][0],
                                             "opponent": "human", "rated": True, "public": True})
        carol.call("POST", "/api/invites/" + g["invite"], {})
        play([dave, carol], g["id"], 2)
        carol.call("POST", "/api/games/%s/resign" % g["id"], {})

        # A War in the Pacific campaign with a book change.
        camp = alice.call("POST", "/api/witp/campaigns", {"name": "Fixture campaign", "cycle": "0/1/42"})
        alice.call("POST", "/api/witp/campaigns/%s/book" % camp["id"],
                   {"change": "msp-total", "fields": {"msp": 123}})
    finally:
        server.terminate()
        server.wait()
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA journal_mode=DELETE")
    con.execute("VACUUM")
    con.close()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(db, "rb") as src, open(args.out, "wb") as dst:
        dst.write(src.read())
    print("wrote", args.out, os.path.getsize(args.out), "bytes")


if __name__ == "__main__":
    main()
