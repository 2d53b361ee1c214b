import type { components, operations } from './generated/openapi.js';
import type { OPERATIONS } from './generated/operations.js';

/** The id of every operation the client has a function for (`getNoticeById`, `postFeedback`, ...). */
export type OperationId = keyof typeof OPERATIONS;

/** Every error code the API documents. */
export type ErrorCode = components['schemas']['Error']['error']['code'];

type Operation<K extends OperationId> = operations[K];
type Parameters<K extends OperationId> = Operation<K>['parameters'];
type Responses<K extends OperationId> = Operation<K>['responses'];

/** `{}` when the operation has no such part, else the part, required when the document requires it. */
type Part<Name extends string, T> = [NonNullable<T>] extends [never] ? {} : undefined extends T ? { [P in Name]?: NonNullable<T> } : { [P in Name]: T };
type BodyPart<K extends OperationId> = Operation<K> extends { requestBody: { content: infer C } } ? { body: C[keyof C] } : {};

/** What a call takes: its path parameters, query parameters and JSON body, as the document types them. */
export type OperationArgs<K extends OperationId> = Part<'path', Parameters<K>['path']> & Part<'query', Parameters<K>['query']> & BodyPart<K>;

/** True when a call needs no arguments (every part is optional). */
export type ArgsOptional<K extends OperationId> = {} extends OperationArgs<K> ? true : false;

type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202>;
type SuccessContent<K extends OperationId> = Responses<K>[SuccessStatus<K>] extends { content: infer C } ? C : never;

/** The parsed success answer: its JSON (the envelope, or the document itself), or its text (RSS, Atom, CSS). */
export type OperationAnswer<K extends OperationId> = (typeof OPERATIONS)[K]['parse'] extends 'text'
  ? string
  : SuccessContent<K> extends { 'application/json': infer J }
    ? J
    : SuccessContent<K> extends { 'application/feed+json': infer F }
      ? F
      : unknown;

type CodeOf<E> = E extends { error: { code: infer C extends string } } ? C : never;
type ErrorBodyOf<R> = R extends { content: { 'application/json': infer E } } ? E : never;
/** Codes the API answers on any route (the document's default response). */
type AnyRouteCode = 'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'INTERNAL_ERROR';

/** The error codes an operation documents, and those any route may answer. */
export type OperationErrorCode<K extends OperationId> = CodeOf<ErrorBodyOf<Responses<K>[Exclude<keyof Responses<K>, SuccessStatus<K> | 304 | 'default'>]>> | AnyRouteCode;
