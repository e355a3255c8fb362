[the embedded theme's embed.js]
({"tour":["sitegen:tour","8e997e0bb6ce86f1",1]});
