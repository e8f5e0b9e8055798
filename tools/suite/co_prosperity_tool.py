#!/usr/bin/env python3
"""Authoring helper for the Co-Prosperity strategic test suite (issue 36).

  co_prosperity_tool.py log SAVE [FROM [TO]]      one line per decision: at seat turn chose | prompt
  co_prosperity_tool.py show SAVE AT              the deciding seat's view at AT, compactly, and the legal actions
  co_prosperity_tool.py build OUT BASE N [ACT..]  the first N actions of BASE, then ACT..; the state hash fixed
  co_prosperity_tool.py next SAVE [-q]            the view and legal actions after the whole save (-q: legal only)
Stdlib only; runs build/pacwar (the PACWAR environment variable overrides it).
"""
import json
import os
import re
import subprocess
import sys
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout


PACWAR = os.environ.get("PACWAR", os.path.join(REPO, "build", "pacwar"))


def decisions(save, frm=None, to=None, views=False):
    cmd = [PACWAR, "decisions", save]
    if frm is not None:
        cmd += ["--from", str(frm)]
    if to is not None:
        cmd += ["--to", str(to)]
    if views:
        cmd.append("--views")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr.strip())
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def unit_text(u):
    s = u["id"]
    if u.get("max_steps", 1) > 1 and u.get("steps") != u.get("max_steps"):
        s += "(r)"
    return s


def show_view(v):
    print(f"turn {v['turn']} ({v['year']}) phase {v['phase']} first {v['first']} war {v['war']} "
          f"pp {v['pp']} RP {v['resource_points']} atlantic {v['atlantic_used']}")
    hands = v["hands"]
    for side, h in hands.items():
        print(f"  hand {side}: {h.get('cards', '?')} (count {h['count']})")
    print("  played:", ", ".join(v["played"]))
    print("  track:", ", ".join(f"{t['id']} left {t['advances_left']} placed {t['placed_turn']}"
                               f" adv {t['advanced_turn']}" for t in v["production_track"]))
    print("  pools:", " ".join(v["pools"]))
    if v.get("vladivostok"):
        print("  vladivostok:", v["vladivostok"])
    for s in v["spaces"]:
        units = " ".join(unit_text(u) for u in s.get("units", []))
        flags = ("H" if s.get("home") else "") + ("P" if s.get("port") else "") + ("O" if s.get("oil") else "")
        routes = ",".join(("~" if r["kind"] == "sea" else "-") + r["to"][:6] + ("2" if r["length"] == 2 else "")
                          for r in s.get("routes", []))
        print(f"  {s['id']:22} {s.get('control','')[:3]:3} own {s.get('owner','')[:4]:4} {flags:3} | {units}")
    for k in v:
        if k not in ("spaces", "hands", "played", "production_track", "pools", "vladivostok", "turn", "year",
                     "phase", "first", "war", "pp", "resource_points", "atlantic_used", "game", "prompt", "to_act"):
            print(f"  {k}: {json.dumps(v[k])[:300]}")


def cmd_log(save, frm=None, to=None):
    for d in decisions(save, frm, to):
        print(f"{d['at']:4} {d['seat'][:3]} t{d['turn']} {d['chose']:32} | {d['prompt'][:70]} [{len(d['legal'])}]")


def cmd_show(save, at):
    ds = decisions(save, at, at + 1, views=True)
    if not ds:
        raise SystemExit(f"no decision at {at}")
    d = ds[0]
    print(f"at {d['at']} seat {d['seat']} hash {d['state_hash']} chose {d['chose']}")
    print("prompt:", d["prompt"])
    show_view(d["view"])
    print("legal:")
    for a in d["legal"]:
        print("   ", a["id"], " --", a["label"])


def write_save(out, base, actions):
    save = dict(base)
    save["actions"] = actions
    save["state_hash"] = "0000000000000000"
    with open(out, "w") as f:
        json.dump(save, f, indent=1)
    r = subprocess.run([PACWAR, "decisions", out, "--to", "0"], capture_output=True, text=True)
    m = re.search(r"state hash ([0-9a-f]{16}) expected", r.stderr)
    if not m:
        raise SystemExit("could not replay: " + r.stderr.strip())
    save["state_hash"] = m.group(1)
    with open(out, "w") as f:
        json.dump(save, f, indent=1)
    return save["state_hash"]


def cmd_build(out, base_path, n, extra):
    with open(base_path) as f:
        base = json.load(f)
    actions = base["actions"][:n] + list(extra)
    h = write_save(out, base, actions)
    print(f"wrote {out}: {len(actions)} actions, hash {h}")


def legal_after(save_path):
    """The legal ids after the whole save (from the replay's refusal of a bogus action)."""
    with open(save_path) as f:
        base = json.load(f)
    tmp = save_path + ".probe"
    save = dict(base)
    save["actions"] = base["actions"] + ["bogus-probe"]
    with open(tmp, "w") as f:
        json.dump(save, f)
    r = subprocess.run([PACWAR, "decisions", tmp, "--to", "0"], capture_output=True, text=True)
    os.remove(tmp)
    m = re.search(r"illegal action 'bogus-probe' at (.*?); legal: (.*)$", r.stderr.strip())
    if not m:
        return None, [], r.stderr.strip()
    return m.group(1), m.group(2).split(", "), ""


def cmd_next(save_path, quiet=False):
    prompt, legal, err = legal_after(save_path)
    if prompt is None:
        print("no decision:", err)
        return
    with open(save_path) as f:
        base = json.load(f)
    n = len(base["actions"])
    if not quiet:
        tmp = save_path + ".probe"
        write_save(tmp, base, base["actions"] + [legal[0]])
        ds = decisions(tmp, n, n + 1, views=True)
        os.remove(tmp)
        if ds:
            d = ds[0]
            print(f"at {n} seat {d['seat']} hash {d['state_hash']}")
            show_view(d["view"])
            print("legal:")
            for a in d["legal"]:
                print("   ", a["id"], " --", a["label"])
            return
    print(f"at {n}: {prompt}")
    print("legal:", " | ".join(legal))


if __name__ == "__main__":
    a = sys.argv[1:]
    if not a:
        print(__doc__)
    elif a[0] == "log":
        cmd_log(a[1], int(a[2]) if len(a) > 2 else None, int(a[3]) if len(a) > 3 else None)
    elif a[0] == "show":
        cmd_show(a[1], int(a[2]))
    elif a[0] == "next":
        cmd_next(a[1], len(a) > 2 and a[2] == "-q")
    elif a[0] == "build":
        cmd_build(a[1], a[2], int(a[3]), a[4:])
    else:
        print(__doc__)
