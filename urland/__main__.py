import sys

from urland.cli import run

sys.exit(run())
