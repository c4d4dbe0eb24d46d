"""Network play under load: one server process, N rooms of 4 bot clients at a fixed pace.

    python benchmarks/net_bench.py [--rooms 50,100,200,300] [--seconds 20] [--warmup 5]
        [--pace 2.0]
        [--client-processes 2]
        [--store sqlite|postgresql://...|scratch [--processes N] [--kill-one]]

For each room count a fresh server process (rooms kept as `serve` keeps them: every change
committed to the room store before anyone is told; SQLite in a fresh folder by default, or the
PostgreSQL database given, each run's rooms under codes of their own) holds N rooms
of 4 remote seats; the clients (random bots, deciding at once) wait `pace`
seconds before each move, so every room plays one move per `pace` seconds whatever the load.
A move's round trip is the time from sending it to receiving the update that shows it played.
Prints, per room count: moves, round-trip median and 99th percentile, the server's CPU (share
of one core, and per room, while the round trips are taken) and memory (resident, and per
room), the clients' own CPU and the
machine's load average (other programs slow the figures down); then the most rooms whose 99th
percentile stayed at or under 100 ms. Loopback only (127.0.0.1). Asserts nothing.

The clients run in `--client-processes K` processes of their own (room r's in process r mod K;
default 2, one a core here): one process playing 2,400 seats parses the updates of a wave of
moves one after the other, and its own delay, not the server's, would then be counted in the
round trips. Each client process also times its own loop (how late a 10-ms sleep wakes) while
the round trips are taken: the "client lag p99" column, to tell a slow server from busy clients.

With `--store`, `--processes N` server processes share one PostgreSQL (`scratch`: one started
for the run in a scratch folder): process i opens rooms i, i + N, ... and room r's clients
connect to process r mod N. With `--kill-one` the first process is killed (kill -9) halfway
through each line: its rooms are taken by the others and its clients come back through them.
The round trips across the take-over count in the figures; two lines below give how long the
killed process's seats took to be back on the others (median, p99), the moves caught on their
way by the kill (each waits until its seat is back: the longest), and the p99 of every other
move, also apart for the rooms that moved and those that stayed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from urland.bots.registry import make_bot
from urland.net.client import NetClient, reconnect
from urland.net.collector import rare_full_passes
from urland.net.server import ServerOptions

SEATS = 4
GOAL_MS = 100.0


@contextlib.asynccontextmanager
async def collector_held() -> AsyncIterator[None]:
    """While round trips are timed, this process's own garbage collector waits: the clients'
    views pile up, and its full collections (100-300 ms once a few hundred rooms have played
    a while) would stop every client's clock at once and be counted as the server's. It
    collects before (the round trips that held up land before the clock starts) and after;
    the server is left as it is."""
    gc.collect()
    gc.disable()
    await asyncio.sleep(1)
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


def _lifted(rooms: int, **more) -> ServerOptions:
    """Every client connects from 127.0.0.1: the limits per address are lifted."""
    return ServerOptions(rate=50, burst=100, per_address=SEATS * rooms + 16, hello_rate=10_000,
                         hello_burst=10_000, connect_rate=10_000, connect_burst=10_000, **more)


def serve_rooms(rooms: int, folder: str, store: str, prefix: str) -> None:
    """The server process: N rooms, then serve until killed (prints its port). Folder "-":
    rooms kept in memory only (to tell the disk's share of the round trip)."""
    from urland.net.server import GameServer, bound_port

    async def main() -> None:
        rooms_dir = None if folder == "-" else Path(folder)
        async with rare_full_passes():  # as `serve` does
            server = GameServer(_lifted(rooms, rooms_dir=rooms_dir, store=store))
            for i in range(rooms):
                server.open_room(f"{prefix}{i}", ["remote"] * SEATS, i)
            async with server.serve("127.0.0.1", 0) as ws:
                print(bound_port(ws), flush=True)
                await asyncio.Event().wait()

    asyncio.run(main())


def serve_share(rooms: int, url: str, place: int, processes: int, prefix: str) -> None:
    """One of `processes` server processes on the PostgreSQL at `url`: it opens the rooms
    numbered `place`, `place + processes`, ... and serves until killed (prints its port)."""
    from urland.net.clustered import join_cluster, open_or_find
    from urland.net.server import GameServer, bound_port

    async def main() -> None:
        if os.environ.get("NET_BENCH_SAMPLE"):  # where the loop's time goes (loop_sampler)
            import loop_sampler
            loop_sampler.start(os.environ["NET_BENCH_SAMPLE"])
        with tempfile.TemporaryDirectory() as folder:  # the rooms folder holds nothing here
            async with rare_full_passes():  # as `serve` does
                server = GameServer(_lifted(rooms, rooms_dir=Path(folder), store=url,
                                            read_back=False))
                await serve_cluster(server, rooms, url, place, processes)

    async def serve_cluster(server: GameServer, rooms: int, url: str, place: int,
                            processes: int) -> None:
        async with server.serve("127.0.0.1", 0) as ws:
            port = bound_port(ws)
            cluster = await join_cluster(server, url, f"ws://127.0.0.1:{port}")
            for i in range(place, rooms, processes):
                await open_or_find(cluster, server, f"{prefix}{i}", ["remote"] * SEATS, i)
            print(port, flush=True)
            await asyncio.Event().wait()

    asyncio.run(main())


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _seat(address: str, room: str, seed: int, pace: float, until: float,
                rtts: list[float], kill: Kill | None = None) -> None:
    client = NetClient(address, room, f"B{seed % SEATS}")
    await client.connect(30)
    loop = asyncio.get_running_loop()
    try:
        await timed_moves(client, make_bot("random", seed), pace, rtts,
                          lambda: loop.time() < until, kill)
    finally:
        await client.close()


@dataclass
class Kill:
    """What a kill did to the clients of the process killed: how long each took to have its
    seat back on another process, and the round trips of the moves it caught in flight."""

    comebacks: list[float] = field(default_factory=list)
    caught: list[float] = field(default_factory=list)


async def timed_moves(client: NetClient, bot, pace: float, rtts: list[float],
                      going: Callable[[], bool], kill: Kill | None = None) -> None:
    """Play the client's seat with `bot`, a move `pace` seconds after each turn comes, while
    `going()`; each move's round trip (sent until the position moves on) goes into `rtts`.
    A move sent to a process that died is timed until the position moves on through the
    process the client comes back through (into `kill.caught`, when a `kill` is given, with
    the time the seat took to come back in `kill.comebacks`)."""
    loop = asyncio.get_running_loop()
    sent_at: float | None = None
    asked = -1
    caught = False  # the move on its way was sent to a process that died
    while going() and not client.mirror.over:
        m = client.mirror
        if sent_at is not None and m.at != asked:
            (kill.caught if caught and kill is not None else rtts).append(loop.time() - sent_at)
            sent_at, caught = None, False
        if m.my_turn and sent_at is None and m.at != asked:
            await asyncio.sleep(pace)
            asked, move, sent_at = m.at, bot.choose(m.view), loop.time()
            with contextlib.suppress(ConnectionClosed):  # the receive below finds it closed
                await client.play(move)
        try:
            await client.receive(1.0)
        except TimeoutError:
            continue
        except ConnectionClosed:  # its process was killed: back through another one
            lost_at, caught = loop.time(), sent_at is not None
            if not await reconnect(client, 60):
                return
            if kill is not None:
                kill.comebacks.append(loop.time() - lost_at)
            asked = -1


async def _loop_lag(lags: list[float], step: float = 0.01) -> None:
    """How late this process's loop wakes from a `step` sleep, in seconds, until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time() + step
        await asyncio.sleep(step)
        lags.append(loop.time() - asked)


async def _clients(addresses: list[str], rooms: int, seconds: float, pace: float,
                   prefix: str, warmup: float, share: tuple[int, int]) -> dict:
    """The clients of this process's `share` (j, k) of the rooms, room r's when r mod k is j,
    each through server process r mod N, the one that opened it. After `warmup` seconds of
    play it says "measuring" (stdout) and takes `seconds` of round trips; returns them
    ("moved": those of the first process's rooms, the ones a kill moves; "stayed": the
    others), the loop's lags meanwhile and this process's CPU seconds meanwhile."""
    moved: list[float] = []
    stayed: list[float] = []
    lags: list[float] = []
    kill = Kill()
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds + warmup + 60
    tasks = []
    place, processes = share
    for r in range(place, rooms, processes):  # seats join in order: seat i is client i
        for s in range(SEATS):
            address = addresses[r % len(addresses)]
            rtts = moved if r % len(addresses) == 0 else stayed
            tasks.append(asyncio.create_task(_seat(address, f"{prefix}{r}", r * SEATS + s,
                                                   pace, until, rtts, kill)))
            await asyncio.sleep(0.002 * processes)
    await asyncio.sleep(warmup)  # everyone seated and playing
    async with collector_held():
        moved.clear()
        stayed.clear()
        kill.comebacks.clear()
        kill.caught.clear()
        lagging = asyncio.create_task(_loop_lag(lags))
        print("measuring", flush=True)
        cpu = time.process_time()
        await asyncio.sleep(seconds)
        cpu = time.process_time() - cpu
        measured = {"moved": list(moved), "stayed": list(stayed), "lags": list(lags),
                    "caught": list(kill.caught), "comebacks": list(kill.comebacks), "cpu": cpu}
        lagging.cancel()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, lagging, return_exceptions=True)
    return measured


def play_share(addresses: str, rooms: int, seconds: float, pace: float, prefix: str,
               warmup: float, place: int, processes: int) -> None:
    """One client process (`_clients`): its figures printed as JSON at the end."""
    figures = asyncio.run(_clients(addresses.split(","), rooms, seconds, pace, prefix, warmup,
                                   (place, processes)))
    print(json.dumps(figures), flush=True)


def _servers(rooms: int, folder: str, store: str, processes: int, prefix: str
             ) -> list[subprocess.Popen]:
    if processes == 1:
        return [subprocess.Popen([sys.executable, __file__, "--serve", str(rooms), folder,
                                  store, prefix], stdout=subprocess.PIPE, text=True)]
    return [subprocess.Popen([sys.executable, __file__, "--serve-share", str(rooms), store,
                              str(place), str(processes), prefix], stdout=subprocess.PIPE,
                             text=True)
            for place in range(processes)]


def _players(addresses: list[str], rooms: int, seconds: float, pace: float, prefix: str,
             warmup: float, processes: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, __file__, "--play-share", ",".join(addresses),
                              str(rooms), str(seconds), str(pace), prefix, str(warmup),
                              str(place), str(processes)], stdout=subprocess.PIPE, text=True)
            for place in range(processes)]


def measure(rooms: int, seconds: float, pace: float, disk: bool = True,
            store: str = "sqlite", processes: int = 1, kill_one: bool = False,
            warmup: float = 5.0, client_processes: int = 2) -> dict:
    """One line of figures: `store` sqlite or a PostgreSQL URL, `processes` server processes
    on it (PostgreSQL), and with `kill_one` the first killed (kill -9) halfway through; the
    clients in `client_processes` processes of their own. CPU is counted over the seconds
    the round trips are taken (from the moment every client process measures)."""
    prefix = f"bench-{os.getpid()}-{rooms}-{time.time_ns() % 10**9}-"
    with tempfile.TemporaryDirectory() as folder:
        servers = _servers(rooms, folder if disk else "-", store, processes, prefix)
        players: list[subprocess.Popen] = []
        try:
            ports = [int(server.stdout.readline()) for server in servers]
            players = _players([f"127.0.0.1:{port}" for port in ports], rooms, seconds, pace,
                               prefix, warmup, client_processes)
            for player in players:
                if player.stdout.readline().strip() != "measuring":
                    raise SystemExit("net_bench: a client process stopped before measuring")
            cpu0, t0 = sum(_cpu_seconds(s.pid) for s in servers), time.monotonic()
            gone = 0.0  # the killed process's CPU, counted up to its death
            if kill_one:
                time.sleep(seconds / 2)
                gone = _cpu_seconds(servers[0].pid)
                servers[0].kill()
            results = [json.loads(player.stdout.readline()) for player in players]
            elapsed = time.monotonic() - t0
            living = [s for s in servers if s.poll() is None]
            cpu = (sum(_cpu_seconds(s.pid) for s in living) + gone - cpu0) / elapsed
            rss = sum(_rss_mb(s.pid) for s in living)
        finally:
            for process in servers + players:
                process.kill()
                process.wait()
    return _figures(rooms, results, cpu, rss, sum(r["cpu"] for r in results) / seconds,
                    kill_one)


def _ms(results: list[dict], part: str) -> list[float]:
    return sorted(1000 * t for r in results for t in r[part])


def _figures(rooms: int, results: list[dict], cpu: float, rss: float, clients_cpu: float,
             killed: bool) -> dict:
    """The line's figures from the client processes' results; with a kill, also those of the
    rooms it moved and of the rooms that stayed, apart."""
    ms = sorted(_ms(results, "moved") + _ms(results, "stayed") + _ms(results, "caught"))
    figures = {"rooms": rooms, "moves": len(ms),
               "median": statistics.median(ms) if ms else float("nan"), "p99": _p99(ms),
               "cpu": cpu, "rss": rss,
               "clients_cpu": clients_cpu, "client_lag_p99": _p99(_ms(results, "lags")),
               "load": os.getloadavg()[0]}
    if killed:
        moved, stayed = _ms(results, "moved"), _ms(results, "stayed")
        caught, back = _ms(results, "caught"), _ms(results, "comebacks")
        figures["split"] = {"moved": len(moved), "moved_p99": _p99(moved),
                            "stayed_p99": _p99(stayed), "caught": len(caught),
                            "caught_longest": max(caught, default=float("nan")),
                            "back_median": statistics.median(back) if back else float("nan"),
                            "back_p99": _p99(back), "seats_back": len(back),
                            "uncaught_p99": _p99(sorted(moved + stayed))}
    return figures


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", default="50,100,200,300")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds of play before the round trips are timed (everyone "
                             "seated; the server's first full collections of the crowd gone)")
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds each client waits before its move")
    parser.add_argument("--memory", action="store_true",
                        help="keep rooms in memory only (no store written)")
    parser.add_argument("--store", default="sqlite", metavar="sqlite|postgresql://...|scratch",
                        help="the room store (default: SQLite in a fresh folder); a PostgreSQL "
                             "URL, or 'scratch': a PostgreSQL started for the run in a scratch "
                             "folder")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on the --store database (default 1)")
    parser.add_argument("--kill-one", action="store_true",
                        help="kill -9 one process halfway through each line: its rooms move "
                             "to the others while the figures are taken")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes the clients run in (default 2)")
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--play-share", nargs=8, help=argparse.SUPPRESS)
    parser.add_argument("--serve-share", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_rooms(int(args.serve[0]), *args.serve[1:])
        return
    if args.play_share:
        addresses, rooms, seconds, pace, prefix, warmup, place, processes = args.play_share
        play_share(addresses, int(rooms), float(seconds), float(pace), prefix, float(warmup),
                   int(place), int(processes))
        return
    if args.serve_share:
        rooms, url, place, processes, prefix = args.serve_share
        serve_share(int(rooms), url, int(place), int(processes), prefix)
        return
    if (args.processes > 1 or args.kill_one) and args.store == "sqlite":
        parser.error("--processes and --kill-one need --store postgresql://... (or scratch)")
    with _database(args.store) as url:
        _lines(args, url)


@contextlib.contextmanager
def _database(store: str) -> Iterator[str]:
    """The store to use (a scratch PostgreSQL started and stopped here for 'scratch')."""
    if store != "scratch":
        yield store
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from postgres_server import CannotStart, started_postgres

    try:
        with started_postgres() as server:
            yield server.url("postgres")
    except CannotStart as exc:
        raise SystemExit(f"net_bench: {exc}") from None


def _lines(args: argparse.Namespace, store: str) -> None:
    from urland.store.postgres import without_password

    shown = "SQLite" if store == "sqlite" else without_password(store)
    where = ("in memory only" if args.memory else f"every move kept first ({shown}, "
             f"{args.processes} process{'es' if args.processes > 1 else ''}"
             + (", one killed halfway" if args.kill_one else "") + ")")
    print(f"{SEATS} bot clients a room, one move per {args.pace:g} s a room, "
          f"{args.seconds:g} s measured; server CPU (all processes) as a share of one core; "
          f"rooms {where}; clients in {args.client_processes} "
          f"process{'es' if args.client_processes > 1 else ''}")
    print(f"{'rooms':>6} {'moves':>6} {'median ms':>10} {'p99 ms':>8} {'CPU':>6} "
          f"{'CPU/room':>9} {'RSS MB':>7} {'MB/room':>8} {'clients CPU':>11} "
          f"{'client lag p99':>14} {'load':>5}")
    held = 0
    for rooms in (int(n) for n in args.rooms.split(",")):
        r = measure(rooms, args.seconds, args.pace, disk=not args.memory, store=store,
                    processes=args.processes, kill_one=args.kill_one, warmup=args.warmup,
                    client_processes=args.client_processes)
        print(f"{r['rooms']:>6} {r['moves']:>6} {r['median']:>10.1f} {r['p99']:>8.1f} "
              f"{r['cpu']:>6.1%} {r['cpu'] / rooms:>9.3%} {r['rss']:>7.1f} "
              f"{r['rss'] / rooms:>8.2f} {r['clients_cpu']:>11.1%} "
              f"{r['client_lag_p99']:>14.1f} {r['load']:>5.1f}", flush=True)
        if "split" in r:
            a = r["split"]
            print(f"{'':>6} the killed process's seats: {a['seats_back']} back on the others, "
                  f"median {a['back_median']:.0f} ms, p99 {a['back_p99']:.0f} ms; "
                  f"{a['caught']} moves caught on their way, longest {a['caught_longest']:.0f}"
                  f" ms", flush=True)
            print(f"{'':>6} every other move: p99 {a['uncaught_p99']:.1f} ms (the rooms "
                  f"moved: {a['moved']} moves, p99 {a['moved_p99']:.1f} ms; the rooms that "
                  f"stayed: p99 {a['stayed_p99']:.1f} ms)", flush=True)
        if r["p99"] <= GOAL_MS:
            held = max(held, rooms)
    print(f"most rooms with the 99th percentile at or under {GOAL_MS:g} ms: {held} "
          f"(of those tried)")


if __name__ == "__main__":
    main()
