# `python tools/bundle.py build|deploy|check`: the bundle tool (tools/release/bundle.py)
# at its short path; `make bundle` and `make deploy` run it as tools.release.bundle.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tools.release.bundle import main

if __name__ == "__main__":
    sys.exit(main())
