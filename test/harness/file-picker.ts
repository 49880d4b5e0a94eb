/**
 * Foundry v13's file picker (`foundry.applications.apps.FilePicker`, API docs
 * https://foundryvtt.com/api/classes/foundry.applications.apps.FilePicker.html),
 * as far as a system opens one: built with `{type, current, callback}` (the
 * FilePicker.Configuration options), opened with `browse()` (as core's
 * DocumentSheetV2#_onEditImage does) or `render`, and `callback(path, picker)`
 * called when the user picks a file. There is no server and no file tree: a
 * test finds the opened picker in `pickers.opened` and picks a path with
 * `pick(path)`, as a user's click on a file and "Select" would.
 */
import type { AnyObject } from "./utils";

export function createFilePicker() {
  const pickers: { opened: FilePicker[] } = { opened: [] };

  class FilePicker {
    /** v13 FilePicker.implementation: the configured class (CONFIG.ux.FilePicker); the harness has only this one. */
    static get implementation(): typeof FilePicker {
      return FilePicker;
    }

    readonly options: AnyObject;
    /** The general file type (FilePicker#type): "image", "audio", ... ("any" by default). */
    readonly type: string;
    /** The path the picker was opened on (FilePicker#request). */
    readonly request: string;
    readonly callback: ((path: string, picker: FilePicker) => unknown) | null;
    rendered = false;

    constructor(options: AnyObject = {}) {
      this.options = options;
      this.type = options.type ?? "any";
      this.request = options.current ?? "";
      this.callback = typeof options.callback === "function" ? options.callback : null;
    }

    /** FilePicker#browse: opens the picker on a folder (the current file's, by default). */
    async browse(_target?: string, _options: AnyObject = {}): Promise<this> {
      return this.render({ force: true });
    }

    async render(_options: AnyObject | boolean = {}): Promise<this> {
      this.rendered = true;
      if (!pickers.opened.includes(this)) pickers.opened.push(this);
      return this;
    }

    async close(): Promise<this> {
      this.rendered = false;
      return this;
    }

    /** The test's stand-in for a user choosing a file: the callback, then the picker closes (FilePicker#_onSubmit). */
    async pick(path: string): Promise<void> {
      if (!this.rendered) throw new Error("The file picker is not open");
      await this.callback?.(path, this);
      await this.close();
    }
  }

  return { FilePicker, pickers };
}
