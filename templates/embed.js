/* sitegen's embed loader: <script src=".../embed.js" data-flow="welcome" async></script> shows a
   flow over any page, once, in a modal dialog or a bottom sheet. The build calls this function
   with each flow's storage key, content version and show-once flag, so a returning visitor loads
   nothing else; the runtime, the styles and the flow load when it opens. */
((flows) => {
  "use strict";
  const script = document.currentScript;
  const options = script.dataset;
  const base = new URL(".", script.src);
  const api = (window.sitegen ||= {});
  const loading = {};
  const flowContent = {};
  let styles = "";
  let shown = null;

  // Each part of the output is a script: a page on another origin may load one from a host that
  // sends no CORS headers, and a Content Security Policy that allows this origin lets it in.
  const load = (path) => loading[path] ||= new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = new URL(path, base);
    tag.onload = resolve;
    tag.onerror = () => reject(new Error("sitegen: cannot load " + tag.src));
    document.head.append(tag);
  });
  api.styles = (css) => { styles = css; };
  api.flow = (flow) => { flowContent[flow.id] = flow; };
  const storage = (id, write) => {
    const [key, version] = flows[id];
    try {
      if (write) localStorage.setItem(key, version);
      return localStorage.getItem(key) === version;
    } catch (error) {
      return false;
    }
  };
  const element = (name, className, parent) => {
    const made = document.createElement(name);
    made.className = className;
    return parent ? parent.appendChild(made) : made;
  };

  api.close = (how = "dismiss") => shown?.(how);

  api.open = async (id, { presentation = options.presentation, dismissible = options.dismissible !== "false" } = {}) => {
    if (!flows[id]) throw new Error("sitegen: no flow named " + id);
    api.close();
    const folder = new URL(encodeURIComponent(id) + "/", base);
    await Promise.all([load("assets/sitegen.js"), load("assets/embed-styles.js"), load(folder + "embed.js")]);
    const flow = flowContent[id];
    const host = document.createElement("sitegen-flow");
    // The page's styles reach the flow only through the theme's custom properties set on it.
    host.style.cssText = "all: initial !important; display: contents !important";
    const shadow = host.attachShadow({ mode: "open" });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
    shadow.adoptedStyleSheets = [sheet];
    const asSheet = presentation === "sheet" || (presentation !== "dialog" && matchMedia("(max-width: 40rem)").matches);
    const dialog = element("dialog", asSheet ? "sg-dialog sg-sheet" : "sg-dialog", shadow);
    dialog.setAttribute("aria-label", flow.title);
    dialog.lang = flow.lang;
    dialog.dir = flow.dir;
    const wrapper = element("div", "sg-embed sg-js", dialog);
    const handle = asSheet && dismissible ? element("div", "sg-handle", wrapper) : null;
    if (dismissible) {
      const close = element("button", "sg-close", wrapper);
      close.type = "button";
      close.textContent = "×";
      close.setAttribute("aria-label", flow.close);
      close.onclick = () => api.close();
    }
    const template = document.createElement("template");
    template.innerHTML = flow.carousel;
    const content = template.content;
    // Relative URLs resolve against the flow's folder on the output's host, not this page.
    for (const link of content.querySelectorAll("[src], [href]")) {
      const name = link.hasAttribute("src") ? "src" : "href";
      const value = link.getAttribute(name);
      if (value[0] !== "#") link.setAttribute(name, new URL(value, folder));
    }
    // Style attributes become declarations set from script, which a strict policy allows.
    const styled = [...content.querySelectorAll("[style]")].map((node) => [node, node.getAttribute("style")]);
    styled.forEach(([node]) => node.removeAttribute("style"));
    wrapper.append(content);
    styled.forEach(([node, css]) => { node.style.cssText = css; });
    const root = wrapper.querySelector(".sg-carousel");

    const before = document.activeElement;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    document.body.append(host);
    dialog.showModal();
    api.carousel(root, { history: false });

    return new Promise((resolve) => {
      const end = (how) => {
        shown = null;
        storage(id, true);
        dialog.close();
        host.remove();
        document.documentElement.style.overflow = overflow;
        before?.focus?.();
        if (how === "dismiss") document.dispatchEvent(new CustomEvent("sitegen:dismiss", { detail: { flow: id } }));
        resolve(how);
      };
      shown = end;
      // Escape asks first (cancel), but a browser may close a modal dialog without asking: a
      // flow that must be finished opens again, and any other has been dismissed.
      dialog.addEventListener("cancel", (event) => { if (!dismissible) event.preventDefault(); });
      dialog.addEventListener("close", () => {
        if (shown !== end) return;
        if (dismissible) end("dismiss");
        else dialog.showModal();
      });
      // A click on the dialog itself, not on what it holds, is a click on the backdrop.
      dialog.addEventListener("click", (event) => { if (event.target === dialog && dismissible) end("dismiss"); });
      root.addEventListener("sitegen:finish", (event) => {
        event.preventDefault();
        end("finish");
      });
      root.addEventListener("sitegen:skip", (event) => {
        if (root.dataset.skipTarget !== "exit") return;
        event.preventDefault();
        end("skip");
      });
      // The sheet follows a drag of its handle down, and goes when dragged a quarter of its height.
      handle?.addEventListener("pointerdown", (down) => {
        handle.setPointerCapture(down.pointerId);
        const move = (event) => { dialog.style.translate = `0 ${Math.max(0, event.clientY - down.clientY)}px`; };
        handle.addEventListener("pointermove", move);
        handle.addEventListener("pointerup", (up) => {
          handle.removeEventListener("pointermove", move);
          dialog.style.translate = "";
          if (up.clientY - down.clientY > dialog.offsetHeight / 4) end("dismiss");
        }, { once: true });
      });
    });
  };

  const first = options.flow;
  if (first && flows[first] && options.autoOpen !== "false" && !(flows[first][2] && storage(first))) {
    api.open(first).catch((error) => console.error(error));
  }
})
