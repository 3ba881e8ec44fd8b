#!/usr/bin/env python3
"""Download the pure-Python wheels that tools/pyodide_pytest.mjs installs into Pyodide.

Usage:  python tools/fetch_wheels.py [--dest build/wheels] [--force]

Pyodide (CPython 3.14 on wasm32/emscripten) can only use pure-Python wheels
(py3-none-any), so pip is asked for exactly those, for Python 3.14, whatever the
host Python is. Each wheel is pinned to an exact version and its sha256; a file
that is already present with the right hash is not downloaded again, so a second
run does nothing and needs no network.

Pins: pytest and hypothesis match pyproject.toml's [test] extra (what CPython
uses); the rest are their runtime dependencies on Python 3.14:
  pytest 9.0.3      -> iniconfig, packaging, pluggy, pygments (colorama is win32
                       only; exceptiongroup/tomli only for Python < 3.11)
  hypothesis 6.155.2 -> sortedcontainers (hypothesis no longer needs attrs)
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# (requirement, wheel file name, sha256 of the wheel as served by PyPI)
WHEELS = [
    ("pytest==9.0.3", "pytest-9.0.3-py3-none-any.whl",
     "2c5efc453d45394fdd706ade797c0a81091eccd1d6e4bccfcd476e2b8e0ab5d9"),
    ("pluggy==1.6.0", "pluggy-1.6.0-py3-none-any.whl",
     "e920276dd6813095e9377c0bc5566d94c932c33b27a3e3945d8389c374dd4746"),
    ("iniconfig==2.3.0", "iniconfig-2.3.0-py3-none-any.whl",
     "f631c04d2c48c52b84d0d0549c99ff3859c98df65b3101406327ecc7d53fbf12"),
    ("packaging==26.2", "packaging-26.2-py3-none-any.whl",
     "5fc45236b9446107ff2415ce77c807cee2862cb6fac22b8a73826d0693b0980e"),
    ("pygments==2.20.0", "pygments-2.20.0-py3-none-any.whl",
     "81a9e26dd42fd28a23a2d169d86d7ac03b46e2f8b59ed4698fb4785f946d0176"),
    ("hypothesis==6.155.2", "hypothesis-6.155.2-py3-none-any.whl",
     "c85ce6dcd630a90ce501f1d1dd1bc84b97f5649ca8a27e134c8cbf5aa480b1a5"),
    ("sortedcontainers==2.4.0", "sortedcontainers-2.4.0-py2.py3-none-any.whl",
     "a163dcaede0f1c021485e957a39245190e74249897e2ae4b2aa38595db237ee0"),
]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=REPO / "build" / "wheels")
    ap.add_argument("--force", action="store_true", help="download even if present")
    opts = ap.parse_args()
    dest: Path = opts.dest
    dest.mkdir(parents=True, exist_ok=True)

    missing = []
    for req, name, digest in WHEELS:
        f = dest / name
        if not opts.force and f.is_file() and sha256(f) == digest:
            continue
        f.unlink(missing_ok=True)
        missing.append(req)

    if not missing:
        print(f"fetch_wheels: all {len(WHEELS)} wheels present in {dest}")
        return 0

    cmd = [
        sys.executable, "-m", "pip", "download",
        "--no-deps", "--only-binary=:all:",
        "--python-version", "3.14", "--implementation", "py",
        "--abi", "none", "--platform", "any",
        "--disable-pip-version-check", "-q",
        "-d", str(dest), *missing,
    ]
    print("fetch_wheels: downloading", " ".join(missing))
    subprocess.run(cmd, check=True)

    bad = []
    for _req, name, digest in WHEELS:
        f = dest / name
        if not f.is_file():
            bad.append(f"{name}: missing after download")
        elif sha256(f) != digest:
            bad.append(f"{name}: sha256 {sha256(f)} != pinned {digest}")
    if bad:
        print("fetch_wheels: ERROR\n  " + "\n  ".join(bad), file=sys.stderr)
        return 1
    print(f"fetch_wheels: {len(WHEELS)} wheels ready in {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
