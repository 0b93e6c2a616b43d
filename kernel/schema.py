"""The OpenAPI schema's generator (`REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]`).

A module of its own: drf-spectacular reads DRF's settings when imported, and those settings name
`kernel.api`'s parsers, so `kernel.api` cannot import it."""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi, plumbing

from kernel.api import FieldsBuiltOnce, InputSerializer, RejectUnknownFields


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema, with `additionalProperties: false` on the request bodies of
    serializers that refuse unknown fields (`RejectUnknownFields`): schema-driven clients and
    fuzzers then know an extra key is an error, not ignored."""

    def _map_serializer(self, serializer: Any, direction: str, bypass_extensions: bool = False):
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(serializer, RejectUnknownFields):
            schema["additionalProperties"] = False
        return schema


def lib_doc_excludes() -> list[type]:
    """drf-spectacular's `GET_LIB_DOC_EXCLUDES`: the classes whose docstrings are never a
    schema description. Besides the libraries', our shared serializer bases: their docstrings
    speak to developers, and a serializer without its own docstring showed them to API
    clients (`RejectUnknownFields`' mixin internals on some thirty request bodies)."""
    return [*plumbing.get_lib_doc_excludes(), InputSerializer, RejectUnknownFields, FieldsBuiltOnce]
