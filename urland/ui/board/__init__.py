"""The board's drawing: the painted map, the living sea and volcanoes, the pieces, the marks."""
