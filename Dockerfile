# Production image of the oracle: gunicorn serving the Flask app, runtime deps only.
FROM python:3.11.14-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# A fixed numeric id, so that Kubernetes' runAsNonRoot can check it (deploy/kubernetes).
RUN groupadd --system --gid 10001 oracle \
 && useradd --system --uid 10001 --gid oracle --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin oracle

WORKDIR /app
COPY pyproject.toml README.md gunicorn.conf.py ./
COPY service/ ./service/
RUN pip install --no-cache-dir .

USER 10001:10001
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080

# The slim image has no curl; the standard library is enough.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; url = 'http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8080'); sys.exit(0 if urllib.request.urlopen(url, timeout=4).status == 200 else 1)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]
