"""Write the game's sound effects and music loop as WAV files into sounds/.

Run from anywhere: ``python sounds/make_sounds.py``. Standard library only;
the noise comes from ``random.Random(6)``, so the output is the same every time.

Every file is 16-bit signed mono PCM at 22050 Hz. Effects are short and quiet
(peaks at about -10 dBFS, soft attacks, no harsh highs) so that hearing them
a few hundred times in an evening does not grate. ``music.wav`` is a 24-second
loop: notes that ring past the end are wrapped round to the start, so the loop
point has no click or gap.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent
TAU = 2 * math.pi

Buffer = list[float]


def silence(seconds: float) -> Buffer:
    return [0.0] * int(seconds * RATE)


def mix(into: Buffer, sound: Buffer, at: float, gain: float = 1.0, wrap: bool = False) -> None:
    """Add ``sound`` into ``into`` starting at ``at`` seconds (wrapping round if asked)."""
    start = int(at * RATE)
    n = len(into)
    for i, s in enumerate(sound):
        j = start + i
        if j >= n:
            if not wrap:
                break
            j %= n
        into[j] += s * gain


def envelope(n: int, attack: float, release: float) -> list[float]:
    """Linear attack, exponential decay to silence over ``n`` samples."""
    a = max(1, int(attack * RATE))
    out = []
    for i in range(n):
        rise = min(1.0, i / a)
        fall = math.exp(-release * i / RATE)
        tail = min(1.0, (n - i) / (0.005 * RATE))  # 5 ms fade so nothing ends in a click
        out.append(rise * fall * tail)
    return out


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    attack: float = 0.005,
    release: float = 6.0,
    harmonics: tuple[float, ...] = (1.0,),
) -> Buffer:
    """A tone with a few harmonics; ``freq`` may be a function of time for glides."""
    n = int(seconds * RATE)
    env = envelope(n, attack, release)
    out = []
    phase = 0.0
    for i in range(n):
        f = freq(i / RATE) if callable(freq) else freq
        phase += TAU * f / RATE
        v = 0.0
        for k, amp in enumerate(harmonics, start=1):
            v += amp * math.sin(phase * k)
        out.append(v * env[i])
    return out


def noise(
    rng: random.Random, seconds: float, cutoff: float, attack: float = 0.002, release: float = 30.0
) -> Buffer:
    """Low-passed white noise (one-pole filter at ``cutoff`` Hz) under an envelope."""
    n = int(seconds * RATE)
    env = envelope(n, attack, release)
    alpha = 1 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = []
    for i in range(n):
        y += alpha * (rng.uniform(-1, 1) - y)
        out.append(y * env[i])
    return out


def normalise(buf: Buffer, peak: float) -> Buffer:
    top = max((abs(s) for s in buf), default=0.0) or 1.0
    return [s * peak / top for s in buf]


def note(name: str) -> float:
    """Frequency of a note such as ``"A4"`` or ``"C#5"``."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = steps[name[0]] + (1 if name[1] == "#" else 0)
    octave = int(name[-1])
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


MARIMBA = (1.0, 0.0, 0.0, 0.18)
SOFT = (1.0, 0.25, 0.08)


def shuffle(rng: random.Random) -> Buffer:
    out = silence(0.75)
    t = 0.0
    while t < 0.6:
        mix(out, noise(rng, 0.05, 2500, release=70), t, gain=rng.uniform(0.5, 1.0))
        t += rng.uniform(0.018, 0.032)
    return out


def deal(rng: random.Random) -> Buffer:
    out = silence(0.14)
    mix(out, noise(rng, 0.12, 3000, attack=0.01, release=35), 0)
    return out


def draw(rng: random.Random) -> Buffer:
    out = silence(0.2)
    mix(out, noise(rng, 0.18, 1800, attack=0.03, release=20), 0)
    return out


def flip(rng: random.Random) -> Buffer:
    out = silence(0.12)
    mix(out, noise(rng, 0.09, 3500, release=60), 0)
    mix(out, tone(900, 0.05, release=80), 0.01, gain=0.25)
    return out


def place(rng: random.Random) -> Buffer:
    out = silence(0.16)
    mix(out, tone(170, 0.14, release=35, harmonics=SOFT), 0)
    mix(out, noise(rng, 0.05, 1500, release=90), 0, gain=0.6)
    return out


def bounce(rng: random.Random) -> Buffer:
    def glide(t: float) -> float:
        return 330 + 220 * math.sin(math.pi * min(t / 0.28, 1.0))

    out = silence(0.34)
    mix(out, tone(glide, 0.32, attack=0.01, release=8, harmonics=SOFT), 0)
    return out


