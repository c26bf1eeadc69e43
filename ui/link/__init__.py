# Link play: several consoles at one table over Wi-Fi. The protocol (proto,
# and check for what a joiner receives), the host (host: the referee;
# host_table: its table screen; saved: its seats and tokens), the joiner
# (state: the game as its seat knows it; client: the connection; remote: the
# table screen), the menus and lobby (menus, lobby, over) and typing a host's
# address (address). Loaded only for link play.
