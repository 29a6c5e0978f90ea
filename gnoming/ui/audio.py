"""Sound effects and background music, silent when there is no audio device.

A machine without sound (a CI runner, a remote desktop, a broken driver) is
normal: :class:`Audio` then becomes a no-op and never raises. Effects are
loaded the first time they are played and kept.
"""

from __future__ import annotations

import contextlib
import logging

import pygame

from gnoming.paths import asset_path

log = logging.getLogger(__name__)

EFFECTS: tuple[str, ...] = (
    "shuffle",
    "deal",
    "draw",
    "flip",
    "place",
    "bounce",
    "discard",
    "hazard",
    "match",
    "round_end",
    "fanfare",
    "click",
)
"""Names accepted by :meth:`Audio.play`; each is ``sounds/<name>.wav``."""

MUSIC = "music"
"""The background loop, ``sounds/music.wav``."""

FREQUENCY = 22050
"""Sample rate of every file in ``sounds/`` (16-bit mono)."""


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


class Audio:
    """Plays effects and the music loop at the player's volumes.

    ``Audio()`` tries to open the mixer; if that fails, :attr:`available` is
    False and every method quietly does nothing.
    """

    def __init__(
        self, effects_volume: float = 0.8, music_volume: float = 0.5, muted: bool = False
    ) -> None:
        self._effects_volume = _clamp(effects_volume)
        self._music_volume = _clamp(music_volume)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._music_playing = False
        self.available = self._init_mixer()

    @staticmethod
    def _init_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=2, buffer=512)
        except pygame.error as exc:
            log.info("no audio, playing silently: %s", exc)
            return False
        return bool(pygame.mixer.get_init())

    @property
    def muted(self) -> bool:
        return self._muted

    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @property
    def music_volume(self) -> float:
        return self._music_volume

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound: pygame.mixer.Sound | None
        try:
            sound = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("cannot load sound %r: %s", name, exc)
            sound = None
        self._sounds[name] = sound
        return sound

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of :data:`EFFECTS`) once, unless muted or silent."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect {name!r}")
        if not self.available or self._muted or self._effects_volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self._effects_volume)
            sound.play()
        except pygame.error as exc:
            log.info("could not play %r: %s", name, exc)

    def set_volumes(self, effects: float, music: float) -> None:
        """Set both volumes, each from 0.0 (silent) to 1.0 (full)."""
        self._effects_volume = _clamp(effects)
        self._music_volume = _clamp(music)
        self._apply_music_volume()

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute everything; the music keeps its place while muted."""
        self._muted = bool(muted)
        self._apply_music_volume()
        if muted and self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def _apply_music_volume(self) -> None:
        if not self.available:
            return
        with contextlib.suppress(pygame.error):
            pygame.mixer.music.set_volume(0.0 if self._muted else self._music_volume)

    def start_music(self) -> None:
        """Start the background loop (endless) if it is not already playing."""
        if not self.available or self._music_playing:
            return
        try:
            pygame.mixer.music.load(str(asset_path("sounds", f"{MUSIC}.wav")))
            self._apply_music_volume()
            pygame.mixer.music.play(loops=-1, fade_ms=1500)
            self._music_playing = True
        except (pygame.error, FileNotFoundError) as exc:
            log.warning("cannot play music: %s", exc)

    def stop_music(self, fade_ms: int = 600) -> None:
        """Fade the background loop out."""
        if not self.available or not self._music_playing:
            return
        with contextlib.suppress(pygame.error):
            pygame.mixer.music.fadeout(fade_ms)
        self._music_playing = False
