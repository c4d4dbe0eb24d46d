"""`python -m urland serve` and `python -m urland join`: the server and a client at a terminal."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import ipaddress
import logging
import secrets
import signal
import socket
import ssl
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from urland import paths
from urland.bots.registry import DEFAULT_BOT, bot_names
from urland.engine import PLAYER_COUNTS
from urland.master.room import REMOTE, SECRET_SEED_BELOW, Room, normal_code
from urland.net.addresses import DEFAULT_PORT, server_url, split_invitation
from urland.net.discovery import Advert
from urland.store.choice import SQLITE, is_postgres
from urland.store.sqlite import FILE_NAME, FolderInUse
from urland.texts.i18n import _

GOODBYE_SECONDS = 10.0  # how long a finished room waits for its clients to take the record
INVITED_ROOMS = 3  # the open rooms `serve` prints invitations to when it starts


def _seat_kinds(text: str) -> list[str]:
    kinds = [t.strip().lower() for t in text.split(",") if t.strip()]
    if len(kinds) not in PLAYER_COUNTS:
        raise argparse.ArgumentTypeError("name 3 to 5 seats, e.g. remote,remote,medium")
    allowed = (REMOTE, *bot_names())
    for kind in kinds:
        if kind not in allowed:
            raise argparse.ArgumentTypeError(f"unknown seat {kind!r} (choose from "
                                             f"{', '.join(allowed)})")
    if REMOTE not in kinds:
        raise argparse.ArgumentTypeError("a room needs at least one remote seat")
    return kinds


def _room_code(text: str) -> str:
    if not 1 <= len(normal_code(text)) <= 40 or len(text) > 40:
        raise argparse.ArgumentTypeError("a room code is 1 to 40 letters, digits or dashes")
    return text


def serve_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="urland serve", description="Run Urland rooms for players on other computers.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on "
                        "(default: every address of this computer)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port (0: any free one)")
    parser.add_argument("--room", type=_room_code, help="open this room at start "
                        "(carried on if it is kept unfinished); without it, kept rooms are "
                        "carried on, or a new one is made when none is left")
    parser.add_argument("--plain-code", action="store_true",
                        help="keep a word given with --room as it is (by default a random "
                             "suffix is added: a word is easy to guess)")
    parser.add_argument("--seats", type=_seat_kinds, default=[REMOTE] * 3,
                        help=f"the room's seats: remote or a bot ({', '.join(bot_names())})")
    parser.add_argument("--seed", type=int,
                        help="the room's game seed, for tests and private games: whoever knows "
                             "it knows every hand and the pile (default: an unguessable one)")
    parser.add_argument("--quit-when-over", action="store_true",
                        help="exit once the --room game has ended")
    parser.add_argument("--rooms", type=Path, help="folder where rooms are kept "
                        "(default: 'rooms' beside the autosave)")
    parser.add_argument("--store", default=SQLITE, metavar="sqlite|postgresql://...",
                        help="what keeps the rooms: 'sqlite' (default), the file "
                             f"{FILE_NAME} in the rooms folder; or a PostgreSQL URL such as "
                             "postgresql://urland@db.example/urland (needs the 'server' extra: "
                             "pip install 'urland[server]')")
    parser.add_argument("--ai-after", type=float, metavar="SECONDS",
                        help="let an AI play for a player who has been away this long")
    parser.add_argument("--max-per-address", type=int, default=16, metavar="N",
                        help="connections at once from one address, counted from the moment "
                             "each is accepted (default 16; past twice as many a new one is "
                             "cut at once); raise it when many players share one address, "
                             "e.g. tests on 127.0.0.1")
    parser.add_argument("--no-announce", action="store_true",
                        help="do not announce the server on the local network (by default "
                             "the join screens of computers nearby list it; a server that "
                             "listens on a loopback address such as 127.0.0.1 is never "
                             "announced)")
    parser.add_argument("--unrated", action="store_true",
                        help="finished games change nobody's rating on this server (by "
                             "default each rates its players, bot levels included)")
    parser.add_argument("--cert", type=Path, help="TLS certificate (PEM): speak wss://")
    parser.add_argument("--key", type=Path, help="the certificate's private key (PEM)")
    parser.add_argument("--advertise", metavar="ws://HOST:PORT",
                        help="with --store postgresql://...: the address this process's "
                             "clients reach it at, which the other processes send a room's "
                             "players to (without it, one process serves every room)")
    return parser


def serve_main(argv: Sequence[str]) -> int:
    parser = serve_parser()
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port is 0 to 65535")
    if not 1 <= args.max_per_address <= 100_000:
        parser.error("--max-per-address is 1 to 100000")
    if bool(args.cert) != bool(args.key):
        parser.error("--cert and --key go together")
    if args.seed is not None and not -SECRET_SEED_BELOW < args.seed < SECRET_SEED_BELOW:
        parser.error("--seed has at most 18 digits")
    if args.quit_when_over and not args.room:
        parser.error("--quit-when-over needs --room")
    if args.store != SQLITE and not is_postgres(args.store):
        parser.error("--store is sqlite or a postgresql:// URL")
    if args.advertise and not is_postgres(args.store):
        parser.error("--advertise goes with --store postgresql://...")
    tls = None
    if args.cert:
        from urland.net.server import tls_context

        try:
            tls = tls_context(args.cert, args.key)
        except (OSError, ssl.SSLError) as exc:
            print(f"urland serve: cannot use the certificate: {exc}", file=sys.stderr)
            return 2
    try:
        return asyncio.run(_serve(args, tls))
    except FolderInUse as exc:
        print(f"urland serve: another Urland server (or a game hosted from the window) already "
              f"keeps its rooms in {exc.folder}: stop that one first, or give this one another "
              "folder with --rooms.", file=sys.stderr)
        return 1
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"urland serve: port {args.port} is already in use (by another server, or a "
                  "game hosted on this computer): choose another with --port, for example "
                  f"--port {args.port + 1}.", file=sys.stderr)
        elif exc.errno == errno.EADDRNOTAVAIL:
            print(f"urland serve: this computer has no address {args.host}: leave out --host "
                  "(every address of this computer), or give one of its own.", file=sys.stderr)
        else:
            print(f"urland serve: {exc}", file=sys.stderr)
        return 1


def _say_who_comes_and_goes() -> None:
    """The server's log (players taking, leaving and retaking seats, games ending) on the
    terminal that runs `serve`, one plain line each."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(message)s"))
    rooms_log = logging.getLogger("urland.rooms")
    rooms_log.addHandler(handler)
    rooms_log.setLevel(logging.INFO)


