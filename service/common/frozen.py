"""``quick_init``: a frozen dataclass built at the cost of an ordinary one.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, since
its own ``__setattr__`` refuses; that makes an instance several times as dear to
build as an unfrozen one, and the engines build a dozen seats, positions, turn
states and actions for every question. :func:`quick_init` gives the class an
``__init__`` that writes the instance's ``__dict__`` directly (as attrs does for its own
frozen classes). Everything else stays the dataclass's own: the fields, their defaults,
equality, ``dataclasses.replace``, and assignment still raises.

>>> from dataclasses import dataclass, field
>>> @quick_init
... @dataclass(frozen=True)
... class Walk:
...     start: int
...     path: tuple[int, ...] = ()
...     seen: list[int] = field(default_factory=list)
>>> w = Walk(1)
>>> w, w == Walk(1, (), [])
(Walk(start=1, path=(), seen=[]), True)
>>> Walk(1).seen is Walk(1).seen
False
>>> w.start = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'start'
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of the frozen dataclass ``cls`` by one with the same
    parameters that fills ``__dict__`` directly."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or getattr(params, "slots", False):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass without slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which this __init__ would skip")
    namespace: dict[str, Any] = {"_MISSING": MISSING}
    arguments, lines = [], []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: only plain fields are supported")
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            arguments.append(f"{f.name}=_default_{f.name}")
            lines.append(f"    d[{f.name!r}] = {f.name}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            arguments.append(f"{f.name}=_MISSING")
            lines.append(f"    d[{f.name!r}] = _factory_{f.name}() if {f.name} is _MISSING else {f.name}")
        else:
            arguments.append(f.name)
            lines.append(f"    d[{f.name!r}] = {f.name}")
    source = f"def __init__(self, {', '.join(arguments)}):\n    d = self.__dict__\n" + "\n".join(lines) + "\n"
    exec(source, namespace)  # as dataclasses writes its own __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)
    return cls
