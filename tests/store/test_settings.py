"""Settings: round trip, field-by-field fallback, clamping, language from the system."""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gnoming.options import MAX_WINDOW, MIN_WINDOW
from gnoming.store.settings import (
    DEFAULT_SEATS,
    LANGUAGES,
    SeatSpec,
    Settings,
    default_settings,
    load_settings,
    save_settings,
    system_language,
)

BASE = Settings()


def kept_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("settings.json*.corrupt-*"))


def test_settings_round_trip_through_the_file(tmp_path: Path) -> None:
    changed = Settings(
        language="mr",
        sound_volume=0.3,
        music_volume=0.7,
        muted=True,
        animation_speed="instant",
        fullscreen=True,
        window_size=(1920, 1080),
        reduced_motion=True,
        large_text=True,
        coaching=False,
        default_seats=(
            SeatSpec("person", "Grandpa Beck", "medium"),
            SeatSpec("person", "Aino", "easy"),
            SeatSpec("gnome", "Pip", "hard"),
        ),
    )
    assert save_settings(tmp_path, changed) == []
    assert load_settings(tmp_path, BASE) == (changed, [])
    data = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert data["default_seats"][1] == {"kind": "person", "name": "Aino", "difficulty": "easy"}


def test_factory_defaults_are_quiet_music_and_you_against_three_gnomes() -> None:
    assert BASE.music_volume == 0.0 and not BASE.muted and BASE.coaching
    assert [seat.kind for seat in BASE.default_seats] == ["person", "gnome", "gnome", "gnome"]
    assert BASE.window_size[0] >= 960 and BASE.window_size[1] >= 600


def test_no_file_gives_the_defaults_and_writes_nothing(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "missing", BASE) == (BASE, [])
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "et_EE.UTF-8"}, "et"),
        ({"LC_ALL": "mr_IN"}, "mr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "de:et", "LANG": "fi_FI"}, "et"),
        ({"LANG": "Finnish_Finland.1252"}, "fi"),
        ({"LANG": "Marathi_India"}, "mr"),
    ],
)
def test_the_default_language_comes_from_the_system_when_the_game_speaks_it(
    environ: dict[str, str], language: str
) -> None:
    assert system_language(environ) == language
    assert default_settings(environ).language == language


def test_a_wrong_typed_field_falls_back_alone_and_the_old_file_is_kept(tmp_path: Path) -> None:
    original = json.dumps(
        {
            "version": 1,
            "language": "fi",
            "music_volume": "loud",
            "fullscreen": "yes",
            "animation_speed": "fast",
            "default_seats": [{"kind": "person", "name": "Ann"}],  # one seat is too few
            "favourite_colour": "green",
        }
    ).encode()
    (tmp_path / "settings.json").write_bytes(original)
    settings, messages = load_settings(tmp_path, BASE)
    assert settings == replace(BASE, language="fi", animation_speed="fast")
    [kept] = kept_files(tmp_path)
    assert kept.read_bytes() == original
    assert messages == [
        "Some of your settings could not be read (music volume, fullscreen, default seats) "
        f"and were reset; the old file was kept as {kept.name}."
    ]
    assert load_settings(tmp_path, BASE) == (settings, [])  # repaired file, said once


def test_numbers_are_clamped_and_unknown_keys_ignored_without_a_message(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "version": 1,
                "sound_volume": 7,
                "music_volume": -0.5,
                "window_size": [100, 99999],
                "default_seats": [
                    {"kind": "person", "name": "  Long   " + "x" * 40, "difficulty": "easy"},
                    {"kind": "gnome", "name": "Pip"},
                ],
                "from_the_future": [1, 2, 3],
            }
        )
    )
    settings, messages = load_settings(tmp_path, BASE)
    assert messages == [] and kept_files(tmp_path) == []
    assert (settings.sound_volume, settings.music_volume) == (1.0, 0.0)
    assert settings.window_size == (MIN_WINDOW[0], MAX_WINDOW[1])
    assert settings.default_seats == (
        SeatSpec("person", "Long " + "x" * 19, "easy"),
        SeatSpec("gnome", "Pip", "medium"),
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sound_volume", "NaN"),
        ("sound_volume", "true"),
        ("window_size", "[1280]"),
        ("window_size", "[1280.5, 720]"),
        ("language", '"de"'),
        ("animation_speed", '"ludicrous"'),
        ("muted", "1"),
        ("default_seats", '[{"kind": "robot", "name": "R"}, {"kind": "gnome", "name": "P"}]'),
        ("default_seats", '[{"kind": "gnome", "name": " "}, {"kind": "gnome", "name": "P"}]'),
    ],
)
def test_each_field_rejects_what_it_cannot_use(tmp_path: Path, field: str, value: str) -> None:
    text = '{"version": 1, "language": "et", "' + field + '": ' + value + "}"
    if field == "language":
        text = '{"version": 1, "large_text": true, "language": ' + value + "}"
    (tmp_path / "settings.json").write_text(text)
    settings, messages = load_settings(tmp_path, BASE)
    assert getattr(settings, field) == getattr(BASE, field)
    assert settings.language == "et" or settings.large_text
    assert len(messages) == 1 and field.replace("_", " ") in messages[0]


