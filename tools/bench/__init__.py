# Figures: `python -m tools.bench` (make bench) runs them all; each module measures one thing
# (heap, bot time, engine speed, link play, flash wear, docstrings) and runs alone.
