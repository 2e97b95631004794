// The JavaScript API of gatehouse.wasm: the written contract of DESIGN.md ("The JavaScript API"),
// mirrored by hand from the Go response types, plus the page's worker protocol.
//
// gatehouse.mjs loads gatehouse.wasm and returns its functions (a Loaded). Every function takes
// ONE JSON string and returns ONE JSON string, synchronously. Bad user input never throws: it
// comes back in `problems`. Texts (T) are passed exactly as pasted, so positions can be reported.
// Fields may be added to any answer; none listed here may change meaning.
//
//   import { load } from './gatehouse.mjs';
//   const gatehouse = await load(fetch('gatehouse.wasm'));   // or the bytes, or a WebAssembly.Module
//   const answer = JSON.parse(gatehouse.validate(JSON.stringify({ schema, instance: text })));
//
// A script that runs wasm_exec.js and go.run(instance) itself finds the same functions on
// globalThis.gatehouse (through syscall/js, ~10–20 µs slower per call).

/** A JSON text whose value has the shape T. The brand is only for readers and type checkers. */
export type JSONText<T> = string & { readonly __json?: T };

/** A text exactly as the user pasted it. */
export type Text = string;

export type Source =
  | 'schema' | 'instance' | 'call' | 'catalog' | 'policy' | 'decision'
  | 'left' | 'right' | 'fragment' | 'lock' | 'ignore' | 'transcript' | 'result';

/** "internal" marks a bug in gatehouse (a recovered panic), never a problem with the input. */
export type Kind = 'parse' | 'schema' | 'validation' | 'rule' | 'limit' | 'internal';

/** One thing wrong with one text. Line and column are 1-based; column counts Unicode code points. */
export interface Problem {
  /** "request" when the request itself was not the JSON the function takes; "page" for the page's own messages. */
  source: Source | 'request' | 'page';
  kind: Kind;
  message: string;
  line?: number;
  column?: number;
  /** JSON Pointer into the instance (validation problems). */
  instanceLocation?: string;
  /** JSON Pointer into the schema, keyword included. */
  keywordLocation?: string;
  /** Byte offset in the text; -1 when unknown. */
  offset: number;
  /** For a "schema" problem inside one of the resources: that resource's URL (line and column are in its text). */
  document?: string;
  /**
   * For a validation problem inside one branch of a oneOf or anyOf: which. `best` marks the
   * branch that came closest (fewest problems, deepest match); a reader may fold the others.
   */
  alternative?: { of: string; branch: number; best: boolean };
}

/** The language of an answer's messages; a longer tag ("fr-CH") counts as its language. Any other value is answered in English with a problem of source "request". */
export type Lang = 'en' | 'fr' | 'de';

/** What every request may add: the language of the answer's messages (default "en"). Names, pointers, reasons, rule names and severities are the same in every language. */
export interface Localized {
  lang?: Lang | string;
}

export type Draft = '4' | '6' | '7' | '2019-09' | '2020-12';

// ---- validate ----

export interface ValidateRequest extends Localized {
  schema: Text;
  instance: Text;
  /** Used when the schema has no $schema; default "2020-12". */
  draft?: Draft;
  /** More schema documents by URL, so a $ref across files resolves with no fetch. */
  resources?: Record<string, Text>;
  /** Make "format" an assertion (off by default, as 2020-12 says). */
  assertFormats?: boolean;
}
/**
 * A value that matches none of the alternatives of a oneOf or anyOf, for a view to show on one
 * line with the closest alternative's problems under it.
 */
export interface Unmatched {
  source: Source;
  instanceLocation: string;
  /** The oneOf's or anyOf's place in the schema. */
  keywordLocation: string;
  /** How many alternatives there are, and the index of the closest. */
  alternatives: number;
  best: number;
  /** 'matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")' */
  message: string;
  line?: number;
  column?: number;
  /** The indexes in `problems` of the problems in its alternatives. */
  problems: number[];
}
export interface ValidateResponse {
  valid: boolean;
  problems: Problem[];
  /** The "format" failures the instance would have with formats asserted, when they were not. */
  unassertedFormats?: Problem[];
  /** The values that match none of the alternatives of a oneOf or anyOf (absent when none). */
  unmatched?: Unmatched[];
}

