"""Errors the rules raise."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why, in a
    player's words. The state is left exactly as it was."""
