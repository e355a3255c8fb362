// The web runtime's locale resolver (templates/locale-resolver.js, which embed.js and the
// language choice of every page call) against the vectors OnboardingKit and the build pass too.
// Run by `make test` with Node's own test runner: node --test Tests/Node
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
const source = readFileSync(new URL("templates/locale-resolver.js", root), "utf8");
const resolve = new Function("return " + source.replace(/^\/\*[\s\S]*?\*\//, "").trim())();
const { cases } = JSON.parse(readFileSync(new URL("Tests/Vectors/locale-resolution.json", root), "utf8"));

test("the vectors are there to run", () => {
  assert.ok(cases.length >= 20, `${cases.length} vectors`);
});

for (const vector of cases) {
  test(vector.name, () => {
    assert.equal(resolve(vector.preferred, vector.available, vector.available[0]), vector.locale);
  });
}

test("a resolver that ignored the reader would fail the vectors", () => {
  const wrong = cases.filter((vector) => vector.locale !== vector.available[0]);
  assert.ok(wrong.length >= 10, "most vectors choose a locale other than the source");
});
