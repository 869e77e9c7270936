import React, { type ReactNode } from 'react';
import ColorModeToggle from '@theme-original/ColorModeToggle';
import type ColorModeToggleType from '@theme/ColorModeToggle';
import type { WrapperProps } from '@docusaurus/types';
import { SYSTEM_CHOICE, THEME_STORAGE_KEY } from '@site/src/colorMode';

type Props = WrapperProps<typeof ColorModeToggleType>;

// The theme forgets a "system" choice (it deletes the key), which would turn the next visit dark again;
// keeping it as an explicit value lets src/colorMode.ts restore it before first paint. It is written
// straight to localStorage: the theme's storage helper would notify the colour-mode context, which reads
// "system" as "no choice" and deletes the key again.
function rememberSystemChoice(): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, SYSTEM_CHOICE);
  } catch {
    // Storage can be unavailable (private mode, blocked); the choice then lasts for this page only.
  }
}
export default function ColorModeToggleWrapper(props: Props): ReactNode {
  return (
    <ColorModeToggle
      {...props}
      onChange={(choice: Props['value']) => {
        props.onChange(choice);
        if (choice === null) rememberSystemChoice();
      }}
    />
  );
}
