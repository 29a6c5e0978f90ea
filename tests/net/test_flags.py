"""The game's and the server's command lines check ports and join codes the same way."""

from __future__ import annotations

import pytest

from gnoming import cli
from gnoming.server import __main__ as server_main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--host", "70000"], "a port is 0 to 65535"),
        (["--host", "twelve"], "a port is a whole number"),
        (["--join", "127.0.0.1", "--code", "I0I0"], "is not a join code"),
    ],
)
def test_the_game_refuses_a_bad_port_or_code_with_a_message(argv, message, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "-1"], "a port is 0 to 65535"),
        (["--open-table", "no"], "is not a join code"),
    ],
)
def test_the_server_refuses_a_bad_port_or_code_with_the_same_message(argv, message, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as stop:
        server_main.build_parser().parse_args(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_good_ports_and_codes_come_through_typed() -> None:
    args = server_main.build_parser().parse_args(["--port", "0", "--open-table", " gn7k "])
    assert args.port == 0 and args.open_table == "GN7K"
    assert cli.build_parser().parse_args(["--join", "[::1]:5000"]).join == "ws://[::1]:5000"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--gnomes", "1", "--autoplay"], "--gnomes goes with --host"),
        (["--host", "0", "--players", "3", "--gnomes", "3", "--autoplay"], "leaves no seat for you"),
        (["--host", "0", "--gnomes", "-1", "--autoplay"], "a table has 0 to 6 gnomes"),
        (["--host", "0", "--gnome-level", "grandpa", "--autoplay"], "invalid choice"),
    ],
)
def test_the_hosts_gnome_flags_are_checked(argv, message, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_host_with_gnomes_comes_through_typed() -> None:
    options = cli.parse_args(["--host", "0", "--players", "4", "--gnomes", "2", "--gnome-level", "expert", "--autoplay"])
    assert (options.players, options.gnomes, options.gnome_level) == (4, 2, "expert")
