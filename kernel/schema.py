"""The OpenAPI schema's generator (`REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]`).

A module of its own: drf-spectacular reads DRF's settings when imported, and those settings name
`kernel.api`'s parsers, so `kernel.api` cannot import it."""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi

from kernel.api import RejectUnknownFields


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema, with `additionalProperties: false` on the request bodies of
    serializers that refuse unknown fields (`RejectUnknownFields`): schema-driven clients and
    fuzzers then know an extra key is an error, not ignored."""

    def _map_serializer(self, serializer: Any, direction: str, bypass_extensions: bool = False):
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(serializer, RejectUnknownFields):
            schema["additionalProperties"] = False
        return schema