// ---- gate ----

export interface GateRequest extends Localized {
  call: Text;
  catalog: Text;
  policy: Text;
}

export type Verdict = 'allow' | 'deny' | 'ask';
export type Reason =
  | 'ok' | 'tool_not_allowlisted' | 'definition_changed' | 'arguments_invalid'
  | 'grant_missing' | 'policy_violation' | 'needs_confirm' | 'flow' | 'unreadable_transcript';

/** One argument rule that did not hold (host list, workspace, enum, pattern, secret, …). */
export interface Violation {
  /** JSON Pointer into the arguments, e.g. "/url". */
  argument: string;
  rule: 'hosts' | 'schemes' | 'workspace' | 'enum' | 'pattern' | 'max_length' | 'secret' | string;
  /** Plain English; never the secret itself. */
  message: string;
}

/** The decision for one call: seed 000's JSON, extended. */
export interface Decision {
  /** The tool's catalog key ("server/name" in a multi-server catalog). */
  tool: string;
  server?: string;
  argumentsValid: boolean;
  /**
   * Whether the arguments were checked against the tool's schema at all: false when the call,
   * the catalog or the schema could not be read, or the tool is not in the catalog. A decision
   * that allows must have checked them (checkDecision refuses one that did not).
   */
  argumentsChecked: boolean;
  toolAllowed: boolean;
  grant: string[];
  decision: Verdict;
  reason: Reason;
  detail?: 'unreadable_call' | 'policy_invalid' | 'not_in_catalog' | 'ambiguous_tool' | 'not_in_allow_tools'
    | 'invalid_json' | 'duplicate_key' | 'schema_rejected';
  required: string[];
  missing: string[];
  /** The arguments' problems (parse and schema), placed in the pasted call. */
  errors: Problem[];
  violations: Violation[];
  /** For definition_changed, when the policy keeps the reviewed definition. */
  changedFields?: string[];
  /** The call's shape: "openai-chat", "openai-responses", "anthropic", "gemini", "mcp". */
  format: string;
  id?: string;
  /** The whole call, for the log. */
  call: unknown;
  /** What decided, then every reason found, in plain English. */
  explanation: string[];
  /** The reasons as problems, each placed in the text it is about (call, catalog or policy). */
  evidence: Problem[];
  /**
   * The argument values that match none of the alternatives of a oneOf or anyOf, each with the
   * indexes of its alternatives' problems in evidence (one line per value, as validate's).
   */
  unmatched?: Unmatched[];
  /** The policy's flow rules that matched, where a session's flows were checked (replay, proxy). */
  flow?: FlowEvidence[];
}

/** One flow rule that matched a call, and the earlier result it points at. */
export interface FlowEvidence {
  /** The rule's index in the policy's flows.rules, its pointer and place there. */
  rule: number;
  pointer: string;
  ruleLine?: number;
  ruleColumn?: number;
  kind: 'after' | 'carries';
  label: string;
  call: string;
  then: 'ask' | 'deny';
  /** The rules that made the decision. */
  decided: boolean;
  /** The result: the index of the call it answered, and its tool. */
  result: { index: number; tool: string };
  /** carries: the argument (a JSON Pointer) that carries the result's text, and how it was read. */
  argument?: string;
  decodedFrom?: 'percent-encoding' | 'base64';
  /** The shared text, quoted (withheld where it looks like a secret), placed in the transcript. */
  quote?: string;
  line?: number;
  column?: number;
  /** The session's fingerprint bound was reached: carries acted as after. */
  overflow?: boolean;
}

export interface GateResponse {
  /** One per call. */
  decisions: Decision[];
  /** The most restrictive: deny > ask > allow. */
  decision: Decision | null;
  problems: Problem[];
}