async def _serve(args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    """Serve until stopped, the collector's full passes made rare (`urland.net.collector`):
    every room would otherwise stop for a fifth of a second several times a minute."""
    from urland.net.collector import rare_full_passes
    from urland.net.server import GameServer  # noqa: F401 (in memory before it is frozen)

    async with rare_full_passes():
        return await _serve_rooms(args, tls)


async def _serve_rooms(args: argparse.Namespace, tls: ssl.SSLContext | None) -> int:
    from urland.net.server import GameServer, ServerOptions, bound_port

    _say_who_comes_and_goes()

    rooms_dir = args.rooms or paths.data_dir() / "rooms"
    # Several processes on one PostgreSQL (--advertise): each takes its rooms one by one
    # (urland.cluster); without it, one process reads every room back, as on SQLite.
    clustered = bool(args.advertise)
    server = GameServer(ServerOptions(rooms_dir=rooms_dir, store=args.store,
                                      history_dir=paths.history_dir(),
                                      ai_after=args.ai_after,
                                      per_address=args.max_per_address,
                                      read_back=not clustered, rated=not args.unrated))
    for problem in server.problems:
        print(f"urland serve: {problem}", file=sys.stderr)
    room = None
    seed = args.seed if args.seed is not None else secrets.randbelow(SECRET_SEED_BELOW)
    cluster, elsewhere = None, ""
    if clustered:
        cluster, room, elsewhere = await _in_cluster(server, args, seed)
    elif args.room:
        room = server.open_room(_room_to_open(server, args), args.seats, seed)
    elif not any(not r.game.over for r in server.rooms.values()):
        from urland.master.room import new_room_code

        server.open_room(new_room_code(), args.seats, seed)  # a first room to play in
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    async with server.serve(args.host, args.port, tls) as ws_server:
        scheme = "wss" if tls else "ws"
        print(listening_line(args.host, bound_port(ws_server), scheme), flush=True)
        if elsewhere:
            print(elsewhere, flush=True)
        for kept in server.rooms.values():
            if kept is room or not kept.game.over:
                kinds = ",".join(s.kind for s in kept.seats)
                played = len(kept.game.moves)
                print(f"Room {kept.code} ({kinds}), {played} move{'' if played == 1 else 's'}"
                      " played", flush=True)
        rooms = [room] if room is not None else list(server.rooms.values())
        for line in invitation_lines(rooms, args.host, bound_port(ws_server), scheme):
            print(line, flush=True)
        advert = announced(args, bound_port(ws_server))
        await server.start()
        try:
            if args.quit_when_over and room is not None:
                await _until_over(server, room, stop)
            else:
                await stop.wait()
        finally:
            if advert is not None:
                advert.close()
            if cluster is not None:  # its rooms go to the other processes, with its clients
                await cluster.close()
                await server.drained(5.0)
    await server.close()
    said = _stopped_line(args, rooms_dir, stopped=stop.is_set(), clustered=cluster is not None,
                         room=room)
    if said:
        print(said, flush=True)
    return 0


def _stopped_line(args: argparse.Namespace, rooms_dir: Path, stopped: bool, clustered: bool,
                  room: Room | None) -> str:
    """What `serve` says as it ends: stopped (where its games are kept, and who serves them
    on), or its one room's game over ('' when neither)."""
    if stopped and clustered:
        return ("Server process stopped. Its games are kept in the database and the server's "
                "other processes serve them on; this one takes its share again when started "
                "with the same command.")
    if stopped:
        kept_in = rooms_dir if args.store == SQLITE else "the database"
        return (f"Server stopped. Its games are kept in {kept_in}: start it again with the "
                "same command and each goes on where it stood.")
    if room is not None:
        return f"Room {room.code}: the game is over, so the server stops."
    return ""


def listening_line(host: str, port: int, scheme: str = "ws") -> str:
    """Where the server listens, in words: every address of this computer (an address to
    listen on, not one to give friends), or the one it was given."""
    from urland.net.invite import EVERY_ADDRESS

    where = ("every address of this computer" if host in EVERY_ADDRESS
             else f"{host} only")
    secure = " (wss://, encrypted)" if scheme == "wss" else ""
    return f"Urland server listening on {where}, port {port}{secure}."


def invitation_lines(rooms: list, host: str, port: int, scheme: str = "ws") -> list[str]:
    """What the host pastes to friends: each open room's invitations, in the words of the
    window's Invite dialog, then the same as `join` commands for a terminal (none when no room
    has a seat left to take)."""
    from urland.net.invite import (
        HOW_TO_JOIN,
        INVITE,
        SHOWN_ADDRESSES,
        invitation,
        join_command,
        reach_label,
        reachable,
    )

    open_rooms = [r for r in rooms if not r.game.over
                  and any(s.remote and not s.taken for s in r.seats)][:INVITED_ROOMS]
    if not open_rooms:
        return []
    addresses = reachable(port, host, scheme)[-SHOWN_ADDRESSES:]
    lines = [f"{_(INVITE)}. {_(HOW_TO_JOIN)}"]
    for open_room in open_rooms:
        for address in addresses:
            lines += [f"  {reach_label(address)}:", f"    {invitation(address, open_room.code)}"]
    lines.append("At a terminal (add --name and your name):")
    lines += [f"    {join_command(addresses[0], r.code)}" for r in open_rooms]
    return lines


async def _in_cluster(server, args: argparse.Namespace, seed: int):
    """Join the processes on the database (--store); the --room opened or taken here, or a
    line saying which process serves it."""
    from urland.net.clustered import join_cluster, open_or_find

    cluster = await join_cluster(server, args.store, args.advertise)
    if not args.room:
        return cluster, None, ""
    found = await open_or_find(cluster, server, _room_to_open(server, args), args.seats, seed)
    if isinstance(found, str):
        return cluster, None, f"Room {args.room} is served by {found}"
    return cluster, found, ""


def announced(args: argparse.Namespace, port: int) -> Advert | None:
    """The server announced on the local network (zeroconf, as a game hosted from the window
    is), unless --no-announce, or it listens on a loopback address nobody else can reach."""
    if args.no_announce or _loopback(args.host):
        return None
    advert = Advert(port, f"Urland server {socket.gethostname()}")
    if advert.announced:
        print("Announced on the local network: the join screens of computers nearby list "
              "this server (--no-announce to stop it).", flush=True)
    return advert


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _room_to_open(server, args: argparse.Namespace) -> str:
    """The code `--room` opens: as given with --plain-code or when it is strong, else with a
    random suffix (the one it was given before, when its room is kept unfinished)."""
    from urland.net.room_codes import NEW_GAME, WARNING, strengthened, word_like

    if args.plain_code or not word_like(args.room):
        return args.room
    kept = [r.code for r in server.rooms.values() if not r.game.over]
    code = strengthened(args.room, kept)
    print(WARNING.format(given=args.room, code=code), file=sys.stderr, flush=True)
    if code not in kept:
        print(NEW_GAME.format(given=args.room, code=code), file=sys.stderr, flush=True)
    return code


async def _until_over(server, room, stop: asyncio.Event) -> None:
    """Wait for the room's game to end, then for its clients to leave (a little while)."""
    while not room.game.over and not stop.is_set():
        await asyncio.sleep(0.1)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + GOODBYE_SECONDS
    while any(server.connected(room)) and loop.time() < deadline and not stop.is_set():
        await asyncio.sleep(0.1)


# --- join ----------------------------------------------------------------------------------

def join_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="urland join",
                                     description="Take a seat in a game on a server.")
    parser.add_argument("address", help="the server: host:port or a ws:// (wss://) URL, "
                        "or the invitation as the host has it (ws://host:port/ROOM-CODE); "
                        "several, comma-separated, for the processes of one server (each is "
                        "tried in turn when the one played on is out of reach)")
    parser.add_argument("--room", type=_room_code,
                        help="the room code (not needed with an invitation that holds it)")
    parser.add_argument("--name", default="", help="your name at the table")
    parser.add_argument("--autoplay", action="store_true",
                        help="let the medium bot play this seat, from this seat's view only")
    parser.add_argument("--quit-when-over", action="store_true",
                        help="exit once the game has ended and been kept in the history")
    parser.add_argument("--screenshots", type=Path, help="save pictures of the table here")
    parser.add_argument("--no-window", action="store_true", help="play without a window")
    parser.add_argument("--cafile", type=Path,
                        help="trust this certificate (PEM) for a wss:// server, besides the "
                             "system's authorities")
    parser.add_argument("--new-identity", action="store_true",
                        help="take a new online identity (when yours cannot be read: the "
                             "damaged file is kept aside)")
    return parser


