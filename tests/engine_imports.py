"""The engine's imports, read from its source (AST), for the layer test (ENGINE-LAYOUT.md).

Nothing here imports the engine: the rules are about what the code says, including
imports inside functions that only run sometimes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "wartime" / "engine"
PACKAGE = "wartime.engine"
LAYERS = ("core", "actions", "entries", "ai")

@dataclass(frozen=True)
class Import:
    """One engine module importing another: where, and whether it runs inside a function."""

    source: str
    target: str
    line: int
    local: bool


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def layer(module: str) -> str | None:
    """core, actions, entries or ai: the folder a module sits in (ENGINE-LAYOUT.md, "The
    tree"); None for the package's own files (its __init__, hooks, install)."""
    inside = module.removeprefix(PACKAGE + ".").split(".")
    return inside[0] if len(inside) > 1 and inside[0] in LAYERS else None


def _resolve(name: str, known: set[str]) -> str | None:
    """The engine module ``name`` (a module, or a name inside one) refers to."""
    while name not in known:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def _type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def _walk(node: ast.AST, local: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            continue  # annotations only: no import at run time
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, local
        inner = local or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _walk(child, inner)


def wartime_imports(path: Path) -> Iterator[tuple[list[str], int, bool]]:
    """Every ``wartime`` import of a file: the names it may refer to, its line, local."""
    for node, local in _walk(ast.parse(path.read_text(encoding="utf-8")), False):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            names = [a.name for a in node.names]
        names = [n for n in names if n.startswith("wartime")]
        if names:
            yield names, node.lineno, local


def engine_imports() -> list[Import]:
    """Every import of one engine module by another (both the module and the names)."""
    found = modules()
    known = set(found)
    result = []
    for source, path in found.items():
        for names, line, local in wartime_imports(path):
            targets = {_resolve(n, known) for n in names[1:] or names}
            for target in sorted(t for t in targets if t is not None and t != source):
                if target != PACKAGE:
                    result.append(Import(source, target, line, local))
    return result


def local_import_lines() -> list[str]:
    """``module:line`` of every ``wartime`` import made inside a function in the engine."""
    return [
        f"{module_name(path)}:{line}"
        for path in modules().values()
        for _, line, local in wartime_imports(path)
        if local
    ]


def cycles(edges: list[Import]) -> list[set[str]]:
    """The strongly connected components of the import graph (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for e in edges:
        graph[e.source].add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.add(top)
                        if top == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components
