// Applied before first paint so a dark-theme user never sees a light flash.
// A file, not an inline script: the Content-Security-Policy allows no inline code.
try {
  var t = localStorage.getItem("theme");
  document.documentElement.dataset.theme = t === "dark" ? "dark" : "light";
} catch (e) {
  document.documentElement.dataset.theme = "light";
}
