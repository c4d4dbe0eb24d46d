"""The game review in words: one sentence of why the better move was better, chosen from how
the two moves' outcomes differ (urland.bots.appraise.Contrast), from a small set of templates
in assets/texts/sentences.yaml (`review_*`)."""

from __future__ import annotations

from urland.bots.appraise import Contrast
from urland.bots.hints import explain
from urland.engine import GENES, Board, Move, PlayerView
from urland.texts.genes import gene_name
from urland.texts.i18n import _
from urland.texts.words import Words, sentences

NOTABLE = 0.75  # a difference (points, Ichtos) must reach this to be the reason given
ICHTO_WORTH = 0.5  # points an Ichto kept on the board is roughly worth (evaluate.HARD)
ROUNDING = 0.5  # points said as whole numbers: a reason may round up to this above the cost


def why(contrast: Contrast | None, played: Move, board: Board, lost: float | None = None,
        better: tuple[PlayerView, Move] | None = None) -> str:
    """One sentence of why the better move was better ('' without a contrast); `lost` is the
    points the judge found the decision cost (the contrast's own figure by default). When
    the outcomes differ in nothing one can name (scoring, Ichtos, genes), `better` (the
    player's view then, and the better move) gives the reason the hints give for that move,
    where the ending position would only say "better placed"."""
    texts = sentences()
    if contrast is None or texts is None:
        return ""
    w = Words(texts, (), board)
    message_id, values = reason(contrast, played, board, lost)
    if message_id == "review_general" and better is not None:
        try:
            return explain(*better).text
        except ValueError:  # a move no hint explains: the general sentence
            pass
    if "area" in values:
        values.update(w.place(values.pop("area")))
    return w.say(message_id, **values)


def reason(c: Contrast, played: Move, board: Board, lost: float | None = None
           ) -> tuple[str, dict]:
    """The template that says the biggest difference, and its values. The page says the cost
    beside it ("it cost about N points"), so a reason in points must be part of that cost: the
    points scored are the reason only when they are no more than the cost (to the rounding);
    a better move that scores more now but gives part of it up later is explained otherwise."""
    if c.genes_won:
        return "review_gene_won", {"gene": _genes(c.genes_won)}
    if c.genes_lost:
        return "review_gene_lost", {"gene": _genes(c.genes_lost)}
    cost = c.value if lost is None else lost
    board_worth = ICHTO_WORTH * c.board  # Ichtos kept, in points, to weigh against scoring
    if NOTABLE <= c.scored <= cost + ROUNDING and c.scored >= board_worth:
        points = max(1, round(c.scored))
        if c.region >= 0:
            return "review_scoring_region", {"points": points,
                                             "region": board.region_numbers[c.region]}
        return "review_scoring", {"points": points}
    if c.board >= NOTABLE:
        count = max(1, round(c.board))
        if played.kind == "retreat" and len(played.picks) == 1:
            return "review_retreat", {"count": count, "area": played.picks[0][0]}
        return "review_board", {"count": count}
    return "review_general", {"points": max(1, round(c.value if lost is None else lost))}


def _genes(mask: int) -> str:
    names = [gene_name(g) for i, g in enumerate(GENES) if mask >> i & 1]
    texts = sentences()
    return texts.join(names) if texts is not None else ", ".join(names)


def no_people_text() -> str:
    return _("Only computers played this game: there is no decision of a person to review.")
