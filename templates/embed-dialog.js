/* sitegen's embed dialog: what embed.js loads with the first flow that opens. It shows a flow
   over the page in a modal dialog or a bottom sheet, inside a shadow root, runs the carousel in
   it, and ends with how the visitor left: "finish", "skip" or "dismiss". */
(() => {
  "use strict";
  const api = window.sitegen;
  const element = (name, className, parent) => {
    const made = document.createElement(name);
    made.className = className;
    return parent ? parent.appendChild(made) : made;
  };

  // Shows `flow` (what its embed.js holds) of `site`, styled by `styles`, run by `carousel`.
  api.part((site, flow, styles, carousel, { presentation = site.options.presentation, dismissible = site.options.dismissible !== "false" }, [code, codeStyles] = []) => {
    const id = flow.id;
    // The flow's own folder (`ko/tour/` for a translation), which its relative addresses start from.
    const folder = new URL(flow.folder, site.base);
    const host = document.createElement("sitegen-flow");
    // The page's styles reach the flow only through what it inherits, which the embed's styles
    // reset, and the theme's custom properties set on this element.
    host.style.cssText = "display: contents !important";
    const shadow = host.attachShadow({ mode: "open" });
    // A flow with code blocks brings their styles and copy buttons (assets/code.js) along.
    shadow.adoptedStyleSheets = [styles, codeStyles].filter(Boolean).map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
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
    // Relative addresses resolve against the flow's folder on the output's host, not this page,
    // and a link out of the flow opens beside the app (unless the page handles sitegen:action).
    for (const name of ["src", "href", "poster", "action"]) {
      for (const node of content.querySelectorAll(`[${name}]`)) {
        const value = node.getAttribute(name);
        if (!value || value[0] === "#") continue;
        node.setAttribute(name, new URL(value, folder));
        if (node.localName === "a" && !node.target) Object.assign(node, { target: "_blank", rel: "noopener" });
      }
    }
    // A srcset lists candidates ("a.400w.jpg 400w, a.800w.jpg 800w"); the build's addresses hold no white space.
    for (const node of content.querySelectorAll("[srcset]")) {
      const candidates = node.getAttribute("srcset").trim().split(/\s*,\s+/);
      node.setAttribute("srcset", candidates.map((candidate) => {
        const [address, ...descriptors] = candidate.split(/\s+/);
        return [new URL(address, folder), ...descriptors].join(" ");
      }).join(", "));
    }
    wrapper.append(content);
    // The build writes style attributes as data, set here from script, which a strict policy allows.
    for (const node of wrapper.querySelectorAll("[data-sg-style]")) node.style.cssText = node.dataset.sgStyle;
    const root = wrapper.querySelector(".sg-carousel");

    const before = document.activeElement;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    document.body.append(host);
    dialog.showModal();
    const stop = carousel(root, { history: false });
    code?.(root);
    root.querySelector(".sg-track").focus({ preventScroll: true });

    return new Promise((resolve) => {
      const listeners = [];
      const listen = (target, name, handler) => {
        target.addEventListener(name, handler);
        listeners.push([target, name, handler]);
      };
      const end = (how) => {
        api.end = null;
        listeners.forEach(([target, name, handler]) => target.removeEventListener(name, handler));
        stop?.();
        api.seen(site, id, true);
        dialog.close();
        host.remove();
        document.documentElement.style.overflow = overflow;
        before?.focus?.();
        if (how === "dismiss") document.dispatchEvent(new CustomEvent("sitegen:dismiss", { detail: { flow: id } }));
        resolve(how);
      };
      api.end = end;
      // Escape asks first (cancel), but a browser may close a modal dialog without asking: a
      // flow that must be finished opens again, and any other has been dismissed.
      listen(dialog, "cancel", (event) => { if (!dismissible) event.preventDefault(); });
      listen(dialog, "close", () => {
        if (api.end !== end) return;
        if (dismissible) end("dismiss");
        else dialog.showModal();
      });
      // A click on the dialog itself, not on what it holds, is a click on the backdrop.
      listen(dialog, "click", (event) => { if (event.target === dialog && dismissible) end("dismiss"); });
      // Finish and skip end the flow, unless the page cancelled them first: this listens on the
      // window, after the page's listeners on the document and what it holds.
      for (const how of ["finish", "skip"]) {
        listen(window, "sitegen:" + how, (event) => {
          if (event.composedPath()[0] !== root || event.defaultPrevented) return;
          if (how === "skip" && root.dataset.skipTarget !== "exit") return;
          event.preventDefault();
          end(how);
        });
      }
      // The sheet follows a drag of its handle down, and goes when dragged a quarter of its height.
      if (handle) listen(handle, "pointerdown", (down) => {
        handle.setPointerCapture(down.pointerId);
        const move = (event) => { dialog.style.translate = `0 ${Math.max(0, event.clientY - down.clientY)}px`; };
        const up = (event) => {
          handle.removeEventListener("pointermove", move);
          handle.removeEventListener("pointerup", up);
          handle.removeEventListener("pointercancel", up);
          dialog.style.translate = "";
          if (event.type === "pointerup" && event.clientY - down.clientY > dialog.offsetHeight / 4) end("dismiss");
        };
        handle.addEventListener("pointermove", move);
        handle.addEventListener("pointerup", up);
        handle.addEventListener("pointercancel", up);
      });
    });
  });
})();
