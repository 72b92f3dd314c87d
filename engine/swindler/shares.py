"""What one player hands another at a card's bidding: the Erbschleicherin's split (the thief
splits the loot just stolen into two heaps, the heir picks one) and the Bettler's due (a tile or
a coin to the beggar)."""

from engine.core.gamelog import message

from .flow import ask, push_ask
from .table import classes, hand_over, log, player


def _heaps(s: dict, frame: dict) -> list:
    return [{"heap": 1}, {"heap": 2}]


def _split_prompt(s: dict, frame: dict) -> dict:
    return message("split_ask", tile=frame["left"][0], player=s["active"])


@ask("split", _heaps, _split_prompt)
def _split(s: dict, frame: dict, action) -> None:
    heaps = [list(h) for h in frame["heaps"]]
    heaps[action["heap"] - 1].append(frame["left"][0])
    if frame["left"][1:]:
        push_ask(s, "split", frame["player"], left=frame["left"][1:], heaps=heaps)
    else:
        push_ask(s, "pick_heap", s["active"], heir=frame["player"], heaps=heaps)


def _heap_prompt(s: dict, frame: dict) -> dict:
    return message("heap_ask", heap1=list(frame["heaps"][0]), heap2=list(frame["heaps"][1]))


@ask("pick_heap", _heaps, _heap_prompt)
def _pick_heap(s: dict, frame: dict, action) -> None:
    p, heir = frame["player"], frame["heir"]
    given = frame["heaps"][2 - action["heap"]]
    for tile in given:
        if tile in player(s, p)["loot"]:
            hand_over(s, p, heir, tile)
    log(s, "keeps_heap", player=p, heap=action["heap"], other=heir, count=len(given))


def _beg_options(s: dict, frame: dict) -> list:
    me = player(s, frame["player"])
    return [{"tile": t} for t in classes(s, me["loot"])] + ([{"coin": True}] if me["coins"]
                                                             else [])


def _beg_prompt(s: dict, frame: dict) -> dict:
    return message("beg_ask", player=frame["beggar"])


@ask("beg", _beg_options, _beg_prompt)
def _beg(s: dict, frame: dict, action) -> None:
    p, beggar = frame["player"], frame["beggar"]
    if "coin" in action:
        player(s, p)["coins"] -= 1
        player(s, beggar)["coins"] += 1
        log(s, "gives_coin", player=p, other=beggar)
    else:
        hand_over(s, p, beggar, action["tile"])
        log(s, "gives_tile", player=p, other=beggar, tile=action["tile"])
