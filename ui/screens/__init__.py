# Every screen but the table, each loaded only while it is open (and the
# package with them: engine.ondemand drops it once none is left): the title,
# settings, new game setup, the pause menu, statistics and rules (info), the
# curtain and round summary (between), game over, the score sheet
# (sheet_page; its tables in sheet, who leads in standings), questions
# (confirm), the on-screen keyboard and your name (keyboard, naming). What
# they share: common.