// ---- checkDecision ----

export interface CheckDecisionRequest extends Localized {
  decision: Text;
  policy?: Text;
  /** The decision schema to hold it to (e.g. the seed's); default the project's own. */
  schema?: Text;
}
export interface CheckDecisionResponse {
  verdict: 'ok' | 'schema_rejected' | 'rule_refused';
  should: Verdict;
  problems: Problem[];
}

// ---- diff ----

export interface DiffRequest extends Localized {
  left: Text;
  right: Text;
  /** auto: "lock" when the left is a lock and the right a catalog, "catalog" when both are catalogs, else "patch". */
  mode: 'auto' | 'patch' | 'catalog' | 'lock';
  /** Leave the RFC 6902 patch out of a catalog comparison (its `patch` is then null): the report first, the patch when the reader opens it. */
  omitPatch?: boolean;
  /** Compare a plain JSON diff's arrays by content; catalogs keep their report keyed by tool name. */
  ignoreArrayOrder?: boolean;
}

/** Where one patch operation falls: right (line, column) for added, left for removed, both for changed. */
export interface PatchPlace {
  op: number;
  change: 'changed' | 'added' | 'removed';
  line?: number;
  column?: number;
  leftLine?: number;
  leftColumn?: number;
}

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  from?: string;
  value?: unknown;
}

export type SchemaChangeClass = 'loosened' | 'tightened' | 'mixed' | 'neutral' | 'unchanged';
export type Risk = 'high' | 'medium' | 'low';

/** Where something is: in the right text (line, column) and the left (leftLine, leftColumn). */
export interface Placed {
  pointer: string;
  line: number;
  column: number;
  leftPointer: string;
  leftLine: number;
  leftColumn: number;
}

export interface SchemaChange extends Placed {
  schema: 'inputSchema' | 'outputSchema';
  schemaPointer: string;
  /** A short code, e.g. "additionalProperties-removed". */
  change: string;
  class: 'loosened' | 'tightened' | 'neutral';
  message: string;
}

export interface AnnotationFlip extends Placed {
  hint: string;
  from: unknown;
  to: unknown;
  class: 'riskier' | 'safer';
  message: string;
}

/** A tool on both sides whose definition differs. */
export interface ToolChange extends Placed {
  tool: string;
  /** Top-level tool fields that differ (description, inputSchema, annotations, title, …). */
  fields: string[];
  schema: SchemaChangeClass;
  risk: Risk;
  /** Why the risk is what it is, in plain words. */
  reasons: string[];
  /** Word diff of the description, when it changed; placed in the right text. */
  description?: { segments: Array<{ op: 'equal' | 'insert' | 'delete'; text: string }>; pointer: string; line: number; column: number };
  schemaChanges: SchemaChange[];
  annotations: AnnotationFlip[];
  /** Lint findings the new definition trips and the old did not. */
  newFindings: LintFinding[];
}

/** An added tool (placed in the right text) or a removed one (placed in the left). */
export interface ToolReport {
  tool: string;
  risk: Risk;
  reasons: string[];
  findings?: LintFinding[];
  pointer: string;
  line: number;
  column: number;
}

export interface CatalogDiff {
  added: string[];
  removed: string[];
  changed: ToolChange[];
  unchanged: string[];
  /** A removed and an added tool with (nearly) the same definition; both also stay in added and removed. */
  renamed: Array<{ from: string; to: string; similarity: number }>;
  addedTools: ToolReport[];
  removedTools: ToolReport[];
  summary: { added: number; removed: number; changed: number; unchanged: number; renamed: number; highRisk: number; text: string };
}

/** A catalog (right) verified against a lock file (left). */
export interface LockReport {
  ok: boolean;
  changed: string[];
  added: string[];
  removed: string[];
  unchanged: string[];
  /** One per tool whose pin does not hold, placed in its text (side "right" or "left"). */
  tools: Array<{
    tool: string;
    status: 'changed' | 'added' | 'removed';
    pinned?: string;
    actual?: string;
    side: 'left' | 'right';
    pointer: string;
    line?: number;
    column?: number;
    message: string;
  }>;
}

