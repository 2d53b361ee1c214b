/** No draft has this number. */
export class UnknownDraftError extends Error {
  readonly code = 'DRAFT_NOT_FOUND';
  constructor(readonly id: number) {
    super(`No draft has the number ${id}.`);
  }
}

/** Someone acted on the draft since it was shown (another version now), or it is published or withdrawn. */
export class DraftChangedError extends Error {
  readonly code = 'DRAFT_CHANGED';
  constructor(
    readonly id: number,
    message: string,
  ) {
    super(message);
  }
}
