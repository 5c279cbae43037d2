"""The modules of web/ import each other without a cycle, and scenes reach each other only
through the navigation.

Every import that runs counts, at the top of a module or inside a function; imports under
``if TYPE_CHECKING:`` do not, as they never run (that is how a scene names ``App`` in its
annotations while the App, through ``web.navigation``, imports the scenes). A package's
``__init__`` runs before its modules whatever they import, so reaching a module through its
package is no import of the package.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
# Only these import client modules inside a function: they set the process up first (the
# path of a script run by pygbag, SDL's drivers for a headless run). Anywhere else such an
# import would be there to get round a cycle.
ENTRY_POINTS = {"web.main", "lab.client_bench"}
# The title's background game is a match scene it holds, not a screen it moves to.
HELD_SCENES = {("web.scenes.title", "web.scenes.match")}


def module_name(path: Path) -> str:
    parts = path.relative_to(WEB.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(WEB.rglob("*.py"))}


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    in_function: bool
    typing_only: bool  # under ``if TYPE_CHECKING:``: never runs


class _Imports(ast.NodeVisitor):
    """The imports of one module that name client modules, and where they stand."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
        self.edges: list[Edge] = []
        self.functions = 0
        self.typing = 0

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        typing_block = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        )
        if not typing_block:
            self.generic_visit(node)
            return
        self.visit(node.test)
        self.typing += 1
        for child in node.body:
            self.visit(child)
        self.typing -= 1
        for child in node.orelse:
            self.visit(child)

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self.package.rsplit(".", node.level - 1)[0] if node.level else ""
        source = ".".join(part for part in (base, node.module or "") if part)
        for alias in node.names:
            submodule = f"{source}.{alias.name}"
            self._add(submodule if submodule in MODULES else source, node.lineno)

    def _add(self, target: str, line: int) -> None:
        if target in MODULES:
            self.edges.append(Edge(self.name, target, line, self.functions > 0, self.typing > 0))


def edges_of(name: str) -> list[Edge]:
    reader = _Imports(name)
    reader.visit(ast.parse(MODULES[name].read_text(encoding="utf-8")))
    return reader.edges


EDGES = [edge for name in MODULES for edge in edges_of(name)]
GRAPH = {
    name: {e.target for e in EDGES if e.source == name and not e.typing_only} for name in MODULES
}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` that hold a cycle (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        on_stack.add(name)
        for other in sorted(graph[name]):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in on_stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            part: list[str] = []
            while not part or part[-1] != name:
                part.append(stack.pop())
                on_stack.discard(part[-1])
            if len(part) > 1 or name in graph[name]:
                found.append(sorted(part))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_the_graph_reads_what_the_modules_import() -> None:
    assert {"web.scenes.match", "web.scenes.title", "web.saves"} <= GRAPH["web.navigation"]
    assert "web.navigation" in GRAPH["web.app"]
    assert "web.app" not in GRAPH["web.scenes.match"]  # only under TYPE_CHECKING
    assert any(e.typing_only for e in EDGES if (e.source, e.target) == ("web.scene", "web.app"))
    assert any(e.in_function for e in EDGES if (e.source, e.target) == ("web.main", "web.app"))
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}) == [
        ["a", "b", "c"],
        ["d"],
    ]


def test_client_modules_import_each_other_without_a_cycle() -> None:
    assert cycles(GRAPH) == []


def test_only_the_entry_points_import_client_modules_inside_functions() -> None:
    inside = [
        f"{MODULES[e.source].relative_to(WEB.parent)}:{e.line} imports {e.target}"
        for e in EDGES
        if e.in_function and not e.typing_only and e.source not in ENTRY_POINTS
    ]
    assert inside == []


def test_scenes_reach_other_scenes_only_through_the_navigation() -> None:
    scenes = {
        name
        for name, path in MODULES.items()
        if any(
            isinstance(node, ast.ClassDef)
            and any(isinstance(b, ast.Name) and b.id == "Scene" for b in node.bases)
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    }
    assert {"web.scenes.match", "web.scenes.menu", "web.scenes.title"} <= scenes
    importers = {
        (e.source, e.target)
        for e in EDGES
        if e.target in scenes and not e.typing_only and e.source != "web.navigation"
    }
    assert importers - HELD_SCENES == set()
