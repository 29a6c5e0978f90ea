"""PLACEHOLDER window: a green table with the title, until the real scene stack lands.

It already honours the flags that CI and the tests rely on (``--autoplay
--quit-at-end``, ``--max-frames``, ``--frame-stats``, ``--screenshot-dir``,
``--window``), so the packaging pipeline can be checked end to end.
Set ``GNOMING_TIMING=1`` to print when the first frame reaches the screen.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from gnoming import __version__  # noqa: E402
from gnoming.paths import asset_path  # noqa: E402

TITLE = "Gnoming A Round"
DEFAULT_WINDOW = (1280, 720)
FPS = 60
AUTOPLAY_FRAMES = 120  # no game exists yet: "a whole game" is two seconds of table

FELT = (28, 94, 52)
FELT_EDGE = (20, 66, 38)
RIM = (92, 58, 30)
INK = (245, 236, 200)
SHADOW = (10, 40, 22)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of ``values`` (which must not be empty)."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(fraction * len(ordered))))
    return ordered[rank - 1]


def frame_stats(frame_ms: list[float], work_ms: list[float]) -> dict[str, float | int]:
    """``frame_ms``: time between frames as the player sees it (capped at 60 fps);
    ``work_ms``: time spent handling events, drawing and flipping, i.e. the headroom."""
    stats: dict[str, float | int] = {"frames": len(frame_ms)}
    for name, values in (("frame_ms", frame_ms), ("work_ms", work_ms)):
        for label, fraction in (("p50", 0.50), ("p95", 0.95), ("p99", 0.99), ("max", 1.0)):
            stats[f"{name}_{label}"] = round(percentile(values, fraction), 3) if values else 0.0
    return stats


def _init_pygame() -> None:
    pygame.display.init()
    pygame.font.init()
    with contextlib.suppress(pygame.error):  # no audio device (CI, remote desktop): stay silent
        pygame.mixer.init()


def _draw_table(screen: pygame.Surface, fonts: dict[str, pygame.font.Font]) -> None:
    width, height = screen.get_size()
    screen.fill(SHADOW)
    table = pygame.Rect(0, 0, int(width * 0.9), int(height * 0.82))
    table.center = (width // 2, height // 2)
    pygame.draw.ellipse(screen, RIM, table)
    felt = table.inflate(-max(12, width // 50), -max(12, width // 50))
    pygame.draw.ellipse(screen, FELT_EDGE, felt)
    pygame.draw.ellipse(screen, FELT, felt.inflate(-16, -16))

    title = fonts["title"].render(TITLE, True, INK)
    shadow = fonts["title"].render(TITLE, True, SHADOW)
    place = title.get_rect(center=(width // 2, height // 2 - height // 20))
    screen.blit(shadow, place.move(3, 3))
    screen.blit(title, place)
    subtitle = fonts["small"].render(f"version {__version__}  -  the cards are coming", True, INK)
    screen.blit(subtitle, subtitle.get_rect(center=(width // 2, place.bottom + height // 16)))


def _fonts(height: int) -> dict[str, pygame.font.Font]:
    return {
        "title": pygame.font.Font(None, max(24, height // 7)),
        "small": pygame.font.Font(None, max(14, height // 24)),
    }


def run(args: argparse.Namespace) -> int:
    """Open the window and draw the table until the player closes it; returns the exit code."""
    timing = os.environ.get("GNOMING_TIMING") == "1"
    _init_pygame()
    icon = asset_path("art", "icon.png")
    if icon.exists():
        pygame.display.set_icon(pygame.image.load(str(icon)))
    pygame.display.set_caption(TITLE)
    size = tuple(args.window) if args.window else DEFAULT_WINDOW
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    fonts = _fonts(screen.get_height())

    frame_limit = args.max_frames
    if args.autoplay and args.quit_at_end:
        frame_limit = min(frame_limit or AUTOPLAY_FRAMES, AUTOPLAY_FRAMES)
    screenshot_dir = Path(args.screenshot_dir) if args.screenshot_dir else None

    clock = pygame.time.Clock()
    frame_ms: list[float] = []
    work_ms: list[float] = []
    frames = 0
    last_flip = time.perf_counter()
    running = True
    try:
        while running:
            started = time.perf_counter()
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    running = False
                elif event.type == pygame.VIDEORESIZE:
                    fonts = _fonts(screen.get_height())
            _draw_table(screen, fonts)
            pygame.display.flip()
            flipped = time.perf_counter()
            frames += 1
            if frames == 1:
                if timing:
                    print(f"gnoming-timing first_frame_epoch_ns={time.time_ns()}", file=sys.stderr)
                if screenshot_dir is not None:
                    screenshot_dir.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(screen, str(screenshot_dir / "title.png"))
            else:
                frame_ms.append((flipped - last_flip) * 1000.0)
            work_ms.append((flipped - started) * 1000.0)
            last_flip = flipped
            if frame_limit is not None and frames >= frame_limit:
                running = False
            clock.tick(FPS)  # the real scenes take dt from here and call update(dt)
    finally:
        pygame.quit()

    if args.frame_stats:
        path = Path(args.frame_stats)
        path.parent.mkdir(parents=True, exist_ok=True)
        stats = frame_stats(frame_ms, work_ms)
        stats["frames"] = frames
        path.write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")
    return 0
