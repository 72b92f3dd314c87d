"""The Easy bot: a beginner where the heuristic bot remembers (test_crooks_bot.py runs whole
games and the view-only check for both levels)."""

from crooks_helpers import arrange, new_match

from engine.core.game import rules_for

RULES = rules_for("crooks")


def test_the_easy_bot_forgets_the_den_it_spied():
    """Two dens of one crook each, alike to a bot that knows nothing of them. Its Spy saw den A
    hold Two-Bit Tony (rank 3): Normal remembers and recruits from den B, Easy forgets."""
    match = arrange(new_match(2), dens={"A": ["c15"], "B": ["c07"]}, money=[6, 6])
    s = match.state

    def decided(bot):
        return bot.decide(RULES.view(s, 0), RULES.choice(s, 0))
    assert decided(RULES.heuristic_bot(1)) == decided(RULES.easy_bot(1)) == {"den": "A"}
    s["memory"][0].append({"turn": s["turn"], "kind": "spy_den", "den": "A", "saw": ["c15"]})
    assert decided(RULES.heuristic_bot(1)) == {"den": "B"}
    assert decided(RULES.easy_bot(1)) == {"den": "A"}
