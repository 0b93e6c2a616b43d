"""Templates rendered once per shape and filled in per request (issue 15).

Every phone of a 10,000-player round re-fetches its "my match" fragment after each report and
confirmation of its table: some 50 template nodes, 30 translations and 4 `{% url %}`s, two
thirds of the request's CPU. Yet the fragments of two tables in the same state (a fresh table,
side A; a reported 5-1 win, side B; ...) differ only in a few values: the match's id and table,
the players' names, the CSRF token. `PreparedFragment` renders such a template once per
*shape* (everything the template's output depends on except those values, and the language)
with stand-in values, keeps the text between the stand-ins, and per request only joins that
text with the real values, HTML-escaped as the template would have escaped them.

It finds the values' places by rendering twice with two sets of stand-ins (as
`kernel.prepared.PreparedQuery` does with SQL): the text between them must be identical, so a
value the template transforms (a filter, a branch on it) is noticed and that shape is rendered
the usual way instead. What the shape must hold is the caller's promise, tested by comparing
the prepared output with a plain rendering of the same context.

The prepared shapes are kept in the process (a bounded LRU): they hold no person's data beyond
what the shape names, and a new shape only costs one double rendering.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

Slots = Mapping[str, int | str]
#: Builds the template's context with these slot values (stand-ins or the real ones).
ContextFor = Callable[[Slots], dict[str, Any]]

_INT_STAND_INS = (917_300_011, 917_400_013)  # digits only: `{% url %}` converters take them
_LEFTOVER = re.compile(r"zqS|917300|917400")  # what is left of a stand-in a filter cut short


def _stand_ins(slots: Slots, which: int) -> dict[str, int | str]:
    """Stand-ins of the slots' types, none a part of another or of ordinary text."""
    return {
        name: (
            _INT_STAND_INS[which] + 10 * i
            if isinstance(value, int)
            else f"zqSlot{which}x{i}Q"  # letters and digits: escaping leaves them as they are
        )
        for i, (name, value) in enumerate(slots.items())
    }


class PreparedFragment:
    """`fragment.render(shape, slots, context_for)`: the template's output for the context
    `context_for(slots)`, prepared once per (shape, language, slot names)."""

    def __init__(self, template_name: str, *, max_shapes: int = 512) -> None:
        self.template_name = template_name
        self.max_shapes = max_shapes
        self._shapes: OrderedDict[Hashable, tuple[list[str], list[str]] | None] = OrderedDict()
        self._lock = threading.Lock()

    def render(self, shape: Hashable, slots: Slots, context_for: ContextFor) -> SafeString:
        key = (shape, get_language(), tuple(slots))
        with self._lock:
            prepared = self._shapes.get(key, False)
            if prepared is not False:
                self._shapes.move_to_end(key)
        if prepared is False:
            prepared = self._prepare(slots, context_for)
            with self._lock:
                self._shapes[key] = prepared
                while len(self._shapes) > self.max_shapes:
                    self._shapes.popitem(last=False)
        if prepared is None:  # this shape's output depends on a slot's value: rendered as usual
            return self._plain(context_for(slots))
        texts, names = prepared
        parts = [texts[0]]
        for name, text in zip(names, texts[1:], strict=True):
            parts.append(str(conditional_escape(slots[name])))
            parts.append(text)
        return mark_safe("".join(parts))

    def _plain(self, context: dict[str, Any]) -> SafeString:
        return mark_safe(get_template(self.template_name).render(context))

    def _prepare(self, slots: Slots, context_for: ContextFor) -> tuple[list[str], list[str]] | None:
        """The text between the slots and the slots' order, or None if the two renderings
        with different stand-ins differ anywhere but in the stand-ins."""
        split = []
        for which in (0, 1):
            stand_ins = _stand_ins(slots, which)
            output = self._plain(context_for(stand_ins))
            by_text = {str(v): name for name, v in stand_ins.items()}
            pattern = "|".join(re.escape(t) for t in sorted(by_text, key=len, reverse=True))
            pieces = re.split(f"({pattern})", output)
            split.append((pieces[0::2], [by_text[t] for t in pieces[1::2]]))
        texts = split[0][0]
        if split[0] != split[1] or any(_LEFTOVER.search(text) for text in texts):
            return None  # a stand-in was transformed (e.g. cut short): not a plain value
        return split[0]
