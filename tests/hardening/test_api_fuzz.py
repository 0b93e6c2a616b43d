"""Every operation of the OpenAPI schema, fed what a fuzzer sends (docs/errors.md): wrong types,
missing fields, 100 kB strings, NUL bytes and odd unicode, negative and huge integers, unknown
ids, malformed JSON, a body that is no JSON, and the methods the operation does not have.

Each must be refused with a 4xx that says what is wrong, or be accepted as valid: never a 500.
The schema is read in-process (drf-spectacular), so an operation added later is fuzzed too.
The people are those of the permission matrix's running event (`tests/api/test_access_matrix`):
each operation is tried by a player of the match and by the event's organiser, so it gets past
the permission checks to the input checks.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.api.test_access_matrix import World, ban_world, event_world

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

HUGE_TEXT = "x" * 100_000
#: One value of each kind a fuzzer tries; every field of a body gets it at once.
BAD_VALUES: list[Any] = [
    None,
    True,
    -1,
    2**70,
    1.5,
    HUGE_TEXT,
    "a\x00b",
    "é\u202e😀\ufeff",
    [1, "a"],
    {"a": {"b": []}},
]
#: What a refusal may be; 401 and 429 are not expected here (signed in, no throttle).
REFUSALS = {400, 403, 404, 405, 409, 413, 415, 422}
METHODS = ("get", "post", "put", "patch", "delete")


def _operations() -> list[tuple[str, str, list[str]]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {})
            shape = body.get("application/json", {}).get("schema", {})
            if "$ref" in shape:
                shape = components[shape["$ref"].rsplit("/", 1)[-1]]
            found.append((path, method, sorted(shape.get("properties", {}))))
    return found


def _url(path: str, world: World, ban: World) -> str:
    fields = world.fields
    if "ban-phase" in path:
        target = ban.fields["match"]
    elif path.startswith("/api/v1/rounds"):
        target = fields["round"]
    elif path.startswith("/api/v1/registrations"):
        target = fields["reg"]
    elif path.startswith("/api/v1/judge-calls"):
        target = fields["dispute"]
    else:
        target = fields["match"]
    return path.format(
        id=target,
        slug=fields["slug"],
        pair_id=fields["pair"],
        log_id=fields["log"],
        key="tacticards",
        name="test-release",
    )


def _check(response, what: str, problems: list[str]) -> None:
    code = response.status_code
    if code >= 500 or (code >= 400 and code not in REFUSALS):
        problems.append(f"{what}: {code} {response.content[:200]!r}")
    elif code >= 400 and code != 405 and not response.content.strip():
        problems.append(f"{what}: {code} with an empty body (no field, no reason)")


@pytest.fixture
def no_throttle():
    allow = "rest_framework.throttling.SimpleRateThrottle.allow_request"
    with mock.patch(allow, return_value=True):
        yield


def test_no_operation_answers_a_fuzzer_with_a_500(no_throttle):
    world, ban = event_world(), ban_world()
    operations = _operations()
    allowed: dict[str, set[str]] = {}
    for path, method, _fields in operations:
        allowed.setdefault(path, set()).add(method)
    problems: list[str] = []
    for who in ("player", "organiser"):
        api = APIClient()
        api.force_authenticate(world.people[who])
        for path, method, fields in operations:
            url = _url(path, world, ban)
            call = getattr(api, method)
            what = f"{who} {method.upper()} {path}"
            if method in ("post", "put", "patch"):
                _check(call(url, {}, format="json"), f"{what} {{}}", problems)
                for value in BAD_VALUES:
                    body = dict.fromkeys(fields or ["unexpected"], value)
                    _check(call(url, body, format="json"), f"{what} {value!r:.30}", problems)
                _check(
                    call(url, b'{"a": [1,', content_type="application/json"),
                    f"{what} malformed JSON",
                    problems,
                )
                _check(
                    call(url, b"<a>1</a>", content_type="application/xml"), f"{what} XML", problems
                )
            for other in METHODS:
                if other not in allowed[path]:
                    response = getattr(api, other)(url)
                    if response.status_code not in (403, 404, 405):
                        problems.append(f"{who} {other.upper()} {path}: {response.status_code}")
    assert not problems, "\n".join(problems)
