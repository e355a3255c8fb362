window.sitegen.part({
  "id": "help",
  "folder": "ar/help/",
  "title": "Help",
  "lang": "ar",
  "dir": "rtl",
  "close": "إغلاق",
  "carousel": "<section class=\"sg-carousel\" id=\"sg-carousel\" aria-roledescription=\"carousel\" aria-label=\"Help\" data-flow=\"help\" data-transition=\"slide\" data-orientation=\"horizontal\" data-show-once=\"false\" data-storage-key=\"sitegen:help\" data-content-version=\"7e4f06215d04d787\" data-content-versions=\"e60325008bd9cf9a a2b6d27ed00cbf4b 7e4f06215d04d787\" data-skip-target=\"last\" data-finish-href=\"../\" data-status=\"الصفحة {n} من {count}\" data-wide=\"محتوى عريض: مرّر أفقيًا لرؤيته كاملًا\">\n<div class=\"sg-track\" id=\"sg-track\" tabindex=\"0\">\n<div class=\"sg-page\" id=\"start\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"1 من 1\" data-skip=\"false\">\n<div class=\"sg-body\" lang=\"en\" dir=\"ltr\">\n<h1 id=\"start--getting-help\">Getting help</h1>\n<p>Write to us at any time.</p>\n</div>\n<div class=\"sg-controls\">\n<a class=\"sg-prev\">السابق</a>\n<ol class=\"sg-indicators\" aria-label=\"الصفحات\">\n<li><a class=\"sg-indicator\" href=\"#start\" aria-label=\"الصفحة 1: Getting help\" aria-current=\"step\"></a></li>\n</ol>\n<a class=\"sg-finish sg-button\" href=\"../\">ابدأ الآن</a>\n</div>\n</div>\n</div>\n<div class=\"sg-bar\">\n<button type=\"button\" class=\"sg-bar-prev\">السابق</button>\n<div class=\"sg-picker\" role=\"group\" aria-label=\"الصفحات\">\n<button type=\"button\" class=\"sg-dot\" aria-label=\"الصفحة 1: Getting help\"></button>\n</div>\n<span class=\"sg-bar-end\">\n<a class=\"sg-bar-skip\" href=\"#start\">تخطي</a>\n<button type=\"button\" class=\"sg-bar-next\">التالي</button>\n<a class=\"sg-bar-finish sg-finish sg-button\" href=\"../\" hidden>ابدأ الآن</a>\n</span>\n</div>\n<div class=\"sg-status sg-visually-hidden\" aria-live=\"polite\" aria-atomic=\"true\"></div>\n</section>",
  "code": false
});
