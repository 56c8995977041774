"""podman on this machine, for the image's tools (tools/image.py, bench/image.py):
Debian's packages installed where they are missing, the commands run with the project's
container settings (tools/containers.conf), pip's configuration for the builds, and the
cache directory kept outside the clone.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
CONTAINERS_CONF: Final = ROOT / "tools" / "containers.conf"
#: Debian's packages this needs: podman, its runtime, networks and the pause process of
#: its pods (kube play), debootstrap for the stand-in base, podman-compose.
PACKAGES: Final = ("podman", "runc", "catatonit", "containernetworking-plugins",
                   "golang-github-containernetworking-plugin-dnsname", "debootstrap", "podman-compose")
#: pip's global configuration: mounted read-only into the build where it exists, with the
#: certificate files it (or PIP_CERT) names.
PIP_CONFIGURATION: Final = ("/etc/pip.conf", "/etc/xdg/pip")
CA_BUNDLE: Final = "/etc/ssl/certs/ca-certificates.crt"


class NotTested(Exception):
    """What this machine lacks to run the image at all."""


class Failure(Exception):
    """A step that should have worked and did not."""


def cache_dir() -> Path:
    """Where the stand-in base is kept between runs: outside the clone, so that a fresh
    clone on the same machine reuses it (ORACLE_IMAGE_CACHE names another)."""
    named = os.environ.get("ORACLE_IMAGE_CACHE")
    if named:
        path = Path(named)
    elif os.geteuid() == 0:
        path = Path("/var/cache/terra-turrium-oracle")
    else:
        path = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "terra-turrium-oracle"
    path.mkdir(parents=True, exist_ok=True)
    return path


def say(line: str) -> None:
    print(f"make test-image: {line}", flush=True)


def run(
    command: Sequence[str], timeout: float, check: bool = True, **kwargs: Any
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        list(command), capture_output=True, text=True, timeout=timeout, check=False, **kwargs
    )
    if check and result.returncode:
        raise Failure(f"{' '.join(command[:3])} … exited {result.returncode}: "
                      f"{(result.stderr or result.stdout).strip()[-3000:]}")
    return result


def podman(*args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CONTAINERS_CONF=str(CONTAINERS_CONF))
    return run(["podman", *args], timeout=timeout, check=check, env=env)


def ensure_podman() -> None:
    """podman and the rest of PACKAGES, installed with apt-get when missing (as root);
    NotTested where they cannot be had or podman cannot run a container here."""
    missing = [name for name in PACKAGES if not Path("/usr/share/doc", name).exists()]
    if missing:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            raise NotTested(f"podman is not installed and cannot be installed here (not root with apt-get): "
                            f"run 'sudo apt-get install -y {' '.join(PACKAGES)}'")
        say(f"installing {' '.join(missing)} with apt-get")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        install = ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
        if run(install, timeout=900, check=False, env=env).returncode:
            run(["apt-get", "update"], timeout=600, check=False, env=env)
            done = run(install, timeout=900, check=False, env=env)
            if done.returncode:
                raise NotTested(f"apt-get could not install podman: {done.stderr.strip()[-500:]}")
    info = podman("info", "--format", "{{.Host.OCIRuntime.Name}}", check=False)
    if info.returncode:
        raise NotTested(f"podman cannot run here: {info.stderr.strip()[-500:]}")



def pip_files() -> list[str]:
    """pip's global configuration files and the certificates they or PIP_CERT name,
    those that exist: what the build mounts read-only."""
    found = [path for path in PIP_CONFIGURATION if Path(path).exists()]
    certificates = {CA_BUNDLE, os.environ.get("PIP_CERT", "")}
    for path in found:
        files = Path(path).glob("*.conf") if Path(path).is_dir() else [Path(path)]
        for conf in files:
            certificates.update(
                re.findall(r"^\s*cert\s*=\s*(\S+)", conf.read_text(errors="replace"), re.MULTILINE)
            )
    return found + sorted(c for c in certificates if c and Path(c).is_file())

