"""The invitation to a game on this computer: the addresses friends reach it at, each with the
room code as one line to paste into Join. One source for the window (a game hosted from New
game: its lobby and Invite dialog) and for `serve`, which prints the same lines."""

from __future__ import annotations

import ipaddress
import socket

from urland.net.discovery import local_addresses
from urland.texts.i18n import N_, _

EVERY_ADDRESS = ("0.0.0.0", "::", "")  # a server listening on every address of this computer
SHOWN_ADDRESSES = 3  # the last ones of `reachable` (this computer itself comes last)
INVITE = N_("Invite your friends")
HOW_TO_JOIN = N_("They choose Join online game on the title screen and paste one of these "
                 "invitations, or type its address and the room code.")


def reachable(port: int, host: str = "0.0.0.0", scheme: str = "ws") -> list[str]:
    """Where friends reach a server listening at `host` and `port`, each as a URL one can
    type: for every address, this computer's addresses, its name, and last this computer
    itself (a second window here); else `host` only."""
    if host in EVERY_ADDRESS:
        hosts = [*local_addresses(), socket.gethostname()]
        hosts = [h for h in hosts if h not in ("127.0.0.1", "localhost")] + ["127.0.0.1"]
    else:
        hosts = [host]
    return [f"{scheme}://{f'[{h}]' if ':' in h else h}:{port}" for h in dict.fromkeys(hosts)]


def invitation(address: str, code: str) -> str:
    """The one line a friend pastes into the Join form: the address with the room code."""
    return f"{address.rstrip('/')}/{code}"


RUN = ".venv/bin/python -m urland"  # how the README runs the program, from its folder


def join_command(address: str, code: str) -> str:
    """The same invitation as a command to type at a terminal."""
    return f"{RUN} join {address} --room {code}"


# Who an address of the lobby is for (`reach_of`): friends on this network, by its number or
# by this computer's name; a second window on this computer; friends over the internet.
NETWORK, NAME, THIS_COMPUTER, INTERNET = "network", "name", "this computer", "internet"


def reach_of(url: str) -> str:
    """Who can reach this computer at `url` (ws://host:port): a private or link-local number
    is this network's, 127.x this computer's alone, a name is looked up on this network, any
    other number is one the internet may reach."""
    host = url.split("//", 1)[-1].rsplit(":", 1)[0].strip("[]")
    try:
        number = ipaddress.ip_address(host)
    except ValueError:
        return THIS_COMPUTER if host == "localhost" else NAME
    if number.is_loopback:
        return THIS_COMPUTER
    return NETWORK if number.is_private or number.is_link_local else INTERNET


REACH_LABELS = {NETWORK: N_("For friends on this network"),
                NAME: N_("This computer's name, on this network"),
                THIS_COMPUTER: N_("Only a second window on this computer"),
                INTERNET: N_("Over the internet, if the port is open")}


def reach_label(url: str) -> str:
    """A few words for an address of the invitation: who it is for."""
    return _(REACH_LABELS[reach_of(url)])
