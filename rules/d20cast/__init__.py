"""The d20 skirmish game's cast phase: a judge's calculator (see cast.py)."""
