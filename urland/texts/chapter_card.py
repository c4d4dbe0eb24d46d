"""The card that opens a tutorial chapter played from a prepared position: it says that the
game jumps to a new position, and what is different there from the position the player's own
moves made (the turn, the roles, every score, gene, double-turn chip and region chip on the
board), so nothing on the table comes as a surprise."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce

from urland.engine import GameState, genes_in
from urland.texts.genes import gene_name
from urland.texts.i18n import _, fmt


def chapter_card(before: GameState | None, after: GameState, names: Sequence[str],
                 genes_kept: bool = False) -> str:
    """The card's text: `after` is the chapter's prepared position; `before` the position the
    player left (None: only where everyone stands); `genes_kept`: the position took over the
    genes bought in the player's game."""
    parts = [fmt("A new position: a prepared game at turn {turn}, not the one you played.",
                 turn=after.turn),
             fmt("{env} is the environment player, {dead} the dead player.",
                 env=names[after.env], dead=names[after.dead])]
    if genes_kept:
        parts.append(_("Everyone keeps the genes bought in your game."))
    seats = [seat for seat in range(after.n) if before is None or _seat_of(before, seat)
             != _seat_of(after, seat)]
    if seats:
        parts.append(_("What is different:") if before is not None else _("Where everyone is:"))
        lines = [_seat_line(before, after, names, seat) for seat in seats]
        parts.append(reduce(lambda done, line: fmt("{lines}; {line}", lines=done, line=line),
                            lines) + ".")  # the language's semicolon (French: "\u00a0;")
    if before is not None and sorted(before.board_chips) != sorted(after.board_chips):
        parts.append(fmt("Region chips on the board: {chips} (was {was}).",
                         chips=_chips(after.board_chips), was=_chips(before.board_chips)))
    parts.append(_("The Ichtos stand where this lesson needs them."))
    return " ".join(parts)


def _seat_of(state: GameState, seat: int) -> tuple[int, int, int]:
    """What the card compares of one player: points, genes, double-turn chips."""
    return state.track[seat], state.genes[seat], state.double_chips[seat]


def _chips(chips: Sequence[int]) -> str:
    return ", ".join(str(chip) for chip in sorted(chips)) or _("none")


def _genes(state: GameState, seat: int) -> str:
    return ", ".join(gene_name(g) for g in genes_in(state.genes[seat])) or _("no genes")


def _seat_line(before: GameState | None, after: GameState, names: Sequence[str],
               seat: int) -> str:
    """One player's score and genes, with what they were when the player left."""
    points = after.track[seat]
    if before is None or before.track[seat] == points:
        line = fmt("{name} {points, plural, one {# point} other {# points}}", name=names[seat],
                   points=points)
    else:
        line = fmt("{name} {points, plural, one {# point} other {# points}} (was {was})",
                   name=names[seat], points=points, was=before.track[seat])
    if before is None or before.genes[seat] != after.genes[seat]:
        genes = _genes(after, seat)
        if before is not None:
            genes = fmt("{genes} (was {was})", genes=genes, was=_genes(before, seat))
        line = f"{line}, {genes}"
    chips = after.double_chips[seat]
    if before is not None and before.double_chips[seat] != chips:
        line += ", " + fmt("{count, plural, one {# double-turn chip} other {# double-turn chips}}"
                           " (was {was})", count=chips, was=before.double_chips[seat])
    return line
