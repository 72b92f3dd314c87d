"""Game links: a round trip replays the same game; every kind of broken link is refused with a
message a player can read; the length of real links."""

import base64
import json
import zlib

import pytest
from webutil import play_bots

from engine.core.game import Match, state_hash
from web.keep import gamelink as links
from web.keep.gamelink import LinkError, decode, encode

SEATS4 = [{"name": "Ann"}, {"name": "Bob", "thief": "zain"},
          {"name": "Cy", "bot": "heuristic"}, {"name": "Di <b>", "bot": "random"}]


def game(turns: int | None, kind: str = "heuristic", seed: int = 3, seats=SEATS4) -> Match:
    match = Match.start("age_of_thieves", seats, {"first_thief_decides": True}, seed)
    return play_bots(match, kind, until_turn=turns, seed=seed)


def pack(data, version: str = links.VERSION) -> str:
    raw = json.dumps(data).encode()
    return links.PREFIX + version + base64.urlsafe_b64encode(zlib.compress(raw)).decode()


def payload(link: str) -> dict:
    body = link[len(links.PREFIX) + 1:]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))


def test_round_trip_of_a_recorded_game():
    match = game(3, "random")
    link = encode(match.record())
    assert link.startswith("#g=1")
    again = decode(link)
    assert again.record() == match.record()
    assert state_hash(again.state) == state_hash(match.state)


def test_round_trip_from_a_whole_url_and_options_off():
    match = Match.start("age_of_thieves", SEATS4[:2], {"first_thief_decides": False}, 99)
    play_bots(match, "random", until_turn=2)
    again = decode("http://127.0.0.1:8000/index.html" + encode(match.record()))
    assert again.record() == match.record()


def test_link_is_url_safe():
    link = encode(game(2, "random").record())
    assert set(link[4:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789-_")


def test_players_named_only_where_several_decide_at_once():
    match = game(1, "random")
    actions = payload(encode(match.record()))["a"].split("|")
    declares = [a for a in actions if "declare" in a]
    # the last thief to declare is the only one left, so needs no name either
    assert sum("@" in a for a in declares) == len(declares) - 1
    assert not any("@" in a for a in actions if "declare" not in a)


def broken_links():
    good = encode(game(2, "random").record())
    data = payload(good)
    tampered = dict(data, a=data["a"].replace("start=", "start=Z", 1))
    too_many = dict(data, s=data["s"] * 2)
    yield "not a link", "hello there", "not a game link"
    yield "empty", "#g=", "empty"
    yield "bad base64", "#g=1abc$def!", "characters that do not belong"
    for cut in range(4):  # every length a cut can leave
        yield f"cut short {cut}", good[:len(good) // 2 - cut], "incomplete"
    yield "bad zlib", "#g=1" + base64.urlsafe_b64encode(b"\x00garbage here").decode(), \
        "cannot be unpacked"
    yield "bad json", links.PREFIX + "1" + base64.urlsafe_b64encode(
        zlib.compress(b"{nope")).decode(), "cannot be read"
    yield "unknown version", "#g=x" + good[4:], "another version"
    yield "newer version", "#g=7" + good[4:], "newer version of the table. Reload the page"
    yield "newer rules", pack(dict(data, v=99)), "newer version of the table. Reload the page"
    yield "bad rules", pack(dict(data, v="2")), "rules revision cannot be read"
    yield "unknown game", pack(dict(data, g="chess")), "game this table does not have"
    yield "refused action", pack(tampered), "not allowed"
    yield "unreadable action", pack(dict(data, a=data["a"] + "|~{bad")), "cannot be read"
    yield "too many seats", pack(too_many), "needs 2 to 4 players"
    yield "bad seat", pack(dict(data, s=[[1, 2, 3]] * 2)), "seat cannot be read"
    yield "bad bot", pack(dict(data, s=[["a", 0, "cheater"]] * 2)), "seat cannot be read"
    yield "bad option", pack(dict(data, o={"x": 1})), "options"
    yield "bad seed", pack(dict(data, r="seven")), "seed"
    yield "missing part", pack({"g": data["g"]}), "missing"
    yield "huge", links.PREFIX + "1" + base64.urlsafe_b64encode(
        zlib.compress(b" " * 3_000_000)).decode(), "far more data"


@pytest.mark.parametrize("name, link, words", list(broken_links()),
                         ids=[b[0] for b in broken_links()])
def test_broken_link_is_refused_with_a_readable_message(name, link, words):
    with pytest.raises(LinkError) as caught:
        decode(link)
    message = str(caught.value)
    assert words in message
    assert message[0].isupper() and len(message) < 300
    for jargon in ("Traceback", "binascii", "zlib", "JSONDecodeError", "KeyError"):
        assert jargon not in message


def test_link_lengths_for_four_players(capsys):
    """Prints the link length of a 4-player bot game after 1, 5 and 15 turns and at its end."""
    seats = [{"name": f"Player {i + 1}"} for i in range(4)]
    rows = []
    for kind in ("heuristic", "random"):
        for seed in (1, 2, 3):
            lengths = []
            match = Match.start("age_of_thieves", seats, {}, seed)
            for turns in (1, 5, 15, None):
                play_bots(match, kind, until_turn=turns, seed=seed)
                lengths.append(len(encode(match.record())))
            rows.append((kind, seed, match.state["turn"], len(match.actions),
                         match.state["result"]["outcome"], lengths))
    with capsys.disabled():
        print("\nlink length, 4 players: kind seed | turns decisions outcome | "
              "after 1 / 5 / 15 turns / at the end")
        for kind, seed, turns, n, outcome, lengths in rows:
            print(f"  {kind:9} {seed} | {turns:2} {n:4} {outcome:14} | "
                  + " / ".join(map(str, lengths)))
    for *_, lengths in rows:
        assert lengths[-1] <= 1500
