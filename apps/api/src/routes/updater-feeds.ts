import type { AdoptionRecorder } from '@companion/adoption-store';
import type { ContentSource } from '../deps';
import { electronFeedRoutes } from './electron-feed';
import { sparkleFeedRoutes } from './sparkle-feed';
import { squirrelFeedRoutes } from './squirrel-feed';
import type { RouteDef } from '@companion/route-table';
import { tauriFeedRoutes } from './tauri-feed';

/**
 * The updaters' own formats, built from the release files by @companion/updater-formats:
 * electron-updater, Sparkle, Tauri, and Electron's built-in autoUpdater (Squirrel.Mac and
 * Squirrel.Windows). Their feeds ignore query parameters they do not take: updaters and the
 * analytics and profiling they add write more than any list could hold.
 */
export function updaterFeedRoutes(adoption: Pick<AdoptionRecorder, 'seen'> | null | undefined, content: ContentSource): RouteDef[] {
  return [...electronFeedRoutes(content, adoption), ...sparkleFeedRoutes(adoption), ...tauriFeedRoutes(adoption), ...squirrelFeedRoutes(content, adoption)];
}
