export { CatalogDrafts, type DraftLog } from './catalog-drafts';
export { DRAFT_ACTIONS, type Draft, type DraftAction, type DraftActor, type DraftChange, type DraftEvent, type DraftStatus } from './draft';
export { DraftChangedError, UnknownDraftError } from './draft-errors';
export { DRAFTS_FILE, JournalDraftLog } from './journal-drafts';
export { DRAFT_MIGRATIONS, PostgresDraftLog } from './postgres-drafts';