def _address_and_room(parser: argparse.ArgumentParser, address: str,
                      room: str | None) -> tuple[str, str]:
    """`join`'s address without the room codes of invitations in it (ws://host:port/CODE, as
    the window's Join form takes a pasted one), and the room: --room, else the invitation's."""
    parts, codes = [], []
    for part in address.split(","):
        bare = "/" in part and "://" not in part  # host:port/CODE, typed without ws://
        server, code = split_invitation(f"ws://{part.strip()}" if bare else part)
        parts.append(server)
        if code:
            codes.append(code)
    found = list(dict.fromkeys(codes))
    if len({normal_code(c) for c in found}) > 1:
        parser.error(f"the invitations name different rooms ({', '.join(found)}): give one")
    if room and found and normal_code(room) != normal_code(found[0]):
        parser.error(f"--room {room} is not the room of the invitation ({found[0]}): "
                     "leave out --room, or give the address without the code")
    room = room or (found[0] if found else "")
    if not room:
        parser.error("which room? Give the invitation as the host has it "
                     "(ws://host:port/ROOM-CODE), or add --room ROOM-CODE")
    try:
        _room_code(room)
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    return ",".join(parts), room


def server_urls(text: str) -> list[str]:
    """The URLs of `join`'s address: one, or several comma-separated (ValueError if any is
    not a server address)."""
    return [server_url(part) for part in text.split(",") if part.strip()] or [server_url("")]


