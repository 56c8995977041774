"""Collection of the doctests: the engine's former name only re-exports (and warns)."""

collect_ignore = ["service/rules"]
