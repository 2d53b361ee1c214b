import type { HaltStore } from './halt-store';
import type { ShareStore } from './share-store';

/**
 * Where people's and guards' decisions about staged rollouts are kept, so no restart, content
 * deploy or new replica forgets them: halts and share settings, in DATA_DIR
 * (`openFileRolloutStore`) or in PostgreSQL tables every replica reads (`openPgRolloutStore`).
 */
export interface RolloutStore extends HaltStore, ShareStore {
  /** Called when another replica may have changed a halt or a share (and after a reconnection). */
  onChange(listener: () => void): void;
  close(): Promise<void>;
}