def client_tls(cafile: Path | None = None) -> ssl.SSLContext:
    """The system's authorities, and `cafile`'s certificates besides (a private server's)."""
    tls = ssl.create_default_context()
    if cafile is not None:
        tls.load_verify_locations(cafile=str(cafile))
    return tls


def join_main(argv: Sequence[str], with_window: Callable[[str, argparse.Namespace,
                                                           ssl.SSLContext | None], int]) -> int:
    """`join`: with `--no-window` here, else through `with_window` (the table in a window,
    which the command line hands in: the network layer opens no window itself)."""
    parser = join_parser()
    args = parser.parse_args(argv)
    if len(args.name) > 24:
        parser.error("--name is at most 24 characters")
    args.address, args.room = _address_and_room(parser, args.address, args.room)
    try:
        url, *args.more_addresses = server_urls(args.address)
    except ValueError as exc:
        parser.error(str(exc))
    tls = None
    if url.startswith("wss:"):
        try:
            tls = client_tls(args.cafile)
        except (OSError, ssl.SSLError) as exc:
            parser.error(f"cannot use --cafile: {exc}")
    if args.no_window:
        ctrl_c_leaves()
        try:
            return asyncio.run(join_headless(url, args, tls))
        except KeyboardInterrupt:  # Ctrl+C: a way to leave, not a fault
            print("urland join: you left the game; your seat stays yours: join again with "
                  "the same address and room code to take it back.", file=sys.stderr)
            return 130
    return with_window(url, args, tls)


