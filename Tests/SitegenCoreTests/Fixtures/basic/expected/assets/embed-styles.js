[the embedded theme's assets/embed-styles.js]
\n/* From sitegen.yml */\n:host {\n  --sg-accent: light-dark(#0a7d55, #5fd3a8);\n  --sg-radius: 6px;\n}\n");
