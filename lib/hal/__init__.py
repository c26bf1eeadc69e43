# Hardware abstraction: hal.detect() returns the profile for this machine.
#
# Every profile subclasses hal.base.Board: the contract (display, keys,
# now_ms(), idle(), save_dir, writable, beep(), entropy(), opts ...) with a
# do-nothing default for each member.
#
# Kept tiny: every `from hal import keys` runs this file first. The choice of
# profile is in hal.pick, loaded only by detect().


def detect(argv=None):
    # Pick the board profile (hal.pick: one readable chain, first match wins),
    # then drop the chain (engine.ondemand, the one place that unloads code).
    from engine.ondemand import forget
    from hal import pick
    try:
        return pick.detect(argv)
    finally:
        forget("hal.pick")
