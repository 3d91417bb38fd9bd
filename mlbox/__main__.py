"""`python -m mlbox`: the command line (mlbox.cli)."""

import sys

from mlbox.cli import main

sys.exit(main())
