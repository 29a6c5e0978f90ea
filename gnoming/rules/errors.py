"""Errors the rules raise."""


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why, in a
    player's words. The state is left exactly as it was."""


def N_(message: str) -> str:
    """Marks a player-facing message for translation; the screen translates it
    (``_(str(error))``), so the rules need no language of their own."""
    return message
