"""The image's base: the Dockerfile's ``FROM`` image when podman has it or can pull it;
else a stand-in with the same Python minor made from Debian's packages, fetched from the
Debian archive this machine's apt is configured with (:func:`archive`: the one-line
``sources.list`` format or deb822 ``.sources``), so that it builds wherever ``apt-get``
works. Its root file system is kept as a tarball in the cache directory outside the clone.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tools.podman import ROOT, Failure, NotTested, cache_dir, podman, run, say

#: The label that marks a base image as the stand-in made here.
STAND_IN_LABEL: Final = "org.terra-turrium-oracle.stand-in"
#: The Debian release of the stand-in and the Python it has.
STAND_IN_RELEASE: Final = "bookworm"
STAND_IN_PYTHON: Final = "3.11"
#: Where apt reads its sources: the one-line format and deb822 (apt's own defaults).
SOURCES_LIST: Final = Path("/etc/apt/sources.list")
SOURCES_PARTS: Final = Path("/etc/apt/sources.list.d")


@dataclass(frozen=True)
class AptSource:
    """One ``deb`` source of apt's configuration: its archive, suites and keyring."""

    uri: str
    suites: tuple[str, ...]
    signed_by: str = ""


def _one_line(text: str) -> list[AptSource]:
    """The ``deb`` lines of a sources.list: ``deb [options] uri suite [components]``."""
    found = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        options = (
            dict(re.findall(r"([\w-]+)=(\S+)", m.group(1))) if (m := re.search(r"\[([^]]*)\]", line)) else {}
        )
        words = re.sub(r"\[[^]]*\]", " ", line).split()
        if len(words) >= 3 and words[0] == "deb":
            found.append(AptSource(words[1], (words[2],), options.get("signed-by", "")))
    return found


def _deb822(text: str) -> list[AptSource]:
    """The ``deb`` stanzas of a .sources file (deb822): Types, URIs, Suites, Signed-By,
    Enabled; a keyring given inline rather than as a file is left to debootstrap's own."""
    found = []
    for stanza in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        name = ""
        for line in stanza.splitlines():
            if line.startswith("#"):
                continue
            if line[:1] in (" ", "\t") and name:
                fields[name] += "\n" + line.strip()
            elif ":" in line:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                fields[name] = value.strip()
        if "deb" not in fields.get("types", "").split() or fields.get("enabled", "yes").lower() == "no":
            continue
        keyring = fields.get("signed-by", "")
        keyring = keyring if keyring and "\n" not in keyring else ""
        for uri in fields.get("uris", "").split():
            found.append(AptSource(uri, tuple(fields.get("suites", "").split()), keyring))
    return found


def apt_sources() -> list[AptSource]:
    """Every ``deb`` source apt is configured with, in apt's order of its files."""
    found = _one_line(SOURCES_LIST.read_text(errors="replace")) if SOURCES_LIST.is_file() else []
    if SOURCES_PARTS.is_dir():
        for path in sorted(SOURCES_PARTS.iterdir()):
            if path.suffix == ".list":
                found += _one_line(path.read_text(errors="replace"))
            elif path.suffix == ".sources":
                found += _deb822(path.read_text(errors="replace"))
    return found


def archive(sources: list[AptSource], release: str = "bookworm") -> AptSource:
    """The source to make the stand-in from: the one that carries ``release`` itself, else
    the first that carries any release's main suite (an archive carries every release; a
    suite with a dash, ``bookworm-security``, is an addition to one). NotTested if none."""
    for source in sources:
        if release in source.suites:
            return source
    for source in sources:
        if any("-" not in suite and "/" not in suite for suite in source.suites):
            return source
    raise NotTested(
        f"no Debian archive in apt's sources ({SOURCES_LIST}, {SOURCES_PARTS}) to make the stand-in from"
    )


