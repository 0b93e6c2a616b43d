"""The API's query-string filters (django-filter), strict about what they read.

django-filter reads a boolean that is none (`?is_online=abc`) as no filter at all, and a
decimal where a whole number is filtered (`?round=1.5`) by cutting it: the answer was every
event, or round 1's matches, and no word of why. Here such a value is refused like any other
invalid filter: 400 `{parameter: [why]}`.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _
from django_filters import rest_framework


class _BooleanField(forms.NullBooleanField):
    """`true`/`false` (or `1`/`0`, any case), nothing else; empty is no filter."""

    def to_python(self, value: Any) -> bool | None:
        text = str(value).strip().lower() if value is not None else ""
        if text in ("", "none"):
            return None
        if text in ("true", "1"):
            return True
        if text in ("false", "0"):
            return False
        raise forms.ValidationError(_("true or false, not %(value)s"), params={"value": text[:40]})

    def validate(self, value: Any) -> None:
        return None


class BooleanFilter(rest_framework.BooleanFilter):
    field_class = _BooleanField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput)  # the raw text, for the field to judge
        super().__init__(*args, **kwargs)


class WholeNumberFilter(django_filters.NumberFilter):
    """A number filter on an integer column: a decimal is refused, not cut."""

    field_class = forms.IntegerField


class FilterSet(rest_framework.FilterSet):
    """Every API filter set's base: model booleans filter strictly."""

    FILTER_DEFAULTS = {
        **rest_framework.FilterSet.FILTER_DEFAULTS,
        models.BooleanField: {"filter_class": BooleanFilter},
        models.NullBooleanField: {"filter_class": BooleanFilter},
    }


class FilterBackend(rest_framework.DjangoFilterBackend):
    """Views' `filterset_fields` build their filter sets on `FilterSet`."""

    filterset_base = FilterSet
