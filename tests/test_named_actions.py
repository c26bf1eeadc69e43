"""No bare action numbers outside engine/actions.py (issue 13): ui/ and the
bots compare and compute with engine.actions' names (BID, TRUMP, TRUMP_BID,
PASS, SWAP, KEEP) and helpers (is_card, is_bid, ...), not 52/100/.../402.

A literal counts when it stands directly in a comparison (also inside a
tuple, list or set compared against) or beside + or -; card-indexed arrays
(`[0] * 52`, `range(52)`) and sort keys are not action arithmetic."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIRS = ("engine", "ui")
SKIP = ("engine/actions.py",)
NUMBERS = (52, 100, 114, 200, 204, 205, 300, 325, 370, 400, 401, 402)
# Documented exceptions: (file, a piece of the line). Not actions:
ALLOWED = (
    ("ui/table/__init__.py", "pause * 2 + 300"),          # a bot's pause, in ms
    ("ui/link/remote.py", "pause * 2 + 300"),    # the same pause, remote
)


def _bare(node):
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [n for e in node.elts for n in _bare(e)]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _bare(node.operand)
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value in NUMBERS:
        return [node]
    return []


def bare_numbers(src, path):
    # "path:line: text" for each bare action number in src.
    lines = src.splitlines()
    hits = []
    for node in ast.walk(ast.parse(src, path)):
        if isinstance(node, ast.Compare):
            found = [n for x in [node.left] + node.comparators for n in _bare(x)]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            found = _bare(node.left) + _bare(node.right)
        else:
            continue
        for n in found:
            text = lines[n.lineno - 1].strip()
            if any(f == path and piece in text for f, piece in ALLOWED):
                continue
            hits.append("%s:%d: %s" % (path, n.lineno, text))
    return sorted(set(hits))


def sources():
    for d in DIRS:
        for dirpath, _, names in os.walk(os.path.join(ROOT, d)):
            for name in sorted(names):
                if name.endswith(".py"):
                    full = os.path.join(dirpath, name)
                    rel = os.path.relpath(full, ROOT).replace(os.sep, "/")
                    if rel not in SKIP:
                        yield rel, full


def test_no_bare_action_numbers_in_engine_and_ui():
    hits = []
    for rel, full in sources():
        with open(full, encoding="utf-8") as f:
            hits += bare_numbers(f.read(), rel)
    assert not hits, "bare action numbers (use engine.actions names):\n" + "\n".join(hits)


def test_the_scan_can_fail():
    planted = (
        "def f(a, legal, hand):\n"
        "    if a < 52:\n"                       # 2: a card
        "        return a - 100\n"               # 3: a bid's number
        "    if a in (401, 402):\n"              # 4: swap or keep
        "        return 100 + 3 in legal\n"      # 5: bid 3
        "    seen = [0] * 52\n"                  # an array: not flagged
        "    k = len(hand) * 4 + (200 if a else 0)\n"   # a sort key: not flagged
        "    return a == 400\n"                  # 8: pass
    )
    hits = bare_numbers(planted, "ui/planted.py")
    assert [h.split(":")[1] for h in hits] == ["2", "3", "4", "5", "8"], hits
    assert hits[0].startswith("ui/planted.py:2: ")
    # the allowed list matches by file and text, not text alone
    assert bare_numbers("x = pause * 2 + 300\n", "ui/other.py")
    assert not bare_numbers("x = pause * 2 + 300\n", "ui/table/__init__.py")
