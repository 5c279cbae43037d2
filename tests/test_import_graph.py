"""The modules of game/ import each other without a cycle, and nothing but the standard library.

Every import a module makes at run time counts, at the top or inside a function; imports under
``if TYPE_CHECKING:`` do not, as they never run. So the rules may name ``GameState`` in their
annotations while ``game.state`` builds on them. A package's ``__init__`` runs before any of its
modules whatever they import, so reaching a module through its package is no import of the
package.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node`` except the bodies of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield other
                yield from _run_time_nodes(other)
            continue
        yield child
        yield from _run_time_nodes(child)


def imports_of(name: str) -> set[str]:
    """The modules ``name`` imports at run time: game modules by name, others by top package."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            source = ".".join(part for part in (base, node.module or "") if part)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return found


def _cycle_from(start: str, graph: dict[str, set[str]]) -> list[str]:
    """A cycle of imports through ``start``, or [] if there is none."""
    path = [start]
    seen: set[str] = set()

    def walk(name: str) -> bool:
        for other in sorted(graph[name]):
            if other == start:
                return True
            if other not in seen:
                seen.add(other)
                path.append(other)
                if walk(other):
                    return True
                path.pop()
        return False

    return [*path, start] if walk(start) else []


def test_the_import_graph_reads_what_the_modules_import() -> None:
    # The two ends of the graph, as a check on the parsing above.
    assert "game.rules.flow" in imports_of("game.state")
    assert "game.state" not in imports_of("game.rules.flow")  # only under TYPE_CHECKING
    assert imports_of("game.kinds") <= {"__future__"}


def test_game_modules_import_each_other_without_a_cycle() -> None:
    graph = {name: {m for m in imports_of(name) if m in MODULES} for name in MODULES}
    cycles = [cycle for name in graph if (cycle := _cycle_from(name, graph))]
    assert cycles == [], "import cycle: " + " -> ".join(cycles[0])


def test_game_imports_only_the_standard_library_and_itself() -> None:
    stdlib = set(sys.stdlib_module_names)
    outside = {
        name: sorted(m for m in imports_of(name) if m.split(".")[0] not in stdlib | {"game"})
        for name in MODULES
    }
    assert {name: found for name, found in outside.items() if found} == {}


def test_every_game_module_is_in_the_graph() -> None:
    for name in MODULES:
        for imported in imports_of(name):
            if imported.split(".")[0] == "game":
                assert imported in MODULES, f"{name} imports {imported}, which is no module"
