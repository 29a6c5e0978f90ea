"""The bundled look and sound: every card, portrait, font, sound and the icon load."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import struct  # noqa: E402
import wave  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from gnoming.paths import asset_path  # noqa: E402
from gnoming.ui import audio as audio_module  # noqa: E402
from gnoming.ui import theme  # noqa: E402
from gnoming.ui.audio import EFFECTS, Audio  # noqa: E402
from gnoming.ui.cardart import PORTRAIT_COUNT, TOKENS, CardArt, card_file  # noqa: E402
from gnoming.ui.fonts import font_for_text, get_font, has_devanagari  # noqa: E402

SMALLEST = (30, 42)
LARGE = (300, 420)


@pytest.fixture(scope="module")
def art() -> Iterator[CardArt]:
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield CardArt()


def test_tokens_are_the_deck_faces() -> None:
    expected = {str(v) for v in range(1, 13)} | {str(-v) for v in range(1, 6)} | {"M", "H"}
    assert set(TOKENS) == expected and len(TOKENS) == 19


def test_rules_engine_tokens_all_have_art() -> None:
    cards = pytest.importorskip("gnoming.rules.cards")
    for card in cards.Card:
        assert card_file(str(card)).is_file(), str(card)


@pytest.mark.parametrize("token", TOKENS)
@pytest.mark.parametrize("size", [SMALLEST, (60, 84), LARGE])
def test_every_card_face_renders_at_exact_size(
    art: CardArt, token: str, size: tuple[int, int]
) -> None:
    face = art.face(token, size)
    assert face.get_size() == size
    centre = face.get_at((size[0] // 2, size[1] // 2))
    assert centre.a >= 250  # nanosvg coverage can stop at 254


def test_unknown_token_is_refused(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face("13", SMALLEST)


@pytest.mark.parametrize("size", [SMALLEST, LARGE])
def test_back_renders_at_exact_size(art: CardArt, size: tuple[int, int]) -> None:
    assert art.back(size).get_size() == size


@pytest.mark.parametrize("size", [(30, 42), (61, 85), (300, 420), (77, 100)])
def test_back_and_portrait_come_out_at_exactly_the_asked_size(
    art: CardArt, size: tuple[int, int]
) -> None:
    assert art.back(size).get_size() == size
    assert art.portrait(0, size).get_size() == size


def test_faces_and_backs_are_cached_per_token_and_size(art: CardArt) -> None:
    assert art.face("7", (60, 84)) is art.face("7", (60, 84))
    assert art.face("7", (60, 84)) is not art.face("7", (61, 85))
    assert art.face("7", (60, 84)) is not art.face("8", (60, 84))
    assert art.back((60, 84)) is art.back((60, 84))
    assert art.portrait(3, (48, 48)) is art.portrait(3, (48, 48))


def test_preload_fills_the_cache_for_a_size(art: CardArt) -> None:
    art.preload((44, 62))
    assert art.face("-5", (44, 62)) is art.face("-5", (44, 62))


def test_numbers_differ_on_the_smallest_cards(art: CardArt) -> None:
    faces = [pygame.image.tobytes(art.face(t, SMALLEST), "RGBA") for t in TOKENS]
    assert len(set(faces)) == len(TOKENS)


def _corner_alpha(surface: pygame.Surface) -> list[int]:
    """Alpha along the top-left diagonal: where the card's silhouette begins."""
    return [surface.get_at((i, i)).a for i in range(surface.get_width() // 4)]


@pytest.mark.parametrize("size", [SMALLEST, LARGE])
def test_negative_cards_have_cut_corners_positive_cards_round_ones(
    art: CardArt, size: tuple[int, int]
) -> None:
    positive = _corner_alpha(art.face("3", size))
    negative = _corner_alpha(art.face("-3", size))
    first_solid_positive = next(i for i, a in enumerate(positive) if a > 200)
    first_solid_negative = next(i for i, a in enumerate(negative) if a > 200)
    assert first_solid_negative > first_solid_positive


def test_negative_svgs_draw_the_negative_frame_and_positives_do_not() -> None:
    for token in TOKENS:
        text = card_file(token).read_text(encoding="utf-8")
        assert ('id="negative-frame"' in text) == token.startswith("-"), token


def test_negatives_are_dark_and_positives_light_in_greyscale(art: CardArt) -> None:
    def mean_grey(surface: pygame.Surface) -> float:
        grey = pygame.transform.grayscale(surface)
        w, h = grey.get_size()
        values = [
            grey.get_at((x, y)).r
            for x in range(0, w, 3)
            for y in range(0, h, 3)
            if grey.get_at((x, y)).a >= 250
        ]
        return sum(values) / len(values)

    for n in range(1, 6):
        for p in range(1, 13):
            assert mean_grey(art.face(f"-{n}", (60, 84))) + 60 < mean_grey(
                art.face(str(p), (60, 84))
            )


@pytest.mark.parametrize("index", range(PORTRAIT_COUNT))
def test_every_portrait_renders(art: CardArt, index: int) -> None:
    assert asset_path("art", "gnomes", f"gnome{index + 1}.svg").is_file()
    assert art.portrait(index, (64, 64)).get_size() == (64, 64)


def test_portrait_index_wraps_round(art: CardArt) -> None:
    assert art.portrait(PORTRAIT_COUNT + 2, (40, 40)) is art.portrait(2, (40, 40))


def test_fonts_load_and_devanagari_renders() -> None:
    pygame.font.init()
    assert get_font(20) is get_font(20)
    assert get_font(20, bold=True) is not get_font(20)
    marathi = "गोल्फ खेळूया"
    assert has_devanagari(marathi) and not has_devanagari("Kolm auku")
    font = font_for_text(marathi, 24)
    assert font is get_font(24, False, "Deva")
    surface = font.render(marathi, True, (0, 0, 0))
    assert surface.get_width() > 0
    assert surface.get_bounding_rect().w > 40


def test_latin_text_with_estonian_and_finnish_letters_renders() -> None:
    font = font_for_text("Õõ Ää Öö Üü Šš Žž", 20)
    assert font is get_font(20)
    assert font.render("Õõ Ää Öö Üü Šš Žž", True, (0, 0, 0)).get_bounding_rect().w > 40


def test_font_license_ships_with_the_fonts() -> None:
    text = asset_path("art", "fonts", "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text


@pytest.mark.parametrize("name", [*EFFECTS, "music"])
def test_every_sound_is_16_bit_mono_22050_wav(name: str) -> None:
    with wave.open(str(asset_path("sounds", f"{name}.wav")), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        frames = w.getnframes()
        assert frames > 0
        samples = struct.unpack(f"<{frames}h", w.readframes(frames))
    assert 1000 < max(abs(s) for s in samples) < 32767  # audible, never clipping
    seconds = frames / 22050
    if name == "music":
        assert 15 <= seconds <= 30
        assert abs(samples[0] - samples[-1]) < 1500  # the loop joins without a click
    else:
        assert seconds <= 2.5


def test_sounds_stay_small() -> None:
    total = sum(p.stat().st_size for p in asset_path("sounds").glob("*.wav"))
    assert total < 3_000_000


def test_audio_plays_every_effect_on_the_dummy_driver() -> None:
    audio = Audio()
    for name in EFFECTS:
        audio.play(name)
    audio.set_volumes(0.3, 0.2)
    assert (audio.effects_volume, audio.music_volume) == (0.3, 0.2)
    audio.set_volumes(5, -1)
    assert (audio.effects_volume, audio.music_volume) == (1.0, 0.0)
    audio.start_music()
    audio.set_muted(True)
    assert audio.muted
    audio.play("click")
    audio.set_muted(False)
    audio.stop_music()


def test_audio_refuses_unknown_effect_names() -> None:
    with pytest.raises(ValueError):
        Audio().play("kazoo")


def test_audio_is_silent_not_broken_without_a_sound_device(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(audio_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio_module.pygame.mixer, "init", no_device)
    audio = Audio()
    assert not audio.available
    audio.play("hazard")
    audio.set_volumes(0.5, 0.5)
    audio.set_muted(True)
    audio.set_muted(False)
    audio.start_music()
    audio.stop_music()


def test_icon_ico_has_a_png_entry_per_declared_size() -> None:
    data = asset_path("art", "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    assert count == 4
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        width, height = struct.unpack_from(">II", data, offset + 16)  # the PNG's IHDR
        assert (width, height) == ((w or 256), (h or 256))
        sizes.append(width)
    assert sorted(sizes) == [16, 32, 48, 256]


def test_icon_png_is_256_square() -> None:
    assert pygame.image.load(str(asset_path("art", "icon.png"))).get_size() == (256, 256)


def test_table_is_drawn_from_a_cached_surface() -> None:
    screen = pygame.Surface((320, 180))
    theme.draw_table(screen)
    assert theme.table_surface((320, 180)) is theme.table_surface((320, 180))
    assert screen.get_at((160, 90))[:3] != (0, 0, 0)


def test_panel_and_glow_draw_inside_their_bounds() -> None:
    screen = pygame.Surface((200, 100), pygame.SRCALPHA)
    inner = theme.draw_panel(screen, pygame.Rect(10, 10, 120, 40))
    assert pygame.Rect(10, 10, 120, 40).contains(inner)
    theme.glow(screen, pygame.Rect(150, 20, 30, 42), theme.GLOW_LEGAL)
    assert screen.get_at((150, 20)).a > 0
    assert theme.card_size_to_fit(100, 70) == (50, 70)


@pytest.mark.parametrize("width", [30, 36, 44, 52, 60, 70, 79, 80, 100, 140, 200])
def test_big_numbers_stay_inside_the_dashed_border_and_clear_of_the_frame(
    art: CardArt, width: int
) -> None:
    from gnoming.ui.cardart import DASHED_BORDER_INSET, FRAME_INSET

    size = (width, round(width * 7 / 5))
    for token in ("-5", "-4", "-1", "10", "12", "11"):
        inset = DASHED_BORDER_INSET if token.startswith("-") else FRAME_INSET
        room = pygame.Rect(0, 0, size[0], size[1]).inflate(
            -2 * (round(size[0] * inset) + 1), -2 * (round(size[0] * inset) + 1)
        )
        number = art.number_rect(token, size)
        assert room.contains(number), (token, size, number, room)


def test_a_mulligan_shows_its_gnome_at_every_size(art: CardArt) -> None:
    """The small face keeps the gnome in sight (its red hat above the middle), like
    the big one, instead of a big M over it."""
    for width in (30, 60, 79, 80, 120):
        size = (width, round(width * 7 / 5))
        face = art.face("M", size)
        hat = face.get_at((width // 2 + round(width * 0.04), round(size[1] * 0.3)))
        assert hat[0] > 150 and hat[1] < 90, (size, hat)
