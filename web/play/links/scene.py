"""The game by links as its screen draws it (web/screens/linkscene.py's ``RemoteScene``),
built from the remote table (web/play/links/) once a paint."""

from web.screens.linkscene import RemoteScene, Split


def scene(table) -> RemoteScene:
    """What the remote screen draws now of ``table``'s open game (web/screens/links.py)."""
    device = table.device
    chain = device.chain
    match = chain.match
    names = tuple(chain.name(p) for p in range(len(match.seats)))
    view = device.view(device.me)
    result = match.rules.result(match.state)
    asked = chain.turn(device.me) is not None
    waiting = () if result is not None or asked else tuple(
        names[p] for p in chain.deciders() if chain.turn(p) is not None)
    mine = match.last_decision(device.me)
    unsigned, due = table.unsigned, table._bot_due()
    busy = table.jobs.busy or due is not None
    return RemoteScene(
        game=match.game, names=names, me=device.me, view=view, ui=table.ui,
        since=table.marks.since(match, device.me, view["log"]), busy=busy,
        asked=asked, unsigned=unsigned, thinking=due, waiting=waiting,
        # (the rules' reasons last: they replay the game once after every link received)
        undo=not (busy or mine is None or mine < device.shared)
        and device.undo_refusal() is None,
        outgoing=tuple(table._outgoing()), invitations=tuple(table.invitations()),
        invited=bool(device.invited()),
        game_link="" if unsigned else table.base_url + chain.join_link(),
        fork=None if table.fork is None else Split.of(table.fork), paste=table.paste,
        result=result, final=None if result is None else match.rules.view(match.state, None),
        qr=table.qr, live=table.live.shown(), host=device.host)
