"""`python -m service.cli` is the `safehouse` command."""

import sys

from . import main

sys.exit(main())
