"""The notices page and an event's webhook setting."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.access import event_and_access
from tournaments.notifications import services
from tournaments.notifications.forms import WebhookForm
from tournaments.notifications.models import EventWebhook, Notice

#: Notices on a page: the older ones stay reachable on the next pages (`?page=2`).
NOTICES_PER_PAGE = 50


@login_required
def notices(request: HttpRequest) -> HttpResponse:
    """Your notices, newest first, a page at a time; the page shown is marked read."""
    notices = Notice.objects.filter(user=request.user).select_related("event")
    page = Paginator(notices, NOTICES_PER_PAGE).get_page(request.GET.get("page"))
    services.mark_read(request.user, ids=[notice.pk for notice in page])
    return render(request, "notifications/notices.html", {"notices": page})


@require_POST
def event_webhook(request: HttpRequest, slug: str) -> HttpResponse:
    event, who = event_and_access(request, slug)
    if not who.organiser:
        raise PermissionDenied("only the event's organisers set its webhook")
    form = WebhookForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("url", []):
            messages.error(request, error)
    elif form.cleaned_data["url"]:
        EventWebhook.objects.update_or_create(
            event=event,
            defaults={"url": form.cleaned_data["url"], "language": form.cleaned_data["language"]},
        )
        messages.success(request, _("Announcements go to the webhook."))
    else:
        EventWebhook.objects.filter(event=event).delete()
        messages.success(request, _("No webhook: announcements stay on the site and in e-mails."))
    return redirect("event-manage", slug)
