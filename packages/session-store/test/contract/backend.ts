import type { StoreBackend } from '@companion/database/testing';
import type { SignedOutSessions } from '../../src';

/** One way of keeping the sessions signed out, as the contract suite drives it (opened on the real clock). */
export type SignedOutBackend = StoreBackend<SignedOutSessions>;
