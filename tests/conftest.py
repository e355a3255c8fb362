"""Shared fixtures: the built sitegen binary, and sites built with it into temporary folders."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "SitegenCoreTests" / "Fixtures"


@pytest.fixture(scope="session")
def sitegen() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("SITEGEN", ROOT / ".build" / "debug" / "sitegen"))
    assert binary.is_file(), f"{binary} is missing: run `swift build` first (make test does)"
    return binary


@pytest.fixture(scope="session")
def built_sites(sitegen, tmp_path_factory) -> dict[str, pathlib.Path]:
    """The example site and every fixture site, each built into its own output folder."""
    sites = {"example": ROOT} | {path.name: path / "site" for path in sorted(FIXTURES.iterdir())}
    outputs = {}
    for name, site in sites.items():
        output = tmp_path_factory.mktemp(name) / "out"
        subprocess.run([sitegen, "build", "--quiet", "--site", site, "--output", output], check=True)
        outputs[name] = output
    return outputs
