"""build.sh: its help names every subcommand, an unknown one is an error, and --help runs
nothing else (the bench's client runs, a rewrite of constraints.txt); serve listens where
--host says, or says in a sentence why it cannot, before it builds anything."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "build.sh"


def _run(*args: str, script: Path = SCRIPT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(script), *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_the_help_names_every_subcommand() -> None:
    labels = re.findall(r"^    ([a-z-]+)\)$", SCRIPT.read_text(encoding="utf-8"), re.M)
    assert "play-terminal" in labels
    done = _run("help")
    assert done.returncode == 0
    for label in labels:
        assert f"./build.sh {label} " in done.stdout, label


def test_an_unknown_command_is_named_and_fails() -> None:
    done = _run("frobnicate")
    assert done.returncode == 2
    assert "build.sh: unknown command 'frobnicate'" in done.stderr
    assert "./build.sh play " in done.stderr  # with the commands there are


def test_pins_takes_no_arguments_and_its_help_rewrites_nothing(tmp_path: Path) -> None:
    # A copy, so that a pins that did run would rewrite the copy's constraints.txt only.
    for name in ("build.sh", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    helped = _run("pins", "--help", script=tmp_path / "build.sh")
    assert helped.returncode == 0 and "./build.sh pins " in helped.stdout
    refused = _run("pins", "now", script=tmp_path / "build.sh")
    assert refused.returncode == 2 and "pins takes no arguments" in refused.stderr
    assert refused.stdout == ""  # the usage goes with the error, to stderr
    assert (tmp_path / "constraints.txt").read_bytes() == (ROOT / "constraints.txt").read_bytes()


def test_the_bench_help_runs_no_bench() -> None:
    done = _run("bench", "--help")
    assert done.returncode == 0, done.stderr
    assert "--compare PYTHON" in done.stdout
    assert "client frame times" not in done.stdout


# --- serve: --host and --port -----------------------------------------------------------------

# A stand-in for tools/build/build_web.py: the serve tests check the address and the port, and what
# is served, not pygbag (tests/web_build does that).
STAND_IN_BUILD = """\
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(argv):
    out = Path(argv[argv.index("--out") + 1])
    (out / "web").mkdir(parents=True, exist_ok=True)
    (out / "web" / "index.html").write_text("stand-in site", encoding="utf-8")
    print("built (stand-in)", flush=True)
    return 0
"""


def _installed_copy(tmp_path: Path, extras: str, stand_in_build: bool = False) -> Path:
    """A copy of build.sh and what it reads, whose .venv counts as installed with ``extras``
    (its stamp matches) and runs this interpreter: the subcommand runs at once, with no pip,
    and writes nothing into this tree."""
    tree = tmp_path / "tree"
    (tree / "tools" / "build").mkdir(parents=True)
    for name in ("build.sh", "pyproject.toml", "constraints.txt"):
        shutil.copy2(ROOT / name, tree / name)
    tools = tree / "tools" / "build"
    shutil.copy2(ROOT / "tools" / "build" / "serve_web.py", tools / "serve_web.py")
    if stand_in_build:
        (tools / "build_web.py").write_text(STAND_IN_BUILD, encoding="utf-8")
    else:
        shutil.copy2(ROOT / "tools" / "build" / "build_web.py", tools / "build_web.py")
    python = tree / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "constraints.txt"):
        digest.update((ROOT / name).read_bytes())
    (tree / ".venv" / ".strategos-install").write_text(
        f"{digest.hexdigest()}\n{extras}\n", encoding="utf-8"
    )
    return tree


def test_serve_help_names_host_and_port_and_builds_nothing(tmp_path: Path) -> None:
    tree = _installed_copy(tmp_path, "web-build")
    done = _run("serve", "--help", script=tree / "build.sh")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert done.stdout.startswith("usage: ./build.sh serve ")
    assert "--host ADDRESS" in text and "--port N" in text
    assert "default 127.0.0.1" in text and "0.0.0.0" in text
    assert not (tree / "build").exists()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _not_here() -> str:
    """An IPv4 address that is none of this machine's (a documentation range, RFC 5737)."""
    for candidate in ("203.0.113.77", "198.51.100.77"):
        with socket.socket() as probe:
            try:
                probe.bind((candidate, 0))
            except OSError:
                return candidate
    pytest.skip("this machine holds both documentation addresses")