def ctrl_c_leaves() -> None:
    """Ctrl+C leaves a window-less seat even when whatever started `join` ignored or blocked
    the interrupt (a script's background job, a test runner's worker): a player who presses
    it wants out, and the seat stays theirs."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.platform != "win32":  # (Windows has no signal masks)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def seat_client(url: str, args: argparse.Namespace, tls: ssl.SSLContext | None):
    """The client that takes (or takes back, with the token kept from last time) a seat."""
    from urland.net.client import NetClient
    from urland.net.tokens import room_token, saved_token

    bot = DEFAULT_BOT if getattr(args, "autoplay", False) else ""  # the level autoplay plays
    token = saved_token(url, args.room)
    guessed = room_token(args.room) if token is None else None  # the code's, any address
    key = "" if bot else identity_key(url, getattr(args, "new_identity", False))
    client = NetClient(url, args.room, args.name, token or guessed, tls, bot=bot, identity=key)
    client.token_guessed = guessed is not None
    for other in getattr(args, "more_addresses", []):  # the server's other processes
        if other not in client.addresses:
            client.addresses.append(other)
    return client


def identity_key(url: str, new: bool = False) -> str:
    """The player's identity key for the server at `url` (made on first use; `new`: a new
    identity, the damaged file kept aside); "" when there is none, the reason said."""
    from urland.userfiles.identity import online_identity, replace_identity

    identity, problem = replace_identity() if new else online_identity()
    if problem:
        hint = "" if identity is not None or new else " (join with --new-identity)"
        print(f"urland join: {problem}{hint}", file=sys.stderr)
    return "" if identity is None else identity.key_for(url)


def seat_not_taken(exc: Exception) -> int:
    """Say why the seat could not be taken; the exit code (2: refused, 1: not reached)."""
    from urland.net.client import JoinRefused

    if isinstance(exc, JoinRefused):
        print(f"urland join: refused: {exc}", file=sys.stderr)
        return 2
    print(f"urland join: {exc}", file=sys.stderr)
    return 1


async def join_headless(url: str, args: argparse.Namespace, tls: ssl.SSLContext | None,
                        on_change=None) -> int:
    """Join without a window; with --autoplay the medium bot plays. Exit code."""
    from urland.bots.registry import make_bot
    from urland.net.client import JoinRefused
    from urland.net.seat_runner import run_seat
    from urland.net.tokens import keep_token
    from urland.userfiles.servers import remember_server

    client = seat_client(url, args, tls)
    presented = client.token  # kept by this computer: its own seat again, if the server agrees
    try:
        await client.connect_first()
    except (JoinRefused, ConnectionError, TimeoutError) as exc:
        return seat_not_taken(exc)
    if client.token:
        keep_token(url, args.room, client.token)
    remember_server(url.rstrip("/"))
    mirror = client.mirror
    back = bool(presented) and client.token == presented
    for line in seated_lines(mirror, args, back):
        print(line, flush=True)
    bot = make_bot(DEFAULT_BOT, secrets.randbelow(2**31)) if args.autoplay else None
    told = []

    def say_game_over() -> None:
        """Said the moment the game ends (and is kept in the history), not when `join` stops."""
        if mirror.record is not None and not told:
            told.append(True)
            track = mirror.record.state.track
            print("Game over: " + ", ".join(f"{n} {s}" for n, s in zip(
                mirror.names, track, strict=False)), flush=True)
            if not args.quit_when_over:
                print("The game is kept in your history. Press Ctrl+C to leave (with "
                      "--quit-when-over, join leaves by itself).", flush=True)

    def kept(path: Path | None) -> None:
        _report_record(path)
        say_game_over()

    code = await run_seat(client, bot, quit_when_over=args.quit_when_over,
                          history_dir=paths.history_dir(), on_change=on_change,
                          record_kept=kept)
    if code == 0 and mirror.record is not None:
        say_game_over()
    elif client.refusal:
        print(f"urland join: the server no longer takes this seat: {client.refusal}",
              file=sys.stderr)
    elif code:
        print("urland join: the connection to the server was lost", file=sys.stderr)
    return code


def seated_lines(mirror, args: argparse.Namespace, back: bool) -> list[str]:
    """What `join` without a window says once seated: the room and seat, the name given (it
    may differ from the one asked) and the colour; who plays the seat, and how to leave."""
    from urland.engine import COLOUR_NAMES
    from urland.master.names import clean_name

    seat = mirror.seat
    name = mirror.names[seat] if seat < len(mirror.names) else ""
    colour = COLOUR_NAMES[mirror.colours[seat]] if seat < len(mirror.colours) else ""
    lines = [f"Joined room {mirror.room} as seat {seat + 1} of {mirror.players}: "
             f"{name}, {colour}{' (your seat again)' if back else ''}."]
    if args.name and clean_name(args.name) != name and not back:
        lines.append(f"The name {args.name.strip()} is taken at this table: you play as "
                     f"{name}.")
    if args.autoplay:
        lines.append(f"The {DEFAULT_BOT} bot plays {name}'s moves; the game's end is said "
                     "here.")
    else:
        lines.append("Without a window and without --autoplay, this seat plays no move: the "
                     "game waits at its turn. Press Ctrl+C to leave (the seat stays yours), "
                     "then join again with a window or with --autoplay.")
    return lines


def _report_record(path: Path | None) -> None:
    if path is None:
        print("urland join: the game could not be kept in the history", file=sys.stderr)
