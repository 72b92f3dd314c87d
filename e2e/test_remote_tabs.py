"""One seat of a remote game open in two tabs of one browser (issue 36): the person decides in
one tab and the other follows its save (signatures checked again), says so and asks nothing;
a link opened in either tab is followed by the other; the next device gets one course and never
sees a split. The table is test_remote_links.py's: Ann hosts, Bea and Cy on devices of their own.
"""

import test_remote_links
from tablehelp import PROMPT, click, open_table
from test_remote_links import dom, idle, my_turn, notice, offered, paste

table = test_remote_links.table  # the fixture: Ann's, Bea's and Cy's pages

FOLLOWED = "This game was played on in another tab: this tab now shows its latest position."


def followed(page) -> None:
    """Wait until ``page`` has followed what another tab of its browser saved."""
    page.wait_for_selector(f'#notice:has-text("{FOLLOWED}")', timeout=60_000)
    idle(page)


def sent_on(page) -> dict:
    """The links ``page`` offers to send on (not the host's invitations)."""
    return {to: link for to, link in offered(page).items() if not to.startswith("invite-")}


def test_the_other_tab_of_a_seat_follows_and_the_next_device_sees_one_course(table):
    first = next(seat for seat in range(3) if my_turn(table[seat]))
    page = table[first]
    again = page.context.new_page()  # the same browser: the same storage and keys
    open_table(again, page.url.split("#")[0])
    click(again, '[data-ev="remote-continue"]')
    assert my_turn(again)
    click(page, page.locator(f'{PROMPT} [data-ev="act"]').first)
    followed(again)
    # (the first tab saves the decision, then its links: the other may follow twice)
    again.wait_for_selector('.outgoing:not([data-to^="invite-"])', timeout=60_000)
    assert not my_turn(again) and not again.locator(f'{PROMPT} [data-ev="act"]').count()
    assert again.inner_text("#remote") == page.inner_text("#remote")
    assert sent_on(again) == sent_on(page)
    # the next device opens the link from either tab: one course, nothing new the second time
    ((to, link),) = sent_on(page).items()
    following = table[int(to)]
    paste(following, link)
    assert not notice(following) and my_turn(following)
    paste(following, offered(again)[to])
    assert notice(following).startswith("This link brings nothing new")
    assert "The game has split in two" not in dom(following)
    # the next device decides; its whole game, opened in the other tab, reaches the first too
    click(following, following.locator(f'{PROMPT} [data-ev="act"]').first)
    idle(following)
    whole = following.locator("#remote-game-link").input_value().rsplit(" — ", 1)[-1]
    paste(again, whole)
    followed(page)
    assert again.inner_text("#remote") == page.inner_text("#remote")
    assert "The game has split in two" not in dom(page) + dom(again)
    again.close()
