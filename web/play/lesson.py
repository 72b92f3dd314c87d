"""Learn to play (issue 41, docs/learn.md): a guided first game on the real engine and the
real screens, played at one device like any game (web/play/hotseat/) and saved like one; this
module guides it (the lessons themselves: web/games/lesson.py).

A lesson is data (``web/games/<game>/lesson.py``): a fixed deal, the learner's seat and opponents
that decide the same at the same position however often the lesson is opened, and one step for
each decision the table asks the learner: the tutor's line, what it points at on the table (a
``data-ref`` key, lit by static/pointing.js), and the decision it teaches (only that one is
taken; anything else gets "not yet" and nothing happens), or none (a free step: any decision).
Where the learner is comes from the game itself (the decisions they were asked so far), so a
lesson opens again where it was left. Its learner's seat carries ``"lesson": <game>``, which is
how a saved game is known as a lesson; one begun on another deal than the lesson's now (its
steps were rewritten since) plays on freely, and the tutor says so. A lesson may remark on what
happened since the learner's last decision (``Lesson.remark``: the opponent's theft, a catch…)
once its guided part is over.
"""

from dataclasses import dataclass

from engine.core.game import Match
from web.base.i18n import N_, _
from web.games import front
from web.games.lesson import LEARNER, LESSONS, Lesson, Step, of_game
from web.play.bots import TableBots


@dataclass(frozen=True)
class Tutor:
    """The tutor's panel as the game screen draws it: the line, what it points at, the step
    (from 1), the number of steps (0: the guided part is over), and "not yet" after a
    decision the step does not teach."""

    line: str
    point: str
    step: int
    steps: int
    not_yet: str = ""  # why the learner's last decision was not taken
    teach: object = None  # the decision taught (None: any): only the controls to it are marked
    folded: bool = False  # the panel folded to one line (the learner's choice)


def begin(lesson: Lesson) -> Match:
    """The lesson's game, before anyone decides (its seats named in the active language)."""
    seats = [{**seat, "name": _(seat["name"])} for seat in lesson.seats]
    seats[LEARNER]["lesson"] = lesson.game
    options = {**front(lesson.game).default_options(), **(lesson.options or {})}
    return Match.start(lesson.game, seats, options, lesson.seed)


def of(match: Match) -> "Guide | None":
    """The guide of ``match`` if it is a lesson, else None."""
    game = match.seats[LEARNER].get("lesson") if match.seats else None
    return Guide(of_game(game)) if game in LESSONS and game == match.game else None


OLDER_DEAL = N_("This lesson was begun on an earlier deal, before its steps were rewritten: "
                 "play it on freely, or start the lesson again from the start screen.")


class Guide:
    """A lesson being played: which step the learner is at, and what is taken there."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self._again: Match | None = None  # the game replayed as far as it was looked at
        self._asked = 0  # the decisions the learner was asked in it
        self._since = 0  # the game's log entries before the learner's last decision
        self._not_yet: tuple[int, str] | None = None  # (at the step, why) a decision not taken
        self.folded = False  # the tutor's panel folded to one line

    def fold(self) -> None:
        """Fold the tutor's panel to one line, or unfold it."""
        self.folded = not self.folded

    def asked(self, match: Match) -> int:
        """How many decisions the learner was asked so far (the table plays a decision with
        one option itself: it is not a step)."""
        again = self._again
        if again is None or match.actions[:len(again.actions)] != again.actions:
            again = self._again = Match.start(match.game, match.seats, match.options,
                                              match.seed, match.revision)
            self._asked = self._since = 0
        for p, action in match.actions[len(again.actions):]:
            if p == LEARNER and again.rules.forced(again.state, p) is None:
                self._asked += 1
                self._since = len(again.state["log"])
            again.act(p, action)
        return self._asked

    def step(self, match: Match) -> Step | None:
        """The step of the learner's next decision (None: past the guided part)."""
        at = self.asked(match)
        steps = self.lesson.steps if match.seed == self.lesson.seed else ()
        return steps[at] if at < len(steps) else None

    def refuses(self, match: Match, p: int, actions: list) -> bool:
        """Are ``actions`` not the decision this step teaches? The tutor then says "not
        yet …" until the learner decides."""
        step = self.step(match)
        if p != LEARNER or step is None or step.teach is None or \
                all(action == step.teach for action in actions):
            return False
        self._not_yet = (self.asked(match), self._worded(step.hint, match) if step.hint else
                         _("follow the tutor's line first."))
        return True

    def tutor(self, match: Match) -> Tutor:
        """What the tutor says now."""
        lesson, folded = self.lesson, self.folded
        if match.rules.result(match.state) is not None:
            return Tutor(_(lesson.end), "", 0, 0, folded=folded)
        step = self.step(match)
        if match.seed != lesson.seed:
            return Tutor(_(OLDER_DEAL), "", 0, 0, folded=folded)
        if step is None:
            remark = lesson.remark(match.state["log"][self._since:],
                                   [seat["name"] for seat in match.seats]) \
                if lesson.remark else ""
            return Tutor(" ".join(filter(None, (remark, self._worded(lesson.done, match)))),
                         "", 0, 0, folded=folded)
        at = self.asked(match)
        if match.rules.choice(match.state, LEARNER) is None:  # the step waits for its controls
            names = [match.seats[p]["name"] for p in match.rules.to_act(match.state)]
            return Tutor(_("{name} is playing. Wait for your turn.").format(
                name=", ".join(names) or match.seats[LEARNER + 1]["name"]), "", at + 1,
                len(lesson.steps), folded=folded)
        not_yet = self._not_yet[1] if self._not_yet and self._not_yet[0] == at else ""
        return Tutor(self._worded(step.say, match), step.point, at + 1, len(lesson.steps),
                     _("Not yet: {hint}").format(hint=not_yet) if not_yet else "", step.teach,
                     folded)

    def _worded(self, message: str, match: Match) -> str:
        return _(message).format(**self.lesson.words(),
                                 opponent=match.seats[LEARNER + 1]["name"])

    @staticmethod
    def bots(match: Match) -> "LessonBots":
        return LessonBots(match)


class LessonBots(TableBots):
    """The opponents of a lesson: each decision made by a bot made for that position, so that
    they decide the same whenever the lesson is played or opened again."""

    def bot(self, p: int):
        from engine.simulate import make_bot

        seed = (self.match.seed * 8 + p + len(self.match.actions)) & 0xFFFFFFFF
        return make_bot(self.match.seats[p]["bot"], self.match.game, seed)
