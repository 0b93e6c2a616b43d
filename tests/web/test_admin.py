"""Site staff manage everything through the Django admin: every registered page opens."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model", list(admin.site._registry), ids=lambda m: f"{m._meta.app_label}.{m.__name__}"
)
def test_changelist_and_add_pages_open_for_staff(client, model):
    client.force_login(User.objects.create_superuser("staff", password="x"))
    opts = model._meta
    changelist = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))
    assert changelist.status_code == 200
    add = client.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_add"))
    assert add.status_code in (200, 403)


def test_admin_needs_staff(client):
    client.force_login(User.objects.create_user("player", password="x"))
    response = client.get("/admin/")
    assert response.status_code == 302
