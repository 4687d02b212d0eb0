// The only script of a prerendered public page (src/web/prerender/): the menu, the theme toggle and
// the signed-in links, which the SPA's components do with React. It follows the same rules:
// marketing/lib/use-signed-in.ts (the cookie hint, one get-session) and lib/theme.ts (the stored
// choice). Plain JavaScript, so the page needs no bundle; kept external for the CSP.
(function () {
  var HINT = "whq_signed_in";

  // Each element keeps what the page was rendered with, so a "no" from the server can put it back.
  function show(signedIn) {
    document.querySelectorAll("[data-signed-in-href]").forEach(function (a) {
      if (!a.hasAttribute("data-signed-out-href")) a.setAttribute("data-signed-out-href", a.getAttribute("href"));
      a.setAttribute("href", a.getAttribute(signedIn ? "data-signed-in-href" : "data-signed-out-href"));
    });
    document.querySelectorAll("[data-signed-in-text]").forEach(function (el) {
      if (!el.hasAttribute("data-signed-out-text")) el.setAttribute("data-signed-out-text", el.textContent);
      el.textContent = el.getAttribute(signedIn ? "data-signed-in-text" : "data-signed-out-text");
    });
    document.querySelectorAll("[data-signed-out-only]").forEach(function (el) {
      el.hidden = signedIn;
    });
  }

  function hasHint() {
    return document.cookie.split(";").some(function (c) {
      return c.trim().indexOf(HINT + "=") === 0;
    });
  }

  // No hint: signed out, and nothing is asked. A hint: believed at once, then confirmed; a "no"
  // clears it, and a server in trouble or out of reach leaves it believed.
  if (hasHint()) {
    show(true);
    fetch("/api/auth/get-session", { credentials: "same-origin" })
      .then(function (res) {
        if (!res.ok) return;
        return res.json().then(function (body) {
          if (body && body.user) return;
          document.cookie = HINT + "=; Path=/; Max-Age=0; SameSite=Lax";
          show(false);
        });
      })
      .catch(function () {});
  }

  var toggle = document.querySelector("[data-menu-toggle]");
  var nav = document.getElementById("public-nav");
  function setMenu(open) {
    if (!toggle || !nav) return;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", toggle.getAttribute(open ? "data-close-label" : "data-open-label"));
    nav.classList.toggle("hidden", !open);
    nav.classList.toggle("block", open);
  }
  if (toggle) {
    toggle.addEventListener("click", function () {
      setMenu(toggle.getAttribute("aria-expanded") !== "true");
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape") setMenu(false);
    });
  }

  // The footer's language links go to ?lang=xx, which the server answers in that language and keeps
  // in a cookie; the app (i18n/language.ts) starts in the choice kept here.
  document.querySelectorAll("[data-language]").forEach(function (a) {
    a.addEventListener("click", function () {
      try {
        localStorage.setItem("whq.language", a.getAttribute("data-language"));
      } catch (e) {}
    });
  });

  var theme = document.querySelector("[data-theme-toggle]");
  if (theme) {
    theme.addEventListener("click", function () {
      var dark = !document.documentElement.classList.contains("dark");
      try {
        localStorage.setItem("theme", dark ? "dark" : "light");
      } catch (e) {}
      document.documentElement.classList.toggle("dark", dark);
    });
  }
})();
