/* sitegen's embed loader: <script src=".../embed.js" data-flow="welcome" async></script> shows a
   flow over any page, once, in a modal dialog or a bottom sheet. The build calls this function
   with each flow's storage key, content versions (one per locale) and show-once flag, so that a
   returning visitor loads nothing else; with the site's locales (the source first); and with the
   locale resolver, which picks the locale for the browser's languages, for data-locale on the
   script tag or for sitegen.open's {locale}. The dialog (assets/embed-dialog.js), the runtime,
   the styles and the flow load when a flow opens. */
((flows, locales, resolve) => {
  "use strict";
  const script = document.currentScript;
  const options = script.dataset;
  // A page may have its own `sitegen` (an element with that id, say): this one replaces it.
  if (!window.sitegen?.isSitegen) window.sitegen = { isSitegen: true };
  const api = window.sitegen;
  const site = { flows, locales, resolve, options, base: new URL(".", script.src) };
  // Each loader on the page (one per site) adds its flows; the first one defines the functions.
  (api.sites ||= []).push(site);

  if (!api.part) {
    const loading = {};
    const loaded = {};
    let ticket = 0; // counts open() and close(): an open() still loading gives way to a later one

    // Each part of the output is a script: a page on another origin may load one from a host
    // that sends no CORS headers, and a Content Security Policy that allows that origin lets it
    // in. A part hands its value (a function, the styles, the flow) to `sitegen.part`; one that
    // does not is not sitegen's, and is asked for again next time.
    const load = (url) => loading[url] ||= new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = url;
      tag.onload = tag.onerror = () => {
        if (Object.hasOwn(loaded, url)) return resolve(loaded[url]);
        delete loading[url];
        reject(new Error("sitegen: cannot load " + url));
      };
      document.head.append(tag);
    });
    api.part = (value) => { loaded[document.currentScript.src] = value; };
    // The locale a flow opens in: the one asked for, else the best for the browser's languages.
    const localeOf = (site, wanted) =>
      site.resolve(wanted ? [wanted] : navigator.languages || [navigator.language || ""], site.locales, site.locales[0]);
    // Whether the visitor has seen this version of the flow in `locale` (or in any other of its
    // languages, unchanged); `write` records that they have seen every language's current version.
    api.seen = (site, id, write, locale) => {
      const [key, versions] = site.flows[id];
      const version = versions.split(" ")[Math.max(0, site.locales.indexOf(localeOf(site, locale)))];
      try {
        if (write) localStorage.setItem(key, versions);
        return (" " + localStorage.getItem(key) + " ").includes(" " + version + " ");
      } catch (error) {
        return false;
      }
    };
    api.close = (how = "dismiss") => {
      ticket++;
      api.end?.(how);
    };
    // `site`, the address of a site's output folder or its embed.js, picks between sites on the
    // page that have a flow of that id; each site's flow runs with its own theme's code.
    api.open = async (id, request) => {
      const { site: address, locale: asked, ...settings } = request ?? {};
      const wanted = address && new URL(address, document.baseURI).href;
      const site = api.sites.find(({ flows, base }) =>
        Object.hasOwn(flows, id) && (!wanted || wanted === base.href || wanted === base.href + "embed.js"));
      if (!site) throw new Error("sitegen: no flow named " + id);
      api.close();
      const mine = ticket;
      const fetch = (paths) => Promise.all(paths.map((path) => load(new URL(path, site.base).href)));
      const locale = localeOf(site, asked ?? site.options.locale);
      const folder = locale === site.locales[0] ? "" : encodeURIComponent(locale) + "/";
      const [show, carousel, styles, flow] = await fetch(["assets/embed-dialog.js", "assets/sitegen.js", "assets/embed-styles.js", folder + encodeURIComponent(id) + "/embed.js"]);
      flow.locale = locale;
      const code = flow.code ? await fetch(["assets/code.js", "assets/embed-code-styles.js"]) : [];
      return mine === ticket ? show(site, flow, styles, carousel, settings, code) : "dismiss";
    };
  }

  const first = options.flow;
  if (first && options.autoOpen !== "false") {
    if (!Object.hasOwn(flows, first)) console.warn("sitegen: no flow named " + first);
    // A flow that a loader on this page already opened is not opened twice.
    else if (!(flows[first][2] && api.seen(site, first, false, options.locale)) && !(api.opened ||= new Set()).has(site.base + first)) {
      api.opened.add(site.base + first);
      api.open(first, { site: site.base.href }).catch((error) => console.error(error));
    }
  }
})
