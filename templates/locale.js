/* sitegen's language choice, loaded in the head of every page of a site in several languages,
   before the first paint. On a page at its source address (the site root, /<flow>/), a visitor
   who has not chosen a language is sent to the best one for navigator.languages; one who chose
   in the language switcher is sent to that one. A choice in the switcher is remembered. Without
   JavaScript the page stays in the source language. The build calls this function with the
   locale resolver (locale-resolver.js). */
(resolve) => {
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
}
