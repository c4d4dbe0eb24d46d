"""Finished games for the review's tests: sensible play (medium bots in every seat) with one
clear blunder planted for seat 0, the person under review."""

from __future__ import annotations

from urland.bots.greedy import GreedyBot
from urland.engine import ACTION, Game, GameState, Move, legal_options, option_allows


def retreat_everything(state: GameState, seat: int) -> Move | None:
    """Send every Ichto the seat has on land back to its reserve: a move no player means."""
    regions = state.board.n_regions
    picks = tuple((r, state.count(r, seat)) for r in range(regions)
                  if state.root(r) == r and state.count(r, seat))
    move = Move("retreat", picks=picks)
    if picks and any(option_allows(o, move) for o in legal_options(state)):
        return move
    return None


def game_with_blunder(seed: int = 7, players: int = 4, from_turn: int = 6,
                      land: int = 5) -> tuple[Game, int]:
    """A finished game where seat 0, at its first action from turn `from_turn` on with at least
    `land` Ichtos on land, retreats all of them; returns the game and that move's index."""
    game = Game.new(seed, players)
    bots = [GreedyBot(seed * 10 + s) for s in range(players)]
    planted = -1
    while not game.over:
        state = game.state
        move = bots[state.actor].choose(game.view(state.actor))
        if (planted < 0 and state.actor == 0 and state.phase == ACTION
                and state.turn >= from_turn and state.on_land(0) >= land):
            blunder = retreat_everything(state, 0)
            if blunder is not None:
                move, planted = blunder, len(game.moves)
        game.play(move)
    assert planted >= 0, "no moment to plant the blunder"
    return game, planted
