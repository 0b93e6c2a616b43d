# The production image: gunicorn (uvicorn workers) serves the site, the same image runs the Celery worker.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    DJANGO_STATIC_MANIFEST=true
WORKDIR /app

COPY pyproject.toml README.md ./
COPY config config
COPY tournaments tournaments
COPY teams teams
COPY rules rules
COPY matches matches
COPY live live
COPY templates templates
COPY static static
COPY locale locale
COPY manage.py ./
RUN pip install . && useradd --create-home app

# collectstatic needs a secret to import the settings; this one never serves a request.
RUN DJANGO_DEBUG=false DJANGO_SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && DJANGO_DEBUG=false DJANGO_SECRET_KEY=collectstatic-only python manage.py compile_translations

USER app
EXPOSE 8000
# ASGI (uvicorn workers): the live channel's event streams hold no thread (docs/live.md).
CMD ["gunicorn", "config.asgi:application", "-k", "uvicorn_worker.UvicornWorker", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
