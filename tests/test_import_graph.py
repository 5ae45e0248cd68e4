"""The import graph of atout: no cycle among its modules, and the layers point inward.

Every module under ``src/atout`` is read with :mod:`ast` (not imported), and every import
counts: at the top, inside functions and under ``if TYPE_CHECKING:``. A package's
``__init__`` is the node of the package itself, so a package that imports its submodules is
fine as long as none of them imports the package back.

The layers, innermost first (a unit is a top-level module or package of ``atout``; the
command line's modules are one unit): a unit imports only units of lower layers, never one of
its own layer nor above. ``atout`` is the package's own ``__init__`` (``atout.make`` …).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import atout

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"cards", "events", "options", "refusal"}),  # plain tables and values
    frozenset({"actions", "pickles", "views"}),              # action ids; unpickling; views
    frozenset({"core"}),                                     # the contract: Rules, Deal, Match
    frozenset({"games"}),                                    # the five rules engines
    frozenset({"atout", "i18n", "kernels"}),                 # façade; games in words; kernels
    frozenset({"bots", "store"}),                            # players; saved games
    frozenset({"duplicate"}),                               # boards played in duplicate
    frozenset({"client", "daily", "envs", "tournament"}),    # the deal of the day's boards
    frozenset({"console", "server"}),
    frozenset({"web"}),
    frozenset({"cli"}),                                      # cli*, __main__
)
"""The layers of atout's units, innermost first."""

LAYER_OF = {unit: i for i, layer in enumerate(LAYERS) for unit in layer}

PACKAGE = Path(atout.__file__).resolve().parent


def module_files(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = [package.name, *path.relative_to(package).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports, wherever the import is."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package that holds the module
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in modules:  # a submodule imported by name
                    found.add(sub)
                elif source in modules:
                    found.add(source)
    found.discard(name)
    return found


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module and the package's modules it imports."""
    modules = module_files(package)
    return {name: imported(name, path, modules) for name, path in modules.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, round and round (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def unit(module: str) -> str:
    """The unit of a module: ``atout.games.jass.deal`` → ``games``; the command line's
    modules (``cli``, ``cli_*``, ``__main__``) → ``cli``; ``atout`` → ``atout``."""
    parts = module.split(".")
    if len(parts) == 1:
        return parts[0]
    top = parts[1]
    return "cli" if top == "__main__" or top == "cli" or top.startswith("cli_") else top


def arrows(graph: Mapping[str, set[str]]) -> Iterator[tuple[str, str]]:
    """Every import from one unit into another, as (importer, imported) modules."""
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if unit(module) != unit(target):
                yield module, target


def upward(graph: Mapping[str, set[str]]) -> list[str]:
    """The imports that do not point inward: into a unit of the same layer or above."""
    return [f"{module} -> {target}" for module, target in arrows(graph)
            if LAYER_OF[unit(target)] >= LAYER_OF[unit(module)]]


# -- atout's own graph ----------------------------------------------------------------------
def test_atout_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_every_unit_has_a_layer() -> None:
    # a new top-level module or package is placed in LAYERS before it is imported anywhere
    assert {unit(m) for m in import_graph()} - set(LAYER_OF) == set()


def test_the_layers_point_inward() -> None:
    assert upward(import_graph()) == []


def test_the_graph_reads_the_whole_package() -> None:
    graph = import_graph()
    assert len(graph) > 100
    assert "atout.games.jass.deal" in graph["atout.games.jass.rules"]
    # an import inside a function counts: the command line imports the console only there
    assert "atout.console" in graph["atout.cli"]
    assert "atout.store.legacy" in graph["atout.console"]


@pytest.mark.parametrize(("inner", "outer"), [("games", "bots"), ("bots", "console"),
                                              ("core", "games"), ("i18n", "console"),
                                              ("store", "server"), ("server", "web")])
def test_the_table_orders_the_layers_of_the_docs(inner: str, outer: str) -> None:
    # cards, core, games, then bots, store, envs, console, server, web (docs/contract.md)
    assert LAYER_OF[inner] < LAYER_OF[outer]


# -- the checks themselves, on small packages made for them -----------------------------------
def _package(root: Path, files: Mapping[str, str]) -> Path:
    """A package ``atout`` under ``root`` with ``files`` (paths relative to it)."""
    package = root / "atout"
    for rel, text in {"__init__.py": "", **files}.items():
        path = package / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_a_cycle_through_type_checking_or_a_function_is_found(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "games/__init__.py": "",
        "games/x/__init__.py": "from .deal import Deal\n",
        "games/x/deal.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                           "    from atout.games.x.rules import Rules\n",
        "games/x/rules.py": "def make():\n    from atout.games.x import deal\n",
    })
    assert cycles(import_graph(package)) == [["atout.games.x.deal", "atout.games.x.rules"]]


def test_a_submodule_importing_its_package_back_is_a_cycle(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "games/__init__.py": "",
        "games/x/__init__.py": "from .deal import Deal\nclass Rules: ...\n",
        "games/x/deal.py": "from . import Rules\nclass Deal: ...\n",
        "games/x/scoring.py": "from .deal import Deal\n",
    })
    assert cycles(import_graph(package)) == [["atout.games.x", "atout.games.x.deal"]]


def test_a_package_importing_its_submodules_is_no_cycle(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "games/__init__.py": "from atout.games import x\n",
        "games/x/__init__.py": "from .deal import Deal\nfrom .rules import Rules\n",
        "games/x/deal.py": "from atout.core import Event\n",
        "games/x/rules.py": "from atout.games.x.deal import Deal\n",
        "core.py": "",
    })
    assert cycles(import_graph(package)) == []


def test_an_arrow_up_or_sideways_is_found(tmp_path: Path) -> None:
    package = _package(tmp_path, {
        "games/__init__.py": "def f():\n    import atout.bots.search\n",
        "bots/__init__.py": "", "bots/search.py": "from atout.games import f\n",
        "store.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from atout.bots import search\n",
        "cli_args.py": "import atout.cli\n", "cli.py": "from atout import cli_args\n",
    })
    graph = import_graph(package)
    assert upward(graph) == ["atout.games -> atout.bots.search", "atout.store -> atout.bots.search"]
    assert cycles(graph) == [["atout.bots.search", "atout.games"], ["atout.cli", "atout.cli_args"]]
