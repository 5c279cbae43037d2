"""Where the offline tools' independent tasks run: here, one after another or over this
machine's processes (``--jobs N``), or on Ray (``--ray``): a local Ray started on this
machine's cores (``--ray local``, what ``ray.init()`` does by default) or a running cluster
(``--ray ADDRESS``, such as ``auto`` or ``ray://head:10001``). Ray schedules the tasks; this
module only hands them over and yields each result as it finishes, so a tool appends and
resumes exactly as with local processes.

Ray is the optional ``cluster`` extra (``./build.sh arena --ray …`` and ``./build.sh train …
--ray …`` install it); the runtime never imports it. Every worker is given this project's code
(Ray's ``working_dir``, without the virtual environment, the build output and the experiments'
logs) with the tools' folder on its import path, and a task function of a tool travels with its
module, which a worker could not import by the name it runs under (``__main__``).
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # lab/ is not installed
from lab.command_line import ignore_interrupts

T = TypeVar("T")
R = TypeVar("R")

ROOT = Path(__file__).resolve().parents[1]
LOCAL = "local"
# Not shipped to a cluster's workers: what they neither import nor read.
EXCLUDES = [".venv/", "build/", ".git/", "experiments/arena/logs/", "**/__pycache__/"]


NO_RAY = (
    "Ray is not installed: it is the optional cluster extra, which ./build.sh arena --ray and "
    "./build.sh train --ray install (or: pip install -e '.[cluster]' -c constraints.txt)"
)


class WorkersError(Exception):
    """Ray was asked for and cannot be used; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Workers:
    """``jobs`` local processes, or Ray at ``ray_address`` (``"local"``: started here)."""

    jobs: int = 1
    ray_address: str | None = None

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        if self.ray_address is not None and not self.ray_address.strip():
            raise ValueError("--ray needs an address, or 'local' for a Ray started here")

    def imap_unordered(self, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """``work(task)`` for every task, each result as soon as it is ready. ``work`` must be
        a module-level function (worker processes and Ray import it by name)."""
        if not tasks:
            return
        if self.ray_address is not None:
            yield from _on_ray(self.ray_address, work, tasks)
            return
        if self.jobs == 1:
            yield from map(work, tasks)
            return
        with multiprocessing.get_context("fork").Pool(self.jobs, ignore_interrupts) as pool:
            yield from pool.imap_unordered(work, tasks)

    def map(self, work: Callable[[T], R], tasks: Sequence[T]) -> list[R]:
        """``work(task)`` for every task, in the tasks' order."""
        if self.ray_address is not None:
            ray = _start(self.ray_address)
            remote = ray.remote(_shippable(ray, work))
            return list(ray.get([remote.remote(task) for task in tasks]))
        if self.jobs == 1 or not tasks:
            return list(map(work, tasks))
        with multiprocessing.get_context("fork").Pool(self.jobs, ignore_interrupts) as pool:
            return pool.map(work, tasks)


def add_arguments(parser: argparse.ArgumentParser, default_jobs: int = 1) -> None:
    """``--jobs N`` and ``--ray ADDRESS``, which exclude each other."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--jobs", type=int, default=default_jobs, help="local worker processes")
    group.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the tasks on Ray: 'local' starts it on this machine, an address joins a "
        "cluster (the optional cluster extra)",
    )


def from_args(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Workers:
    """The workers the arguments ask for, or the parser's error saying what is wrong (Ray
    asked for and not installed among it)."""
    try:
        workers = Workers(args.jobs, args.ray)
    except ValueError as err:
        parser.error(str(err))
    if workers.ray_address is not None and importlib.util.find_spec("ray") is None:
        parser.error(NO_RAY)
    return workers


def _on_ray(address: str, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
    ray = _start(address)
    remote = ray.remote(_shippable(ray, work))
    pending = [remote.remote(task) for task in tasks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])


def _shippable(ray: Any, work: Callable[[T], R]) -> Callable[[T], R]:
    """``work``, its module sent along with it if it is one of the tools: a tool runs as
    ``__main__`` or under a test's name, neither of which a worker can import."""
    module = sys.modules.get(work.__module__)
    path = getattr(module, "__file__", None)
    if module is not None and path and Path(path).resolve().parent == ROOT / "tools":
        ray.cloudpickle.register_pickle_by_value(module)
    return work


def _start(address: str) -> Any:
    """Ray, connected (once a process) to ``address`` or started here."""
    ray = _ray()
    if not ray.is_initialized():
        runtime_env: dict[str, Any] = {
            "working_dir": str(ROOT),
            "excludes": EXCLUDES,
            "env_vars": {"PYTHONPATH": "tools"},
        }
        try:
            ray.init(address=None if address == LOCAL else address, runtime_env=runtime_env)
        except (ConnectionError, ValueError, RuntimeError) as err:
            raise WorkersError(f"cannot reach Ray at {address!r}: {err}") from err
    return ray


def _ray() -> Any:
    try:
        import ray
    except ImportError as err:
        raise WorkersError(NO_RAY) from err
    return ray


__all__ = ["LOCAL", "NO_RAY", "Workers", "WorkersError", "add_arguments", "from_args"]
