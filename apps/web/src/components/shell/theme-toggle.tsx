import { MoonIcon } from './icons';
import { chooseTheme, useTheme } from './theme';

/**
 * 'Dark theme', pressed while the dark theme shows (docs/product/shell-and-navigation.md,
 * "Themes"). The words are hidden in the header, where the moon stands for them, and shown in the
 * drawer.
 */
export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost header-button theme-toggle"
      aria-pressed={dark}
      title="Dark theme"
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
    >
      <MoonIcon />
      <span className="theme-toggle-text">Dark theme</span>
    </button>
  );
}
