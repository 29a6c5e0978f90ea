"""The game's frame loop: a window, a stack of scenes, and the flags that drive it.

Each frame: events go to the top scene (after the app has taken the ones that
belong to it: quit, fullscreen, resize), the top scene is updated with ``dt``
in seconds, the visible scenes are drawn bottom to top, and the frame is
flipped. An unexpected error inside a scene does not kill the window: the app
writes a crash report and shows a friendly screen instead.

Set ``GNOMING_TIMING=1`` to print when the first frame reaches the screen.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import math
import os
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from gnoming import i18n  # noqa: E402
from gnoming.options import LaunchOptions, Speed, clamp_window  # noqa: E402
from gnoming.paths import asset_path, asset_root, data_dir  # noqa: E402
from gnoming.store.crash import write_crash_report  # noqa: E402
from gnoming.store.settings import Settings, save_settings  # noqa: E402
from gnoming.store.startup import open_data_folder, startup_language  # noqa: E402
from gnoming.ui import fonts, theme, widgets  # noqa: E402
from gnoming.ui.audio import Audio  # noqa: E402
from gnoming.ui.cardart import CardArt, art_files  # noqa: E402
from gnoming.ui.router import Router  # noqa: E402
from gnoming.ui.scale import Scale, scale_for  # noqa: E402
from gnoming.ui.scene import ChangeSettings, CoachingDone, Scene, SceneResult, SceneStack  # noqa: E402
from gnoming.ui.session import GameConfig  # noqa: E402
from gnoming.ui.widgets import draw_text, fit_size, text_width  # noqa: E402

TITLE = "Gnoming A Round"
FPS = 60
MAX_DT = 0.1
"""Longer pauses (a dragged window, a breakpoint) count as this many seconds."""
TOAST_SECONDS = 4.0


@dataclass
class Toast:
    """A short message at the bottom of the screen."""

    text: str
    seconds_left: float = TOAST_SECONDS


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of ``values`` (which must not be empty)."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(fraction * len(ordered))))
    return ordered[rank - 1]


def frame_stats(frame_ms: list[float], work_ms: list[float]) -> dict[str, float | int]:
    """``frame_ms``: time between frames as the player sees it (capped at 60 fps);
    ``work_ms``: time spent handling events, updating, drawing and flipping: the
    frame time the game itself costs. The plain ``p50``..``max`` keys are the
    work times."""
    stats: dict[str, float | int] = {"frames": len(work_ms)}
    for name, values in (("frame_ms", frame_ms), ("work_ms", work_ms)):
        for label, fraction in (("p50", 0.50), ("p95", 0.95), ("p99", 0.99), ("max", 1.0)):
            stats[f"{name}_{label}"] = round(percentile(values, fraction), 3) if values else 0.0
    for label in ("p50", "p95", "p99", "max"):
        stats[label] = stats[f"work_ms_{label}"]
    return stats


class App:
    """The running game: window, scene stack, settings, sound, card art."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self.data_dir = data_dir(options.data_dir)
        # the language first, so that what start-up says is in the player's language
        i18n.set_language(options.lang or startup_language(self.data_dir))
        # a robot run (autoplay, screenshots) never touches the person's save
        robot = options.autoplay or options.screenshot_dir is not None
        startup = open_data_folder(self.data_dir, robot=robot)
        self.keeps_settings = startup.usable and not robot
        """Whether leaving keeps anything of the window for next time (the data
        folder can be used, and a person, not a robot run, sits at the game)."""
        self.settings = startup.settings
        self.toasts = [Toast(m) for m in startup.messages]
        i18n.set_language(options.lang or self.settings.language)
        self.speed: Speed = options.speed or self.settings.animation_speed
        self.stack = SceneStack()
        self.router = Router(self)
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.screenshot_dir = options.screenshot_dir
        self._shot_names: set[str] = set()
        self._crashes = 0
        self._init_pygame()
        self.cards = CardArt()
        self.audio = Audio()
        self.apply_sound_settings()

    # ------------------------------------------------------------------ window

    def _init_pygame(self) -> None:
        restarted = not (pygame.display.get_init() and pygame.font.get_init())
        pygame.display.init()
        pygame.font.init()
        if restarted:
            # fonts opened before an earlier pygame.quit() are dead: open them anew
            # (a second App in the same process, as in the tests, keeps them)
            fonts._open_font.cache_clear()
            widgets.clear_text_cache()
        icon = asset_path("art", "icon.png")
        if icon.exists():
            with contextlib.suppress(pygame.error):
                pygame.display.set_icon(pygame.image.load(str(icon)))
        pygame.display.set_caption(TITLE)
        size = self.options.window or self.settings.window_size
        self.fullscreen = self.settings.fullscreen and not self.options.autoplay
        self._windowed_size = clamp_window(size)
        self._set_mode(self._windowed_size)
        pygame.key.set_repeat(300, 60)

    def _set_mode(self, size: tuple[int, int]) -> None:
        flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
        if self.fullscreen:
            size = (0, 0)
        try:
            self.screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self._set_mode(self._windowed_size)
        self._resized()

    def _resized(self) -> None:
        for scene in self.stack.scenes:
            scene.resize(self.size)

    @property
    def scale(self) -> Scale:
        """The one scale of every screen's layout and letters (see :mod:`gnoming.ui.scale`)."""
        return scale_for(self.size, self.settings.large_text)

    @property
    def ui_scale(self) -> float:
        """1.0 at 720 pixels of height; larger with the large-text setting."""
        scale = self.size[1] / 720
        return scale * (1.25 if self.settings.large_text else 1.0)

    def font_size(self, base: int) -> int:
        return max(11, round(base * self.ui_scale))

    # ------------------------------------------------------------------ settings

    def apply_sound_settings(self) -> None:
        s = self.settings
        self.audio.set_volumes(s.sound_volume, s.music_volume)
        self.audio.set_muted(s.muted)
        if s.music_volume > 0 and not s.muted:
            self.audio.start_music()
        else:
            self.audio.stop_music()

    def apply(self, result: SceneResult) -> None:
        """Carry out what a scene asked for."""
        match result:
            case ChangeSettings(settings, language_chosen):
                self.update_settings(settings, language_chosen)
            case CoachingDone():
                if self.settings.coaching:
                    self.update_settings(dataclasses.replace(self.settings, coaching=False))

    def apply_results(self, scene: Scene) -> None:
        while scene.results:
            self.apply(scene.results.pop(0))

    def update_settings(self, settings: Settings, language_chosen: bool = False) -> None:
        """Apply and remember new settings (``language_chosen``: speak the
        settings' language even where ``--lang`` spoke another)."""
        language_changed = settings.language != self.settings.language or (
            language_chosen and settings.language != i18n.current_language()
        )
        self.settings = settings
        self.speed = self.options.speed or settings.animation_speed  # --speed holds for the run
        if language_changed:
            i18n.set_language(settings.language)
        self.apply_sound_settings()
        if settings.fullscreen != self.fullscreen and not self.options.autoplay:
            self.toggle_fullscreen()
            if self.fullscreen != settings.fullscreen:  # the screen refused: say what is
                settings = self.settings = dataclasses.replace(settings, fullscreen=self.fullscreen)
        for message in save_settings(self.data_dir, settings):
            self.toast(message)
        self._resized()

    def remember_window_size(self) -> None:
        """Keep the window's size for the next start, as the player left it (not
        a size the command line asked for, nor an autoplay run's)."""
        size = self._windowed_size
        if not self.keeps_settings or self.options.window is not None or size == self.settings.window_size:
            return
        self.settings = dataclasses.replace(self.settings, window_size=size)
        for message in save_settings(self.data_dir, self.settings):
            print(message, file=sys.stderr)  # the window is closing: no toast can show it

    # ------------------------------------------------------------------ scenes

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        scene.resize(self.size)

    def pop(self) -> None:
        self.stack.pop()
        if self.stack.top is None:
            self.quit()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        scene.resize(self.size)

    def clear_to(self, scene: Scene) -> None:
        self.stack.clear_to(scene)
        scene.resize(self.size)

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def toast(self, text: str) -> None:
        """A short message at the bottom of the screen for a few seconds. The
        same words already showing are shown longer, not twice (a save failing
        at every move says so once)."""
        for toast in self.toasts:
            if toast.text == text:
                self.toasts.remove(toast)
                break
        self.toasts.append(Toast(text))

    def screenshot(self, name: str, *, once: bool = True) -> None:
        """Save the current screen as ``<name>.png`` when ``--screenshot-dir`` is set."""
        if self.screenshot_dir is None or (once and name in self._shot_names):
            return
        self._shot_names.add(name)
        try:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
            # encoded in memory and written by Python: pygame leaves an empty file
            # without a word when the disk is full
            png = io.BytesIO()
            pygame.image.save(self.screen, png, f"{name}.png")
            (self.screenshot_dir / f"{name}.png").write_bytes(png.getvalue())
        except (OSError, pygame.error) as error:
            # a run asked for screenshots has failed when it cannot take them: end it
            print(f"{TITLE}: could not save the screenshot {name}.png: {error}", file=sys.stderr)
            self.quit(1)

    def first_scene(self) -> Scene:
        return self.router.first_scene()

    def game_scene(self, config: GameConfig) -> Scene:
        return self.router.table_scene(config)

    # ------------------------------------------------------------------ loop

    def run(self, first: Scene | None = None, *, max_frames: int | None = None) -> int:
        timing = os.environ.get("GNOMING_TIMING") == "1"
        self.push(first or self.first_scene())
        clock = pygame.time.Clock()
        frame_ms: list[float] = []
        work_ms: list[float] = []
        limit = max_frames if max_frames is not None else self.options.max_frames
        last_flip = time.perf_counter()
        dt = 0.0
        while self.running:
            started = time.perf_counter()
            try:
                self.step(pygame.event.get(), dt)
            except Exception as error:  # any bug in a scene: report it, keep the window
                self.crashed(error)
            pygame.display.flip()
            flipped = time.perf_counter()
            self.frames += 1
            if self.frames == 1:
                if timing:
                    print(f"gnoming-timing first_frame_epoch_ns={time.time_ns()}", file=sys.stderr)
            else:
                frame_ms.append((flipped - last_flip) * 1000.0)
            work_ms.append((flipped - started) * 1000.0)
            last_flip = flipped
            if limit is not None and self.frames >= limit:
                self.running = False
            dt = min(clock.tick(FPS) / 1000.0, MAX_DT)
        while self.stack.top is not None:
            self.stack.pop()
        self.audio.stop_music(0)
        self.remember_window_size()
        if self.options.frame_stats is not None:
            path = self.options.frame_stats
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(frame_stats(frame_ms, work_ms), indent=2) + "\n")
            except OSError as error:  # the game itself went well: say so, no crash report
                print(f"The frame statistics could not be written to {path}: {error}", file=sys.stderr)
                return self.exit_code or 1
        return self.exit_code

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame without the flip: input, update, draw. Tests drive this directly."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                if self.options.autoplay:
                    self.toggle_fullscreen()  # a game nobody sits at keeps no settings
                else:  # the Fullscreen switch of Settings says the same, and it is kept
                    self.update_settings(dataclasses.replace(self.settings, fullscreen=not self.fullscreen))
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                if not self.fullscreen:
                    self._windowed_size = clamp_window(self.size)
                    if self.size != self._windowed_size:
                        self._set_mode(self._windowed_size)
                self._resized()
                continue
            top = self.stack.top
            if top is not None:
                top.handle(event)
                self.apply_results(top)
        top = self.stack.top
        if top is None:
            self.quit()
            return
        top.update(dt)
        self.apply_results(top)
        for scene in self.stack.scenes:
            self.apply_results(scene)
        self.draw()
        if self.stack.top is not None:
            self.screenshot(self.stack.top.name)
        for toast in self.toasts:
            toast.seconds_left -= dt
        self.toasts = [t for t in self.toasts if t.seconds_left > 0]

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)
        if self.toasts:
            self._draw_toasts()

    def _draw_toasts(self) -> None:
        width, height = self.size
        size = self.font_size(20)
        top = self.stack.top
        area = top.toast_area() if top is not None else None
        shown = self.toasts[-3:]
        if area is not None and any(
            text_width(t.text, fit_size(t.text, size, area.width - 8), False) > area.width - 8
            for t in shown
        ):
            area = None  # words too long for the scene's corner, even small
        if area is None:  # across the bottom middle
            area = pygame.Rect(0, 0, min(width - 40, width * 3 // 4), height - size * 2)
            area.centerx = width // 2
        toast_h = int(size * 1.8)
        y = area.bottom
        for toast in reversed(shown):
            if y - toast_h < area.top:
                break  # no room for more here: the newest are shown
            rect = pygame.Rect(area.left, y - toast_h, area.width, toast_h)
            inner = theme.draw_panel(self.screen, rect)
            draw_text(self.screen, toast.text, inner.center, size, max_width=inner.width - 8)
            y = rect.top - 6

    def crashed(self, error: BaseException) -> None:
        """Write a crash report and show the friendly crash screen (or give up)."""
        self._crashes += 1
        report = self.write_crash_report(error)
        if self.options.quit_at_end:
            # nobody is there to read the crash screen: end the run, and say it failed
            print(f"{TITLE} stopped after an unexpected error; report: {report}", file=sys.stderr)
            self.quit(1)
            return
        if self._crashes > 3:
            print(
                f"Gnoming A Round stopped after repeated errors; report: {report}", file=sys.stderr
            )
            self.quit(1)
            return
        self.router.crash(report)

    def write_crash_report(self, error: BaseException) -> Path | None:
        record_json = None
        for scene in self.stack.scenes:
            with contextlib.suppress(Exception):
                record_json = scene.record_json() or record_json
        path = write_crash_report(self.data_dir, error, record_json)
        if path is None:
            traceback.print_exception(error)
        return path


def missing_files() -> list[str]:
    """The game's own files (fonts, card and gnome drawings) that are not where
    they belong, relative to the game's folder: a damaged installation."""
    root = asset_root()
    wanted = [Path(f) for f in fonts.font_files()] + art_files()
    missing = []
    for path in wanted:
        if not path.is_file():
            try:
                missing.append(path.relative_to(root).as_posix())
            except ValueError:
                missing.append(str(path))
    return missing


def missing_files_message(missing: list[str]) -> list[str]:
    """What the player is told of a damaged installation, in the current language."""
    shown = ", ".join(missing[:3])
    if len(missing) > 3:
        more = len(missing) - 3
        shown = i18n.ngettext(
            "{files} and {count} more file", "{files} and {count} more files", more
        ).format(files=shown, count=more)
    return [
        i18n._("{title} cannot start: some of its files are missing:").format(title=TITLE),
        shown,
        i18n._(
            "Installing the game again brings them back; your games and statistics are kept."
        ),
    ]


def _font_file_at(path: Path, script: str | None = None) -> pygame.font.Font | None:
    """The font in ``path`` at 24 px, or ``None`` when it is missing or unreadable."""
    if not path.is_file():
        return None
    try:
        font = pygame.font.Font(path, 24)
    except (OSError, pygame.error):
        return None
    if script is not None:
        font.set_script(script)
    return font


def _message_fonts(language: str) -> tuple[pygame.font.Font, pygame.font.Font | None] | None:
    """Fonts for the damaged-installation window: one for Latin letters (the
    game's when its file is there, else pygame's own) and, for Marathi, one for
    Devanagari; ``None`` when the Devanagari one is missing (the window then
    speaks English)."""
    latin = _font_file_at(Path(fonts.font_file())) or pygame.font.Font(None, 24)
    if language != "mr":
        return latin, None
    devanagari = _font_file_at(Path(fonts.font_file(False, fonts.DEVANAGARI)), fonts.DEVANAGARI)
    return None if devanagari is None else (latin, devanagari)


def _message_line(
    text: str, latin: pygame.font.Font, devanagari: pygame.font.Font | None
) -> pygame.Surface:
    """One line of the window, run by run in the font that has its letters
    (Noto Sans Devanagari has no Latin letters for the file names)."""
    return widgets.join_runs(
        [
            (devanagari if devanagari is not None and fonts.has_devanagari(run) else latin, run)
            for run in fonts.script_runs(text)
        ],
        theme.CREAM,
    )


def say_files_are_missing(missing: list[str], options: LaunchOptions) -> None:
    """Tell the player the installation is damaged, in their language (the one
    ``--lang`` or their settings choose): on standard error, and in a small window
    when there is a screen to show one (closed by any key or click, or after a
    minute). The window falls back to English when the font for the player's
    script is one of the missing files."""
    try:
        wanted: str = options.lang or startup_language(data_dir(options.data_dir))
    except Exception:  # a data folder that cannot be read at all: English
        wanted = "en"
    language = i18n.set_language(wanted)
    lines = missing_files_message(missing)
    print(f"{lines[0]} {lines[1]}.\n{lines[2]}", file=sys.stderr)
    if options.autoplay or options.quit_at_end or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        pygame.init()
        chosen = _message_fonts(language)
        if chosen is None:
            i18n.set_language("en")
            lines = missing_files_message(missing)
            chosen = _message_fonts("en")
            assert chosen is not None
        drawn = [_message_line(text, *chosen) for text in lines]
        width = max(line.get_width() for line in drawn) + 40
        screen = pygame.display.set_mode((width, 40 * len(lines) + 40))
        pygame.display.set_caption(TITLE)
        screen.fill(theme.FELT_DARK)
        for row, line in enumerate(drawn):
            screen.blit(line, (20, 28 + 40 * row))
        pygame.display.flip()
        deadline = time.monotonic() + 60.0
        while time.monotonic() < deadline:
            event = pygame.event.wait(500)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                break
    except Exception:  # no screen, or not even pygame's own font: standard error said it
        pass
    finally:
        pygame.quit()


def run(options: LaunchOptions) -> int:
    """Open the window and play until the player quits; returns the exit code."""
    missing = missing_files()
    if missing:
        say_files_are_missing(missing, options)
        return 1
    app = App(options)
    try:
        return app.run()
    finally:
        pygame.quit()
