import fc from 'fast-check';
import { addDays, today } from '../src/lib/clock.js';

/**
 * fast-check arbitraries built from the JSON schemas of the OpenAPI document (issue 11). The
 * document is the one the real app serves, generated from the zod contract, so a field added
 * to the contract is fuzzed without touching this file. Two families:
 *
 * - `validShaped`: values of the right JSON shape (types, lengths, ranges, enums, patterns)
 *   whose strings and numbers are hostile, so they pass validation and reach the service and
 *   the database;
 * - `mutated`: the same values broken one way — a field of the wrong type, a required field
 *   missing, unknown fields, null, an array for an object, nested garbage, oversize strings.
 */

/** The subset of OpenAPI 3.0 / JSON Schema that fastify-type-provider-zod emits. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
}

/**
 * Values a field often gets instead of a purely hostile one, by field name: ids of records that
 * exist, well-formed CEPs, phones, image paths… so that valid-shaped requests also succeed and
 * reach the service's writes, not only its validation.
 */
export type Hints = (field: string) => fc.Arbitrary<unknown> | undefined;

const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const IMAGE_PATHS = [
  '',
  'imgban/teste.png',
  'imgest/loja-1.png',
  'https://exemplo.com.br/f.png',
  '/img/imgprom/a.png',
];
const LINKS = [
  '',
  'https://exemplo.com.br',
  'http://exemplo.com.br/a?b=1&c=%3Cx%3E',
  'https://xn--praa-zqa.br/ç',
];

/** Well-formed values of the contract's fields that a plain hostile string never matches. */
export const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  ...Object.fromEntries(
    ['banner', 'image', 'imagem', 'url_foto', 'url_logo', 'foto', 'fotos', 'images'].map((k) => [
      k,
      fc.constantFrom(...IMAGE_PATHS),
    ]),
  ),
  ...Object.fromEntries(
    ['link', 'linkproduto', 'url_site', 'site'].map((k) => [k, fc.constantFrom(...LINKS)]),
  ),
  cep: fc.constantFrom('01001-000', '13010100'),
  uf: fc.constantFrom('SP', 'RJ', 'mg'),
  whatsup: fc.constantFrom('(11) 98765-4321', '11987654321', '(19) 3456-7890', ''),
  telefone: fc.constantFrom('(11) 98765-4321', '(19) 3456-7890', ''),
  cnpj: fc.constantFrom('11.222.333/0001-81', '11222333000181', ''),
  plano_dias: fc.constantFrom(7, 15, 30, 90, 180, 365, 730),
  valor_venda: fc.integer({ min: 1, max: 500_000 }).map((c) => c / 100),
  fator_cashback: fc.constantFrom(0, 0.01, 0.05, 0.1234),
  fator_sorteio: fc.constantFrom(0.01, 0.02, 0.1234),
  // Coordinates have 8 decimals (domain §1).
  latitude: fc.integer({ min: -33e6, max: 5e6 }).map((n) => n / 1e6),
  longitude: fc.integer({ min: -73e6, max: -34e6 }).map((n) => n / 1e6),
  conteudo: fc.constant(TINY_PNG),
  nomearq: fc.constantFrom('foto.png', '../../etc/passwd', '<script>.png'),
  id_sorteio: fc.constantFrom(1, 2, 3),
  // A Web Push subscription: a P-256 point and a 16-byte secret; `.invalid` never resolves.
  token: fc.nat().map((n) => ({
    endpoint: `https://push.invalid/fuzz/${n}`,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  })),
  // New, unique addresses (registration, profile), with hostile but legal local parts.
  email: fc
    .tuple(fc.constantFrom('fuzz', "o'brien", 'a+b', 'x.y', 'ção'), fc.nat())
    .map(([local, n]) => `${local}${n}.${Date.now()}@teste.praca`),
};

const SQL_INJECTIONS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; DROP TABLE usuarios; --',
  "'; DELETE FROM vendas; --",
  '1; UPDATE usuarios SET superadmin = 1',
  "1' UNION SELECT senha_hash, email FROM usuarios --",
  "admin'--",
  '%27%20OR%201%3D1',
  '\\x27 OR 1=1',
  "'||(SELECT pg_sleep(5))||'",
  "1' AND (SELECT randomblob(100000000)) --",
  '$1',
  '?',
  '%',
  '_',
];

