"""Tests of the browser build (``./build.sh web``): what the archive holds, the page, main.py.

One build per test session, into a temporary folder, with every proxy variable pointed at a
closed port: a build that tried to reach the network (the CDN) would fail here instead of
hanging. When the client's ``web/main.py`` is not written yet, the build runs on a copy of
the tree with a stand-in ``web/main.py``, so the staging, the template and the archive are
still checked.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from game import MAP_VERSIONS
from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[2]
APP = "strategos"
OWN_PACKAGES = {"game", "ai", "web"}
# What the pygbag runtime provides besides the standard library.
RUNTIME_PROVIDED = {"pygame"}
# Standard-library modules that do not work in the browser (no processes, threads, terminal or
# Tk there) and those that Python 3.12, the browser's version, no longer has.
BROWSER_UNUSABLE = {"subprocess", "multiprocessing", "concurrent", "tkinter", "curses", "readline"}
GONE_IN_312 = {"distutils", "imp", "asynchat", "asyncore", "smtpd"}
STDLIB = set(sys.stdlib_module_names)
# What the lab is made of: never in the archive, whatever package it sits in.
LAB_WORDS = ("arena", "pool", "bench", "command_line", "cli", "play_terminal", "settings_log")

STAND_IN_MAIN = '''\
"""Stand-in client used by the build tests while web/main.py is not written."""

import asyncio

import pygame


async def main() -> None:
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    while True:
        screen.fill((16, 35, 61))
        pygame.display.flip()
        await asyncio.sleep(0)
'''


build_web = load_tool("build/build_web", "_strategos_build_web_under_test")


def _python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def _source_root(tmp: Path) -> tuple[Path, bool]:
    """The tree to build: this one, or a copy with a stand-in client."""
    if (ROOT / "web" / "main.py").is_file():
        return ROOT, False
    copy = tmp / "tree"
    for package in ("game", "ai", "web"):
        if (ROOT / package).is_dir():
            shutil.copytree(
                ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__")
            )
    (copy / "web" / "main.py").write_text(STAND_IN_MAIN, encoding="utf-8")
    return copy, True


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("webbuild")
    root, stand_in = _source_root(tmp)
    # ./build.sh web installs pygbag 0.9.3 into .venv when it is missing (--help stops there).
    subprocess.run(
        ["bash", str(ROOT / "build.sh"), "web", "--help"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=600,
    )
    env = dict(os.environ)
    dead = "http://127.0.0.1:9"
    for key in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        env[key] = dead
    env.pop("no_proxy", None)
    env.pop("NO_PROXY", None)
    out = tmp / "out"
    done = subprocess.run(
        [
            _python(),
            str(ROOT / "tools" / "build" / "build_web.py"),
            "--root",
            str(root),
            "--out",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    if stand_in:
        print("web/main.py is not written yet: built with a stand-in client")
    return {"root": root, "out": out, "web": out / "web"}


def expected_runtime_files(root: Path) -> set[str]:
    """Written independently of tools/build/build_web.py: the files of game/, ai/ and web/ that
    run, i.e. without web/template/, tests, caches, bytecode and dot files."""
    found: set[str] = set()
    for package in ("game", "ai", "web"):
        for path in (root / package).rglob("*"):
            if not path.is_file():
                continue
            rel = PurePosixPath(path.relative_to(root).as_posix())
            parts = rel.parts
            if any(p.startswith(".") for p in parts):
                continue
            if any(
                p in {"__pycache__", "tests", "test", "node_modules", "build", "dist", "venv"}
                for p in parts[:-1]
            ):
                continue
            if parts[:2] == ("web", "template"):
                continue
            if rel.name == "conftest.py" or rel.name.startswith("test_"):
                continue
            if rel.name.endswith("_test.py") or rel.suffix in {".pyc", ".pyo"}:
                continue
            if rel.suffix in {".orig", ".rej", ".swp", ".bak", ".tmp", ".pyd", ".md"}:
                continue
            if rel.name.endswith("~"):
                continue
            found.add(str(rel))
    return found


def apk_names(build: dict[str, Path]) -> list[str]:
    with zipfile.ZipFile(build["web"] / f"{APP}.apk") as apk:
        return [n for n in apk.namelist() if not n.endswith("/")]


def read_apk(build: dict[str, Path], name: str) -> str:
    with zipfile.ZipFile(build["web"] / f"{APP}.apk") as apk:
        return apk.read(name).decode("utf-8")


def test_build_produces_the_site_and_the_itch_zip(build: dict[str, Path]) -> None:
    names = sorted(p.name for p in build["web"].iterdir())
    assert names == sorted(["index.html", "favicon.png", f"{APP}.apk", f"{APP}.tar.gz"])
    with zipfile.ZipFile(build["out"] / "web.zip") as itch:
        assert sorted(itch.namelist()) == sorted(["index.html", "favicon.png", f"{APP}.apk"])
        assert itch.read("index.html") == (build["web"] / "index.html").read_bytes()
        assert itch.read(f"{APP}.apk") == (build["web"] / f"{APP}.apk").read_bytes()


def test_archive_holds_exactly_the_runtime_files(build: dict[str, Path]) -> None:
    names = apk_names(build)
    assert len(names) == len(set(names))
    expected = {"assets/main.py"} | {f"assets/{p}" for p in expected_runtime_files(build["root"])}
    assert set(names) == expected
    for name in names:
        parts = PurePosixPath(name).parts
        assert not {".venv", "venv", "tests", "__pycache__", ".pytest_cache", ".git"} & set(parts)
        assert not name.endswith((".pyc", ".pyo")), name
        assert not name.startswith("assets/web/template/"), name
        assert not PurePosixPath(name).name.startswith("test_"), name
    # The runtime packages are all there.
    for must in (
        "assets/game/__init__.py",
        "assets/ai/__init__.py",
        "assets/web/main.py",
        *(f"assets/game/data/{kind}/{v}.json" for kind in ("maps", "quests") for v in MAP_VERSIONS),
        *(f"assets/web/data/territories_{v}.json" for v in MAP_VERSIONS),
    ):
        assert must in names


def test_the_archive_holds_no_lab_module_and_no_unused_model(build: dict[str, Path]) -> None:
    """The game ships what it runs: no tournament, pool, benchmark or command line (lab/), and
    of ai/data only the model files the AI's modules load."""
    names = apk_names(build)
    for name in names:
        path = PurePosixPath(name)
        assert path.parts[1] != "lab", name
        if path.suffix != ".py":
            continue
        assert not any(word in path.stem for word in LAB_WORDS), name
        imported = {module.split(".")[0] for module, _ in imported_modules(ast.parse(
            read_apk(build, name), name))}  # fmt: skip
        assert "lab" not in imported, f"{name} imports the lab"
        if path.parts[1] in {"game", "ai"}:
            assert "argparse" not in imported, f"{name} is a command line"
    models = {PurePosixPath(n).stem for n in names if n.startswith("assets/ai/data/")}
    assert models == shipped_models()


