[the embedded theme's embed.js]
({"jawla":["sitegen:jawla","9e8aba33a3e4ecd1",0]},["ar"],(preferred, available, source) => source);
