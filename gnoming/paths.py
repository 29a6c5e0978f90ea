"""Where the game finds its bundled assets and where it keeps the player's files.

Assets (``art/``, ``sounds/``) sit next to the ``gnoming`` package in the source
tree and inside the PyInstaller bundle (``sys._MEIPASS``). Player files never go
inside the bundle: they live in the per-user data folder that platformdirs
names, unless ``--data-dir`` or ``GNOMING_DATA_DIR`` says otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "GnomingARound"


def asset_root() -> Path:
    """The folder that holds ``art/`` and ``sounds/``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset_path("art", "cards", "back.svg")``."""
    return asset_root().joinpath(*parts)


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The per-user folder for settings, saves, statistics and crash reports
    (``~`` expanded in the flag and the environment variable; an empty variable
    counts as unset)."""
    if override is not None:
        return Path(os.path.expanduser(override))
    env = os.environ.get("GNOMING_DATA_DIR")
    if env and env.strip():
        return Path(os.path.expanduser(env))
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))
