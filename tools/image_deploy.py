"""The image played as the deployment files run it: ``podman kube play`` of
deploy/kubernetes and podman-compose of deploy/compose, each answering through its port.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Final

from tools.base_image import STAND_IN_LABEL, base_name, is_stand_in
from tools.image_checks import QUERIES, Checks, ask, example, free_port, in_process, wait_for
from tools.podman import CONTAINERS_CONF, ROOT, pip_files, podman, run, say

# --- Kubernetes' terms ---------------------------------------------------------------


def kube_manifests(image: str, port: int) -> list[dict[str, Any]]:
    """The Deployment and the Service of deploy/kubernetes with only the image's name, a
    host port (on 127.0.0.1) and the replicas changed: one, since a host port admits one
    pod per node (podman makes every replica, each on the same port)."""
    import yaml

    kubernetes = ROOT / "deploy" / "kubernetes"
    deployment = yaml.safe_load((kubernetes / "deployment.yaml").read_text())
    service = yaml.safe_load((kubernetes / "service.yaml").read_text())
    deployment["spec"]["replicas"] = 1
    (pod_container,) = deployment["spec"]["template"]["spec"]["containers"]
    pod_container["image"] = image
    (http_port,) = pod_container["ports"]
    http_port.update(hostPort=port, hostIP="127.0.0.1")
    return [deployment, service]


def check_kube(checks: Checks, image: str) -> None:
    import yaml

    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        manifest = Path(work) / "rules-oracle.yaml"
        manifest.write_text(yaml.safe_dump_all(kube_manifests(image, port), sort_keys=False))
        played = podman("kube", "play", str(manifest), timeout=300, check=False)
        try:
            if not checks.check("podman kube play of the Deployment and the Service", played.returncode == 0,
                                " ".join(played.stdout.split()) if played.returncode == 0
                                else " ".join((played.stdout + played.stderr).split())[-300:]):
                return
            ready = wait_for(port, "/readyz", 60)
            checks.check(
                "kube play: /readyz through the host port", ready, "200" if ready else "no 200 within 60 s"
            )
            file, path = QUERIES[0]
            answer = ask(port, "POST", path, example(file))
            checks.check(f"kube play: POST {path} through the host port",
                         answer == in_process("POST", path, example(file)), str(answer[0]))
            # What podman made of the pod's settings, for docs/deploying.md.
            pods = podman("ps", "--filter", "label=app.kubernetes.io/name=rules-oracle", "--format",
                          "{{.Names}}").stdout.split()
            for name in pods:
                (made,) = json.loads(podman("inspect", name).stdout)
                host, config = made.get("HostConfig", {}), made.get("Config", {})
                mounts = sorted(f"{m.get('Destination')} ({m.get('Type')})" for m in made.get("Mounts", []))
                say(
                    f"     kube play made {name}: user {config.get('User')}, read-only root "
                    f"{host.get('ReadonlyRootfs')}, capabilities dropped {host.get('CapDrop')}, memory limit "
                    f"{host.get('Memory', 0) // 2**20} MiB, CPU quota {host.get('CpuQuota')} of "
                    f"{host.get('CpuPeriod')}, stop timeout {config.get('StopTimeout')} s, volumes {mounts} "
                    f"{host.get('Tmpfs') or ''}, health check {(config.get('Healthcheck') or {}).get('Test')}"
                )
        finally:
            podman("kube", "down", str(manifest), timeout=120, check=False)


# --- compose -------------------------------------------------------------------------

#: The stand-in of compose's nginx image where it cannot be pulled: Debian's nginx on
#: the base, its temporary files where the image keeps them (/var/cache/nginx, a tmpfs in
#: compose.yaml, whose root is read-only).
NGINX_STAND_IN: Final = """\
FROM {base}
RUN apt-get update \\
 && apt-get install -y --no-install-recommends nginx \\
 && rm -rf /var/lib/apt/lists/* /var/lib/nginx \\
 && ln -s /var/cache/nginx /var/lib/nginx
LABEL {label}=debian-nginx
CMD ["nginx", "-g", "daemon off;"]
"""


def ensure_nginx(image: str) -> str:
    """compose's nginx image in podman's store: the real one, present or pulled, else a
    stand-in built from the base with Debian's nginx. Says which."""
    name = image if "/" in image else f"docker.io/library/{image}"
    present = podman("image", "exists", name, check=False).returncode == 0
    if present and not is_stand_in(name):
        return f"{name}, the real image"
    pulled = podman("pull", "--quiet", name, timeout=300, check=False)
    if pulled.returncode == 0:
        return f"{name}, the real image, pulled now"
    if not present:
        with tempfile.TemporaryDirectory() as work:
            (Path(work) / "Containerfile").write_text(
                NGINX_STAND_IN.format(base=base_name(), label=STAND_IN_LABEL)
            )
            mounts = [option for path in pip_files() for option in ("--volume", f"{path}:{path}:ro")]
            podman("build", "--pull=never", "--format", "docker", *mounts, "--tag", name, work, timeout=900)
    return f"{name}, a STAND-IN with Debian's nginx (cannot pull it)"


def compose_file(image: str, port: int) -> dict[str, Any]:
    """deploy/compose/compose.yaml as it runs here: the image built above, nginx
    published on 127.0.0.1:`port`, the paths made absolute."""
    import yaml

    compose_dir = ROOT / "deploy" / "compose"
    compose: dict[str, Any] = yaml.safe_load((compose_dir / "compose.yaml").read_text())
    oracle, proxy = compose["services"]["oracle"], compose["services"]["proxy"]
    oracle["image"] = image
    oracle["build"]["context"] = str((compose_dir / oracle["build"]["context"]).resolve())
    proxy["ports"] = [f"127.0.0.1:{port}:8080"]
    proxy["volumes"] = [volume.replace("./", f"{compose_dir}/", 1) if volume.startswith("./") else volume
                        for volume in proxy["volumes"]]
    return compose


def check_compose(checks: Checks, image: str) -> None:
    import yaml

    if shutil.which("podman-compose") is None:
        checks.check("compose", False, "podman-compose is missing (apt-get install podman-compose)")
        return
    compose_dir = ROOT / "deploy" / "compose"
    proxy = yaml.safe_load((compose_dir / "compose.yaml").read_text())["services"]["proxy"]
    say(f"     nginx: {ensure_nginx(proxy['image'])}")
    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        file = Path(work) / "compose.yaml"
        compose = compose_file(image, port)
        compose["name"] = f"oracle-test-{os.getpid()}"
        file.write_text(yaml.safe_dump(compose, sort_keys=False))
        command = ["podman-compose", "--file", str(file)]
        env = dict(os.environ, CONTAINERS_CONF=str(CONTAINERS_CONF))
        up = run([*command, "up", "--detach", "--no-build"], timeout=300, check=False, cwd=work, env=env)
        try:
            if not checks.check(
                "deploy/compose/compose.yaml up with podman-compose",
                up.returncode == 0,
                "" if up.returncode == 0 else " ".join((up.stdout + up.stderr).split())[-300:],
            ):
                return
            ready = wait_for(port, "/healthz", 60)
            checks.check("compose: /healthz through nginx", ready, "200" if ready else "no 200 within 60 s")
            file_name, path = QUERIES[1]
            answer = ask(port, "POST", path, example(file_name))
            checks.check(
                f"compose: POST {path} through nginx",
                answer == in_process("POST", path, example(file_name)),
                str(answer[0]),
            )
        finally:
            run([*command, "down", "--timeout", "5"], timeout=180, check=False, cwd=work, env=env)
