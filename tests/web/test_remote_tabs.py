"""One seat of a remote game in two tabs of one browser, tapped at the same moment (issue 52):
the game's lock across the tabs (web/play/links/tabs.py) lets one tab decide; the other decides
nothing, says so and shows the decision made, however late its copy of the storage learns of
it."""

import pytest
from test_linkplay import FOLLOWED, at_beas_turn, beas_turn, no_split, second_tab

from web.keep.saves import MemoryStorage
from web.play import links as linkplay


class Copy(MemoryStorage):
    """A tab's copy of its browser's storage (web/browser/storage.py): what the tab writes
    goes to the browser's at once; what other tabs write reaches it only when it
    ``catches_up`` (the storage event)."""

    def __init__(self, browser: MemoryStorage):
        super().__init__()
        self.browser = browser
        self.data = dict(browser.data)

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.browser.set(key, value)

    def catch_up(self, app) -> None:
        changed = [key for key in self.browser.data if self.browser.data[key] != self.get(key)]
        self.data = dict(self.browser.data)
        for key in changed:
            app.storage_changed(key)


@pytest.mark.parametrize("late", [False, True])
@pytest.mark.parametrize("heard", [False, True])
def test_two_tabs_of_a_seat_tapped_at_once_make_one_decision(late, heard):
    """Bea taps two different decisions in her two tabs before either is signed and kept, so
    no storage event can warn the other tab (``late``: the second tab's copy of the storage
    learns of the first tab's save only afterwards, as in a browser; ``heard``: the storage
    event reaches the second tab while its tap waits for the lock). One decision is made; the
    other tab makes none, says so, shows it, and the next device sees one course."""
    devices, again = at_beas_turn()
    bea = devices[1]
    if late:
        again = second_tab(bea, Copy(bea.storage))
    options = bea.chain.turn(1).choice["options"]
    bea.app.handle("act", options[0])
    again.app.handle("act", options[1])
    bea.run()
    if heard:
        if late:
            again.storage.catch_up(again.app)
        else:
            again.app.storage_changed(linkplay.SAVE_PREFIX + bea.chain.game_id)
    again.run()
    kind, text = again.app.notice
    assert kind == "info" and text.startswith(FOLLOWED)
    assert "Your decision was not made in this tab" in text
    assert bea.chain.match.actions[-1] == again.chain.match.actions[-1]
    assert bea.chain.match.actions[-1][1] == options[0]
    if late:
        again.storage.catch_up(again.app)
        again.run()
    assert again.chain.heads == bea.chain.heads and again.chain.pending == bea.chain.pending
    beas_turn(bea)  # the rest of her turn, in the tab that decided
    again.app.storage_changed(linkplay.SAVE_PREFIX + bea.chain.game_id)
    if late:
        again.storage.catch_up(again.app)
    again.run()
    no_split(devices, bea, again)
