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


def test_the_same_schema_in_english_by_default(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    pairs = _forbidden_pairs_path(schema)
    assert _operation(schema, pairs, "get")["summary"] == "The event's forbidden pairs"
    assert "page number (100 rows a page)" in str(schema)
