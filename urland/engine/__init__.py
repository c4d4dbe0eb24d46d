"""The Urland rules engine: pure, deterministic, headless (no pygame under this package).

    from urland.engine import Game
    game = Game.new(seed=7, players=4)
    options = game.legal_options()          # who decides is game.state.actor
    game.play(options[0].move)              # IllegalMoveError (game unchanged) if not allowed
    game.view(seat)                         # what that seat may know (rules section 9)
    position_to_text(game.state)            # the position as one line of text (docs/)
"""

from urland.engine.auction import gene_price
from urland.engine.board import Board, load_board, standard_board
from urland.engine.decision import TRAY, Decision, Prompt
from urland.engine.errors import (
    BoardError,
    DataError,
    IllegalMoveError,
    NewerSaveError,
    PositionError,
    SaveError,
    UrlandError,
    UserFileError,
)
from urland.engine.events import Event
from urland.engine.game import Game, GameOptions
from urland.engine.genes import GENES, GeneCard, gene_cards, gene_name, genes_in
from urland.engine.moves import Move, Option, PickSpec, format_move, parse_move
from urland.engine.player_counts import PLAYER_COUNTS, PlayerCountNumbers, numbers_for
from urland.engine.position import position_from_text, position_to_text
from urland.engine.rules import (
    PHASE_PROMPTS,
    apply_move,
    check_move,
    expand,
    is_legal,
    legal_options,
    option_allows,
)
from urland.engine.setup import new_game
from urland.engine.state import COLOUR_NAMES, GameState
from urland.engine.view import UNKNOWN, PlayerView, view

__all__ = [
    "COLOUR_NAMES",
    "GENES",
    "PHASE_PROMPTS",
    "PLAYER_COUNTS",
    "TRAY",
    "UNKNOWN",
    "Board",
    "BoardError",
    "DataError",
    "Decision",
    "Event",
    "Game",
    "GameOptions",
    "GameState",
    "GeneCard",
    "IllegalMoveError",
    "Move",
    "NewerSaveError",
    "Option",
    "PickSpec",
    "PlayerCountNumbers",
    "PlayerView",
    "PositionError",
    "Prompt",
    "SaveError",
    "UrlandError",
    "UserFileError",
    "apply_move",
    "check_move",
    "expand",
    "format_move",
    "gene_cards",
    "gene_name",
    "gene_price",
    "genes_in",
    "is_legal",
    "legal_options",
    "load_board",
    "new_game",
    "numbers_for",
    "option_allows",
    "parse_move",
    "position_from_text",
    "position_to_text",
    "standard_board",
    "view",
]
