"""Card modules reach casting only through `casting.run`, type hints included.

`lint-imports` leaves out imports under `TYPE_CHECKING` (pyproject.toml), so it cannot see a card
hook's type hint that names the `casting` package, whose `__init__` imports the whole procedure,
which imports the cards: an import circle for type checkers and readers. This test reads the
imports of every card module as text, type hints included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import rules.engine.cards

CARDS = Path(rules.engine.cards.__file__).parent
CAST_RUN = "rules.engine.casting.run"


def _names_casting(names: list[str]) -> bool:
    return any(
        name == "rules.engine.casting" or name.startswith("rules.engine.casting.") for name in names
    )


def _casting_imports(path: Path) -> list[str]:
    """The imports of a file that reach `rules.engine.casting` other than through `casting.run`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            module = node.module
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
            module = names[0]
        else:
            continue
        if _names_casting(names) and module != CAST_RUN:
            found.append(f"{path.name}:{node.lineno} {module}")
    return found


def test_card_modules_import_cast_run_from_casting_run_only() -> None:
    offending = [line for path in sorted(CARDS.glob("*.py")) for line in _casting_imports(path)]
    assert offending == []
