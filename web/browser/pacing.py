"""When the bots move and the remote table's jobs run, between the page's messages.

A bot moves after a pause (``?botdelay=<ms>`` in the URL changes it, 0 for tests), once what
moved on the screen has arrived on the page (a walk's steps at once: web/app.py); a
Hard bot thinks meanwhile, in slices, between which the page's messages (a tap, an undo) are
answered; the host's bots in a game by links alike, with no pause. The remote table's jobs
(web/play/links/jobs.py's Job) are its keys' work and its lock across the tabs, awaited. All of it
runs in the table's worker: the page stays free while a bot thinks.
"""

import asyncio
import time
from functools import partial

import js
from pyodide.ffi import create_once_callable, create_proxy

from web.base.i18n import _
from web.browser.bridge import log_error, measure, now_ms
from web.browser.keys import KEY_JOBS
from web.browser.locks import LOCK_JOBS

JOBS = {**KEY_JOBS, **LOCK_JOBS}  # the remote table's jobs, by kind (web/play/links/jobs.py)
FAST_BUDGET_S = 0.15  # with no pause, bots play for this long between two repaints
SLICE_S = 0.02  # a bot thinks this long before the page's messages are answered: a tap waits
                # less than 100 ms for an answer, the search loses little to the yields


class Pacer:
    """The bots' moves and the remote table's jobs for a Page, which repaints after each."""

    def __init__(self, page, bot_delay_ms: int, think_s: float | None = None):
        self.page = page
        self.app = page.app
        self.bot_delay_ms = bot_delay_ms
        self.think_s = think_s  # a Hard bot's time to think (None: web/play/bots.py's THINK_S)
        self.thinking = None  # the bot decision being worked out (web/play/bots.py)
        self.play_at = 0.0  # the clock when the bot's pause before that decision is over
        self.channel = None  # the MessageChannel that brings the next slice of thinking
        self.listener = None  # its port's listener, kept while the port may call it
        self.slice_fn = None
        self.paused = 0  # the paint after which the pause before a bot's move began, if any

    def after_paint(self) -> None:
        """The remote table's jobs the app has for the page, then the bot due next."""
        for job in self.app.take_jobs():
            asyncio.ensure_future(self.run_job(job))
        self.schedule_bot()

    # --- the remote table's jobs ----------------------------------------------------------
    async def run_job(self, job) -> None:
        """A remote game's signing or checking (web/play/links/'s Job), then a repaint."""
        try:
            result = await JOBS[job.kind](*job.args)
        except Exception as error:  # no Ed25519 here, or the key store refused
            log_error()
            reason = str(error)
            self.page.dispatch(lambda: self.app.job_failed(reason))
        else:
            self.page.dispatch(lambda: job.then(result))
        self.page.paint(by_person=False)

    # --- bots ------------------------------------------------------------------------------
    def schedule_bot(self) -> None:
        """After a paint: the bot due next starts thinking once the browser has had its turn
        (the frame painted first, after a person's input); the pause before its move (longer
        while a person could play a card out of turn, or take back a decision) runs
        meanwhile."""
        if self.thinking is not None and self.app.bot_current(self.thinking):
            return
        self.thinking = None
        if self.app.pending_bot() is not None:
            delay = self.bot_delay_ms * self.app.bot_pause()
            self.paused = self.page.paints if delay > 0 else 0
            self.play_at = time.perf_counter() + delay / 1000
            self.yield_then(self.begin_thinking)

    def arrived(self, paint: int, motion_ms: float) -> None:
        """The page drew ``paint``, its pieces moving for ``motion_ms``: the next bot decision
        waits for them to arrive as well as for its pause, which runs meanwhile (the table sees
        the last move arrive first)."""
        if paint == self.paused:
            self.play_at = max(self.play_at, time.perf_counter() + motion_ms / 1000)
            self.paused = 0

    def begin_thinking(self) -> None:
        if self.thinking is not None:
            return
        try:
            self.thinking = self.app.bot_thinking()
        except Exception as error:
            self.bot_failed(error)
            return
        if self.thinking is not None:
            self.think(self.thinking)

    def think(self, thinking, *_event) -> None:
        """A slice of the bot's thinking, then the browser's turn (a click, a repaint), then
        the next slice, until the bot decides and its pause is over. A decision the game has
        moved away from (an undo, a person's move, another game or screen) is dropped."""
        if thinking is not self.thinking:
            return  # dropped meanwhile
        if not self.app.bot_current(thinking):
            self.schedule_bot()
            return
        try:
            searching = thinking.searching
            if not thinking.work(time.perf_counter() + SLICE_S, self.think_s):
                self.yield_then(partial(self.think, thinking))
                return
            if searching:
                _measure_thought(thinking)
            wait = max(self.play_at, thinking.held_until(self.think_s)) - time.perf_counter()
            if wait > 0:
                js.setTimeout(create_once_callable(partial(self.think, thinking)), wait * 1000)
                return
            self.thinking = None
            if thinking.masked:
                _measure_hold(thinking)
            self.app.bot_play(thinking)
            if self.bot_delay_ms == 0:
                self.play_on_quickly(time.perf_counter() + FAST_BUDGET_S)
        except Exception as error:
            self.bot_failed(error)
            return
        self.page.paint(by_person=False)

    def bot_failed(self, error: Exception) -> None:
        """A fault of ours around a bot: say so, keep the table usable (the next paint asks
        the bot again)."""
        self.thinking = None
        log_error()
        self.page.toast(_("A bot could not move: {reason}").format(reason=error))

    def play_on_quickly(self, until: float) -> None:
        """With no pause (``?botdelay=0``), bots that decide at once play on for a while
        before the next repaint; one that searches thinks in slices, after the repaint."""
        while time.perf_counter() < until:
            thinking = self.app.bot_thinking()
            if thinking is None:
                return
            if thinking.searching:
                self.thinking, self.play_at = thinking, time.perf_counter()
                self.yield_then(partial(self.think, thinking))
                return
            self.app.bot_play(thinking)

    # --- the page's turn ---------------------------------------------------------------------
    def yield_then(self, fn) -> None:
        """Call ``fn`` once the messages that came meanwhile are answered: a message the
        worker sends itself, which, unlike a chain of ``setTimeout(0)``, is not held back 4 ms
        each time. One message at a time: a later ``fn`` replaces one still waiting."""
        if self.channel is None:
            self.channel = js.MessageChannel.new()
            self.listener = create_proxy(self.next_slice)
            self.channel.port1.onmessage = self.listener
        waiting, self.slice_fn = self.slice_fn is not None, fn
        if not waiting:
            self.channel.port2.postMessage(None)

    def next_slice(self, *_event) -> None:
        fn, self.slice_fn = self.slice_fn, None
        if fn is not None:
            fn()


def _measure_thought(thinking) -> None:
    """The search's time and playouts on the page's performance timeline ("bot thought"),
    for the developer tools and bench/browser_bots.py."""
    measure("bot thought", now_ms() - thinking.seconds * 1000,
            {"seat": thinking.seat, "playouts": thinking.playouts,
             "candidates": thinking.candidates})


def _measure_hold(thinking) -> None:
    """How long a masked answer was held, from the moment the bot was asked ("bot held"): its
    whole time to think, whether it searched or not (e2e/test_swindler.py)."""
    measure("bot held", now_ms() - (time.perf_counter() - thinking.started) * 1000,
            {"seat": thinking.seat})
