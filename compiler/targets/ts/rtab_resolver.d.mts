// SPDX-License-Identifier: MIT-0
// The declarations of rtab's JavaScript target (compiler/targets/js).

/** An input's value in a situation: an enum value by id, a boolean, a number. */
export type InputValue = string | number | boolean;
export type Inputs = Readonly<Record<string, InputValue>>;

/** An effect of an outcome, its arguments as enum value ids or integers;
 * units, when a parameter of its kind has one: each argument's unit or null. */
export interface Effect { effect: string; args: (string | number)[]; units?: (string | null)[] }

/** A modifier whose condition held, as rtab_resolve lists it. */
export interface Applied {
  modifier: string;
  value: number;
  signed_value: number;
  counted: boolean;
  shift: boolean;
}

/** One roll on a table (docs/vectors.md); a column without a result has
 * outcome null and no_result true, and only the column fields. */
export interface TableResult {
  column: string;
  key: string | null;
  key_column: string | null;
  column_shift: number;
  automatic?: boolean;
  natural?: number;
  modifier_raw?: number;
  modifier?: number;
  modified_roll?: number;
  /** An opposed roll: the sum of each roll the table declares, by its name. */
  rolls?: Record<string, number>;
  applied?: Applied[];
  natural_rule?: boolean;
  rewritten_from?: string | null;
  outcome: string | null;
  no_result?: true;
  code?: string;
  effects?: Effect[];
  triggers?: string[];
  provisional?: string | null;
  numbers?: Record<string, number>;
}

export interface ReactionsResult { options: string[]; leads: Record<string, string | null> }
export interface TransitionResult { state: string | null }
export interface DistanceResult { values: { value: number | null; unit: string }[]; provisional: string | null }
export interface ProcedureResult {
  step: string | null;
  outcome: string | null;
  effects?: Effect[];
  triggers?: string[];
  numbers?: Record<string, number>;
}

/** A definition of the data: its id, its labels by locale, its rule. */
export interface Definition { id: string; rule?: string | null; [field: string]: unknown }

/** The ruleset as `rtab export --format json` writes it (docs/export.md). */
export interface RulesetData {
  format: 'rtab-export';
  version: number;
  id: string;
  locales: string[];
  inputs: Definition[];
  outcomes: Definition[];
  tables: Definition[];
  reaction_sets: Definition[];
  transitions: Definition[];
  distances: Definition[];
  procedures: Definition[];
  [section: string]: unknown;
}

/** A status of the runtime; message is the runtime's (rtab_strerror). */
export declare class RtabError extends Error {
  readonly status: number;
  constructor(status: number);
}

export declare const MESSAGES: Readonly<Record<string, string>>;

export declare class Ruleset {
  /** data: the export; lowered: the resolver the module printed from its lowering. */
  constructor(data: RulesetData, lowered: unknown);
  readonly x: RulesetData;
  /** One roll on a table: faces in the order of the dice's groups, drm a modifier from outside. */
  resolve(table: string, inputs?: Inputs, faces?: readonly number[], drm?: number): TableResult;
  reactions(name: string, inputs?: Inputs): ReactionsResult;
  transition(name: string, inputs?: Inputs): TransitionResult;
  distance(name: string, inputs?: Inputs, faces?: readonly number[]): DistanceResult;
  procedure(name: string, inputs?: Inputs): ProcedureResult;
  /** The id of the first requirement the situation breaks, or null. */
  requirementBroken(inputs: readonly number[]): string | null;
}

/** The answer to one situation of `rtab conform`: a result or { error }. */
export declare function answer(ruleset: Ruleset, situation: Record<string, unknown>): object;
