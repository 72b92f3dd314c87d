"""The one error the rules raise."""


class IllegalAction(ValueError):
    """An action the rules refuse; the message names the reason. The state is left as it was."""
