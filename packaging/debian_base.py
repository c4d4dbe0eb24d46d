"""The Debian 11 (bullseye, glibc 2.31) base the Linux program is built and tried in.

The base is a `debootstrap` tree kept outside the clone, under
`${XDG_CACHE_HOME:-~/.cache}/urland-build/`, so a fresh clone on the same machine reuses it
and a new machine makes it once. Commands run in it through `chroot`, inside a private mount
namespace (`unshare --mount`): its /proc, /dev and the checkout mounted at /src vanish with
the command, so no mount is ever left behind, whatever happens to the build.

Making the base and running in it need root (debootstrap, chroot, unshare).
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
from pathlib import Path

SUITE = "bullseye"
MIRROR = "http://deb.debian.org/debian"
KEYRING = Path("/usr/share/keyrings/debian-archive-bullseye-stable.gpg")
# the compilers and the -dev packages of the CPython modules the game can use (ssl, sqlite3,
# ctypes, lzma, bz2, zlib, readline, curses, uuid, dbm)
PACKAGES = (
    "build-essential", "pkg-config", "ca-certificates", "xz-utils", "libssl-dev", "zlib1g-dev",
    "libffi-dev", "libbz2-dev", "liblzma-dev", "libsqlite3-dev", "libreadline-dev",
    "libncursesw5-dev", "uuid-dev", "libgdbm-dev", "libexpat1-dev",
)
READY = ".urland-base-ready"
# this machine's trust store: pip in the base trusts what this machine trusts (a proxy's own CA)
HOST_CERTIFICATES = Path("/etc/ssl/certs/ca-certificates.crt")
CERTIFICATES_INSIDE = "/etc/ssl/certs/host-ca-certificates.crt"
PATH_INSIDE = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class BaseError(Exception):
    """Something the build cannot go on without; the message says what to do."""


def cache_dir() -> Path:
    """Where the base, the built CPython and the downloads are kept between builds."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "urland-build"


def base_dir() -> Path:
    """The base's own folder: its name changes with the suite and the package list, so a
    change of either makes a new base instead of patching an old one."""
    digest = hashlib.sha256(" ".join((SUITE, MIRROR, *sorted(PACKAGES))).encode()).hexdigest()
    return cache_dir() / f"{SUITE}-{digest[:12]}"


def require_root(what: str) -> None:
    if os.geteuid() != 0:
        raise BaseError(f"{what} needs root (debootstrap and chroot); run it as root, or "
                        "`make dist-host` for a build that runs only on systems like this one")


def _install_debootstrap() -> None:
    if shutil.which("debootstrap") and KEYRING.exists():
        return
    if not shutil.which("apt-get"):
        raise BaseError("debootstrap is missing and this system has no apt-get to install it")
    print("installing debootstrap and Debian's archive keys", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "debootstrap", "debian-archive-keyring"]):
        subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)


def ensure_base() -> Path:
    """The base, made with debootstrap the first time; a half-made one is never used."""
    root = base_dir()
    if (root / READY).exists():
        return root
    require_root("making the Debian 11 base")
    _install_debootstrap()
    partial = root.with_name(root.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    print(f"making the Debian {SUITE} base in {root} (debootstrap, a few minutes)", flush=True)
    command = ["debootstrap", "--variant=minbase", "--arch=amd64", f"--keyring={KEYRING}",
               "--include=" + ",".join(PACKAGES), SUITE, str(partial), MIRROR]
    if subprocess.run(command, check=False, stdout=subprocess.DEVNULL).returncode != 0:
        raise BaseError(f"debootstrap failed; its log is {partial}/debootstrap/debootstrap.log")
    (partial / READY).write_text(" ".join(PACKAGES) + "\n")
    partial.rename(root)
    return root


def run_inside(root: Path, script: str, *, src: Path | None = None,
               env: dict[str, str] | None = None, check: bool = True) -> int:
    """Run the shell `script` as root in the base, with `src` mounted at /src and a clean
    environment (`env` added to it). Returns the exit code; raises when `check` and not 0."""
    require_root("running in the Debian 11 base")
    shutil.copyfile("/etc/resolv.conf", root / "etc" / "resolv.conf")  # pip reaches PyPI
    variables = {"PATH": PATH_INSIDE, "HOME": "/root", "LANG": "C.UTF-8"}
    if HOST_CERTIFICATES.exists():
        shutil.copyfile(HOST_CERTIFICATES, root / CERTIFICATES_INSIDE.lstrip("/"))
        variables |= {"PIP_CERT": CERTIFICATES_INSIDE, "SSL_CERT_FILE": CERTIFICATES_INSIDE}
    variables |= env or {}
    mounts = [f"mount -t proc proc {shlex.quote(str(root / 'proc'))}",
              f"mount --rbind /dev {shlex.quote(str(root / 'dev'))}"]
    if src is not None:
        (root / "src").mkdir(exist_ok=True)
        mounts.append(f"mount --bind {shlex.quote(str(src))} {shlex.quote(str(root / 'src'))}")
    inside = ["env", "-i", *(f"{k}={v}" for k, v in variables.items()), "sh", "-ec", script]
    outer = " && ".join(mounts) + f" && exec chroot {shlex.quote(str(root))} " + shlex.join(inside)
    code = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-ec", outer],
                          check=False).returncode
    if check and code != 0:
        raise BaseError(f"this step in the Debian 11 base ended with exit code {code}:\n{script}")
    return code
