[the embedded theme's embed.js]
({"tour":["sitegen:tour","1e930bc8145a34d8",1]},["en"],(preferred, available, source) => source);