def shipped_models() -> set[str]:
    """The model files (ai/data, by stem) that the game loads: the chances it shows, and what
    the levels a player can pick, the hint and the review search and pick kingdoms with."""
    from ai import chances, levels, presets
    from ai.ismcts import SearchAgent
    from ai.policy_agent import PolicyAgent

    found = {chances.MODEL, chances.SEARCH_MODEL}
    searched = [presets.HINT, presets.REVIEW]
    for level in levels.LEVELS:
        agent = levels.level_agent(level)
        if isinstance(agent, SearchAgent):
            searched.append(agent.preset)
        elif isinstance(agent, PolicyAgent):
            found.add(getattr(agent.policy, "model", ""))
    for preset in searched:
        if preset.kingdom_book:
            found.add(f"kingdoms_{preset.kingdom_book}")
        for search in (preset.two_seats, preset.more_seats):
            found |= {getattr(c, "model", "") for c in (search.evaluator, search.policy)}
    return found - {""}


def test_tarball_matches_the_zip(build: dict[str, Path]) -> None:
    with tarfile.open(build["web"] / f"{APP}.tar.gz", "r:gz") as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        assert set(members) == set(apk_names(build))
        main = tar.extractfile(members["assets/main.py"])
        assert main is not None
        assert main.read().decode("utf-8") == read_apk(build, "assets/main.py")


def test_staged_sources_are_byte_identical(build: dict[str, Path]) -> None:
    # pygbag would reformat them if black were importable; the build blocks that.
    for name in apk_names(build):
        rel = name.removeprefix("assets/")
        if rel == "main.py":
            continue
        with zipfile.ZipFile(build["web"] / f"{APP}.apk") as apk:
            assert apk.read(name) == (build["root"] / rel).read_bytes(), rel


def test_favicon_is_our_icon(build: dict[str, Path]) -> None:
    icon = (ROOT / "web" / "assets" / "icon.png").read_bytes()
    assert icon[:8] == b"\x89PNG\r\n\x1a\n"
    assert (build["web"] / "favicon.png").read_bytes() == icon


def site_code(html: str) -> str:
    """The Python the loader runs: the text of the first script, between #<!-- and # -->."""
    first, _, rest = html.partition("\n")
    assert first.endswith("#<!--"), first
    code, sep, _ = rest.partition("# --></script>")
    assert sep, "the site code must end with '# --></script>'"
    return code


