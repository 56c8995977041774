# Production image of the oracle: gunicorn serving the Flask app, runtime deps only: the
# versions of requirements/runtime.txt, hash-checked, and a CycloneDX SBOM of them at
# /opt/oracle/sbom.cdx.json. The build stage compiles the engines with mypyc (setup.py,
# at the version of requirements/compile.txt); the image gets the compiled modules and no
# compiler. `--build-arg ORACLE_ENGINE=pure` builds the pure package alone, as a build
# stage without a C compiler does (GET /healthz says which engine answers).
FROM python:3.11.14-slim AS build

ARG ORACLE_ENGINE=compiled
ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# The C compiler of the compiled engines, in this stage only: Debian's, whatever its
# version (the base image pins Debian's release).
# hadolint ignore=DL3008
RUN if [ "$ORACLE_ENGINE" = compiled ]; then \
        apt-get update \
     && apt-get install -y --no-install-recommends gcc libc6-dev \
     && rm -rf /var/lib/apt/lists/*; \
    fi
# The service's venv holds the runtime lock and nothing else, not even pip (the base
# image's pip installs into it); the SBOM writer and mypyc have venvs of their own, left
# in this stage (mypyc's type check of the engines reads what they import: the runtime
# lock too).
COPY requirements/runtime.txt requirements/sbom.txt requirements/compile.txt ./requirements/
RUN python -m venv --without-pip /opt/oracle \
 && python -m venv /opt/sbom \
 && python -m venv /opt/compile \
 && pip --python /opt/oracle/bin/python install --no-cache-dir --require-hashes -r requirements/runtime.txt \
 && /opt/sbom/bin/pip install --no-cache-dir --require-hashes -r requirements/sbom.txt \
 && /opt/compile/bin/pip install --no-cache-dir --require-hashes -r requirements/runtime.txt \
        -r requirements/compile.txt

# The engines compiled first, from what their build reads (a change of the README
# leaves this layer as it is); where no compiler is found this says so and the package
# stays pure (requirements/compiled.py).
COPY pyproject.toml setup.py ./
COPY requirements/compiled.py ./requirements/
COPY service/ ./service/
RUN if [ "$ORACLE_ENGINE" = compiled ]; then /opt/compile/bin/python requirements/compiled.py build; fi

COPY README.md ./
# The SBOM lists what the venv holds, under the project described by pyproject.toml, then
# the project goes on top: its dependencies are all there already. Last, the compiled
# modules beside their sources (requirements/compiled.py install).
RUN /opt/sbom/bin/cyclonedx-py environment --pyproject pyproject.toml --output-reproducible \
        --output-format JSON --output-file /opt/oracle/sbom.cdx.json /opt/oracle/bin/python \
 && pip --python /opt/oracle/bin/python install --no-cache-dir --no-deps . \
 && if [ "$ORACLE_ENGINE" = compiled ]; then /opt/compile/bin/python requirements/compiled.py install /opt/oracle; fi

FROM python:3.11.14-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/oracle/bin:$PATH

# A fixed numeric id, so that Kubernetes' runAsNonRoot can check it (deploy/kubernetes).
RUN groupadd --system --gid 10001 oracle \
 && useradd --system --uid 10001 --gid oracle --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin oracle

COPY --from=build /opt/oracle /opt/oracle
WORKDIR /app
COPY gunicorn.conf.py ./

USER 10001:10001
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080

# The slim image has no curl; the standard library is enough.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; url = 'http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8080'); sys.exit(0 if urllib.request.urlopen(url, timeout=4).status == 200 else 1)"]

CMD ["gunicorn", "-c", "gunicorn.conf.py", "service:create_app()"]
