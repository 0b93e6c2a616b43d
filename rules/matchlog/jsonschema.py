"""The JSON Schema of the match log format, generated from the models that read it.

Generated rather than written by hand so that the published schema can never disagree with the
reader. A JSON Lines file is not one JSON document: the schema describes one line, which is
either the header (line 1) or an event (every later line); the Django side publishes it at
/api/v1/schema/match-log.json. What no schema can say (line 1 is the header, `result` comes last,
inline profiles follow docs/catalog-format.md) is in the descriptions and docs/match-log.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from rules.engine.logevents import LOG_FORMAT
from rules.matchlog.schema import EVENTS, HeaderModel

SCHEMA_ID = "/api/v1/schema/match-log.json"
_DEFS = "#/$defs/"


def match_log_schema() -> dict[str, Any]:
    """One line of a `kml/1` log: `#/$defs/Header` on line 1, `#/$defs/Event` after it.

    Definitions are named without the models' `Model` suffix (`Move`, `Header`, `Arena`).
    """
    refs, definitions = TypeAdapter.json_schemas(
        [("header", "validation", TypeAdapter(HeaderModel)), ("event", "validation", EVENTS)],
        ref_template="#/$defs/{model}",
    )
    names = {old: old.removesuffix("Model") for old in definitions.get("$defs", {})}
    defs = {names[old]: _renamed(node, names) for old, node in definitions["$defs"].items()}
    defs["Event"] = _renamed(refs[("event", "validation")], names)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"Krosmaster match log ({LOG_FORMAT}), one line",
        "description": (
            "A match log is JSON Lines (UTF-8, at most 5 MB, blank lines ignored). Line 1 is the "
            "header (#/$defs/Header), every later line one event (#/$defs/Event), the event type "
            "in 'e'. A 'result' event, if any, is the last line. Inline 'profiles' use the "
            "catalog format (docs/catalog-format.md)."
        ),
        "oneOf": [{"$ref": "#/$defs/Header"}, {"$ref": "#/$defs/Event"}],
        "$defs": defs,
    }


def _renamed(node: Any, names: dict[str, str]) -> Any:
    """`node` with every `#/$defs/<old>` reference (`$ref`, discriminator mapping) and model
    title renamed."""
    if isinstance(node, dict):
        return {
            key: names.get(value, value)
            if key == "title" and isinstance(value, str)
            else _renamed(value, names)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_renamed(item, names) for item in node]
    if isinstance(node, str) and node.startswith(_DEFS):
        name = node.removeprefix(_DEFS)
        return _DEFS + names.get(name, name)
    return node
