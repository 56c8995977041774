"""Print the OpenAPI document: ``python -m service.api.openapi > openapi.yaml`` (``make spec``)."""

from service import create_app
from service.api.spec import spec_yaml

if __name__ == "__main__":
    print(spec_yaml(create_app()), end="")
