"""The table's panels and shows: the side panel, the log, the overlays, the chat, the coach."""
