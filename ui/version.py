# The one place the Pocket Tricks version lives (bundle name, title screen).
VERSION = "0.1.0"
