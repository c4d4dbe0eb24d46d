"""Drawing helpers shared by the scenes: theme, text, widgets, focus and art; the board's drawing in
`board/`, the table's panels in `table/`, the other pages' drawings in `pages/`."""
