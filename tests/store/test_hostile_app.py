"""Issue 13 at the level of the running app (in process, headless): start-up
messages in the player's language, hostile names on every screen that draws
them, and a run that ends when asked to even after an error."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from gnoming import i18n  # noqa: E402
from gnoming.cli import parse_args  # noqa: E402
from gnoming.rules import GameRecord, GameState  # noqa: E402
from gnoming.store.saves import save_game  # noqa: E402
from gnoming.ui.app import App  # noqa: E402

HOSTILE = ("Pip\u0000Moss", "Tansy \ud800", "\x1b[31mRed\x07", "Grub" + "o" * 5000)


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Callable[..., App]]:
    made: list[App] = []

    def build(*flags: str) -> App:
        app = App(parse_args(["--data-dir", str(tmp_path), "--window", "960x600", *flags]))
        made.append(app)
        return app

    yield build
    for app in made:
        while app.stack.top is not None:
            app.stack.pop()
    i18n.set_language("en")


def frames(app: App, count: int = 2) -> None:
    for _frame in range(count):
        app.step([], 0.016)


def test_damaged_file_messages_at_start_up_are_in_the_players_language(
    tmp_path: Path, make_app: Callable[..., App]
) -> None:
    (tmp_path / "settings.json").write_text('{"version": 1, "language": "fi"}', encoding="utf-8")
    (tmp_path / "stats.json").write_bytes(b"[not json")
    app = make_app()
    [message] = [toast.text for toast in app.toasts]
    i18n.set_language("fi")
    finnish = i18n._("Your {what} file was damaged ({reason})")
    assert message.startswith(finnish.split("{")[0]), message
    assert not message.startswith("Your statistics file")


def test_hostile_names_everywhere_leave_continue_new_game_and_statistics_working(
    tmp_path: Path, make_app: Callable[..., App]
) -> None:
    seats = [{"kind": "person", "name": n, "difficulty": "easy"} for n in HOSTILE]
    (tmp_path / "settings.json").write_text(
        json.dumps({"version": 1, "default_seats": seats}), encoding="utf-8"
    )
    state = GameState.new(4, seed=3)
    for _move in range(6):
        state.apply(state.legal_actions()[0])
    record_seats = tuple({**seat, "kind": "gnome"} for seat in seats)
    record_seats = ({**record_seats[0], "kind": "person"}, *record_seats[1:])
    assert save_game(tmp_path, GameRecord.of(state, record_seats)) == []
    line = {
        "id": "x",
        "date": "2026-11-30\u0000",
        "seats": [{"name": n, "kind": "person", "difficulty": "", "total": 5} for n in HOSTILE],
        "winners": [0],
        "person_seats": [0],
        "difficulty": "easy",
    }
    (tmp_path / "stats.json").write_text(
        json.dumps({"version": 1, "games_played": 1, "recent": [line]}), encoding="utf-8"
    )
    from gnoming.ui.scenes.title import TitleScene

    app = make_app()
    title = TitleScene(app)
    app.push(title)
    frames(app)
    title.continue_game()
    frames(app, 5)
    assert app.stack.top is not None and app.stack.top.name == "table", app.stack.top
    assert app._crashes == 0
    title = TitleScene(app)
    app.clear_to(title)
    title.statistics()
    frames(app)
    assert app.stack.top is not None and app.stack.top.name == "stats"
    title = TitleScene(app)
    app.clear_to(title)
    title.new_game()
    frames(app)
    assert app.stack.top is not None and app.stack.top.name != "crash"
    assert app._crashes == 0


def test_an_error_in_a_quit_at_end_run_ends_it_with_a_failure(
    make_app: Callable[..., App],
) -> None:
    app = make_app("--autoplay", "--quit-at-end", "--speed", "instant")
    app.push(app.first_scene())
    try:
        raise RuntimeError("a bug in a scene")
    except RuntimeError as error:
        app.crashed(error)
    assert not app.running and app.exit_code == 1


def test_a_screenshot_that_cannot_be_saved_ends_the_run_with_a_failure(
    tmp_path: Path, make_app: Callable[..., App]
) -> None:
    shots = tmp_path / "shots"
    app = make_app("--autoplay", "--screenshot-dir", str(shots), "--max-frames", "50")
    shots.write_text("a file now, where the folder was to be")  # the flag was checked before
    code = app.run(max_frames=50)
    assert code == 1 and app.frames < 50
    pygame.display.init()


def test_frame_statistics_that_cannot_be_written_end_the_run_with_a_message_not_a_crash_report(
    tmp_path: Path, make_app: Callable[..., App], capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app("--max-frames", "3", "--frame-stats", str(tmp_path / "frames.json"))
    (tmp_path / "frames.json").mkdir()  # made a folder after the flags were checked
    assert app.run() == 1
    assert "frame statistics could not be written" in capsys.readouterr().err
    assert not (tmp_path / "crash").exists(), "no crash report for a file the player named"


def test_a_damaged_installation_is_told_in_words_not_a_crash_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil
    import sys

    from gnoming.cli import main
    from gnoming.paths import asset_root

    game = tmp_path / "game"
    shutil.copytree(asset_root() / "art", game / "art")
    (game / "art" / "cards" / "p7.svg").unlink()
    (game / "art" / "fonts" / "NotoSans-Bold.ttf").unlink()
    monkeypatch.setattr(sys, "_MEIPASS", str(game), raising=False)  # where a bundle keeps its files
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "--max-frames", "3"]) == 1
    error = capsys.readouterr().err
    assert "cannot start: some of its files are missing" in error
    assert "art/cards/p7.svg" in error and "art/fonts/NotoSans-Bold.ttf" in error
    assert not (data / "crash").exists()


def _damaged_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *missing: str) -> Path:
    """A copy of the game's files with ``missing`` taken out, where the game looks for them."""
    import shutil
    import sys

    from gnoming.paths import asset_root

    game = tmp_path / "game"
    shutil.copytree(asset_root() / "art", game / "art")
    shutil.copytree(asset_root() / "locale", game / "locale")  # with the compiled catalogs
    for name in missing:
        (game / name).unlink()
    monkeypatch.setattr(sys, "_MEIPASS", str(game), raising=False)
    return game


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fi", "ei voi käynnistyä: osa sen tiedostoista puuttuu"),
        ("et", "ei saa käivituda: mõned selle failid on puudu"),
        ("mr", "सुरू होऊ शकत नाही"),
    ],
)
def test_a_damaged_installation_is_told_in_the_language_of_the_run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    words: str,
) -> None:
    from gnoming.cli import main

    _damaged_game(tmp_path, monkeypatch, "art/cards/p7.svg")
    data = tmp_path / "data"
    assert main(["--data-dir", str(data), "--lang", lang, "--max-frames", "3"]) == 1
    error = capsys.readouterr().err
    assert words in error and "art/cards/p7.svg" in error
    assert "cannot start" not in error


