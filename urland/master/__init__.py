"""The one master of every game: rooms, moves checked by the engine, saving, history, bots and
stand-ins, and each seat's own news, with no transport (docs/architecture.md).

No pygame and no sockets here: it depends on the engine, the bots and the records only. The
WebSocket server (`urland.net.server`) is one transport in front of it.
"""
