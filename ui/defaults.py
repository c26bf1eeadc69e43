# The settings' built-in values and the game speeds, for the app, the settings
# screen and the in-memory store (ui/prefs.py applies settings.toml's over them
# for a real store). speed: 1 slow .. 3 fast; names None: the built-in names.
SETTINGS = {"speed": 2, "autoplay": True, "sound": True, "bot_level": 2,
            "names": None, "last_setup": None}
SPEEDS = ("Slow", "Normal", "Fast")
SPEED_MS = (1100, 600, 250)
