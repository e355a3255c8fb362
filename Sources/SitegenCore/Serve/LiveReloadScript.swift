/// The client the preview adds to every HTML page it serves (never to built files): it listens
/// for the server's events, reloads the page when its flow changed, swaps stylesheets in place,
/// and shows a failed build's diagnostics over the page until the next good build.
enum LiveReloadScript {
    static let source = #"""
        "use strict";
        (() => {
          const isErrorPage = document.documentElement.hasAttribute("data-sitegen-error");
          const page = () => {
            const path = decodeURIComponent(location.pathname).slice(1);
            return path === "" || path.endsWith("/") ? path + "index.html" : path;
          };
          const folderOf = (path) => path.slice(0, path.lastIndexOf("/") + 1);
          // A page reloads when it changed, when anything in its folder (its flow) changed, or
          // when the runtime did; the index also for any image or other file outside the pages.
          const affects = (paths) => {
            if (isErrorPage) return true;
            const here = page();
            const folder = folderOf(here);
            return paths.some((path) =>
              path === here || path === "assets/sitegen.js" ||
              (folder !== "" && path.startsWith(folder)) ||
              (folder === "" && !/\.(html|css|json|js)$/.test(path)));
          };
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(`
            :host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: grid; align-items: start;
              grid-template-columns: minmax(0, 60rem); justify-content: center; padding: 4vh 0.75rem; overflow: auto;
              background: rgb(0 0 0 / 0.55); font: 15px/1.5 system-ui, sans-serif; }
            section { min-width: 0; box-sizing: border-box; padding: 0 1.25rem 1.25rem; border-radius: 10px;
              background: #fff; color: #1a1a1a; border-top: 6px solid #c0192c; box-shadow: 0 10px 40px rgb(0 0 0 / 0.4); }
            header { position: sticky; top: -4vh; display: flex; gap: 0.75rem; align-items: flex-start; justify-content: space-between;
              padding-top: 1rem; background: #fff; }
            h2 { margin: 0 0 0.5rem; font-size: 1.15rem; }
            p { margin: 0 0 1rem; overflow-wrap: anywhere; }
            .message { margin: 0 0 0.25rem; font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; }
            pre { margin: 0 0 0.75rem; padding: 0.75rem 1rem; overflow-x: auto; border-radius: 6px; background: #f4f4f5;
              font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre; }
            button { flex: none; min-height: 44px; font: inherit; padding: 0.25rem 0.75rem; border-radius: 6px; border: 1px solid #999;
              background: #fff; color: inherit; cursor: pointer; }
            button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
          `);
          let overlay = null;
          const hide = () => { overlay?.remove(); overlay = null; };
          const show = (messages, more) => {
            hide();
            overlay = document.createElement("sitegen-errors");
            const root = overlay.attachShadow({ mode: "open" });
            root.adoptedStyleSheets = [sheet];
            const box = root.appendChild(document.createElement("section"));
            box.setAttribute("role", "alert");
            // The title and Dismiss stay in view while the errors scroll; each error's first line
            // wraps, its source line and caret scroll sideways in a box of their own.
            const header = box.appendChild(document.createElement("header"));
            header.appendChild(document.createElement("h2")).textContent = "sitegen: the build failed";
            const close = header.appendChild(document.createElement("button"));
            close.type = "button";
            close.textContent = "Dismiss";
            close.addEventListener("click", hide);
            box.appendChild(document.createElement("p")).textContent =
              "The preview still shows the last good build. Fix the errors and save.";
            for (const message of messages) {
              const [first, ...rest] = message.split("\n");
              box.appendChild(document.createElement("p")).className = "message";
              box.lastChild.textContent = first;
              if (rest.length) box.appendChild(document.createElement("pre")).textContent = rest.join("\n");
            }
            if (more) box.appendChild(document.createElement("p")).textContent = more;
            document.documentElement.appendChild(overlay);
          };
          const swapStyles = (paths) => {
            for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
              const url = new URL(link.href, location.href);
              if (url.origin !== location.origin || !paths.includes(url.pathname.slice(1))) continue;
              const next = link.cloneNode();
              url.searchParams.set("sitegen", Date.now().toString(36));
              next.href = url.pathname + url.search;
              next.addEventListener("load", () => link.remove(), { once: true });
              link.after(next);
            }
          };
          let failure = null;
          const handlers = {
            reload: (data) => {
              hide();
              if (affects(data.paths)) location.reload();
            },
            styles: (data) => {
              hide();
              swapStyles(data.paths);
            },
            // Sent on connecting when the last build failed, and after each failed build. The
            // page that lists the errors in place of the site reloads to list a later build's.
            failed: (data) => {
              if (isErrorPage) {
                if (failure !== null && failure !== data.build) location.reload();
              } else {
                show(data.messages, data.more);
              }
              failure = data.build;
            },
            recovered: () => {
              hide();
              if (isErrorPage) location.reload();
            },
          };
          // One stream serves all of a browser's tabs: a browser opens few connections to a
          // host, and a stream per tab would use them up. The tab holding the lock listens and
          // passes each event on; a tab that opens asks it for the last failure.
          const channel = "BroadcastChannel" in window ? new BroadcastChannel("sitegen-live") : null;
          let last = null;
          const listen = () => new Promise(() => {
            const events = new EventSource("/_sitegen/events");
            for (const name of Object.keys(handlers)) {
              events.addEventListener(name, (event) => {
                const message = { name, data: JSON.parse(event.data) };
                last = name === "failed" ? message : null;
                channel?.postMessage(message);
                handlers[name](message.data);
              });
            }
          });
          if (channel && navigator.locks) {
            channel.onmessage = ({ data }) => {
              if (data.name === "hello") { if (last) channel.postMessage(last); }
              else handlers[data.name]?.(data.data);
            };
            navigator.locks.request("sitegen-live", listen);
            channel.postMessage({ name: "hello" });
          } else {
            listen();
          }
        })();

        """#
}
