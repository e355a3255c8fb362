[the embedded theme's assets/embed-dialog.js]
