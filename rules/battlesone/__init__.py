"""BATTLES ONE: catalog read from the rulebook, list legality, and the record engine."""