export const HTML_INJECTIONS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=x OnErRoR=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<scr<script>ipt>alert(1)</script>',
  '"><script>alert(document.cookie)</script>',
  "'><img src=x onerror=alert(1)>",
  '<b onmouseover=alert(1)>negrito</b>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!--<script>alert(1)</script>-->',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
];

const UNICODE_SAMPLES = [
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  'ação, pão, coração — “aspas” ‘simples’',
  '😀🇧🇷👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '𝕿𝖊𝖘𝖙𝖊',
  '\uD800',
  '\uDFFF\uD800',
  '\r\n\t\u000B\f',
  '\u0085\u2028\u2029',
  'ﷺ',
  'ǅ',
  '\u0301',
  '   ',
  '',
];

/** Huge strings: 100k characters, and 100k UTF-16 units of astral characters. */
const HUGE_STRINGS = ['A'.repeat(100_000), '😀'.repeat(50_000), "' OR 1=1 --".repeat(10_000)];

const HOSTILE_CONSTANTS = [...SQL_INJECTIONS, ...HTML_INJECTIONS, ...UNICODE_SAMPLES];

/** A hostile string of any length (before the schema's limits are applied). */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS), weight: 6 },
  {
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...HOSTILE_CONSTANTS), fc.string({ unit: 'grapheme', maxLength: 8 })), {
        minLength: 1,
        maxLength: 5,
      })
      .map((parts) => parts.join('')),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...HUGE_STRINGS), weight: 1 },
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Hostile text the contract lets through: no NUL (refused at the door, PostgreSQL text cannot
 * hold it) and no lone surrogate, so that the injection reaches the service and the database.
 */
const legalHostileString: fc.Arbitrary<string> = hostileString.filter(
  (v) => !v.includes('\u0000') && !LONE_SURROGATE.test(v),
);

/** Numbers that break careless code: bounds, floats, huge, negative zero, beyond 2^53. */
const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  1e-7,
  -1e-7,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e15,
  1e20,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Strings that look like numbers to a lenient parser (query strings, coerced fields). */
const NUMBERISH_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x10',
  '0b11',
  '1_000',
  '١٢٣',
  ' 12 ',
  '12abc',
  '+1',
  '-0',
  '1.',
  '.5',
  '9'.repeat(400),
];

const isInt = (s: JsonSchema) => s.type === 'integer';

/** [min, max] of a numeric schema, both inclusive (OpenAPI 3.0 boolean exclusive flags). */
function numericBounds(s: JsonSchema): { min: number; max: number } {
  let min = s.minimum ?? -Number.MAX_SAFE_INTEGER;
  let max = s.maximum ?? Number.MAX_SAFE_INTEGER;
  const step = isInt(s) ? 1 : Number.EPSILON * Math.max(1, Math.abs(min));
  if (s.exclusiveMinimum === true) min += step;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) max -= step;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - step;
  return { min, max };
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** Cuts or pads a string to the schema's length limits (code units, as zod counts). */
function fitLength(value: string, s: JsonSchema): string {
  let v = value;
  if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
  if (s.minLength !== undefined && v.trim().length < s.minLength) v = v + 'x'.repeat(s.minLength);
  if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
  return v;
}

/** `YYYY-MM-DD`, `offset` days from today on the programme's clock (as the server judges dates). */
const dayFromToday = (offset: number): string => addDays(today(), offset);

const DATE_FIELD = /^(dat_|data_|validade|de$|ate$)/;

const realDayArb: fc.Arbitrary<string> = fc.integer({ min: -60, max: 60 }).map(dayFromToday);

const dateArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: realDayArb, weight: 6 },
  {
    arbitrary: fc.constantFrom(
      '0000-00-00',
      '2024-02-30',
      '2023-02-29',
      '9999-12-31',
      '1900-01-01',
      '2025-13-01',
      '2025-00-10',
    ),
    weight: 2,
  },
  { arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), weight: 1 },
);

/** A value of the schema's shape with hostile contents. `field` is the property name. */
export function validShaped(
  s: JsonSchema,
  field: string,
  hints: Hints,
  plausible = false,
): fc.Arbitrary<unknown> {
  const base = validShapedInner(s, field, hints, plausible);
  const withNull = s.nullable ? fc.oneof({ arbitrary: base, weight: 5 }, fc.constant(null)) : base;
  const t = typeOf(s);
  // Containers take no hint themselves: their items and properties do.
  const known = t === 'array' || t === 'object' || s.anyOf || s.oneOf ? undefined : hints(field);
  if (!known) return withNull;
  if (plausible) return known;
  return fc.oneof({ arbitrary: known, weight: 3 }, { arbitrary: withNull, weight: 1 });
}

