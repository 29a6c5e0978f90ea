"""Settings, the autosave, statistics and crash reports: the player's files on disk.

Every function takes the data folder as a parameter (see
:func:`gnoming.paths.data_dir`), creates it when writing, and writes nowhere
else. Loading never raises: it returns a value (or defaults) and a list of
short messages for the player. A damaged file is never deleted: it is kept as
``<name>.corrupt-<timestamp>`` and the ``<name>.bak`` of the last good write is
used instead when it is good (see :mod:`gnoming.store.atomic`).
"""

from .crash import write_crash_report
from .saves import (
    AUTOSAVE_FILE,
    SavedGame,
    SaveSlot,
    clear_game,
    has_saved_game,
    load_game,
    load_saved_game,
    save_game,
)
from .settings import (
    SETTINGS_FILE,
    SeatSpec,
    Settings,
    default_settings,
    load_settings,
    save_settings,
)
from .stats import (
    STATS_FILE,
    GameLine,
    SeatLine,
    Stats,
    Tally,
    add_finished_game,
    load_stats,
    record_finished_game,
    save_stats,
)

__all__ = [
    "AUTOSAVE_FILE",
    "SETTINGS_FILE",
    "STATS_FILE",
    "GameLine",
    "SavedGame",
    "SaveSlot",
    "SeatLine",
    "SeatSpec",
    "Settings",
    "Stats",
    "Tally",
    "add_finished_game",
    "clear_game",
    "default_settings",
    "has_saved_game",
    "load_game",
    "load_saved_game",
    "load_settings",
    "load_stats",
    "record_finished_game",
    "save_game",
    "save_settings",
    "save_stats",
    "write_crash_report",
]
