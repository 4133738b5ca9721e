import { Drop, LiquidError, Output, RenderError, toValueSync, TypeGuards, UndefinedVariableError, Value, type Context, type Emitter, type Liquid, type Template, type Token } from 'liquidjs';

/**
 * Synchronous paths through LiquidJS's rendering, for engines that ask for them (`fastRender`).
 *
 * Values: LiquidJS evaluates each `{{ … }}` (and each assign, condition, tag attribute) through a chain of
 * generators (the output, its value, the expression, the token, each property, each filter and
 * its arguments), driven one step at a time even when rendering synchronously: most of a
 * published page's rendering time. An output whose value is one variable or literal, with
 * filters whose arguments are variables or literals (nearly all of them), is evaluated here with
 * the same steps and the same Context calls, without the generators. Anything else (operators,
 * ranges, nested filtered values, an asynchronous render, strict variables) takes LiquidJS's own
 * path.
 *
 * Template lists: every tag renders its body through Render.renderTemplates, a generator too,
 * driven a step at a time; rendering synchronously with an emitter, the same loop runs as a plain
 * function (the same render-time checks, the same errors); a call without an emitter (a page, a
 * layout's child, a capture, an include) renders into a text emitter as LiquidJS's would.
 */

type Eval = (ctx: Context, lenient: boolean) => unknown;
/** What of LiquidJS's Context and Filter the path uses: public in its JavaScript, private in its types. */
interface ContextInside {
  findScope(key: string): object;
}
interface FilterInside {
  name: string;
  args: unknown[];
  handler: (...a: unknown[]) => unknown;
  token: unknown;
  liquid: unknown;
}
type Plan = (ctx: Context, lenient: boolean) => unknown;

interface FastValue {
  initial: { postfix: Token[] };
  filters: FilterInside[];
  fastPlan?: Plan | null;
}

interface FastOutput {
  value: FastValue;
}

const toValue = (v: unknown) => (v instanceof Drop ? v.valueOf() : v);

/** An evaluator for a literal or property access token, or null for anything else. */
function tokenEval(token: Token | undefined): Eval | null {
  if (!token) return () => undefined;
  if ('content' in token) {
    const content = (token as { content: unknown }).content;
    return () => content;
  }
  if (!TypeGuards.isPropertyAccessToken(token)) return null;
  const props = token.props.map((p) => tokenEval(p));
  if (props.some((p) => !p)) return null;
  const variable = token.variable ? tokenEval(token.variable) : null;
  if (token.variable && !variable) return null;
  return (ctx, lenient) => {
    // evalPropertyAccessToken: the path's values, then the variable's scope (or the scope holding the first name).
    const path = props.map((p) => toValue(p!(ctx, false)));
    try {
      let scope: unknown = variable ? variable(ctx, lenient) : (ctx as unknown as ContextInside).findScope(path[0] as string);
      for (const key of path) scope = ctx.readProperty(scope as object, key as string);
      return scope;
    } catch (e) {
      throw new UndefinedVariableError(e as Error, token);
    }
  };
}

/** The plan of a value (an output's, an assign's, a condition's, a tag attribute's), or null when it needs LiquidJS's own path. */
function planOf(value: FastValue): Plan | null {
  const { initial, filters } = value;
  if (initial.postfix.length !== 1) return null;
  const first = tokenEval(initial.postfix[0]);
  if (!first) return null;
  const steps: { filter: FilterInside; args: ({ key?: string; value: Eval })[] }[] = [];
  for (const filter of filters) {
    const args: { key?: string; value: Eval }[] = [];
    for (const arg of filter.args) {
      // A keyword argument is a [name, token] pair.
      const [key, token] = Array.isArray(arg) ? [arg[0] as string, arg[1] as Token] : [undefined, arg as Token];
      const value = tokenEval(token);
      if (!value) return null;
      args.push({ key, value });
    }
    steps.push({ filter, args });
  }
  const lenientFirst = steps[0]?.filter.name === 'default';
  // Value.value: the first token (lenient when asked, or for a `default` filter with lenientIf), then each filter.
  return (ctx, lenient) => {
    let val = first(ctx, lenient || (!!ctx.opts.lenientIf && lenientFirst));
    for (const { filter, args } of steps) {
      const argv = args.map(({ key, value }) => (key === undefined ? value(ctx, false) : [key, value(ctx, false)]));
      // A filter may return a generator (some of LiquidJS's own): run through as LiquidJS does.
      val = toValueSync(filter.handler.apply({ context: ctx, token: filter.token, liquid: filter.liquid }, [val, ...argv]));
    }
    return val;
  };
}

