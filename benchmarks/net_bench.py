"""Network play under load: one server process, N rooms of 4 bot clients at a fixed pace.

    python benchmarks/net_bench.py [--rooms 50,100,200,300] [--seconds 20] [--pace 2.0]
                                   [--store sqlite|postgresql://...]

For each room count a fresh server process (rooms kept as `serve` keeps them: every change
committed to the room store before anyone is told; SQLite in a fresh folder by default, or the
PostgreSQL database given, each run's rooms under codes of their own) holds N rooms
of 4 remote seats; the clients (random bots, in this process, deciding at once) wait `pace`
seconds before each move, so every room plays one move per `pace` seconds whatever the load.
A move's round trip is the time from sending it to receiving the update that shows it played.
Prints, per room count: moves, round-trip median and 99th percentile, the server's CPU (share
of one core, and per room) and memory (resident, and per room), the clients' own CPU and the
machine's load average (other programs slow the figures down); then the most rooms whose 99th
percentile stayed at or under 100 ms. Loopback only (127.0.0.1). Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from urland.bots.registry import make_bot
from urland.net.client import NetClient

SEATS = 4
GOAL_MS = 100.0


def serve_rooms(rooms: int, folder: str, store: str, prefix: str) -> None:
    """The server process: N rooms, then serve until killed (prints its port). Folder "-":
    rooms kept in memory only (to tell the disk's share of the round trip)."""
    from urland.net.server import GameServer, ServerOptions, bound_port

    async def main() -> None:
        rooms_dir = None if folder == "-" else Path(folder)
        # Every client connects from 127.0.0.1: the limits per address are lifted.
        server = GameServer(ServerOptions(rooms_dir=rooms_dir, store=store, rate=50, burst=100,
                                          per_address=SEATS * rooms + 16, hello_rate=10_000,
                                          hello_burst=10_000, connect_rate=10_000,
                                          connect_burst=10_000))
        for i in range(rooms):
            server.open_room(f"{prefix}{i}", ["remote"] * SEATS, i)
        async with server.serve("127.0.0.1", 0) as ws:
            print(bound_port(ws), flush=True)
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
                rtts: list[float]) -> None:
    client = NetClient(address, room, f"B{seed % SEATS}")
    await client.connect(30)
    loop = asyncio.get_running_loop()
    try:
        await timed_moves(client, make_bot("random", seed), pace, rtts,
                          lambda: loop.time() < until)
    finally:
        await client.close()


async def timed_moves(client: NetClient, bot, pace: float, rtts: list[float],
                      going: Callable[[], bool]) -> None:
    """Play the client's seat with `bot`, a move `pace` seconds after each turn comes, while
    `going()`; each move's round trip (sent until the position moves on) goes into `rtts`."""
    loop = asyncio.get_running_loop()
    sent_at: float | None = None
    asked = -1
    while going() and not client.mirror.over:
        m = client.mirror
        if sent_at is not None and m.at != asked:
            rtts.append(loop.time() - sent_at)
            sent_at = None
        if m.my_turn and sent_at is None and m.at != asked:
            await asyncio.sleep(pace)
            asked, move, sent_at = m.at, bot.choose(m.view), loop.time()
            await client.play(move)
        try:
            await client.receive(1.0)
        except TimeoutError:
            continue


async def _clients(address: str, rooms: int, seconds: float, pace: float,
                   prefix: str) -> list[float]:
    rtts: list[float] = []
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds + 30
    tasks = []
    for r in range(rooms):  # seats join in order, so seat i is client i of its room
        for s in range(SEATS):
            client_until = until
            tasks.append(asyncio.create_task(_seat(address, f"{prefix}{r}", r * SEATS + s,
                                                   pace, client_until, rtts)))
            await asyncio.sleep(0.002)
    await asyncio.sleep(5)  # everyone seated and playing
    rtts.clear()
    await asyncio.sleep(seconds)
    measured = list(rtts)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return measured


def measure(rooms: int, seconds: float, pace: float, disk: bool = True,
            store: str = "sqlite") -> dict:
    prefix = f"bench-{os.getpid()}-{rooms}-{time.time_ns() % 10**9}-"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(rooms),
                                   folder if disk else "-", store, prefix],
                                  stdout=subprocess.PIPE, text=True)
        try:
            port = int(server.stdout.readline())
            cpu0, t0 = _cpu_seconds(server.pid), time.monotonic()
            mine0 = time.process_time()
            rtts = asyncio.run(_clients(f"127.0.0.1:{port}", rooms, seconds, pace, prefix))
            elapsed = time.monotonic() - t0
            cpu = (_cpu_seconds(server.pid) - cpu0) / elapsed
            clients_cpu = (time.process_time() - mine0) / elapsed
            rss = _rss_mb(server.pid)
        finally:
            server.kill()
            server.wait()
    ms = sorted(1000 * t for t in rtts) or [float("nan")]
    return {"rooms": rooms, "moves": len(rtts), "median": statistics.median(ms),
            "p99": ms[min(len(ms) - 1, int(0.99 * len(ms)))], "cpu": cpu, "rss": rss,
            "clients_cpu": clients_cpu, "load": os.getloadavg()[0]}


def _shown(store: str) -> str:
    from urland.store.postgres import without_password

    return "SQLite" if store == "sqlite" else without_password(store)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", default="50,100,200,300")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds each client waits before its move")
    parser.add_argument("--memory", action="store_true",
                        help="keep rooms in memory only (no store written)")
    parser.add_argument("--store", default="sqlite", metavar="sqlite|postgresql://...",
                        help="the room store (default: SQLite in a fresh folder)")
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_rooms(int(args.serve[0]), *args.serve[1:])
        return
    print(f"{SEATS} bot clients a room, one move per {args.pace:g} s a room, "
          f"{args.seconds:g} s measured; server CPU as a share of one core; rooms "
          + ("in memory only" if args.memory else f"every move kept first ({_shown(args.store)})"))
    print(f"{'rooms':>6} {'moves':>6} {'median ms':>10} {'p99 ms':>8} {'CPU':>6} "
          f"{'CPU/room':>9} {'RSS MB':>7} {'MB/room':>8} {'clients CPU':>11} {'load':>5}")
    held = 0
    for rooms in (int(n) for n in args.rooms.split(",")):
        r = measure(rooms, args.seconds, args.pace, disk=not args.memory, store=args.store)
        print(f"{r['rooms']:>6} {r['moves']:>6} {r['median']:>10.1f} {r['p99']:>8.1f} "
              f"{r['cpu']:>6.1%} {r['cpu'] / rooms:>9.3%} {r['rss']:>7.1f} "
              f"{r['rss'] / rooms:>8.2f} {r['clients_cpu']:>11.1%} {r['load']:>5.1f}",
              flush=True)
        if r["p99"] <= GOAL_MS:
            held = max(held, rooms)
    print(f"most rooms with the 99th percentile at or under {GOAL_MS:g} ms: {held} "
          f"(of those tried)")


if __name__ == "__main__":
    main()
