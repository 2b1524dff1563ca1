// Applies the theme the reader chose before the first paint, so a dark choice never flashes light
// (docs/product/shell-and-navigation.md, "Themes"). A plain file, not inline: the CSP allows no
// inline script. Without a choice the stylesheet follows prefers-color-scheme.
(() => {
  try {
    const theme = localStorage.getItem('verdict-theme');
    if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage may be off; the stylesheet then follows the system.
  }
})();
