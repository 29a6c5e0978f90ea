"""Shared pieces of the network tests: a fake link and a table filled with friends."""

from __future__ import annotations

from gnoming.net import protocol as P
from gnoming.server.table import Joined, Table


class FakeLink:
    """A connection that keeps what it was sent."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = False

    def send(self, data: bytes) -> None:
        self.sent.append(data)

    def close(self) -> None:
        self.closed = True

    def messages(self) -> list[P.ServerMessage]:
        return [P.decode_server(data) for data in self.sent]

    def take(self) -> list[P.ServerMessage]:
        out = self.messages()
        self.sent.clear()
        return out


def hello(name: str = "Ada", code: str = "GNMK", token: str | None = None) -> P.Hello:
    return P.Hello(version=P.PROTOCOL_VERSION, code=code, name=name, token=token)


def full_table(
    seats: int = 4, gnomes: int = 1, seed: int = 5, reconnect: float = 10.0, level: str = "easy"
) -> tuple[Table, list[FakeLink]]:
    """A started table: every friend's seat joined by a :class:`FakeLink`."""
    spec = P.TableSpec(seats=seats, gnomes=gnomes, level=P.Difficulty(level))
    table = Table("GNMK", spec, seed, reconnect_seconds=reconnect)
    links = []
    for i in range(seats - gnomes):
        link = FakeLink()
        outcome = table.join(link, hello(f"Friend {i}"), now=0.0)
        assert isinstance(outcome, Joined) and outcome.seat == i
        links.append(link)
    assert table.started
    return table, links


def token_of(link: FakeLink) -> str:
    welcome = next(m for m in link.messages() if isinstance(m, P.Welcome))
    return welcome.token
