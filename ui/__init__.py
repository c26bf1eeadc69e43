# Pocket Tricks' user interface: screen logic in plain Python, drawn by a thin
# displayio layer. At the top: the App and its main loop, the screens' bases
# and a game in progress (loaded when used beside them: settings and
# statistics, undo, seat names, a first game's tips, the in-memory store).
# In packages by job: the table (table/), the displayio layer (draw/) and the
# saves (saves/), each package's own module the part a game in play holds;
# loaded when used: the other screens (screens/), link play (link/) and the
# text console (console/). docs/engineers.md has the map.
