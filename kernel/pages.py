"""Helpers shared by every app's pages: running a service with its refusal shown as a message,
going back where the form came from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from kernel.errors import ServiceError


def attempt(request: HttpRequest, action: Callable[[], Any], success: str = "") -> Any:
    """Run a service; a refusal becomes an error message instead of a crash."""
    try:
        result = action()
    except ServiceError as error:
        messages.error(request, f"{error.reason} ({error.field})")
        return None
    if success:
        messages.success(request, success)
    return result


def back(request: HttpRequest, fallback: str) -> HttpResponse:
    target = request.POST.get("next") or ""
    return redirect(target if target.startswith("/") and not target.startswith("//") else fallback)
