"""The distribution: ``pip install .`` gives the packages game, ai and web whole (every
subpackage, the data they read at run time, their py.typed markers), and a game plays from the
installed copy alone, far from this tree.

The wheel is built offline from a copy of the sources with the setuptools of this environment
(the dev extra), and installed without its dependencies into a new virtual environment, where a
script run in isolated mode (no current directory, no PYTHONPATH) uses only what was installed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from game import MAP_VERSIONS

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "ai", "web")
# What the build reads besides the packages (pyproject.toml names README.md as the readme).
BUILD_FILES = ("pyproject.toml", "README.md")
# Folders of data, not code, that travel with their package.
DATA_DIRS = ("game/data", "ai/data", "web/assets", "web/data", "web/template")
EXTRAS = {"client", "cluster", "dev", "tools", "web-build"}

# Run by the installed interpreter with -I: sys.path holds the standard library and the new
# environment's site-packages, nothing else.
PLAY = textwrap.dedent(
    """
    import importlib.resources, json, random, sys, sysconfig
    from pathlib import Path

    import ai
    import game

    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    for module in (game, ai):
        assert Path(module.__file__).resolve().is_relative_to(site), module.__file__

    files = importlib.resources.files
    current = f"{game.CURRENT_MAP}.json"
    board = json.loads(files("game").joinpath("data/maps", current).read_text(encoding="utf-8"))
    quests = json.loads(
        files("game").joinpath("data/quests", current).read_text(encoding="utf-8")
    )
    maps = [game.get_map(v).version for v in game.MAP_VERSIONS]  # every map, and its deck
    territories = [
        files("web").joinpath(f"data/territories_{v}.json").is_file() for v in game.MAP_VERSIONS
    ]
    coast = files("web").joinpath("data/coastlines.json").read_text(encoding="utf-8")
    json.loads(coast)
    assert files("web").joinpath("assets/fonts/DejaVuSans.ttf").is_file()
    typed = [p for p in ("game", "ai", "web") if files(p).joinpath("py.typed").is_file()]

    rng = random.Random(1)
    state = game.new_game(3, seed=1)
    greedy = ai.make_agent("greedy")
    decisions = greedy_moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == game.CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if seat == 0 and greedy_moves < 12:
            action = greedy.choose(state.observe(seat), legal, rng)
            assert action in legal, action
            greedy_moves += 1
        else:
            action = rng.choice(legal)
        state.apply_action(action)
        decisions += 1
        assert decisions < 20000, "the game does not end"
    again = game.GameState.from_json(state.to_json())
    print(json.dumps({
        "cities": len(board["cities"]),
        "quest_cards": len(quests["cards"]),
        "maps": maps,
        "territories": territories,
        "typed": typed,
        "decisions": decisions,
        "greedy_moves": greedy_moves,
        "scores": state.scores(),
        "returns": state.returns(),
        "reloaded_terminal": again.is_terminal(),
    }))
    """
)


def _run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    shown = " ".join(a if len(a) < 80 else a[:40] + " ..." for a in args)
    assert done.returncode == 0, f"{shown}\nfailed:\n{done.stdout}\n{done.stderr}"
    return done


def _source_files() -> set[str]:
    """The files of the three packages that an install must bring: every module and every
    data file (caches, bytecode, dot files and the developers' README.md files aside)."""
    found: set[str] = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            rel = PurePosixPath(path.relative_to(ROOT).as_posix())
            if not path.is_file() or any(p.startswith(".") for p in rel.parts):
                continue
            if "__pycache__" in rel.parts or rel.suffix in {".pyc", ".pyo"}:
                continue
            in_data = any(rel.is_relative_to(d) for d in DATA_DIRS)
            if rel.suffix == ".py" or rel.name == "py.typed" or in_data:
                found.add(str(rel))
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert importlib.util.find_spec("setuptools") is not None, (
        "setuptools builds the wheel: the dev extra installs it (./build.sh test)"
    )
    tmp = tmp_path_factory.mktemp("packaging")
    # A copy, so the build writes nothing into this tree and no stale build/ output of an
    # earlier build can slip into the wheel.
    src = tmp / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, src / package, ignore=ignore)
    for name in BUILD_FILES:
        shutil.copy2(ROOT / name, src / name)
    dist = tmp / "dist"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(dist),
            str(src),
        ],
        cwd=tmp,
    )
    (built,) = dist.glob("strategos-*.whl")
    return built


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return {n for n in archive.namelist() if not n.endswith("/")}


def test_the_wheel_holds_the_three_packages_whole(wheel: Path) -> None:
    names = _wheel_names(wheel)
    missing = sorted(_source_files() - names)
    assert not missing, f"left out of the wheel: {missing[:20]}"
    for must in (
        "game/rules/turn.py",
        *(f"game/data/{kind}/{v}.json" for kind in ("maps", "quests") for v in MAP_VERSIONS),
        "web/assets/fonts/DejaVuSans.ttf",
        "web/assets/fonts/DejaVuSerif-Bold.ttf",
        "web/assets/fonts/LICENSE-DejaVu.txt",
        "web/assets/icon.png",
        "web/data/coastlines.json",
        *(f"web/data/territories_{v}.json" for v in MAP_VERSIONS),
        "web/template/strategos.tmpl",
        "game/py.typed",
        "ai/py.typed",
        "web/py.typed",
    ):
        assert must in names, must
    assert any(n.startswith("web/assets/sounds/") and n.endswith(".ogg") for n in names)
    # Nothing but the packages and the metadata: no tests, tools or build output.
    tops = {PurePosixPath(n).parts[0] for n in names}
    (info,) = tops - set(PACKAGES)
    assert info.startswith("strategos-") and info.endswith(".dist-info"), tops


