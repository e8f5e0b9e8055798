#!/usr/bin/env python3
"""Add to data/pacific-war/suite/skip.txt the positions of games already decided (issue 36).

At the end of Turn 4 the game ends when the Allies lead or the Japanese lead by 5 (11.1.2), at
the end of Turn 5 it ends in any case (11.1.3). A position on Turn 4 or 5 whose projected marker
(the marker moved by this Turn's Port and Base count if control stays as it is, 11.0) is far
from the line that decides the game is one where no choice changes the result, so its labels
say nothing; it is skipped, and pacific_war_build.py picks another. Stdlib only.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pacific_war_mine as mine  # noqa: E402

SUITE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data",
                     "pacific-war", "suite")


def decided(view, turn):
    proj = mine.projected_vp(view)
    if turn == 4:
        # ends now: Allied lead (<= -1) or Japanese lead of 5; margins of 6 either way
        return proj <= -7 or proj >= 11
    if turn == 5:
        # the Allies need 5 (<= -5): far from it either way
        return proj >= 5 or proj <= -15
    return False


def main():
    suite = json.load(open(os.path.join(SUITE, "suite.json")))
    path = os.path.join(SUITE, "skip.txt")
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    added = 0
    for p in suite["positions"]:
        out = subprocess.run([mine.TOOL, "decisions", os.path.join(SUITE, "games", p["game"] + ".json"),
                              "--from", str(p["at"]), "--to", str(p["at"] + 1), "--views"],
                             capture_output=True, text=True).stdout
        d = json.loads(out)
        if decided(d["view"], d["turn"]):
            lines.append(f"{p['game']}@{p['at']}  # {p['id']}: Turn {d['turn']}, projected marker "
                         f"{mine.projected_vp(d['view'])} (+ Japanese), the game is decided")
            added += 1
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(added, "skipped")


if __name__ == "__main__":
    main()
