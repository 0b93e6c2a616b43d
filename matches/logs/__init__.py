"""Match logs: stored uploads of a played game, checked against this match and replayed."""
