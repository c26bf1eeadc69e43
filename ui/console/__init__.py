# The text console: the menu and setup (menu), a game in play (play), what is
# typed (words), the settings, statistics and rules pages (pages), the ASCII
# table (table) and a link table's joiner (link). code.py starts it where there
# is no screen (a board's serial console, or the desktop's --text).
