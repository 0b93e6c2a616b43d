"""TactiCards battle phase: a judge's calculator (see battle.py)."""
