import type { StoreBackend } from '@companion/database/testing';
import type { RolloutStore } from '../../src';

/** One way of keeping halts and share settings, as the contract suite drives it. */
export type RolloutBackend = StoreBackend<RolloutStore>;
