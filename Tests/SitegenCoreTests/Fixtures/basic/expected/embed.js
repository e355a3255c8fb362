[the embedded theme's embed.js]
({"tour":["sitegen:tour","9da1ecde52dd79ce",1]});