def base_name() -> str:
    """The Dockerfile's one base image, fully qualified as podman stores it."""
    froms = re.findall(r"^FROM\s+(\S+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    names = {name for name in froms if name != "scratch"}
    if len(names) != 1:
        raise Failure(f"the Dockerfile has {len(names)} base images, this knows how to stand in for one")
    (name,) = names
    first = name.split("/")[0]
    if "/" not in name:
        return f"docker.io/library/{name}"
    return name if "." in first or ":" in first else f"docker.io/{name}"


def is_stand_in(image: str) -> bool:
    found = podman(
        "image", "inspect", "--format", f'{{{{index .Labels "{STAND_IN_LABEL}"}}}}', image, check=False
    )
    return found.returncode == 0 and found.stdout.strip() not in ("", "<no value>")


def ensure_base() -> str:
    """The base image in podman's store: the real one, present or pulled, else the
    stand-in. Says which."""
    name = base_name()
    present = podman("image", "exists", name, check=False).returncode == 0
    if present and not is_stand_in(name):
        return f"{name}, the real base"
    pulled = podman("pull", "--quiet", name, timeout=600, check=False)
    if pulled.returncode == 0:
        return f"{name}, the real base, pulled now"
    why = (pulled.stderr.strip().splitlines() or ["no reason given"])[-1].removeprefix("Error: ")
    why = why if len(why) <= 160 else f"…{why[-160:]}"
    if not present:
        make_stand_in(name)
    return (f"{name}, a STAND-IN made from Debian {STAND_IN_RELEASE}'s Python {STAND_IN_PYTHON} "
            f"(cannot pull it: {why})")


def make_stand_in(name: str) -> None:
    """Imports the stand-in base as `name`, from its root file system kept in the cache
    directory, made first with debootstrap when it is not there."""
    version = re.search(r":(\d+\.\d+)", name)
    if not version or version.group(1) != STAND_IN_PYTHON:
        raise NotTested(f"{name} cannot be pulled and Debian {STAND_IN_RELEASE} has no stand-in for it "
                        f"(its Python is {STAND_IN_PYTHON})")
    tarball = cache_dir() / f"stand-in-{STAND_IN_RELEASE}-python{STAND_IN_PYTHON}.tar"
    if not tarball.exists():
        if os.geteuid() != 0 or shutil.which("debootstrap") is None:
            raise NotTested(f"{name} cannot be pulled, and the stand-in needs root and debootstrap")
        mirror = archive(apt_sources(), STAND_IN_RELEASE)
        keyring = [f"--keyring={mirror.signed_by}"] if Path(mirror.signed_by).is_file() else []
        say(f"making the stand-in base with debootstrap from apt's source {mirror.uri} into {tarball}")
        python = f"python{STAND_IN_PYTHON}"
        # The real image's layout where the Dockerfile relies on it: python and pip on the
        # PATH, installing anywhere (no EXTERNALLY-MANAGED marker), Python's headers.
        script = " && ".join(
            [
                f"apt-get install -y --no-install-recommends {python} {python}-venv python3-pip "
                f"ca-certificates lib{python}-dev",
                "apt-get clean",
                "rm -rf /var/lib/apt/lists/*",
                f"rm -f /usr/lib/{python}/EXTERNALLY-MANAGED",
                f"ln -sf /usr/bin/{python} /usr/local/bin/python",
                f"ln -sf /usr/bin/{python} /usr/local/bin/python3",
                "ln -sf /usr/bin/pip3 /usr/local/bin/pip",
                ": > /etc/resolv.conf",
            ]
        )
        with tempfile.TemporaryDirectory(dir=cache_dir()) as work:
            rootfs = Path(work) / "rootfs"
            run(["debootstrap", "--variant=minbase", *keyring, STAND_IN_RELEASE, str(rootfs), mirror.uri],
                timeout=1200)
            run(["chroot", str(rootfs), "/bin/sh", "-c", script], timeout=1200,
                env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            part = tarball.with_suffix(".part")
            run(["tar", "-C", str(rootfs), "--numeric-owner", "-cf", str(part), "."], timeout=600)
            part.rename(tarball)
    podman("import", "--change", f"LABEL {STAND_IN_LABEL}=debian-{STAND_IN_RELEASE}-python{STAND_IN_PYTHON}",
           "--change", "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
           "--change", "ENV LANG=C.UTF-8", "--change", 'CMD ["python3"]', str(tarball), name, timeout=900)

