"""Event sentences for players, rendered from each event's kind and data, names filled in here.

    event_sentence(event, names)     # names[seat]: what to call each seat (colour_names(...))

The engine's events carry data only; the words live in assets/texts/sentences.yaml (and its
translations), one template per message with named placeholders and plural forms. This module
only decides which message an event needs and with which values. Every kind the engine says has
its renderer here (`EVENT_KINDS`; a test plays games and checks it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from urland.engine import EVENT_DATA, Board, Event, event_data, standard_board
from urland.texts.genes import gene_name
from urland.texts.messages import Catalogue, MessageError
from urland.texts.words import Words, colour_names, sentences

Message = tuple[str, dict[str, Any]]  # (message id, values)
__all__ = ["EVENT_KINDS", "colour_names", "event_sentence", "plain_sentence", "render_event"]


def event_sentence(event: Event, names: Sequence[str], board: Board | None = None) -> str:
    """The sentence telling players about `event`, calling seat s `names[s]`. Never fails: with
    the sentence file damaged or missing it falls back to `plain_sentence`."""
    texts = sentences()
    if texts is not None:
        try:
            return render_event(event, names, board, texts)
        except (MessageError, KeyError):
            pass
    return plain_sentence(event, names, board)


def render_event(event: Event, names: Sequence[str], board: Board | None = None,
                 texts: Catalogue | None = None) -> str:
    """As `event_sentence`, but a missing message or value raises (MessageError, KeyError)."""
    words = Words(texts or _shipped(), names, board or standard_board())
    render = _RENDER.get(event.kind)
    if render is not None:
        messages = render(words, event.data)
    elif event.kind in _MOVED:
        messages = _one(event.kind, **_relocation(words, event.data))
    else:
        raise KeyError(f"no sentence for events of kind {event.kind!r}")
    return " ".join(words.say(message_id, **values) for message_id, values in messages)


# The fields of the events' data that name a seat, or an area (by its index on the board).
_SEAT_FIELDS = frozenset({"seat", "target", "env", "dead", "chooser", "winner", "to_left",
                          "to_right", "excluded"})
_AREA_FIELDS = frozenset({"src", "dst", "area", "ocean"})


def plain_sentence(event: Event, names: Sequence[str], board: Board | None = None) -> str:
    """The event without the sentence file: its kind and its data, seats by their names and
    areas as the notation writes them ('land: seat Anna, src O2, dst 5, count 1')."""
    b = board or standard_board()

    def value(key: str, v: Any) -> str:
        if key in _SEAT_FIELDS and isinstance(v, int) and 0 <= v < len(names):
            return names[v]
        if key in _AREA_FIELDS and isinstance(v, int) and 0 <= v < b.n_areas:
            return b.area_name(v)
        return str(v)

    details = ", ".join(f"{key} {value(key, v)}" for key, v in event.data.items())
    return f"{event.kind}: {details}" if details else event.kind


def _shipped() -> Catalogue:
    texts = sentences()
    if texts is None:
        raise MessageError("the sentence file (assets/texts/sentences.yaml) cannot be read")
    return texts


def _one(message_id: str, **values: Any) -> list[Message]:
    return [(message_id, values)]


# Events of Ichtos carried from one area to another (land, swim, walk, fly and any new such
# action): their message has the kind's id and takes the seat, the areas and the count.
_MOVED = frozenset(kind for kind, schema in EVENT_DATA.items() if schema is event_data.Moved)


def _relocation(w: Words, d: dict) -> dict[str, Any]:
    return {"seat": w.name(d["seat"]), "src": w.area(d["src"]), **w.place(d["dst"], "dst"),
            "count": d["count"]}


def _score(w: Words, d: dict) -> list[Message]:
    if d["outcome"] == "empty":
        return _one("score_empty", chip=d["chip"])
    messages = _one("score", chip=d["chip"], outcome=d["outcome"])
    messages += [("score_removed", {"seat": w.name(s), "count": k})
                 for s, k in d["removed"].items()]
    ranked = dict(sorted(d["points"].items(), key=lambda kv: -kv[1]))
    messages += _one("score_points", points=w.scores(ranked))
    return messages


def _final_total(w: Words, d: dict) -> list[Message]:
    best, winners = d["best"], w.seats(d["winners"])
    if not d["points"]:
        return _one("final_total_shared", winners=winners, best=best)
    return _one("final_total", winners=winners, best=best, points=w.scores(d["points"]))


def _final_land(w: Words, d: dict) -> list[Message]:
    excluded = d["excluded"]
    values: dict[str, Any] = {"winners": w.seats(d["winners"]), "best": d["best"]}
    message_id = "final_land"
    if excluded is not None:
        message_id += "_without"
        values["excluded"] = w.name(excluded)
    if not d["points"]:
        return _one(message_id + "_shared", **values)
    return _one(message_id, points=w.scores(d["points"]), **values)


def _panic(w: Words, d: dict) -> list[Message]:
    if "candidates" not in d:
        return _one("panic_nothing")
    regions = [w.number(r) for r in d["candidates"]]
    if len(regions) == 1:
        return _one("panic", region=regions[0], most=d["most"])
    return _one("panic_tie", regions=w.listing(regions, "and"), most=d["most"],
                chooser=w.name(d["chooser"]))


def _panic_move(w: Words, d: dict) -> list[Message]:
    values = {"region": w.number(d["region"]), "ocean_label": w.label(d["ocean"])}
    if not d["seats"]:
        return _one("panic_move", **values)
    return _one("panic_move_flee", seats=w.seats(d["seats"]), fleeing=len(d["seats"]), **values)


def _assimilate(w: Words, d: dict) -> list[Message]:
    first, second = d["targets"]
    return _one("assimilate_same" if first == second else "assimilate", seat=w.name(d["seat"]),
                first=w.name(first), second=w.name(second), **w.place(d["area"]))


def _eruption(w: Words, d: dict) -> list[Message]:
    region = w.number(d["region"])
    if d.get("at_setup"):  # the set-up's eruption (urland.texts.log.as_told)
        if d["joined"]:
            return _one("setup_eruption", region=region, root=w.number(d["root"]))
        return _one("setup_volcano", region=region)
    if d["joined"]:
        return _one("eruption", region=region, root=w.number(d["root"]))
    return _one("eruption_no_join", region=region, bridge=w.number(d["bridge"]))


def _refill(w: Words, d: dict) -> list[Message]:
    genes = d["genes"]
    if not genes:
        return _one("refill_empty")
    return _one("refill", count=len(genes), genes=w.listing([gene_name(g) for g in genes],
                                                             "comma"))


_RENDER: dict[str, Callable[[Words, dict], list[Message]]] = {
    "setup_volcano": lambda w, d: _one("setup_volcano", region=d["region"]),
    "setup_deal": lambda w, d: _one("setup_deal", seat=w.name(d["seat"]),
                                    chips=w.listing(d["chips"])),
    "setup_pass": lambda w, d: _one("setup_pass", seat=w.name(d["seat"]), left=d["left"],
                                    right=d["right"], to_left=w.name(d["to_left"]),
                                    to_right=w.name(d["to_right"])),
    "setup": lambda w, d: _one("setup", start=w.name(d["start"]), genes=w.listing(
        [gene_name(g) for g in d["display"]], "comma")),
    "turn": lambda w, d: _one("turn", turn=d["turn"], env=w.name(d["env"]),
                              dead=w.name(d["dead"])),
    "draw": lambda w, d: _one("draw", seat=w.name(d["seat"])),
    "draw_secret": lambda w, d: _one("draw_secret", chip=d["chip"]),
    "chip_chosen": lambda w, d: _one("chip_chosen", env=w.name(d["env"]),
                                     dead=w.name(d["dead"])),
    "chip_secret": lambda w, d: _one("chip_secret", chip=d["chip"],
                                     passed=w.listing(d["passed"]), dead=w.name(d["dead"])),
    "chips_received": lambda w, d: _one("chips_received", env=w.name(d["env"]),
                                        passed=w.listing(d["passed"])),
    "reveal": lambda w, d: _one("reveal", seat=w.name(d["seat"]), chip=d["chip"]),
    "ichto_turn": lambda w, d: _one("ichto_turn", seat=w.name(d["seat"]), actions=d["actions"]),
    "double": lambda w, d: _one("double", seat=w.name(d["seat"])),
    "proliferate": lambda w, d: _one("proliferate", seat=w.name(d["seat"]),
                                     ocean=w.area(d["ocean"]),
                                     gains=w.scores(d["gains"], "gain")),
    "retreat": lambda w, d: _one("retreat", seat=w.name(d["seat"]),
                                 count=sum(k for _, k in d["picks"]),
                                 picks=w.listing([w.say("move_pick", count=k, **w.place(a))
                                                  for a, k in d["picks"]], "comma")),
    "assimilate": _assimilate,
    "egg": lambda w, d: _one("egg", seat=w.name(d["seat"]), dst=w.number(d["dst"])),
    "stink": lambda w, d: _one("stink", seat=w.name(d["seat"]), target=w.name(d["target"]),
                               count=d["count"], src=w.number(d["src"]),
                               dst=w.area(d["dst"])),
    "bite": lambda w, d: _one("bite", seat=w.name(d["seat"]), target=w.name(d["target"]),
                              **w.place(d["area"])),
    "score": _score,
    "track": lambda w, d: _one("track", seat=w.name(d["seat"]), start=d["start"], end=d["end"],
                               jumped=d.get("jumped", 0)),
    "game_ends": lambda w, d: _one("game_ends", threshold=d["threshold"], skipped=d["skipped"]),
    "final_total": _final_total,
    "final_land": _final_land,
    "winner": lambda w, d: _one("winner", winner=w.name(d["winner"]),
                                points=d["track"][d["winner"]]),
    "panic_drawn": lambda w, d: _one("panic_drawn", seat=w.name(d["seat"])),
    "epoch_end": lambda w, d: _one("epoch_end_last" if d["last"] else "epoch_end",
                                   epoch=d["epoch"], scored=d["scored"], other=d["other"]),
    "new_epoch": lambda w, d: _one("new_epoch", epoch=d["epoch"], chips=d["chips"]),
    "eruption": _eruption,
    "volcano_loss": lambda w, d: _one("volcano_loss", seat=w.name(d["seat"]),
                                      count=d["count"], region=w.number(d["region"])),
    "ears_dive": lambda w, d: _one("ears_dive", seat=w.name(d["seat"]), count=d["count"],
                                   ocean_label=w.label(d["ocean"])),
    "panic": _panic,
    "panic_move": _panic_move,
    "ears_stay": lambda w, d: _one("ears_stay", seat=w.name(d["seat"]), stay=d["stay"],
                                   fled=d["fled"]),
    "mutation": lambda w, d: _one("mutation"),
    "bid_placed": lambda w, d: _one("bid_placed", amount=d["amount"]),
    "bid_hidden": lambda w, d: _one("bid_hidden", seat=w.name(d["seat"])),
    "bids_revealed": lambda w, d: _one("bids_revealed", bids=w.listing(
        [w.say("bid", seat=w.name(s), amount=d["bids"][s]) for s in d["ranking"]], "comma"),
        tie="yes" if len(set(d["bids"])) < len(d["bids"]) else "no"),
    "cannot_pay": lambda w, d: _one("cannot_pay", seat=w.name(d["seat"]), price=d["price"]),
    "no_sale": lambda w, d: _one("no_sale"),
    "auction_closed": lambda w, d: _one(
        "auction_sold_out" if d["reason"] == "sold_out" else "auction_display_empty",
        seats=w.seats(d["seats"]), count=len(d["seats"]), sold=d["sold"]),
    "buy": lambda w, d: _one("buy", seat=w.name(d["seat"]), gene=gene_name(d["gene"]),
                             paid=d["paid"]),
    "pass": lambda w, d: _one("pass", seat=w.name(d["seat"])),
    "refill": _refill,
}

EVENT_KINDS = frozenset(_RENDER) | _MOVED
