/* sitegen's embed loader: <script src=".../embed.js" data-flow="welcome" async></script> shows a
   flow over any page, once, in a modal dialog or a bottom sheet. The build calls this function
   with each flow's storage key, content version and show-once flag, so that a returning visitor
   loads nothing else. The dialog (assets/embed-dialog.js), the runtime, the styles and the flow
   load when a flow opens. */
((flows) => {
  "use strict";
  const script = document.currentScript;
  const options = script.dataset;
  // A page may have its own `sitegen` (an element with that id, say): this one replaces it.
  if (!window.sitegen?.isSitegen) window.sitegen = { isSitegen: true };
  const api = window.sitegen;
  const site = { flows, options, base: new URL(".", script.src) };
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
    // Whether the visitor has seen this version of the flow; `write` records that they have.
    api.seen = (site, id, write) => {
      const [key, version] = site.flows[id];
      try {
        if (write) localStorage.setItem(key, version);
        return localStorage.getItem(key) === version;
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
      const { site: address, ...settings } = request ?? {};
      const wanted = address && new URL(address, document.baseURI).href;
      const site = api.sites.find(({ flows, base }) =>
        Object.hasOwn(flows, id) && (!wanted || wanted === base.href || wanted === base.href + "embed.js"));
      if (!site) throw new Error("sitegen: no flow named " + id);
      api.close();
      const mine = ticket;
      const fetch = (paths) => Promise.all(paths.map((path) => load(new URL(path, site.base).href)));
      const [show, carousel, styles, flow] = await fetch(["assets/embed-dialog.js", "assets/sitegen.js", "assets/embed-styles.js", encodeURIComponent(id) + "/embed.js"]);
      const code = flow.code ? await fetch(["assets/code.js", "assets/embed-code-styles.js"]) : [];
      return mine === ticket ? show(site, flow, styles, carousel, settings, code) : "dismiss";
    };
  }

  const first = options.flow;
  if (first && options.autoOpen !== "false") {
    if (!Object.hasOwn(flows, first)) console.warn("sitegen: no flow named " + first);
    // A flow that a loader on this page already opened is not opened twice.
    else if (!(flows[first][2] && api.seen(site, first)) && !(api.opened ||= new Set()).has(site.base + first)) {
      api.opened.add(site.base + first);
      api.open(first, { site: site.base.href }).catch((error) => console.error(error));
    }
  }
})
