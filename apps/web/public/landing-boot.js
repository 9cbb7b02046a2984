// Loaded by the documents that paint before the app starts: home.html (served on / and /home, docs/decisions/0018
// and 0022) and login.html (/login, decisions 0028 and 0040), right after color-scheme.js
// (vite-plugins/landing-page.ts). Each names the app's entry in a meta instead of a script tag; this script adds
// the entry once the page's largest element has painted, so the entry and its files neither compete with that paint
// for the connection nor count towards it. The page's links are real links meanwhile (and login.html's fields
// take input, which the app adopts).
// - home.html: for a visitor whose language is English the hero shows at once and the app starts after its poster
//   has painted. A Hindi visitor keeps the branded frame (no English flash) and the app starts at once. Same
//   language rule as src/lib/language-choice.ts, applied by color-scheme.js.
// - login.html: the card is in both languages; the app starts after its intro has painted.
(function () {
  var root = document.documentElement;
  var isLanding = root.hasAttribute('data-landing');
  if (!isLanding && !root.hasAttribute('data-login')) return;
  var awaited = isLanding ? 'hero-poster' : 'login-card';
  var started = false;
  function startApp() {
    var entry = document.querySelector('meta[name="mohar:app"]');
    if (started || !entry) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry.getAttribute('content');
    document.head.appendChild(script);
  }
  function whenParsed(start) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
  }
  if (isLanding) {
    // color-scheme.js, run just before, marked a Hindi visitor's document (stored choice, else the browser's).
    if (root.lang === 'hi') return whenParsed(startApp);
    root.setAttribute('data-boot', 'landing');
  }
  function afterParse() {
    whenParsed(startApp);
  }
  setTimeout(afterParse, 2500);
  // Chromium reports the paint of the awaited element itself (Element Timing, the elementtiming attribute on the
  // hero's picture and on the login card's intro): the app starts right after that frame was presented, whatever
  // the load.
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('element') >= 0) {
      var observer = new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var i = 0; i < entries.length; i++) {
          if (entries[i].identifier === awaited) {
            observer.disconnect();
            return setTimeout(afterParse, 0);
          }
        }
      });
      observer.observe({ type: 'element', buffered: true });
      return;
    }
  } catch (e) {
    // No Element Timing: wait for the decode (the poster) or for two frames (the card's text) instead.
  }
  // Elsewhere: two frames after the poster has decoded, the hero's background has been painted with it (one frame
  // was not always enough for the background's own decode); the card's text is painted two frames after parsing.
  var afterPaint = function () {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(afterParse, 0);
      });
    });
  };
  if (!isLanding) return whenParsed(afterPaint);
  var poster = new Image();
  poster.src = '/media/mohar-demo-poster.avif';
  poster.decode().then(afterPaint, afterPaint);
})();
