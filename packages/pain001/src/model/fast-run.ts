/**
 * Fast path for the PaymentRun schema (run.ts): the same valibot schema tree, compiled once into plain JavaScript —
 * one generated function per object schema (`new Function`; where a runtime forbids code generation, closures doing
 * the same) — that runs its own transformations and requirements (the same `transform` operations, `regex` patterns,
 * `check` functions and length limits, in the same order) but allocates no valibot datasets and builds no issues. The first
 * thing that would become an issue — a wrong type, a broken limit, anything unusual — gives up (`FAST_FAIL`) and the
 * caller runs valibot itself, so every issue, path and message is still the schema's own. A run that passes gives the
 * output valibot would give: the same keys in the same order (schema entry order, a key present with `undefined`
 * kept), the same transformed values, new objects and arrays.
 *
 * Only the schema kinds the PaymentRun uses are compiled (object, optional without default, array, union, string,
 * number, boolean, pipe with transform / min_length / max_length / regex / check); a schema with anything else
 * compiles to `undefined` and is always run by valibot. Inputs are taken only when they are plain data: objects whose
 * prototype is Object.prototype or null, real arrays; anything else gives up.
 */
import type * as v from 'valibot';

/** The fast path gave up: run valibot. */
export const FAST_FAIL: unique symbol = Symbol('fast-fail');

type Run = (value: unknown) => unknown;
/** What a fast run saw besides its output. */
export interface FastRunState {
  /**
   * False: no object of the input has a key the schema does not know (valibot strips such keys; unknownProperties
   * would list none). True: it may have some (the closures always say true).
   */
  unknownKeys: boolean;
}

interface Node {
  kind: string;
  type: string;
  // object
  entries?: Record<string, Node>;
  // optional
  wrapped?: Node;
  default?: unknown;
  // array
  item?: Node;
  // union
  options?: Node[];
  // pipe
  pipe?: Node[];
  // actions
  requirement?: unknown;
  operation?: (x: unknown) => unknown;
  // anything with a fallback value changes what a failure gives
  fallback?: unknown;
}

const OBJECT_PROTO = Object.prototype;

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const p = Object.getPrototypeOf(x) as unknown;
  return p === OBJECT_PROTO || p === null;
}

/**
 * A string's or array's length, read in this one function instead of at each check of the generated code: the same
 * text can reach a check as a flat or a concatenated string (a caller's template literal, flattened by a later GC), a
 * different map each time, and a property load that sees a new map resets V8's count towards optimising the function
 * it sits in (measured: the payment object's function lost a whole call of progress in a process's second call).
 */
function lengthOf(x: string | unknown[]): number {
  return x.length;
}

class Unsupported extends Error {}

function compileSchema(s: Node): Run {
  if (s.fallback !== undefined) throw new Unsupported(s.type);
  if (s.pipe !== undefined) return compilePipe(s.pipe);
  switch (s.type) {
    case 'string':
      return (x) => (typeof x === 'string' ? x : FAST_FAIL);
    case 'number':
      return (x) => (typeof x === 'number' && !Number.isNaN(x) ? x : FAST_FAIL);
    case 'boolean':
      return (x) => (typeof x === 'boolean' ? x : FAST_FAIL);
    case 'optional': {
      if (s.default !== undefined) throw new Unsupported('optional with default');
      const inner = compileSchema(s.wrapped!);
      return (x) => (x === undefined ? undefined : inner(x));
    }
    case 'union': {
      // valibot takes the first option that is typed without issues, in order.
      const opts = s.options!.map(compileSchema);
      return (x) => {
        for (const o of opts) {
          const r = o(x);
          if (r !== FAST_FAIL) return r;
        }
        return FAST_FAIL;
      };
    }
    case 'array': {
      const item = compileSchema(s.item!);
      return (x) => {
        if (!Array.isArray(x) || Object.getPrototypeOf(x) !== Array.prototype) return FAST_FAIL;
        const n = x.length;
        const out = new Array<unknown>(n);
        for (let i = 0; i < n; i++) {
          const r = item(x[i]);
          if (r === FAST_FAIL) return FAST_FAIL;
          out[i] = r;
        }
        return out;
      };
    }
    case 'object': {
      const keys = Object.keys(s.entries!);
      const runs = keys.map((k) => {
        const e = s.entries![k]!;
        // A missing required key is an issue; a missing optional key stays missing (no defaults in the run schema).
        if (e.type === 'exact_optional' || e.type === 'nullish' || e.fallback !== undefined) throw new Unsupported(e.type);
        return { key: k, run: compileSchema(e), required: e.type !== 'optional' };
      });
      return (x) => {
        if (!isPlainObject(x)) return FAST_FAIL;
        const out: Record<string, unknown> = {};
        for (const { key, run, required } of runs) {
          if (key in x) {
            const r = run(x[key]);
            if (r === FAST_FAIL) return FAST_FAIL;
            out[key] = r;
          } else if (required) return FAST_FAIL;
        }
        return out;
      };
    }
    default:
      throw new Unsupported(s.type);
  }
}

