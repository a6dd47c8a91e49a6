// SPDX-License-Identifier: MIT-0
// The declarations of rtab's JavaScript target (compiler/targets/js). The names
// of the ruleset (TableName, InputName, OutcomeName, ..., Situation: each
// input's type) are literal types, declared after this part of the file from
// the ruleset: a misspelt table, input, enum value or outcome is a compile error.

/** An input's value in a situation: an enum value by id, a boolean, a number (an exact
 * number also as a BigInt or a decimal numeral in a string, "12.5"). */
export type InputValue = string | number | bigint | boolean;
/** A situation: the inputs given by id, each of its type; the others keep their defaults. */
export type Inputs = Readonly<Partial<Situation>>;
/** What a definition triggers or a chain steps through: a name of one of them. */
export type TargetName = TableName | ReactionSetName | TransitionName | DistanceName | ProcedureName;

/** An effect of an outcome, its arguments as enum value ids or integers;
 * units, when a parameter of its kind has one: each argument's unit or null. */
export interface Effect { effect: string; args: (string | number)[]; units?: (string | null)[] }

/** A modifier whose condition held, as rtab_resolve lists it. */
export interface Applied {
  modifier: ModifierName;
  value: number;
  signed_value: number;
  counted: boolean;
  shift: boolean;
}

/** The column fields every roll on a table gives. */
export interface ColumnFields {
  column: string;
  key: string | null;
  key_column: string | null;
  column_shift: number;
}

/** One roll on a table that gave an outcome (docs/vectors.md). */
export interface RolledResult extends ColumnFields {
  automatic: boolean;
  natural: number;
  modifier_raw: number;
  modifier: number;
  modified_roll: number;
  /** An opposed roll: the sum of each roll the table declares, by its name. */
  rolls?: Record<string, number>;
  applied: Applied[];
  natural_rule: boolean;
  rewritten_from: OutcomeName | null;
  outcome: OutcomeName;
  no_result?: undefined;
  code: string;
  /** The rule reference of what decided: the rewrite, the natural-roll rule, the row, else the table. */
  rule: string | null;
  effects: Effect[];
  /** What to resolve next, a trigger resolved N times listed N times. */
  triggers: TargetName[];
  /** For each of triggers: which trigger of the outcome it comes from (from 0). */
  trigger_of: number[];
  /** For each of triggers: the inputs it passes on (its first repeat's, for 'repeat' and 'earlier'). */
  trigger_inputs: Partial<Situation>[];
  provisional: string | null;
  reasons?: string[];
  numbers?: Record<string, number>;
}

/** A column without a result (an attack not allowed): outcome null, no_result true. */
export interface NoResult extends ColumnFields {
  outcome: null;
  no_result: true;
  provisional?: string | null;
}

/** One roll on a table: test `r.no_result` (or `r.outcome !== null`) for the rolled fields. */
export type TableResult = RolledResult | NoResult;

export interface ReactionsResult { options: string[]; leads: Record<string, TargetName | null> }
export interface TransitionResult { state: string | null }
export interface DistanceResult { values: { value: number | null; unit: string }[]; provisional: string | null }
export interface ProcedureResult {
  step: string | null;
  outcome: OutcomeName | null;
  effects?: Effect[];
  triggers?: TargetName[];
  numbers?: Record<string, number>;
}

/** One step of a chain: what it resolves (one of the kind keys), which trigger of the outcome
 * it is and its repeat (from 1), the inputs it was passed, and what it gave. */
export interface ChainStep {
  table?: TableName;
  reactions?: ReactionSetName;
  transition?: TransitionName;
  distance?: DistanceName;
  procedure?: ProcedureName;
  trigger: number;
  repeat: number;
  inputs: Partial<Situation>;
  outcome?: OutcomeName | null;
  no_result?: true;
  code?: string;
  rule?: string | null;
  state?: string | null;
  options?: string[];
  values?: { value: number | null; unit: string }[];
  step?: string | null;
  /** The runtime's message, when it refused the step. */
  error?: string;
}

/** A roll on a table followed through what its outcome triggers (Ruleset.chain). */
export interface ChainResult { outcome: OutcomeName | null; result: TableResult; steps: ChainStep[] }

/** A definition of the data: its id, its labels by locale, its rule. */
export interface Definition { id: string; rule?: string | null; [field: string]: unknown }

/** The sections of the data whose definitions have labels and rule references. */
export type Section = 'inputs' | 'enums' | 'dice' | 'effect_kinds' | 'outcomes' | 'modifiers' | 'groups' |
  'tables' | 'matrices' | 'bands' | 'reaction_sets' | 'transitions' | 'distances' | 'procedures' |
  'numeric_outcomes' | 'requirements' | 'units' | 'examples';

/** The ruleset as `rtab export --format json` writes it (docs/export.md). */
export interface RulesetData {
  format: 'rtab-export';
  version: number;
  data_version: number;
  source_hash: string;
  id: string;
  locales: Locale[];
  inputs: Definition[];
  outcomes: Definition[];
  tables: Definition[];
  reaction_sets: Definition[];
  transitions: Definition[];
  distances: Definition[];
  procedures: Definition[];
  [section: string]: unknown;
}

/** Every refusal of the module: status (the runtime's RTAB_E_*), reason (the runtime's message
 * for it, rtab_strerror), input (the input it is about, or null); message: the reason and, when
 * known, what is wrong. */
export declare class RtabError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly input: InputName | null;
  constructor(status: number, detail?: string | null, input?: string | null);
}

export declare const MESSAGES: Readonly<Record<string, string>>;
/** The rtab data model the module's resolver reads (RTAB_DATA_VERSION). */
export declare const DATA_MODEL: number;

export declare class Ruleset {
  /** data: the export; lowered: the resolver the module printed from its lowering; stamp: the
   * data model and source hash it was printed for. */
  constructor(data: RulesetData, lowered: unknown, stamp: { data_version: number; source_hash: string });
  readonly x: RulesetData;
  /** The hash of the ruleset the module was compiled from (its data's source_hash). */
  readonly sourceHash: string;
  readonly locales: Locale[];
  /** One roll on a table: faces in the order of the dice's groups, drm a modifier from outside. */
  resolve(table: TableName, inputs?: Inputs | null, faces?: readonly number[], drm?: number): TableResult;
  reactions(name: ReactionSetName, inputs?: Inputs | null): ReactionsResult;
  transition(name: TransitionName, inputs?: Inputs | null): TransitionResult;
  distance(name: DistanceName, inputs?: Inputs | null, faces?: readonly number[]): DistanceResult;
  procedure(name: ProcedureName, inputs?: Inputs | null): ProcedureResult;
  /** A roll on a table and each step its outcome triggers, in order; then[i]: the i-th step's faces. */
  chain(table: TableName, inputs?: Inputs | null, faces?: readonly number[], drm?: number,
        then?: readonly (readonly number[])[]): ChainResult;
  /** A definition's label in a locale (the first locale's where that one has none), or null. */
  label(section: Section, id: string, locale?: Locale): string | null;
  /** A definition's rule reference in a locale (its own there, else every locale's), or null. */
  rule(section: Section, id: string, locale?: Locale): string | null;
  /** The ruleset's title in a locale. */
  title(locale?: Locale): string | null;
  /** The id of the first requirement the situation breaks, or null. */
  requirementBroken(inputs: readonly number[]): string | null;
}

/** The answer to one situation of `rtab conform`: a result or { error }. */
export declare function answer(ruleset: Ruleset, situation: Record<string, unknown>): object;
