"""Tables on the local network, announced and found with DNS-SD (mDNS, ``zeroconf``).

A host announces ``_gnoming._tcp.local.`` with its port and, in the TXT
record, the protocol version, the join code and the host's name. The title
screen's "Join a table" lists what it hears. What comes from the network is
checked here (:func:`lan_table`): a bad record is ignored, never shown.

Nothing here runs in the tests: mDNS is multicast on the real network. The
record parsing is pure and tested.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import threading
from dataclasses import dataclass
from typing import Any

from .address import parse_code
from .protocol import PROTOCOL_VERSION

SERVICE_TYPE = "_gnoming._tcp.local."
_NAME_RE = re.compile("\\A[^\\x00-\\x1f\\x7f-\\x9f]{1,24}\\Z")


@dataclass(frozen=True, order=True)
class LanTable:
    """A table heard on the local network."""

    name: str
    address: str
    """``host:port``, ready for :func:`~gnoming.net.address.server_url`."""
    code: str


def lan_addresses() -> list[str]:
    """This computer's addresses a friend on the same network could reach (no loopback)."""
    import ifaddr  # comes with zeroconf

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                address = ipaddress.ip_address(ip.ip)
                if not address.is_loopback and not address.is_link_local:
                    found.append(str(address))
    return found


def _text(properties: dict[bytes, bytes | None], key: bytes) -> str | None:
    value = properties.get(key)
    if value is None or len(value) > 64:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def lan_table(properties: dict[bytes, bytes | None], addresses: list[str], port: int) -> LanTable | None:
    """A heard record as a table, or None when anything in it is not as we send it.

    >>> lan_table({b"v": b"2", b"code": b"GN7K", b"name": b"Ada"}, ["192.168.1.5"], 47474)
    LanTable(name='Ada', address='192.168.1.5:47474', code='GN7K')
    >>> lan_table({b"v": b"2", b"code": b"no!", b"name": b"Ada"}, ["192.168.1.5"], 47474) is None
    True
    >>> lan_table({b"v": b"1", b"code": b"GN7K", b"name": b"Ada"}, ["192.168.1.5"], 47474) is None  # an older game
    True
    """
    version, code, name = _text(properties, b"v"), _text(properties, b"code"), _text(properties, b"name")
    if version != str(PROTOCOL_VERSION) or code is None or name is None or not _NAME_RE.match(name):
        return None
    try:
        code = parse_code(code)
        address = ipaddress.ip_address(addresses[0]) if addresses else None
    except (ValueError, IndexError):
        return None
    if address is None or not 0 < port < 65536:
        return None
    host = f"[{address}]" if address.version == 6 else str(address)
    return LanTable(name=name, address=f"{host}:{port}", code=code)


class Announcer:
    """Announce one hosted table while it waits for friends (close it after)."""

    def __init__(self, port: int, code: str, name: str, addresses: list[str] | None = None) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        ips = addresses if addresses is not None else lan_addresses()
        label = re.sub(r"[^A-Za-z0-9 -]", "", name)[:24] or "Gnoming table"
        self._zeroconf = Zeroconf()
        self._info = ServiceInfo(
            SERVICE_TYPE,
            f"{label} {code}.{SERVICE_TYPE}",
            addresses=[socket.inet_pton(socket.AF_INET6 if ":" in ip else socket.AF_INET, ip) for ip in ips],
            port=port,
            properties={"v": str(PROTOCOL_VERSION), "code": code, "name": name[:24]},
            server=f"{socket.gethostname()}.local.",
        )
        self._zeroconf.register_service(self._info)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()


class Browser:
    """Listen for announced tables in the background; :meth:`tables` lists them."""

    def __init__(self) -> None:
        from zeroconf import ServiceBrowser, Zeroconf

        self._lock = threading.Lock()
        self._tables: dict[str, LanTable] = {}
        self._zeroconf = Zeroconf()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        if info is None:
            return
        table = lan_table(dict(info.properties), list(info.parsed_addresses()), int(info.port or 0))
        if table is not None:
            with self._lock:
                self._tables[name] = table

    def tables(self) -> list[LanTable]:
        with self._lock:
            return sorted(self._tables.values())

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._browser.cancel()
        self._zeroconf.close()