def discard(rng: random.Random) -> Buffer:
    out = silence(0.2)
    mix(out, noise(rng, 0.14, 2200, attack=0.02, release=28), 0)
    mix(out, tone(200, 0.1, release=40), 0.1, gain=0.5)
    return out


def hazard(rng: random.Random) -> Buffer:
    """A plop into water, then a low falling two-note 'oh no'."""

    def plop(t: float) -> float:
        return 700 * math.exp(-t * 14) + 160

    out = silence(0.95)
    mix(out, tone(plop, 0.22, release=12), 0)
    mix(out, noise(rng, 0.35, 1200, attack=0.02, release=10), 0.05, gain=0.6)
    mix(out, tone(note("D#3"), 0.35, attack=0.02, release=5, harmonics=SOFT), 0.3, gain=0.7)
    mix(out, tone(note("C3"), 0.45, attack=0.02, release=5, harmonics=SOFT), 0.5, gain=0.7)
    return out


def match(rng: random.Random) -> Buffer:
    out = silence(0.75)
    for i, n in enumerate(("C5", "E5", "G5")):
        mix(out, tone(note(n), 0.5, release=7, harmonics=MARIMBA), 0.08 * i)
    return out


def round_end(rng: random.Random) -> Buffer:
    out = silence(1.3)
    for i, n in enumerate(("G4", "C5", "E5", "C5", "G5")):
        mix(out, tone(note(n), 0.7, release=5, harmonics=MARIMBA), 0.13 * i, gain=0.8)
    return out


def fanfare(rng: random.Random) -> Buffer:
    brass = (1.0, 0.5, 0.3, 0.15, 0.08)
    out = silence(2.1)
    seq = (("C4", 0.0, 0.18), ("E4", 0.2, 0.18), ("G4", 0.4, 0.18), ("C5", 0.6, 1.2))
    for n, at, length in seq:
        mix(out, tone(note(n), length + 0.3, attack=0.03, release=3, harmonics=brass), at)
    for n in ("E4", "G4"):
        mix(out, tone(note(n), 1.5, attack=0.05, release=2.5, harmonics=brass), 0.6, gain=0.5)
    return out


def click(rng: random.Random) -> Buffer:
    out = silence(0.05)
    mix(out, tone(1200, 0.03, attack=0.001, release=120), 0)
    return out


TUNE = "E5 G5 A5 G5 E5 D5 C5 - D5 E5 G5 E5 D5 C5 A4 - C5 D5 E5 G5 A5 C6 A5 G5 E5 D5 E5 G5 D5 - C5 -"
"""The music loop's tune, 32 equal steps over eight bars; ``-`` is a rest."""


def music(rng: random.Random) -> Buffer:
    """A 24-second loop: soft pad chords under a slow marimba tune (C major pentatonic)."""
    bar = 3.0
    chords = (("C3", "E3", "G3"), ("A2", "C3", "E3"), ("F2", "A2", "C3"), ("G2", "B2", "D3"))
    out = silence(8 * bar)
    for b in range(8):
        for n in chords[b % 4]:
            pad = tone(note(n), bar + 1.0, attack=0.6, release=0.9, harmonics=(1.0, 0.12))
            mix(out, pad, b * bar, gain=0.22, wrap=True)
        mix(
            out,
            tone(note(chords[b % 4][0]) / 2, 1.2, attack=0.02, release=3),
            b * bar,
            gain=0.35,
            wrap=True,
        )
    tune = TUNE.split()
    step = 8 * bar / len(tune)
    for i, n in enumerate(tune):
        if n != "-":
            mix(
                out,
                tone(note(n), 1.4, release=4.5, harmonics=MARIMBA),
                i * step,
                gain=0.3,
                wrap=True,
            )
    return out


EFFECTS: dict[str, Callable[[random.Random], Buffer]] = {
    "shuffle": shuffle,
    "deal": deal,
    "draw": draw,
    "flip": flip,
    "place": place,
    "bounce": bounce,
    "discard": discard,
    "hazard": hazard,
    "match": match,
    "round_end": round_end,
    "fanfare": fanfare,
    "click": click,
}

PEAK_EFFECT = 0.32
PEAK_MUSIC = 0.28


def write_wav(path: Path, buf: Buffer) -> None:
    frames = struct.pack(f"<{len(buf)}h", *(max(-32767, min(32767, round(s * 32767))) for s in buf))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> None:
    rng = random.Random(6)
    for name, make in EFFECTS.items():
        write_wav(OUT / f"{name}.wav", normalise(make(rng), PEAK_EFFECT))
    write_wav(OUT / "music.wav", normalise(music(rng), PEAK_MUSIC))
    print(f"wrote {len(EFFECTS)} effects and music.wav to {OUT}")


if __name__ == "__main__":
    main()
