"""The errors the rules raise."""


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the reason. The state is left as it was."""


class NewerRules(IllegalAction):
    """A record made under a rules revision newer than this engine's: made by a newer version
    of the table."""
