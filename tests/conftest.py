"""Shared test setup: pygame runs headless, with no window and no sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GNOMING_LAN", "off")  # no multicast (mDNS) and no open ports beyond 127.0.0.1
