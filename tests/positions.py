"""Build board positions for rules tests in the position notation (docs/position-notation.md):
state the position, act, check the exact result."""

from __future__ import annotations

from urland.engine import (
    Board,
    GameState,
    Move,
    apply_move,
    numbers_for,
    position_from_text,
    standard_board,
)

WHITE, BLACK, GREY, PURPLE, GREEN = range(5)

# The gene display, gene deck and generator of the game of seed 0, by player count.
SEED_0 = {
    3: "display=legs,teeth,ears deck=egg,care_of_young,assimilation,warm_blood,wings,turbo "
       "rng=b89766b9b0efb4a4",
    4: "display=legs,stinkglands,teeth,turbo "
       "deck=egg,care_of_young,assimilation,warm_blood,wings,ears,muscles rng=b89766b9b0efb4a4",
    5: "display=egg,wings,warm_blood,legs "
       "deck=stinkglands,care_of_young,assimilation,turbo,muscles,ears,teeth "
       "rng=56cee073303a30b9",
}


def fields_of(text: str) -> dict[str, str]:
    """The `key=value` fields of a notation fragment (without the leading upn1)."""
    return dict(token.split("=", 1) for token in text.split() if token != "upn1")


def table_text(text: str = "", board: Board | None = None) -> str:
    """A turn in progress, in notation: the environment player (p1 unless `env=` says otherwise)
    chose chip 12 (or `chosen=`) and the first Ichto player is to act, with the usual actions.

    Fields in `text` replace the defaults below. The board holds exactly the Ichtos of `ichtos=`;
    every other Ichto of a colour is in its reserve. No volcano has erupted; the markers stand
    on 1, 2, 3 ... and the mutation spaces they have passed have had their mutation.
    """
    board = board or standard_board()
    given = fields_of(text)
    n = int(given.get("players", "4"))
    env = int(given.get("env", "p1")[1:]) - 1
    chosen = int(given.get("chosen", "12"))
    track = given.get("track", ".".join(str(k) for k in range(1, n + 1)))
    lead = max(int(k) for k in track.split("."))
    others = [c for c in board.region_numbers if c != chosen]
    fields = {
        "players": str(n),
        "phase": "action",
        "actor": f"p{(env + 2) % n + 1}",
        "actions": str(numbers_for(n).actions),
        "env": f"p{env + 1}",
        "track": track,
        "pile": ",".join(["P", *map(str, others[2:])]),
        "hand": f"{others[0]},{others[1]}",
        "chosen": str(chosen),
        "mutated": ",".join(str(s) for s in board.mutation_spaces if lead >= s) or "-",
        "agenda": "end_turn,score_chosen",
        **fields_of(SEED_0[n]),
        **given,
    }
    fields.setdefault("seen", seen_as_laid(fields, n))
    return "upn1 " + " ".join(f"{k}={v}" for k, v in fields.items())


def seen_as_laid(fields: dict[str, str], n: int) -> str:
    """Who knows which chip, as the engine leaves them once the chip is laid: the chip face
    down known to its player, the chips passed on known to both players of the hand (the next
    environment player holds them and chooses from them next turn)."""
    env = int(fields["env"][1:]) - 1
    holders = f"p{env + 1}p{(env + 1) % n + 1}"
    known = [f"{fields['chosen']}:p{env + 1}"] if fields["chosen"].isdigit() else []
    known += [f"{c}:{holders}" for c in fields["hand"].split(",") if c.isdigit()]
    return ",".join(known) or "-"


def table(text: str = "", board: Board | None = None) -> GameState:
    """The position of `table_text(text)`, recording events."""
    return position_from_text(table_text(text, board), board)


def area(s: GameState, name: str) -> int:
    return s.board.parse_area(name)


def at(s: GameState, name: str) -> list[int]:
    """Ichtos per seat in an area, by its printed name ('5', 'O2')."""
    return s.area_counts(s.root(area(s, name)) if name.isdigit() else area(s, name))


def play(s: GameState, kind: str, **fields) -> GameState:
    """Apply a move given by kind and fields; area fields may be printed names."""
    for key in ("src", "dst"):
        if isinstance(fields.get(key), str):
            fields[key] = area(s, fields[key])
    if "picks" in fields:
        fields["picks"] = tuple(sorted((area(s, a) if isinstance(a, str) else a, k)
                                       for a, k in fields["picks"]))
    apply_move(s, Move(kind, **fields))
    return s


def texts(s: GameState) -> list[str]:
    """The sentences players read of the state's events, each seat called by its colour."""
    from urland.texts.events import colour_names, event_sentence

    names = colour_names(s.colours)
    return [event_sentence(e, names, s.board) for e in s.events or []]
