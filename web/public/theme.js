// Applied before first paint so a dark-theme user never sees a light flash.
// A file, not an inline script: the Content-Security-Policy allows no inline code.
try {
  document.documentElement.dataset.theme = localStorage.getItem("theme") === "dark" ? "dark" : "light";
} catch {
  document.documentElement.dataset.theme = "light";
}
