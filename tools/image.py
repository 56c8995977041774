"""The image built from the Dockerfile, run, and played as Kubernetes and compose would.

    python -m tools.image test     # make test-image; make test runs it beside the suite

With podman (Debian's, installed here with apt-get when missing and run as root; where
it cannot be had this says NOT TESTED and why, and succeeds):

1. *The base.* The Dockerfile's ``FROM`` image when podman has it or can pull it; else a
   stand-in with the same Python minor made from Debian's packages, fetched from the
   Debian archive this machine's apt is configured with (debootstrap
   ``--variant=minbase bookworm``, then python3.11, its venv and pip, the CA
   certificates and Python's headers), imported under the base's name and labelled as
   a stand-in. Its root file system is kept as a tarball in the cache directory outside
   the clone (:func:`cache_dir`), and podman keeps the build's layers in its own store,
   so a second run, in any clone, builds only what changed.
2. *The build.* ``podman build --pull=never --format docker`` (the docker format keeps
   the HEALTHCHECK), with this machine's global pip configuration and the CA bundle it
   names mounted read-only into the build (:func:`pip_files`): the build's pip reaches
   the package index as the machine's does. It reports the build's time and the
   image's size.
3. *The container* (:func:`check_container`): ``/healthz`` names the compiled engines; a
   query of each game answers what the package answers in this process; the server
   runs as uid 10001; the SBOM lists exactly the runtime lock; the HEALTHCHECK passes
   (``podman healthcheck run``); the image holds no C compiler; and SIGTERM under load
   (:func:`check_sigterm`) answers every request in flight and exits 0 within the pod's
   grace.
4. *Kubernetes' terms* (:func:`check_kube`): ``podman kube play`` of
   deploy/kubernetes/deployment.yaml and service.yaml with only the image's name, a host
   port (on 127.0.0.1) and one replica (a host port admits one pod) changed: ``/readyz``
   answers 200 and a query through the host port is answered. docs/deploying.md says
   which parts of the manifests this exercises.

The container's settings for this machine are in tools/containers.conf.

The pieces, by role: tools/podman.py (podman and its packages), tools/base_image.py (the
base and its stand-in), tools/image_checks.py (the container), tools/image_deploy.py
(Kubernetes' terms and compose).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tools.base_image import ensure_base
from tools.image_checks import Checks, check_container, container
from tools.image_deploy import check_compose, check_kube
from tools.podman import ROOT, Failure, NotTested, cache_dir, ensure_podman, pip_files, podman, say

__all__ = ["IMAGE", "PURE_IMAGE", "Built", "Failure", "NotTested", "build", "check_image", "container",
           "ensure_base", "ensure_podman", "main", "podman"]

#: The tags this builds; the pure one only for the benchmark (bench/image.py).
IMAGE: Final = "localhost/terra-turrium-oracle:test"
PURE_IMAGE: Final = "localhost/terra-turrium-oracle:test-pure"


@dataclass(frozen=True)
class Built:
    tag: str
    seconds: float
    size: int

    def __str__(self) -> str:
        return f"{self.tag}: built in {self.seconds:.0f} s, {self.size / 1e6:.0f} MB"


def build(tag: str = IMAGE, engine: str = "compiled") -> Built:
    """The Dockerfile built as `tag` (build argument ORACLE_ENGINE=`engine`); its log in
    the cache directory."""
    mounts = [option for path in pip_files() for option in ("--volume", f"{path}:{path}:ro")]
    log = cache_dir() / f"build-{engine}.log"
    start = time.monotonic()
    result = podman(
        "build",
        "--pull=never",
        "--format",
        "docker",
        "--layers",
        "--build-arg",
        f"ORACLE_ENGINE={engine}",
        *mounts,
        "--tag",
        tag,
        "--file",
        str(ROOT / "Dockerfile"),
        str(ROOT),
        timeout=1800,
        check=False,
    )
    seconds = time.monotonic() - start
    log.write_text(result.stdout + result.stderr)
    if result.returncode:
        raise Failure(f"the build failed ({log}):\n{(result.stdout + result.stderr)[-4000:]}")
    size = int(podman("image", "inspect", "--format", "{{.Size}}", tag).stdout.strip())
    # The build stage tagged too (every layer of it cached by now), so that pruning what
    # no tagged image uses removes the layers of earlier builds and keeps this one's:
    # without it the store grows by a build stage (near a gigabyte) with every change.
    podman(
        "build",
        "--pull=never",
        "--format",
        "docker",
        "--layers",
        "--build-arg",
        f"ORACLE_ENGINE={engine}",
        *mounts,
        "--target",
        "build",
        "--tag",
        f"{tag}-build",
        "--file",
        str(ROOT / "Dockerfile"),
        str(ROOT),
        timeout=1800,
    )
    podman("image", "prune", "--force", timeout=600, check=False)
    return Built(tag, seconds, size)


# --- the whole -----------------------------------------------------------------------


def check_image() -> int:
    start = time.monotonic()
    try:
        ensure_podman()
        say(f"base: {ensure_base()}")
    except NotTested as reason:
        say(f"NOT TESTED: {reason}")
        return 0
    checks = Checks()
    try:
        built = build(IMAGE, "compiled")
    except Failure as error:
        say(f"FAIL the build: {error}")
        return 1
    say(f"image {built}")
    checks.attempt("the container", lambda: check_container(checks, IMAGE))
    checks.attempt("podman kube play", lambda: check_kube(checks, IMAGE))
    checks.attempt("compose", lambda: check_compose(checks, IMAGE))
    total = time.monotonic() - start
    if checks.failed:
        say(f"FAILED ({', '.join(checks.failed)}) in {total:.0f} s")
        return 1
    say(f"passed in {total:.0f} s (the build {built.seconds:.0f} s, the image {built.size / 1e6:.0f} MB)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("command", choices=("test",))
    parser.parse_args(argv)
    return check_image()


if __name__ == "__main__":
    sys.exit(main())
