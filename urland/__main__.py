import sys

from urland.cli import main

sys.exit(main())
