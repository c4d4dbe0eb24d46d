"""The package's structure check (urland/tools/structure_check.py): the package passes it, and a
small package written for each rule shows the rule caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from urland.tools.structure_check import METHODS_PER_CLASS, check, main

ROOT = Path(__file__).resolve().parents[1]

# A package that keeps every rule: the front end through the engine's door, the folders in
# order, a type-only import that closes no cycle, a lookup by a computed name.
CLEAN = {
    "urland/__init__.py": "",
    "urland/engine/__init__.py": "from urland.engine.rules import legal\n",
    "urland/engine/rules.py": "def legal() -> bool:\n    return True\n",
    "urland/ui/__init__.py": "",
    "urland/ui/theme.py": "INK = 1\n",
    "urland/ui/board/__init__.py": "",
    "urland/ui/board/view.py": "from urland.ui import theme\n\nCOLOUR = theme.INK\n",
    "urland/ui/table/__init__.py": "",
    "urland/ui/table/panel.py": "from urland.ui.board import view\n\nCOLOUR = view.COLOUR\n",
    "urland/scenes/__init__.py": "",
    "urland/scenes/title.py": (
        "from typing import TYPE_CHECKING\n\nfrom urland.engine import legal\n"
        "from urland.ui.table import panel\n\nif TYPE_CHECKING:\n    from urland.ui import theme\n"
        "\n\ndef shown(what: object, name: str) -> object:\n"
        "    return getattr(what, name) if legal() else panel\n"),
}


def methods(count: int) -> str:
    return "".join(f"    def m{i}(self) -> None:\n        pass\n\n" for i in range(count))


# Each package breaks one rule: the change to CLEAN, and the start of the line that says so.
BREACHES = {
    "a cycle only for type checking": (
        {"urland/store.py": ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                             "    from urland.records import Record\n"),
         "urland/records.py": "import urland.store\n\n\nclass Record:\n    pass\n"},
        "import cycle: urland.records <-> urland.store"),
    "a cycle through a late import": (
        {"urland/engine/rules.py": ("def legal() -> bool:\n    from urland.scenes import title\n"
                                    "    return title is not None\n")},
        "import cycle: urland.engine <-> urland.engine.rules <-> urland.scenes.title"),
    "a scene importing an engine module": (
        {"urland/scenes/title.py": "from urland.engine.rules import legal\n"},
        "front end past the engine's door: urland.scenes.title:1 imports urland.engine.rules"),
    "a drawing module taking an engine module from its package": (
        {"urland/ui/board/view.py": "from urland.engine import rules\n"},
        "front end past the engine's door: urland.ui.board.view:1 imports urland.engine.rules"),
    "the board's drawing importing a table's panel": (
        {"urland/ui/board/view.py": "from urland.ui.table.panel import INK\n\nCOLOUR = INK\n",
         "urland/ui/table/panel.py": "INK = 2\n"},
        "front-end folders out of order: urland.ui.board.view:1 imports urland.ui.table.panel"),
    "a shared widget importing the board's drawing": (
        {"urland/ui/theme.py": "import urland.ui.board.view\n\nINK = 1\n",
         "urland/ui/board/view.py": "COLOUR = 1\n"},
        "front-end folders out of order: urland.ui.theme:1 imports urland.ui.board.view"),
    "a class of too many methods": (
        {"urland/ui/table/panel.py": f"class Panel:\n{methods(METHODS_PER_CLASS + 1)}"},
        f"class too large: urland.ui.table.panel.Panel has {METHODS_PER_CLASS + 1} methods"),
    "a large class listed today grown by one": (
        {"urland/app.py": f"class App:\n{methods(29)}"},
        "class too large: urland.app.App has 29 methods, more than 28"),
    "a large class listed but gone from its module": (
        {"urland/app.py": "class Window:\n    pass\n"},
        "class too large: urland.app.App is listed as large but is not there"),
    "a door's attribute looked up by its name": (
        {"urland/scenes/title.py": "def hosting(door: object) -> bool:\n"
                                   "    return getattr(door, 'hosting', False)\n"},
        "attribute looked up by name: urland.scenes.title:2 getattr(door, 'hosting')"),
    "a lookup listed as kept but gone from its module": (
        {"urland/resources.py": "FROZEN = False\n"},
        "attribute looked up by name: urland.resources sys._MEIPASS is listed but not looked "
        "up there any more"),
    "an attribute set by its name": (
        {"urland/ui/theme.py": "import types\n\nINK = 1\nsetattr(types, 'INK', INK)\n"},
        "attribute looked up by name: urland.ui.theme:4 setattr(types, 'INK')"),
}


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_package_keeps_every_structure_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(ROOT) == []
    assert main([str(ROOT)]) == 0
    assert capsys.readouterr().out == "structure: 0 breaches\n"


def test_a_package_that_keeps_every_rule_shows_no_breach(tmp_path: Path) -> None:
    assert check(write(tmp_path, CLEAN)) == []


@pytest.mark.parametrize("breach", BREACHES)
def test_each_rule_catches_its_breach(tmp_path: Path, breach: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    change, said = BREACHES[breach]
    root = write(tmp_path, {**CLEAN, **change})
    problems = check(root)
    assert len(problems) == 1 and problems[0].startswith(said), problems
    assert main([str(root)]) == 1
    assert capsys.readouterr().out.endswith("structure: 1 breaches\n")
