"""Allow ``python -m wartime``."""

import sys

from wartime.cli import main

sys.exit(main())
