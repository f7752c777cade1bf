/** A scripted XMLHttpRequest for tests: records requests, lets the test drive progress and the answer. */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  static install(stub: (name: string, value: unknown) => unknown): void {
    FakeXhr.requests = [];
    stub('XMLHttpRequest', FakeXhr);
  }

  method = '';
  url = '';
  timeout = 0;
  withCredentials = false;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: FormData): void {
    this.body = body;
    FakeXhr.requests.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  field(name: string): FormDataEntryValue | null {
    return this.body?.get(name) ?? null;
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  failNetwork(): void {
    this.onerror?.();
  }

  expire(): void {
    this.ontimeout?.();
  }
}
