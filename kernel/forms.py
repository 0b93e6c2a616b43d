"""Form fields shared by every app's pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.fields import InvalidJSONInput

from kernel.ids import parse_id


class IdsMultipleChoiceField(forms.ModelMultipleChoiceField):
    """Django's multiple choice of rows, refusing ids that cannot be ids before any query.

    Django looks the posted ids up with `id IN (...)`; an id past the 64-bit range makes the
    database driver raise (SQLite: OverflowError) instead of finding nothing, so a fuzzed form
    would be a 500. Such a value is Django's own "not a valid value" error on the field.
    """

    def _check_values(self, value: Any) -> Any:
        for pk in value:
            text = str(pk).strip()
            if parse_id(text) is None:
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": text[:40]},
                )
        return super()._check_values(value)


class JSONField(forms.JSONField):
    """Django's JSON form field, refusing as invalid JSON what Python's reader refuses otherwise
    than with a `JSONDecodeError`, which is all Django catches: a number of more than 4,300
    digits (`ValueError`) or nesting past the recursion limit (`RecursionError`) was a 500
    when the form was read, and again when it was shown with what was typed."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except (ValueError, RecursionError) as error:
            raise ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": str(value)[:40]}
            ) from error

    def bound_data(self, data: Any, initial: Any) -> Any:
        try:
            return super().bound_data(data, initial)
        except (ValueError, RecursionError):
            return InvalidJSONInput(data)
