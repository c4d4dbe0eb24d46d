"""Network play: the wire protocol, the authoritative server, and the client.

No pygame in this package. The server holds every game and checks each move with the engine;
a client only ever receives its own seat's view, log and events (docs/network-protocol.md).
"""
