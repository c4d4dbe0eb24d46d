"""Network play: the wire protocol, the WebSocket transport in front of the master, the client.

No pygame in this package. The master (`urland.master`) holds every game and checks each move
with the engine; a client only ever receives its own seat's view, log and events
(docs/network-protocol.md).
"""
