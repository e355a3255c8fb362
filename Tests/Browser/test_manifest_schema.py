"""manifest.json conforms to manifest.schema.json, and the schema is a valid draft 2020-12 schema
that rejects what it should."""

import copy
import json

import jsonschema
import pytest

from conftest import ROOT


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator(built_sites):
    schema = load(built_sites["example"] / "manifest.schema.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("site", ["example", "basic", "rtl"])
def test_every_built_manifest_conforms(built_sites, validator, site):
    manifest = load(built_sites[site] / "manifest.json")
    errors = [error.message for error in validator.iter_errors(manifest)]
    assert errors == []
    assert manifest["flows"], "a built site has at least one flow"


def test_the_documented_example_is_what_the_build_writes(built_sites, validator):
    """docs/output.md shows the example site's manifest with only the first page of its first
    flow: every field the build writes, with the values it writes."""
    text = (ROOT / "docs" / "output.md").read_text(encoding="utf-8")
    documented = json.loads(text.split("```json\n", 1)[1].split("\n```", 1)[0])
    built = load(built_sites["example"] / "manifest.json")
    first = built["flows"][0]
    built["flows"] = [dict(first, pages=first["pages"][:1])]
    assert documented == built
    assert [error.message for error in validator.iter_errors(documented)] == []


def test_every_site_ships_the_same_schema(built_sites):
    schemas = {(output / "manifest.schema.json").read_bytes() for output in built_sites.values()}
    assert len(schemas) == 1


@pytest.mark.parametrize(
    "break_it, complaint",
    [
        (lambda m: m["flows"][0]["pages"][0].pop("source"), "'source' is a required property"),
        (lambda m: m["flows"][0]["pages"][0].update(index=-1), "-1 is less than the minimum of 0"),
        (lambda m: m["flows"][0]["settings"].update(transition="spin"), "'spin' is not one of"),
        (lambda m: m["flows"][0]["pages"][0].update(image={"src": "a.png"}), "is not valid under any of the given schemas"),
        (lambda m: m.update(extra=True), "Additional properties are not allowed"),
        (lambda m: m["site"].update(base_url=3), "3 is not of type 'string', 'null'"),
    ],
)
def test_the_schema_rejects_broken_manifests(built_sites, validator, break_it, complaint):
    manifest = copy.deepcopy(load(built_sites["example"] / "manifest.json"))
    break_it(manifest)
    messages = [error.message for error in validator.iter_errors(manifest)]
    assert any(complaint in message for message in messages), messages
