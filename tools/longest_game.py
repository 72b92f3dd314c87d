"""The longest game the bots made, played onto a remote game's chain: for the tests of the
live table (tests/web/test_live.py, e2e/test_live.py), whose whole-game link must go over a
data channel in pieces (docs/live.md, "Messages fit the channel"). A script of tools/, not a
package.

Found by playing Swindler, Age of Thieves and Crooks with every bot level at 2 to 4 seats
(seeds 1 to 12): the table's bots end a game within 1,300 decisions (a whole-game link under
1,700 characters); random bots make Swindler's longest, and of those a link can carry (at
most 20,000 decisions) the longest is four random bots asking everyone, deal 8: 19,205
decisions."""

from engine.core.game import Match
from engine.simulate import decisions, make_bot

GAME, SEATS, SEED = "swindler", 4, 8
OPTIONS = {"masters": "draft", "skip_reaction_prompts": False}  # (asking everyone)
DECISIONS = 19_205


def longest_game(chain, keys: dict, left: int = 20):
    """The longest game (``chain``: a new game of GAME at deal SEED with every seat's key
    bound) played onto ``chain`` but for its last ``left`` decisions (a game still going on),
    each seat's decisions signed with ``keys[seat]``; returns ``chain``."""
    played = Match.start(GAME, chain.match.seats, chain.match.options, chain.match.seed)
    for _match in decisions(played, [make_bot("random", GAME, SEED * 10 + i)
                                     for i in range(SEATS)]):
        pass
    assert len(played.actions) == DECISIONS
    while len(chain.match.actions) < DECISIONS - left:
        chain.decide(*played.actions[len(chain.match.actions) + len(chain.pending)])
    for seat, key in keys.items():
        while (signed := chain.to_sign(seat)) is not None:
            chain.sign(seat, signed, key.sign(signed))
    return chain
