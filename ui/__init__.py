# Pocket Tricks' user interface: screen logic in plain Python, drawn by a thin
# displayio layer. At the top: the App and its main loop, the screens' bases,
# a game in progress and the autosave (loaded when used beside them: the
# saves' reading, settings and statistics, undo, seat names, a first game's
# tips). In packages by job: the table (table/) and the displayio layer
# (draw/), each package's own module the part a game in play holds; loaded
# when used: the other screens (screens/), link play (link/) and the text
# console (console/). docs/engineers.md has the map.
