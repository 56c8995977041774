"""Terra Turrium on the wire: every JSON shape of its contract, requests and answers, as marshmallow
schemas, and nothing else of the game knows JSON.

- `fields`: the dense custom fields (marshmallow's ``Field`` with its own
  ``_deserialize`` / ``_serialize``), which load and validate a shape in one pass;
- `schemas`: one schema per shape of a position, a turn and each answer;
- `queries`: each operation's request (a :class:`~service.common.queries.Query`), made of
  those shapes, with the rules checked once it is well-formed;
- `codec`: the contract's JSON both ways for a program that uses the engine as a library.

The rules modules of the game import none of these (``tests/common/test_wire_apart.py``).
"""
