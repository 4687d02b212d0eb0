// Runs before first paint so a dark-mode user never sees a white flash. Kept external for the CSP.
(function () {
  try {
    var choice = localStorage.getItem("theme");
    var dark = choice === "dark" || (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch (e) {}
})();