export interface DiffResponse {
  mode: 'patch' | 'catalog' | 'lock';
  /** Turns left into right (RFC 6902); given in every mode but "lock"; null when the request said omitPatch. */
  patch: PatchOperation[] | null;
  catalog?: CatalogDiff;
  lock?: LockReport;
  /** Lint findings of the right catalog (catalog and lock modes). */
  findings?: LintFinding[];
  /** Where a plain diff's operations fall in the two texts (patch mode). */
  places?: PatchPlace[];
  problems: Problem[];
}

// ---- lint ----

export interface LintRequest extends Localized {
  catalog: Text;
  /**
   * A lint configuration: {"ignore": [{"rule", "tool", "reason"}]}. Findings it names are returned
   * in `suppressed`, never dropped; an unknown rule or tool is a problem of source "ignore".
   */
  ignore?: Text;
  /** A policy, optional: its flows' labels join what the lethal-trifecta finding infers, and its flow rules lower its severity. */
  policy?: Text;
}
export interface LintFinding {
  rule: string;
  severity: 'high' | 'medium' | 'low';
  /** The tool's key in the catalog. */
  tool: string;
  /** JSON Pointer of the value the finding is about. */
  pointer: string;
  message: string;
  /** The text that tripped the rule, hidden characters written visibly ("U+200B"). */
  evidence: string;
  /** Where the evidence itself is in the catalog text; 0 when unknown. */
  line: number;
  column: number;
  /** One sentence: why the finding matters. */
  why: string;
  /**
   * What the evidence was read through when it is not the text as written: "base64", "hex",
   * "percent-encoding", "html-entities", "unicode-tags", "variation-selectors", "confusables",
   * "nfkc", "letter-shift" (letters moved along the alphabet, as ROT13; the result check's)
   * (or "base64 then hex"…).
   */
  decodedFrom?: string;
  /** Set on a suppressed finding: the configuration's reason and the entry's place in it. */
  suppression?: { reason: string; line: number; column: number };
}
export interface LintResponse {
  findings: LintFinding[];
  /** Findings the lint configuration suppressed, each with its `suppression`. */
  suppressed: LintFinding[];
  problems: Problem[];
}

// ---- checkResult ----

export interface CheckResultRequest extends Localized {
  /**
   * A tool's result as received: an MCP CallToolResult, a JSON-RPC response wrapping one, an
   * OpenAI Chat tool message, an OpenAI Responses function_call_output, an Anthropic tool_result,
   * a Gemini functionResponse part, or a list or conversation holding them with their calls.
   */
  result: Text;
  /** The server's tools/list answer: the tool's outputSchema checks structuredContent. */
  catalog?: Text;
  /** The tool's name; else found from the result, the call by id, or the log's request by id. */
  tool?: string;
  /** The call the result answers, in any shape gate reads. */
  call?: Text;
  /** A policy; only its "results" section is read, and one holding only it is valid. */
  policy?: Text;
}
export interface CheckResultResponse {
  verdict: 'pass' | 'flag' | 'block';
  /** Why the verdict is not pass, one sentence each. */
  reasons: string[];
  /**
   * What the model would read that a reviewer should see: lint's text rules under the result
   * profile, and the result's own (model-takeover, reply-directive, markdown-exfiltration naming
   * the host, structured-text-mismatch, structured-without-text), placed in the result text.
   */
  findings: LintFinding[];
  /** structuredContent against the tool's outputSchema; problems at their line in the result. */
  schema: { checked: boolean; valid: boolean; problems: Problem[] };
  /** The result's bytes and content blocks against the policy's max_bytes and max_blocks. */
  size: { bytes: number; limit: number; blocks: number; blockLimit: number };
  problems: Problem[];
  /** The tool found for the result ("" when none) and the result's shape. */
  tool: string;
  shape?: 'mcp' | 'jsonrpc' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
  /** The result is an error (isError, a JSON-RPC error, is_error): read as the tool's failure, scanned, not schema-checked. */
  isError: boolean;
  /** Hidden characters on_injection "strip" removed. */
  stripped: number;
  /**
   * The text to hand on instead: on block, the same text with each result replaced by an error
   * result of its shape saying why; on strip, the result without its hidden characters.
   */
  replacement?: string;
}

