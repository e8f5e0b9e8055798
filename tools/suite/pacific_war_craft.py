#!/usr/bin/env python3
"""Helpers to build Pacific War suite positions by hand (issue 36).

A save file holds chance outcomes as actions, so a position can be built by cutting a game
and choosing later actions (choices and dice). The prebuilt tool checks every step: an
illegal action is refused with the legal list, and a wrong state hash with the right one.

  from pacific_war_craft import legal, finish
  prompt, ids = legal(base_save, actions)   # what the state after `actions` asks
  finish(base_save, actions, out_path)      # writes a save with its state hash
Stdlib only.
"""
import json
import os
import re
import subprocess
import tempfile
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout


TOOL = os.environ.get("PACWAR", os.path.join(REPO, "build", "pacwar"))


def _run(save):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(save, f)
        path = f.name
    p = subprocess.run([TOOL, "decisions", path, "--from", str(max(0, len(save["actions"]) - 1))],
                       capture_output=True, text=True)
    return p


def _save(base, actions, state_hash="0"):
    s = json.load(open(base)) if isinstance(base, str) else dict(base)
    s = dict(s)
    s["actions"] = list(actions)
    s["state_hash"] = state_hash
    return s


def state_hash(base, actions):
    p = _run(_save(base, actions))
    m = re.search(r"state hash ([0-9a-f]{16}) expected", p.stderr)
    if not m:
        raise RuntimeError(p.stderr.strip())
    return m.group(1)


def legal(base, actions):
    """(prompt, [legal ids]) of the state after `actions`."""
    p = _run(_save(base, list(actions) + ["bogus-action"]))
    m = re.search(r"illegal action 'bogus-action' at (.*?); legal: (.*)$", p.stderr.strip())
    if not m:
        raise RuntimeError(p.stderr.strip())
    return m.group(1), [x.strip() for x in m.group(2).split(", ")]


def view(base, actions, chosen):
    """The decision JSON (with the seat's view) of the state after `actions`, taking `chosen`."""
    acts = list(actions) + [chosen]
    s = _save(base, acts, state_hash(base, acts))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(s, f)
        path = f.name
    p = subprocess.run([TOOL, "decisions", path, "--from", str(len(actions)), "--views"],
                       capture_output=True, text=True)
    return json.loads(p.stdout.splitlines()[0])


def finish(base, actions, out):
    s = _save(base, actions, state_hash(base, actions))
    with open(out, "w") as f:
        json.dump(s, f)
    return s["state_hash"]
