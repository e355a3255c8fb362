/* sitegen's carousel runtime: the WAI-ARIA carousel pattern over the no-JavaScript strip. One
   runtime for the site and the embed: `sitegen.carousel(root, options)` runs the carousel in
   `root`; on a site page it runs on the page's own, and embed.js calls it on one in a dialog. */
(() => {
  "use strict";
  // With `history` off (in the embed) it never touches the page's address or history.
  const carousel = (root, { history: ownsHistory = true } = {}) => {
    const data = root.dataset;
    const $ = (selector) => root.querySelector(selector);
    const $$ = (selector) => [...root.querySelectorAll(selector)];
    const [track, prev, next, finish, skip, status, count, list] =
      [".sg-track", ".sg-bar-prev", ".sg-bar-next", ".sg-bar-finish", ".sg-bar-skip", ".sg-status", ".sg-count-text", ".sg-pages"].map($);
    const pages = $$(".sg-page");
    const dots = $$(".sg-dot");
    const links = $$(".sg-pages a");
    const last = pages.length - 1;
    const vertical = data.orientation === "vertical";
    const reduced = matchMedia("(prefers-reduced-motion: reduce)");
    const advanced = new Set();
    let current = -1;
    let pending = null; // completes the navigation in flight; the scroll observer waits for it

    // The element an address's fragment names (a page, or a footnote or heading in one), as
    // written or decoded (a footnote's id may hold `%`), and the page it is on; for a heading
    // this page lacks (`page--heading`, translated away), the page itself.
    const find = (id) => root.querySelector("#" + CSS.escape(id));
    const target = (id) => {
      try { return find(id) || find(decodeURIComponent(id)) || find(id.split("--")[0]); } catch (error) { return null; }
    };
    const indexOf = (id) => pages.indexOf(target(id)?.closest(".sg-page"));
    // Events leave a shadow root (composed), so that a page embedding the flow hears them too.
    const emit = (name, index, cancelable, more) => root.dispatchEvent(new CustomEvent("sitegen:" + name, {
      bubbles: true, composed: true, cancelable, detail: { flow: data.flow, index, id: pages[index].id, ...more },
    }));
    const markSeen = () => {
      try { localStorage.setItem(data.storageKey, data.contentVersions || data.contentVersion); } catch (error) { /* no storage */ }
    };
    const gated = (index) => pages[index].dataset.advance === "action" && !advanced.has(index);
    // Sets an attribute to `value`, or removes it when `value` is false.
    const flag = (element, name, value) => value ? element.setAttribute(name, value) : element.removeAttribute(name);

    function render() {
      pages.forEach((page, index) => {
        page.inert = index !== current;
        // A video plays only on its own page: one left behind is paused, and one its author asked
        // to play by itself (muted) starts when its page shows, unless the reader prefers less motion.
        page.querySelectorAll("video").forEach((video) => page.inert ? video.pause()
          : video.dataset.autoplay != null && !reduced.matches && video.play().catch(() => {}));
        if (Math.abs(index - current) === 1) page.querySelectorAll("img[loading=lazy]").forEach((img) => { img.loading = "eager"; });
      });
      dots.forEach((dot, index) => flag(dot, "aria-disabled", index === current && "true"));
      links.forEach((link, index) => flag(link, "aria-current", index === current && "page"));
      if (count) {
        count.textContent = `${current + 1} / ${last + 1}`;
        count.parentNode.style.setProperty("--sg-progress", (current + 1) / (last + 1));
      }
      prev.setAttribute("aria-disabled", current === 0);
      next.setAttribute("aria-disabled", gated(current));
      // On the last page Next becomes the finish action, in the same place.
      const focused = root.getRootNode().activeElement;
      const hideSkip = current === last || pages[current].dataset.skip === "false";
      next.hidden = current === last;
      finish.hidden = current !== last;
      skip.hidden = hideSkip;
      if ((hideSkip && focused === skip) || (current === last && focused === next)) (current === last ? finish : next).focus();
    }

    // Scrolls the track to page `index` (to an absolute position: scrollBy counts as a directional
    // scroll, which snap-stop halts at the next page); returns whether it scrolls smoothly.
    function scrollTo(index, instant) {
      const from = track.getBoundingClientRect();
      const to = pages[index].getBoundingClientRect();
      const smooth = !instant && !reduced.matches && data.transition === "slide";
      track.scrollTo({
        left: track.scrollLeft + (vertical ? 0 : to.left - from.left),
        top: track.scrollTop + (vertical ? to.top - from.top : 0),
        behavior: smooth ? "smooth" : "instant",
      });
      return smooth;
    }

    function go(target, { history: mode = "push", instant = false } = {}) {
      let index = Math.max(0, Math.min(last, target));
      for (let page = current < 0 ? index : current; page < index; page++) {
        if (gated(page)) { index = page; break; }
      }
      if (index === current) { scrollTo(index, true); return; }
      if (pending) pending();
      const previous = current;
      if (previous >= 0) emit("pagewilldisappear", previous);
      emit("pagewillappear", index);
      current = index;
      render();
      if (mode && ownsHistory) history[mode + "State"](null, "", "#" + pages[index].id);
      if (previous >= 0) {
        status.textContent = data.status.replaceAll("{n}", index + 1).replaceAll("{count}", last + 1);
        // A new page starts at its top, however far down the last one was read.
        if (root.getBoundingClientRect().top < 0) root.scrollIntoView();
        if (data.transition === "fade" && !reduced.matches) {
          pages[index].classList.add("sg-entering");
          pages[index].addEventListener("animationend", () => pages[index].classList.remove("sg-entering"), { once: true });
        }
      }
      const done = () => {
        if (pending !== done) return;
        pending = null;
        clearTimeout(timer);
        if (previous >= 0) emit("pagediddisappear", previous);
        emit("pagedidappear", index);
      };
      // A smooth scroll has arrived when its page is in place; an earlier, interrupted scroll's
      // scrollend does not count. The timer covers browsers without scrollend.
      const arrive = () => {
        const from = track.getBoundingClientRect();
        const to = pages[index].getBoundingClientRect();
        if (Math.abs(to.left - from.left) < 2 && Math.abs(to.top - from.top) < 2) done();
        else if (pending === done) track.addEventListener("scrollend", arrive, { once: true });
      };
      const timer = setTimeout(done, 1500);
      pending = done;
      if (scrollTo(index, instant)) track.addEventListener("scrollend", arrive, { once: true });
      else done();
    }

    // Code and tables wider than their page scroll sideways in a box of their own, which then
    // takes focus, so that keys scroll it, and is named.
    function wide() {
      for (const box of track.querySelectorAll(".sg-body :is(pre, table)")) {
        const scrolls = box.scrollWidth > box.clientWidth;
        flag(box, "tabindex", scrolls && "0");
        flag(box, "aria-label", scrolls && data.wide);
        if (box.tagName === "PRE") flag(box, "role", scrolls && "group");
      }
    }

    // The current page follows the scroll position, so swipes and trackpads page natively.
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const index = pages.indexOf(entry.target);
        if (entry.isIntersecting && !pending && index !== current) go(index, { history: "replace" });
      }
    }, { root: track, threshold: 0.6 });
    pages.forEach((page) => observer.observe(page));

    root.addEventListener("click", (event) => {
      const control = event.target.closest("a, button");
      if (!control) return;
      if (control.getAttribute("aria-disabled") === "true") return event.preventDefault();
      const page = control.closest(".sg-page");
      if (page && control.closest(".sg-action")) {
        advanced.add(pages.indexOf(page));
        render();
        // A page that embeds the flow may act on the button itself.
        if (!emit("action", pages.indexOf(page), true, { href: control.href })) return event.preventDefault();
      }
      if (control === prev || control === next) return go(current + (control === prev ? -1 : 1));
      if (dots.includes(control)) return go(dots.indexOf(control));
      if (control === skip) {
        if (!emit("skip", current, true)) return event.preventDefault();
        if (data.skipTarget === "exit") return markSeen();
      }
      if (control.classList.contains("sg-finish")) {
        if (emit("finish", current, true)) markSeen(); else event.preventDefault();
        return;
      }
      const hash = control.getAttribute("href");
      const index = hash?.[0] === "#" ? indexOf(hash.slice(1)) : -1;
      // Embedded, a link within the page (or one without an address) must not move the
      // embedding page.
      if (index >= 0 || (!ownsHistory && control.tagName === "A" && (!hash || hash[0] === "#"))) event.preventDefault();
      if (index >= 0) {
        if (links.includes(control)) list.hidePopover();
        reveal(hash.slice(1));
      }
    });

    root.addEventListener("keydown", (event) => {
      // Keys stay with form fields and with boxes that scroll sideways.
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey
        || event.target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false]), .sg-body [tabindex]")) return;
      const keys = vertical ? ["ArrowUp", "ArrowDown"] : getComputedStyle(root).direction === "rtl"
        ? ["ArrowRight", "ArrowLeft"] : ["ArrowLeft", "ArrowRight"];
      const target = { [keys[0]]: current - 1, [keys[1]]: current + 1, Home: 0, End: last }[event.key];
      if (target === undefined) return;
      event.preventDefault();
      go(target);
    });

    // The list of pages opens at the current one.
    list?.addEventListener("toggle", (event) => event.newState === "open" && links[current].scrollIntoView({ block: "nearest" }));
    root.style.setProperty("--sg-count", pages.length);
    addEventListener("resize", wide);
    wide();
    // The page an address names opens, then the footnote or heading on it, if it names one.
    function reveal(id, options) {
      const index = indexOf(id);
      if (index < 0) return false;
      go(index, options);
      const place = target(id);
      if (place !== pages[index]) place.scrollIntoView({ block: "center" });
      return true;
    }
    const popped = (event, instant) => (ownsHistory && reveal(location.hash.slice(1), { history: null, instant }))
      || go(0, { history: null, instant });
    if (ownsHistory) addEventListener("popstate", popped);
    popped(null, true);
    // Stops what the carousel listens to outside its root (the embed calls it when it closes).
    return () => {
      removeEventListener("resize", wide);
      removeEventListener("popstate", popped);
      observer.disconnect();
      pending = null;
    };
  };
  // A page may have its own `sitegen`; the carousel joins only the one it or embed.js made.
  if (!window.sitegen?.isSitegen) window.sitegen = { isSitegen: true };
  window.sitegen.carousel = carousel;
  // Loaded by embed.js, it hands the carousel to the loader, so that each site runs its own.
  window.sitegen.part?.(carousel);
  const own = document.querySelector(".sg-flow .sg-carousel");
  if (own) carousel(own);
})();