// ---- pin ----

export interface PinRequest extends Localized {
  catalog: Text;
}
export interface PinResponse {
  /** tool → "sha256:<hex>" over RFC 8785 (JCS) of the whole tool object. */
  pins: Record<string, string>;
  problems: Problem[];
}

// ---- sarif ----

export interface SARIFRequest extends Localized {
  /** Lint findings, as lint or diff answered them. */
  findings: LintFinding[];
  /** Suppressed findings (lint's `suppressed`), reported with their suppression. */
  suppressed?: LintFinding[];
  /** The catalog's name in the log, e.g. "right.json"; `ignoreUri` the lint configuration's. */
  uri: string;
  ignoreUri?: string;
}
export interface SARIFResponse {
  /** A SARIF 2.1.0 log, as `gatehouse lint --format sarif` writes it. */
  sarif: string;
  problems: Problem[];
}

// ---- format ----

export interface FormatRequest extends Localized {
  text: Text;
  /** "  " (or any indent) to pretty-print; "" to minify. */
  indent: string;
  /** The text's name in problems; default "instance". */
  source?: Source;
}
export interface FormatResponse {
  /** The text re-written, every number and string exactly as it was (the input when there are problems). */
  text: string;
  problems: Problem[];
}

// ---- about ----

/** What this build knows, so a page or script reads the orders and limits instead of repeating them. */
export interface AboutResponse {
  version: string;
  /** Severities of lint findings and catalog-diff risks, most urgent first. */
  severities: Array<'high' | 'medium' | 'low'>;
  limits: {
    /** One pasted text, in bytes. */
    textBytes: number;
    /** Nesting of arrays and objects. */
    depth: number;
    /** A share link's fragment, in bytes. */
    fragmentBytes: number;
    /** A share link's texts once inflated, in bytes. */
    stateBytes: number;
    /** How many problems a view (the CLI's text, the page's lists) shows before "… and N more" (the answers hold them all). */
    shownProblems: number;
  };
  lintRules: Array<{
    name: string;
    /** The highest severity the rule gives. */
    severity: 'high' | 'medium' | 'low';
    summary: string;
    /** One sentence: why a finding of the rule matters. */
    why: string;
    /** What the rule looks for, what lowers it, what to do. */
    help: string;
    /** The attack families the rule catches at high ("hidden-text", "exfiltration", …). */
    families?: string[];
  }>;
  drafts: Draft[];
  /** The draft of a schema that names none. */
  defaultDraft: Draft;
  callFormats: string[];
  /** The languages a request's lang may name, English (the default) first. */
  languages: Lang[];
  reasons: Reason[];
  /**
   * The characters gatehouse counts as hidden, as sorted inclusive [low, high] code points
   * (the page's hidden.js is generated from it).
   */
  hidden: Array<[number, number]>;
  problems: Problem[];
}

// ---- state ----

export interface SchemaPaneState {
  schema: Text;
  instance: Text;
  draft?: Draft | string;
  resources?: Record<string, Text>;
  assertFormats?: boolean;
}
export interface DecisionPaneState {
  call: Text;
  catalog: Text;
  policy: Text;
  decision: Text;
  /** The decision schema of the "check a decision" mode. */
  schema?: Text;
  /** The session of the "replay a session" mode (gatehouse.replay). */
  transcript?: Text;
  /** The tool's result the gate mode checks beside the call (gatehouse.checkResult). */
  result?: Text;
  mode?: 'gate' | 'check' | 'session';
}
export interface DiffPaneState {
  left: Text;
  right: Text;
  mode?: 'auto' | 'patch' | 'catalog' | 'lock';
  ignoreArrayOrder?: boolean;
}
export interface State {
  pane: 'schema' | 'decision' | 'diff';
  panes: {
    schema: SchemaPaneState;
    decision: DecisionPaneState;
    diff: DiffPaneState;
  };
  options: { lang?: 'en' | 'fr' | 'de' | string };
}