def test_a_settings_file_from_a_newer_game_is_kept_and_defaults_used(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 2, "language": "fi"}')
    settings, [message] = load_settings(tmp_path, BASE)
    assert settings == BASE
    [kept] = kept_files(tmp_path)
    assert message == (
        "Your settings file comes from a newer version of the game; "
        f"it was kept as {kept.name} and defaults are used."
    )


def test_a_damaged_settings_file_falls_back_to_the_bak(tmp_path: Path) -> None:
    older = Settings(language="et", large_text=True)
    save_settings(tmp_path, older)
    save_settings(tmp_path, Settings(language="fi"))
    (tmp_path / "settings.json").write_bytes(b'{"version": 1, "lang')
    settings, [message] = load_settings(tmp_path, BASE)
    assert settings == older
    assert "the backup copy is used" in message
    assert [p.read_bytes() for p in kept_files(tmp_path)] == [b'{"version": 1, "lang']


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
field_names = st.sampled_from(
    [
        "language",
        "sound_volume",
        "music_volume",
        "muted",
        "animation_speed",
        "fullscreen",
        "window_size",
        "reduced_motion",
        "large_text",
        "coaching",
        "default_seats",
        "version",
        "other",
    ]
)
edge_values = st.sampled_from(
    [10**400, -(10**400), 2**63, 1e308, -0.0, math.inf, math.nan, "", [], {}, [1e9, -1], ["x", 1]]
)
settings_objects = st.dictionaries(field_names, edge_values | json_values, max_size=8).map(
    lambda d: {"version": 1, **d}
)


def settings_are_usable(settings: Settings) -> bool:
    return (
        settings.language in LANGUAGES
        and 0.0 <= settings.sound_volume <= 1.0
        and 0.0 <= settings.music_volume <= 1.0
        and not math.isnan(settings.sound_volume + settings.music_volume)
        and settings.window_size[0] >= 960
        and settings.window_size[1] >= 600
        and 2 <= len(settings.default_seats) <= 7
    )


def check_loader_on(content: bytes) -> None:
    """Whatever the file holds: no exception, usable settings, and either the file
    was fine (untouched, no message) or its exact bytes were kept and we said so."""
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / "settings.json").write_bytes(content)
        settings, messages = load_settings(folder, BASE)
        assert settings_are_usable(settings)
        if messages:
            assert [p.read_bytes() for p in kept_files(folder)] == [content]
            assert all(m.endswith(".") and len(m) < 300 for m in messages)
        else:
            assert (folder / "settings.json").read_bytes() == content
            assert kept_files(folder) == []


@hsettings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_break_the_settings_loader(content: bytes) -> None:
    check_loader_on(content)


@hsettings(max_examples=200, deadline=None)
@given(settings_objects)
def test_wrong_types_and_future_versions_never_break_the_settings_loader(
    obj: dict[str, object],
) -> None:
    check_loader_on(json.dumps(obj).encode())


@hsettings(max_examples=100, deadline=None)
@given(st.data())
def test_a_truncated_settings_file_is_kept_and_reported(data: st.DataObject) -> None:
    text = json.dumps(Settings(language="fi").to_dict(), indent=1)
    cut = data.draw(st.integers(0, len(text.rstrip()) - 1))
    check_loader_on(text[:cut].encode())
    with tempfile.TemporaryDirectory() as folder_name:
        (Path(folder_name) / "settings.json").write_text(text[:cut])
        assert load_settings(Path(folder_name), BASE)[1]


def test_the_default_seats_are_you_and_three_gnomes() -> None:
    assert DEFAULT_SEATS[0].to_dict() == {"kind": "person", "name": "You", "difficulty": "medium"}


def test_names_in_any_script_are_saved_readably_and_even_broken_text_survives(
    tmp_path: Path,
) -> None:
    seats = (SeatSpec("person", "मराठी Öö", "easy"), SeatSpec("gnome", "Pip", "hard"))
    assert save_settings(tmp_path, Settings(default_seats=seats)) == []
    assert "मराठी Öö" in (tmp_path / "settings.json").read_text(encoding="utf-8")
    assert load_settings(tmp_path, BASE) == (Settings(default_seats=seats), [])
    broken = (seats[0], SeatSpec("gnome", "bad \udcff", "hard"))
    assert save_settings(tmp_path, Settings(default_seats=broken)) == []
    settings, messages = load_settings(tmp_path, BASE)  # no font draws a lone surrogate
    assert settings == Settings(default_seats=(seats[0], SeatSpec("gnome", "bad", "hard")))
    assert len(messages) == 1


def test_a_volume_too_big_for_a_float_is_clamped(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        '{"version": 1, "sound_volume": 1' + "0" * 400 + ', "music_volume": -1' + "0" * 400 + "}"
    )
    settings, messages = load_settings(tmp_path, BASE)
    assert (settings.sound_volume, settings.music_volume, messages) == (1.0, 0.0, [])
