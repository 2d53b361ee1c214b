import { clusterBackend } from '@companion/database/testing';
import { openPgSignedOutSessions } from '../src/postgresql';
import { signedOutContract } from './contract/signed-out-contract';

signedOutContract(clusterBackend('signed_out', openPgSignedOutSessions));
