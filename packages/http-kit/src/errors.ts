/**
 * Every error code the API answers with, its HTTP status and default message. The API
 * documentation lists the same table; a test keeps the two in step.
 */
export const ERROR_CODES = {
  BAD_PARAMETER: { status: 400, message: 'A path or query parameter is invalid.' },
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: 'The Idempotency-Key header is not one quoted string of 1 to 255 printable characters.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  MALFORMED_REQUEST: { status: 400, message: 'The request is not valid HTTP.' },
  UNAUTHORIZED: { status: 401, message: 'A valid bearer credential is required.' },
  FORBIDDEN: { status: 403, message: 'The credential lacks the scope this operation needs.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such route.' },
  RELEASE_NOT_FOUND: { status: 404, message: 'No release has this version.' },
  NOTICE_NOT_FOUND: { status: 404, message: 'No notice has this id.' },
  CODENAME_NOT_FOUND: { status: 404, message: 'No element has this name.' },
  ERROR_ENTRY_NOT_FOUND: { status: 404, message: 'No catalogue entry has this Flag.' },
  ENTRY_VERSION_NOT_FOUND: { status: 404, message: "The entry's history has no such version." },
  FEEDBACK_NOT_FOUND: { status: 404, message: 'No feedback has this id.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This route does not accept this method.' },
  DUPLICATE_FLAG: { status: 409, message: 'An entry with this Flag already exists.' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  IDEMPOTENCY_KEY_LOST: { status: 409, message: "The first answer to this Idempotency-Key may have been lost when the service's data was restored from a backup." },
  PRECONDITION_FAILED: { status: 412, message: 'The entry is not in the state If-Match names: it changed since it was read.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body exceeds 64 KiB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be application/json.' },
  VALIDATION_FAILED: { status: 422, message: 'The request body does not match the schema.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was used with another request.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; retry later.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request line and headers exceed 16 KiB.' },
  INTERNAL_ERROR: { status: 500, message: 'The service failed to handle the request.' },
  MAIL_UPSTREAM_FAILED: { status: 502, message: 'The mail server refused or dropped the message.' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'Storage cannot accept writes right now; reads still work.' },
  MAIL_TIMEOUT: { status: 504, message: 'The mail server did not answer in time.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error that becomes the contract's JSON error body with the code's status. */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}
