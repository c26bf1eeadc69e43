// The page: starts MicroPython, gives it the device's files, and runs the
// app (web_run.py) a step at a time; draws each refresh on the
// canvas (compose.js), turns keys and on-screen buttons into the console's
// keys, keeps saves in the browser's storage (storage.js) and beeps through
// Web Audio once a key has been pressed.
import { loadMicroPython } from "./micropython.mjs";
import { Frame } from "./compose.js";
import * as storage from "./storage.js";

const UP = 0, DOWN = 1, LEFT = 2, RIGHT = 3, A = 4, B = 5, START = 6, SELECT = 7;
// the desktop's keyboard (python code.py --help)
const KEYS = {
  ArrowUp: UP, ArrowDown: DOWN, ArrowLeft: LEFT, ArrowRight: RIGHT,
  z: A, Z: A, Enter: A, x: B, X: B, Escape: B, Backspace: B, " ": START, Tab: SELECT,
};

const pt = (globalThis.pt = {
  started: 0, ready: false, errors: [], presses: [], frames: 0, link: "",
  sound: { asked: 0, played: 0 },
});
const canvas = document.getElementById("screen");
let frame = null, ctx = null, image = null;
let run = null, timer = null, pending = null;

function fail(e) {
  pt.errors.push(String(e && e.message || e));
  console.error(e);
  document.getElementById("status").textContent = "Stopped: " + String(e && e.message || e);
}

// --- drawing -------------------------------------------------------------
function fit() {
  // the screen at the largest whole zoom that leaves room for the buttons
  // (every console pixel the same size); a window narrower than one zoom shrinks it
  const room = Math.min(window.innerWidth - 16, 960);
  const tall = Math.max(canvas.height, window.innerHeight - 300);
  const k = Math.min(Math.floor(room / canvas.width), Math.floor(tall / canvas.height));
  canvas.style.width = (k >= 1 ? k * canvas.width : room) + "px";
}
window.addEventListener("resize", fit);

globalThis.ptSize = (w, h) => {
  canvas.width = w;
  canvas.height = h;
  frame = new Frame(w, h);
  image = new ImageData(frame.rgba, w, h);
  ctx = canvas.getContext("2d", { willReadFrequently: true });   // (a small canvas: kept in memory)
  document.body.dataset.size = w + "x" + h;
  fit();
};
globalThis.ptDraw = (text, whole) => {
  const scene = JSON.parse(text);
  frame.paint(scene);
  ctx.putImageData(image, 0, 0);
  if (!pt.frames) pt.firstFrame = performance.now();   // (ms since the page was opened)
  pt.frames++;
  if (pending) { pending.drew = true; pending.whole = pending.whole || !!whole; }
};

// --- sound ---------------------------------------------------------------
let audio = null;
function wakeAudio() {
  // only from a person's key or touch: a browser lets sound start then, and no sooner
  const act = navigator.userActivation;
  if (act && !act.isActive) return;
  if (!audio && globalThis.AudioContext) {
    try { audio = new AudioContext(); } catch (e) { audio = null; }
  }
  if (audio && audio.state === "suspended") audio.resume();
}
globalThis.ptBeep = (freq, ms) => {
  pt.sound.asked++;
  if (!audio || audio.state !== "running") return;   // silent until the first press
  pt.sound.played++;
  const o = audio.createOscillator(), g = audio.createGain();
  o.type = "square";
  o.frequency.value = freq;
  g.gain.value = 0.05;
  o.connect(g).connect(audio.destination);
  o.start();
  o.stop(audio.currentTime + ms / 1000);
};
globalThis.ptEntropy = () => crypto.getRandomValues(new Uint32Array(1))[0];

// --- the loop ------------------------------------------------------------
function step() {
  timer = null;
  let wait;
  const t0 = performance.now();
  try { wait = run.step(); } catch (e) { fail(e); return; }
  pt.longest = Math.max(pt.longest || 0, performance.now() - t0);   // (a bot thinking)
  showLink();
  if (wait >= 0) timer = setTimeout(step, wait);
}

function key(k, down, since) {
  // since: the event's time (a key or button waits while a step runs: counted)
  if (!run) return;
  wakeAudio();
  const t0 = since === undefined ? performance.now() : since;
  pending = { key: k, down, drew: false, whole: false };
  try { run.press(k, down); } catch (e) { fail(e); }
  if (timer !== null) clearTimeout(timer);
  step();
  if (down) {
    pending.ms = performance.now() - t0;
    pt.presses.push(pending);
  }
  pending = null;
}

function showLink() {
  let link = "";
  try { link = run.deal_link(); } catch (e) { fail(e); }
  if (link === pt.link) return;
  pt.link = link;
  const el = document.getElementById("link");
  if (!link) { el.hidden = true; return; }
  const url = new URL(location.href);
  url.search = "?" + link;
  if (params.get("size")) url.search += "&size=" + params.get("size");
  const a = el.querySelector("a");
  a.href = url.href;
  a.textContent = url.href;
  document.getElementById("copy").textContent = "Copy";
  el.hidden = false;
}

