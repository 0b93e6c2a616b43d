"""The BATTLES ONE catalog is read from the shared rulebook; without it these tests skip."""

from __future__ import annotations

import pytest

from rules.battlesone.catalog import Catalog, load_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    try:
        return load_catalog()
    except FileNotFoundError as missing:
        pytest.skip(str(missing))
