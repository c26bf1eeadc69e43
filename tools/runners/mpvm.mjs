// Runs project code inside the real MicroPython VM (WebAssembly build, npm
// package @micropython/micropython-webassembly-pyscript) with a FIXED heap.
//
//   node tools/runners/mpvm.mjs --heap 32768 --root . --dirs engine,lib/hal < jobs.json
//
// stdin: {"jobs": [job, ...]}; every job gets a fresh VM of that heap size.
//   job = {"script": "...",                 run once (after the imports)
//          "imports": ["engine.rng", ...],   one import per call, collected between
//          "steps": ["code", ...],           each its own call, collected between
//          "call": "step", "max_calls": N,   or: call step() until it returns None/False
//          "budget_ms": T,                   (and stop early, "truncated", after T ms of calls)
//          "finish": "code"}                 run once at the end
// stdout: {"results": [{"stdout", "error", "stats"}, ...]} as one JSON document.
//
// Why step by step: this VM grows its heap instead of failing, and its GC
// cannot free anything while Python code runs, so a long run is cut into
// calls from here with gc.collect() in between; gc.mem_alloc() read before
// the collect is the step's peak, after it the live heap. Each step's wall
// time (ms) and this process's CPU time (cpu_ms) are recorded too. "Fits" means
// micropython.mem_info()'s "GC: total" never moved from its initial value.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const PKG = "@micropython/micropython-webassembly-pyscript/micropython.mjs";

function parseArgs(argv) {
  const a = { heap: 32768, root: path.resolve(here, "..", ".."), dirs: ["engine"], pystack: 2048 };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i], v = argv[i + 1];
    if (k === "--heap") { a.heap = parseSize(v); i++; }
    else if (k === "--root") { a.root = path.resolve(v); i++; }
    else if (k === "--dirs") { a.dirs = v ? v.split(",").filter((d) => d) : []; i++; }
    else if (k === "--pystack") { a.pystack = parseInt(v, 10); i++; }
    else throw new Error("unknown argument " + k);
  }
  return a;
}

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(String(text));
  if (!m) throw new Error("bad heap size " + text);
  const mult = { "": 1, k: 1024, K: 1024, m: 1048576, M: 1048576 }[m[2]];
  return parseInt(m[1], 10) * mult;
}

// Collect the .py files of the requested dirs (or single files), relative to root.
function projectFiles(root, dirs) {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    const st = fs.statSync(abs);
    if (st.isFile()) { files.push(rel); return; }
    for (const name of fs.readdirSync(abs).sort()) {
      if (name === "__pycache__" || name.startsWith(".")) continue;
      const sub = path.join(rel, name);
      const sst = fs.statSync(path.join(root, sub));
      if (sst.isDirectory()) walk(sub);
      else if (name.endsWith(".py")) files.push(sub);
    }
  };
  for (const d of dirs) walk(d);
  return files.map((rel) => ({ rel: rel.split(path.sep).join("/"), text: fs.readFileSync(path.join(root, rel)) }));
}

function mkdirs(FS, dir) {
  let cur = "";
  for (const part of dir.split("/").filter((p) => p)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch (e) { if (e.code !== "EEXIST" && e.errno !== 20) throw e; }
  }
}

function errorInfo(e) {
  if (e && e.name === "PythonError") return { type: e.type, message: String(e.message).trim() };
  return { type: "JSError", message: String(e && e.stack ? e.stack.split("\n").slice(0, 3).join("\n") : e) };
}

function totalOf(text) {
  const m = /GC: total: (\d+)/.exec(text);
  return m ? parseInt(m[1], 10) : -1;
}

