"""The entry point of the built program."""

import multiprocessing
import sys

from urland.cli import main
from urland.ui.crash import run_guarded

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(run_guarded(main))
