"""The messages: round trips, the edge's refusals, and a fuzzed decoder."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gnoming.ai import make_bot
from gnoming.net import protocol as P
from gnoming.net.address import new_code, parse_code
from gnoming.net.wire import (
    event_from_wire,
    event_to_wire,
    observation_from_wire,
    observation_to_wire,
)
from gnoming.rules import GameState, observe


def test_a_hello_round_trips_with_its_version_and_tag():
    hello = P.Hello(version=P.PROTOCOL_VERSION, code="GNMK", name="Ada", token=None)
    data = P.encode(hello)
    assert b'"type":"hello"' in data
    assert P.decode_client(data) == hello


def test_an_action_travels_in_its_text_form():
    act = P.decode_client(b'{"type":"act","seq":7,"action":"keep 4"}')
    assert isinstance(act, P.Act)
    assert str(act.to_action()) == "keep 4"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xff\xfe\x00",
        b"[]",
        b"{}",
        b'{"type":"nope"}',
        b'{"type":"act","seq":"7","action":"keep 4"}',  # seq must be a number
        b'{"type":"act","seq":-1,"action":"keep 4"}',
        b'{"type":"act","seq":1,"action":"keep 9"}',  # no position 9
        b'{"type":"act","seq":1,"action":"draw 3"}',
        b'{"type":"act","seq":1,"action":["keep",4]}',
        b'{"type":"emote","emote":"you are bad"}',  # no free text
        b'{"type":"hello","version":1,"code":"GN0M","name":"Ada"}',  # 0 is not in codes
        b'{"type":"hello","version":1,"code":"GNMK","name":""}',
        b'{"type":"hello","version":1,"code":"GNMK","name":"Ada\\n"}',
        b'{"type":"hello","version":1,"code":"GNMK","name":"' + b"x" * 25 + b'"}',
        b'{"type":"hello","version":1,"code":"GNMK","name":"Ada","token":"../../etc/passwd"}',
        b'{"type":"hello","version":1,"code":"GNMK","name":"Ada","create":{"seats":9}}',
        b"[" * 50_000,
    ],
)
def test_the_decoder_refuses_what_is_not_a_client_message(data):
    with pytest.raises(P.ProtocolError):
        P.decode_client(data)


def test_a_message_over_64_kilobytes_is_refused_before_it_is_parsed():
    padding = "x" * P.MAX_MESSAGE_BYTES
    with pytest.raises(P.ProtocolError, match="at most"):
        P.decode_client('{"type":"leave","pad":"' + padding + '"}')


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise_anything_but_the_typed_error(data):
    for decode in (P.decode_client, P.decode_server):
        with contextlib.suppress(P.ProtocolError):
            decode(data)


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(["hello", "act", "emote", "leave", "update", "welcome", "problem", "result"]),
    st.dictionaries(
        st.sampled_from(["version", "code", "name", "token", "seq", "action", "emote", "observation", "events", "legal", "seat", "create"]),
        _json_values,
        max_size=6,
    ),
)
def test_valid_json_of_the_wrong_shape_raises_only_the_typed_error(tag, fields):
    import json

    data = json.dumps({"type": tag, **fields})
    for decode in (P.decode_client, P.decode_server):
        with contextlib.suppress(P.ProtocolError):
            decode(data)


def test_a_whole_game_of_updates_round_trips_to_the_same_observations_and_events():
    state, events = GameState.start(5, seed=11)
    bots = [make_bot("easy", seat) for seat in range(5)]
    seq = 0
    largest = 0
    while True:
        update = P.Update(
            seq=seq,
            observation=observation_to_wire(observe(state, 0)),
            events=tuple(event_to_wire(e) for e in events),
            legal=tuple(str(a) for a in state.legal_actions()),
        )
        data = P.encode(update)
        largest = max(largest, len(data))
        back = P.decode_server(data)
        assert isinstance(back, P.Update)
        for seat in range(5):
            assert observation_from_wire(back.observation, seat) == observe(state, seat)
        assert [event_from_wire(e, 5) for e in back.events] == list(events)
        if state.is_over():
            break
        seat = state.current_seat()
        events = state.apply(bots[seat].choose(observe(state, seat), state.legal_actions()))
        seq += 1
    assert largest < P.MAX_MESSAGE_BYTES // 4


def test_a_snapshot_with_a_seat_beyond_the_table_is_refused():
    state = GameState.new(3, seed=1)
    wire = observation_to_wire(observe(state, 0))
    import msgspec

    bad = msgspec.structs.replace(wire, turn_seat=5)
    with pytest.raises(P.ProtocolError):
        observation_from_wire(bad, 0)
    short = msgspec.structs.replace(wire, layouts=wire.layouts[:2])
    with pytest.raises(P.ProtocolError):
        observation_from_wire(short, 0)
    with pytest.raises(P.ProtocolError):
        event_from_wire(P.DealtEv(seat=4, position=0), 3)


def test_join_codes_are_typed_loosely_and_checked_strictly():
    assert parse_code(" gn7k ") == "GN7K"
    for bad in ("", "ab", "GNO0", "ABCDEFGHJ", "AB CD", "ÄBCD"):
        with pytest.raises(ValueError):
            parse_code(bad)
    code = new_code(random.Random(3))
    assert parse_code(code) == code
