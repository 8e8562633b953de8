// Prints HTML documents into PDFs with one warm Chromium: launched on the first PDF, kept for the next, and
// replaced when it crashes (the job it was printing runs again on the new one) or after jobsPerBrowser jobs
// (its memory grows with use). At most `pages` jobs print at once, each on a page kept for reuse (about one
// per core: printing is CPU bound, more would only share the cores); up to `queue` more wait their turn, and
// one more is refused at once with 503 rather than left to wait without bound. A job has jobMs to finish, or
// is stopped (its page closed) and answered 504 (the numbers: config.limits.pdf). Without a Chromium every PDF
// is refused with 503 saying how to install one; HTML reports are unaffected.
import type { FastifyBaseLogger } from 'fastify';
import type { Browser, Page } from 'puppeteer-core';
import { msg } from '../../messages.ts';
import { ReportRefusal } from '../report-refusal.ts';
import { launchChromium } from './chromium.ts';
import { pdfOptions, type PageLayout } from './page-layout.ts';
import type { Limits } from '../../limits.ts';

type PdfLimits = Limits['pdf'];

/** A job failed because its Chromium stopped under it. */
class ChromiumCrash extends ReportRefusal {
  constructor() {
    super(503, msg('pdfCrashed'));
  }
}

/** One launched Chromium: its idle pages, and the jobs it has taken and is running. */
class Chromium {
  readonly #idle: Page[] = [];
  #active = 0;
  #jobs = 0;
  #crashed = false;
  #retiring = false;
  #closing = false;

  constructor(
    readonly browser: Browser,
    cleanUpOnExit: () => void,
    log: FastifyBaseLogger,
    readonly limits: PdfLimits,
  ) {
    browser.once('disconnected', () => {
      if (!this.#closing) {
        this.#crashed = true;
        log.warn({ pid: browser.process()?.pid }, 'Chromium for PDFs stopped: the next PDF starts another');
      }
      cleanUpOnExit();
    });
  }

  /** Takes new jobs: neither crashed nor retired. */
  get usable(): boolean {
    return !this.crashed && !this.#retiring;
  }

  /** Gone without being closed; also true before the 'disconnected' event, once the connection has dropped. */
  get crashed(): boolean {
    return this.#crashed || (!this.#closing && !this.browser.connected);
  }

  async acquire(): Promise<Page> {
    this.#active++;
    if (++this.#jobs >= this.limits.jobsPerBrowser) this.#retiring = true;
    try {
      return this.#idle.pop() ?? (await this.#newPage());
    } catch (err) {
      this.release(null, false);
      throw err;
    }
  }

  /** A page back from its job: kept when the job went well, else closed (it may be busy or broken). */
  release(page: Page | null, healthy: boolean): void {
    this.#active--;
    if (page && healthy && this.usable) this.#idle.push(page);
    else if (page) void page.close().catch(() => undefined);
    if (this.#retiring && this.#active === 0) void this.close();
  }

  /** Takes no new jobs; closes once its running ones have ended. */
  retire(): void {
    this.#retiring = true;
    if (this.#active === 0) void this.close();
  }

  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    await this.browser.close().catch(() => this.browser.process()?.kill('SIGKILL'));
  }

  async #newPage(): Promise<Page> {
    const page = await this.browser.newPage();
    // Report documents need no script; none runs, whatever a value in them might hold.
    await page.setJavaScriptEnabled(false);
    page.setDefaultTimeout(this.limits.jobMs);
    return page;
  }
}

export class PdfEngine {
  readonly #executable: string | null;
  readonly #log: FastifyBaseLogger;
  #chromium: Chromium | null = null;
  #launching: Promise<Chromium> | null = null;
  #running = 0;
  readonly #waiting: Array<{ start: () => void; refuse: (err: Error) => void }> = [];
  #closed = false;
  #launches = 0;

  constructor(
    executable: string | null,
    log: FastifyBaseLogger,
    readonly limits: PdfLimits,
  ) {
    this.#executable = executable;
    this.#log = log;
  }

  /** Whether a Chromium was found: without one, every PDF is refused. */
  get available(): boolean {
    return this.#executable !== null;
  }

  /** How many Chromiums were started: one, unless one crashed or retired. */
  get launches(): number {
    return this.#launches;
  }

