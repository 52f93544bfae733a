import type { Decorator, Preview } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { INITIAL_VIEWPORTS, MINIMAL_VIEWPORTS } from 'storybook/viewport';
import '../src/index.css';

/**
 * Light or dark from the toolbar (or a story's own `globals: { theme }`): toggles `dark` on <html>,
 * as the theme machine does in the app, so menus and dialogs rendered in portals follow it too.
 */
const withTheme: Decorator = (Story, context) => {
  const theme = context.storyGlobals?.theme ?? context.globals.theme;
  // An inline story on a docs page would repaint the whole page; docs show stories in frames instead.
  if (context.viewMode !== 'docs') document.documentElement.classList.toggle('dark', theme === 'dark');
  return <Story />;
};

/** Every story gets its own in-memory router, so links work without leaving the story. */
function StoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const location = useMemo(() => memoryLocation({ path }), [path]);
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

const withRouter: Decorator = (Story, context) => (
  <StoryRouter key={context.id} path={(context.parameters.route as string | undefined) ?? '/'}>
    <Story />
  </StoryRouter>
);

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withRouter, withTheme],
  parameters: {
    layout: 'fullscreen',
    // Phones (e.g. iphonese2, 375 px wide) sit below the 900 px breakpoint where the nav collapses.
    viewport: { options: { ...MINIMAL_VIEWPORTS, ...INITIAL_VIEWPORTS } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Each story on a docs page gets its own frame, so a Dark story is dark there too and its
    // overlays stay inside it. Story files set the frame height that suits them.
    docs: { story: { inline: false, height: '120px' } },
  },
  tags: ['autodocs'],
};

export default preview;
