"""The Urland rules engine: pure, deterministic, headless (no pygame under this package).

    from urland.engine import Game
    game = Game.new(seed=7, players=4)
    options = game.legal_options()          # who decides is game.state.actor
    game.play(options[0].move)              # IllegalMoveError (game unchanged) if not allowed
    game.view(seat)                         # what that seat may know (rules section 9)
    position_to_text(game.state)            # the position as one line of text (docs/)
    sample_hidden(game.view(seat), rng)     # a full state that view could stand for
"""

from urland.engine import events as event_data  # each kind's data schema, for cast()
from urland.engine.actions import (
    ACTIONS,
    EVENT_DATA,
    player_move_kinds,
    proliferation_gain,
    relocation_kinds,
)
from urland.engine.auction import gene_price
from urland.engine.board import Board, load_board, standard_board
from urland.engine.decision import TRAY, Decision, Prompt
from urland.engine.edition import FIRST_EDITION, Edition, current_edition
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
from urland.engine.genes import CARE_OF_YOUNG, GENES, GeneCard, gene_cards, gene_name, genes_in
from urland.engine.hidden import sample_hidden, uniform_bid
from urland.engine.moves import Move, Option, PickSpec, format_move, parse_move
from urland.engine.player_counts import PLAYER_COUNTS, PlayerCountNumbers, numbers_for
from urland.engine.position import position_from_text, position_to_text
from urland.engine.queries import (
    actions_per_turn,
    after_panic,
    hand_holder,
    ichto_players,
    land_per_action,
    muscles,
    seat_counts,
)
from urland.engine.rules import (
    PHASE_PROMPTS,
    apply_move,
    check_move,
    expand,
    is_legal,
    legal_options,
    option_allows,
)
from urland.engine.scoring import prize_split, scoring_outcome
from urland.engine.setup import new_game
from urland.engine.state import (
    ACTION,
    BID,
    BUY,
    CHIP,
    COLOUR_NAMES,
    OVER,
    PANIC,
    PANIC_EARS,
    PANIC_OCEAN,
    PANIC_REGION,
    VOLCANO_EARS,
    GameState,
)
from urland.engine.view import UNKNOWN, PlayerView, view
from urland.engine.volcano import join_regions

__all__ = [
    "ACTION",
    "ACTIONS",
    "BID",
    "BUY",
    "CARE_OF_YOUNG",
    "CHIP",
    "COLOUR_NAMES",
    "EVENT_DATA",
    "FIRST_EDITION",
    "GENES",
    "OVER",
    "PANIC",
    "PANIC_EARS",
    "PANIC_OCEAN",
    "PANIC_REGION",
    "PHASE_PROMPTS",
    "PLAYER_COUNTS",
    "TRAY",
    "UNKNOWN",
    "VOLCANO_EARS",
    "Board",
    "BoardError",
    "DataError",
    "Decision",
    "Edition",
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
    "actions_per_turn",
    "after_panic",
    "apply_move",
    "check_move",
    "current_edition",
    "event_data",
    "expand",
    "format_move",
    "gene_cards",
    "gene_name",
    "gene_price",
    "genes_in",
    "hand_holder",
    "ichto_players",
    "is_legal",
    "join_regions",
    "land_per_action",
    "legal_options",
    "load_board",
    "muscles",
    "new_game",
    "numbers_for",
    "option_allows",
    "parse_move",
    "player_move_kinds",
    "position_from_text",
    "position_to_text",
    "prize_split",
    "proliferation_gain",
    "relocation_kinds",
    "sample_hidden",
    "scoring_outcome",
    "seat_counts",
    "standard_board",
    "uniform_bid",
    "view",
]
