// The CLI ships plain ES modules without declarations: these are the two calls we use.
declare module "@foundryvtt/foundryvtt-cli" {
  export interface CompileOptions {
    nedb?: boolean;
    yaml?: boolean;
    recursive?: boolean;
    log?: boolean;
    transformEntry?: (entry: Record<string, unknown>) => Promise<false | void> | false | void;
  }
  export interface ExtractOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
    clean?: boolean;
    folders?: boolean;
    expandAdventures?: boolean;
    documentType?: string;
    collection?: string;
    transformEntry?: (entry: Record<string, unknown>) => Promise<false | void> | false | void;
    transformName?: (entry: Record<string, unknown>) => Promise<string | void> | string | void;
  }
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}
