"""The one place a tap's actions are written (web/play/seat.py), for both tables."""

import copy
import inspect

from engine.core.game import Match
from engine.simulate import make_bot
from web.app import App
from web.base.outcome import QUIET, Outcome
from web.keep.saves import MemoryStorage
from web.play.hotseat import HotSeat
from web.play.links import RemoteTable
from web.play.playing import Playing
from web.play.seat import NOT_ALLOWED, NOT_YOURS, AtOneDevice, write


def crooks() -> tuple[Match, int]:
    match = Match.start("crooks", [{"name": n} for n in ("Ann", "Bea", "Cy")], {}, 5)
    (p,) = match.rules.to_act(match.state)
    return match, p


def legal(match: Match, p: int):
    rules = match.rules
    return make_bot("random", "crooks", 1).decide(rules.view(match.state, p),
                                                  rules.choice(match.state, p))


def test_a_tap_of_someone_not_at_turn_is_refused_and_changes_nothing():
    match, p = crooks()
    other = (p + 1) % 3
    before = copy.deepcopy(match.state)
    written = write(AtOneDevice(match), other, [legal(match, p)])
    assert (written.decided, written.refusal) == (False, NOT_YOURS)
    assert match.state == before and match.actions == []
    assert write(AtOneDevice(match), None, [legal(match, p)]).refusal == NOT_YOURS


def test_an_illegal_action_is_refused_and_changes_nothing():
    match, p = crooks()
    before = copy.deepcopy(match.state)
    written = write(AtOneDevice(match), p, [{"no such": "action"}])
    assert (written.decided, written.refusal) == (False, NOT_ALLOWED)
    assert match.state == before and match.actions == []


def test_a_refusal_after_a_first_action_is_not_the_persons_mistake():
    """A walk cut short (the rest of the tap's steps no longer fit): the first steps stand,
    nothing is said."""
    match, p = crooks()
    first = legal(match, p)
    written = write(AtOneDevice(match), p, [first, {"no such": "action"}])
    assert (written.decided, written.refusal) == (True, None)
    assert match.actions == [[p, first]]


def test_no_actions_write_nothing_and_say_nothing():
    match, p = crooks()
    assert write(AtOneDevice(match), p, []) == write(AtOneDevice(match), None, [])
    assert not write(AtOneDevice(match), p, []).decided and match.actions == []


# --- what both ways of playing answer the router ---------------------------------------------
def test_an_outcome_after_another_keeps_every_effect_and_the_later_notice_focus_and_screen():
    first = Outcome(notice=("error", "a"), focus="#notice", effects=(("copy", "x"),))
    later = Outcome(notice=("info", "b"), effects=(("copy", "y"),), shown="start")
    assert first.then(later) == Outcome(("info", "b"), "#notice", (("copy", "x"), ("copy", "y")),
                                        "start")
    assert QUIET.then(first) == first == first.then(QUIET)


FACE = [name for name in vars(Playing) if not name.startswith("_")]


def test_both_ways_of_playing_have_the_face_the_router_asks_and_answer_it_alike():
    """The plug (web/play/playing.py): every member, with one signature; each entry point the
    router shows returns an Outcome."""
    assert {"screen", "handle", "bot_play", "storage_changed", "close"} <= {
        *FACE, *Playing.__annotations__}
    for way in (HotSeat, RemoteTable):
        assert hasattr(way, "screen") or "screen" in way.__init__.__code__.co_names, way
        for name in FACE:
            member, declared = getattr(way, name), getattr(Playing, name)
            assert list(inspect.signature(member).parameters) == \
                list(inspect.signature(declared).parameters), (way, name)
        for name in ("handle", "bot_play", "storage_changed"):
            assert inspect.signature(getattr(way, name)).return_annotation in (
                Outcome, "Outcome"), (way, name)


def test_a_way_of_playing_plugged_in_plays_across_three_tables_through_the_router():
    """The plug holds for a third transport (tests/web/relay_transport.py): three apps, each
    showing one seat of a Crooks game, decide through their screens' events; the relay hands
    every signed entry on, and the three chains agree."""
    from relay_transport import Relay

    relay = Relay("crooks", 3, 11)
    apps = [App(MemoryStorage(), session=MemoryStorage()) for _ in relay.tables]
    for app, way in zip(apps, relay.tables, strict=True):
        app.play(way)
        assert app.screen == "relay" and app.in_game
        assert 'class="screen screen-relay"' in app.render()
    for turn in range(6):
        (p,) = relay.tables[0].chain.deciders()
        way = relay.tables[p]
        choice = way.chain.turn(p).choice
        app = apps[p]
        assert 'data-ev="act"' in app.render()
        app.handle("act", make_bot("random", "crooks", turn).decide(way.view(p), choice))
        assert app.notice is None and len(way.match.actions) > turn
        heads = {table.chain.heads[-1] for table in relay.tables}
        assert len(heads) == 1, heads  # every table holds what was signed
    assert relay.passed >= 12 and app.pending_bot() is None and app.bot_pause() == 1
