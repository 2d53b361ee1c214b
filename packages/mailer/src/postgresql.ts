// The PostgreSQL outbox and SMTP keys, apart from the index so the flat-file default never loads the pg client.
export { openPgOutbox, OUTBOX_MIGRATIONS } from './pg-outbox';
export { openPgSentKeys } from './pg-sent-keys';
