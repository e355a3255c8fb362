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
window.sitegen.part?.(code);
const own = document.querySelector(".sg-flow .sg-carousel");
if (own) code(own);
})();
