"""The account page, and the password reset pages (Django's views, our templates)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.utils.translation import gettext as _

from tournaments.accounts import public_name
from tournaments.accounts.forms import AccountForm
from tournaments.accounts.language import remember, saved_language


@login_required
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = AccountForm(
        request.POST or None,
        initial={
            "display_name": public_name(user) if hasattr(user, "account") else "",
            "email": user.email,
            "language": saved_language(user),
        },
    )
    if request.method == "POST" and form.is_valid():
        form.save(user)
        remember(request, form.cleaned_data["language"])
        messages.success(request, _("Your account is saved."))
        return redirect("account")
    return render(request, "registration/account.html", {"form": form})


urlpatterns = [
    path("accounts/me/", account, name="account"),
    path(
        "accounts/password-reset/",
        auth_views.PasswordResetView.as_view(
            email_template_name="registration/password_reset_email.txt",
            subject_template_name="registration/password_reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            success_url=reverse_lazy("password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
