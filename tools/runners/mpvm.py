"""Python side of the MicroPython VM runner (tools/runners/mpvm.mjs).

    from tools.runners import mpvm
    out, stats = mpvm.run("import engine.rng\\nprint('VM OK')", heap=32768)

One node process per call; each job in it gets a fresh VM with a fixed heap
and the project dirs copied into its filesystem (``lib/hal`` lands in
``/lib/hal``, which is on the VM's ``sys.path``, so ``import hal`` works).
``stats`` says whether the heap had to grow (``grew``: the run did not fit),
the live heap after each step's ``gc.collect()`` and each step's peak.
"""
import ast
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tools", "runners", "mpvm.mjs")
PACKAGE = os.path.join("node_modules", "@micropython", "micropython-webassembly-pyscript")
DEFAULT_DIRS = ("engine",)


class VMError(Exception):
    """A Python exception inside the VM (or the runner failing)."""

    def __init__(self, kind, message, stdout="", stats=None):
        Exception.__init__(self, "%s in MicroPython VM:\n%s\n--- VM stdout ---\n%s"
                           % (kind, message, stdout[-4000:]))
        self.kind = kind
        self.message = message
        self.stdout = stdout
        self.stats = stats


def node_path():
    """The node binary, or a clear error saying how to get the VM."""
    node = shutil.which("node")
    if not node:
        raise VMError("Setup", "node is not on PATH: the MicroPython VM needs node >= 18")
    if not os.path.isdir(os.path.join(ROOT, PACKAGE)):
        raise VMError("Setup", "%s is missing: run `make npm` (npm ci)" % PACKAGE)
    return node


def module_name(rel):
    """Project-relative .py path -> the module name it has inside the VM."""
    rel = rel.replace(os.sep, "/")
    if rel.startswith("lib/"):
        rel = rel[4:]
    rel = rel[:-3]
    if rel.endswith("/__init__"):
        rel = rel[: -len("/__init__")]
    return rel.replace("/", ".")


def module_files(dirs=DEFAULT_DIRS, root=ROOT):
    """{module name: absolute path} for every .py file under the given dirs."""
    found = {}
    for d in dirs:
        top = os.path.join(root, d)
        if os.path.isfile(top):
            found[module_name(d)] = top
            continue
        for base, subdirs, files in os.walk(top):
            subdirs[:] = sorted(s for s in subdirs if s != "__pycache__" and not s.startswith("."))
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(base, f)
                    found[module_name(os.path.relpath(path, root))] = path
    return found


def _load_time_imports(tree, package):
    """Module names imported when the module body runs (not inside functions)."""
    names = []

    def visit(nodes):
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.Import):
                names.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1])
                    mod = base + ("." + node.module if node.module else "")
                else:
                    mod = node.module or ""
                names.append(mod)
                names.extend(mod + "." + a.name for a in node.names)
            visit(list(ast.iter_child_nodes(node)))

    visit(tree.body)
    return names


def import_order(modules, dirs=DEFAULT_DIRS, root=ROOT):
    """The project modules that importing ``modules`` loads, leaves first.

    Importing them one call at a time lets the VM collect compile garbage in
    between, as the device's GC does while it imports.
    """
    files = module_files(dirs, root)
    order, seen = [], set()

    def add(name):
        if name in seen or name not in files:
            return
        seen.add(name)
        parts = name.split(".")
        for i in range(1, len(parts)):
            add(".".join(parts[:i]))
        path = files[name]
        package = name if path.endswith("__init__.py") else ".".join(parts[:-1])
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), path)
        for dep in _load_time_imports(tree, package):
            add(dep)
        order.append(name)

    for m in modules:
        if m not in files:
            raise VMError("Setup", "no module %s under %s" % (m, ", ".join(dirs)))
        add(m)
    return order


def job(script="", steps=None, imports=(), finish=None, max_calls=None, budget_ms=None):
    """One VM job. ``steps``: a list of code strings (each its own call), or
    the name of a function the script defines, called until it returns
    None/False (a returned number is kept in stats["values"]); with
    ``budget_ms`` the calls stop after that much time (stats["truncated"])."""
    j = {"script": script, "imports": list(imports)}
    if isinstance(steps, str):
        j["call"] = steps
        if max_calls:
            j["max_calls"] = int(max_calls)
        if budget_ms:
            j["budget_ms"] = float(budget_ms)
    elif steps:
        j["steps"] = list(steps)
    if finish:
        j["finish"] = finish
    return j


def run_jobs(jobs, heap=32768, dirs=DEFAULT_DIRS, root=ROOT, timeout=900):
    """Run several jobs in one node process; returns [(stdout, error, stats)].
    A node process still running after ``timeout`` seconds (busy or asleep)
    is killed and VMError("Timeout") raised."""
    node = node_path()
    cmd = [node, RUNNER, "--heap", str(int(heap)), "--root", root, "--dirs", ",".join(dirs)]
    try:
        proc = subprocess.run(cmd, input=json.dumps({"jobs": list(jobs)}), capture_output=True,
                              text=True, timeout=timeout, cwd=root)
    except subprocess.TimeoutExpired as e:      # subprocess.run has killed node
        raise VMError("Timeout", "node ran over %s s and was killed\n%s"
                      % (timeout, _text(e.stderr)[-4000:]), _text(e.stdout)) from None
    if proc.returncode != 0:
        raise VMError("Runner", "node exited %d\n%s" % (proc.returncode, proc.stderr[-4000:]))
    data = json.loads(proc.stdout)
    return [(r["stdout"], r["error"], r["stats"]) for r in data["results"]]


def _text(out):
    """A TimeoutExpired's captured output as text (bytes or None there)."""
    if isinstance(out, bytes):
        return out.decode("utf-8", "replace")
    return out or ""


def run(script_text, heap=32768, dirs=DEFAULT_DIRS, steps=None, imports=(), finish=None,
        root=ROOT, check=True, timeout=900, max_calls=None, budget_ms=None):
    """Run one script in a fresh VM; returns (stdout, stats).

    ``imports``: project modules to import first, one call each in dependency
    order (see import_order). With ``check`` a Python error in the VM raises
    VMError carrying the VM's stdout.
    """
    order = import_order(imports, dirs, root) if imports else []
    [(out, err, stats)] = run_jobs([job(script_text, steps, order, finish, max_calls, budget_ms)],
                                   heap, dirs, root, timeout)
    if err and check:
        raise VMError(err["type"], err["message"], out, stats)
    if stats is not None:
        stats["error"] = err
    return out, stats


def fits(stats):
    """True when the run never had to grow the VM heap."""
    return stats is not None and not stats["grew"] and stats["total_initial"] > 0