/** Whether the fast path may run for this render. */
const fastCtx = (ctx: Context) => ctx.sync && !ctx.strictVariables && fastFor(ctx.liquid);

/** A value's plan, made once (null: LiquidJS's own path). */
function planFor(value: FastValue): Plan | null {
  if (value.fastPlan === undefined) value.fastPlan = planOf(value);
  return value.fastPlan;
}

/** Whether an engine asks for the fast paths (CmsLiquid: fastRender). */
const fastFor = (liquid: unknown) => !!(liquid as { fastRender?: boolean } | undefined)?.fastRender;

let installed = false;

/**
 * Puts the fast path in front of LiquidJS's Value.value (outputs, assigns, conditions, tag
 * attributes) and Output.render, for engines whose `fastRender` is true. A value's callers yield
 * what it returns: a plain value passes through LiquidJS's drivers unchanged.
 */
export function installFastOutputs(): void {
  if (installed) return;
  installed = true;
  const values = Value.prototype as unknown as { value(ctx: Context, lenient?: boolean): unknown };
  const originalValue = values.value;
  values.value = function (this: FastValue, ctx: Context, lenient = false) {
    const plan = fastCtx(ctx) ? planFor(this) : null;
    return plan ? plan(ctx, lenient) : originalValue.call(this, ctx, lenient);
  };
  const outputs = Output.prototype as unknown as { render(ctx: Context, emitter: Emitter): unknown };
  const originalRender = outputs.render;
  outputs.render = function (this: FastOutput, ctx: Context, emitter: Emitter) {
    const plan = fastCtx(ctx) ? planFor(this.value) : null;
    if (!plan) return originalRender.call(this, ctx, emitter);
    // Output.render: the value, through toValue, written.
    emitter.write(toValue(plan(ctx, false)));
    return undefined;
  };
}

type RenderTemplates = (templates: Template[], ctx: Context, emitter?: Emitter) => unknown;

/** LiquidJS's SimpleEmitter and its stringify (neither is exported): what a body renders into when no emitter is given. */
class TextEmitter {
  buffer = '';
  write(html: unknown) {
    this.buffer += stringify(html);
  }
}

function stringify(value: unknown): string {
  const v = toValue(value);
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => stringify(x)).join('');
  return String(v);
}

/** Puts the synchronous template-list loop in front of an engine's renderer (see above). */
export function installFastTemplateLists(liquid: Liquid): void {
  const renderer = liquid.renderer as unknown as { renderTemplates: RenderTemplates };
  const original = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = (templates, ctx, given) => {
    if (!ctx.sync || ctx.opts.catchAllErrors || (!given && ctx.opts.keepOutputType) || !fastFor(liquid)) return original(templates, ctx, given);
    const emitter = given ?? (new TextEmitter() as unknown as Emitter);
    // LiquidJS's Render.renderTemplates, step for step, without the generator.
    ctx.renderLimit.check(performance.now());
    for (const tpl of templates) {
      ctx.renderLimit.check(performance.now());
      try {
        const html = toValueSync(tpl.render(ctx, emitter));
        if (html) emitter.write(html);
        if (ctx.breakCalled || ctx.continueCalled) break;
      } catch (e) {
        throw LiquidError.is(e) ? e : new RenderError(e as Error, tpl);
      }
    }
    return (emitter as unknown as { buffer: unknown }).buffer;
  };
}