function compileAction(a: Node): Run {
  if (a.kind === 'schema') return compileSchema(a);
  if (a.kind === 'transformation') {
    if (a.type !== 'transform') throw new Unsupported(a.type);
    const op = a.operation!;
    return op;
  }
  if (a.kind === 'validation') {
    switch (a.type) {
      case 'min_length': {
        const min = a.requirement as number;
        return (x) => ((x as { length: number }).length < min ? FAST_FAIL : x);
      }
      case 'max_length': {
        const max = a.requirement as number;
        return (x) => ((x as { length: number }).length > max ? FAST_FAIL : x);
      }
      case 'regex': {
        const re = a.requirement as RegExp;
        // A global or sticky pattern keeps state between calls: leave it to valibot.
        if (re.global || re.sticky) throw new Unsupported('stateful regex');
        return (x) => (re.test(x as string) ? x : FAST_FAIL);
      }
      case 'check': {
        const ok = a.requirement as (x: unknown) => boolean;
        return (x) => (ok(x) ? x : FAST_FAIL);
      }
      default:
        throw new Unsupported(a.type);
    }
  }
  throw new Unsupported(a.kind);
}

function compilePipe(items: Node[]): Run {
  const [first, ...rest] = items;
  const head = compileSchema(first!);
  const steps = rest.map(compileAction);
  const n = steps.length;
  return (x) => {
    let r = head(x);
    for (let i = 0; i < n && r !== FAST_FAIL; i++) r = steps[i]!(r);
    return r;
  };
}

/**
 * Straight-line JavaScript for the same schema (what compileSchema's closures do, one function, property names as
 * constants): no calls between the steps, so V8 sees one monomorphic site per field. Only the schema's own objects go
 * into it (its transform operations, check functions and regexes, passed in as `c[i]`, never as source text); keys are
 * written with JSON.stringify. Throws Unsupported for a kind it does not know.
 */
class Generator {
  readonly consts: unknown[] = [];
  private n = 0;
  /** The statements of the function being generated. */
  lines: string[] = [];
  /** One function per object schema (so each stays small enough for the optimising compiler, and a rarely present
   * object's code is not part of its parent's). */
  readonly functions: string[] = [];

  ref(x: unknown): string {
    this.consts.push(x);
    return `c[${this.consts.length - 1}]`;
  }

  fresh(prefix: string): string {
    return `${prefix}${this.n++}`;
  }

  /** Statements that replace the value in variable `v` by the schema's output, or `return F`. */
  schema(s: Node, v: string): void {
    if (s.fallback !== undefined) throw new Unsupported(s.type);
    const L = this.lines;
    if (s.pipe !== undefined) {
      const [first, ...rest] = s.pipe;
      this.schema(first!, v);
      for (const a of rest) this.action(a, v);
      return;
    }
    switch (s.type) {
      case 'string':
        L.push(`if (typeof ${v} !== 'string') return F;`);
        return;
      case 'number':
        L.push(`if (typeof ${v} !== 'number' || ${v} !== ${v}) return F;`);
        return;
      case 'boolean':
        L.push(`if (typeof ${v} !== 'boolean') return F;`);
        return;
      case 'optional':
        if (s.default !== undefined) throw new Unsupported('optional with default');
        L.push(`if (${v} !== undefined) {`);
        this.schema(s.wrapped!, v);
        L.push('}');
        return;
      case 'union': {
        // The options are tried in order; the first one without issues gives the value. Plain string/number/boolean
        // options give the value unchanged; anything else goes through the closures.
        const tests = s.options!.map((o) => (o.pipe === undefined && o.fallback === undefined ? PRIMITIVE_TEST[o.type] : undefined));
        if (tests.every((t) => t !== undefined)) L.push(`if (!(${tests.map((t) => `(${t!(v)})`).join(' || ')})) return F;`);
        else L.push(`${v} = ${this.ref(compileSchema(s))}(${v}); if (${v} === F) return F;`);
        return;
      }
      case 'array': {
        const out = this.fresh('a');
        const i = this.fresh('i');
        const item = this.fresh('v');
        L.push(`if (!Array.isArray(${v}) || Object.getPrototypeOf(${v}) !== Array.prototype) return F;`);
        L.push(`const ${out} = new Array(${v}.length);`);
        L.push(`for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`, `let ${item} = ${v}[${i}];`);
        this.schema(s.item!, item);
        L.push(`${out}[${i}] = ${item};`, '}', `${v} = ${out};`);
        return;
      }
      case 'object': {
        const fn = this.fresh('object');
        const outer = this.lines;
        const B: string[] = [];
        this.lines = B;
        B.push(`function ${fn}(x, st) {`, 'if (!isPlainObject(x)) return F;', 'const out = {};');
        // A key valibot would strip (unknownProperties' own test: not \`in\` the entries): the caller then lists them.
        B.push(`if (!st.unknownKeys) for (const k in x) if (!(k in ${this.ref(s.entries)})) { st.unknownKeys = true; break; }`);
        for (const [key, e] of Object.entries(s.entries!)) {
          if (e.type === 'exact_optional' || e.type === 'nullish' || e.fallback !== undefined) throw new Unsupported(e.type);
          const k = JSON.stringify(key);
          const val = this.fresh('v');
          B.push(`if (${k} in x) {`, `let ${val} = x[${k}];`);
          this.schema(e, val);
          B.push(`out[${k}] = ${val};`, '}');
          if (e.type !== 'optional') B.push('else return F;');
        }
        B.push('return out;', '}');
        this.functions.push(B.join('\n'));
        this.lines = outer;
        outer.push(`${v} = ${fn}(${v}, st);`, `if (${v} === F) return F;`);
        return;
      }
      default:
        throw new Unsupported(s.type);
    }
  }

