#!/usr/bin/env python3
"""The Pacific War suite: Japan left empty on Turn 1 or 2 (issue 36, "Yardsticks").

  PACWAR=build/pacwar tools/suite/pacific_war_japan.py

A tester named "emptying Japan on Turn 1" as a blunder: Japan (5 VP, 10.3) left with no
Japanese unit while Allied ships can reach it. Each position below is a Japanese decision that
takes the last units out of Japan (or keeps some), chosen by hand from a stored game after
checking the Allied reach (8.10.1) and Ground Strength (10.2) there; the reasons say what each
side can see. The script checks each decision with pacific_war_craft (the prompt, the legal
actions), writes the positions at the end of data/pacific-war/suite/suite.json (replacing those
of the same id) and writes them to japan.json beside it, in the
EXTRA format of pacific_war_build.py, so that a rebuild keeps them. Stdlib only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pacific_war_craft import REPO, legal, state_hash  # noqa: E402

SUITE = os.path.join(REPO, "data", "pacific-war", "suite")
THEME = "ports"

POSITIONS = [
    {"id": "pw-ports-13", "game": "rh-29", "at": 104, "seat": "japanese",
     "prompt": "8.9.2 Pick the ships of the group at Japan",
     "sections": ["8.10.1", "10.2", "11.1.1", "12.3", "6.1.6", "8.12", "9.5.2"],
     "good": ["done"], "acceptable": ["pick *"], "blunder": ["all"],
     "why": "Turn 1: the group Returning to Port from Japan (8.9.2) may take Akagi, Hiei and "
            "Takao, Japan's last units. Empty, Japan is open to the Pearl Harbor fleet at Hawaii "
            "(18 ships, 41 Airstrike and Gunnery) and the cruisers at Midway: a group that enters "
            "no enemy units has 3 MP whatever its speed (8.10.1). Allied ships alone there hold "
            "it as a Base worth no VPs to Japan (12.2, 12.3); if they stay, Junyo, Hiyo and "
            "Yamato, due there on Turn 2, are delayed (6.1.6, 10.3.1); and 41 points are 2 Ground "
            "Strength: with the Allies' 2 cards (7.3) and an unseen A13 Island Hopping (+2) they "
            "capture Japan in the Supply Phase (10.2) and win (11.1.1). With the three kept only "
            "the Hawaii fleet's speed-3 ships may attack, for one round (8.10.1, 9.1), with 29 "
            "points (1 Ground Strength: no capture this Turn); they must eliminate all three or "
            "retreat (9.4, 9.5.2), and Akagi, Ready, lets the fleet counterattack (8.12)."},
    {"id": "pw-ports-14", "game": "h2-10", "at": 143, "seat": "japanese",
     "prompt": "8.10.1 Pick the ships of the group at Japan",
     "sections": ["8.10.1", "10.2", "11.1.1", "7.3", "9.5.2"],
     "good": ["done"], "acceptable": ["pick *"], "blunder": ["all"],
     "why": "Turn 2: the group leaving Japan (Mutsu, Shokaku and Hiyo picked) may take all 17 "
            "ships left there. The Allies hold 5 cards (7.3) and the Japanese hand has no Battle "
            "of Iwo Jima (J16, 10.2.1); the 4 cruisers at the Philippines, Arizona and Tennessee "
            "at Hawaii and De Ruyter at Borneo all reach an empty Japan with the 3 MP of a group "
            "that enters no enemy units (8.10.1). Any of them there with the 5 cards has 5 Ground "
            "Strength, Japan's VP, captures it in the Supply Phase (10.2) and wins the game "
            "(11.1.1). With the 17 ships kept the speed-0 battleships cannot enter at all "
            "(8.10.1), and the cruisers would have one or two rounds (9.1) to eliminate 17 ships "
            "or retreat (9.4, 9.5.2)."},
    {"id": "pw-ports-15", "game": "h2-34", "at": 135, "seat": "japanese",
     "prompt": "8.9.2 Pick the ships of the group at Japan",
     "sections": ["8.10.1", "10.2", "11.1.1", "7.3", "9.5.2"],
     "good": ["done"], "acceptable": [], "blunder": ["pick Yamato"],
     "why": "Turn 2: Junyo and Hiyo are picked to Return to Port (8.9.2); Yamato is Japan's last "
            "unit. The Allies hold 5 cards (7.3), A05 U.S. Marines is discarded and the Japanese "
            "hand has no Battle of Iwo Jima (J16, 10.2.1); one cruiser (Houston at the "
            "Philippines, Minneapolis at Midway, New Orleans at Hawaii or De Ruyter at Borneo) "
            "reaches an empty Japan with 3 MP (8.10.1) and with the 5 cards has the 5 Ground "
            "Strength to capture it in the Supply Phase (10.2): the game ends (11.1.1). With "
            "Yamato there, a cruiser of Gunnery 1 must eliminate an armored battleship of Gunnery "
            "5 (9.2.5) within its one or two rounds or retreat (9.1, 9.4, 9.5.2)."},
    {"id": "pw-ports-16", "game": "hh-3", "at": 227, "seat": "japanese",
     "prompt": "8.3 Japanese Strategy Action",
     "sections": ["8.10.1", "10.2", "11.1.1", "9.2.4", "9.5.2"],
     "good": ["move-from *", "return-from *", "redeploy LBA-J2", "redeploy LBA-J3"],
     "acceptable": ["resupply J01 *", "resupply J09 *", "event *", "pass"],
     "blunder": ["redeploy LBA-J1"],
     "why": "Turn 2: LBA-J1 is the last Japanese unit in Japan. The Allies hold 5 cards (7.3), "
            "and Houston at the Philippines and De Ruyter at Borneo reach an empty Japan with 3 MP "
            "(8.10.1): there with the 5 cards they have 5 Ground Strength, Japan's VP, to capture "
            "it in the Supply Phase (10.2), and the capture ends the game (11.1.1); the Japanese "
            "Battle of Iwo Jima (J16) raises the need to 6 (10.2.1), but an unseen A05 or A13 "
            "(+2) still makes it. While the LBA stays no Allied ship in reach can take Japan: "
            "without a carrier they make no Airstrike (9.1.1), Surface Combat cannot hit an LBA "
            "(9.2.4), and an attacker that leaves a defender retreats (9.4, 9.5.2). Every action "
            "but redeploying LBA-J1 keeps Japan; moves and redeployments spend no card (8.3)."},
]


def main():
    out = []
    for p in POSITIONS:
        save = os.path.join(SUITE, "games", p["game"] + ".json")
        actions = json.load(open(save))["actions"][:p["at"]]
        prompt, ids = legal(save, actions)
        if not prompt.startswith(p["prompt"]):
            raise SystemExit(f"{p['id']}: the decision at {p['at']} is '{prompt}'")
        position = {"id": p["id"], "theme": THEME, "sections": p["sections"], "game": p["game"],
                    "at": p["at"], "state_hash": state_hash(save, actions), "seat": p["seat"],
                    "good": p["good"], "acceptable": p["acceptable"], "blunder": p["blunder"],
                    "why": p["why"]}
        out.append(position)
        print(p["id"], p["game"], p["at"], prompt, len(ids), "legal")
    path = os.path.join(SUITE, "suite.json")
    suite = json.load(open(path))
    ids = {p["id"] for p in out}
    # At the end, not after the other "ports" positions: a player's seed at a position is its
    # index in the run (suite.cc), so the 138 positions before keep the seeds they were scored
    # with in docs/ai.md.
    suite["positions"] = [p for p in suite["positions"] if p["id"] not in ids] + out
    with open(path, "w") as f:
        json.dump(suite, f, indent=1)
        f.write("\n")
    extra = [dict(p, save=os.path.join("data", "pacific-war", "suite", "games",
                                       p["game"] + ".json")) for p in out]
    with open(os.path.join(SUITE, "japan.json"), "w") as f:
        json.dump(extra, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
