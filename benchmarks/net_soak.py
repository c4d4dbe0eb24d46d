"""The server under hostile traffic: honest rooms' round trips alone and beside each kind of
hostile client.

    python benchmarks/net_soak.py [--rooms 200] [--phase-seconds 20] [--pace 2.0] [--kinds ...]
                                  [--rounds 1]

One server process (rooms kept on disk, as `serve` does) holds `--rooms` honest rooms of 3
remote seats (each opened again for a new game when one is over; their first games begun at
staggered points, so that games end evenly over the run) and a few rooms for the hostile
clients. The honest clients (random bots, in
this process) connect from 127.0.1.x, 16 connections an address, and play one move a room
every `pace` seconds. Phase by phase, a second process (at the lowest priority, `nice 19`,
unless `--attacker-nice` says otherwise) runs one kind of hostile client for
`--phase-seconds` (a bounded number of connections, each kind from its own 127.0.0.x
address, loopback only):

  pings       connections that ping as fast as they can before any hello, again and again
  frames      connections that send parts of a message that never ends, before any hello
  handshake   200 TCP connections held open that never finish the WebSocket handshake
  noread      seated clients that ping with 120-byte payloads and never read
  chat        seated clients that chat 20 lines a second of 200 emoji
  guesses     hellos with wrong room codes as fast as they are answered
  names       hellos with look-alike and blank names, seated, gone, again

The server's collector runs as `serve`'s does, except that its scheduled full pass (every 5
minutes there, by the clock, whatever the traffic) is made between two phases, when the driver
asks: every phase, alone included, is measured without one, and each pass is timed on its own.
`--rounds N` runs the whole sequence N times, each kind's change against its own round's alone.

Prints, per phase: honest moves, round-trip median and 99th percentile, the change of the p99
against the baseline (alone), the server's CPU (share of a core, and seconds), the hostile
connections begun and the server's CPU per one of them beyond what its honest moves cost (the
figure that does not depend on how busy the machine is), its memory and the machine's load
average (other programs slow the round trips down); the stalls and passes of each phase, and
the full pass after it; with rounds, each kind's changes round by round; then what the
server's gate counted.
`--kinds names` runs one kind alone; `--profile` adds the server's profile per phase and
`--memory` where its memory grew. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import itertools
import json
import os
import queue
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from net_bench import (  # shared with the load benchmark
    _cpu_seconds,
    _rss_mb,
    collector_held,
    timed_moves,
)

from urland.bots.registry import make_bot
from urland.net.client import JoinRefused, NetClient
from urland.net.collector import WHOLE_WALK_EVERY, rare_full_passes, scheduled_pass

SEATS = 3
HOSTILE_ROOMS = 12
PER_ADDRESS = 16
KINDS = ("pings", "frames", "handshake", "noread", "chat", "guesses", "names")
HOSTILE_ADDRESS = {kind: f"127.0.0.{2 + i}" for i, kind in enumerate(KINDS)}


# --- the server ------------------------------------------------------------------------------

def serve_rooms(rooms: int, folder: str, profile: str = "", memory: bool = False) -> None:
    from urland.net.server import GameServer, ServerOptions

    async def main() -> None:
        if profile:
            _profile_by_phase(Path(profile), memory)
        # As `serve` does, but the full pass made when the driver asks (between phases):
        async with rare_full_passes(BETWEEN_PHASES_ONLY):
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR2, _full_pass_now)
            server = GameServer(ServerOptions(rooms_dir=Path(folder)))
            for i in range(rooms):
                _staggered(server.open_room(f"honest-{i}", ["remote"] * SEATS, i), i / rooms)
            for i in range(HOSTILE_ROOMS):
                server.open_room(f"hostile-{i}", ["remote"] * SEATS, 10_000 + i)
            await _served(server, rooms)

    asyncio.run(main())


async def _served(server, rooms: int) -> None:
    from urland.net.server import bound_port

    async with server.serve("127.0.0.1", 0) as ws:
        print(bound_port(ws), flush=True)
        _tell_pauses()
        watcher = asyncio.create_task(_watch_stalls())
        dealer = asyncio.create_task(_deal_again(server, rooms))
        while not dealer.done():
            await asyncio.sleep(5)
            print(json.dumps(dict(server.gate.tally.total)), flush=True)
        watcher.cancel()
        dealer.result()  # (it only ends by an error: shown)


BETWEEN_PHASES_ONLY = 1e9  # the server's own schedule of full passes: never within a run


_PASSES = itertools.count(1)  # the server's scheduled full passes, numbered from 1


def _full_pass_now() -> None:
    """The collector's scheduled full pass (as `serve` makes it every 5 minutes by the
    clock, whatever the traffic), asked for by the driver between two phases and printed as
    `full pass T MS FREED WHOLE`: so every phase, alone included, is measured without one, and
    the pass after a phase is timed on its own (what that phase left for it to walk)."""
    import gc

    number = next(_PASSES)
    whole = number % WHOLE_WALK_EVERY == 0
    began = time.monotonic()
    freed = scheduled_pass(number)
    print(f"full pass {time.monotonic():.3f} {1000 * (time.monotonic() - began):.1f} {freed} "
          f"{int(whole)} {gc.get_freeze_count()}", flush=True)


STALL_MS = 20.0  # the server's loop late by more than this is a stall (printed with its time)
COLLECTOR_MS = 10.0  # a pass of the server's garbage collector longer than this is printed


def _tell_pauses() -> None:
    """Print each long pass of the server's garbage collector as `collector T MS GEN` (T on
    the machine's monotonic clock, which the driver's phases share)."""
    import gc

    began = [0.0]

    def timed(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.monotonic()
            return
        ms = 1000 * (time.monotonic() - began[0])
        if ms > COLLECTOR_MS:
            print(f"collector {time.monotonic():.3f} {ms:.1f} {info['generation']}", flush=True)
    gc.callbacks.append(timed)


async def _watch_stalls(found: list[tuple[float, float]] | None = None) -> None:
    """Each time this process's loop came back late, as `stall T MS` printed (or kept in
    `found`): whatever held it (a collector pass, a long step, the processor given to another
    program) held every answer it had to read or send with it."""
    tick = 0.01
    while True:
        asked = time.monotonic()
        await asyncio.sleep(tick)
        late = 1000 * (time.monotonic() - asked - tick)
        if late <= STALL_MS:
            continue
        if found is None:
            print(f"stall {time.monotonic():.3f} {late:.1f}", flush=True)
        else:
            found.append((time.monotonic(), late))


GAME_MOVES = 80  # about the moves of a game of random bots (fewer than the shortest)


def _staggered(room, share: float) -> None:
    """Play the first `share` of a game's moves in `room` before its clients come, so that the
    honest rooms' games end (and their seats come back for the next) spread evenly over the
    run, as on a server whose tables began at different times: begun together, 200 games
    would end in one burst that lands in whichever phase is running then."""
    bots = [make_bot("random", 7_000 + seat) for seat in range(SEATS)]
    game = room.game
    for _ in range(int(share * GAME_MOVES)):
        if game.over:
            break
        seat = game.state.actor
        game.play(bots[seat].choose(game.view(seat)))
    room.save()


async def _deal_again(server, rooms: int) -> None:
    """An honest room whose game is over is opened again for a new game (its clients come
    back for it): a run of any length keeps every honest room playing."""
    games = 0
    while True:
        await asyncio.sleep(0.5)
        for i in range(rooms):
            room = server.master.room(f"honest-{i}")
            if room is not None and room.game.over:
                games += 1
                server.open_room(f"honest-{i}", ["remote"] * SEATS, 100_000 + games)


def _profile_by_phase(folder: Path, memory: bool) -> None:
    """Profile the server (cProfile) and, with `memory`, trace its allocations (tracemalloc:
    it slows the server down many times over, so its round trips mean nothing then); each
    SIGUSR1 writes what it counted since the last one to `folder`/NN.prof (and where memory
    grew to NN.mem) and starts again (the driver signals at the end of each phase)."""
    import cProfile
    import signal
    import tracemalloc

    if memory:
        tracemalloc.start(1)
    state = {"profiler": cProfile.Profile(), "phase": 0,
             "memory": tracemalloc.take_snapshot() if memory else None}

    def next_phase() -> None:
        state["profiler"].disable()
        state["profiler"].dump_stats(folder / f"{state['phase']:02d}.prof")
        if state["memory"] is not None:
            now = tracemalloc.take_snapshot()
            grown = now.compare_to(state["memory"], "lineno")[:8]
            (folder / f"{state['phase']:02d}.mem").write_text("\n".join(map(str, grown)))
            state["memory"] = now
        state["phase"] += 1
        state["profiler"] = cProfile.Profile()
        state["profiler"].enable()

    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, next_phase)
    state["profiler"].enable()


def _print_profiles(folder: Path, phases: list[str], top: int = 14) -> None:
    """The functions the server spent most of its own time in, phase by phase; its CPU
    seconds in the transport's own functions (`urland/net/`, with what they call); and
    where its memory grew."""
    import io
    import pstats

    for i, phase in enumerate(phases):
        path = folder / f"{i:02d}.prof"
        if not path.exists():
            continue
        out = io.StringIO()
        pstats.Stats(str(path), stream=out).sort_stats("tottime").print_stats(top)
        body = out.getvalue()
        print(f"--- the server's profile, phase {phase} ---")
        print(body[body.find("ncalls"):].rstrip())
        out = io.StringIO()
        pstats.Stats(str(path), stream=out).sort_stats("cumulative").print_stats(
            r"urland/net/(server|gate|listener)\.py", 8)
        body = out.getvalue()
        print(f"--- the transport's functions, phase {phase} (with what they call) ---")
        print(body[body.find("ncalls"):].rstrip())
        memory = folder / f"{i:02d}.mem"
        if memory.exists():
            print(f"--- where the server's memory grew, phase {phase} ---")
            print(memory.read_text())


# --- honest clients --------------------------------------------------------------------------

async def _honest_seat(address: str, room: str, number: int, pace: float, rtts: list,
                       stop: asyncio.Event) -> None:
    """One honest seat, game after game (the room is opened again when one is over)."""
    games = 0
    while not stop.is_set():
        client = NetClient(address, room, f"P{number}")
        client.source = f"127.0.1.{1 + number // PER_ADDRESS}"
        try:
            await client.connect(60)
        except JoinRefused:  # the finished game's seats, until the room is opened again
            await asyncio.sleep(0.5)
            continue
        try:
            await timed_moves(client, make_bot("random", number + 1000 * games), pace, rtts,
                              lambda: not stop.is_set())
        finally:
            await client.close()
        games += 1


# --- hostile clients (raw sockets: below what a library allows) ------------------------------

def _frame(payload: bytes, opcode: int = 1, fin: bool = True) -> bytes:
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _hello(room: str, **fields) -> bytes:
    return _frame(json.dumps({"type": "hello", "version": 1, "room": room, **fields}).encode())


async def _opened(port: int, source: str, upgrade: bool = True):
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    if upgrade:
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: "
                      f"Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13"
                      "\r\n\r\n").encode())
        await reader.readuntil(b"\r\n\r\n")
    return reader, writer


TOKENS: dict[tuple[str, str], str] = {}  # each hostile seat's token, to come back with


async def _seated(port: int, source: str, room: str, name: str):
    """A raw client that says hello (with its seat's token once it has one) and answers the
    welcome's ping (then seated)."""
    reader, writer = await _opened(port, source)
    token = TOKENS.get((room, name))
    writer.write(_hello(room, name=name) if token is None else _hello(room, token=token))
    welcomed = False
    while True:
        first, second = await reader.readexactly(2)
        n = second & 0x7F
        if n == 126:
            n = struct.unpack("!H", await reader.readexactly(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", await reader.readexactly(8))[0]
        payload = await reader.readexactly(n)
        if first & 0x0F == 9:
            writer.write(_frame(payload, opcode=10))
            if welcomed:
                return reader, writer
        elif first & 0x0F == 8:
            raise ConnectionError("refused")
        elif b'"welcome"' in payload:
            welcome = json.loads(payload)
            if "token" not in welcome:
                return reader, writer  # back in its seat: no ping to answer
            TOKENS[(room, name)] = welcome["token"]
            welcomed = True


async def _again_and_again(act, until: float, count: int) -> int:
    """`count` hostile connections, each doing `act` again whenever it is cut, until `until`;
    how many times one was begun (a connection made, or tried)."""
    tries = [0]

    async def one(i: int) -> None:
        while time.monotonic() < until:
            tries[0] += 1
            try:
                await asyncio.wait_for(act(i), max(0.1, until - time.monotonic()))
            except (OSError, ConnectionError, asyncio.IncompleteReadError, TimeoutError):
                await asyncio.sleep(0.05)
    await asyncio.gather(*(one(i) for i in range(count)), return_exceptions=True)
    return tries[0]


async def _flood(writer, data: bytes, until: float) -> None:
    while time.monotonic() < until:
        writer.write(data)
        await writer.drain()


async def hostile(kind: str, port: int, seconds: float) -> int:
    src = HOSTILE_ADDRESS[kind]
    until = time.monotonic() + seconds

    async def pings(i):
        _r, w = await _opened(port, src)
        await _flood(w, _frame(b"", opcode=9) * 200, until)

    async def frames(i):
        _r, w = await _opened(port, src)
        await _flood(w, _frame(b"{", fin=False) + _frame(b"x", opcode=0, fin=False) * 50,
                     until)

    async def handshake(i):
        r, w = await _opened(port, src, upgrade=False)
        w.write(b"GET / HTTP/1.1\r\n")  # and never the rest
        await r.read()  # until the server cuts it

    async def noread(i):
        _r, w = await _seated(port, src, f"hostile-{1 + i % 3}", f"Mute{i}")
        await _flood(w, _frame(b"q" * 120, opcode=9) * 20, until)

    async def chat(i):
        _r, w = await _seated(port, src, f"hostile-{4 + i % 4}", f"Chat{i}")
        line = _frame(json.dumps({"type": "chat", "text": "\U0001f41f" * 200}).encode())
        while time.monotonic() < until:
            w.write(line)
            await w.drain()
            await asyncio.sleep(0.05)

    async def guesses(i):
        r, w = await _opened(port, src)
        w.write(_hello(f"GUESS-{os.urandom(4).hex()}"))
        await r.read()

    async def names(i):
        _r, w = await _seated(port, src, f"hostile-{8 + i % 4}",
                              ["\u0410nna", "\u034f"][i % 2])
        w.close()

    kinds = {"pings": (pings, 13), "frames": (frames, 13), "handshake": (handshake, 200),
             "noread": (noread, 12), "chat": (chat, 12), "guesses": (guesses, 8),
             "names": (names, 4)}
    act, count = kinds[kind]
    return await _again_and_again(act, until, count)


# --- the phases ------------------------------------------------------------------------------

def _figures(rtts: list[float]) -> tuple[float, float]:
    ms = sorted(1000 * t for t in rtts) or [float("nan")]
    return statistics.median(ms), ms[min(len(ms) - 1, int(0.99 * len(ms)))]


def _phase_names(kinds: list[str]) -> list[str]:
    """Alone first, each hostile kind, and alone again last: how far the honest p99 moves
    with nothing hostile at all is the measure's own noise, beside which the kinds' stand."""
    return ["alone", *kinds, "alone again"]


def _rounds(args) -> list[tuple[int, str]]:
    """(round, phase) in the order run: every round is the whole sequence again, so that each
    kind's change of the p99 is measured more than once against its own round's baseline."""
    return [(r, kind) for r in range(1, args.rounds + 1) for kind in _phase_names(args.kinds)]


async def _phases(port: int, server_pid: int, args) -> list[dict]:
    address = f"127.0.0.1:{port}"
    rtts: list[float] = []
    stop = asyncio.Event()
    tasks = []
    for r in range(args.rooms):
        for s in range(SEATS):
            tasks.append(asyncio.create_task(_honest_seat(
                address, f"honest-{r}", r * SEATS + s, args.pace, rtts, stop)))
            await asyncio.sleep(0.003)
    await asyncio.sleep(5)  # everyone seated and playing
    client_stalls: list[tuple[float, float]] = []
    watcher = asyncio.create_task(_watch_stalls(client_stalls))
    results = []
    for round_, kind in _rounds(args):
        async with collector_held():
            rtts.clear()
            cpu0, t0 = _cpu_seconds(server_pid), time.monotonic()
            attacker = None
            if not kind.startswith("alone"):
                attacker = await asyncio.create_subprocess_exec(
                    "nice", "-n", str(args.attacker_nice), sys.executable, __file__,
                    "--hostile", kind, str(port), str(args.phase_seconds),
                    stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
            await asyncio.sleep(args.phase_seconds)
            median, p99 = _figures(list(rtts))
        cpu_seconds, seconds = _cpu_seconds(server_pid) - cpu0, time.monotonic() - t0
        os.kill(server_pid, signal.SIGUSR2)  # its full pass, now, between two phases
        if args.profile:
            os.kill(server_pid, signal.SIGUSR1)
        results.append({"phase": kind, "round": round_, "from": t0, "to": t0 + seconds,
                        "moves": len(rtts), "median": median, "p99": p99,
                        "cpu": cpu_seconds / seconds, "cpu_seconds": cpu_seconds,
                        "rss": _rss_mb(server_pid), "load": os.getloadavg()[0],
                        "tries": await _tries(attacker)})
        moves = results[-1]["moves"]
        print(f"  ({kind}: {moves} moves, median {median:.1f} ms, p99 {p99:.1f} ms)",
              file=sys.stderr, flush=True)  # as it goes: a long run cut short keeps its phases
        await asyncio.sleep(2)  # the cut connections gone before the next phase
    stop.set()
    watcher.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for r in results:
        r["client_stalls"] = [ms for at, ms in client_stalls if r["from"] <= at <= r["to"]]
    return results


async def _tries(attacker) -> int:
    """The hostile connections the attacker began (0 for the phase alone)."""
    if attacker is None:
        return 0
    try:
        out, _err = await asyncio.wait_for(attacker.communicate(), 15)
    except TimeoutError:
        attacker.kill()
        await attacker.wait()
        return 0
    words = out.decode().split()
    return int(words[-1]) if words and words[-1].isdigit() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--phase-seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=2.0)
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="the hostile kinds to run, one phase each (e.g. --kinds names)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the phases this many times over (each kind's change of the "
                             "p99 then has a spread)")
    parser.add_argument("--attacker-nice", type=int, default=19,
                        help="the hostile process's niceness (19: the lowest priority; on a "
                             "busy machine 0, or it hardly runs)")
    parser.add_argument("--profile", action="store_true",
                        help="profile the server (cProfile) and print, per phase, the "
                             "functions it spent most of its time in")
    parser.add_argument("--memory", action="store_true",
                        help="with --profile: where the server's memory grew, phase by phase "
                             "(tracemalloc; the round trips are then far slower)")
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--hostile", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_rooms(int(args.serve[0]), args.serve[1], args.serve[2], args.serve[3] == "1")
        return
    if args.hostile:
        tries = asyncio.run(hostile(args.hostile[0], int(args.hostile[1]),
                                    float(args.hostile[2])))
        print(tries, flush=True)  # read by the driver: the hostile connections begun
        return
    args.kinds = [k for k in args.kinds.split(",") if k]
    with tempfile.TemporaryDirectory() as folder:
        profiles = Path(folder) / "profiles"
        profiles.mkdir()
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(args.rooms), folder,
                                   str(profiles) if args.profile else "",
                                   "1" if args.memory else "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert server.stdout is not None and server.stderr is not None
        said = [_drained(server.stdout), _drained(server.stderr)]
        try:
            port = int(said[0].get())
            results = asyncio.run(_phases(port, server.pid, args))
        finally:
            server.terminate()
            server.wait(timeout=30)
        out, err = ("".join(iter(lines.get, None)) for lines in said)
        _report(args, results, out, err)
        if args.profile:
            _print_profiles(profiles, _phase_names(args.kinds))


def _drained(stream) -> queue.Queue:
    """The lines of one of the server's pipes, read as they come by a thread of their own
    (None after the last): a pipe nobody reads fills, and the server's next print would
    then stop its whole loop."""
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)
        lines.put(None)
    threading.Thread(target=read, daemon=True).start()
    return lines


def _report(args, results: list[dict], out: str, err: str) -> None:
    print(f"{args.rooms} honest rooms of {SEATS} bot clients, one move per {args.pace:g} s a "
          f"room; {args.phase_seconds:g} s a phase; server CPU as a share of one core")
    print("CPU s: the server's CPU seconds in the phase; tries: hostile connections begun; "
          "ms/try: the server's CPU beyond the phase alone (per honest move), per try")
    print(f"{'phase':>10} {'moves':>6} {'median ms':>10} {'p99 ms':>8} {'p99 +ms':>8} "
          f"{'CPU':>6} {'CPU s':>6} {'tries':>7} {'ms/try':>7} {'RSS MB':>7} {'load':>5}")
    bases = {r["round"]: r for r in results if r["phase"] == "alone"}
    for r in results:
        base = bases[r["round"]]
        per_move = base["cpu_seconds"] / max(1, base["moves"])
        r["change"] = r["p99"] - base["p99"]
        extra = r["cpu_seconds"] - per_move * r["moves"]
        per_try = f"{1000 * extra / r['tries']:>7.2f}" if r["tries"] else f"{'':>7}"
        print(f"{r['phase']:>10} {r['moves']:>6} {r['median']:>10.1f} {r['p99']:>8.1f} "
              f"{r['change']:>+8.1f} {r['cpu']:>6.1%} {r['cpu_seconds']:>6.2f} "
              f"{r['tries']:>7} {per_try} {r['rss']:>7.1f} {r['load']:>5.1f}")
    _report_pauses(results, out)
    if args.rounds > 1:
        _report_rounds(results)
    counted = [line for line in out.splitlines() if line.startswith("{")]
    if counted:
        print("the server's gate counted:")
        for cause, times in sorted(json.loads(counted[-1]).items()):
            print(f"  {times:>8,} x {cause}")
    print(f"the server's stderr: {len(err.splitlines())} lines")
    if "Traceback" in err:  # the server fell over: what it said, from its first traceback
        print(err[err.index("Traceback"):][-6000:])


def _report_rounds(results: list[dict]) -> None:
    """Each kind's p99, round by round, against the mean of every phase alone (the first of
    each round and the last, "alone again"): the phases alone differ among themselves by as
    much as the kinds do, and the range of their p99s is the measure's own noise, beside which
    a kind's change stands. A kind compared with its own round's first phase alone only would
    carry that phase's luck."""
    alone = [r["p99"] for r in results if r["phase"].startswith("alone")]
    base = statistics.fmean(alone)
    print(f"the p99 round by round (ms), against the mean of the {len(alone)} phases alone: "
          f"{base:.1f} (from {min(alone):.1f} to {max(alone):.1f})")
    for name in dict.fromkeys(r["phase"] for r in results if not r["phase"].startswith("alone")):
        p99s = [r["p99"] for r in results if r["phase"] == name]
        rounds = " ".join(f"{p:>6.1f}" for p in p99s)
        print(f"{name:>11}  {rounds}   mean {statistics.fmean(p99s):>6.1f}, "
              f"{statistics.fmean(p99s) - base:>+6.1f} against alone; "
              f"highest {max(p99s) - base:+.1f}")


def _report_pauses(results: list[dict], out: str) -> None:
    """Per phase, the server's stalls (its loop late by more than STALL_MS) and its
    collector's long passes: what the honest p99 has to thank for its worst."""
    stalls: list[tuple[float, float]] = []
    passes: list[tuple[float, float]] = []
    full: list[tuple[float, float, int, bool]] = []  # the full passes made between phases
    for line in out.splitlines():
        words = line.split()
        if words[:2] == ["full", "pass"]:
            full.append((float(words[2]), float(words[3]), int(words[4]), words[5] == "1"))
        elif words and words[0] in ("stall", "collector"):
            (stalls if words[0] == "stall" else passes).append((float(words[1]),
                                                                 float(words[2])))
    print(f"per phase: the server's loop late by over {STALL_MS:g} ms (how often, the "
          f"longest), its collector's passes over {COLLECTOR_MS:g} ms, and the measuring "
          "clients' own loop late (their stalls are the measure's noise, not the server's); "
          "then the full pass made after the phase (its length, the objects it freed)")
    for r in results:
        def within(found: list[tuple[float, float]], r: dict = r) -> list[float]:
            return [ms for at, ms in found if r["from"] <= at <= r["to"]]
        s, c = within(stalls), within(passes)
        m = r["client_stalls"]
        after = next((f"{ms:>6.1f} ms, {freed:>6,} freed{' (every object)' * whole}"
                      for at, ms, freed, whole in full if at > r["to"]), "")
        print(f"{r['phase']:>11}  server {len(s):>4} x, {max(s, default=0):>6.1f} ms   "
              f"collector {len(c):>3} x, {max(c, default=0):>6.1f} ms   "
              f"clients {len(m):>4} x, {max(m, default=0):>6.1f} ms   full pass {after}")


if __name__ == "__main__":
    main()