function validShapedInner(
  s: JsonSchema,
  field: string,
  hints: Hints,
  plausible: boolean,
): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validShaped(a, field, hints, plausible)));
  if (s.allOf?.length)
    return validShaped(Object.assign({}, ...s.allOf) as JsonSchema, field, hints, plausible);
  switch (typeOf(s)) {
    case 'integer': {
      const { min, max } = numericBounds(s);
      const lo = Math.ceil(Math.max(min, -Number.MAX_SAFE_INTEGER));
      const hi = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
      const edges = HOSTILE_NUMBERS.filter(
        (n) => Number.isInteger(n) && n >= lo && n <= hi && !Object.is(n, -0),
      );
      if (plausible) return fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 100) });
      return fc.oneof(
        fc.integer({ min: lo, max: hi }),
        fc.integer({ min: lo, max: Math.min(hi, lo + 1000) }),
        fc.constantFrom(lo, hi, ...edges),
      );
    }
    case 'number': {
      const { min, max } = numericBounds(s);
      const lo = Math.max(min, -1e308);
      const hi = Math.min(max, 1e308);
      const edges = HOSTILE_NUMBERS.filter((n) => n >= lo && n <= hi);
      const cents = fc.integer({ min: 0, max: 100_000 }).map((c) => Math.min(hi, Math.max(lo, c / 100)));
      if (plausible) return cents;
      return fc.oneof(
        fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
        cents,
        fc.constantFrom(lo, hi, ...edges),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const max = Math.min(s.maxItems ?? 5, 5);
      const min = Math.min(s.minItems ?? 0, max);
      return fc.array(validShaped(s.items ?? {}, field, hints, plausible), {
        minLength: min,
        maxLength: max,
      });
    }
    case 'object':
      return objectOf(s, hints, plausible);
    case 'string': {
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        if (re.test('2025-01-31') || DATE_FIELD.test(field))
          return (plausible ? realDayArb : dateArb).filter((d) => re.test(d));
        return fc.stringMatching(re).map((v) => fitLength(v, s));
      }
      if (DATE_FIELD.test(field))
        return plausible
          ? realDayArb
          : fc.oneof(
              dateArb,
              hostileString.map((v) => fitLength(v, s)),
            );
      return (plausible ? legalHostileString : hostileString).map((v) => fitLength(v, s));
    }
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(s: JsonSchema, hints: Hints, plausible = false): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.constant({});
  const model = Object.fromEntries(keys.map((k) => [k, validShaped(props[k], k, hints, plausible)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Any JSON value of a type other than the schema's. */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
  const t = typeOf(s);
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    fc.constant({ $gt: '' }),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  ];
  if (t !== 'string') options.push(hostileString, fc.constantFrom(...NUMBERISH_STRINGS));
  if (t !== 'integer' && t !== 'number') options.push(fc.constantFrom(...HOSTILE_NUMBERS));
  if (t === 'integer') options.push(fc.constantFrom(1.5, -1, 1e308, -1e308, 2 ** 53 + 2, 0.1));
  if (t !== 'boolean') options.push(fc.boolean());
  if (t === 'string') options.push(fc.constantFrom(...HUGE_STRINGS));
  return fc.oneof(...options);
}

/** Keys that should never change anything: unknown fields, privilege names, prototype keys. */
const EXTRA_KEYS = [
  'superadmin',
  'admin',
  'parceiro',
  'id_usuario',
  'senha_hash',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'ies_pago',
  'removido_em',
  '',
  ' ',
  'a'.repeat(300),
  "'; DROP TABLE usuarios; --",
  '<script>',
  'cod_cidade',
];

const extraFields: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(true), fc.constant(1)),
  { minKeys: 1, maxKeys: 4 },
);

/** Deeply nested garbage (arrays and objects), within what a JSON parser accepts. */
const nestedGarbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  fc
    .integer({ min: 50, max: 400 })
    .map((depth) => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))),
  fc.integer({ min: 50, max: 400 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth))),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
);

