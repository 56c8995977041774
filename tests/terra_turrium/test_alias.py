"""The engine's former import path keeps working, with a deprecation warning."""

import importlib
import sys

import pytest

import service.terra_turrium
import service.terra_turrium.codec


def _fresh_import(name):
    for key in [k for k in sys.modules if k == "service.rules" or k.startswith("service.rules.")]:
        del sys.modules[key]
    return importlib.import_module(name)


def test_old_name_warns_and_answers_the_same_objects():
    with pytest.warns(DeprecationWarning, match="service.terra_turrium"):
        old = _fresh_import("service.rules")
    assert old.parse_position is service.terra_turrium.parse_position
    assert set(old.__all__) == set(service.terra_turrium.__all__)


def test_old_submodule_paths_are_the_new_modules():
    with pytest.warns(DeprecationWarning):
        old_codec = _fresh_import("service.rules.codec")
    assert old_codec is service.terra_turrium.codec