export interface EncodeStateResponse {
  /** "#v1." + base64url(deflate-raw(JSON of the state)); the deflate stream opens with a stored
   *  block holding the JSON's first member, `{"pane":"…",`, so the pane is read without inflating. */
  fragment: string;
  problems: Problem[];
}
/** encodeState's request: the state's own members, and lang. */
export interface EncodeStateRequest extends State, Localized {}

export interface DecodeStateRequest extends Localized {
  fragment: string;
}
export interface DecodeStateResponse {
  state: State;
  problems: Problem[];
}

export interface ReplayRequest extends Localized {
  /** A session: OpenAI Chat messages, Responses items, Anthropic messages, Gemini contents, an MCP JSON-RPC log (JSON lines) or gatehouse's decision log. */
  transcript: Text;
  catalog: Text;
  policy: Text;
}
export interface ReplayCall {
  /** 0-based order of the call among the transcript's calls. */
  index: number;
  tool: string;
  server?: string;
  id?: string;
  line?: number;
  column?: number;
  /** The gate's decision, tightened by the flows; evidence placed in the transcript. */
  decision: Decision;
}
/** The result check's answer for one result (checkResult's), with the call it answers and its labels. */
export interface ReplayedResult extends CheckResultResponse {
  /** The index of the call the result answers. */
  index: number;
  /** Its labels: its tool's (the policy's flows) and "injected" when the check flagged or blocked it. */
  labels: string[];
  /** Where the result starts in the transcript (its findings are placed in its own text). */
  line?: number;
  column?: number;
}
export interface ReplayResponse {
  shape: '' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp-log' | 'decision-log';
  calls: ReplayCall[];
  results: ReplayedResult[];
  problems: Problem[];
}

// ---- the API ----

export interface Gatehouse {
  readonly version: string;
  validate(request: JSONText<ValidateRequest>): JSONText<ValidateResponse>;
  gate(request: JSONText<GateRequest>): JSONText<GateResponse>;
  checkDecision(request: JSONText<CheckDecisionRequest>): JSONText<CheckDecisionResponse>;
  diff(request: JSONText<DiffRequest>): JSONText<DiffResponse>;
  lint(request: JSONText<LintRequest>): JSONText<LintResponse>;
  /** Decide every call of a session's transcript, with the policy's flows across calls (issue 18). */
  replay(request: JSONText<ReplayRequest>): JSONText<ReplayResponse>;
  /** Check what a tool returned before the model reads it: outputSchema, size, instructions. */
  checkResult(request: JSONText<CheckResultRequest>): JSONText<CheckResultResponse>;
  pin(request: JSONText<PinRequest>): JSONText<PinResponse>;
  /** Lint findings as a SARIF 2.1.0 log for code scanning, the CLI's log. */
  sarif(request: JSONText<SARIFRequest>): JSONText<SARIFResponse>;
  encodeState(request: JSONText<EncodeStateRequest>): JSONText<EncodeStateResponse>;
  decodeState(request: JSONText<DecodeStateRequest>): JSONText<DecodeStateResponse>;
  /** Pretty-print or minify, numbers exact (the page's Format and Minify buttons). */
  format(request: JSONText<FormatRequest>): JSONText<FormatResponse>;
  /** What this build knows: severities, limits, lint rules, drafts (takes "{}"). */
  about(request: JSONText<Localized>): JSONText<AboutResponse>;
  /** Releases the functions and lets the Go program end (a Node script that is done). */
  close(): void;
}

