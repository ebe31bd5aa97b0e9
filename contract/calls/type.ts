import {
  Array as TArray,
  Boolean as TBoolean,
  Integer,
  Literal,
  Null,
  Number as TNumber,
  Object as TObject,
  Optional,
  String as TString,
  Union,
  Unsafe,
} from "@sinclair/typebox";

/**
 * The TypeBox builders the contract uses, imported one by one. The console bundles the call table, and
 * `import { Type }` would pull all of TypeBox into every route (about 12 KB gzipped, measured); named imports
 * let the bundler keep only these (about 1 KB). Record, Composite and Pick are left out on purpose: they cost
 * 1.5 to 3.5 KB; spread `.properties` instead.
 */
export const Type = {
  Array: TArray,
  Boolean: TBoolean,
  Integer,
  Literal,
  Null,
  Number: TNumber,
  Object: TObject,
  Optional,
  String: TString,
  Union,
  Unsafe,
};
