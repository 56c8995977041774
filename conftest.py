"""Collection of the doctests: the former module names only re-export (and warn)."""

collect_ignore = ["service/rules", "service/render/svg.py"]
