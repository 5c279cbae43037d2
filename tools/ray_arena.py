"""The arena on Ray: ``python -m lab.arena``'s command, its games run by Ray.

    ./build.sh arena --ray local --agents ismcts:hard,ismcts-v1:hard --games 200 --seed 1 ...
    ./build.sh arena --ray ray://head:10001 ...     (a running cluster; or --ray auto)

``--ray local`` starts Ray on this machine's cores; an address joins a cluster, whose workers
are sent this project's code (``tools/workers.py``). Everything else is the arena's own
(``--log`` resumes, ``--json`` reports); ``--jobs`` is the local processes' and is refused
here. Ray is the optional cluster extra, which ``./build.sh arena --ray …`` installs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the other tools, from anywhere
from workers import Workers, WorkersError

from lab import arena


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        usage="%(prog)s --ray ADDRESS [the arena's options]",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    parser.add_argument("--ray", metavar="ADDRESS")
    ours, rest = parser.parse_known_args(argv)
    if ours.ray is None:
        if {"-h", "--help"} & set(rest):
            parser.print_help()  # then the arena's options, and exit 0
            return arena.main(["--help"])
        parser.error("the following arguments are required: --ray")
    try:
        workers = Workers(ray_address=ours.ray)
    except ValueError as err:
        parser.error(str(err))
    try:
        return arena.main(rest, map_tasks=workers.imap_unordered)
    except WorkersError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
