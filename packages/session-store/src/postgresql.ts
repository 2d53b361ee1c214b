// The PostgreSQL record of sessions signed out, apart from the index so the flat-file default never loads it.
export { openPgSignedOutSessions, SIGNED_OUT_MIGRATIONS } from './pg-signed-out-sessions';
export { SESSION_SECRET_MIGRATIONS } from './session-secret';
