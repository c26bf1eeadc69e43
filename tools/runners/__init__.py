# Run device code outside a board: CircuitPython's own interpreter and mpy-cross (circuitpy),
# the MicroPython VM (mpvm), a whole game as a player has it (device_game).
