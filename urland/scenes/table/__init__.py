"""The table's scenes as components: the scene (`scene`), its gestures on the board
(`gestures`), its button bar (`controls`), what a coaching scene is to it (`guide`), and the
dialogs it opens by name (`auction`, `pick`, `private`, on `dialog`).

They reach the game only through the table's door (`urland.table`), never the true state.
"""