  action(a: Node, v: string): void {
    const L = this.lines;
    if (a.kind === 'schema') return this.schema(a, v);
    if (a.kind === 'transformation') {
      if (a.type !== 'transform') throw new Unsupported(a.type);
      L.push(`${v} = ${this.ref(a.operation)}(${v});`);
      return;
    }
    if (a.kind !== 'validation') throw new Unsupported(a.kind);
    switch (a.type) {
      case 'min_length':
        L.push(`if (lengthOf(${v}) < ${Number(a.requirement)}) return F;`);
        return;
      case 'max_length':
        L.push(`if (lengthOf(${v}) > ${Number(a.requirement)}) return F;`);
        return;
      case 'regex': {
        const re = a.requirement as RegExp;
        if (re.global || re.sticky) throw new Unsupported('stateful regex');
        L.push(`if (!${this.ref(re)}.test(${v})) return F;`);
        return;
      }
      case 'check':
        L.push(`if (!${this.ref(a.requirement)}(${v})) return F;`);
        return;
      default:
        throw new Unsupported(a.type);
    }
  }
}

const PRIMITIVE_TEST: Record<string, ((v: string) => string) | undefined> = {
  string: (v) => `typeof ${v} === 'string'`,
  number: (v) => `typeof ${v} === 'number' && ${v} === ${v}`,
  boolean: (v) => `typeof ${v} === 'boolean'`,
};

function generate(schema: Node): ((value: unknown, state: FastRunState) => unknown) | undefined {
  const g = new Generator();
  g.schema(schema, 'x');
  const body = `"use strict";\n${g.functions.join('\n')}\nreturn function fastPaymentRun(x, st) {\n${g.lines.join('\n')}\nreturn x;\n};`;
  try {
    return new Function('c', 'F', 'isPlainObject', 'lengthOf', body)(g.consts, FAST_FAIL, isPlainObject, lengthOf) as (value: unknown, state: FastRunState) => unknown;
  } catch (e) {
    // No code generation here (e.g. a runtime that forbids it): the closures do the same, a little slower.
    if (e instanceof EvalError) return undefined;
    throw e;
  }
}

export interface FastPathOptions {
  /** Generate one straight-line function (default) or chain closures (the fallback where code generation is forbidden). */
  codegen?: boolean;
}

/**
 * The schema compiled into a fast path, or undefined when it uses a kind the fast path does not know.
 * The function returns the schema's output, or FAST_FAIL whenever valibot would report any issue (or anything
 * unusual is seen): then run valibot.
 */
export function compileFastPath<S extends v.GenericSchema>(schema: S, options: FastPathOptions = {}): ((input: unknown, state?: FastRunState) => v.InferOutput<S> | typeof FAST_FAIL) | undefined {
  try {
    const node = schema as unknown as Node;
    const generated = (options.codegen ?? true) ? generate(node) : undefined;
    const closures = generated ? undefined : compileSchema(node);
    return (input, state = { unknownKeys: false }) => {
      try {
        if (generated) return generated(input, state) as v.InferOutput<S> | typeof FAST_FAIL;
        state.unknownKeys = true;
        return closures!(input) as v.InferOutput<S> | typeof FAST_FAIL;
      } catch {
        // A transformation threw: valibot will throw the same (or say what it says).
        return FAST_FAIL;
      }
    };
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}