async function runJob(loadMicroPython, args, files, job) {
  const out = [];
  let sink = out;
  const write = (line) => sink.push(line);
  const mp = await loadMicroPython({
    heapsize: args.heap, pystack: args.pystack, stdout: write, stderr: write, linebuffer: true,
  });
  for (const f of files) {
    mkdirs(mp.FS, path.posix.dirname("/" + f.rel));
    mp.FS.writeFile("/" + f.rel, f.text);
  }
  const memInfo = () => {
    const saved = sink; const buf = []; sink = buf;
    try { mp.runPython("import micropython\nmicropython.mem_info()"); } finally { sink = saved; }
    return totalOf(buf.join("\n"));
  };
  mp.runPython("import gc");
  const gc = mp.pyimport("gc");
  gc.collect();
  const stats = {
    heap: args.heap, total_initial: memInfo(), total_final: -1, grew: false,
    base_live: 0, import_peak: 0, import_live: 0, script_peak: 0, script_live: 0,
    truncated: false, steps: 0, peak: [], live: [], ms: [], cpu_ms: [], values: [], finish_live: 0,
  };
  gc.collect();
  stats.base_live = gc.mem_alloc();
  let error = null;
  // Wall time and this process's CPU time (immune to other processes on a busy machine).
  let lastCpu = 0;
  const timed = (fn) => {
    const c = process.cpuUsage(); const t = performance.now();
    fn();
    const wall = performance.now() - t; const d = process.cpuUsage(c);
    lastCpu = (d.user + d.system) / 1000;
    return wall;
  };
  try {
    for (const mod of job.imports || []) {
      mp.runPython("import " + mod);
      stats.import_peak = Math.max(stats.import_peak, gc.mem_alloc());
      gc.collect();
      stats.import_live = gc.mem_alloc();
    }
    if (job.script) {
      stats.script_ms = timed(() => mp.runPython(job.script));
      stats.script_peak = gc.mem_alloc();
      gc.collect();
      stats.script_live = gc.mem_alloc();
    }
    const record = (ms, value) => {
      stats.peak.push(gc.mem_alloc());
      gc.collect();
      stats.live.push(gc.mem_alloc());
      stats.ms.push(Math.round(ms * 1000) / 1000);
      stats.cpu_ms.push(Math.round(lastCpu * 1000) / 1000);
      stats.values.push(typeof value === "number" ? value : null);
      stats.steps++;
    };
    for (const code of job.steps || []) {
      const ms = timed(() => mp.runPython(code));
      record(ms, null);
    }
    if (job.call) {
      const fn = mp.globals.get(job.call);
      if (typeof fn !== "function") throw { name: "PythonError", type: "NameError", message: "no function " + job.call };
      const max = job.max_calls || 100000;
      let spent = 0;
      for (let n = 0; ; n++) {
        if (job.budget_ms && spent > job.budget_ms) { stats.truncated = true; gc.collect(); break; }
        if (n >= max) throw { name: "PythonError", type: "RuntimeError", message: job.call + "() still running after " + max + " calls" };
        let value;
        const ms = timed(() => { value = fn(); });
        spent += ms;
        if (value === null || value === false || value === undefined) { gc.collect(); break; }
        record(ms, value);
      }
    }
    if (job.finish) {
      mp.runPython(job.finish);
      gc.collect();
      stats.finish_live = gc.mem_alloc();
    }
  } catch (e) {
    error = errorInfo(e);
  }
  // Flush a last line printed without a newline.
  const mod = mp._module;
  if (mod._stdoutBuffer && mod._stdoutBuffer.length) { out.push(mod._textDecoder.decode(new Uint8Array(mod._stdoutBuffer))); mod._stdoutBuffer = []; }
  try { stats.total_final = memInfo(); } catch (e) { if (!error) error = errorInfo(e); }
  stats.grew = stats.total_final !== stats.total_initial;
  return { stdout: out.join("\n") + (out.length ? "\n" : ""), error, stats };
}

async function main() {
  const args = parseArgs(process.argv);
  const input = JSON.parse(fs.readFileSync(0, "utf8") || "{}");
  const jobs = input.jobs || [input];
  const { loadMicroPython } = await import(pathToFileURL(path.join(args.root, "node_modules", PKG)).href).catch(
    () => import(PKG));
  const files = projectFiles(args.root, args.dirs);
  const results = [];
  for (const job of jobs) {
    try { results.push(await runJob(loadMicroPython, args, files, job)); }
    catch (e) { results.push({ stdout: "", error: errorInfo(e), stats: null }); }
  }
  process.stdout.write(JSON.stringify({ results, files: files.map((f) => f.rel) }) + "\n");
}

main().catch((e) => { process.stderr.write(String(e && e.stack || e) + "\n"); process.exit(2); });