def test_index_html_is_our_template(build: dict[str, Path]) -> None:
    html = (build["web"] / "index.html").read_text(encoding="utf-8")
    first = html.splitlines()[0]
    assert first.startswith("<html")
    assert 'src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"' in first
    assert 'id="site"' in first and "type=module" in first
    assert 'data-python="python3.12"' in first
    assert "{{" not in html and "cookiecutter" not in html and "@STRATEGOS_" not in html
    # Our loading screen and the elements the loader writes into.
    for element_id in (
        "loader",
        "loader-bar",
        "loader-stage",
        "loader-percent",
        "loader-begin",
        "loader-tower",
        "canvas",
        "infobox",
        "status",
        "progress",
        "transfer",
        "dlg_multifile",
        "system",
        "pyconsole",
    ):
        assert re.search(rf'id="{element_id}"', html), element_id
    assert "<title>Strategos" in html
    assert "<noscript>" in html
    assert re.search(
        r'<meta name="viewport" content="[^"]*maximum-scale=1[^"]*user-scalable=no', html
    )
    assert 'href="favicon.png"' in html
    # The right archive names, for itch.io (.apk) and everywhere else (.tar.gz).
    assert f'platform.fopen("{APP}.apk", "rb")' in html
    assert f'platform.fopen("{APP}.tar.gz", "rb")' in html
    assert f'archive : "{APP}"' in html
    assert ".itch.zone" in html
    # No debug console by default.
    assert "gui_debug : 0" in html
    assert re.search(r'<div id="pyconsole" hidden>', html)


def test_site_code_follows_the_loader_protocol(build: dict[str, Path]) -> None:
    code = site_code((build["web"] / "index.html").read_text(encoding="utf-8"))
    tree = ast.parse(code)  # valid Python for the browser's CPython
    functions = {n.name for n in tree.body if isinstance(n, ast.AsyncFunctionDef)}
    assert "custom_site" in functions
    assert "asyncio.run(custom_site())" in code
    for step in (
        "/data/data/",
        "platform.run_main(PyConfig",
        'loaderhome=appdir / "assets"',
        "embed.counter() < 0",
        "platform.window.MM.UME",
        "TopLevel_async_handler.start_toplevel(",
        "await shell.source(main",
    ):
        assert step in code, step
    assert 'PYGPI = ""' in code  # public CDN: the runtime's own package index


def test_self_hosted_runtime_sets_the_package_index(tmp_path: Path) -> None:
    cdn = "https://example.org/strategos/cdn/0.9.3/"
    assert build_web.pygpi_for(cdn) == "https://example.org/strategos/cdn/"
    assert build_web.pygpi_for(build_web.PUBLIC_CDN) == ""
    rendered = tmp_path / "t.tmpl"
    build_web.render_template(ROOT / build_web.TEMPLATE, rendered, build_web.pygpi_for(cdn))
    assert 'PYGPI = "https://example.org/strategos/cdn/"' in rendered.read_text(encoding="utf-8")


def imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    """(top-level module name, line) of every absolute import in ``tree``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name.split(".")[0], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno))
    return found


def test_main_py_runs_the_client_with_asyncio_run(build: dict[str, Path]) -> None:
    main = read_apk(build, "assets/main.py")
    assert "asyncio.run(" in main
    tree = ast.parse(main)
    names = {name for name, _ in imported_modules(tree)}
    assert names <= STDLIB | RUNTIME_PROVIDED | OWN_PACKAGES
    assert "pygame" in names  # the loader fetches only the wheels main.py names
    assert any(
        isinstance(n, ast.ImportFrom) and n.module == "web.main" and n.names[0].name == "main"
        for n in tree.body
    )


def test_no_module_imports_what_the_browser_lacks(build: dict[str, Path]) -> None:
    problems = []
    for name in apk_names(build):
        if not name.endswith(".py"):
            continue
        tree = ast.parse(read_apk(build, name), name)
        for module, line in imported_modules(tree):
            if module in OWN_PACKAGES or module in RUNTIME_PROVIDED:
                continue
            if module not in STDLIB or module in GONE_IN_312:
                problems.append(f"{name}:{line} imports {module}")
    assert not problems, "modules the pygbag runtime does not provide:\n" + "\n".join(problems)


def module_level_imports(tree: ast.Module) -> list[tuple[str, int, int]]:
    """(dotted module, relative level, line) of imports executed when the module loads:
    the module body and its top-level if/try blocks, not function bodies."""
    found: list[tuple[str, int, int]] = []

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.extend((a.name, 0, node.lineno) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                found.append((base, node.level, node.lineno))
                found.extend(
                    (f"{base}.{a.name}" if base else a.name, node.level, node.lineno)
                    for a in node.names
                )
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "emscripten" not in test and "platform" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                visit(node.finalbody)

    visit(tree.body)
    return found


def test_what_the_game_loads_at_start_works_in_the_browser(build: dict[str, Path]) -> None:
    """Follow the module-level imports from main.py through our packages: none of them may
    load a standard-library module that cannot work in the browser."""
    names = set(apk_names(build))

    def module_file(dotted: str) -> str | None:
        base = "assets/" + dotted.replace(".", "/")
        for candidate in (base + ".py", base + "/__init__.py"):
            if candidate in names:
                return candidate
        return None

    seen: set[str] = set()
    queue = ["assets/main.py"]
    problems = []
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        # The package a relative import starts from (for __init__.py: the package itself).
        here = PurePosixPath(path).parent.as_posix().removeprefix("assets").strip("/")
        tree = ast.parse(read_apk(build, path), path)
        for dotted, level, line in module_level_imports(tree):
            if level:
                parts = here.split("/") if here else []
                parts = parts[: len(parts) - (level - 1)] if level > 1 else parts
                dotted = ".".join([*parts, dotted] if dotted else parts)
            top = dotted.split(".")[0]
            if top in BROWSER_UNUSABLE:
                problems.append(f"{path}:{line} imports {dotted}")
            if top in OWN_PACKAGES:
                target = module_file(dotted)
                if target:
                    queue.append(target)
                    # importing a.b.c also runs a/__init__.py and a/b/__init__.py
                    pieces = dotted.split(".")
                    for i in range(1, len(pieces)):
                        init = module_file(".".join(pieces[:i]))
                        if init:
                            queue.append(init)
    assert "assets/web/main.py" in seen
    assert not problems, "loaded at start but unusable in the browser:\n" + "\n".join(problems)


def test_staging_needs_the_client(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("", encoding="utf-8")
    with pytest.raises(build_web.BuildError, match=r"web/main\.py is missing"):
        build_web.stage(tmp_path, tmp_path / "stage" / APP)


def test_runtime_file_rules() -> None:
    keep = [
        "game/state.py",
        "game/data/maps/1.json",
        "game/data/quests/2.json",
        "web/data/territories_2.json",
        "web/assets/fonts/DejaVuSans.ttf",
        "ai/__init__.py",
        "web/scenes/title.py",
    ]
    drop = [
        "tests/test_turn.py",
        "web/template/strategos.tmpl",
        "game/__pycache__/x.pyc",
        "web/tests/test_layout.py",
        "ai/.notes",
        "web/.DS_Store",
        "web/test_gui.py",
        "web/conftest.py",
        "tools/build/build_web.py",
        "lab/arena.py",
        "README.md",
        ".venv/lib/x.py",
        "web/README.md",
        "game/rules/turn.py~",
    ]
    for rel in keep:
        assert build_web.is_runtime_file(PurePosixPath(rel)), rel
    for rel in drop:
        assert not build_web.is_runtime_file(PurePosixPath(rel)), rel


def test_the_archive_imports_natively(build: dict[str, Path], tmp_path: Path) -> None:
    """Every module of the archive, unpacked alone (as the browser sees it), imports: nothing
    the game needs was left out of the staging folder."""
    if importlib.util.find_spec("pygame") is None:
        pytest.skip("pygame-ce is not installed here")
    with zipfile.ZipFile(build["web"] / f"{APP}.apk") as apk:
        apk.extractall(tmp_path)
    assets = tmp_path / "assets"
    modules = sorted(
        ".".join(p.relative_to(assets).with_suffix("").parts).removesuffix(".__init__")
        for p in assets.rglob("*.py")
        if p.name not in {"main.py", "__main__.py"} or p.parent != assets
    )
    modules = [m for m in modules if not m.endswith("__main__")]
    code = (
        "import importlib, sys\n"
        "sys.path.insert(0, '.')\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(len(sys.modules))\n"
    )
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONPATH="",
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code],
        cwd=assets,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_client_saves_to_local_storage_in_the_browser(build: dict[str, Path]) -> None:
    if (build["root"] / "web" / "main.py").read_text(encoding="utf-8") == STAND_IN_MAIN:
        pytest.skip("built with the stand-in client")
    sources = {
        n: read_apk(build, n)
        for n in apk_names(build)
        if n.startswith("assets/web/") and n.endswith(".py")
    }
    assert any(
        "localStorage" in text and 'sys.platform == "emscripten"' in text
        for text in sources.values()
    ), "no module saves to localStorage in the browser"
