import type { StoreBackend } from '@companion/database/testing';
import type { AdoptionStore } from '../../src';

/** One way of storing install counts, as the contract suite drives it. */
export type AdoptionBackend = StoreBackend<AdoptionStore>;
