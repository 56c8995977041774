"""Terra Turrium's picture under its former module name, kept so that imports go on working.

The picture is :mod:`service.render.terra_turrium`, named after its game like
:mod:`service.render.spiel_der_tuerme`; importing this module warns and answers the
same module.
"""

import sys
import warnings

from service.render import terra_turrium

warnings.warn(
    "service.render.svg is now service.render.terra_turrium; import from there",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = terra_turrium
