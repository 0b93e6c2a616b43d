"""The named rulings of card spells: where a card's text leaves room and judges could disagree.

Each is registered once in the engine's registry (`rules.engine.rulings`) with the reading the
engine applies by default and the others an event may choose in its log header;
docs/engine-spells.md ("Named rulings of spells") says why each default. A hook asks
`setting(run, name)` for the reading in force for the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.rulings import register

if TYPE_CHECKING:
    from rules.engine.casting.run import CastRun

for _name, _default, _readings, _rule, _description in (
    (
        "allied-knight-in-play",
        "caster-counts",
        ("caster-counts", "another-knight"),
        "4.4.1",
        "On The Run, Fuzion, Restoration (Drop Knight): the Knight casting it is an allied "
        "Knight in play (caster-counts, 4.4.1) or another Knight is needed (another-knight).",
    ),
    (
        "valve-inversion",
        "swap",
        ("swap", "negate"),
        "4.11.5",
        "Valve Inversion: the target's AP and MP markers trade places (swap) or each changes "
        "sign (negate).",
    ),
    (
        "ogrine-burn",
        "both",
        ("both", "either"),
        "7.2.7",
        "Ogrine Burn: +1 when the target carries an AP marker and an MP marker (both) or one "
        "of them (either).",
    ),
    (
        "flame-shock",
        "each-allied-target",
        ("each-allied-target", "per-allied-target"),
        "7.2.7",
        "Flame Shock (Dark Vlad, first print): +1 on each allied target (each-allied-target) "
        "or +1 on every target per allied target, as the Karnated print says "
        "(per-allied-target).",
    ),
    (
        "vile-age-eternal",
        "per-critical-success",
        ("per-critical-success", "once"),
        "7.2.5",
        "Vile Age (Eternal): +1 per critical success rolled (per-critical-success) or +1 once "
        "when any is rolled (once).",
    ),
    (
        "tambourino",
        "extra-heal",
        ("extra-heal", "restated"),
        "7.3.2.b",
        "Tambourino: a targeted Multiman is healed 2 more (extra-heal) or the text restates the "
        "base heal (restated).",
    ),
    (
        "pump-action-bow",
        "krosmaster-only",
        ("krosmaster-only", "any-target"),
        "7.5.20",
        "Pump-Action Bow: the Archer retreats only from a main target that is a Krosmaster "
        "(krosmaster-only) or from any main target (any-target).",
    ),
    (
        "imperial-guard-control",
        "per-name",
        ("per-name", "all-jellies"),
        "4.19.9.c",
        "Imperial Guard (3): the control value counts the Jellies of the chosen name "
        "(per-name) or every Jelly the Emperor controls (all-jellies).",
    ),
    (
        "move-closer-empty-cell",
        "enter",
        ("enter", "stay"),
        "7.5.21",
        "Lay Immature Dreggon, Whirlwind (Close Combat spells that Move Closer): towards an "
        "empty targeted cell the caster enters it (enter) or, with no piece to move towards, "
        "stays (stay).",
    ),
    (
        "next-to-itself",
        "target",
        ("target", "caster"),
        "7.2.4.c",
        "Wakfu Canon (Yugo - Exalted), Wanderlust (Grim Preacher): the targeted character goes "
        "to a free cell next to its own cell (target) or next to the caster (caster).",
    ),
    (
        "fraud-duration",
        "piece-turn",
        ("piece-turn", "player-turn"),
        "6.4.1",
        "Fraud (Kriss Krass): the loss of powers until the end of the turn ends at Kriss "
        "Krass's End of Activation (piece-turn, 6.4.1) or at the end of his player's game turn "
        "(player-turn).",
    ),
    (
        "backlash",
        "each-other-spell",
        ("each-other-spell", "next-backlash"),
        "4.18.3.d",
        "Backlash (Doo Rex): each Backlash cast earlier this turn gives +1 EARTH to each of his "
        "later Earth spells, so they add up (each-other-spell, the card, 1.5.1), or only the "
        "next Backlash deals +1 (next-backlash, the 4.18.3.d example).",
    ),
    (
        "efwa-bonus",
        "elemental-only",
        ("elemental-only", "every-attack"),
        "4.9.8",
        "Dinner's readdddy! (Kanniball Andchain): the +1 {EFWA} adds 1 to Water, Air, Earth "
        "and Fire attacks only, the four elements that icon stands for in 4.9.8 "
        "(elemental-only), or to every attack spell, Neutral ones too (every-attack).",
    ),
):
    register(_name, default=_default, readings=_readings, rule=_rule, description=_description)


def setting(run: CastRun, name: str) -> str:
    """The reading of ruling `name` in force for this game."""
    return run.ruling(name)
