#!/usr/bin/env python3
"""Mine candidate positions for The Pacific War's strategic test suite (issue 36).

Reads self-play saves (pacwar arena --save-dir), walks their decisions with the deciding
seat's view (pacwar decisions --views) and, for the decision kinds whose labels follow
from the rules and the visible state alone, writes candidate positions (JSON lines) with
good / acceptable / blunder labels and a reason citing the sections.

  pacific_war_mine.py OUT.jsonl SAVE...

Each candidate carries the save's path; pacific_war_build.py picks among them and writes the
suite. Stdlib only.
"""
import json
import os
import subprocess
import sys
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout


TOOL = os.environ.get("PACWAR", os.path.join(REPO, "build", "pacwar"))
DATA = os.path.join(REPO, "data", "pacific-war")

UNITS = {u["id"]: u for u in json.load(open(f"{DATA}/units.json"))["units"]}
MAP = json.load(open(f"{DATA}/map.json"))
OZ = {o["id"]: o for o in MAP["ozs"]}
NATION_FREE = {}  # nation -> ports that ready it for free (10.5)
for o in MAP["ozs"]:
    for n in o.get("auto_ready", []):
        NATION_FREE.setdefault(n, set()).add(o["id"])
# auto_ready may name nations as in units.json; normalise a few spellings.
CARDS = {}
for c in json.load(open(f"{DATA}/cards.json"))["cards"]:
    for s in ("japanese", "allied"):
        CARDS[c[s]["id"]] = c[s]


def kind(uid):
    u = UNITS.get(uid)
    if u is None:
        return "?"
    t = u["type"]
    if t == "LandBasedAir":
        return "lba"
    if t == "Carrier":
        return "carrier"
    if t in ("Battleship", "CarrierBattleship"):
        return "battleship"
    return "cruiser"


def nm(uid):
    return UNITS[uid]["name"] if uid in UNITS else uid


def oz_name(oid):
    return OZ[oid]["name"] if oid in OZ else oid


def side_of(seat):
    return "Japanese" if seat == "japanese" else "Allied"


def units_at(view, oid):
    for o in view["ozs"]:
        if o["id"] == oid:
            return o["units"]
    return []


def strength(units):
    return sum(u["airstrike"] + u["gunnery"] for u in units)


def listing(ids):
    ids = list(ids)
    if len(ids) <= 1:
        return "".join(ids)
    return ", ".join(ids[:-1]) + " and " + ids[-1]


NAME_TO_ID = {o["name"]: o["id"] for o in MAP["ozs"]}


def oz_of(view, oid):
    return next((o for o in view["ozs"] if o["id"] == oid), {})


def isolated(view, start, me):
    """10.1: can `start` trace Sea Routes to a friendly-controlled Port without passing an OZ
    under enemy control or holding enemy units? True when it cannot."""
    opened = view.get("restricted_routes_open")
    enemy = "Allied" if me == "Japanese" else "Japanese"
    def blocked(oid):
        # Only enemy units block here: control can change when the LBA arrives (12.2), units
        # stay unless they move, so this under-reports isolation, never over-reports it.
        o = oz_of(view, oid)
        return any(u["side"] == enemy for u in o.get("units", []))
    def friendly_port(oid):
        o = oz_of(view, oid)
        return o.get("port") and o.get("port_owner") == me and o.get("control") == me
    if friendly_port(start):
        return False
    seen, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for r in MAP["routes"]:
            if r["restricted"] and not opened:
                continue
            if x not in (r["a"], r["b"]):
                continue
            y = r["b"] if r["a"] == x else r["a"]
            if y in seen or blocked(y):
                continue
            if friendly_port(y):
                return False
            seen.add(y)
            todo.append(y)
    return True


def projected_vp(view):
    """The marker after this Turn's Victory Phase if control stays as it is (11.0)."""
    ports = {"Japanese": 0, "Allied": 0}
    bases = {"Japanese": 0, "Allied": 0}
    for o in view["ozs"]:
        c = o.get("control")
        if c not in ports:
            continue
        if o.get("port") and o.get("port_owner") == c:
            ports[c] += o.get("vp", 0)
        else:
            bases[c] += 1
    swing = ports["Japanese"] - ports["Allied"]
    swing += (bases["Japanese"] > bases["Allied"]) - (bases["Allied"] > bases["Japanese"])
    return view.get("vp", 0) + swing


