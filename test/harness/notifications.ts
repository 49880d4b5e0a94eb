/** `ui.notifications` for the harness: records every notice so tests can assert on them. */
export interface Notice {
  type: "info" | "warning" | "error" | "success";
  message: string;
}

export class Notifications {
  readonly notices: Notice[] = [];
  private i18n: { localize(key: string): string; format(key: string, data?: Record<string, unknown>): string };

  constructor(i18n: Notifications["i18n"]) {
    this.i18n = i18n;
  }

  private notify(type: Notice["type"], message: string, options: { localize?: boolean; format?: Record<string, unknown> } = {}): Notice {
    let text = message;
    if (options.format) text = this.i18n.format(message, options.format);
    else if (options.localize) text = this.i18n.localize(message);
    const notice = { type, message: text };
    this.notices.push(notice);
    return notice;
  }

  info(message: string, options?: { localize?: boolean; format?: Record<string, unknown> }): Notice {
    return this.notify("info", message, options);
  }
  warn(message: string, options?: { localize?: boolean; format?: Record<string, unknown> }): Notice {
    return this.notify("warning", message, options);
  }
  error(message: string, options?: { localize?: boolean; format?: Record<string, unknown> }): Notice {
    return this.notify("error", message, options);
  }
  success(message: string, options?: { localize?: boolean; format?: Record<string, unknown> }): Notice {
    return this.notify("success", message, options);
  }
  clear(): void {
    this.notices.length = 0;
  }
}
