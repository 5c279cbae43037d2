"""``python -m web``: open the Strategos client (see web/main.py for the options)."""

import asyncio
import sys

from web.main import main

sys.exit(asyncio.run(main()))
