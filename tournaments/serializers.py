from rest_framework import serializers

from tournaments.models import Event


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["id", "slug", "name", "starts_on", "venue", "is_online", "status", "created_at"]
        read_only_fields = ["id", "slug", "status", "created_at"]


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