def test_the_wheel_declares_the_extras(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (meta,) = (n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(meta).decode("utf-8").splitlines()
    extras = {line.split(":", 1)[1].strip() for line in lines if line.startswith("Provides-Extra:")}
    assert extras == EXTRAS
    requires = [
        line.split(":", 1)[1].strip() for line in lines if line.startswith("Requires-Dist:")
    ]
    # The engine and the AI need nothing; everything else comes with an extra.
    assert requires and all("extra ==" in r for r in requires), requires
    assert any(r.startswith("pygbag==0.9.3") for r in requires), requires
    assert any(r.startswith("pygame-ce") and '"client"' in r for r in requires), requires
    assert any(r.startswith("ray") and '"cluster"' in r for r in requires), requires


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment holding the wheel alone (no pygame-ce): its folder."""
    tmp = tmp_path_factory.mktemp("installed")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(venv / "bin" / "python"),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        cwd=tmp,
    )
    return venv


def test_an_installed_copy_plays_a_whole_game_away_from_the_tree(
    installed: Path, tmp_path: Path
) -> None:
    python = installed / "bin" / "python"
    outcome = json.loads(_run([str(python), "-I", "-c", PLAY], cwd=tmp_path).stdout)
    assert outcome["cities"] > 0 and outcome["quest_cards"] > 0
    assert outcome["maps"] == list(MAP_VERSIONS)
    assert outcome["territories"] == [True] * len(MAP_VERSIONS)
    assert outcome["typed"] == ["game", "ai", "web"]
    assert outcome["greedy_moves"] == 12
    assert outcome["decisions"] > outcome["greedy_moves"]
    assert len(outcome["scores"]) == 3 and len(outcome["returns"]) == 3
    assert outcome["reloaded_terminal"] is True


# --- the strategos command ----------------------------------------------------------------------


def _command(venv: Path, *args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Runs the installed ``strategos`` script as a person would: by its path, in a folder
    away from this tree, with no PYTHON* variable (the script's own interpreter finds the
    packages in its environment, or nowhere)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [str(venv / "bin" / "strategos"), *args],
        cwd=cwd,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_wheel_declares_the_strategos_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (points,) = (n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
        text = archive.read(points).decode("utf-8")
    assert "[console_scripts]" in text
    assert "strategos = web.main:run" in text


def test_the_installed_command_answers_help_without_pygame(installed: Path, tmp_path: Path) -> None:
    done = _command(installed, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: strategos ")
    for option in ("--spectate", "--replay FILE", "--lang"):
        assert option in done.stdout, option


def test_the_installed_command_without_pygame_names_the_extra(
    installed: Path, tmp_path: Path
) -> None:
    done = _command(installed, cwd=tmp_path, STRATEGOS_DATA_DIR=str(tmp_path / "data"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("strategos: the desktop client needs pygame-ce"), done.stderr
    assert "pip install 'strategos[client]'" in done.stderr
    assert not (tmp_path / "data").exists()  # it stopped before the client started


def test_the_installed_command_starts_the_client(installed: Path, tmp_path: Path) -> None:
    """With pygame-ce beside it (this environment's, linked in: the wheel's extra would fetch
    it from PyPI), the command opens the client from the installed copy and plays frames."""
    spec = importlib.util.find_spec("pygame")
    if spec is None or spec.origin is None:
        pytest.skip("pygame-ce is not installed here (the client extra)")
    pygame_dir = Path(spec.origin).parent
    linked = tmp_path / "linked"
    linked.mkdir()
    for source in (pygame_dir, pygame_dir.parent / "pygame_ce.libs"):
        if source.exists():
            (linked / source.name).symlink_to(source)
    (site,) = (installed / "lib").glob("python*/site-packages")
    (site / "linked_pygame.pth").write_text(f"{linked}\n", encoding="utf-8")
    try:
        shot = tmp_path / "title.png"
        done = _command(
            installed,
            "--max-frames",
            "5",
            "--screenshot",
            str(shot),
            cwd=tmp_path,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            STRATEGOS_DATA_DIR=str(tmp_path / "data"),
        )
    finally:
        (site / "linked_pygame.pth").unlink()
    assert done.returncode == 0, done.stderr
    assert shot.is_file() and shot.stat().st_size > 1000


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a README heading: lower case, punctuation dropped, spaces to
    hyphens."""
    kept = "".join(c for c in heading.strip().lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")


def test_the_loading_page_links_to_the_readme_section_on_the_desktop_version() -> None:
    """The browser's loading page, when the game cannot start on GitHub Pages, links to the
    README's section on installing the desktop version (web/template/strategos.tmpl): that
    section is there, under the anchor the page names, and it installs this command."""
    template = (ROOT / "web" / "template" / "strategos.tmpl").read_text(encoding="utf-8")
    (anchor,) = re.findall(r'const DESKTOP_SECTION = "([^"]+)";', template)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sections = {
        _github_anchor(line[3:]): line for line in readme.splitlines() if line.startswith("## ")
    }
    assert anchor in sections, sorted(sections)
    body = readme.split(sections[anchor], 1)[1].split("\n## ", 1)[0]
    assert "pipx install 'strategos[client] @ git+https://github.com/" in body
    assert "\nstrategos " in body
