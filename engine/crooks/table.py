"""Small helpers the rule modules use on the JSON state: players, piles at the targets, the
log and the bank."""

from engine.core import gamelog

from . import content


def players(s: dict) -> int:
    return len(s["names"])


def pile(s: dict, value: int, p: int) -> list:
    """``p``'s crooks at the target ``value`` (bottom first); each ``{crook, face, placed}``."""
    return s["targets"][str(value)][p]


def free_targets(s: dict, p: int) -> list[int]:
    """Targets where ``p`` has no crook."""
    return [v for v in content.TARGETS if not pile(s, v, p)]


def log(s: dict, msg: str, args: dict | None = None, to: int | None = None) -> None:
    """A log line (message ``msg`` with ``args``) for everyone, or only for seat ``to``. The
    state keeps a bounded log (the newest ``gamelog.KEPT`` public lines and the private ones
    among them)."""
    gamelog.write(s["log"], s["turn"], to=to, msg=msg, args=args)


def pay(s: dict, p: int, amount: int) -> None:
    """``p`` pays the bank (negative: the bank pays ``p``)."""
    s["money"][p] -= amount
    s["bank"] += amount
