"""Rules audit: a summon on a Trap's cell. 4.19.1.b allows a summon only on a cell without
another unit, while 4.19.7.c/d describe a Mob or a Bomb summoned on a Trap; 1.5.2 gives the
forbidding rule precedence (docs/engine-spells.md, "Game end (rules audit, session 5)")."""

from __future__ import annotations

import pytest

from rules.engine.casting import CastAction, apply_cast
from rules.engine.errors import RuleViolation
from tests.engine.casting_builders import c, token
from tests.engine.test_summons import SPELLS, TRAP, _state


def test_4_19_1_b_no_summon_on_an_opposing_traps_cell_1_5_2() -> None:
    state = _state(token("B1/trap-1", "B", "B1", TRAP, "c4"))
    with pytest.raises(RuleViolation) as refused:
        apply_cast(state, CastAction("A1", "Summon Tofu (2)", c("c4")), SPELLS)
    assert refused.value.rule == "4.19.1.b"
