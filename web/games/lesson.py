"""The lessons of "Learn to play" (docs/learn.md) as data: each game's is the module its face
names (``GameFront.lesson``), a ``Lesson`` of ``Step``s (web/play/lesson.py guides it)."""

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from web.games import front, fronts

LEARNER = 0  # the learner's seat
LESSONS = tuple(f.game for f in fronts() if f.lesson)  # the games with a lesson


@dataclass(frozen=True)
class Step:
    """The learner's next decision as the lesson guides it: ``say`` the tutor's line (a
    message id, formatted with the lesson's words and the seats' names, ``{opponent}`` the
    first opponent's), ``point`` the ``data-ref`` key of what it points at, ``teach`` the one
    decision taken (None: any), ``hint`` what "not yet" names (a message id, formatted
    alike)."""

    say: str
    point: str = ""
    teach: object = None
    hint: str = ""


@dataclass(frozen=True)
class Lesson:
    game: str
    seed: int
    seats: tuple  # the learner's first; the others are bots (names: message ids)
    words: Callable[[], dict]  # the names and amounts its lines use, in the active language
    steps: tuple  # one Step per decision the learner is asked, in order
    done: str  # the tutor's line once the steps are over (a message id)
    end: str  # the tutor's line at the end of the game (a message id)
    options: dict | None = None  # table options besides the game's defaults (a first game's)
    remark: Callable[[list, list], str] | None = None  # from the log's entries since the
    # learner's last decision and the seats' names, what the tutor says of them in the free
    # part ("" for nothing worth a word), already in the active language


def of_game(game: str) -> Lesson:
    """``game``'s lesson (one of LESSONS)."""
    return importlib.import_module(front(game).lesson).LESSON
