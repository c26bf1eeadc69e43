# Run device code outside a board: CircuitPython's own interpreter (not provided with the
# project: environment variables name it) and the .mpy compiler (circuitpy),
# the MicroPython VM (mpvm), a whole game as a player has it (device_game).
