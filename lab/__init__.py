"""The lab: what measures and drives the AI from outside the game, never imported by the client
and never in the browser build.

- ``lab.arena`` (``python -m lab.arena``, ``./build.sh arena``): seeded tournaments; ``lab.pool``
  pools their logs; ``lab.settings`` and ``lab.older_settings`` read the agents' settings that
  logs record, old and new;
- ``lab.bench`` and ``lab.bench_search`` (``./build.sh bench``): engine and AI speed;
  ``lab.client_bench``: the client's frame times and idle CPU; ``lab.engine_instructions``:
  the instructions a game costs, exactly;
- ``lab.review`` (``python -m lab.review``): the review of a saved game on the command line;
- ``lab.play_terminal`` (``./build.sh play-terminal``): a game of random bots as a log;
- ``lab.command_line``: what every command line of the lab and of tools/ shares.
"""
