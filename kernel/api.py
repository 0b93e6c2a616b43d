"""Helpers shared by every app's API views: the refusal answer, permission checks, input."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from kernel.errors import ServiceError

ERROR = OpenApiResponse(description="`{field, reason, code}`: what was refused and why.")


class ServiceErrorsMixin:
    """Turn a service's refusal into 400/409/422 with the field and the reason."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, ServiceError):
            return Response(exc.as_dict(), status=exc.status)
        return super().handle_exception(exc)


def require(allowed: bool, request: Request, why: str = "") -> None:
    """403 for a signed-in user who may not act, 403 'not authenticated' for anonymous ones."""
    if allowed:
        return
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    raise PermissionDenied(why or None)


def valid(serializer_class: type, request: Request, **kwargs: Any) -> Any:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer
