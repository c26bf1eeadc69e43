// Saves, settings and statistics in the browser's storage (localStorage).
// The game writes files under /saves in the page's filesystem as it writes
// them on a board's flash (ui/saves: a new copy through name.tmp, then
// renames); this keeps each file there as one stored item, written whole
// when the file is closed. Storing an item is all or nothing, so after a
// closed tab, a crash or a full store every file is its new contents or its
// previous ones: the guarantee the saves code is built on. A store that is
// full makes the close fail with "no space" (errno 28), as a full drive does.

const PREFIX = "pocket-tricks:";
const DIR = "/saves";
const ENOSPC = 28;

function inDir(path) {
  return path === DIR || path.startsWith(DIR + "/");
}

function toText(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 4096) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 4096));
  }
  return s;
}

function toBytes(text) {
  const b = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) b[i] = text.charCodeAt(i) & 255;
  return b;
}

export function available() {
  try {
    const k = PREFIX + ".probe";
    localStorage.setItem(k, "1");
    localStorage.removeItem(k);
    return true;
  } catch (e) {
    return false;
  }
}

// Calls told(path) when another tab of the site stores a save: each tab
// keeps its own copy of the files, so the last one to save replaces the other's.
export function watch(told) {
  window.addEventListener("storage", (e) => {
    if (e.key && e.key.startsWith(PREFIX + DIR + "/")) told(e.key.slice(PREFIX.length));
  });
}

// Put the stored files into the page's filesystem, then keep them stored.
export function attach(FS) {
  try { FS.mkdir(DIR); } catch (e) { /* there already */ }
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(PREFIX + DIR + "/")) {
      FS.writeFile(key.slice(PREFIX.length), toBytes(localStorage.getItem(key)));
    }
  }
  const store = (path) => {
    try {
      localStorage.setItem(PREFIX + path, toText(FS.readFile(path)));
    } catch (e) {
      throw new FS.ErrnoError(ENOSPC);
    }
  };
  const close = FS.close;
  FS.close = function (stream) {
    const path = stream.path, written = (stream.flags & 3) !== 0;
    const r = close.call(FS, stream);
    if (written && path && inDir(path)) store(path);
    return r;
  };
  const rename = FS.rename;
  FS.rename = function (from, to) {
    const r = rename.call(FS, from, to);
    if (inDir(to)) store(to);
    if (inDir(from)) localStorage.removeItem(PREFIX + from);
    return r;
  };
  const unlink = FS.unlink;
  FS.unlink = function (path) {
    const r = unlink.call(FS, path);
    if (inDir(path)) localStorage.removeItem(PREFIX + path);
    return r;
  };
}