def decisions(save):
    p = subprocess.Popen([TOOL, "decisions", save, "--views"], stdout=subprocess.PIPE, text=True)
    for line in p.stdout:
        line = line.strip()
        if line:
            yield json.loads(line)
    p.wait()


def mine(save, out):
    group = {}  # seat -> {"from": oz, "kind": move/return, "ships": []}
    for d in decisions(save):
        seat, v, legal = d["seat"], d.get("view") or {}, [x["id"] for x in d["legal"]]
        labels = {x["id"]: x["label"] for x in d["legal"]}
        prompt, turn = d["prompt"], d["turn"]
        cand = None
        base = {"save": save, "at": d["at"], "state_hash": d["state_hash"], "seat": seat,
                "turn": turn, "prompt": prompt, "chose": d["chose"]}
        try:
            cand = classify(d, seat, v, legal, labels, prompt, turn, group.get(seat))
            if cand and cand["theme"] in ("ports", "no-suicide", "hit-allocation") and v.get("ozs") \
                    and not (cand["theme"] == "hit-allocation" and "Surface hit" not in cand["why"]):
                proj = projected_vp(v)
                if seat == "japanese" and turn == 4 and 5 <= proj <= 10:
                    cand["theme"] = "when-ahead"
                    cand["sections"] = cand["sections"] + ["11.1.2"]
                    cand["why"] += (f" The Japanese are ahead ({proj} Japanese if control holds, "
                                    f"11.0) and win at the end of this Turn with 5 (11.1.2): keep "
                                    f"the fleet and the Ports, give the Allies nothing.")
                elif seat == "allied" and turn == 4 and proj < 0:
                    cand["theme"] = "when-ahead"
                    cand["sections"] = cand["sections"] + ["11.1.2"]
                    cand["why"] += (f" The Allies are ahead ({abs(proj)} Allied if control "
                                    f"holds, 11.0) and win at the end of this Turn (11.1.2): "
                                    f"keep the fleet and the Ports, give the Japanese nothing.")
                elif seat == "japanese" and turn == 5 and proj > -5:
                    cand["theme"] = "when-ahead"
                    cand["sections"] = cand["sections"] + ["11.1.3"]
                    cand["why"] += (f" The Japanese win unless the Allies reach 5 VPs this last "
                                    f"Turn (11.1.3): keep the fleet and the Ports, give them "
                                    f"nothing.")
        except Exception as e:  # a detector that does not fit this view: skip it
            print(f"skip {save}@{d['at']}: {e!r}", file=sys.stderr)
        if cand:
            for c in cand if isinstance(cand, list) else [cand]:
                c.update(base)
                out.write(json.dumps(c) + "\n")
        # follow the group being formed
        ch = d["chose"]
        if ch.startswith("move-from ") or ch.startswith("return-from "):
            group[seat] = {"from": ch.split(" ", 1)[1],
                           "kind": "move" if ch.startswith("move") else "return", "ships": []}
        elif ch.startswith("pick ") and seat in group:
            group[seat]["ships"].append(ch[5:])
        elif ch == "all" and seat in group and "Pick the ships" in prompt:
            group[seat]["ships"] += [x[5:] for x in legal if x.startswith("pick ")]


