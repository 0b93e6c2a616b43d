"""The API schema's operation summaries, descriptions and parameter help follow the reader's
language (issue 18): `?lang=fr` or a French `Accept-Language`."""

import pytest

pytestmark = pytest.mark.django_db


def _operation(schema: dict, path: str, method: str) -> dict:
    return schema["paths"][path][method]


def _forbidden_pairs_path(schema: dict) -> str:
    return next(p for p in schema["paths"] if p.endswith("/forbidden-pairs/"))


@pytest.mark.parametrize(
    ("query", "headers"),
    [({"lang": "fr"}, {}), ({}, {"HTTP_ACCEPT_LANGUAGE": "fr"})],
    ids=["lang", "accept-language"],
)
def test_operation_summaries_and_parameters_in_french(client, query, headers):
    schema = client.get("/api/schema/", {"format": "json", **query}, **headers).json()
    pairs = _forbidden_pairs_path(schema)
    assert _operation(schema, pairs, "get")["summary"] == "Les paires interdites de l'événement"
    assert _operation(schema, "/api/v1/game-systems/", "get")["summary"] == (
        "Les systèmes de jeu sous lesquels un événement peut se jouer"
    )
    text = str(schema)
    assert "Vérifier un journal de partie sans le conserver" in text
    assert "numéro de page (100 lignes par page)" in text  # a parameter's description
    assert "le journal dépasse 5 Mo" in text  # a response's description
    assert "Arbitres et organisateurs : arrêter l'horloge et toute action." in text
    assert "The event's forbidden pairs" not in text
    # descriptions that were the views' docstrings
    assert _operation(schema, "/api/v1/me/", "get")["description"] == (
        "Qui vous êtes pour l'API : de quoi vérifier un jeton."
    )
    assert "Bannir une version de profil (1.1.3)." in text
    assert "Les paires interdites d'un événement : lues par ses organisateurs" in text


def test_the_same_schema_in_english_by_default(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    pairs = _forbidden_pairs_path(schema)
    assert _operation(schema, pairs, "get")["summary"] == "The event's forbidden pairs"
    assert "page number (100 rows a page)" in str(schema)
    assert _operation(schema, "/api/v1/me/", "get")["description"] == (
        "Who the API sees you as: use it to check a token."
    )


def test_every_operation_is_described_in_french(client):
    """Fails when an operation gains an English-only description, e.g. a view docstring
    (xgettext does not read docstrings: use `extend_schema(description=gettext_lazy(...))`)."""
    english = client.get("/api/schema/", {"format": "json"}).json()["paths"]
    french = client.get("/api/schema/", {"format": "json", "lang": "fr"}).json()["paths"]
    untranslated = [
        (path, method, key)
        for path, operations in english.items()
        for method, operation in operations.items()
        for key in ("summary", "description")
        if operation.get(key) and operation[key] == french[path][method].get(key)
    ]
    assert untranslated == []
