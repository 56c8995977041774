"""YAML as the tests read it: with libyaml's loader where PyYAML was built with it. The
OpenAPI document is a third of a megabyte, which the pure-Python loader takes seconds to
read (more under coverage); the answers are the same either way."""

from __future__ import annotations

from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str | bytes) -> Any:
    return yaml.load(text, Loader=LOADER)
