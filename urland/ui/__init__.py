"""Drawing helpers shared by the scenes: theme, text, widgets, art and the board view."""
