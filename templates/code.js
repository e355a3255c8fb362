/* sitegen's code blocks: a button on each that copies the block's text (its line numbers are not
   text, so they stay behind) and says "Copied" in the carousel's live region. Without JavaScript
   there is no button. `sitegen.code(carousel)` adds the buttons; a flow's page runs it on its own
   carousel, and embed.js on the one in its dialog. */
(() => {
  "use strict";
  const code = (root) => {
    const status = root.querySelector(".sg-status");
    for (const text of root.querySelectorAll(".sg-body pre > code")) {
      const pre = text.parentNode;
      let box = pre.parentNode;
      if (box.querySelector(":scope > .sg-copy")) continue;
      if (!box.classList.contains("sg-code")) {
        box = document.createElement("div");
        box.className = "sg-code";
        pre.replaceWith(box);
        box.append(pre);
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sg-copy";
      button.textContent = root.dataset.copy;
      button.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(text.textContent);
          status.textContent = "";
          status.textContent = root.dataset.copied;
        } catch (error) { /* no clipboard here: the text can still be selected */ }
      });
      box.prepend(button);
    }
  };
  if (!window.sitegen?.isSitegen) window.sitegen = { isSitegen: true };
  window.sitegen.code = code;
  // Loaded by embed.js, it hands itself to the loader, as the carousel's runtime does.
  window.sitegen.part?.(code);
  const own = document.querySelector(".sg-flow .sg-carousel");
  if (own) code(own);
})();
