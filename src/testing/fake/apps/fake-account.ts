// Internal: the apps one fake serves, as one account of the service holds them. The first app is
// the one the fake was started for (its `appId`, `apiKey`, ...); the others come from the `apps`
// option or from the Management API's `POST /apps`. The account owns the Management API's `key`
// and `secret` (one pair for every app, as the service's account credentials are), and tells which
// app a request is for: by the Chat or Calls host it names, by the `/app/{appId}` prefix a
// `baseUrl` client of that app sends, or by the `{appId}` of a Management path under an app.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { RateLimits } from "../../../rate-limits/rate-limit-options";
import { startedApp } from "../model/apps";
import type { FakeSpec } from "../spec/fake-spec";
import type { AppDirectory } from "../state/fake-store";
import type { FakeSnapshot } from "../state/snapshot";
import { createFakeApp, type FakeApp } from "./fake-app";

/** The path prefix that names an app on the fake's own URL: `${fake.url}/app/{appId}` is that app's `baseUrl`. */
export const APP_PREFIX = "/app/";

/** A Chat or Calls host of the service: `{appId}.api-{region}.cometchat.io`, `{appId}.call-{region}...`. */
const APP_HOST = /^([a-z0-9-]+)\.(?:api|call)-[a-z0-9-]+\.cometchat\.io(?::\d+)?$/i;

/** A Management path under one app, `/apps/{appId}/...` (its webhooks, settings, ...), but not `/apps/{appId}` itself. */
const MANAGEMENT_APP_PATH = /^\/apps\/([^/?]+)\/[^?]/;

/** What every app of an account shares, and the defaults of each. */
export interface AccountSetup {
  key: string;
  secret: string;
  maxItems: number;
  retryDelays: readonly number[];
  rateLimits: "service" | RateLimits | undefined;
}

/** One app, as the `apps` option or the Management API gives it. */
export interface AppToServe {
  appId: string;
  region: string;
  apiKey: string;
  authOnlyKey: string;
  rateLimits?: "service" | RateLimits;
  state?: FakeSnapshot;
}

/** Which app a request is for, and the request's path as that app's routes read it. */
export interface RequestApp {
  app: FakeApp;
  /** The app the request names (by host or prefix), if it names one: when no app of the fake has that id, `app` is the first app, and the `host` stage refuses it. */
  named: string | undefined;
  /** The path and query, without the `/app/{appId}` prefix. */
  url: string;
}

/** A path segment decoded; one that is not valid percent-encoding is taken as it is (it names no app, and the route refuses it). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class FakeAccount {
  /** Every app served, by id in lower case (hosts are case-insensitive), in the order served. */
  private readonly served = new Map<string, FakeApp>();
  /** The ids of the apps the fake was started with, as given. */
  private readonly started: string[] = [];

  constructor(
    private readonly spec: FakeSpec,
    readonly setup: AccountSetup,
  ) {}

  /** The first app: the one the fake's own `url`, `appId` and controls name. */
  get primary(): FakeApp {
    return this.served.values().next().value!;
  }

  /** Every app served, the first app first. */
  get apps(): FakeApp[] {
    return [...this.served.values()];
  }

  /** The app `appId` names, if the fake serves it. */
  get(appId: string): FakeApp | undefined {
    return this.served.get(appId.toLowerCase());
  }

  /** Starts serving an app the fake was started with. */
  start(app: AppToServe): FakeApp {
    if (this.served.has(app.appId.toLowerCase())) throw new TypeError(`startFakeServer: the app ${app.appId} is given twice.`);
    const served = this.serveApp(app);
    this.started.push(app.appId);
    return served;
  }

  private serveApp({ appId, region, apiKey, authOnlyKey, rateLimits, state }: AppToServe): FakeApp {
    const { key, secret, maxItems, retryDelays } = this.setup;
    const app = createFakeApp(this.spec, {
      appId,
      region,
      apiKey,
      authOnlyKey,
      key,
      secret,
      maxItems,
      retryDelays,
      rateLimits: rateLimits ?? this.setup.rateLimits,
      state,
    });
    this.served.set(appId.toLowerCase(), app);
    // Only the first app answers the account-wide Management operations (list, create, delete apps).
    if (this.served.size === 1) app.parts.store.directory = this.directory(app);
    return app;
  }

  /** The first app's view of the others, for the Management API's list, create and delete. */
  private directory(primary: FakeApp): AppDirectory {
    return {
      startedWith: () =>
        this.started.slice(1).map((appId) => {
          const app = this.get(appId)!;
          return startedApp(app.appId, app.region);
        }),
      serve: (record) => this.serveCreated(record),
      forget: (appId) => {
        if (appId.toLowerCase() === primary.appId.toLowerCase()) return;
        const app = this.get(appId);
        if (!app) return;
        app.close();
        this.served.delete(appId.toLowerCase());
      },
    };
  }

  /** Serves an app created through the Management API with the keys of its record (`apiKeys`), unless it is served already. */
  private serveCreated(record: Record<string, unknown>): void {
    const appId = String(record.id);
    if (this.get(appId)) return;
    const keys = Object.values((record.apiKeys ?? {}) as Record<string, { apiKey: string; scope: string }>);
    this.serveApp({
      appId,
      region: String(record.region),
      apiKey: keys.find((key) => key.scope === "fullAccess")?.apiKey ?? "",
      authOnlyKey: keys.find((key) => key.scope === "authOnly")?.apiKey ?? "",
    });
  }

  /**
   * Brings the apps served in line with the first app's records, after a reset or a restore of
   * it: an app created since is forgotten, one the restored state created is served again.
   */
  syncCreated(): void {
    const records = this.primary.parts.store.domain.apps;
    const started = new Set(this.started.map((id) => id.toLowerCase()));
    for (const [id, app] of this.served) {
      if (started.has(id) || [...records.keys()].some((created) => created.toLowerCase() === id)) continue;
      app.close();
      this.served.delete(id);
    }
    for (const record of records.values()) this.serveCreated(record);
  }

  /** Which app a request is for: see {@link RequestApp}. */
  appOf(host: string | undefined, url: string): RequestApp {
    const byHost = host === undefined ? undefined : APP_HOST.exec(host)?.[1];
    if (byHost !== undefined) return { app: this.get(byHost) ?? this.primary, named: byHost, url };
    if (url.startsWith(APP_PREFIX)) {
      const end = url.slice(APP_PREFIX.length).search(/[/?]|$/) + APP_PREFIX.length;
      const named = decoded(url.slice(APP_PREFIX.length, end));
      const rest = url.slice(end);
      return { app: this.get(named) ?? this.primary, named, url: rest.startsWith("/") ? rest : `/${rest}` };
    }
    const underApp = MANAGEMENT_APP_PATH.exec(url)?.[1];
    const app = underApp === undefined ? undefined : this.get(decoded(underApp));
    return { app: app ?? this.primary, named: undefined, url };
  }

  /** Ends what every app has under way. */
  close(): void {
    for (const app of this.served.values()) app.close();
  }
}
