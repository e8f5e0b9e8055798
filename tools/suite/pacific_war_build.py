#!/usr/bin/env python3
"""Write The Pacific War's strategic test suite from mined candidates (issue 36).

  pacific_war_build.py CANDIDATES.jsonl [EXTRA.json ...]

CANDIDATES.jsonl comes from pacific_war_mine.py; EXTRA files are lists of hand-written
positions in the suite's own format plus a "save" key (the save file to copy; a relative one
is in the checkout, as in data/pacific-war/suite/japan.json). Picks at most
LIMIT[theme] positions per theme, spread over games and turns, copies their saves to
data/pacific-war/suite/games/ and writes data/pacific-war/suite/suite.json. Stdlib only.
"""
import json
import os
import shutil
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SUITE = os.path.join(ROOT, "data", "pacific-war", "suite")

THEMES = {
    "opening": "Turn 0-1 Japanese opening: the Pearl Harbor and Malaya raids' hits go on the "
               "Allied battle line, not on cruisers (5.0, 9.2.4).",
    "hit-allocation": "Hits on the unit that absorbs them: the owner puts surface hits on a "
                      "cruiser, not a carrier; the firing side puts airstrike hits on enemy "
                      "carriers (9.2.4, 9.2.5).",
    "initiative-bidding": "The Initiative is bought with a plain card, or not at all, never with "
                          "an unplayed Strategic Event (4.6, 8.2).",
    "card-economy": "Cards spent where they are worth most: a full Japanese hand readies ships "
                    "rather than waste next Turn's draw (7.1, 10.5); combat cards played when a "
                    "fleet is at stake (9.0.1).",
    "readiness": "Ops Complete ships returned to a Port that readies their nation for free "
                 "(10.4, 10.5).",
    "no-suicide": "No lone ship or small group sent into a stack whose carriers and LBA sink it "
                  "in the first round; a hopelessly outgunned defender evacuates (8.10.1, 8.12, "
                  "9.1.1, 9.5.1).",
    "ports": "Defending and retaking ports: enemy ships on a friendly Port are attacked, a "
             "stronger garrison does not evacuate, and Japan is not left empty on Turns 1-2 "
             "while Allied ships reach it and their cards give the Ground Strength to take it "
             "(8.10.1, 8.12, 10.2, 11.1.1, 12.3.3).",
    "invasion": "A Port that can be captured in the Supply Phase is captured (10.2, 11.0).",
    "supply-isolation": "No LBA redeployed where it is isolated and removed in the Supply Phase "
                        "(8.9.3, 10.1).",
    "when-behind": "When behind at the end (Japanese on Turn 4, Allies on Turn 5, deficit within "
                   "reach): seek the battles that can still win, never Pass them away, and buy "
                   "the actions with cards that are worthless after the game (8.2, 11.1).",
    "when-ahead": "When ahead at the end: keep the fleet and the Ports that hold the lead, no "
                  "ship thrown into a losing fight, no Port evacuated that its garrison holds "
                  "(11.1.2, 11.1.3).",
}
SHORT = {"opening": "open", "hit-allocation": "hits", "initiative-bidding": "init",
         "card-economy": "cards", "readiness": "ready", "no-suicide": "suicide",
         "ports": "ports", "invasion": "inv", "supply-isolation": "iso", "when-behind": "behind",
         "when-ahead": "ahead"}
LIMIT = {"opening": 10, "hit-allocation": 14, "initiative-bidding": 14, "card-economy": 12,
         "readiness": 14, "no-suicide": 16, "ports": 12, "invasion": 12, "supply-isolation": 10,
         "when-behind": 14, "when-ahead": 10}


def game_name(save):
    parts = os.path.normpath(save).split(os.sep)
    return parts[-2] + "-" + parts[-1].replace("game-", "").replace(".json", "")


def signature(c):
    return (c["theme"], tuple(sorted(c["good"])), tuple(sorted(c["blunder"])), c["why"])


def pick(cands, theme, limit):
    chosen, used_sig, per_game = [], set(), {}
    pool = [c for c in cands if c["theme"] == theme]
    # alternate between the kinds of a theme (raid at Pearl Harbor or Malaya, the seat, ...)
    kinds = {}
    for c in pool:
        key = (c["seat"], c["prompt"].split(" ")[0], "Singapore" in c["why"][:40])
        kinds.setdefault(key, []).append(c)
    pool = []
    lists = list(kinds.values())
    while any(lists):
        for l in lists:
            if l:
                pool.append(l.pop(0))
    # spread: first one per game, then more, never twice the same labels
    for round_ in range(1, 4):
        for c in pool:
            if len(chosen) >= limit:
                return chosen
            g = game_name(c["save"])
            if per_game.get(g, 0) >= round_ or signature(c) in used_sig or c in chosen:
                continue
            if any(x["save"] == c["save"] and abs(x["at"] - c["at"]) < 6 for x in chosen):
                continue
            chosen.append(c)
            used_sig.add(signature(c))
            per_game[g] = per_game.get(g, 0) + 1
    return chosen


def main():
    cands = [json.loads(l) for l in open(sys.argv[1])]
    base = os.path.dirname(os.path.abspath(sys.argv[1]))
    for c in cands:
        c["save"] = os.path.join(base, c["save"])
    skip = set()
    if os.path.exists(os.path.join(SUITE, "skip.txt")):
        skip = {l.split("#")[0].strip() for l in open(os.path.join(SUITE, "skip.txt"))} - {""}
    cands = [c for c in cands if f"{game_name(c['save'])}@{c['at']}" not in skip]
    extra = []
    for path in sys.argv[2:]:
        extra += json.load(open(path))
    os.makedirs(os.path.join(SUITE, "games"), exist_ok=True)
    positions, saves = [], {}
    for theme in THEMES:
        n = 0
        for c in pick(cands, theme, LIMIT[theme]) + [e for e in extra if e["theme"] == theme]:
            n += 1
            g = c.get("game") or game_name(c["save"])
            saves[g] = c["save"]
            positions.append({
                "id": f"pw-{SHORT[theme]}-{n:02d}", "theme": theme, "sections": c["sections"],
                "game": g, "at": c["at"], "state_hash": c["state_hash"], "seat": c["seat"],
                "good": c["good"], "acceptable": c.get("acceptable", []),
                "blunder": c.get("blunder", []), "why": c["why"]})
    for g, save in saves.items():
        dest = os.path.join(SUITE, "games", g + ".json")
        if not os.path.isabs(save):  # an EXTRA's save may name a file of the checkout
            save = os.path.join(ROOT, save)
        if os.path.abspath(save) != os.path.abspath(dest):
            shutil.copyfile(save, dest)
    with open(os.path.join(SUITE, "suite.json"), "w") as f:
        json.dump({"themes": THEMES, "positions": positions}, f, indent=1)
        f.write("\n")
    counts = {}
    for p in positions:
        counts[p["theme"]] = counts.get(p["theme"], 0) + 1
    print(len(positions), counts)


if __name__ == "__main__":
    main()
