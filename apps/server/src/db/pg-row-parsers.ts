import { createRequire } from 'node:module';

type FieldDescription = { dataTypeID: number; format?: string };
type TypeParser = (value: string) => unknown;
type PgResult = {
  rowAsArray: boolean;
  _types: object | undefined;
  fields: FieldDescription[];
  _parsers: TypeParser[] | undefined;
};
type Parsers = { typeIds: number[]; parsers: TypeParser[] };

// pg's Result class, the one its Client builds for every query (pg exports `./lib/*`; the same module instance as
// `import pg from 'pg'`).
const require = createRequire(import.meta.url);
const { prototype: resultPrototype } = require('pg/lib/result.js') as {
  prototype: { addFields: (this: PgResult, fields: FieldDescription[]) => void };
};
const originalAddFields = resultPrototype.addFields;
const byTypes = new WeakMap<object, Parsers>();

const isSameShape = (known: Parsers, fields: FieldDescription[]) => {
  if (known.typeIds.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.dataTypeID !== known.typeIds[i] || (field.format ?? 'text') !== 'text') return false;
  }
  return true;
};

/**
 * pg builds a result's column parsers again for every execution of a statement (`Result.addFields` on each
 * RowDescription: one `getTypeParser` call per column, and an empty row object that only its object row mode
 * uses), ~14 µs for the 33 columns of the application list on this machine, per read. drizzle gives each prepared
 * statement one `types` object for its whole life and reads rows as arrays, so the parsers are kept per `types`
 * object and reused while the statement answers with the same column types in text format; anything else (object
 * rows, no `types`, a column whose type changed) goes through pg's own `addFields`. Decision 0042.
 */
export function keepRowParsersPerStatement() {
  if (resultPrototype.addFields !== originalAddFields) return;
  resultPrototype.addFields = function addFields(fields) {
    const types = this._types;
    if (!this.rowAsArray || !types) {
      originalAddFields.call(this, fields);
      return;
    }
    const known = byTypes.get(types);
    if (known && isSameShape(known, fields)) {
      this.fields = fields;
      this._parsers = known.parsers;
      return;
    }
    originalAddFields.call(this, fields);
    const isText = fields.every((field) => (field.format ?? 'text') === 'text');
    if (isText && this._parsers)
      byTypes.set(types, { typeIds: fields.map((field) => field.dataTypeID), parsers: this._parsers });
  };
}
