"""Write the rules pages: ``python -m service.api.rules_html service/api/pages`` (``make spec``).

Each game's Markdown document (:data:`~service.api.rulebooks.RULEBOOKS`), read from the
repository's top level, becomes the HTML page body the service serves at ``/rules``;
before them, the list of their readings (docs/interpretations.md) and each engine's table
of them are written from their marks (:mod:`service.api.readings`).
"""

import sys
from pathlib import Path

from service.api.readings import write_readings
from service.api.rulebooks import write_pages

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m service.api.rules_html DIRECTORY")
    write_readings()  # docs/interpretations.md first: it is one of the pages
    write_pages(Path(sys.argv[1]))
