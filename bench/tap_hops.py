"""How far one tap and one received link travel through the app (issue 39's measure).

    .venv/bin/python bench/tap_hops.py                 # this checkout
    .venv/bin/python bench/tap_hops.py --tree /tmp/wt  # another checkout (e.g. an older commit)

Two moments, each run in CPython under ``sys.setprofile``:

- **a tap at one device**: a Crooks table of two people at one device, the second person's
  first decision (the first ``act`` button of their screen) and the repaint after it;
- **a received link by address**: a Crooks game by links hosted by Ann with Bea on another
  device, Bea's game open in her tab, and the link Ann's device made after her first decision
  opened as a page address would open it (``App.open_link``), its jobs answered, then a repaint.

Counted: *hops*, the calls from a function of one module of ``web`` or ``engine`` into a
function of another (a call inside one module is not a hop), and among them the *web hops*
between two modules of ``web``; the *components* (modules) that
take part; *entries into the engine* (calls from ``web`` into ``engine``); how often
``Rules.view`` and ``Rules.to_act`` run (any game's ``Rules`` class); and the
signature checks (``verify`` jobs). Deterministic: the same tree gives the same counts.
"""

import argparse
import html as html_text
import importlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path


def module_of(frame) -> str | None:
    name = frame.f_globals.get("__name__", "")
    return name if name.split(".")[0] in ("web", "engine") else None


def counted(run) -> dict:
    """Run ``run()`` under a profiler and count what the module docstring says."""
    hops, web_hops, parts, entries, asked = 0, 0, set(), 0, Counter()

    def profile(frame, event, arg):
        nonlocal hops, web_hops, entries
        if event != "call":
            return
        callee, caller = module_of(frame), frame.f_back and module_of(frame.f_back)
        if callee is None:
            return
        name = frame.f_code.co_name
        if callee.startswith("engine") and name in ("view", "to_act") \
                and callee.endswith((".rules", ".core.game")) \
                and frame.f_code.co_qualname.count(".") == 1:  # a method of a Rules class
            asked[name] += 1
        if caller is None or caller == callee:
            return
        hops += 1
        web_hops += caller.startswith("web") and callee.startswith("web")
        parts.update((caller, callee))
        if caller.startswith("web") and callee.startswith("engine"):
            entries += 1
    sys.setprofile(profile)
    try:
        extra = run() or {}
    finally:
        sys.setprofile(None)
    return {"hops": hops, "web_hops": web_hops, "components": len(parts), "engine_entries": entries,
            "views": asked["view"], "to_act": asked["to_act"], **extra}


def new_app(storage=None):
    from web.app import App
    from web.keep.saves import MemoryStorage
    return App(storage or MemoryStorage(), session=MemoryStorage(), seed_source=lambda: 1,
               base_url="https://t.example/")


def seat_up(app, kinds) -> None:
    app.handle("setup-game", "crooks")
    app.handle("setup-players", len(kinds))
    for i, (kind, name) in enumerate(zip(kinds, ["Ann", "Bea", "Cy"], strict=False)):
        app.handle("setup-kind", {"arg": i, "value": kind})
        app.handle("setup-name", {"arg": i, "value": name})
    app.handle("start-game")


def first_act(html: str):
    found = re.search(r'data-ev="act"[^>]*? data-arg="([^"]*)"', html)
    return None if found is None else json.loads(html_text.unescape(found.group(1)))


def a_tap() -> dict:
    app = new_app()
    seat_up(app, ["human", "human"])
    app.handle("handover-ok")  # Ann
    app.handle("act", first_act(app.render()))
    app.handle("handover-ok")  # Bea
    arg = first_act(app.render())

    def tap():
        decisions = len(app.match.actions)
        app.handle("act", arg)
        app.render()
        assert len(app.match.actions) > decisions, app.notice
    return counted(tap)


class Keys:
    """A device's key store at work for its app."""

    def __init__(self, app):
        from key_store import KeyStore  # (tools/, on the path once the tree to measure is)
        self.store = KeyStore()
        # (an app before issue 39's router took the remote table's jobs itself)
        self.take_jobs = getattr(app, "take_jobs", None) or app.remote.take_jobs

    def run(self) -> None:
        self.store.run(self.take_jobs)


def a_received_link() -> dict:
    host = new_app()
    host_keys = Keys(host)
    seat_up(host, ["human", "remote"])
    host_keys.run()
    (invitation,) = host.remote.invitations()
    bea = new_app()
    bea_keys = Keys(bea)
    bea.handle("remote-open", {"value": invitation.text.split(" — ")[-1]})
    bea_keys.run()
    for device, (other, other_keys) in ((bea, (host, host_keys)), (host, (bea, bea_keys))):
        for out in device.remote.device.out:  # each sends the other its news
            other.handle("remote-open", {"value": out.text.split(" — ")[-1]})
            other_keys.run()
    (sender, sender_keys), (taker, keys) = sorted(
        ((host, host_keys), (bea, bea_keys)),
        key=lambda d: d[0].remote.device.chain.turn(d[0].remote.device.me) is None)
    while not sender.remote.device.out:  # one decides until their device has a link to send
        sender.handle("act", first_act(sender.render()))
        sender_keys.run()
    link = sender.remote.device.out[0].text.split(" — ")[-1]
    keys.store.verified = 0

    def receive():
        taker.open_link(link[link.index("#"):])
        keys.run()
        taker.render()
        return {"signature_checks": keys.store.verified}
    return counted(receive)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", help="measure the web and engine of another checkout")
    args = parser.parse_args()
    if args.tree:
        sys.path.insert(0, str(Path(args.tree).resolve()))
    sys.path.append(str(Path(__file__).resolve().parents[1] / "tools"))
    importlib.invalidate_caches()
    tree = Path(importlib.import_module("web").__file__).parents[1]
    commit = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    print(json.dumps({"tree": str(tree), "commit": commit, "tap at one device": a_tap(),
                      "received link by address": a_received_link()}, indent=1))


if __name__ == "__main__":
    main()
