from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from config.health import health
from tournaments import api as tournaments_api
from tournaments import views as tournaments_views

router = DefaultRouter()
router.register("events", tournaments_api.EventViewSet, basename="event")

api_v1 = [
    path("", include(router.urls)),
    path("me/", tournaments_api.me, name="api-me"),
    path("auth/token/", obtain_auth_token, name="api-token"),
]

urlpatterns = [
    path("", tournaments_views.home, name="home"),
    path("dashboard/", tournaments_views.dashboard, name="dashboard"),
    path("events/<slug:slug>/", tournaments_views.event_detail, name="event-detail"),
    path("accounts/signup/", tournaments_views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("health/", health, name="health"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
