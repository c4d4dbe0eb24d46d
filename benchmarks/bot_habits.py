"""How each bot level plays: silly habits (urland/bots/habits.py), double-turn chips, breeding.

    python benchmarks/bot_habits.py [--games 20] [--players 4] [--bots easy,medium,hard]
                                    [--against medium] [--hard-seconds 0.8]

Each bot named sits in one seat (rotated game by game) against `--against` bots in the others
(by default the same bot everywhere, all watched). Prints per bot: the count of each habit,
when double-turn chips were handed in (median turn) and in how many games one was never used,
proliferations per game, and Ichtos on the board and in the reserve at mid-game. Asserts
nothing.
"""

from __future__ import annotations

import argparse
import collections
import statistics
from dataclasses import dataclass, field

from urland.bots.habits import SlipWatch
from urland.bots.loop import StateTable, play_out
from urland.bots.registry import make_bot
from urland.engine import ACTION, GameState, Move, new_game


@dataclass
class Watched:
    habits: collections.Counter = field(default_factory=collections.Counter)
    double_turns: list[int] = field(default_factory=list)
    games_with_chip_unused: int = 0
    proliferations: int = 0
    mid_board: list[int] = field(default_factory=list)
    mid_reserve: list[int] = field(default_factory=list)
    games: int = 0


def play(seed: int, players: int, names: list[str], watched: set[int], hard_seconds: float,
         out: Watched) -> None:
    bots = [make_bot(name, 1000 * seed + seat) for seat, name in enumerate(names)]
    for bot in bots:
        if bot.name == "hard":
            bot.time_limit = hard_seconds  # type: ignore[attr-defined]
    seated = dict(enumerate(bots))
    state = new_game(seed, players, events=False)
    slips = SlipWatch(state, watched)
    board_by_turn: dict[int, list[tuple[int, int]]] = {}

    def before(state: GameState, move: Move) -> None:
        slips.before(state, move)
        if state.actor not in watched:
            return
        if state.phase == ACTION and move.kind == "double":
            out.double_turns.append(state.turn)
        elif state.phase == ACTION and move.kind == "proliferate":
            out.proliferations += 1
        board_by_turn.setdefault(state.turn, [(state.on_board(s), state.reserve[s])
                                              for s in sorted(watched)])

    play_out(StateTable(state), seated, slips.after, before)
    out.habits.update(slip.habit for slip in slips.slips)
    out.games += len(watched)
    out.games_with_chip_unused += sum(1 for s in watched if state.double_chips[s] > 0)
    mid = min(board_by_turn, key=lambda t: abs(t - state.turn / 2))
    for board, reserve in board_by_turn[mid]:
        out.mid_board.append(board)
        out.mid_reserve.append(reserve)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--bots", default="random,easy,medium")
    parser.add_argument("--against", default="", help="the bot in the other seats")
    parser.add_argument("--hard-seconds", type=float, default=0.8)
    args = parser.parse_args()
    for name in args.bots.split(","):
        out = Watched()
        for g in range(args.games):
            if args.against:
                seat = g % args.players
                names = [name if s == seat else args.against for s in range(args.players)]
                watched = {seat}
            else:
                names, watched = [name] * args.players, set(range(args.players))
            play(g + 1, args.players, names, watched, args.hard_seconds, out)
        shown = ", ".join(f"{h} {k}" for h, k in sorted(out.habits.items())) or "none"
        when = statistics.median(out.double_turns) if out.double_turns else "-"
        print(f"{name:7} {args.games} games, {args.players} players"
              f"{' vs ' + args.against if args.against else ''}: habits: {shown}; "
              f"double-turn chips used {len(out.double_turns)} (median turn {when}), "
              f"never used in {out.games_with_chip_unused}/{out.games} seat-games; "
              f"proliferations {out.proliferations / out.games:.1f} a game; mid-game board "
              f"{statistics.fmean(out.mid_board):.1f}, reserve "
              f"{statistics.fmean(out.mid_reserve):.1f}")


if __name__ == "__main__":
    main()
