"""Games on the local network, found by themselves where the network allows (zeroconf/mDNS).

A host advertises `_urland._tcp` with its port and its name (never the room code: the code is
what keeps strangers out, so the player still types it). The join screen browses for them.
Everything here fails quietly: a network without multicast simply finds nothing.
URLAND_DISCOVERY=0 turns it off (tests, and networks where it is not wanted).
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from dataclasses import dataclass

SERVICE = "_urland._tcp.local."


def enabled() -> bool:
    return os.environ.get("URLAND_DISCOVERY", "1") != "0"


@dataclass(frozen=True)
class FoundGame:
    name: str  # the host's name, as it advertised itself
    address: str  # host:port to join

    def __str__(self) -> str:
        return f"{self.name} - {self.address}"


def local_addresses() -> list[str]:
    """This computer's addresses that others on the network may reach (best guess)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the route
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]


class Advert:
    """This computer's game, announced on the local network until `close`."""

    def __init__(self, port: int, name: str) -> None:
        self._zc = None
        self._info = None
        if not enabled():
            return
        try:
            from zeroconf import ServiceInfo, Zeroconf

            addresses = [socket.inet_aton(a) for a in local_addresses() if ":" not in a]
            label = "".join(ch for ch in name if ch.isalnum() or ch in " -")[:40] or "Urland"
            self._info = ServiceInfo(SERVICE, f"{label}.{SERVICE}", addresses=addresses,
                                     port=port, properties={"name": label})
            self._zc = Zeroconf()
            self._zc.register_service(self._info, allow_name_change=True)
        except Exception:  # no multicast, no network: nothing is announced
            self._zc = None

    @property
    def announced(self) -> bool:
        return self._zc is not None

    def close(self) -> None:
        if self._zc is not None:
            with contextlib.suppress(Exception):
                self._zc.unregister_service(self._info)
                self._zc.close()
            self._zc = None


class Finder:
    """Urland games announced on the local network, found in the background."""

    def __init__(self) -> None:
        self._games: dict[str, FoundGame] = {}
        self._lock = threading.Lock()
        self._zc = None
        if not enabled():
            return
        try:
            from zeroconf import ServiceBrowser, Zeroconf

            self._zc = Zeroconf()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except Exception:
            self._zc = None

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._games.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:
            return
        if info is None or not info.parsed_addresses():
            return
        label = name.removesuffix("." + SERVICE)[:40]
        with self._lock:
            self._games[name] = FoundGame(label, f"{info.parsed_addresses()[0]}:{info.port}")

    def found(self) -> list[FoundGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: g.name)

    def close(self) -> None:
        if self._zc is not None:
            with contextlib.suppress(Exception):
                self._zc.close()
            self._zc = None
