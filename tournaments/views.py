"""Pages: home, sign-up, the dashboard and event pages. Views stay thin: they call selectors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from tournaments import selectors
from tournaments.forms import SignUpForm


def home(request: HttpRequest) -> HttpResponse:
    events = selectors.visible_events(request.user)[:20]
    return render(request, "tournaments/home.html", {"events": events})


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}! Your account is ready.")
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/dashboard.html",
        {"event_roles": selectors.roles_by_event(request.user)},
    )


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(selectors.visible_events(request.user), slug=slug)
    return render(request, "tournaments/event_detail.html", {"event": event})