export type Mutation = { kind: string; value: unknown };

/**
 * A broken version of an object schema's value: one of the mutations above. `kind` names it in
 * a counterexample.
 */
export function mutated(s: JsonSchema, hints: Hints): fc.Arbitrary<Mutation> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  const valid = typeOf(s) === 'object' ? objectOf(s, hints) : fc.constant({});
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .oneof(
        fc.constant(null),
        fc.constant('texto'),
        fc.constant(42),
        fc.constant(true),
        fc.constant([]),
        valid.map((v) => [v]),
      )
      .map((value) => ({ kind: 'not an object', value })),
    fc.tuple(valid, extraFields).map(([v, extra]) => ({ kind: 'extra fields', value: { ...v, ...extra } })),
    nestedGarbage.map((value) => ({ kind: 'nested garbage', value })),
  ];
  if (keys.length > 0) {
    options.push(
      fc
        .tuple(
          valid,
          fc.constantFrom(...keys).chain((k) => fc.tuple(fc.constant(k), wrongType(props[k]))),
        )
        .map(([v, [k, bad]]) => ({ kind: `wrong type of ${k}`, value: { ...v, [k]: bad } })),
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .map(([v, k]) => ({ kind: `${k}: null`, value: { ...v, [k]: null } })),
      fc
        .tuple(valid, fc.constantFrom(...keys), fc.constantFrom(...HUGE_STRINGS))
        .map(([v, k, huge]) => ({ kind: `huge ${k}`, value: { ...v, [k]: huge } })),
      fc
        .tuple(valid, fc.constantFrom(...keys), nestedGarbage)
        .map(([v, k, g]) => ({ kind: `garbage in ${k}`, value: { ...v, [k]: g } })),
    );
  }
  const required = (s.required ?? []).filter((k) => k in props);
  if (required.length > 0) {
    options.push(
      fc.tuple(valid, fc.subarray(required, { minLength: 1 })).map(([v, drop]) => {
        const copy: Record<string, unknown> = { ...v };
        for (const k of drop) delete copy[k];
        return { kind: `missing ${drop.join(',')}`, value: copy };
      }),
    );
  }
  return fc.oneof(...options);
}

/** Query strings and path segments are text: a value as the URL would carry it. */
export function asText(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Raw request bodies that are not the JSON the route expects, with their content types. */
const RAW_BODIES: { body: string | Buffer; type: string }[] = [
  { body: '', type: 'application/json' },
  { body: '{', type: 'application/json' },
  { body: '{"a":}', type: 'application/json' },
  { body: '{"a":1,}', type: 'application/json' },
  { body: "{'a':1}", type: 'application/json' },
  { body: '{"a":NaN}', type: 'application/json' },
  { body: '{"a":1e999}', type: 'application/json' },
  { body: '{"a":"\\ud800"}', type: 'application/json' },
  { body: '{"a":"\\u0000"}', type: 'application/json' },
  { body: '"\\u0000"', type: 'application/json' },
  { body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), type: 'application/json' },
  { body: Buffer.from([0xc3, 0x28, 0x7b, 0x7d]), type: 'application/json' },
  { body: '{"__proto__":{"superadmin":true}}', type: 'application/json' },
  { body: '{"constructor":{"prototype":{"admin":1}}}', type: 'application/json' },
  { body: '{}', type: 'application/json; charset=latin1' },
  { body: '{}', type: 'application/json;;;===' },
  { body: '{}', type: 'text/plain' },
  { body: '{}', type: 'text/html' },
  { body: '<xml/>', type: 'application/xml' },
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { body: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { body: '{}', type: '' },
  { body: '\u0000', type: 'application/octet-stream' },
];

/** Raw bodies: the fixed list, JSON cut short, and random text sent as JSON. */
export function rawBody(
  validJson: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ body: string | Buffer; type: string }> {
  return fc.oneof(
    fc.constantFrom(...RAW_BODIES),
    fc.tuple(validJson, fc.nat()).map(([v, n]) => {
      const text = JSON.stringify(v) ?? '';
      return { body: text.slice(0, text.length > 1 ? n % (text.length - 1) : 0), type: 'application/json' };
    }),
    fc.string({ unit: 'binary', maxLength: 60 }).map((body) => ({ body, type: 'application/json' })),
  );
}
