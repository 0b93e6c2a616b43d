"""API tests get tokens over HTTP; a fast password hasher keeps 64 accounts cheap."""

import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
