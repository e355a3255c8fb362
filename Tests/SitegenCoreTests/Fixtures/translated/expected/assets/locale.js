((resolve) => {
const key = "sitegen:locale";
const here = document.currentScript.dataset;
const pages = {};
for (const link of document.querySelectorAll('link[rel="alternate"][hreflang]')) {
if (link.hreflang !== "x-default") pages[link.hreflang] = link.href;
}
const locales = Object.keys(pages);
let chosen = null;
try { chosen = localStorage.getItem(key); } catch (error) { /* no storage: no memory */ }
if (here.redirect === "true" && locales.length && !/[?&]lang=source(&|$)/.test(location.search)) {
const wanted = chosen && Object.hasOwn(pages, chosen) ? chosen
: resolve(navigator.languages || [navigator.language || ""], locales, here.locale);
if (wanted !== here.locale) location.replace(pages[wanted] + location.search + location.hash);
}
document.addEventListener("click", (event) => {
const link = event.target.closest && event.target.closest(".sg-languages a[hreflang]");
if (link) try { localStorage.setItem(key, link.hreflang); } catch (error) { /* no storage */ }
});
})((preferred, available, source) => {
const found = {};
for (const tag of available) found[tag.toLowerCase().replace(/_/g, "-")] ??= tag;
for (const tag of preferred) {
let parts = String(tag).toLowerCase().replace(/_/g, "-").split("-");
if (!parts[0] || parts[0] === "*" || parts.includes("")) continue;
const candidates = [];
if (parts[0] === "zh" && parts.length > 1 && parts[1].length !== 4) {
candidates.push(parts.join("-"));
parts.splice(1, 0, ["tw", "hk", "mo"].includes(parts[1]) ? "hant" : "hans");
}
while (parts.length) {
candidates.push(parts.join("-"));
parts = parts.slice(0, -1);
if (parts.length && parts[parts.length - 1].length === 1) parts = parts.slice(0, -1);
}
for (const candidate of candidates) if (Object.hasOwn(found, candidate)) return found[candidate];
}
return source;
});
