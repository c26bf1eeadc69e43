"""The scripted runs the README and docs/ show run as written and reach what
their words say (issue 38: a script's keys mean the same whatever the
timing, first-game tips included).

Every `python code.py ... --keys "..."` in README.md and docs/*.md is found,
run headless in this process (its --data-dir and --screenshot put in a
temporary folder) and checked by REACHES, which says in code what the text
says in words; an example REACHES does not know fails."""
import glob
import os
import re
import shlex

import pytest


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = re.compile(r'`python3? code\.py ([^`]*--keys "[^"]*"[^`]*)`')


def examples():
    """[(file, the command's arguments)] of every scripted example."""
    out = []
    for path in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs",
                                                                                  "*.md"))):
        with open(path, encoding="utf-8") as f:
            for m in EXAMPLE.finditer(f.read()):
                out.append((os.path.relpath(path, ROOT), m.group(1)))
    return out


def run(args, tmp_path):
    """The App after code.py's headless run of args (as written, but its
    files in tmp_path)."""
    import displayio
    import hal
    from ui import app as A
    args = shlex.split(args)
    fresh = "data%d" % len(os.listdir(str(tmp_path)))     # a new folder each run
    for opt, name in (("--data-dir", fresh), ("--screenshot", "shot.png")):
        if opt in args:
            args[args.index(opt) + 1] = str(tmp_path / name)
    displayio.release_displays()
    return A.run(hal.detect(args))


def _played(app, seat):
    # the cards seat has played this round (the hand it was dealt, less what it holds)
    v = app.top().state().view(None)
    return v["hand_size"] - len(v["hands"][seat])


def _nommie_bid_three_and_three_cards(app):
    # deal 10: New game, A starts; A closes the bid tip; RIGHT RIGHT raises your
    # bid (to 1, then 3: you deal, and 2 would make the bids 13) and A bids it;
    # A closes the play tip and A A A play three cards (none of them your only
    # legal card, so autoplay plays none for you)
    t = app.top()
    assert type(t).__name__ == "Table", type(t).__name__
    v = t.state().view(None)
    assert v["bids"][0] == 3 and sum(v["bids"][1:]) == 11     # (2 would make 13)
    assert _played(app, 0) == 3 and t.tipped == ["bid", "play"]
    assert t.state().phase == "play"


def _nommie_bid_box_at_three(app):
    # deal 10: New game, A starts; A closes the bid tip; RIGHT RIGHT: the bid
    # box at 1, then 3 (the hook: 2 would make the bids 13)
    from engine.actions import BID
    t = app.top()
    assert type(t).__name__ == "Table" and t.tipped == ["bid"]
    assert t.state().phase == "bid" and t.state().to_act() == 0
    assert t.options[t.pick] == BID + 3 and t.state().view(None)["bids"][0] is None
    assert BID + 2 not in t.options and BID + 1 in t.options


def _callbreak_score_sheet(app):
    # --game callbreak: the table at once; A closes the call's tip; SELECT: the sheet
    assert type(app.top()).__name__ == "ScoreSheet"
    t = app.stack[-2]
    assert t.tipped == ["bid"] and t.state().phase == "bid"


REACHES = {
    "--headless --data-dir /tmp/pt-demo --seed 10 --keys \"A A A RIGHT RIGHT\" "
    "--screenshot bid.png": _nommie_bid_box_at_three,
    "--headless --data-dir /tmp/pt-cb --game callbreak --seed 3 --keys \"A SELECT\" "
    "--screenshot sheet.png": _callbreak_score_sheet,
    "--headless --data-dir /tmp/pt-demo --seed 10 --keys \"A A A RIGHT RIGHT A A A A A\" "
    "--screenshot shot.png": _nommie_bid_three_and_three_cards,
}


def test_the_docs_have_scripted_examples_and_each_is_checked():
    found = [args for _f, args in examples()]
    assert found, "no scripted example found"
    assert sorted(set(found)) == sorted(REACHES), "an example changed: say in REACHES " \
        "what it reaches"


@pytest.mark.parametrize("where,args", examples())
def test_each_example_runs_as_written_and_reaches_what_it_says(where, args, tmp_path):
    app = run(args, tmp_path)
    REACHES[args](app)
    if "--screenshot" in args:
        assert (tmp_path / "shot.png").stat().st_size > 0


def test_the_issue_s_two_scripts_now_agree(tmp_path):
    # "A A" ended on the bid tip while "A A A" bid 0 and the tip never showed:
    # now the third A closes the tip, and the bid waits for you
    app = run("--headless --data-dir d --seed 7 --keys \"A A\"", tmp_path)
    assert type(app.top()).__name__ == "Tip"
    app = run("--headless --data-dir d2 --seed 7 --keys \"A A A\"", tmp_path)
    t = app.top()
    assert type(t).__name__ == "Table" and t.tipped == ["bid"]
    assert t.state().view(None)["bids"][0] is None and t.state().to_act() == 0
