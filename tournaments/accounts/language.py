"""The language a page is served in (issue 18): a signed-in person's saved choice first, else
Django's own order (the language cookie the switch sets, then the browser's Accept-Language),
else English. Saving the choice on the account makes it follow the person to any browser."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from kernel import request_cache
from tournaments.accounts.models import Account


def supported(code: str | None) -> str:
    """`code` when it is one of our languages, else an empty string."""
    return code if code in dict(settings.LANGUAGES) else ""


def saved_language(user) -> str:
    """The language the person chose on their account, or an empty string."""
    if not getattr(user, "is_authenticated", False):
        return ""
    try:
        return supported(user.account.language)
    except Account.DoesNotExist:
        return ""


#: The account's language kept in the session, so a request reads no account row (the polled
#: API's 304 answers cost only the authentication, issue 15).
SESSION_KEY = "account_language"
#: How long the cache tells other sessions of a person's new language; a session that misses it
#: (evicted, expired) keeps the language it read at sign-in.
STAMP_SECONDS = 30 * 24 * 3600


def _stamp_key(user_id: object) -> str:
    return f"account-language:{user_id}"


# Every signed-in page reads the stamp: with the request's other cache reads (issue 15).
request_cache.always(lambda request, user_id: [_stamp_key(user_id)])


def remember(request: HttpRequest, code: str) -> None:
    """Keep the account's language (an empty string: none saved) in the session, and in the
    cache for the person's other sessions (another phone, a laptop) to pick up at their next
    request."""
    session = getattr(request, "session", None)
    if session is not None:
        session[SESSION_KEY] = supported(code)
        signed_in = session.get(AUTH_SESSION_KEY)
        if signed_in is not None:
            cache.set(_stamp_key(signed_in), supported(code), STAMP_SECONDS)


def session_language(request: HttpRequest) -> str:
    """The signed-in person's saved language, read from the account once per session and
    kept up to date from the cache stamp `remember` leaves (no database query)."""
    session = getattr(request, "session", None)
    # Compared by the session's own user id: the user row is not loaded (the live pages' 304
    # answers read nothing, issue 15).
    signed_in = session.get(AUTH_SESSION_KEY) if session is not None else None
    if signed_in is not None and session.get(SESSION_KEY + "_user") == signed_in:
        stamped = request_cache.get(_stamp_key(signed_in))  # changed on another device meanwhile?
        if stamped is not None and stamped != session.get(SESSION_KEY):
            session[SESSION_KEY] = stamped
        return supported(session.get(SESSION_KEY))
    user = getattr(request, "user", None)
    if not getattr(user, "is_authenticated", False):
        return ""
    code = saved_language(user)
    if session is not None:
        remember(request, code)
        session[SESSION_KEY + "_user"] = session.get(AUTH_SESSION_KEY)
    return code


class PreferredLanguageMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, with the account's saved language before the cookie and the
    browser. No URL carries a language prefix."""

    def process_request(self, request: HttpRequest) -> None:
        chosen = session_language(request)
        if not chosen:
            super().process_request(request)
            return
        translation.activate(chosen)
        request.LANGUAGE_CODE = translation.get_language()


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie and redirect back), which also saves the choice on the
    account of a signed-in person so it wins over the browser's language next time."""
    response = django_set_language(request)
    chosen = supported(request.POST.get("language"))
    if chosen and request.user.is_authenticated:
        Account.objects.update_or_create(user_id=request.user.pk, defaults={"language": chosen})
        remember(request, chosen)
    return response
