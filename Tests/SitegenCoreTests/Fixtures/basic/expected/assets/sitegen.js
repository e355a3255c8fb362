/* sitegen carousel runtime: enhances the no-JavaScript carousel into a paging controller that
   follows the WAI-ARIA carousel pattern (grouped slide-picker variant). No framework, no build. */
(() => {
  "use strict";
  const root = document.querySelector(".sg-carousel");
  if (!root) return;
  const data = root.dataset;
  const track = root.querySelector(".sg-track");
  const pages = [...track.querySelectorAll(".sg-page")];
  const bar = root.querySelector(".sg-bar");
  const [prev, next, skip, status] = [".sg-bar-prev", ".sg-bar-next", ".sg-bar-skip", ".sg-status"]
    .map((selector) => root.querySelector(selector));
  const dots = [...bar.querySelectorAll(".sg-dot")];
  const last = pages.length - 1;
  const vertical = data.orientation === "vertical";
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  const advanced = new Set();
  let current = -1;
  let pending = null; // completes the navigation in flight; the scroll observer waits for it

  const indexOf = (id) => pages.findIndex((page) => page.id === id);
  const emit = (name, index, cancelable) => root.dispatchEvent(new CustomEvent("sitegen:" + name, {
    bubbles: true, cancelable, detail: { flow: data.flow, index, id: pages[index].id },
  }));
  const markSeen = () => {
    try { localStorage.setItem(data.storageKey, data.contentVersion); } catch (error) { /* storage unavailable */ }
  };
  const gated = (index) => pages[index].dataset.advance === "action" && !advanced.has(index);
  const disable = (button, off) => button.setAttribute("aria-disabled", off ? "true" : "false");

  function render() {
    const page = pages[current];
    pages.forEach((each, index) => {
      each.inert = index !== current;
      if (Math.abs(index - current) === 1) each.querySelectorAll("img[loading=lazy]").forEach((img) => { img.loading = "eager"; });
    });
    dots.forEach((dot, index) => index === current ? dot.setAttribute("aria-disabled", "true") : dot.removeAttribute("aria-disabled"));
    disable(prev, current === 0);
    disable(next, current === last || gated(current));
    const skipHidden = current === last || page.dataset.skip === "false";
    if (skipHidden && document.activeElement === skip) pages[last].querySelector(".sg-finish")?.focus();
    skip.hidden = skipHidden;
  }

  const inPlace = (index) => {
    const from = track.getBoundingClientRect();
    const to = pages[index].getBoundingClientRect();
    return Math.abs(to.left - from.left) < 2 && Math.abs(to.top - from.top) < 2;
  };

  function scrollTo(index, instant) {
    const from = track.getBoundingClientRect();
    const to = pages[index].getBoundingClientRect();
    const smooth = !instant && !reduced.matches && data.transition === "slide";
    // An absolute target: scrollBy counts as a directional scroll, which snap-stop halts at the next page.
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
    if (mode) window.history[mode + "State"](null, "", "#" + pages[index].id);
    if (previous >= 0) status.textContent = data.status.replace("{n}", index + 1).replace("{count}", last + 1);
    if (data.transition === "fade" && !reduced.matches && previous >= 0) {
      pages[index].classList.add("sg-entering");
      pages[index].addEventListener("animationend", () => pages[index].classList.remove("sg-entering"), { once: true });
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
    const arrive = () => inPlace(index) ? done() : pending === done && track.addEventListener("scrollend", arrive, { once: true });
    const timer = setTimeout(done, 1500);
    pending = done;
    if (scrollTo(index, instant)) track.addEventListener("scrollend", arrive, { once: true });
    else done();
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
    if (!control || !root.contains(control)) return;
    if (control.getAttribute("aria-disabled") === "true") { event.preventDefault(); return; }
    const page = control.closest(".sg-page");
    if (page && control.closest(".sg-action")) { advanced.add(pages.indexOf(page)); render(); }
    if (control === prev || control === next) { go(current + (control === prev ? -1 : 1)); return; }
    if (dots.includes(control)) { go(dots.indexOf(control)); return; }
    if (control === skip) {
      if (!emit("skip", current, true)) { event.preventDefault(); return; }
      if (data.skipTarget === "exit") { markSeen(); return; }
    }
    if (control.classList.contains("sg-finish")) {
      if (emit("finish", current, true)) markSeen(); else event.preventDefault();
      return;
    }
    const hash = control.getAttribute("href") || "";
    const index = hash.startsWith("#") ? indexOf(decodeURIComponent(hash.slice(1))) : -1;
    if (index >= 0) { event.preventDefault(); go(index); }
  });

  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])")) return;
    const rtl = getComputedStyle(root).direction === "rtl";
    const keys = vertical ? ["ArrowUp", "ArrowDown"] : rtl ? ["ArrowRight", "ArrowLeft"] : ["ArrowLeft", "ArrowRight"];
    const target = { [keys[0]]: current - 1, [keys[1]]: current + 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(target);
  });

  addEventListener("popstate", () => go(Math.max(0, indexOf(decodeURIComponent(location.hash.slice(1)))), { history: null }));
  go(Math.max(0, indexOf(decodeURIComponent(location.hash.slice(1)))), { history: null, instant: true });
})();
