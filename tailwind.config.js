/**
 * The theme of the app (Tailwind 4, loaded by `@config` in src/index.css).
 * The CSS variables behind the semantic colours, for light and dark, live in src/index.css.
 *
 * @type {import('tailwindcss').Config}
 */
export default {
  // Dark mode follows the .dark class that the theme machine sets on <html>. 'selector' gives
  // `&:where(.dark, .dark *)`, which matches <html> itself; 'class' would give `&:is(.dark *)`.
  darkMode: 'selector',
  theme: {
    // Layout breakpoints xs 0, sm 600, md 900, lg 1200, xl 1536 (spec 1 §9). There is no 2xl.
    screens: {
      sm: '600px',
      md: '900px',
      lg: '1200px',
      xl: '1536px',
    },
    // One spacing unit is 8 px: p-1 = 8 px, p-2 = 16 px, p-0.5 = 4 px.
    // DEFAULT is the unit every numeric spacing class multiplies (`--spacing` in CSS terms).
    spacing: {
      DEFAULT: '8px',
    },
    extend: {
      colors: {
        // Brand green #1DA425. Text and filled buttons use the darker shades, which meet WCAG AA contrast.
        brand: {
          50: '#edfbee',
          100: '#d3f5d5',
          200: '#a6eaab',
          300: '#6ad472',
          400: '#3cbd45',
          500: '#1da425',
          600: '#17861e',
          700: '#136b19',
          800: '#125617',
          900: '#0e4212',
        },
        // Semantic colours: light and dark values are the CSS variables in src/index.css.
        surface: 'var(--surface)',
        'surface-raised': 'var(--surface-raised)',
        ink: 'var(--ink)',
        muted: 'var(--muted)',
        line: 'var(--line)',
        danger: 'var(--danger)',
        // A fill under white text (buttons): the text colour `danger` is too light for that in dark mode.
        'danger-solid': 'var(--danger-solid)',
        link: 'var(--link)',
      },
      // Border radius 4 px.
      borderRadius: {
        DEFAULT: '4px',
        sm: '2px',
        md: '4px',
        lg: '8px',
      },
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', '-apple-system', "'Segoe UI'", 'Roboto', 'sans-serif'],
      },
      animation: {
        'spin-brand': 'spin 0.75s linear infinite',
      },
    },
  },
};