def test_a_damaged_installation_is_told_in_the_language_the_player_chose(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gnoming.cli import main
    from gnoming.store.settings import Settings, save_settings

    missing = ["art/cards/p7.svg", "art/cards/p8.svg", "art/cards/p9.svg"]
    missing += ["art/cards/p10.svg", "art/cards/p11.svg"]
    _damaged_game(tmp_path, monkeypatch, *missing)
    data = tmp_path / "data"
    data.mkdir()
    save_settings(data, Settings(language="fi"))
    assert main(["--data-dir", str(data), "--max-frames", "3"]) == 1
    error = capsys.readouterr().err
    assert "osa sen tiedostoista puuttuu" in error
    assert "ja 2 muuta tiedostoa" in error  # the first three named, the rest counted


def test_the_damaged_installation_window_draws_marathi_only_with_its_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gnoming.ui.app import _message_fonts, _message_line

    pygame.font.init()
    fonts = _message_fonts("mr")
    assert fonts is not None and fonts[1] is not None
    latin, devanagari = fonts
    # the file names in Latin letters, the words in Devanagari: each in a font that has them
    whole = _message_line("art/cards/p7.svg आणि आणखी 2 फाइली", latin, devanagari)
    assert whole.get_width() == (
        latin.size("art/cards/p7.svg ")[0] + devanagari.size("आणि आणखी 2 फाइली")[0]
    )
    assert _message_fonts("fi") is not None
    _damaged_game(tmp_path, monkeypatch, "art/fonts/NotoSansDevanagari-Regular.ttf")
    assert _message_fonts("mr") is None  # the window then says it in English
    assert _message_fonts("fi") is not None
