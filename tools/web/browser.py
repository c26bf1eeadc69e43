"""Serve dist/web/ on 127.0.0.1 and drive the page in headless Chromium
(Debian's chromium and chromium-driver, the pinned selenium): for the
browser tests (tests/test_web_page.py) and make bench (tools/bench/web.py).

    with browser.Page(folder) as page:
        page.open("?game=nines&deal=4242")
        page.script("A A RIGHT A")        # keys as a headless desktop run presses them
        page.frame()                       # the canvas's pixels (a PIL image)

Nothing here waits without a limit: every wait fails after its timeout, and
chromedriver's page load and script timeouts are set.
"""
import base64
import functools
import http.server
import json
import os
import shutil
import tempfile
import threading
import time

CHROMIUM = ("/usr/bin/chromium", "chromium")
DRIVER = ("/usr/bin/chromedriver", "chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=800,900")   # (a small /dev/shm in CI)
INSTALL = ("headless Chromium is not installed: apt-get install -y chromium chromium-driver "
           "(and pip install -r requirements.txt for selenium)")
KEYS = {"UP": 0, "DOWN": 1, "LEFT": 2, "RIGHT": 3, "A": 4, "B": 5, "START": 6, "SELECT": 7}


def _find(names):
    for n in names:
        p = n if os.path.isabs(n) else shutil.which(n)
        if p and os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def missing():
    """None when Chromium, its driver and selenium are here, else how to get them."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return INSTALL
    if _find(CHROMIUM) is None or _find(DRIVER) is None:
        return INSTALL
    return None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    # what `python3 -m http.server` serves (README's way), without its log

    def log_message(self, *args):
        pass


class Server:
    """dist/web/ on 127.0.0.1 at a free port, from a thread of this process."""

    def __init__(self, folder):
        handler = functools.partial(_Quiet, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class Page:
    """Chromium on the served folder: one browser, a page opened per open()."""

    def __init__(self, folder, timeout=60):
        why = missing()
        if why:
            raise RuntimeError(why)
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        self.timeout = timeout
        self.server = Server(folder)
        self.profile = tempfile.mkdtemp(prefix="pt-chromium-")
        opts = webdriver.ChromeOptions()
        for f in FLAGS:
            opts.add_argument(f)
        opts.add_argument("--user-data-dir=" + self.profile)
        opts.binary_location = _find(CHROMIUM)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(_find(DRIVER)), options=opts)
        self.driver.set_page_load_timeout(timeout)
        self.driver.set_script_timeout(timeout)
        self.logs = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.server.close()
            shutil.rmtree(self.profile, ignore_errors=True)

    def js(self, code, *args):
        return self.driver.execute_script(code, *args)

    def wait(self, condition, timeout=None, what=None):
        """Poll the JS expression until it is true; its value, or AssertionError."""
        end = time.monotonic() + (timeout or self.timeout)
        while True:
            value = self.js("return " + condition)
            if value:
                return value
            errors = self.js("return window.pt ? pt.errors : []")
            if errors:
                raise AssertionError("the page stopped: %s" % errors)
            if time.monotonic() > end:
                raise AssertionError("timed out waiting for %s" % (what or condition))
            time.sleep(0.02)

    def open(self, query="", clear=False):
        """Load the page (with its address's query) and wait for the title or the game."""
        if clear:
            self.driver.get(self.server.url + "style.css")
            self.js("localStorage.clear(); sessionStorage.clear()")
            self.driver.get_log("browser")    # (a text file's favicon.ico: not the page's)
        self.driver.get(self.server.url + query)
        self.wait("window.pt && pt.ready", what="the page to start")
        self.wait("pt.run.idle()", what="the page to settle")

    def reload(self):
        self.driver.refresh()
        self.wait("window.pt && pt.ready", what="the page to start again")
        self.wait("pt.run.idle()", what="the page to settle")

    def script(self, keys, timeout=None, until=""):
        """Press keys as `code.py --headless --keys` does, and wait till all is
        done (or until the screen of that class name is on top)."""
        self.js("pt.script(arguments[0], arguments[1])", keys, until)
        self.wait("pt.run.idle()", timeout, "the keys %r to be played" % keys[:60])

    def press(self, name):
        """One press and release as the page's own buttons give it (not a script)."""
        k = KEYS[name]
        self.js("pt.key(arguments[0], true); pt.key(arguments[0], false)", k)

    def type_key(self, name):
        """One press of the desktop's key for name on the keyboard (Chromium's
        own key events, as a person's)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        typed = {"UP": Keys.ARROW_UP, "DOWN": Keys.ARROW_DOWN, "LEFT": Keys.ARROW_LEFT,
                 "RIGHT": Keys.ARROW_RIGHT, "A": "z", "B": "x", "START": " ",
                 "SELECT": Keys.TAB}[name]
        ActionChains(self.driver).send_keys(typed).perform()

    def game(self):
        return json.loads(self.js("return pt.run.game()"))

    def frame(self):
        """The canvas as it shows now: a PIL RGB image of the console's pixels."""
        from PIL import Image
        w, h, data = self.js(
            "const c = document.getElementById('screen');"
            "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "let s = ''; for (let i = 0; i < d.length; i += 8192)"
            " s += String.fromCharCode.apply(null, d.subarray(i, i + 8192));"
            "return [c.width, c.height, btoa(s)];")
        return Image.frombytes("RGBA", (w, h), base64.b64decode(data)).convert("RGB")

    def console_errors(self):
        """The browser console's errors and warnings since the last call."""
        out = []
        for e in self.driver.get_log("browser"):
            self.logs.append(e)
            if e.get("level") in ("SEVERE", "WARNING"):
                out.append(e.get("message"))
        return out

    def screenshot(self, path):
        self.driver.save_screenshot(path)
