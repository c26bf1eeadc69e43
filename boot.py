# Pocket Tricks boot.py: runs once at power-up, before the computer sees the drive.
#
# Normally it gives the flash to the program (storage.remount("/", readonly=False))
# so games, settings and statistics can be saved; the computer then sees the
# drive read-only. Hold the USB button while switching on to leave the drive
# writable over USB for updating files; the game then runs without saving.
#   PyBadge / PyGamer: SELECT (read through the button shift register).
#   Feather ESP32-S3 Reverse TFT: the middle button (D1).
#   Other boards: their BUTTON pin, if they have one.
# The program tells the modes apart with storage.getmount("/").readonly
# (ui.saves.storage_mode()). Only CircuitPython built-in modules are used here.
import board
import storage
import time

SELECT = 3  # PyBadge shift register order: B, A, START, SELECT, RIGHT, DOWN, UP, LEFT


def _keys():
    # (keypad scanner, key number of the USB button), or None.
    try:
        import keypad
    except ImportError:
        return None
    if hasattr(board, "BUTTON_CLOCK"):
        return keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=8, value_when_pressed=True), SELECT
    if getattr(board, "board_id", "").endswith("reverse_tft") and hasattr(board, "D1"):
        return keypad.Keys((board.D1,), value_when_pressed=True, pull=True), 0
    if hasattr(board, "BUTTON"):
        return keypad.Keys((board.BUTTON,), value_when_pressed=False, pull=True), 0
    return None


def usb_button_held():
    # True when the USB button is down at power-up (a held key reports a press).
    found = _keys()
    if found is None:
        return False
    keys, wanted = found
    try:
        time.sleep(0.1)  # a few scans
        event = keys.events.get()
        while event:
            if event.pressed and event.key_number == wanted:
                return True
            event = keys.events.get()
        return False
    finally:
        keys.deinit()


def main():
    try:
        held = usb_button_held()
    except Exception as e:  # a board we do not know: saving is the safer default
        print("Pocket Tricks: could not read the buttons (%s)" % e)
        held = False
    if held:
        print("Pocket Tricks: USB mode, the drive stays writable for the computer; no saving.")
        return "usb"
    try:
        storage.remount("/", readonly=False)
    except Exception as e:
        print("Pocket Tricks: could not take the drive for saving (%s)" % e)
        return "usb"
    print("Pocket Tricks: saving on. Hold the USB button at power-up to edit the drive.")
    return "saves"


MODE = main()
