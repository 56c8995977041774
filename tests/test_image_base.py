"""The stand-in base's archive is the one apt is configured with (tools/base_image.py),
read from either of apt's formats: no address is written into the code."""

from __future__ import annotations

import pytest

from tools.base_image import AptSource, NotTested, _deb822, _one_line, archive

ONE_LINE = """\
# the archive, and an addition to it
deb [arch=amd64 signed-by=/usr/share/keyrings/archive.gpg] file:///srv/apt/debian bookworm main
deb-src file:///srv/apt/debian bookworm main
deb file:///srv/apt/debian-security bookworm-security main  # security
"""

DEB822 = """\
Types: deb
URIs: file:///srv/apt/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/archive.gpg

Types: deb
URIs: file:///srv/apt/debian-security
Suites: bookworm-security
Components: main

Types: deb
URIs: file:///srv/apt/disabled
Suites: trixie
Enabled: no

Types: deb-src
URIs: file:///srv/apt/sources
Suites: bookworm
"""


def test_the_one_line_format_gives_its_deb_lines_with_their_keyring() -> None:
    assert _one_line(ONE_LINE) == [
        AptSource("file:///srv/apt/debian", ("bookworm",), "/usr/share/keyrings/archive.gpg"),
        AptSource("file:///srv/apt/debian-security", ("bookworm-security",)),
    ]


def test_deb822_gives_its_enabled_deb_stanzas() -> None:
    assert _deb822(DEB822) == [
        AptSource(
            "file:///srv/apt/debian",
            ("bookworm", "bookworm-updates"),
            "/usr/share/keyrings/archive.gpg",
        ),
        AptSource("file:///srv/apt/debian-security", ("bookworm-security",)),
    ]


def test_deb822_leaves_an_inline_keyring_to_debootstrap() -> None:
    inline = (
        "Types: deb\nURIs: file:///srv/apt/debian\nSuites: bookworm\nSigned-By:\n -----BEGIN PGP\n .\n"
    )
    assert _deb822(inline) == [AptSource("file:///srv/apt/debian", ("bookworm",))]


def test_the_archive_is_the_source_of_the_release_else_of_any_release() -> None:
    security = AptSource("file:///srv/apt/debian-security", ("bookworm-security",))
    other = AptSource("file:///srv/apt/debian", ("trixie", "trixie-updates"))
    own = AptSource("file:///srv/apt/release", ("bookworm",))
    assert archive([security, other, own], "bookworm") == own
    assert archive([security, other], "bookworm") == other
    with pytest.raises(NotTested):
        archive([security], "bookworm")
