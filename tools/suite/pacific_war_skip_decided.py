#!/usr/bin/env python3
"""Add to data/pacific-war/suite/skip.txt the positions whose labels say nothing (issue 36):
games already decided, and hit allocations the spread rule (9.2.4) settles anyway.

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


def forced_anyway(p, d):
    """A hit allocation where the labelled choice does not matter: 9.2.4 spreads the hits one
    per unit, so when more hits remain than units of the kind the labels steer to, every such
    unit is hit whatever is picked now."""
    combat = d["view"].get("combat") or {}
    left = combat.get("hits_left", 0)
    if not p["good"] or not p["good"][0].startswith("hit "):
        return False
    good = [x for x in p["good"] if x.startswith("hit ")]
    bad = [x for x in p["blunder"] if x.startswith("hit ")]
    if "Surface hit" in p["why"]:
        # own ships: the carriers escape only if the hits fit on the other legal units
        others = [x["id"] for x in d["legal"] if x["id"].startswith("hit ") and x["id"] not in bad]
        return left > len(others)
    # raid or airstrike on the enemy: a wasted hit only if the hits cannot cover every good one
    return left > len(good)


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
        if forced_anyway(p, d):
            lines.append(f"{p['game']}@{p['at']}  # {p['id']}: "
                         f"{(d['view'].get('combat') or {}).get('hits_left')} hits left, the spread "
                         f"of 9.2.4 hits the labelled units anyway")
            added += 1
        elif decided(d["view"], d["turn"]):
            lines.append(f"{p['game']}@{p['at']}  # {p['id']}: Turn {d['turn']}, projected marker "
                         f"{mine.projected_vp(d['view'])} (+ Japanese), the game is decided")
            added += 1
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(added, "skipped")


if __name__ == "__main__":
    main()
