[the embedded theme's embed.js]
({"help":["sitegen:help","e60325008bd9cf9a a2b6d27ed00cbf4b 7e4f06215d04d787",0],"tour":["sitegen:tour","a997575d0455f004 d84fc1fafcdffcbb 4935007c7ab9353b",1]},["en","ko","ar"],(preferred, available, source) => {
const found = {};
for (const tag of available) found[tag.toLowerCase().replace(/_/g, "-")] ??= tag;
for (const tag of preferred) {
let parts = String(tag).toLowerCase().replace(/_/g, "-").split("-");
if (!parts[0] || parts[0] === "*" || parts.includes("")) continue;
const candidates = [];
if (parts[0] === "zh" && parts.length > 1 && parts[1].length !== 4) {
candidates.push(parts.join("-"));
parts.splice(1, 0, ["tw", "hk", "mo"].includes(parts[1]) ? "hant" : "hans");
}
while (parts.length) {
candidates.push(parts.join("-"));
parts = parts.slice(0, -1);
if (parts.length && parts[parts.length - 1].length === 1) parts = parts.slice(0, -1);
}
for (const candidate of candidates) if (Object.hasOwn(found, candidate)) return found[candidate];
}
return source;
});
