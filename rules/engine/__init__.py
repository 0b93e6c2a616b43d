"""The Krosmaster Arena rules engine.

Pure Python (standard library only) so that it can be reasoned about, tested and benchmarked
without a web framework; the Django apps are thin adapters around it. Rule numbers cited in this
package refer to the Fan-made Comprehensive Tournament Rules 4.1 unless stated otherwise.
"""

# The roster's powers register their handlers (`rules.engine.reactions`, `triggers`) on import,
# so every use of the engine sees the same powers.
from rules.engine import roster_powers as _roster_powers  # noqa: F401
