"""The seat feed that drives the table: the view built from its events always
equals its observation, its events never name a face-down card, and it refuses
what the seat may not do, changing nothing."""

from __future__ import annotations

import random

import pytest

from gnoming.feed import LocalFeed, SeatFeed, check_public
from gnoming.rules import Card, IllegalActionError
from gnoming.rules import actions as A
from gnoming.rules import events as E
from gnoming.store.settings import SeatSpec
from gnoming.ui.session import GameConfig, GameSession, gnome_seats
from gnoming.ui.table.view import TableView

YOU = SeatSpec("person", "You", "medium")


def local_feed(seats: tuple[SeatSpec, ...], seed: int) -> LocalFeed:
    return LocalFeed(GameSession.new(GameConfig(seats, seed), None))


def play_through(feed: SeatFeed, seed: int, max_batches: int = 20_000) -> int:
    """Play a whole game: random legal moves for the screen seats, the gnomes think
    through the feed. After every batch of events the view folded from the events
    must equal the observation. Returns how many batches were checked."""
    rng = random.Random(seed)
    view = TableView(len(feed.seats))
    for checked in range(max_batches):
        for event in feed.take_events():
            view.apply(event)
        obs = feed.observation()
        assert view.differences(obs) == [], f"after {checked} batches"
        if feed.result() is not None:
            return checked
        legal = feed.legal_actions()
        if legal:
            feed.submit(rng.choice(legal))
        else:
            while not feed.step(0.05):
                pass
    raise AssertionError("the game never ended")


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (4, 2), (7, 3)])
def test_the_view_built_from_a_feeds_events_equals_its_observation_all_gnomes(
    n: int, seed: int
) -> None:
    seats = tuple(SeatSpec("gnome", s.name, "easy") for s in gnome_seats(n))
    feed = local_feed(seats, seed)
    assert play_through(feed, seed) > 50


@pytest.mark.parametrize(("n", "seed"), [(3, 4), (5, 5)])
def test_the_view_built_from_a_feeds_events_equals_its_observation_with_people(
    n: int, seed: int
) -> None:
    gnomes = tuple(SeatSpec("gnome", s.name, "easy") for s in gnome_seats(n - 1))
    feed = local_feed((YOU, *gnomes), seed)
    assert feed.screen_seats == (0,)
    assert play_through(feed, seed) > 50


def test_a_continued_game_starts_the_view_from_the_observation() -> None:
    feed = local_feed((YOU, SeatSpec("gnome", "Pip", "easy")), 8)
    rng = random.Random(2)
    for _ in range(40):
        feed.take_events()
        legal = feed.legal_actions()
        if legal:
            feed.submit(rng.choice(legal))
        else:
            feed.step(0.05)
    continued = LocalFeed(feed.session)
    assert continued.take_events() == []  # no deal replayed
    view = TableView.from_observation(continued.observation())
    assert view.differences(continued.observation()) == []


def test_a_feed_refuses_a_move_that_is_not_the_screens_and_changes_nothing() -> None:
    feed = local_feed((SeatSpec("gnome", "Pip", "easy"), YOU), 3)
    feed.take_events()
    obs = feed.observation()
    assert obs.current_seat == 0 and feed.legal_actions() == ()
    assert feed.why_illegal(A.flip(0)) is not None
    with pytest.raises(IllegalActionError):
        feed.submit(A.flip(0))
    assert feed.take_events() == [] and feed.observation() == obs


def test_a_feed_explains_an_illegal_move_of_the_deciding_seat() -> None:
    feed = local_feed((YOU, SeatSpec("gnome", "Pip", "easy")), 3)
    feed.take_events()
    feed.submit(A.flip(0))
    assert feed.why_illegal(A.flip(1)) is None
    assert "face" in (feed.why_illegal(A.flip(0)) or "")
    assert feed.why_illegal(A.DRAW) is not None
    obs = feed.observation()
    with pytest.raises(IllegalActionError):
        feed.submit(A.flip(0))
    assert feed.observation() == obs


def test_a_gnome_decides_only_when_the_table_lets_it_act() -> None:
    feed = local_feed((SeatSpec("gnome", "Pip", "easy"), YOU), 3)
    feed.take_events()
    for _ in range(50):
        assert not feed.step(0.05, act=False)
    assert feed.thinking_seat == 0
    assert feed.step(0.05)
    assert any(isinstance(e, E.TurnedUp) for e in feed.take_events())


def test_a_batch_that_names_a_face_down_card_it_never_turns_up_is_caught() -> None:
    hidden = E.Placed(0, 4, Card.parse(5), Card.parse(7), False)
    with pytest.raises(ValueError):
        check_public([hidden])
    shown = E.TurnedUp(0, 4, Card.parse(7), E.TurnReason.REPLACED)
    check_public([hidden, shown])
