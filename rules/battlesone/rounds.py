"""Held abilities that change who acts in a round: ICON OF IMPULSE's touch and AURA's early
end of the round (Almanac: Conjurere, Light Mage).

ICON OF IMPULSE: once a Conjurere holds the Icon at Initiative, the round's first Turn Action
may be a touch (an `effect` event) by the player who plays first; if that player plays anything
else, the second player's first Turn Action must be the touch. The Icon is touched at no other
time. The window closes when the Icon is no longer held (touched, or the Conjurere Hacked).

AURA: while a Light Mage holds it (Busy), the round ends as soon as its side has no Mob left in
the Portal (Active or STUCK) or on the Stage (Fallow): no Turn or GO Action is played after
that, and the next round starts with every Mob of both sides Active, STUCK ones included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.battlesone.sections import S_ALMANAC
from rules.battlesone.state import ACTIVE, ZONES, MobState
from rules.battlesone.verdict import RuleBroken

if TYPE_CHECKING:
    from rules.battlesone.state import GameState

ICON, AURA = "icon-of-impulse", "aura"
IN_PLAY = ZONES["portal"] + ZONES["stage"]
"""Positions in the Portal or on the Stage: not in the Umbra."""


class RoundRules:
    """The Icon's touch window and AURA's end of the round (mixed into the engine's game)."""

    state: GameState
    holders_of: Callable[..., list[MobState]]

    # -- ICON OF IMPULSE -------------------------------------------------------------------------

    def open_icon(self) -> None:
        """At Initiative: a held Icon may be touched at the round's first Turn Action."""
        self.state.icon = "first" if self.icon_held() else None

    def icon_held(self) -> bool:
        return bool(self.holders_of(ICON))

    def turn_taken(self, side: str, touching: bool = False) -> None:
        """A Turn Action of `side` begins: AURA may have ended the round; the Icon's window
        allows (first player), requires (second player, after a refusal) or refuses a touch."""
        self.refuse_after_aura()
        window = self.state.icon
        if window is not None and not self.icon_held():
            window = self.state.icon = None
        first = side == self.state.first
        if window == "first" and not first:  # the first player had no Turn to touch with
            window = "second"
        if window == "first":
            self.state.icon = None if touching else "second"
        elif window == "second" and not first:
            if not touching:
                raise RuleBroken(
                    S_ALMANAC,
                    "b1_icon_impulse_first_player",
                )
            self.state.icon = None
        elif touching:
            raise RuleBroken(
                S_ALMANAC,
                "b1_icon_impulse_touched_at",
            )

    # -- AURA ------------------------------------------------------------------------------------

    def aura_over(self) -> MobState | None:
        """The Light Mage holding AURA whose side has no Mob in the Portal or on the Stage."""
        for mage in self.holders_of(AURA):
            side = mage.controller
            if not any(
                m.position in IN_PLAY and m.controller == side for m in self.state.mobs.values()
            ):
                return mage
        return None

    def refuse_after_aura(self) -> None:
        mage = self.aura_over()
        if mage is not None:
            raise RuleBroken(
                S_ALMANAC,
                "b1_aura_has_no_mob_2",
                controller=mage.controller,
            )

    def end_round_by_aura(self) -> bool:
        """If AURA has ended the round: every living Mob of both sides becomes Active (STUCK
        ones too, every stance over) and the next event starts a new round."""
        mage = self.aura_over()
        if mage is None:
            return False
        for m in self.state.mobs.values():
            if m.alive:
                m.position, m.stance, m.element = ACTIVE, None, None
        self.state.phase = "ended_round"
        self.step(
            "End Round",
            S_ALMANAC,
            "b1_aura_has_no_mob",
            controller=mage.controller,
        )
        return True
