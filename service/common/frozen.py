"""``quick_init``: a frozen dataclass built more cheaply than by its own ``__init__``.

A frozen dataclass's ``__init__`` sets every field through ``object.__setattr__``, since
its own ``__setattr__`` refuses, and the engines build a dozen seats, positions, turn
states and actions for every question. :func:`quick_init` gives the class an
``__init__`` that writes the instance's ``__dict__`` directly (as attrs does for its own
frozen classes): a plain closure over the fields' names and defaults, no code made from
a string. Everything else stays the dataclass's own: the fields, their defaults,
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
    """Replace the ``__init__`` of the frozen dataclass ``cls`` by one that takes the same
    arguments and fills ``__dict__`` directly, with a few ``dict.update`` s: the defaults,
    the arguments in order, those by name, then the factories of the fields still missing."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or getattr(params, "slots", False):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass without slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which this __init__ would skip")
    if any(not f.init or f.kw_only for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: only plain fields are supported")
    names = tuple(f.name for f in fields(cls))
    count = len(names)
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    factories = [(f.name, f.default_factory) for f in fields(cls) if f.default_factory is not MISSING]
    # By name, after ``n`` arguments in order: the fields after the first ``n``.
    by_name = [frozenset(names[given:]) for given in range(count + 1)]
    owner = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        d = self.__dict__
        if len(args) == count and not kwargs:
            d.update(zip(names, args, strict=False))
            return
        if len(args) > count or not by_name[len(args)].issuperset(kwargs):
            raise TypeError(f"{owner}() takes the fields {names}, not {len(args)} and {sorted(kwargs)}")
        d.update(defaults)
        d.update(zip(names, args, strict=False))
        d.update(kwargs)
        for name, make in factories:
            if name not in d:
                d[name] = make()
        if len(d) != count:
            raise TypeError(f"{owner}() is missing {[name for name in names if name not in d]}")

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__doc__ = cls.__init__.__doc__
    cls.__init__ = __init__  # type: ignore[method-assign]  # replacing it is the point
    return cls
