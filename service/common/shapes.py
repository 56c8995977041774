"""The sentences of every mistake in a JSON input's shape, and a JSON pointer's token.

Every game's schemas (:mod:`service.common.schema`) and the HTTP layer's name a malformed
input's problems with these catalog messages, each with its values (a
:class:`~service.common.refusal.Text`), under the JSON pointer of the offending value.

>>> MUST_BE_BETWEEN(low=0, high=5), token("a/b")
('must be between 0 and 5', 'a~1b')
"""

from __future__ import annotations

from service.common.refusal import N_, Nn_

# The sentences of every shape mistake, of every game and of the HTTP layer's schemas alike.
MUST_BE_INTEGER = N_("must be an integer")
MUST_BE_BETWEEN = N_("must be between {low} and {high}")
MUST_BE_AT_LEAST = N_("must be at least {low}")
MUST_BE_BOOLEAN = N_("must be a boolean")
MUST_BE_STRING = N_("must be a string")
MUST_BE_ARRAY = N_("must be an array")
MUST_HAVE_ENTRIES = Nn_("must have {count} entry", "must have {count} entries", "count")
MUST_HAVE_AT_LEAST = Nn_("must have at least {count} entry", "must have at least {count} entries", "count")
MUST_HAVE_FROM_TO = N_("must have {low} to {high} entries")
MUST_BE_OBJECT = N_("must be an object")
NOT_A_MEMBER = N_("is not a member of this object")
REQUIRED = N_("is required")
MUST_BE_ONE_OF = N_("must be one of {allowed}")
MUST_BE = N_("must be {what}")
"""``what``: a :class:`~service.common.refusal.Message` naming what is accepted (a square name …)."""
MUST_BE_OR_NULL = N_("must be {most} or null")
MUST_NOT_BE_NULL = N_("must not be null")
NOT_VALID = N_("is not valid")
#: A string member (or a query's parameter) that does not match its pattern.
MUST_MATCH = N_("must match {pattern}")


def token(key: object) -> str:
    """A member name as one JSON pointer token (RFC 6901: ``~`` and ``/`` escaped)."""
    return str(key).replace("~", "~0").replace("/", "~1")
