"""The game's pieces on the wire: a seat's view, events and the finished game's record.

A view travels as the position notation of its redacted state (`position_to_text`), which
holds exactly what the seat may know; the record names its edition (the cards, board and rules
it was dealt with) as a save does, and a record without one (from Urland 0.1.0) was dealt with
the first edition; events travel with their data, whose dictionaries keep
their (seat or area number) keys as pairs, since JSON keys are always text.
"""

from __future__ import annotations

from typing import Any

from urland.engine import (
    Event,
    Game,
    PlayerView,
    PositionError,
    parse_move,
    position_from_text,
    position_to_text,
)
from urland.engine.board import standard_board
from urland.engine.edition import (
    FIRST_EDITION,
    Edition,
    EditionProblem,
    check_playable,
    current_edition,
    edition_from_doc,
    edition_to_doc,
)
from urland.net.protocol import ProtocolError

MAX_RECORD_MOVES = 20_000


def view_to_wire(view: PlayerView) -> dict[str, Any]:
    return {"seat": view.seat, "position": position_to_text(view.state),
            "unseen": list(view.unseen_chips)}


def view_from_wire(data: Any) -> PlayerView:
    if not isinstance(data, dict) or not isinstance(data.get("position"), str):
        raise ProtocolError("the server sent a view without a position")
    seat, unseen = data.get("seat"), data.get("unseen")
    if not (seat is None or isinstance(seat, int)) or not isinstance(unseen, list) or not all(
            isinstance(c, int) for c in unseen):
        raise ProtocolError("the server sent a damaged view")
    try:
        state = position_from_text(data["position"])
    except PositionError as exc:
        raise ProtocolError(f"the server sent a damaged position: {exc}") from None
    return PlayerView(seat, state, tuple(unseen))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {"pairs": [[_plain(k), _plain(v)] for k, v in value.items()]}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _restore(value: Any) -> Any:
    if isinstance(value, dict):
        pairs = value.get("pairs")
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 for p in pairs):
            raise ProtocolError("the server sent damaged event data")
        return {_restore(k): _restore(v) for k, v in pairs if not isinstance(k, list | dict)}
    if isinstance(value, list):
        return [_restore(v) for v in value]
    return value


def event_to_wire(event: Event) -> dict[str, Any]:
    """An event as sent: its kind and data (never its visibility mask); each client tells it in
    its own language. `text` stays, empty, for the clients of Urland 0.1.0, which require it."""
    return {"kind": event.kind, "text": "", "data": _plain(event.data)}


def event_from_wire(data: Any, seat: int | None) -> Event:
    """The event as the client keeps it: visible to its own seat (it was sent to it)."""
    if not (isinstance(data, dict) and isinstance(data.get("kind"), str)
            and isinstance(data.get("data"), dict)):
        raise ProtocolError("the server sent a damaged event")
    restored = _restore(data["data"])
    mask = None if seat is None else 1 << seat
    return Event(data["kind"], restored, mask if data.get("private") else None)


def events_to_wire(events: list[Event]) -> list[dict[str, Any]]:
    out = []
    for event in events:
        item = event_to_wire(event)
        if event.visible_to is not None:
            item["private"] = True
        out.append(item)
    return out


def record_to_wire(game: Game, seats: list[dict[str, str]]) -> dict[str, Any]:
    """The finished game with its secrets open: what every side keeps in its history."""
    edition = game.options.edition or current_edition(game.board)
    return {"seed": game.seed, "players": game.options.players,
            "colours": list(game.options.resolved_colours()), "moves": game.notation(),
            "seats": seats, "edition": edition_to_doc(edition)}


def _record_edition(data: dict[str, Any]) -> Edition:
    """The record's edition, checked playable here; the first edition when it names none."""
    try:
        edition = edition_from_doc(data["edition"]) if "edition" in data else FIRST_EDITION
        check_playable(edition, standard_board())
    except EditionProblem as exc:
        raise ProtocolError(f"the server's record is of another edition ({exc})") from None
    return edition


def record_from_wire(data: Any) -> tuple[Game, list[dict[str, str]]]:
    """The record replayed by the engine; ProtocolError when it is not a finished game."""
    if not isinstance(data, dict):
        raise ProtocolError("the server sent a damaged record")
    seed, players, colours = data.get("seed"), data.get("players"), data.get("colours")
    moves, seats = data.get("moves"), data.get("seats")
    if not (isinstance(seed, int) and isinstance(players, int) and isinstance(colours, list)
            and isinstance(moves, list) and len(moves) <= MAX_RECORD_MOVES
            and all(isinstance(m, str) for m in moves) and isinstance(seats, list)
            and len(seats) == players and all(isinstance(c, int) for c in colours)):
        raise ProtocolError("the server sent a damaged record")
    edition = _record_edition(data)
    try:
        game = Game.new(seed, players, colours, edition=edition)
        for text in moves:
            game.play(parse_move(text, game.board))
    except Exception as exc:  # any refusal of the engine: the record does not replay
        raise ProtocolError(f"the server's record does not replay: {exc}") from None
    if not game.over:
        raise ProtocolError("the server's record is not a finished game")
    meta = [{"name": str(s.get("name", ""))[:24], "kind": str(s.get("kind", "human"))}
            if isinstance(s, dict) else {"name": "", "kind": "human"} for s in seats]
    return game, meta


__all__ = ["event_from_wire", "event_to_wire", "events_to_wire",
           "record_from_wire", "record_to_wire", "view_from_wire", "view_to_wire"]
