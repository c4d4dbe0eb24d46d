"""The package's structure, checked from its source: `python -m urland.tools.structure_check [root]`
(`make check` runs it). It lists every breach and exits 1 when there is one.

- No import cycle among the package's modules. Imports inside functions count, and so do those
  only for type checking (`if TYPE_CHECKING:`): a cycle dodged by a late import is still one.
  A package importing its own modules is no cycle.
- The front end (`urland.scenes`, `urland.ui`) imports the engine through its door,
  `urland.engine`, never one of its modules.
- The front end's drawing folders keep their order (docs/architecture.md, "The front end"):
  `urland.ui`'s own modules import none of its folders, `ui.board` imports neither `ui.table`
  nor `ui.pages`, those two not each other, and nothing in `urland.ui` imports a scene.
- A class has at most `METHODS_PER_CLASS` methods (every `def` in its body: properties and
  special methods count, an `@overload` does not); the few larger today (`LARGE_CLASSES`) may
  not grow.
- No attribute is looked up by a name written as a string (`getattr(door, "hosting", False)`):
  what an object offers is said by its type, not probed. The lookups kept are in
  `NAME_LOOKUPS`, each with its reason.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = "urland"
FRONT_END = ("urland.scenes", "urland.ui")
ENGINE = "urland.engine"

METHODS_PER_CLASS = 25

# Classes with more methods than METHODS_PER_CLASS today, each with its count: the figure may
# fall, never rise. A class split below the limit leaves this list.
LARGE_CLASSES: dict[str, int] = {
    "urland.net.server.GameServer": 37,
    "urland.ui.board.board_view.BoardView": 35,
    "urland.master.master.Master": 33,
    "urland.scenes.tutorial.TutorialScene": 30,
    "urland.table.session.Session": 28,
    "urland.app.App": 28,
    "urland.scenes.table.scene.TableScene": 27,
    "urland.engine.decision.Decision": 26,
}

_PLATFORM = "a constant only some systems have"
_PYGAME_EVENT = "pygame's events carry only their own type's attributes"
_BOT_HOOK = "a bot's optional hook: to go into the bot's protocol"

# (module, the object as written, the attribute) -> why the lookup by name stays for now.
NAME_LOOKUPS: dict[tuple[str, str, str], str] = {
    ("urland.resources", "sys", "_MEIPASS"): "set only in the packaged program",
    ("urland.engine.files", "os", "O_BINARY"): _PLATFORM,
    ("urland.engine.files", "os", "O_NOCTTY"): _PLATFORM,
    ("urland.engine.files", "os", "O_NONBLOCK"): _PLATFORM,
    ("urland.engine.files", "os", "O_DIRECTORY"): _PLATFORM,
    ("urland.table.unsaved", "os", "getuid"): _PLATFORM,
    ("urland.engine.files", "self.peek_event()", "anchor"):
        "only some of the YAML parser's events have an anchor",
    ("urland.net.client", "exc", "errno"): "any exception may come here, not only an OSError",
    ("urland.net.commands", "args", "autoplay"): "only some commands' arguments have it",
    ("urland.net.commands", "args", "more_addresses"): "only some commands' arguments have it",
    ("urland.net.commands", "args", "new_identity"): "only join's arguments have it",
    ("urland.net.listener", "self", "held"): "set once the listener holds its socket",
    ("urland.net.server", "ws", "over_cap"): "a mark the server sets on some connections only",
    ("urland.ui.focus", "event", "mod"): _PYGAME_EVENT,
    ("urland.ui.key_map", "screen", "key_buttons"):
        "a screen's extra keys: to go into `Keyed` and the scene's base with a default",
    ("urland.ui.key_map", "screen", "own_keys"):
        "a screen's own key table: to go into `Keyed` and the scene's base with a default",
    ("urland.ui.key_map", "event", "mod"): _PYGAME_EVENT,
    ("urland.scenes.history", "event", "clicks"): _PYGAME_EVENT,
    ("urland.scenes.table.online", "top", "box"): "only a dialog on top has a box",
    ("urland.bots.loop", "bot", "watch"): _BOT_HOOK,
    ("urland.net.seat_runner", "bot", "watch"): _BOT_HOOK,
    ("urland.tools.tournament", "bots[seat]", "last_iterations"): "only the searching bots count",
}

# The order of the front end's drawing folders: a module in the first may import none of the
# second (a module's own folder and those above it are its to import).
FOLDER_ORDER: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("urland.ui", ("urland.ui.board", "urland.ui.table", "urland.ui.pages", "urland.scenes")),
    ("urland.ui.board", ("urland.ui.table", "urland.ui.pages", "urland.scenes")),
    ("urland.ui.table", ("urland.ui.pages", "urland.scenes")),
    ("urland.ui.pages", ("urland.ui.table", "urland.scenes")),
)

NAME_LOOKUP_CALLS = frozenset({"getattr", "hasattr", "setattr", "delattr"})


@dataclass
class _Module:
    name: str
    path: Path
    tree: ast.Module
    is_package: bool
    imports: list[tuple[str, int]] = field(default_factory=list)  # (imported name, line)


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _read(root: Path, package: str) -> dict[str, _Module]:
    modules: dict[str, _Module] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        name = ".".join(parts)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        modules[name] = _Module(name, path, tree, is_package)
    for module in modules.values():
        module.imports = list(_imports(module))
    return modules


def _imports(module: _Module) -> Iterator[tuple[str, int]]:
    """Every name an import of the module brings in, fully qualified: a `from a import b`
    gives both `a` and `a.b` (b may be a module or a name in a)."""
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, node.module, node.level)
            yield base, node.lineno
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno


def _absolute(module: _Module, name: str | None, level: int) -> str:
    if level == 0:
        return name or ""
    parts = module.name.split(".")
    if not module.is_package:
        parts.pop()
    parts = parts[:len(parts) - (level - 1)]
    return ".".join([*parts, name] if name else parts)


def _target(name: str, modules: Mapping[str, _Module]) -> str | None:
    """The module an imported name lies in: the name itself, or the nearest one above it."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_cycles(modules: Mapping[str, _Module]) -> list[list[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for module in modules.values():
        for imported, _line in module.imports:
            target = _target(imported, modules)
            if target is not None and target != module.name:
                graph[module.name].add(target)
    cycles = []
    for component in _strongly_connected(graph):
        if len(component) < 2:
            continue
        top = min(component, key=len)
        if all(_within(name, top) for name in component):
            continue  # a package and its own modules
        cycles.append(sorted(component))
    return sorted(cycles)


