"""What Python files import, read from their source without running them: the one walker of
the tests that keep each part to what it may import (tests/test_import_graph.py) and of the
browser's test bundle (tests/browser/test_wasm.py)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    """The full names of the modules ``path`` imports by absolute name, anywhere in the file
    (a function's own imports run too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def top_level(modules: set[str]) -> set[str]:
    return {name.partition(".")[0] for name in modules}


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_modules(*packages: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``packages`` by its dotted name."""
    return {
        module_name(path, root): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
    }


@dataclass(frozen=True)
class Edge:
    """One import: ``source`` imports ``target`` (a module of the walked packages, or the full
    name of any other) at ``line``."""

    source: str
    target: str
    line: int
    in_function: bool  # runs when the function does, not when the module loads
    typing_only: bool  # under ``if TYPE_CHECKING:``: never runs, but a reader follows it


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    def __init__(self, name: str, path: Path, known: set[str]) -> None:
        self.name = name
        self.package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        self.known = known
        self.edges: list[Edge] = []
        self.functions = 0
        self.typing = 0

    def visit_If(self, node: ast.If) -> None:
        if not _is_type_checking(node.test):
            self.generic_visit(node)
            return
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
            self._add(submodule if submodule in self.known else source, node.lineno)

    def _add(self, target: str, line: int) -> None:
        self.edges.append(Edge(self.name, target, line, self.functions > 0, self.typing > 0))


def import_edges(modules: dict[str, Path]) -> list[Edge]:
    """Every import of every module of ``modules``: at the top, in a function or only for the
    type checker. A package's ``__init__`` runs before any of its modules whatever they
    import, so reaching a module through its package is no import of the package."""
    known = set(modules)
    edges: list[Edge] = []
    for name, path in modules.items():
        reader = _Imports(name, path, known)
        reader.visit(ast.parse(path.read_text(encoding="utf-8")))
        edges += reader.edges
    return edges


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
