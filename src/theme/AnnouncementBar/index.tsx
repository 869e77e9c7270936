import React, { type ReactNode } from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';

// Not on the home page: its hero's first button is the same link ("Make your first API call"), so the bar would only
// repeat it above the page's title.
export default function AnnouncementBarBesideHome(): ReactNode {
  const home = useBaseUrl('/');
  if (useLocation().pathname === home) return null;
  return <AnnouncementBar />;
}
