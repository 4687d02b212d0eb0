// The only script of the prerendered /auth (src/web/prerender/auth-page.tsx). The page downloads no
// React until the visitor touches, clicks, focuses or presses a key: then this loads the SPA (its
// entry and preloads, which the build wrote into the meta tags), and the SPA's AuthPage takes the
// form over with what was typed (features/auth/static-form.ts). Meanwhile a submit or a button is
// noted on the form for the SPA to do, and never sent as a GET. Plain JavaScript, external for the CSP.
(function () {
  var form = document.querySelector("#root form");
  var entry = document.querySelector('meta[name="whq-spa-entry"]');
  if (!form || !entry) return;
  form.setAttribute("data-static", "");
  var INTENT = ["pointerdown", "focusin", "keydown", "touchstart"];
  var started = false;

  function addTag(tag, attrs) {
    var el = document.createElement(tag);
    el.crossOrigin = "";
    for (var name in attrs) el.setAttribute(name, attrs[name]);
    document.head.appendChild(el);
  }

  function takeOver() {
    if (started) return;
    started = true;
    INTENT.forEach(function (type) {
      removeEventListener(type, takeOver, true);
    });
    var preloads = document.querySelector('meta[name="whq-spa-preloads"]');
    (preloads ? preloads.getAttribute("content") : "").split(" ").forEach(function (href) {
      if (href) addTag("link", { rel: "modulepreload", href: href });
    });
    addTag("script", { type: "module", src: entry.getAttribute("content") });
  }

  INTENT.forEach(function (type) {
    addEventListener(type, takeOver, { capture: true, passive: true });
  });
  // Already focused (a browser that restores focus, or a very quick visitor): that is intent too.
  if (document.activeElement && form.contains(document.activeElement)) takeOver();

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    form.setAttribute("data-submitted", "");
    takeOver();
  });
  // Show password, Forgot password, the sign-in / sign-up switch: the SPA clicks them again, each
  // click in order (two on the eye are shown and hidden again, not shown).
  form.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest('button[type="button"]');
    if (!button) return;
    var index = String(Array.prototype.indexOf.call(form.querySelectorAll("button"), button));
    var before = form.getAttribute("data-clicked");
    form.setAttribute("data-clicked", before ? before + " " + index : index);
    takeOver();
  });
})();
