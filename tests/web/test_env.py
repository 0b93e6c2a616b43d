"""Settings are parsed strictly: a bad value names its variable instead of being ignored."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import Env


def test_unset_and_blank_fall_back_to_defaults():
    env = Env({"BLANK": "  "})
    assert env.bool("MISSING", default=True) is True
    assert env.int("BLANK", default=7) == 7
    assert env.list("MISSING", default=["a"]) == ["a"]


@pytest.mark.parametrize("raw,expected", [("1", True), ("Yes", True), ("off", False), ("0", False)])
def test_booleans(raw, expected):
    assert Env({"FLAG": raw}).bool("FLAG", default=not expected) is expected


def test_bad_boolean_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG='maybe'"):
        Env({"DJANGO_DEBUG": "maybe"}).bool("DJANGO_DEBUG", default=False)


def test_bad_int_and_minimum():
    with pytest.raises(ImproperlyConfigured, match="not a whole number"):
        Env({"N": "ten"}).int("N", default=1)
    with pytest.raises(ImproperlyConfigured, match="below the minimum"):
        Env({"N": "-1"}).int("N", default=1, minimum=0)


def test_lists_are_comma_separated():
    assert Env({"HOSTS": "a.example, b.example,,"}).list("HOSTS", default=[]) == [
        "a.example",
        "b.example",
    ]


def test_url_scheme_is_checked():
    assert Env({"U": "redis://h:1/0"}).url("U", schemes=("redis",)) == "redis://h:1/0"
    assert Env({}).url("U", schemes=("redis",)) is None
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL must start with"):
        Env({"REDIS_URL": "localhost:6379"}).url("REDIS_URL", schemes=("redis",))