def _strongly_connected(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Tarjan's components, walked without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
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


def engine_reaches(modules: Mapping[str, _Module]) -> list[str]:
    found = []
    for module in modules.values():
        if not any(_within(module.name, front) for front in FRONT_END):
            continue
        for imported, line in module.imports:
            target = _target(imported, modules)
            if target is not None and _within(target, ENGINE) and target != ENGINE:
                found.append(f"{module.name}:{line} imports {target}")
    return sorted(set(found))


def folder_breaches(modules: Mapping[str, _Module]) -> list[str]:
    found = []
    for module in modules.values():
        folder = module.name if module.is_package else module.name.rpartition(".")[0]
        barred = dict(FOLDER_ORDER).get(folder, ())
        for imported, line in module.imports:
            target = _target(imported, modules)
            if target is not None and any(_within(target, bar) for bar in barred):
                found.append(f"{module.name}:{line} imports {target}")
    return sorted(set(found))


def large_classes(modules: Mapping[str, _Module], limit: int = METHODS_PER_CLASS,
                  allowed: Mapping[str, int] = LARGE_CLASSES) -> list[str]:
    found = []
    seen = set()
    for module in modules.values():
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.ClassDef):
                continue
            name = f"{module.name}.{node.name}"
            seen.add(name)
            count = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                        and not _is_overload(item) for item in node.body)
            most = allowed.get(name, limit)
            if count > most:
                found.append(f"{name} has {count} methods, more than {most}")
    found += [f"{name} is listed as large but is not there" for name in allowed
              if name not in seen and name.rpartition(".")[0] in modules]
    return sorted(found)


def _is_overload(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(ast.unparse(d).endswith("overload") for d in function.decorator_list)


def name_lookups(modules: Mapping[str, _Module],
                 allowed: Mapping[tuple[str, str, str], str] = NAME_LOOKUPS) -> list[str]:
    found = []
    seen = set()
    for module in modules.values():
        for node in ast.walk(module.tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in NAME_LOOKUP_CALLS and len(node.args) >= 2):
                continue
            attribute = node.args[1]
            if not (isinstance(attribute, ast.Constant) and isinstance(attribute.value, str)):
                continue  # a name computed from data (a dataclass's fields) is no reach
            owner = ast.unparse(node.args[0])
            seen.add((module.name, owner, attribute.value))
            if (module.name, owner, attribute.value) not in allowed:
                found.append(f"{module.name}:{node.lineno} {node.func.id}({owner}, "
                             f"{attribute.value!r})")
    found += [f"{module} {owner}.{attribute} is listed but not looked up there any more"
              for module, owner, attribute in allowed
              if (module, owner, attribute) not in seen and module in modules]
    return sorted(found)


def check(root: Path, package: str = PACKAGE) -> list[str]:
    """Every breach of the package's structure rules under `root`, one line each."""
    modules = _read(root, package)
    return ([f"import cycle: {' <-> '.join(c)}" for c in import_cycles(modules)]
            + [f"front end past the engine's door: {r}" for r in engine_reaches(modules)]
            + [f"front-end folders out of order: {b}" for b in folder_breaches(modules)]
            + [f"class too large: {c}" for c in large_classes(modules)]
            + [f"attribute looked up by name: {n}" for n in name_lookups(modules)])


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else ".")
    problems = check(root)
    for line in problems:
        print(line)
    print(f"structure: {len(problems)} breaches")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
