[the embedded theme's assets/embed-styles.js]
");
