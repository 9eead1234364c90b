/**
 * libxml2-wasm, loaded on first need. Importing libxml2-wasm instantiates its WebAssembly module (a top-level await:
 * ~14 MB RSS and ~100 ms per process), so @kontor/xml imports it only when a schema is actually validated by libxml2
 * — a set outside the native engine's subset (CII, UBL, Factur-X), a store forced to `engine: 'libxml2'`, or a
 * document the native path cannot judge like libxml2 (not well-formed, xsi:type). The import is asynchronous:
 * `SchemaStore.prepare` / `validateAsync` await it; the synchronous `validate` uses it once loaded.
 *
 * The module instance is the import cache's (one per process, like any import); nothing here is configuration.
 */
import type * as Lib from 'libxml2-wasm/lib/libxml2.mjs';
import type { XmlDocument, XsdValidator } from 'libxml2-wasm';

/** The parts of libxml2-wasm the schema store uses. */
export interface Libxml2 {
  /** The raw bindings (xmlReadMemory, xmlSchemaValidateDoc, … and addFunction). */
  lib: typeof Lib;
  XmlDocument: typeof XmlDocument;
  XsdValidator: typeof XsdValidator;
  /** Registers the file-system input providers that resolve xs:import / xs:include (process-wide, idempotent here). */
  registerFsProviders(): void;
}

let loading: Promise<Libxml2> | undefined;
let loaded: Libxml2 | undefined;

/** libxml2-wasm once loaded, else undefined (never starts loading). */
export function libxml2IfLoaded(): Libxml2 | undefined {
  return loaded;
}

/** The three libxml2-wasm modules the store needs, as their namespaces export them. */
export interface Libxml2Modules {
  lib: typeof Lib;
  api: { XmlDocument: typeof XmlDocument; XsdValidator: typeof XsdValidator };
  nodejs: { xmlRegisterFsInputProviders(): unknown };
}

function fromModules(m: Libxml2Modules): Libxml2 {
  let registered = false;
  return {
    lib: m.lib,
    XmlDocument: m.api.XmlDocument,
    XsdValidator: m.api.XsdValidator,
    registerFsProviders() {
      if (!registered) {
        m.nodejs.xmlRegisterFsInputProviders();
        registered = true;
      }
    },
  };
}

/** Loads libxml2-wasm (once per process; later calls return the same instance). */
export function loadLibxml2(): Promise<Libxml2> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= (async () => {
    const [lib, api, nodejs] = await Promise.all([import('libxml2-wasm/lib/libxml2.mjs'), import('libxml2-wasm'), import('libxml2-wasm/lib/nodejs.mjs')]);
    loaded ??= fromModules({ lib, api, nodejs });
    return loaded;
  })();
  // A failed import may be retried by a later call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Hands libxml2-wasm's modules, imported statically by a package whose synchronous API validates sets that only
 * libxml2 handles (the CII, UBL and Factur-X schemas: @kontor/cii's rule engine), to the store — so that package needs
 * no top-level await of its own (a top-level await inside a bundled library can deadlock a consumer's bundle, e.g.
 * esbuild's lazily initialised modules in an import cycle). libxml2-wasm's own top-level await runs when Node loads it.
 * The first modules handed over (or loaded) stay; later calls change nothing.
 *
 * @example
 * ```ts
 * import * as lib from 'libxml2-wasm/lib/libxml2.mjs';
 * import * as api from 'libxml2-wasm';
 * import * as nodejs from 'libxml2-wasm/lib/nodejs.mjs';
 * provideLibxml2({ lib, api, nodejs });
 * store.validate('cii-d16b', xml); // no SCHEMA_ENGINE_NOT_LOADED from here on
 * ```
 */
export function provideLibxml2(modules: Libxml2Modules): void {
  loaded ??= fromModules(modules);
}

/**
 * Loads libxml2-wasm now (e.g. before calling the synchronous `SchemaStore.validate` on a set only libxml2 handles;
 * `SchemaStore.prepare` does the same for the sets it is given).
 *
 * @example
 * ```ts
 * await preloadLibxml2();
 * store.validate('cii-d16b', xml); // no SCHEMA_ENGINE_NOT_LOADED from here on
 * ```
 */
export async function preloadLibxml2(): Promise<void> {
  await loadLibxml2();
}
