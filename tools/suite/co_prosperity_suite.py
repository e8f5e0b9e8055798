#!/usr/bin/env python3
"""Writes data/co-prosperity/suite/suite.json from the positions below (issue 36).

Each position names a game in data/co-prosperity/suite/games/ and `at`; the state hash and the
deciding seat are read from `pacwar decisions` so that they cannot be mistyped. Run:
  python3 tools/suite/co_prosperity_suite.py && pacwar suite co-prosperity --dir data/co-prosperity/suite --check
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.path.join(ROOT, "data", "co-prosperity", "suite")
PACWAR = os.environ.get("PACWAR", os.path.join(ROOT, "build", "pacwar"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from co_prosperity_positions import THEMES, POSITIONS  # noqa: E402


def decision(game, at):
    out = subprocess.run([PACWAR, "decisions", os.path.join(SUITE, "games", game + ".json"),
                          "--from", str(at), "--to", str(at + 1)], capture_output=True, text=True)
    lines = [l for l in out.stdout.splitlines() if l.strip()]
    if out.returncode != 0 or not lines:
        raise SystemExit(f"{game}@{at}: no decision ({out.stderr.strip()})")
    return json.loads(lines[0])


def main():
    positions = []
    for p in POSITIONS:
        d = decision(p["game"], p["at"])
        q = {"id": p["id"], "theme": p["theme"], "sections": p["sections"], "game": p["game"],
             "at": p["at"], "state_hash": d["state_hash"], "seat": d["seat"],
             "good": p["good"], "acceptable": p.get("acceptable", []),
             "blunder": p.get("blunder", []), "why": p["why"]}
        if p.get("seat") and p["seat"] != d["seat"]:
            raise SystemExit(f"{p['id']}: seat {d['seat']} decides, not {p['seat']}")
        positions.append(q)
    with open(os.path.join(SUITE, "suite.json"), "w") as f:
        json.dump({"themes": THEMES, "positions": positions}, f, indent=2)
        f.write("\n")
    print(f"{len(positions)} positions")


if __name__ == "__main__":
    main()