@pytest.mark.parametrize(
    ("host", "said"),
    [
        ("no-such-host.invalid", "is neither an IP address nor a name that resolves to one"),
        ("1.2.3", "is not an IPv4 address: four numbers from 0 to 255"),
        ("192.168.1.300", "is not an IPv4 address"),
        ("http://192.168.1.20:8000/", "--host takes an address alone"),
        ("NOT_HERE", "is not an address of this machine, so nothing can listen on it"),
        ("", "--host needs an address"),
    ],
)
def test_serve_refuses_a_host_it_cannot_listen_on_before_the_build(
    tmp_path: Path, host: str, said: str
) -> None:
    tree = _installed_copy(tmp_path, "web-build", stand_in_build=True)
    host = _not_here() if host == "NOT_HERE" else host
    done = _run("serve", "--host", host, "--port", str(_free_port()), script=tree / "build.sh")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tree / "build").exists()  # refused before the build


def test_serve_refuses_a_port_in_use_or_out_of_range(tmp_path: Path) -> None:
    tree = _installed_copy(tmp_path, "web-build", stand_in_build=True)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = _run("serve", "--port", port, script=tree / "build.sh")
    assert done.returncode == 2
    assert f"./build.sh serve: port {port} is in use already on 127.0.0.1" in done.stderr
    for wrong in ("0", "70000", "eighty", "８０"):
        refused = _run("serve", "--port", wrong, script=tree / "build.sh")
        assert refused.returncode == 2
        assert "--port must be a port number from 1 to 65535" in refused.stderr, refused.stderr
    assert not (tree / "build").exists()


def _serve_until_announced(tree: Path, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """Starts ./build.sh serve and reads its output up to the addresses it gives."""
    server = subprocess.Popen(
        ["bash", str(tree / "build.sh"), "serve", *args],
        cwd=tree,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # a process group of its own, for the Ctrl-C below
    )
    assert server.stdout is not None
    lines: list[str] = []
    for line in server.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("serving ") and "open one of these" not in line:
            break
        if line.startswith("  (") or line.startswith("  Anyone"):
            break
    return server, lines


def _stop(server: subprocess.Popen[str]) -> str:
    """Ctrl-C, as a terminal sends it: to build.sh and the server it runs."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        rest, _ = server.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        raise
    return rest


def test_serve_on_all_addresses_names_the_ones_to_open(tmp_path: Path) -> None:
    tree = _installed_copy(tmp_path, "web-build", stand_in_build=True)
    port = _free_port()
    server, lines = _serve_until_announced(tree, "--host", "0.0.0.0", "--port", str(port))
    try:
        rest = ""
        urls = re.findall(r"http://[0-9.]+:\d+/", "\n".join(lines))
        if not urls:
            rest = _stop(server)
            pytest.skip(f"this machine has no network address: {lines} {rest}")
        assert f"http://0.0.0.0:{port}/" not in urls  # an address to listen on, not to open
        for url in urls:
            assert url.endswith(f":{port}/")
            with urllib.request.urlopen(url + "index.html", timeout=10) as answer:
                assert answer.read() == b"stand-in site"
    finally:
        if server.poll() is None:
            rest = _stop(server)
    assert server.returncode == 0, "\n".join(lines) + rest


def test_serve_listens_on_127_0_0_1_by_default(tmp_path: Path) -> None:
    tree = _installed_copy(tmp_path, "web-build", stand_in_build=True)
    port = _free_port()
    server, lines = _serve_until_announced(tree, "--port", str(port))
    try:
        assert f"at http://127.0.0.1:{port}/  (Ctrl-C stops)" in "\n".join(lines), lines
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as answer:
            assert answer.read() == b"stand-in site"
    finally:
        _stop(server)
    assert server.returncode == 0


def test_serve_refuses_an_option_it_does_not_know_before_the_build(tmp_path: Path) -> None:
    tree = _installed_copy(tmp_path, "web-build", stand_in_build=True)
    for wrong, said in (
        (["--frob"], "unrecognized arguments: --frob"),
        (["--serve"], "unrecognized arguments: --serve"),  # build_web.py's, not serve's
        (["--ume-block", "3"], "argument --ume-block: invalid choice: '3'"),
    ):
        done = _run("serve", *wrong, script=tree / "build.sh")
        assert done.returncode == 2, wrong
        assert done.stderr.splitlines()[-1].startswith("./build.sh serve: error: "), done.stderr
        assert said in done.stderr
    assert not (tree / "build").exists()
