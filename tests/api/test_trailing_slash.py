"""Every API path answers with and without its trailing slash (one router, `kernel.routes`)."""

import pytest
from django.urls import Resolver404, resolve

PATHS = [
    "/api/v1/events",
    "/api/v1/events/spring-open",
    "/api/v1/registrations",
    "/api/v1/rounds/3",
    "/api/v1/matches",
    "/api/v1/matches/3",
    "/api/v1/judge-calls",
    "/api/v1/teams",
    "/api/v1/teams/3",
    "/api/v1/catalog/releases",
    "/api/v1/me",
    "/api/v1/auth/token",
    "/api/v1/logs/verify",
    "/api/v1/schema/match-log.json",
    "/api/v1/game-systems",
    "/api/v1/game-systems/krosmaster-arena",
    "/api/v1/game-systems/krosmaster-arena/catalog",
    "/api/v1/calculators/krosmaster-arena/verify",
    "/api/v1/matches/3/logs",
    "/api/v1/matches/3/recording/actions",
    "/api/v1/matches/3/ban-phase/bans",
]


@pytest.mark.parametrize("path", PATHS)
def test_it_answers_with_and_without_the_slash(path):
    bare, slashed = resolve(path), resolve(path + "/")
    assert bare.url_name == slashed.url_name
    assert bare.kwargs == slashed.kwargs


def test_it_still_refuses_an_unknown_path():
    with pytest.raises(Resolver404):
        resolve("/api/v1/nowhere/")


@pytest.mark.django_db
def test_the_api_root_lists_the_tournaments_resources(client) -> None:
    """`/api/v1/` stays the browsable index a client starts from."""
    response = client.get("/api/v1/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert {"events", "registrations", "rounds"} <= set(response.json())


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/events/caf\u00e9/forbidden-pairs",
        "/api/v1/events/caf\u00e9/forbidden-pairs/3/",
        "/api/v1/events/spring/forbidden-pairs/\u0663",
        "/api/v1/teams/\u0663",
        "/api/v1/game-systems/ar\u00e8ne",
        "/events/caf\u00e9/standings.csv",
        "/events/spring/rounds/\u0663/pairings.json",
    ],
)
def test_a_hand_written_route_reads_slugs_and_ids_as_django_converters_do(path):
    """A non-ASCII slug or a digit of another script is not found, as on `<slug:>`/`<int:>`."""
    with pytest.raises(Resolver404):
        resolve(path)


@pytest.mark.django_db
def test_a_non_ascii_slug_on_forbidden_pairs_answers_404(client) -> None:
    assert client.get("/api/v1/events/caf\u00e9/forbidden-pairs").status_code == 404
