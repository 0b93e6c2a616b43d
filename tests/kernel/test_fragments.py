"""`kernel.fragments.PreparedFragment`: a template rendered once per shape, filled per call."""

from __future__ import annotations

import pytest
from django.template import engines

from kernel.fragments import PreparedFragment


@pytest.fixture
def template(tmp_path, settings):
    """A template file in a directory of its own, found by the project's template engine."""
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]

    def write(text: str) -> str:
        (tmp_path / "fragment.html").write_text(text)
        engines._engines = {}  # the engine is rebuilt with the new directory
        return "fragment.html"

    yield write
    engines._engines = {}


def test_filled_values_are_escaped_as_the_template_would(template):
    fragment = PreparedFragment(template('<a href="/m/{{ pk }}/">{{ name }}</a> {{ pk }}'))

    def context(values):
        return dict(values)

    assert fragment.render("s", {"pk": 7, "name": "Ann"}, context) == '<a href="/m/7/">Ann</a> 7'
    assert (
        fragment.render("s", {"pk": 12, "name": "<b>&"}, context)
        == '<a href="/m/12/">&lt;b&gt;&amp;</a> 12'
    )


def test_a_value_the_template_transforms_is_rendered_as_usual(template):
    fragment = PreparedFragment(template("{{ name|upper }} {{ name|slice:':2' }}"))
    assert fragment.render("s", {"name": "ann"}, dict) == "ANN an"
    assert fragment.render("s", {"name": "bob"}, dict) == "BOB bo"


def test_a_shape_is_prepared_once(template):
    fragment = PreparedFragment(template("{{ name }}"))
    calls = []

    def context(values):
        calls.append(values)
        return dict(values)

    for name in ("a", "b", "c"):
        assert fragment.render("s", {"name": name}, context) == name
    assert len(calls) == 2  # the two renderings with stand-ins, then filled only