def classify(d, seat, v, legal, labels, prompt, turn, grp):
    me = side_of(seat)
    combat = v.get("combat") or {}
    # ---------------------------------------------------------------- hit allocation
    if "allocate a hit" in prompt and combat:
        targets = [x[4:] for x in legal if x.startswith("hit ")]
        if len(targets) < 2:
            return None
        oz = combat["oz"]
        here = {u["id"]: u for u in units_at(v, oz)}
        kinds = {t: kind(t) for t in targets}
        part = combat.get("part")
        if part == "raid":
            bbs = [t for t in targets if kinds[t] == "battleship"]
            crs = [t for t in targets if kinds[t] == "cruiser"]
            if bbs and crs:
                return {"theme": "opening", "sections": ["5.0", "9.2.4"],
                        "good": ["hit " + t for t in bbs], "blunder": ["hit " + t for t in crs],
                        "acceptable": [],
                        "why": (f"Turn 0 raid on {oz_name(oz)} (5.0): the Japanese allocate the "
                                f"raid's hits (9.2.4) and one must go on a battleship "
                                f"({listing(nm(t) for t in bbs)}) still unhit, gunnery 3 or 4 "
                                f"and the enemy's battle line for 1942, not on a cruiser "
                                f"({listing(nm(t) for t in crs)}) of gunnery 1.")}
            return None
        owners = {here[t]["side"] for t in targets if t in here}
        if owners == {me} and part == "surface":
            carriers = [t for t in targets if kinds[t] == "carrier"]
            cruisers = [t for t in targets if kinds[t] == "cruiser"]
            if not cruisers or not carriers:
                return None
            return {"theme": "hit-allocation", "sections": ["9.2.4", "9.2.5"],
                    "good": ["hit " + t for t in cruisers], "acceptable": [],
                    "blunder": ["hit " + t for t in carriers],
                    "why": (f"Surface hit at {oz_name(oz)}: the owner allocates surface hits "
                            f"(9.2.4), so {me} puts it where it costs least. A hit on a carrier "
                            f"({listing(nm(t) for t in carriers)}) risks the fleet's airstrike "
                            f"(damage over its defense sinks it, 9.2.5) while a cruiser "
                            f"({listing(nm(t) for t in cruisers)}) can absorb it.")}
        if owners and me not in owners and part == "airstrike":
            carriers = [t for t in targets if kinds[t] == "carrier"]
            cruisers = [t for t in targets if kinds[t] == "cruiser"]
            if not carriers or not cruisers:
                return None
            return {"theme": "hit-allocation", "sections": ["9.2.4", "9.1.1"],
                    "good": ["hit " + t for t in carriers], "acceptable": [],
                    "blunder": ["hit " + t for t in cruisers],
                    "why": (f"Airstrike at {oz_name(oz)}: the firing player allocates airstrike "
                            f"hits on the enemy (9.2.4); the enemy carriers "
                            f"({listing(nm(t) for t in carriers)}) are what strikes back in the "
                            f"next round (9.1.1), not the cruisers "
                            f"({listing(nm(t) for t in cruisers)}).")}
        return None
    # ---------------------------------------------------------------- initiative with an SE
    if "discard a card to gain the Initiative" in prompt:
        played = set(v.get("strategic_events_played") or [])
        hand = v["hands"][seat]["cards"]
        ses, plain = [], []
        for c in hand:
            cid = c["id"]
            if ("initiative " + cid) not in legal:
                continue
            live = c["strategic_event"] and cid not in played and not any(
                cid in str(p) for p in played)
            if cid == "J03" and turn > 2:
                live = False
            (ses if live else plain).append(cid)
        vp = v.get("vp", 0)
        if (turn == 5 and seat == "allied" and "decline" in legal and len(hand) >= 6
                and -5 < projected_vp(v) <= 3 and vp > -5):
            keep = {"A05", "A13"}  # +2 Ground Strength for the last invasions (10.2)
            played = set(v.get("strategic_events_played") or [])
            keep |= {c["id"] for c in hand if c["strategic_event"] and c["id"] not in played}
            spend = [x for x in legal if x.startswith("initiative ") and x[11:] not in keep]
            if spend:
                return {"theme": "when-behind", "sections": ["8.2", "10.2", "11.1.3", "4.6"],
                        "good": spend, "acceptable": [], "blunder": ["decline"],
                        "why": (f"Turn 5, the last: the Allies hold {len(hand)} cards, worth "
                                f"nothing after this Turn but as Ground Strength (10.2), and need "
                                f"5 VPs (11.1.3) with the marker at {abs(vp)} "
                                f"{'Japanese' if vp > 0 else 'Allied'}; declining sends the "
                                f"Initiative to the dice, where a tie ends the Strategy Phase at "
                                f"once (8.2 step 4). Buy the action with a plain card (keep U.S. "
                                f"Marines or Island Hopping for the invasions, a Strategic Event "
                                f"for its event, 4.6).")}
        if ses and plain and turn < 5:
            return {"theme": "initiative-bidding", "sections": ["4.6", "8.2"],
                    "good": ["initiative " + c for c in plain] + ["decline"], "acceptable": [],
                    "blunder": ["initiative " + c for c in ses],
                    "why": (f"Turn {turn}: {listing(CARDS[c]['name'] + ' (' + c + ')' for c in ses)} "
                            f"{'carries an unplayed Strategic Event' if len(ses) == 1 else 'carry unplayed Strategic Events'}, each playable once a game (4.6); "
                            f"the Initiative (8.2) costs any card, so pay with "
                            f"{listing(CARDS[c]['name'] + ' (' + c + ')' for c in plain)} or keep "
                            f"the cards, never the Strategic Event.")}
        return None
    # ---------------------------------------------------------------- return to a free port
    if prompt.endswith("Return to which Port?") and grp and grp["kind"] == "return" and turn < 5:
        ships = grp["ships"]
        here = {u["id"]: u for u in units_at(v, grp["from"])}
        if not ships or any(s not in here for s in ships):
            return None
        if any(here[s]["ready"] for s in ships):
            return None
        nations = {UNITS[s]["nation"] for s in ships}
        if len(nations) != 1:
            return None
        nation = nations.pop()
        adj = {"Japan": "Japanese", "US": "U.S.", "Britain": "British",
               "Australia": "Australian"}.get(nation, nation)
        free = [p for p in legal if p.startswith("to ") and p[3:] in NATION_FREE.get(nation, ())]
        other = [p for p in legal if p.startswith("to ") and p not in free]
        if not free or not other:
            return None
        caps = [s for s in ships if UNITS[s]["capital"]]
        return {"theme": "readiness", "sections": ["10.5", "10.4"],
                "good": free, "acceptable": [], "blunder": [],
                "why": (f"Turn {turn}: Ops Complete {listing(nm(s) for s in ships)} return from "
                        f"{oz_name(grp['from'])} (Return to Port keeps their side, 10.4); "
                        f"{listing(oz_name(p[3:]) for p in free)} {'readies' if len(free) == 1 else 'ready'} {adj} ships for free "
                        f"in the Supply Phase (10.5), any other Port leaves them Ops Complete "
                        f"unless a card is spent on them (10.5, 8.6)"
                        + ".")}
    # ---------------------------------------------------------------- behind at the end: no pass
    if prompt.endswith("Strategy Action") and "pass" in legal:
        vp = v.get("vp", 0)  # + Japanese, - Allied
        proj = projected_vp(v)
        behind = (seat == "allied" and turn == 5 and vp > -5 and -5 < proj <= 3) or \
                 (seat == "japanese" and turn == 4 and vp < 0 and -8 <= proj < 0)
        moves = [x for x in legal if x.startswith("move-from ")]
        ready = [u for o in v["ozs"] for u in o["units"]
                 if u["side"] == me and not u["lba"] and u["ready"]]
        if behind and moves and len(ready) >= 3:
            goal = ("the Allies need 5 VPs at the end of this last Turn (11.1.3)" if seat == "allied"
                    else "the Allies win at the end of this Turn if they still lead (11.1.2)")
            return {"theme": "when-behind", "sections": ["8.2", "11.1.2", "11.1.3"],
                    "good": moves, "acceptable": [], "blunder": ["pass"],
                    "why": (f"Turn {turn}: the marker stands at {abs(vp)} "
                            f"{'Japanese' if vp > 0 else 'Allied'}, {abs(proj)} "
                            f"{'Japanese' if proj > 0 else 'Allied'} if control stays as it is "
                            f"(11.0), and {goal}; with "
                            f"{len(ready)} Ready ships a Pass (8.2) gives up the battles that "
                            f"could still change it, a naval move seeks them.")}
    # ---------------------------------------------------------------- suicide destinations
    if prompt.endswith("Destination of the group") and grp and grp["kind"] == "move":
        here = {u["id"]: u for u in units_at(v, grp["from"])}
        ships = grp["ships"]
        if not ships or any(s not in here for s in ships):
            return None
        s_str = strength(here[s] for s in ships)
        s_air = sum(here[s]["airstrike"] for s in ships)
        bad, fine, favourable, retake = [], [], [], []
        detail = {}
        for a in legal:
            if not a.startswith("to "):
                continue
            enemy = [u for u in units_at(v, a[3:]) if u["side"] != me]
            e_str = strength(enemy)
            detail[a] = (enemy, e_str)
            if not enemy:
                fine.append(a)
            elif (e_str >= 3 * max(s_str, 1) and e_str >= 8
                  and sum(u["airstrike"] for u in enemy) >= max(6, 3 * s_air)):
                # The defender's carriers and LBA strike the group whether or not it fights a
                # Surface Combat (9.1.1, ruling 14); without them it could decline (9.1.2).
                bad.append(a)
            elif s_str >= 2 * e_str:
                favourable.append(a)
                o = oz_of(v, a[3:])
                has_carrier = any(kind(x) == "carrier" for x in ships)
                naval = [u for u in enemy if not u["lba"]]
                lba = [u for u in enemy if u["lba"]]
                if o.get("port") and o.get("port_owner") == me and naval and (has_carrier or not lba):
                    retake.append(a)
        if retake:
            en = [u for a in retake for u in detail[a][0]]
            return {"theme": "ports", "sections": ["12.3.3", "12.3", "10.2", "8.10.1"],
                    "good": retake, "acceptable": [a for a in favourable if a not in retake],
                    "blunder": bad,
                    "why": (f"Turn {turn}: {me} Port {listing(oz_name(a[3:]) for a in retake)} "
                            f"holds enemy units ({listing(nm(u['id']) for u in en[:4])}, strength "
                            f"{sum(detail[a][1] for a in retake)}): while they stay it is their Base, "
                            f"worth no VPs to its owner (12.2, 12.3), and they may invade it in "
                            f"the Supply Phase (10.2); the group from {oz_name(grp['from'])} (strength {s_str}) "
                            f"moves in (8.10.1), and once the enemy is gone the Port is {me} "
                            f"again (12.3.3)"
                            + (f"; {listing(oz_name(a[3:]) for a in bad)} would sink the group" if bad else "")
                            + ".")}
        if not bad or not (fine or favourable):
            return None
        friendly = [a for a in fine if oz_of(v, a[3:]).get("control") == me]
        if favourable:
            good, acc = favourable, fine
        elif friendly:
            good, acc = friendly, [a for a in fine if a not in friendly]
        else:
            good, acc = fine, []
        worst = max(bad, key=lambda a: detail[a][1])
        en = detail[worst][0]
        return {"theme": "no-suicide", "sections": ["8.10.1", "9.1", "9.1.1", "9.2.5"],
                "good": good, "acceptable": acc, "blunder": bad,
                "why": (f"Turn {turn}: the group from {oz_name(grp['from'])} "
                        f"({listing(nm(s) for s in ships)}, strength {s_str}) would stop and "
                        f"fight (8.10.1) at {listing(oz_name(a[3:]) for a in bad)}; at "
                        f"{oz_name(worst[3:])} it meets {len(en)} enemy units of strength "
                        f"{detail[worst][1]} ({listing(nm(u['id']) for u in en[:4])}"
                        f"{'…' if len(en) > 4 else ''}), whose carriers and LBA (airstrike "
                        f"{sum(u['airstrike'] for u in en)}) strike it in the first round even if it "
                        f"declines Surface Combat (9.1.1, 9.1): it loses ships (9.2.5) for nothing; "
                        + (f"it outguns the enemy two to one at {listing(oz_name(a[3:]) for a in good[:4])}."
                           if favourable else
                           f"{listing(oz_name(a[3:]) for a in good[:4])} "
                           f"{'holds' if len(good) == 1 else 'hold'} no enemy units.")
                        )}
    # ---------------------------------------------------------------- defender evacuates
    if "Reaction to the enemy entering" in prompt and "evacuate" in legal and "no-reaction" in legal:
        oz = NAME_TO_ID.get(prompt.split("entering ", 1)[1].strip())
        o = oz_of(v, oz)
        us = [u for u in o.get("units", []) if u["side"] == me]
        them = [u for u in o.get("units", []) if u["side"] != me]
        a, dstr = strength(them), strength(us)
        if o.get("port") and o.get("port_owner") == me and them and dstr >= 2 * a and dstr >= 6:
            return {"theme": "ports", "sections": ["8.12", "9.5.1", "10.2", "12.3"],
                    "good": ["no-reaction"] + [x for x in legal if x == "counterattack"],
                    "acceptable": [], "blunder": ["evacuate"],
                    "why": (f"Turn {turn}: the enemy enters {me} Port {oz_name(oz)} with "
                            f"{listing(nm(u['id']) for u in them[:4])} (strength {a}); its "
                            f"defenders ({listing(nm(u['id']) for u in us[:4])}{'…' if len(us) > 4 else ''}, "
                            f"strength {dstr}) outgun them, so they stay and fight; an Emergency "
                            f"Evacuation (8.12, 9.5.1) leaves the enemy ships on the Port, a Base "
                            f"for them worth no VPs to its owner (12.3), free to invade it (10.2).")}
        if them and us and [u for u in us if not u["lba"]] and a >= 3 * max(dstr, 1) and a >= 10:
            return {"theme": "no-suicide", "sections": ["8.12", "9.5.1"],
                    "good": ["evacuate"], "acceptable": [], "blunder": ["no-reaction"],
                    "why": (f"Turn {turn}: at {oz_name(oz)} {listing(nm(u['id']) for u in us[:5])} "
                            f"(strength {dstr}) face an attack of strength {a} "
                            f"({listing(nm(u['id']) for u in them[:4])}{'…' if len(them) > 4 else ''}); "
                            f"Emergency Evacuation (8.12) retreats them (9.5.1) instead of "
                            f"losing the ships.")}
        return None
    if ("before the first round, or fight?" in prompt) and combat:
        oz = combat["oz"]
        us = [u for u in units_at(v, oz) if u["side"] == me]
        them = [u for u in units_at(v, oz) if u["side"] != me]
        mine_naval = [u for u in us if not u["lba"]]
        a, dstr = strength(them), strength(us)
        if mine_naval and a >= 3 * max(dstr, 1) and a >= 10 and "evacuate" in legal and "no-reaction" in legal:
            return {"theme": "no-suicide", "sections": ["9.5.1", "9.5.3"],
                    "good": ["evacuate"], "acceptable": [], "blunder": ["no-reaction"],
                    "why": (f"Turn {turn}: at {oz_name(oz)} {listing(nm(u['id']) for u in us)} "
                            f"(strength {dstr}) face an attack of strength {a} "
                            f"({listing(nm(u['id']) for u in them[:4])}{'…' if len(them) > 4 else ''}); "
                            f"the defender may retreat before the first round (9.5.1) to a "
                            f"friendly Port (9.5.3) instead of losing the ships.")}
        return None
    if "Redeploy the LBA to which OZ?" in prompt and v.get("phase") == "strategy" and turn < 5:
        dests = [x for x in legal if x.startswith("to ")]
        iso = [x for x in dests if not oz_of(v, x[3:]).get("port") and isolated(v, x[3:], me)]
        safe_ports = [x for x in dests if oz_of(v, x[3:]).get("port") and not isolated(v, x[3:], me)]
        if iso and safe_ports:
            return {"theme": "supply-isolation", "sections": ["10.1", "8.9.3"],
                    "good": safe_ports,
                    "acceptable": [x for x in dests if x not in iso and x not in safe_ports],
                    "blunder": iso,
                    "why": (f"Turn {turn}: from {listing(oz_name(x[3:]) for x in iso)} no Sea Route "
                            f"reaches a {me} Port without passing an OZ with enemy units, so "
                            f"an LBA redeployed there (8.9.3) is isolated in the Supply Phase and "
                            f"removed to next Turn's Reinforcements (10.1); a friendly Port keeps "
                            f"it in play.")}
        return None
    # ---------------------------------------------------------------- port invasion
    if prompt.endswith("Port Invasions") and turn == 5:
        hand = v["hands"][seat]["cards"]
        if seat == "japanese":
            j16 = [x for x in legal if x.startswith("event J16 ")]
            threatened = [x for x in j16 if any(u["side"] == "Allied" and not u["lba"]
                                                for u in oz_of(v, x.split(" ")[2])["units"])]
            if threatened and "done" in legal and v.get("vp", 0) > 0:
                ports = [x.split(" ")[2] for x in threatened]
                return {"theme": "when-ahead", "sections": ["10.2.1", "11.1.3"],
                        "good": threatened, "acceptable": [], "blunder": ["done"],
                        "why": (f"Turn 5, the last: the Japanese lead ({v['vp']} VP) and Allied "
                                f"ships sit in {listing(oz_name(p) for p in ports)}; Battle of "
                                f"Iwo Jima (J16) makes the Allies need one more Ground Strength "
                                f"there (10.2.1) and denies the VPs the Allies need (11.1.3); a "
                                f"card kept now is worth nothing after the game.")}
        else:
            grounds = {}
            for x in legal:
                if x.startswith("ground "):
                    grounds.setdefault(x.split(" ")[2], []).append(x)
            caps = [x for x in legal if x.startswith("capture ")]
            if grounds and not caps and "done" in legal and v.get("vp", 0) > -5:
                good = []
                for port, acts in grounds.items():
                    o = oz_of(v, port)
                    gs = strength(u for u in o["units"] if u["side"] == me) // 20
                    need = OZ[port]["vp"] - gs
                    if 0 < need <= len(hand):
                        good.append((port, acts, gs, need))
                if good:
                    port, acts, gs, need = good[0]
                    return {"theme": "when-behind", "sections": ["10.2", "11.1.3"],
                            "good": [a for g in good for a in g[1]], "acceptable": [],
                            "blunder": ["done"],
                            "why": (f"Turn 5, the last: the Allies need 5 VPs (11.1.3) and the marker "
                                    f"stands at {abs(v['vp'])} {'Japanese' if v['vp'] > 0 else 'Allied'}; their ships at {oz_name(port)} give {gs} Ground "
                                    f"Strength of the {OZ[port]['vp']} needed (10.2) and each "
                                    f"card discarded adds one; the {len(hand)} cards in hand are "
                                    f"worth nothing after this Turn, so spend them on the capture.")}
        return None
    if prompt.endswith("Port Invasions"):
        caps = [x for x in legal if x.startswith("capture ")]
        if caps and "done" in legal:
            ports = [x[8:] for x in caps]
            return {"theme": "invasion", "sections": ["10.2", "11.0"],
                    "good": caps, "acceptable": [], "blunder": ["done"],
                    "why": (f"Turn {turn}: {me} ships in {listing(oz_name(p) for p in ports)} "
                            f"have the Ground Strength to capture "
                            f"{'it' if len(ports) == 1 else 'them'} now (10.2); a captured Port "
                            f"counts its Victory Points in this Turn's Victory Phase (11.0) and "
                            f"ending the invasions leaves it to the enemy.")}
        return None
    # ---------------------------------------------------------------- hand limit: ready with a card
    if "ready Naval units with a card" in prompt and seat == "japanese" and turn < 5:
        hand = v["hands"][seat]["cards"]
        borneo = next((o for o in v["ozs"] if o["id"] == "Borneo"), {})
        if len(hand) < 4 or borneo.get("control") != "Japanese" or "done" not in legal:
            return None
        best = []
        for a in legal:
            if not a.startswith("ready "):
                continue
            _, cid, oid = a.split(" ")
            o = next(o for o in v["ozs"] if o["id"] == oid)
            oc = [u for u in o["units"] if u["side"] == me and not u["lba"] and not u["ready"]
                  and (o.get("port") and o.get("control") == "Japanese" or not u["capital"])]
            caps = [u for u in oc if u["capital"]]
            if len(caps) >= 2 and not CARDS[cid]["strategic_event"]:
                best.append((a, oid, caps))
        if not best:
            return None
        oid = best[0][1]
        return {"theme": "card-economy", "sections": ["7.1", "7.2", "10.5"],
                "good": [b[0] for b in best], "acceptable": [], "blunder": ["done"],
                "why": (f"Turn {turn}: the Japanese hold {len(hand)} cards, the hand limit (7.1), "
                        f"and draw 2 next Turn with Borneo (7.2) only if the hand has room; a card "
                        f"spent now readies Ops Complete capital ships "
                        f"({listing(nm(u['id']) for u in best[0][2])} at {oz_name(oid)}, 10.5) "
                        f"at no cost, keeping it wastes a draw.")}
    # ---------------------------------------------------------------- combat cards for the fleet
    if "play a card at the beginning of the combat" in prompt and seat == "allied" and combat:
        oz = combat["oz"]
        us = [u for u in units_at(v, oz) if u["side"] == me]
        them = [u for u in units_at(v, oz) if u["side"] != me]
        jair = sum(u["airstrike"] for u in them if not u["lba"])
        caps = [u for u in us if not u["lba"] and u["capital"]]
        shifts = [x for x in legal if x in ("event A07", "event A14", "event A04")]
        if shifts and jair >= 12 and len(caps) >= 3 and "no-event" in legal:
            return {"theme": "card-economy", "sections": ["9.0.1", "9.2.2"],
                    "good": shifts, "acceptable": [], "blunder": ["no-event"],
                    "why": (f"Turn {turn}: Japanese carriers of airstrike {jair} strike "
                            f"{listing(nm(u['id']) for u in caps[:5])} at {oz_name(oz)}; "
                            f"a card that shifts the Japanese airstrike left (9.2.2) is what combat "
                            f"cards are held for (9.0.1): play "
                            f"{listing(CARDS[x[6:]]['name'] for x in shifts)} now.")}
    return None


if __name__ == "__main__":
    with open(sys.argv[1], "a") as out:
        for save in sys.argv[2:]:
            mine(save, out)
