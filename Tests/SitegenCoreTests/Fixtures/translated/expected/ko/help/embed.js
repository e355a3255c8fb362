window.sitegen.part({
  "id": "help",
  "folder": "ko/help/",
  "title": "Help",
  "lang": "ko",
  "dir": "ltr",
  "close": "닫기",
  "carousel": "<section class=\"sg-carousel\" id=\"sg-carousel\" aria-roledescription=\"carousel\" aria-label=\"Help\" data-flow=\"help\" data-transition=\"slide\" data-orientation=\"horizontal\" data-show-once=\"false\" data-storage-key=\"sitegen:help\" data-content-version=\"a2b6d27ed00cbf4b\" data-content-versions=\"e60325008bd9cf9a a2b6d27ed00cbf4b 7e4f06215d04d787\" data-skip-target=\"last\" data-finish-href=\"../\" data-status=\"{count}페이지 중 {n}페이지\" data-wide=\"넓은 콘텐츠: 옆으로 스크롤하면 전체를 볼 수 있습니다\">\n<div class=\"sg-track\" id=\"sg-track\" tabindex=\"0\">\n<div class=\"sg-page\" id=\"start\" role=\"group\" aria-roledescription=\"slide\" aria-label=\"1/1\" data-skip=\"false\">\n<div class=\"sg-body\">\n<h1 id=\"start--도움-받기-getting-help\">도움 받기 {#getting-help}</h1>\n<p>언제든지 문의하세요.</p>\n</div>\n<div class=\"sg-controls\">\n<a class=\"sg-prev\">이전</a>\n<ol class=\"sg-indicators\" aria-label=\"페이지\">\n<li><a class=\"sg-indicator\" href=\"#start\" aria-label=\"1페이지: 도움 받기 {#getting-help}\" aria-current=\"step\"></a></li>\n</ol>\n<a class=\"sg-finish sg-button\" href=\"../\">시작하기</a>\n</div>\n</div>\n</div>\n<div class=\"sg-bar\">\n<button type=\"button\" class=\"sg-bar-prev\">이전</button>\n<div class=\"sg-picker\" role=\"group\" aria-label=\"페이지\">\n<button type=\"button\" class=\"sg-dot\" aria-label=\"1페이지: 도움 받기 {#getting-help}\"></button>\n</div>\n<span class=\"sg-bar-end\">\n<a class=\"sg-bar-skip\" href=\"#start\">건너뛰기</a>\n<button type=\"button\" class=\"sg-bar-next\">다음</button>\n<a class=\"sg-bar-finish sg-finish sg-button\" href=\"../\" hidden>시작하기</a>\n</span>\n</div>\n<div class=\"sg-status sg-visually-hidden\" aria-live=\"polite\" aria-atomic=\"true\"></div>\n</section>",
  "code": false
});