  /** How many PDFs are being printed now. */
  get printing(): number {
    return this.#running;
  }

  /** How many PDFs wait for a page. */
  get queued(): number {
    return this.#waiting.length;
  }

  /** The running Chromium's process id, if one runs. */
  get browserPid(): number | undefined {
    return this.#chromium?.browser.process()?.pid;
  }

  /** Refuses (503, saying how to install Chromium) when there is none: called before the work a PDF needs. */
  assertAvailable(): void {
    if (this.#executable === null) throw new ReportRefusal(503, msg('pdfNoChromium'));
  }

  /** The PDF of an HTML document that loads nothing (its styles inline). */
  print(html: string, layout: PageLayout): Promise<Uint8Array> {
    return this.withPage(async (page) => {
      // Not networkidle: the document loads nothing, and waiting for the network to settle only costs time.
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf(pdfOptions(layout));
    });
  }

  /**
   * Runs `job` on a page of the warm Chromium when its turn comes, within the time limit. A job whose Chromium
   * crashed under it runs once more on a new one: the crash is seldom the job's doing.
   */
  async withPage<T>(job: (page: Page) => Promise<T>): Promise<T> {
    this.assertAvailable();
    const executable = this.#executable!;
    await this.#turn();
    try {
      return await this.#run(executable, job).catch((err: unknown) => {
        if (!(err instanceof ChromiumCrash)) throw err;
        return this.#run(executable, job);
      });
    } finally {
      this.#running--;
      this.#waiting.shift()?.start();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.refuse(new ReportRefusal(503, msg('pdfClosed')));
    const launching = this.#launching?.catch(() => null);
    const chromium = this.#chromium ?? (await launching);
    this.#chromium = null;
    await chromium?.close();
  }

  #turn(): Promise<void> {
    if (this.#closed) throw new ReportRefusal(503, msg('pdfClosed'));
    if (this.#running < this.limits.pages) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.limits.queue) throw new ReportRefusal(503, msg('pdfBusy', this.#running, this.#waiting.length));
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        start: () => {
          this.#running++;
          resolve();
        },
        refuse: reject,
      });
    });
  }

  async #run<T>(executable: string, job: (page: Page) => Promise<T>): Promise<T> {
    const attempt: { chromium?: Chromium; held?: { chromium: Chromium; page: Page }; abandoned?: boolean } = {};
    const work = (async () => {
      const chromium = await this.#current(executable);
      // Known before its page: a Chromium that dies while opening one crashed under this job too.
      attempt.chromium = chromium;
      attempt.held = { chromium, page: await chromium.acquire() };
      if (attempt.abandoned) throw new Error('the job ran out of time before it started');
      return job(attempt.held.page);
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        attempt.abandoned = true;
        reject(new ReportRefusal(504, msg('pdfTimeout', Math.round(this.limits.jobMs / 1000))));
      }, this.limits.jobMs);
    });
    try {
      const result = await Promise.race([work, timeout]);
      attempt.held?.chromium.release(attempt.held.page, true);
      return result;
    } catch (err) {
      // The page is closed now (stopping a job still printing on it), or as soon as a late one arrives.
      const discard = () => attempt.held?.chromium.release(attempt.held.page, false);
      if (attempt.held) discard();
      else void work.then(discard, discard);
      if (attempt.chromium?.crashed && !(err instanceof ReportRefusal)) throw new ChromiumCrash();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The warm Chromium, or a new one when there is none, it crashed, or it retired. */
  #current(executable: string): Promise<Chromium> {
    if (this.#chromium?.usable) return Promise.resolve(this.#chromium);
    if (this.#launching) return this.#launching;
    this.#chromium?.retire();
    this.#chromium = null;
    this.#launching = launchChromium(executable)
      .then(({ browser, cleanUpOnExit }) => {
        this.#launches++;
        const chromium = new Chromium(browser, cleanUpOnExit, this.#log, this.limits);
        // Closed while it started: it must not outlive the app.
        if (this.#closed) void chromium.close();
        else this.#chromium = chromium;
        return chromium;
      })
      .catch((err: unknown) => {
        this.#log.error({ err, executable }, 'Chromium for PDFs did not start');
        throw new ReportRefusal(503, msg('pdfLaunchFailed', executable));
      })
      .finally(() => {
        this.#launching = null;
      });
    return this.#launching;
  }
}
