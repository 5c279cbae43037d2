"""One graph of what the modules of game/, ai/ and web/ import, held to the layering
game <- ai <- web and to no cycle, with the lab (lab/) outside what the client runs.

Every import counts: at the top of a module, inside a function (it runs when the function
does) and under ``if TYPE_CHECKING:`` (it never runs, but a reader follows it as any other).
A package's ``__init__`` runs before any of its modules whatever they import, so reaching a
module through its package is no import of the package.
"""

from __future__ import annotations

import ast
import sys

from tests.source_imports import ROOT, Edge, cycles, import_edges, package_modules

PACKAGES = ("game", "ai", "web")
MODULES = package_modules(*PACKAGES, "lab")
EDGES = import_edges(MODULES)
# What each package may import besides the standard library.
ALLOWED = {"game": {"game"}, "ai": {"game", "ai"}, "web": {"game", "ai", "web", "pygame"}}
# The client's entry points; only they import client modules inside a function, as they set
# the process up first (the path of a script run by pygbag, SDL's drivers).
ENTRY_POINTS = {"web.main", "web.__main__"}
# The title's background game is a match scene it holds, not a screen it moves to.
HELD_SCENES = {("web.scenes.title", "web.scenes.match")}


def runtime_graph() -> dict[str, set[str]]:
    """The imports among the modules of game/, ai/ and web/, type-only ones included."""
    inside = {name for name in MODULES if name.split(".")[0] in PACKAGES}
    graph: dict[str, set[str]] = {name: set() for name in inside}
    for e in EDGES:
        if e.source in inside and e.target in inside:
            graph[e.source].add(e.target)
    return graph


def edges_between(source: str, target: str) -> list[Edge]:
    return [e for e in EDGES if (e.source, e.target) == (source, target)]


def test_the_graph_reads_what_the_modules_import() -> None:
    assert any(not e.typing_only for e in edges_between("game.state", "game.rules.flow"))
    assert edges_between("game.rules.flow", "game.state_data")
    assert all(e.typing_only for e in edges_between("game.rules.flow", "game.state_data"))
    assert {e.target for e in EDGES if e.source == "game.kinds"} <= {"__future__"}
    assert any(e.in_function for e in edges_between("web.main", "web.app"))
    assert "web.navigation" in runtime_graph()["web.app"]
    assert {"web.scenes.match", "web.scenes.title", "web.play.saves"} <= runtime_graph()[
        "web.navigation"
    ]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}) == [
        ["a", "b", "c"],
        ["d"],
    ]


def test_game_ai_and_web_import_each_other_without_a_cycle() -> None:
    assert cycles(runtime_graph()) == []


def test_each_package_imports_only_the_standard_library_and_what_it_builds_on() -> None:
    stdlib = set(sys.stdlib_module_names)
    outside = sorted(
        f"{MODULES[e.source].relative_to(ROOT)}:{e.line} imports {e.target}"
        for e in EDGES
        if (package := e.source.split(".")[0]) in ALLOWED
        and e.target.split(".")[0] not in stdlib | ALLOWED[package]
    )
    assert outside == []


def test_every_imported_module_of_the_packages_exists() -> None:
    for e in EDGES:
        if e.target.split(".")[0] in (*PACKAGES, "lab"):
            assert e.target in MODULES, f"{e.source} imports {e.target}, which is no module"


def test_the_client_never_reaches_the_lab() -> None:
    """What web/main.py and web/__main__.py reach, by any import (and the packages on the way),
    holds no module of the lab: no arena, pool, bench or command line."""
    reached: set[str] = set()
    todo = sorted(ENTRY_POINTS)
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += [e.target for e in EDGES if e.source == name and e.target in MODULES]
    assert {"web.app", "ai.search", "ai.review", "game.state"} <= reached
    lab = sorted(n for n in reached if n.split(".")[0] == "lab")
    assert lab == []


def test_only_the_entry_points_import_client_modules_inside_functions() -> None:
    inside = [
        f"{MODULES[e.source].relative_to(ROOT)}:{e.line} imports {e.target}"
        for e in EDGES
        if e.in_function
        and not e.typing_only
        and e.source.startswith("web.")
        and e.target.startswith("web.")
        and e.target in MODULES
        and e.source not in ENTRY_POINTS
    ]
    assert inside == []


def test_scenes_reach_other_scenes_only_through_the_navigation() -> None:
    scenes = {
        name
        for name, path in MODULES.items()
        if name.startswith("web.")
        and any(
            isinstance(node, ast.ClassDef)
            and any(isinstance(b, ast.Name) and b.id == "Scene" for b in node.bases)
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    }
    assert {"web.scenes.match", "web.scenes.menu", "web.scenes.title"} <= scenes
    importers = {
        (e.source, e.target)
        for e in EDGES
        if e.target in scenes and not e.typing_only and e.source.startswith("web.")
        and e.source != "web.navigation"
    }  # fmt: skip
    assert importers - HELD_SCENES == set()


def test_no_scene_imports_the_app() -> None:
    """Scenes, the navigation and the saves know the App as ``web.scene.Host``: in the
    client, only its entry point imports the App."""
    importers = {e.source for e in EDGES if e.target == "web.app" and e.source.startswith("web.")}
    assert importers == {"web.main"}
