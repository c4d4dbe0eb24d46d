"""The master's news to a seat (`urland.master.news`) as the wire's messages
(docs/network-protocol.md): an update, the finished game's record, who sits where."""

from __future__ import annotations

from typing import Any

from urland.master.news import Finished, News, Presence, Update
from urland.net.wire import events_to_wire, record_to_wire, view_to_wire


def news_to_wire(news: News) -> dict[str, Any]:
    if isinstance(news, Update):
        return {"type": "update", "at": news.at, "view": view_to_wire(news.view),
                "log_from": news.log_from, "events": events_to_wire(list(news.events)),
                "can_undo": news.can_undo, "undoable": news.undoable}
    if isinstance(news, Finished):
        return {"type": "over", "record": record_to_wire(news.game, list(news.seats))}
    assert isinstance(news, Presence)
    return {"type": "presence", "names": list(news.names), "connected": list(news.connected),
            "joined": list(news.joined), "kinds": list(news.kinds), "lobby": news.lobby,
            "stand_in": list(news.stand_in), "stand_in_in": list(news.stand_in_in)}
