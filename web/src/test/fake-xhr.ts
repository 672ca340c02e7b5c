/** What a test's upload answers: the HTTP status and the JSON body; status 0 fails as a network error. */
export type FakeAnswer = [status: number, body: unknown];

/**
 * A stand-in XMLHttpRequest for the uploads that report progress (they go through it, not
 * fetch). Each request is recorded in `FakeXhr.sent` and answered with the next of
 * `FakeXhr.answers`, else with `FakeXhr.answer`; before the answer it reports `FakeXhr.progress`
 * (the shares sent, 0 to 1). With `FakeXhr.hold` the answers wait until `FakeXhr.finish()`.
 * Call `FakeXhr.reset()` and `vi.stubGlobal('XMLHttpRequest', FakeXhr)` before each test.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  static answers: FakeAnswer[] = [];
  static answer: FakeAnswer = [200, {}];
  static progress: number[] = [0.5, 1];
  static hold = false;
  static pending: Array<() => void> = [];

  /** Forget every request, answer and held reply. */
  static reset(): void {
    FakeXhr.sent = [];
    FakeXhr.answers = [];
    FakeXhr.answer = [200, {}];
    FakeXhr.progress = [0.5, 1];
    FakeXhr.hold = false;
    FakeXhr.pending = [];
  }

  /** Send the replies held back while `FakeXhr.hold` was set. */
  static finish(): void {
    for (const reply of FakeXhr.pending.splice(0)) reply();
  }

  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  abort(): void {
    this.onabort?.();
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
    const [status, answer] = FakeXhr.answers.shift() ?? FakeXhr.answer;
    const reply = () => {
      if (status === 0) {
        this.onerror?.();
        return;
      }
      this.status = status;
      this.responseText = answer === undefined ? '' : JSON.stringify(answer);
      this.onload?.();
    };
    queueMicrotask(() => {
      if (status !== 0) {
        for (const share of FakeXhr.progress) this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
      }
      if (FakeXhr.hold) FakeXhr.pending.push(reply);
      else reply();
    });
  }
}
