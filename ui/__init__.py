# Pocket Tricks' user interface: screen logic in plain Python, drawn by a thin
# displayio layer. At the top: the App and its main loop, the screens' bases,
# the table screen, a game in progress, the display layer and the autosave,
# all that a game in play holds; loaded when used beside them: the table's
# helpers, the saves' reading, settings and statistics. In packages by job,
# loaded when used: the other screens (screens/), link play (link/) and the
# text console (console/). docs/engineers.md has the map.
