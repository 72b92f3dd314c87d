"""The game log a game keeps in its state: a list of lines ``{"turn": t, "msg": id, "args":
{...}}`` (a message id with data arguments, rendered by the game's web package: docs/i18n.md), a
line only one seat may read carrying ``"to": seat``.

The state carries a bounded log: it is hashed and copied into every view, and a long game's
full log would dwarf the rest of the state. ``write`` keeps the newest ``KEPT`` public lines
and the private lines among them, and drops every older line. That loses nothing a player can
read on a screen showing at most ``KEPT`` lines: the newest ``KEPT`` lines any seat (or a
spectator) may read all come after the ``KEPT``-th newest public line. Replaying the record
rebuilds the same bounded log, so saves and links are unchanged.
"""

KEPT = 50  # public lines a bounded log keeps (the Crooks and Swindler screens show 30)


def message(msg: str, **args) -> dict:
    """A message for players (a prompt, a scoring step): its id and its data, rendered by the
    game's web package."""
    return {"msg": msg, "args": args}


def write(log: list, turn: int, msg: str, args: dict | None = None, to: int | None = None,
          bounded: bool = True) -> None:
    """Append a line: the message ``msg`` with its data ``args``; ``to``: the one seat that may
    read it. A ``bounded`` log then drops the lines older than its ``KEPT``-th newest public
    line."""
    entry = {"turn": turn, "msg": msg, "args": dict(args or {})}
    if to is not None:
        entry["to"] = to
    log.append(entry)
    if bounded and to is None and len(log) > KEPT:
        trim(log, KEPT)


def trim(log: list, kept: int) -> None:
    """Drop the lines older than the ``kept``-th newest public line (none if there are fewer)."""
    public = 0
    for i in range(len(log) - 1, 0, -1):
        if "to" not in log[i]:
            public += 1
            if public == kept:
                del log[:i]
                return


def written(before: list, after: list) -> list:
    """The lines ``after`` adds to ``before``: two reads of one log, bounded or not (a bounded
    log drops its oldest lines first)."""
    for kept in range(min(len(before), len(after)), 0, -1):
        if after[:kept] == before[-kept:]:
            return after[kept:]
    return after


def visible(log: list, player: int | None) -> list:
    """The lines ``player`` may read, oldest first (None: a spectator, the public lines)."""
    return [e for e in log if e.get("to", player) == player]
