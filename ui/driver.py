# Drive an App without a display or real time: for tests, the VM and headless runs.
#
# Time is virtual: while the top screen is busy (bots, pauses) the clock jumps
# to its next wanted tick, so a whole game takes no waiting.


class Driver:
    def __init__(self, app, now=0):
        self.app = app
        self.now = now
        self.steps = 0

    def settle(self, limit=200000):
        # Run timed work until the UI waits for a key (or limit ticks pass).
        n = 0
        wait = self.app.tick(self.now)
        while self.app.busy() and n < limit and not self.app.quit:
            self.now += max(1, min(wait if wait is not None else 20, 10000))
            wait = self.app.tick(self.now)
            n += 1
        self.steps += n
        return n

    def press(self, k):
        self.settle()
        self.app.key(k)
        self.settle()

    def keys(self, seq):
        for k in seq:
            self.press(k)
