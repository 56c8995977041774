"""``cached_property`` for the engines' immutable values.

Python 3.11's :func:`functools.cached_property` takes a lock on every first access
(3.12 dropped it), and the engines' positions are read a few times per question on a
fresh object each, so that lock is paid on nearly every access. The values are
immutable and computing one twice is harmless, so no lock is needed: the first access
computes the value and stores it in the instance's ``__dict__``, where every later
access finds it without calling the descriptor.

>>> class Square:
...     def __init__(self, side: int) -> None:
...         self.side = side
...     @cached_property
...     def area(self) -> int:
...         print("computing")
...         return self.side * self.side
>>> s = Square(3)
>>> s.area
computing
9
>>> s.area
9
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class cached_property(Generic[T]):  # named after the functools decorator it replaces
    """A property computed on first access and then kept as an instance attribute."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        # A method compiled by mypyc (setup.py) has no __name__; __set_name__ gives it.
        self.name = getattr(func, "__name__", "")
        self.__doc__ = getattr(func, "__doc__", None)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> T | cached_property[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