document.getElementById("copy").addEventListener("click", (e) => {
  const href = document.querySelector("#link a").href;
  if (navigator.clipboard) navigator.clipboard.writeText(href).then(
    () => { e.target.textContent = "Copied"; }, () => { e.target.textContent = "Copy"; });
});

// --- keys and buttons ----------------------------------------------------
document.addEventListener("keydown", (e) => {
  const k = KEYS[e.key];
  if (k === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  e.preventDefault();
  if (!e.repeat || k <= RIGHT) key(k, true, e.timeStamp);
});
document.addEventListener("keyup", (e) => {
  const k = KEYS[e.key];
  if (k !== undefined) { e.preventDefault(); key(k, false, e.timeStamp); }
});
// a held arrow button repeats as a held arrow key does on the desktop
const REPEAT_AFTER = 350, REPEAT_EVERY = 70;
for (const b of document.querySelectorAll("[data-key]")) {
  const k = { UP, DOWN, LEFT, RIGHT, A, B, START, SELECT }[b.dataset.key];
  let held = null;
  const let_go = (e) => {
    if (held === null) return;
    clearTimeout(held.wait);
    clearInterval(held.every);
    held = null;
    key(k, false, e.timeStamp);
  };
  b.addEventListener("contextmenu", (e) => e.preventDefault());   // (a long touch)
  b.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    b.setPointerCapture(e.pointerId);
    held = {};
    key(k, true, e.timeStamp);
    if (k <= RIGHT) {
      held.wait = setTimeout(() => {
        held.every = setInterval(() => key(k, true), REPEAT_EVERY);
      }, REPEAT_AFTER);
    }
  });
  b.addEventListener("pointerup", (e) => { e.preventDefault(); let_go(e); });
  b.addEventListener("pointercancel", let_go);
}

// --- start ---------------------------------------------------------------
const params = new URLSearchParams(location.search);

async function files(mp) {
  // device.pack: for each file its path, a newline, its size, a newline, its bytes
  const r = await fetch("device.pack");
  if (!r.ok) throw new Error("device.pack: " + r.status);
  const b = new Uint8Array(await r.arrayBuffer());
  const line = (at) => { let e = at; while (b[e] !== 10) e++; return [new TextDecoder().decode(b.subarray(at, e)), e + 1]; };
  let at = 0;
  while (at < b.length) {
    const [path, a1] = line(at);
    const [size, a2] = line(a1);
    const end = a2 + Number(size);
    let dir = "";
    for (const part of path.split("/").slice(0, -1)) {
      dir += "/" + part;
      try { mp.FS.mkdir(dir); } catch (e) { /* there already */ }
    }
    mp.FS.writeFile("/" + path, b.subarray(a2, end));
    at = end;
  }
}

async function main() {
  pt.started = performance.now();
  const mp = await loadMicroPython({
    heapsize: 4 * 1024 * 1024, stdout: (l) => console.log(l), stderr: (l) => console.error(l),
  });
  pt.times = { vm: performance.now() };
  await files(mp);
  pt.times.files = performance.now();
  const stored = storage.available();
  if (stored) {
    storage.attach(mp.FS);
    storage.watch(() => {
      pt.otherTab = true;
      document.getElementById("status").textContent =
        "The game is open in another tab too: each tab's saves replace the other's. "
        + "Play in one tab, and reload this one to see the other's.";
    });
  }
  pt.py = (code) => mp.runPython(code);
  // a reload of the tab that opened a deal's address goes to the title, where
  // Continue goes on with that game; the address still gives the deal to anyone else
  const started = "pocket-tricks:opened " + location.search;
  let game = params.get("game") || "";
  if (game && sessionStorage.getItem(started)) game = "";
  mp.runPython("import web_run");
  run = mp.pyimport("web_run");
  pt.run = run;        // the app's steps (the tests read the game and wait for idle through it)
  pt.key = key;
  pt.script = (keys, until) => {   // keys pressed as a headless desktop run presses them
    run.script(keys, until || "");
    if (timer !== null) clearTimeout(timer);
    step();
  };
  const more = [];       // the game's players and options (hal/web.py parse_query)
  for (const [k, v] of params) if (!["game", "deal", "size"].includes(k)) more.push(k + "=" + v);
  run.start(game, params.get("deal") || "", params.get("size") || "", stored, more.join("&"));
  if (game) sessionStorage.setItem(started, "1");
  pt.times.start = performance.now();
  pt.title = performance.now() - pt.started;
  pt.ready = true;
  document.getElementById("status").textContent = "";
  step();
}

main().catch(fail);
