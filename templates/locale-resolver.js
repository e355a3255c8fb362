/* The locale resolver: the same rules as OnboardingKit's LocaleResolver (BCP 47 lookup, RFC 4647
   section 3.4), tested against the same vectors (Tests/Vectors/locale-resolution.json) by
   Tests/Node. The best of `available` for a reader who prefers `preferred`, else `source`. */
(preferred, available, source) => {
  const found = {};
  for (const tag of available) found[tag.toLowerCase().replace(/_/g, "-")] ??= tag;
  for (const tag of preferred) {
    let parts = String(tag).toLowerCase().replace(/_/g, "-").split("-");
    if (!parts[0] || parts[0] === "*" || parts.includes("")) continue;
    const candidates = [];
    // Chinese without a script: the script its region writes, as Apple's and Android's settings do.
    if (parts[0] === "zh" && parts.length > 1 && parts[1].length !== 4) {
      candidates.push(parts.join("-"));
      parts.splice(1, 0, ["tw", "hk", "mo"].includes(parts[1]) ? "hant" : "hans");
    }
    while (parts.length) {
      candidates.push(parts.join("-"));
      parts = parts.slice(0, -1);
      // A singleton (x, u) opens an extension and is never a tag's last subtag.
      if (parts.length && parts[parts.length - 1].length === 1) parts = parts.slice(0, -1);
    }
    for (const candidate of candidates) if (Object.hasOwn(found, candidate)) return found[candidate];
  }
  return source;
}
