[the embedded theme's assets/sitegen.js]
