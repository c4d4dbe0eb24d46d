"""`python -m urland join` with a window: the table of a game held on a server."""

from __future__ import annotations

import argparse
import os
import ssl
import sys

from urland import paths
from urland.net.client import JoinRefused
from urland.net.commands import seat_client, seat_not_taken
from urland.net.link import NetLink
from urland.net.tokens import keep_token
from urland.userfiles.servers import remember_server


def join_with_window(url: str, args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    """Take the seat, then play it at the table (or watch the medium bot play it: autoplay)."""
    client = seat_client(url, args, tls)
    try:
        link = NetLink.open(client, paths.history_dir())
    except (JoinRefused, ConnectionError, TimeoutError) as exc:
        return seat_not_taken(exc)
    if client.token:
        keep_token(url, args.room, client.token)
    remember_server(url.rstrip("/"))
    from urland.app import App, AutoplayOptions
    from urland.table import unsaved
    from urland.table.remote import RemoteTable
    from urland.userfiles.startup import prepare

    settings, notices = prepare(None)
    unsaved.recover()  # finished games a full disk kept from their save last time
    autoplay = (AutoplayOptions([], 0, args.screenshots, args.quit_when_over, joined=True)
                if args.autoplay else None)
    door = RemoteTable(link)  # with --autoplay, the link's bot plays the seat
    # Frames run back to back without a screen: let them wait for the server instead.
    door.patient = autoplay is not None and os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = App(settings, autoplay, notices=notices)
    code = app.run("online_table", door=door)
    link.close()
    if link.mirror.over and link.record_path is None:
        print("urland join: the game could not be kept in the history", file=sys.stderr)
    return code
