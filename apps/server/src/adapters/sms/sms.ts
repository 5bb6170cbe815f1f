import { maskMobileNumber } from '@hall/domain';

/** Sends a verification code by SMS. The code itself is kept in sms_codes by the caller. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
  /**
   * Sends a notification's text. `key` is the same on every try of one message, so a provider that
   * deduplicates by it sends a retried message once.
   */
  sendText(phone: string, text: string, key: string): Promise<void>;
}

/** The part of the app logger the simulator writes to (pino's signature). */
export interface SmsLogger {
  info(details: Record<string, unknown>, message: string): void;
}

const silentLogger: SmsLogger = { info: () => {} };

/**
 * The SMS simulator: nothing leaves the machine. The code is already in sms_codes (read it at
 * /simulator/sms/inbox); it is also written to the server log, with the phone masked as logs keep it.
 */
export class SimulatedSmsSender implements SmsSender {
  private logger: SmsLogger = silentLogger;

  /** The app's logger, attached when the app is built (the context exists before the app). */
  useLogger(logger: SmsLogger): void {
    this.logger = logger;
  }

  async send(phone: string, code: string): Promise<void> {
    const masked = maskMobileNumber(phone);
    this.logger.info({ phone: masked, code }, `短信验证码 ${masked} ${code}`);
  }

  /** Nothing leaves the machine: the message is read at /simulator/sms/inbox from the hall's sent deliveries. */
  async sendText(phone: string, text: string, key: string): Promise<void> {
    const masked = maskMobileNumber(phone);
    this.logger.info({ phone: masked, key }, `短信通知 ${masked}`);
  }
}

export interface HttpSmsConfig {
  /** The provider's send address (SMS_API_URL). */
  url: string;
  /** Sent as a bearer token (SMS_API_KEY). */
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/** The text of the message, with the code's lifetime in minutes. */
export function smsText(code: string, lifetimeMinutes: number): string {
  return `您的验证码为${code}，${lifetimeMinutes}分钟内有效，请勿泄露给他人。【不动产登记网上办事大厅】`;
}

export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * A provider's HTTP API, in the generic shape most gateways accept: a JSON POST of
 * { phone, code, text } with `Authorization: Bearer <key>`. Any 2xx means accepted.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly config: HttpSmsConfig,
    private readonly lifetimeMinutes: number,
  ) {}

  async send(phone: string, code: string): Promise<void> {
    await this.post({ phone, code, text: smsText(code, this.lifetimeMinutes) });
  }

  /** A notification: the same JSON POST without a code, with `id` for the provider's deduplication. */
  async sendText(phone: string, text: string, key: string): Promise<void> {
    await this.post({ phone, text, id: key });
  }

  private async post(payload: Record<string, string>): Promise<void> {
    let response: Response;
    try {
      response = await this.config.fetch(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.apiKey}` },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsSendError(`SMS provider unreachable: ${(error as Error).message}`);
    }
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SmsSendError(`SMS provider answered HTTP ${response.status}`);
  }
}
