"""Every repository path named in a comment, a docstring, the README or docs/
exists, so a reader who follows one finds the file (docs/design.md,
docs/rules/israeli.md, engine/state.py, ...).

What counts as a path: a name with a file extension (.py .md .txt .mjs .toml)
whose first folder is one of the repository's (engine/, ui/, lib/, tools/,
tests/, docs/, and rules/ or hal/ which must be spelled from the root or lib/),
or a bare `<name>.md`. Templates match by glob: `engine/<id>.py` and
`engine/bots/*.py` must match at least one file. Generated paths (dist/, build/,
.venv/) are allowed; a path outside the repository (`../...`) is not. In .py
files only comments and docstrings are read: code strings name temporary files
in tests.
"""
import glob
import io
import os
import re
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TOP = ("engine", "ui", "lib", "tools", "tests", "docs", "rules", "hal")
ALLOWED = ("dist/", "build/", ".venv/")
PATH = re.compile(
    r"(?<![\w./<>*{}$-])"
    r"((?:\.\./)*(?:[\w.<>*{}-]+/)+[\w<>*{}-][\w.<>*{}-]*\.(?:py|md|txt|mjs|toml)"
    r"|[\w-]+\.md)"
    r"(?![\w/])")


def scanned_files():
    files = []
    for d in ("engine", "ui", "lib", "tools", "tests"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, d)):
            dirnames[:] = sorted(x for x in dirnames if x != "__pycache__")
            files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    files += [os.path.join(ROOT, f) for f in ("code.py", "boot.py", "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True))
    return files


def prose(source):
    # (line, text) of every comment and docstring (a string standing as a statement)
    prev = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
        elif tok.type == tokenize.STRING and prev in (
                tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            yield tok.start[0], tok.string
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            prev = tok.type


def named_paths(text):
    for m in PATH.finditer(text):
        path = m.group(1)
        if "/" in path and not path.startswith("../") and path.split("/")[0] not in TOP:
            continue  # some other tree's path (CIRCUITPY/lib/..., out/bench.json)
        yield m.start(), path


def exists(path, where):
    # where: the folder of the file that names the path
    if path.startswith(ALLOWED):
        return True
    pattern = re.sub(r"<[^>]*>|\{[^}]*\}", "*", path)
    bases = [ROOT]
    if path.startswith("hal/"):
        bases.append(os.path.join(ROOT, "lib"))
    if path.endswith(".md"):
        bases.append(where)  # a Markdown link is relative to its file
    for base in bases:
        full = os.path.normpath(os.path.join(base, pattern))
        if not full.startswith(ROOT + os.sep):
            continue
        for hit in glob.glob(full):
            # the exact spelling, also on a case-insensitive disk
            rel = os.path.relpath(hit, os.path.dirname(hit))
            if rel in os.listdir(os.path.dirname(hit)):
                return True
    return False


def missing_paths(text, name, where, line=1):
    bad = []
    for start, path in named_paths(text):
        if not exists(path, where):
            bad.append("%s:%d: %s" % (name, line + text[:start].count("\n"), path))
    return bad


def test_every_named_path_exists():
    bad = []
    for f in scanned_files():
        rel = os.path.relpath(f, ROOT)
        with open(f, encoding="utf-8") as fh:
            source = fh.read()
        chunks = prose(source) if f.endswith(".py") else [(1, source)]
        for line, text in chunks:
            bad += missing_paths(text, rel, os.path.dirname(f), line)
    assert bad == [], "paths named that do not exist:\n" + "\n".join(bad)


def test_the_check_finds_a_bad_path():
    sample = ("# The rules (see docs/rules/israeli.md and engine/state.py) and\n"
              "# the rulings (DESIGN.md, rules/nines.md, ui/view_*.py, engine/nowhere.py).\n"
              "# Allowed: build/circuitpython/mpy/x.py, dist/x.py,\n"
              "# engine/<id>.py, hal/pybadge.py, docs/design.md, CIRCUITPY/lib/x.py\n")
    bad = missing_paths(sample, "sample.py", ROOT)
    assert bad == ["sample.py:2: DESIGN.md", "sample.py:2: rules/nines.md",
                   "sample.py:2: ui/view_*.py", "sample.py:2: engine/nowhere.py"]
    assert missing_paths("../shared/DESIGN.md", "x.md", ROOT) == ["x.md:1: ../shared/DESIGN.md"]


def test_docstrings_and_comments_are_read_not_code_strings():
    source = '"""see engine/a.py"""\nX = "engine/b.py"  # and engine/c.py\n'
    found = [p for _, text in prose(source) for _, p in named_paths(text)]
    assert found == ["engine/a.py", "engine/c.py"]