// ---- the page's worker protocol (site/worker.js, site/checker.js) ----
//
// The page runs one worker per lane (its own requests, and each pane's checks). The served page's
// own lane and the Schema pane's load gatehouse-schema.wasm (validate, format, about, encodeState,
// decodeState), the other panes' gatehouse.wasm, when first used; the single-file page loads the
// whole module on every lane. A module's first worker compiles it and hands the compiled module
// back; that module's next workers instantiate it. A
// lane's worker is ended (terminate) when its check goes stale or is cancelled, and a new one
// takes its place. The one place that loads the wasm and calls it is loadChecker in worker.js.

export type FunctionName = Exclude<keyof Gatehouse, 'version' | 'close'>;

/** page → worker, first: where the checker comes from. */
export interface WorkerLoad {
  type: 'load';
  /** A module another lane's worker compiled; without it the worker compiles the module named by wasm itself. */
  module?: WebAssembly.Module;
  /** The module to fetch beside the worker: 'gatehouse-schema.wasm', or 'gatehouse.wasm' (the default). */
  wasm?: 'gatehouse.wasm' | 'gatehouse-schema.wasm';
  /** The wasm itself, gzip-compressed and base64-encoded (the single-file page has no files to fetch). */
  wasmGzipBase64?: string;
  /** Send about({})'s answer unasked, right after "ready" (the page's own worker: the page is ready once it has it). */
  about?: boolean;
}

/** page → worker, once it has taken the about() its worker sent unasked: warm the schema compiler up now. */
export interface WorkerWarm {
  type: 'warm';
}

/** page → worker: call gatehouse[fn]. Requests are answered one at a time, in order. */
export type WorkerRequest =
  /** arg is the one JSON string the function takes; the answer comes back as { id, result }. */
  | { id: number; fn: FunctionName; arg: string }
  /** request is a value the worker turns into that string (so a large one is not stringified on
   *  the page); the answer comes back parsed, as { id, answer }, unless a number in it would not
   *  survive JSON.parse, then as { id, result }. */
  | { id: number; fn: FunctionName; request: unknown };

/** worker → page. */
export type WorkerMessage =
  /** Sent once, when the wasm is running; module is the one this worker compiled, if it did. */
  | { type: 'ready'; version: string; functions: string[]; module?: WebAssembly.Module }
  /** Sent once right after ready when the load said about: true: about({})'s answer, parsed or
   *  as its text; undefined when the build has none or it failed. */
  | { type: 'about'; about: unknown }
  /** Sent once, instead of ready, when the wasm could not be loaded. */
  | { type: 'failed'; message: string }
  /** The Go program stopped; no later request will be answered (the page starts a new worker). */
  | { type: 'exited'; message: string }
  /** The answer: the JSON string the function returned. */
  | { id: number; result: string }
  /** The answer, parsed in the worker. */
  | { id: number; answer: unknown }
  /** No such function, or it threw (a bug: bad input comes back in `problems`). */
  | { id: number; error: string };

/** What gatehouse.mjs's load() resolves to: the functions, and what the loader knows besides. */
export interface Loaded extends Gatehouse {
  /** The names of the functions, close aside. */
  readonly functions: string[];
  /** The compiled module: load(module) again starts another instance without compiling. */
  readonly module: WebAssembly.Module;
  /**
   * validate with its texts passed as they are, no JSON request to write and read back: the
   * answer validate gives {schema, instance, lang, draft, assertFormats}. The schema's text is
   * sent once while the same text comes back.
   */
  validateTexts(schema: Text, instance: Text, lang?: string, options?: { draft?: string; assertFormats?: boolean }): JSONText<ValidateResponse>;
  /** Settles when the Go program stops (a fatal error); the functions throw from then on, as after close(). */
  readonly exited: Promise<void>;
}

/** gatehouse.mjs */
export declare function load(
  wasm: BufferSource | WebAssembly.Module | Response | PromiseLike<Response>,
  options?: { env?: Record<string, string> },
): Promise<Loaded>;

declare global {
  // eslint-disable-next-line no-var
  var gatehouse: Gatehouse;
}
